package grade

import (
	"fmt"
	"testing"
)

// top1465Run holds the shared solve paths of top1465Paths: [0] SE's,
// [1] HoDoKu's.
var top1465Run [2]shared[[]Result]

// top1465Paths returns the solve paths (steps kept) of the first n (up
// to 40) puzzles of top1465 with SE's profile (se) or HoDoKu's, made once
// per test binary on one fresh engine. The memo tests that walk a path's
// grids read them (TestATEMemoSame and TestAlignedExclusionReference SE's,
// TestAlsChainMemo and TestBivalueChainMemo's two subtests HoDoKu's):
// each solved the same puzzles on an engine of its own, which a path
// does not depend on. None changes them.
func top1465Paths(t *testing.T, se bool, n int) []Result {
	t.Helper()
	const most = 40
	if n > most {
		t.Fatalf("top1465Paths keeps %d paths, %d asked", most, n)
	}
	prof, k := HoDoKuProfile, 1
	if se {
		prof, k = SEProfile, 0
	}
	pz := readPuzzles(t, "sudoku/top1465.txt", most)
	return top1465Run[k].get(t, func() ([]Result, error) {
		e := NewEngine(prof())
		var out []Result
		for i, q := range pz {
			res, err := e.Solve(NewGrid(q), Options{KeepSteps: true})
			if err != nil {
				return nil, fmt.Errorf("puzzle %d: %v", i+1, err)
			}
			out = append(out, res)
		}
		return out, nil
	})[:n]
}
