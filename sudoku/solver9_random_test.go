package sudoku

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// TestRandomStartSame checks that random 9x9 grids made with randomStart
// are the node-by-node search's: the same grid and the same rng stream
// after it, for empty puzzles (where it applies) and puzzles with a given
// (where it does not), with and without a branch budget. 4,000 seeds a
// case (20,000 with SUDOGEN_LONG=1): an extra rng draw when row 0 starts
// 9, 8, 7 (one seed in 504) fails all four cases where it applies (at
// seed 175), as does box 0's digits taken from the wrong cells of row 0
// (at seed 0).
func TestRandomStartSame(t *testing.T) {
	n := 4000
	if os.Getenv("SUDOGEN_LONG") != "" {
		n = 20000
	}
	if testing.Short() {
		n = 2000
	}
	fast, slow := NewSolver(Shape9), NewSolver(Shape9)
	slow.s9.noRandomStart = true
	for _, tc := range []struct {
		name   string
		given  bool // one given in cell 40
		budget int  // -1: Random's restarts; else one run with this cap
	}{
		{"empty", false, -1},
		{"empty, budget 11", false, 11},
		{"empty, budget 12", false, 12},
		{"empty, budget 30", false, 30},
		{"a given", true, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := make([]uint8, 81)
			a, b := make([]uint8, 81), make([]uint8, 81)
			for i := 0; i < n; i++ {
				if tc.given {
					p[40] = uint8(1 + i%9)
				}
				ra, rb := rand.New(rand.NewPCG(7, uint64(i))), rand.New(rand.NewPCG(7, uint64(i)))
				var okA, okB bool
				if tc.budget < 0 {
					okA, okB = fast.Random(p, ra, a), slow.Random(p, rb, b)
				} else {
					na := fast.run(p, 1, a, ra, -1, 0, tc.budget)
					nb := slow.run(p, 1, b, rb, -1, 0, tc.budget)
					if na != nb {
						t.Fatalf("seed %d: run returned %d with randomStart, %d without", i, na, nb)
					}
					okA, okB = na == 1, nb == 1
				}
				if okA != okB || (okA && !slices.Equal(a, b)) || ra.Uint64() != rb.Uint64() {
					t.Fatalf("seed %d: grids or rng streams differ:\n%v\n%v", i, a, b)
				}
				if okA && !validGrid9(a) {
					t.Fatalf("seed %d: not a valid grid: %v", i, a)
				}
			}
		})
	}
}

// validGrid9 reports whether g is a full valid 9x9 grid.
func validGrid9(g []uint8) bool {
	for u := 0; u < 27; u++ {
		var seen uint16
		for k := 0; k < 9; k++ {
			var x int
			switch {
			case u < 9:
				x = u*9 + k
			case u < 18:
				x = k*9 + u - 9
			default:
				b := u - 18
				x = (b/3*3+k/3)*9 + b%3*3 + k%3
			}
			if g[x] < 1 || g[x] > 9 {
				return false
			}
			seen |= 1 << g[x]
		}
		if seen != 0x3FE {
			return false
		}
	}
	return true
}
