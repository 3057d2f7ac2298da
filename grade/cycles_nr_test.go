package grade

import (
	"math/rand/v2"
	"slices"
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
// are the sources thinned further. It checks nrWant likewise: a
// candidate it leaves out (passes 0 and 2 skip it) gets no from
// onLongCycle, nrMay and the index, either way.
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
	kept := new(cycleSearch) // one search's tables reused for every grid
	grids, yes, ruledOut, unwanted := [2]int{}, [2]int{}, [2]int{}, [2]int{}
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
			cs := new(cycleSearch)
			cs.c, cs.src = c, src.Cand
			xy := &cs.strong[2]
			xy.build(&c.implGraph, true, true)
			if !cs.nrPrepare(xy) {
				t.Fatal("no filter on a classic frame")
			}
			// the source grid's counts kept from round to round
			// (srcCount) give the tables a fresh search makes
			kept.c, kept.src = c, src.Cand
			kept.strong[2].build(&c.implGraph, true, true)
			kept.nrPrepare(&kept.strong[2])
			if !slices.Equal(kept.nrOn, cs.nrOn) || !slices.Equal(kept.nrPeers, cs.nrPeers) || !slices.Equal(kept.nrCells, cs.nrCells) || !slices.Equal(kept.nrWant, cs.nrWant) {
				t.Fatalf("%v (non-consecutive %v) round %d: the filter's tables differ from a fresh search's", work.Geo.Shape, st.nc, round)
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
					// nrWant: a candidate passes 0 and 2 skip gets no
					// to every question they ask
					if cs.nrWant[cell]>>d&1 == 0 {
						unwanted[i]++
						if xy.onLongCycle(k) || cs.nrMay(xy, k, true) || cs.nrMay(xy, k, false) || xy.implies(&c.implGraph, k, true) || xy.implies(&c.implGraph, k, false) {
							t.Fatalf("%v (non-consecutive %v) round %d: r%dc%d digit %d is left out of nrWant, but a question about it may say yes",
								work.Geo.Shape, st.nc, round, cell/n+1, cell%n+1, d+1)
						}
					}
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
			c.release()
		}
	}
	t.Logf("working grids of quiet sources (classic, non-consecutive): %v; implications %v; answers the filter ruled out %v; candidates left out of nrWant %v", grids, yes, ruledOut, unwanted)
	for i := range 2 {
		if grids[i] < 20 || yes[i] < 100 || ruledOut[i] < 100 || unwanted[i] < 100 {
			t.Errorf("layout %d: %d grids, %d implications, %d ruled out, %d left out of nrWant: too few to test the filter", i, grids[i], yes[i], ruledOut[i], unwanted[i])
		}
	}
}

// TestP21WantRuns rates hard puzzles without a budget without nrWant's
// mask of producer 21's passes 0 and 2 (and without grown's strong-link
// filter): the results of the shared rating with them (nestedRef), the
// work counted included (the mask leaves out only questions that say
// no, so the same searches run; the filter only lookups no visitor
// takes, so the same searches are skipped). The rating without them is
// nestedExactOff, shared with TestMultipleKnownRuns and TestRuleMemoRuns
// (TestNRFilterSound checks the mask candidate by candidate).
func TestP21WantRuns(t *testing.T) {
	sameWithWork(t, nestedRef(t), nestedExactOff(t))
}
