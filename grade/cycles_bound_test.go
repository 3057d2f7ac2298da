package grade

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestCycleBoundsHold checks producer 21's complexity bounds against the
// forcing searches themselves on working grids of hard 9x9 puzzles and
// of other sizes: for every candidate, polarity and pass (X-links, both),
// the unbounded search's chain has a complexity the bound allows (never
// skipped), and the bound at one less than the shortest chain's complexity
// skips it (the bounds are the exact distances, so they prune). Some
// grids are on non-consecutive layouts, whose links join digits.
func TestCycleBoundsHold(t *testing.T) {
	var starts []gridStart
	for i, p := range readPuzzles(t, "sudoku/forum-hardest-1106.txt", 40) {
		if i%4 == 0 {
			starts = append(starts, gridStart{p: p})
		}
		if i%10 == 3 {
			starts = append(starts, gridStart{p: p, nc: true})
		}
	}
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape9, sudoku.Shape12, sudoku.Shape16} {
		starts = append(starts, gridStart{p: sudoku.NewGrid(sh)})
	}
	starts = append(starts, gridStart{p: sudoku.NewGrid(sudoku.Shape6), nc: true}, gridStart{p: sudoku.NewGrid(sudoku.Shape9), nc: true})
	ncFound := 0
	rng := rand.New(rand.NewPCG(5, 13))
	var si [2]strongIndex
	var qb [2]qBound
	found, exact := 0, 0
	for _, st := range starts {
		for round := 0; round < 8; round++ {
			g := st.grid(t)
			thinGrid(g, 0.3+0.65*rng.Float64(), rng)
			c := getChainer(g)
			si[0].build(&c.implGraph, true, false)
			si[1].build(&c.implGraph, true, true)
			qb[0].reset(&si[0])
			qb[1].reset(&si[1])
			for cell, m := range g.Cand {
				if popc(m) < 2 {
					continue
				}
				for mm := m; mm != 0; mm &= mm - 1 {
					d := trailing(mm)
					k := int32(c.candKey(cell, d))
					for pass := 0; pass < 2; pass++ {
						for _, on := range []bool{true, false} {
							tg := c.forcing(cell, d, on, pass == 1, 1<<20, nil)
							if tg < 0 {
								continue
							}
							found++
							if st.nc {
								ncFound++
							}
							cx := c.ancestors(tg)
							if !qb[pass].forcingMay(&c.implGraph, k, on, cx) {
								t.Fatalf("%v cell %d digit %d on=%v pass %d: chain of complexity %d skipped", g.Geo.Shape, cell, d+1, on, pass, cx)
							}
							if !qb[pass].forcingMay(&c.implGraph, k, on, cx-1) {
								exact++
							}
						}
					}
				}
			}
			c.release()
		}
	}
	if found == 0 || exact != found || ncFound == 0 {
		t.Fatalf("%d chains (%d non-consecutive), %d bounded exactly", found, ncFound, exact)
	}
	t.Logf("%d forcing chains (%d non-consecutive), every bound exact", found, ncFound)
}
