package grade

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestLockPairCandidatesBruteForce checks the filter typedLocked and
// typedDirectLocked walk their cross lists through (lockPair.candidates)
// against the definition read off the cells: on random candidate grids of
// a 9x9 layout with disjoint groups and windows (the classic pairs, and
// extra-house pairs whose cross lists have one to nine houses), every
// house and digit whose two or more places all lie in one cross house
// must be marked, and nothing with fewer than two places may be.
func TestLockPairCandidatesBruteForce(t *testing.T) {
	geo := sudoku.GeometryOf(sudoku.Shape9)
	var extra [][]int
	var types []HouseType
	for p := 0; p < 9; p++ { // disjoint groups: position p of every box
		var h []int
		for b := 0; b < 9; b++ {
			h = append(h, geo.Units[18+b][p])
		}
		extra = append(extra, h)
		types = append(types, HouseDisjointGroup)
	}
	for _, r0 := range []int{1, 5} { // windoku's four windows
		for _, c0 := range []int{1, 5} {
			var h []int
			for r := r0; r < r0+3; r++ {
				for c := c0; c < c0+3; c++ {
					h = append(h, r*9+c)
				}
			}
			extra = append(extra, h)
			types = append(types, HouseWindow)
		}
	}
	l, err := NewLayout(LayoutSpec{Classic: geo, Houses: extra})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.SetHouseTypes(types, nil); err != nil {
		t.Fatal(err)
	}
	g, err := NewLayoutGrid(l, make([]uint8, l.Cells))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(21, 3))
	marked := 0
	memos := make([]lockMemo, len(l.rules.lockPairs))
	ver := make([]uint64, len(l.Houses))
	for trial := 0; trial < 300; trial++ {
		keep := rng.IntN(8) + 1 // keep a candidate with chance keep/9
		for c := range g.Cand {
			g.Cand[c] = 0
			for d := 0; d < 9; d++ {
				if rng.IntN(9) < keep {
					g.Cand[c] |= 1 << d
				}
			}
		}
		g.memo = nil
		allPos, _ := g.unitTables()
		for pi := range l.rules.lockPairs {
			lp := &l.rules.lockPairs[pi]
			var cand [sudoku.MaxN]uint64
			lp.candidates(allPos, 9, &cand, nil, nil)
			// with a memo whose versions say every house is unchanged
			// since the last trial (kept), or changed (read afresh)
			lm := &memos[pi]
			if lm.lp == nil {
				*lm = lockMemo{lp: lp, ver: make([]uint64, len(lp.first)), dig: make([]uint32, len(lp.first))}
			}
			var kept [sudoku.MaxN]uint64
			lp.candidates(allPos, 9, &kept, ver, lm)
			for h := range ver {
				ver[h]++
			}
			lp.candidates(allPos, 9, &kept, ver, lm)
			if kept != cand {
				t.Fatalf("trial %d pair %d: with a memo %v, without %v", trial, pi, kept, cand)
			}
			var again [sudoku.MaxN]uint64
			lp.candidates(allPos, 9, &again, ver, lm)
			if again != cand {
				t.Fatalf("trial %d pair %d: from the memo %v, read afresh %v", trial, pi, again, cand)
			}
			for j, h1 := range lp.first {
				for d := 0; d < 9; d++ {
					var places []int
					for _, c := range l.Houses[h1] {
						if g.Cand[c]&(1<<d) != 0 {
							places = append(places, c)
						}
					}
					inOne := false
					for _, x := range lp.cross[j] {
						all := len(places) >= 2
						for _, c := range places {
							all = all && slices.Contains(l.Houses[x.h], c)
						}
						inOne = inOne || all
					}
					got := cand[d]&(1<<j) != 0
					if inOne && !got {
						t.Fatalf("trial %d pair %d: house %d digit %d has places %v inside a cross house, not marked", trial, pi, h1, d+1, places)
					}
					if got && len(places) < 2 {
						t.Fatalf("trial %d pair %d: house %d digit %d marked with %d places", trial, pi, h1, d+1, len(places))
					}
					if got {
						marked++
					}
				}
			}
		}
	}
	if marked == 0 {
		t.Fatal("no house and digit was ever marked: the grids test nothing")
	}
}
