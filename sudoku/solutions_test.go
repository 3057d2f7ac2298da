package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestSolutions: Solutions lists every solution (as many as refCount, the
// plain backtracking reference, counts), each valid, holding the givens,
// all distinct, on every engine (9x9, band shapes, generic), and stops at
// its limit.
func TestSolutions(t *testing.T) {
	for _, sh := range []Shape{Shape4, Shape6, Shape8, Shape9, Shape12, Shape16} {
		geo := GeometryOf(sh)
		solvers := []*Solver{NewSolver(sh), newGenericSolver(sh, 1)}
		rng := rand.New(rand.NewPCG(3, uint64(sh.N())))
		full := make([]uint8, geo.Cells)
		for trial := 0; trial < 6; trial++ {
			if !solvers[0].Random(make([]uint8, geo.Cells), rng, full) {
				t.Fatal("no grid")
			}
			// Keep a random share of the cells: from a few solutions to
			// hundreds.
			keep := map[int]float64{4: 0.15, 6: 0.25, 8: 0.3, 9: 0.27, 12: 0.45, 16: 0.55}[sh.N()] + 0.05*float64(trial%3)
			p := make([]uint8, geo.Cells)
			for i := range p {
				if rng.Float64() < keep {
					p[i] = full[i]
				}
			}
			limit := 3000
			want := -1
			if sh.N() <= 9 {
				want = refCount(sh, p, limit)
			}
			for k, s := range solvers {
				seen := map[string]bool{}
				n := s.Solutions(p, limit, func(sol []uint8) {
					if !validSolution(sh, p, sol) {
						t.Fatalf("%s engine %d: invalid solution %s", sh, k, Grid{geo, sol})
					}
					seen[string(sol)] = true
				})
				if n != len(seen) {
					t.Fatalf("%s engine %d: %d solutions reported, %d distinct", sh, k, n, len(seen))
				}
				if want >= 0 && n != want {
					t.Fatalf("%s engine %d: %d solutions, the reference counts %d", sh, k, n, want)
				}
				if c := s.Count(p, limit, nil); c != n {
					t.Fatalf("%s engine %d: Solutions %d, Count %d", sh, k, n, c)
				}
				if n > 2 {
					if m := s.Solutions(p, 2, func([]uint8) {}); m != 2 {
						t.Fatalf("%s engine %d: limit 2 gave %d", sh, k, m)
					}
				}
			}
		}
	}
}
