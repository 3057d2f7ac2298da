package grade

import (
	"fmt"
	"testing"
)

// TestBivalueChainMemo checks HoDoKu's XY-chain and remote pair searches
// with their memo (bivalueMemo) against the same searches without one:
// the same steps in the same order, on every grid of hard puzzles' HoDoKu
// solve paths, the memo kept from grid to grid and from puzzle to puzzle
// as the solving loop keeps it. Every grid, not only those where the
// solver reached the XY-chain search: there a chain exists only where it
// is the step, and on these paths the memo's skip never met one, so a
// memo answering "nothing" for every grid, or one blind to a cell that
// became bivalue, passed; on the other grids chains exist, and both
// fail (tried).
func TestBivalueChainMemo(t *testing.T) {
	paths := top1465Paths(t, false, 40)
	for _, tc := range []struct {
		name string
		kind int
	}{
		{"xy-chain", chainXY},
		{"remote-pair", chainRemotePair},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &gridMemo{}
			grids, skipped := 0, 0
			for i, q := range readPuzzles(t, "sudoku/top1465.txt", 40) {
				res := paths[i]
				g := NewGrid(q)
				for k := range res.Steps {
					if k > 0 {
						res.Steps[k-1].Apply(g)
					}
					grids++
					var fresh, memo []string
					findSimpleChains(g, tc.kind, func(s *Step) bool { fresh = append(fresh, fmt.Sprint(*s)); return true })
					if m.bivalueChains[0].none(g) && tc.kind == chainXY || m.bivalueChains[1].none(g) && tc.kind == chainRemotePair {
						skipped++
					}
					m.invalidate()
					g.memo = m
					findSimpleChains(g, tc.kind, func(s *Step) bool { memo = append(memo, fmt.Sprint(*s)); return true })
					g.memo = nil
					if fmt.Sprint(memo) != fmt.Sprint(fresh) {
						t.Fatalf("puzzle %d, grid %s: with the memo %d steps, without %d\n%v\n%v", i+1, g.Puzzle().String(), len(memo), len(fresh), memo, fresh)
					}
				}
			}
			if skipped == 0 {
				t.Fatalf("the memo skipped none of %d searches: the test checks nothing", grids)
			}
			t.Logf("%d grids, %d searches skipped by the memo", grids, skipped)
		})
	}
}
