package grade

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestNRFilterSound checks the filter nrPrepare sets up inside the
// nesting levels against the both-links strong index it filters: on
// working grids whose source grid is quiet (no candidate's assumption
// implies its opposite), a candidate the index says implies its opposite
// is never ruled out by the filter. Source grids are empty grids and hard
// puzzles' candidates thinned at random, on classic and on
// non-consecutive layouts (whose weak links join digits); working grids
// are the sources thinned further.
func TestNRFilterSound(t *testing.T) {
	var starts []gridStart
	for _, sh := range []sudoku.Shape{sudoku.Shape6, sudoku.Shape9} {
		starts = append(starts, gridStart{p: sudoku.NewGrid(sh)}, gridStart{p: sudoku.NewGrid(sh), nc: true})
	}
	for _, p := range hardestPicks(t, 3, 97, 3) {
		starts = append(starts, gridStart{p: p}, gridStart{p: p, nc: true})
	}
	rng := rand.New(rand.NewPCG(3, 17))
	var quietIdx strongIndex
	grids, yes, ruledOut := [2]int{}, [2]int{}, [2]int{}
	for _, st := range starts {
		for round := 0; round < 60; round++ {
			src := st.grid(t)
			thinGrid(src, 0.75+0.24*rng.Float64(), rng)
			c := getChainer(src)
			quietIdx.build(&c.implGraph, true, true)
			quiet := true
			for cell, m := range src.Cand {
				for ; m != 0 && quiet; m &= m - 1 {
					k := int32(cell*src.Geo.N + trailing(m))
					quiet = !quietIdx.implies(&c.implGraph, k, true) && !quietIdx.implies(&c.implGraph, k, false)
				}
			}
			c.release()
			if !quiet {
				continue
			}
			work := src.Clone()
			thinGrid(work, 0.55+0.4*rng.Float64(), rng)
			c = getChainer(work)
			cs := getCycleSearch(c)
			cs.src = src.Cand
			xy := &cs.strong[2]
			xy.build(&c.implGraph, true, true)
			if !cs.nrPrepare(xy) {
				t.Fatal("no filter on a classic frame")
			}
			i := 0
			if st.nc {
				i = 1
			}
			grids[i]++
			n := work.Geo.N
			for cell, m := range work.Cand {
				for ; m != 0; m &= m - 1 {
					d := trailing(m)
					k := int32(cell*n + d)
					for _, on := range []bool{true, false} {
						may := cs.nrMay(xy, k, on)
						if !may {
							ruledOut[i]++
						}
						if xy.implies(&c.implGraph, k, on) {
							yes[i]++
							if !may {
								t.Fatalf("%v (non-consecutive %v) round %d: r%dc%d digit %d on=%v implies its opposite, but the filter rules it out",
									work.Geo.Shape, st.nc, round, cell/n+1, cell%n+1, d+1, on)
							}
						}
					}
				}
			}
			cs.release()
			c.release()
		}
	}
	t.Logf("working grids of quiet sources (classic, non-consecutive): %v; implications %v; answers the filter ruled out %v", grids, yes, ruledOut)
	for i := range 2 {
		if grids[i] < 20 || yes[i] < 100 || ruledOut[i] < 100 {
			t.Errorf("layout %d: %d grids, %d implications, %d ruled out: too few to test the filter", i, grids[i], yes[i], ruledOut[i])
		}
	}
}
