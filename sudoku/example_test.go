package sudoku_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// Read a puzzle, prove it has one solution and print it.
func Example() {
	g, err := sudoku.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", sudoku.Shape9)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("givens:", g.Givens(), "solutions:", sudoku.CountSolutions(g, 2))
	sol, n := sudoku.Solve(g)
	fmt.Println(n, sol)
	// Output:
	// givens: 32 solutions: 1
	// 1 483921657967345821251876493548132976729564138136798245372689514814253769695417382
}

// The canonical form is the same for every isomorph of a puzzle (digits
// relabelled, rows, columns, bands and stacks permuted, transposed): keep
// one puzzle of each by its canonical form.
func ExampleCanonicalString() {
	p, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Shape9)
	q, _ := sudoku.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", sudoku.Shape9)
	rng := rand.New(rand.NewPCG(1, 2))
	// Two disguised copies of p among the puzzles.
	list := []sudoku.Grid{p, sudoku.RandomTransform(sudoku.Shape9, rng).Apply(p), q, sudoku.RandomTransform(sudoku.Shape9, rng).Apply(p)}
	seen := map[string]bool{}
	for i, g := range list {
		key := sudoku.CanonicalString(g)
		if seen[key] {
			fmt.Printf("puzzle %d repeats an earlier one\n", i)
			continue
		}
		seen[key] = true
		fmt.Printf("puzzle %d: %s\n", i, key)
	}
	// Output:
	// puzzle 0: ........1.....1.23..4.5..........5.....6..74.38............2.....7...6...1...8...
	// puzzle 1 repeats an earlier one
	// puzzle 2: ...........1..2..324.56.78............2..3..735.68.94.....7..5.52.3.84.671.4.52.8
	// puzzle 3 repeats an earlier one
}
