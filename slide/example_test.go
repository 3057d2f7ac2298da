package slide_test

import (
	"fmt"

	"github.com/sudogen/sudogen/slide"
)

// Solve an 8-puzzle optimally and replay the solution.
func ExampleSolver_Solve() {
	b, err := slide.New(3, []int{8, 6, 7, 2, 5, 4, 3, 0, 1}) // one of the two hardest 8-puzzle boards
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := slide.NewSolver(3, slide.Options{NoCache: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := s.Solve(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	end, _ := b.Apply(r.Moves)
	fmt.Println(r.Length, "moves, optimal:", r.Optimal, "reaches the goal:", end.IsGoal())
	fmt.Println(r.Moves)
	fmt.Println("canonical key:", b.Canonical())
	// Output:
	// 31 moves, optimal: true reaches the goal: true
	// UULDDRRUULDLDRRUULDLDRRUULLDDRR
	// canonical key: 647850321
}

// Half of all tile arrangements cannot be solved; Solvable says why.
func ExampleBoard_Solvable() {
	b, _ := slide.New(3, []int{2, 1, 3, 4, 5, 6, 7, 8, 0})
	fmt.Println(b.Solvable())
	// Output:
	// unsolvable: 1 inversion, an odd permutation parity; a 3x3 board needs even parity (as if two tiles, like 7 and 8, were swapped)
}
