package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestSolveAvoidingAgreesWithCount digs random puzzles and checks that
// SolveAvoiding(p, c, v) is true exactly when the puzzle with cell c emptied
// has a solution other than the one holding v there.
func TestSolveAvoidingAgreesWithCount(t *testing.T) {
	for _, shape := range []Shape{Shape4, Shape6, Shape8, Shape9, Shape12} {
		s := NewSolver(shape)
		g := GeometryOf(shape)
		rng := rand.New(rand.NewPCG(1, uint64(g.N)))
		full := make([]uint8, g.Cells)
		trials, yes, no := 30, 0, 0
		if g.N > 9 {
			trials = 4
		}
		for trial := 0; trial < trials; trial++ {
			p := randomDug(t, s, rng, full, shape)
			for c := 0; c < g.Cells; c++ {
				if p[c] != 0 {
					continue
				}
				v := full[c]
				// Independent truth: try every other value at c.
				other := 0
				for w := 1; w <= g.N; w++ {
					if uint8(w) == v {
						continue
					}
					p[c] = uint8(w)
					other += s.Count(p, 1, nil)
				}
				p[c] = 0
				got := s.SolveAvoiding(p, c, v)
				if got != (other > 0) {
					t.Fatalf("%v: SolveAvoiding(%s, %d, %d) = %v, want %v", shape, Grid{g, p}, c, v, got, other > 0)
				}
				if got {
					yes++
				} else {
					no++
				}
			}
		}
		if yes == 0 || no == 0 {
			t.Fatalf("%v: cases not varied: %d avoidable, %d not", shape, yes, no)
		}
	}
}

// randomDug fills full with a random solution grid and returns a copy of it
// with two thirds of its cells emptied at random.
func randomDug(t *testing.T, s *Solver, rng *rand.Rand, full []uint8, shape Shape) []uint8 {
	t.Helper()
	clear(full)
	if !s.Random(full, rng, full) {
		t.Fatalf("%v: no random full grid", shape)
	}
	p := append([]uint8(nil), full...)
	n := len(p)
	for _, c := range rng.Perm(n)[:n*2/3] {
		p[c] = 0
	}
	return p
}
