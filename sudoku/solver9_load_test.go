package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestLoadState9 walks through puzzles that differ in a few cells from one
// to the next (as a digger's removal tests do, plus digits moving within a
// unit, repeats and out-of-range values) and checks that the 9x9 engine,
// which keeps its record of the givens from puzzle to puzzle, loads exactly
// the state a fresh engine loads.
func TestLoadState9(t *testing.T) {
	reused := newSolver9()
	rng := rand.New(rand.NewPCG(9, 2))
	p := make([]uint8, 81)
	sol := make([]uint8, 81)
	NewSolver(Shape9).Random(p, rng, sol)
	copy(p, sol)
	loaded, refused := 0, 0
	for step := 0; step < 20000; step++ {
		switch k := rng.IntN(50); {
		case k == 0:
			for c := range p {
				p[c] = 0
				if rng.IntN(3) == 0 {
					p[c] = sol[c]
				}
			}
		case k == 1:
			p[rng.IntN(81)] = 10 + uint8(rng.IntN(5)) // out of range
		case k < 5: // two cells of a row swap values
			r, a, b := rng.IntN(9), rng.IntN(9), rng.IntN(9)
			p[r*9+a], p[r*9+b] = p[r*9+b], p[r*9+a]
		case k < 8: // a repeat or a wrong digit
			p[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		default: // a given removed or put back
			c := rng.IntN(81)
			if p[c] != 0 {
				p[c] = 0
			} else {
				p[c] = sol[c]
			}
		}
		fresh := newSolver9()
		okF := fresh.load(p, -1, 0)
		okR := reused.load(p, -1, 0)
		if okF != okR {
			t.Fatalf("step %d: load %v with the kept record, %v fresh", step, okR, okF)
		}
		if !okF {
			refused++
			for c, v := range p {
				if v > 9 || rng.IntN(10) == 0 {
					p[c] = 0
				}
			}
			continue
		}
		loaded++
		if reused.st != fresh.st {
			t.Fatalf("step %d: the kept record loads another state than a fresh one", step)
		}
	}
	t.Logf("%d loads, %d refused", loaded, refused)
	if loaded < 1000 || refused < 100 {
		t.Fatalf("%d loads, %d refused: the walk does not test both", loaded, refused)
	}
}
