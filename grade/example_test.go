package grade_test

import (
	"fmt"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// Explain a puzzle step by step on the Sudoku Explainer profile: each step
// names its technique and says what it does, in a player's words. This
// puzzle's hardest step is an XYZ-Wing: Sudoku Explainer's serate rates
// it 4.4 too.
func ExampleExplain() {
	p, err := sudoku.Parse("....2..3.1...7...5..38...........92.....6.7.328........46..93.7.754....191.......", sudoku.Shape9)
	if err != nil {
		fmt.Println(err)
		return
	}
	if n := sudoku.CountSolutions(p, 2); n != 1 {
		fmt.Println("solutions:", n) // Explain needs a unique puzzle
		return
	}
	steps, res, err := grade.Explain(p, grade.SEProfile(), grade.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d. %s: %s\n", steps[0].N, steps[0].Name, steps[0].Text)
	for _, s := range steps { // the hardest step: the path's first above 4.0
		if s.Step.Difficulty > 4.0 {
			fmt.Printf("%d. %s: %s\n", s.N, s.Name, s.Text)
			break
		}
	}
	fmt.Printf("%d steps, solved %v, SE rating %.1f\n", len(steps), res.Solved, res.Rating())

	// Output:
	// 1. Hidden Single: r3c8 = 7: the only place for 7 in box 3
	// 31. XYZ-Wing: pivot r3c6 {1,4,5} with pincers r1c6 {1,4} and r3c1 {4,5}: one of them is 4, so cells that see all three lose it: remove 4 from r3c5
	// 60 steps, solved true, SE rating 4.4
}
