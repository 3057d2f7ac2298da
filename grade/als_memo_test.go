package grade

import (
	"fmt"
	"os"
	"slices"
	"testing"
)

// TestAlsChainMemo checks the ALS chain search with its memo against the
// search that walks every chain (HoDoKu's, as written): the same steps in
// the same order, on the grids of hard puzzles' HoDoKu solve paths where
// the profile searched ALS chains (walking every chain on an earlier grid
// can take hours). The quick run takes 30 puzzles of top1465; with
// SUDOGEN_LONG=1, 300.
func TestAlsChainMemo(t *testing.T) {
	n := 30
	if os.Getenv("SUDOGEN_LONG") != "" {
		n = 300
	}
	pz := readPuzzles(t, "sudoku/top1465.txt", n)
	var paths []Result
	if n <= 40 {
		paths = top1465Paths(t, false, n)
	}
	defer func(a int) { alsMemoAfter = a }(alsMemoAfter)
	e := NewEngine(HoDoKuProfile())
	grids, withChains := 0, 0
	chainAt := slices.Index(hodokuOrder, "als-chain")
	for i, q := range pz {
		var res Result
		if paths != nil {
			res = paths[i]
		} else {
			var err error
			if res, err = e.Solve(NewGrid(q), Options{KeepSteps: true}); err != nil {
				t.Fatalf("puzzle %d: %v", i+1, err)
			}
		}
		// the grids where the profile searched ALS chains: before a step
		// of a technique it tries after them
		g := NewGrid(q)
		for k := range res.Steps {
			if k > 0 {
				res.Steps[k-1].Apply(g)
			}
			if slices.Index(hodokuOrder, res.Steps[k].Tech) < chainAt {
				continue
			}
			grids++
			var full []string
			findAlsChain(g, alsOptions{exhaustive: true}, func(s *Step) bool { full = append(full, fmt.Sprint(*s)); return true })
			if len(full) > 0 {
				withChains++
			}
			// the memo made at once, and made in the middle of a search
			for _, after := range []int{0, 37} {
				alsMemoAfter = after
				var fast []string
				findAlsChain(g, alsOptions{}, func(s *Step) bool { fast = append(fast, fmt.Sprint(*s)); return true })
				if fmt.Sprint(fast) != fmt.Sprint(full) {
					t.Fatalf("puzzle %d, grid %s, memo after %d visits: with the memo %d steps, walking every chain %d\n%v\n%v", i+1, g.Puzzle().String(), after, len(fast), len(full), fast, full)
				}
			}
		}
	}
	if withChains == 0 {
		t.Fatalf("no ALS chain on %d grids: the test checks nothing", grids)
	}
	t.Logf("%d grids, %d with ALS chains", grids, withChains)
}
