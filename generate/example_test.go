package generate_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// Generate and grade ten minimal 9x9 puzzles: each is proven to have one
// solution, then rated on the Sudoku Explainer scale and put in a tier.
func Example() {
	gen, err := generate.New(generate.Options{Shape: sudoku.Shape9, Minimal: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	gr, err := grade.NewGrader(grade.GraderOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The same seed, the same puzzles. Sudoku Explainer 1.2.1's serate
	// gives these ten the same ratings (ER 4.4, 6.6, 6.6, 2.0, 2.0, 8.5,
	// 7.1, 3.0, 2.0, 1.5).
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		p, err := gen.Sudoku(rng)
		if err != nil {
			fmt.Println(err)
			return
		}
		g, err := gr.GradeSolved(p.Puzzle, p.Solution)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s %d givens, SE %.1f %s (%s)\n", p.Puzzle, p.Puzzle.Givens(), g.Rating(), g.Tier, g.Path.Hardest)
	}

	// Output:
	// ....2..3.1...7...5..38...........92.....6.7.328........46..93.7.754....191....... 25 givens, SE 4.4 hard (xyz-wing)
	// 7.6...4.....9.1........3..65.7.1.3.2......5..2.37....1..9......8..2.47..34....... 24 givens, SE 6.6 expert (forcing-x-chain)
	// 6...73....5..9.....27.5..68......4...9..1...7.....9..337......2...8......867.2... 24 givens, SE 6.6 expert (forcing-x-chain)
	// ..6.....9.7.......5.8.6...7.5...31...1.....5.....7...41..4.2.6.6..35..4....1...2. 24 givens, SE 2.0 medium (direct-hidden-pair)
	// ..52....1....36.4....895...15....3.86.......2.......7...3.8.49..714.....94....... 25 givens, SE 2.0 medium (direct-hidden-pair)
	// ..96..2..4.6....93........8.91.48.2...5..6.3.7.......45......86....19......2..... 24 givens, SE 8.5 extreme (multiple-forcing-chain)
	// ...46.8..5....1...6.....9.1..8.............2.1.7583..9......2..9.5...43....6....5 23 givens, SE 7.1 extreme (forcing-xy-chain)
	// 14.6..2...9.3.1.8.............74.5......824..8..1.....4.3..9..6.......4..72.5.... 24 givens, SE 3.0 hard (naked-pair)
	// 7.6.9.....2..8.....3....9.5.........94.376.....85...3..9.12.5.7.....94....5...... 24 givens, SE 2.0 medium (direct-hidden-pair)
	// ....1...69..8.....3.17...5..3..4..........2...47.6....8.5..79....25...6....9..1.. 23 givens, SE 1.5 easy (hidden-single)
}

// A symmetric puzzle with a givens range: minimality is then not
// required, but it is always checked and reported.
func ExampleGenerator_Sudoku() {
	gen, _ := generate.New(generate.Options{Shape: sudoku.Shape6, Symmetry: generate.SymRot180, MinGivens: 12, MaxGivens: 14})
	p, err := gen.Sudoku(rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Puzzle.Pretty())
	fmt.Println("givens:", p.Puzzle.Givens(), "symmetric:", generate.IsSymmetric(p.Puzzle, generate.SymRot180), "minimal:", p.Minimal)
	// Output:
	// 6 1 5 | . . .
	// 2 . . | . 6 .
	// ------+------
	// . . . | . 2 1
	// 4 2 . | . . .
	// ------+------
	// . 3 . | . . 4
	// . . . | 3 5 2
	//
	// givens: 14 symmetric: true minimal: false
}
