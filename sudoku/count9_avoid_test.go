package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestCounter9Avoids digs random full grids the way the generator does
// (remove a clue, keep it out when no solution avoids its value) and
// checks every removal test of counter9 against solver9's answer, and
// against the generic engine (an independent implementation) on every
// fourth; it also asks for values other than the solution's and for cells
// that hold a given, so both answers occur. The engines keep their givens
// records between calls, as in digging.
func TestCounter9Avoids(t *testing.T) {
	c, old, gen := newCounter9(), NewSolver(Shape9), newGenericSolver(Shape9, 0)
	rng := rand.New(rand.NewPCG(8, 26))
	sol := make([]uint8, 81)
	answers := map[bool]int{}
	check := func(p []uint8, cell int, v uint8, n int) bool {
		got := c.avoids(p, cell, v)
		if want := old.run(p, 1, nil, nil, cell, v, -1) > 0; got != want {
			t.Fatalf("%s cell %d value %d: counter9 %v, solver9 %v", Grid{GeometryOf(Shape9), p}, cell, v, got, want)
		}
		if n%4 == 0 {
			if want := gen.run(p, 1, nil, nil, cell, v, -1) > 0; got != want {
				t.Fatalf("%s cell %d value %d: counter9 %v, generic %v", Grid{GeometryOf(Shape9), p}, cell, v, got, want)
			}
		}
		answers[got]++
		return got
	}
	n := 0
	for grid := 0; grid < 40; grid++ {
		if !old.Random(make([]uint8, 81), rng, sol) {
			t.Fatal("no random grid")
		}
		p := append([]uint8(nil), sol...)
		for _, x := range rng.Perm(81) {
			p[x] = 0
			n++
			if check(p, x, sol[x], n) {
				p[x] = sol[x] // another solution: the clue stays
			}
			// Another value, and a cell holding a given.
			n++
			check(p, x, uint8(1+rng.IntN(9)), n)
			n++
			y := rng.IntN(81)
			check(p, y, uint8(1+rng.IntN(9)), n)
		}
	}
	if answers[true] < 100 || answers[false] < 100 {
		t.Fatalf("answers %v: both should occur often", answers)
	}
}
