package grade

import (
	"slices"
	"testing"
)

// TestMultipleKnownSame rates hard puzzles (nesting levels 2-3; the rating
// nestedObserved, shared) without a budget with every level-3 inner
// multiple forcing search that carried answers from a bigger grid checked
// against a search of the same working grid that asks every question: the
// same questions answered yes, in the same order, the same runs, nodes and
// hints. Some searches must carry answers, and some of them must have yes
// answers (so a question wrongly answered no shows).
func TestMultipleKnownSame(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("searches with carried answers: %d, %d of them with a yes", o.known.n, o.withYes)
	if o.known.n == 0 || o.withYes == 0 {
		t.Fatal("no search carried answers (with a yes): the test checks little")
	}
	o.known.report(t, "searches")
}

// TestMultipleKnownRuns rates hard puzzles without a budget without the
// carried answers: the results of the shared rating with them
// (nestedRef), the work counted included (the searches make the same
// runs). The rating without them has the chain-rule memo off too
// (nestedExactOff, shared with TestRuleMemoRuns; TestMultipleKnownSame
// and TestRuleMemoSame say which is wrong).
func TestMultipleKnownRuns(t *testing.T) {
	sameWithWork(t, nestedRef(t), nestedExactOff(t))
}

// TestMultipleKnownGrids takes working grids of hard puzzles whose static
// multiple forcing search ran (W+, every 60th of the shared rating's:
// nestedObserved) and removes one candidate (W); where
// that makes no strong link, W's search with the answers carried from W+
// must answer every question as a search asking them all, and find the
// same hints. Some of the questions the removal changed (the cell's, the
// digit's region in one of its units) must say yes where they said no on
// W+, so leaving one out shows.
func TestMultipleKnownGrids(t *testing.T) {
	srcs := nestedObserved(t).knownGrids
	ctx := &fcContext{}
	m := fcMode{multiple: true}
	grids, cellTurned, regionTurned, bad := 0, 0, 0, 0
	for _, src := range srcs {
		s := newFCSearch(src, ctx, m)
		s.record = true
		s.search(0, len(src.Cand))
		yesPlus := slices.Clone(s.yes)
		s.release()
		oneShort(src, func(g *Grid, cell, d int) {
			e := []int32{int32(cell*g.Geo.N + d)}
			ks := newFCSearch(g, ctx, m)
			defer ks.release()
			if !noLinkMade(ks.c, e) {
				return
			}
			grids++
			known := *ctx.knownAnswers(ks.c, yesPlus, e)
			ks.known = &known
			ks.record = true
			ks.search(0, len(g.Cand))
			f := newFCSearch(g, &fcContext{}, m)
			defer f.release()
			f.record = true
			f.search(0, len(g.Cand))
			for _, q := range f.yes {
				if !slices.Contains(yesPlus, q) {
					if isRegionQuestion(q) {
						regionTurned++
					} else {
						cellTurned++
					}
				}
			}
			if !slices.Equal(ks.yes, f.yes) || len(ks.hints) != len(f.hints) || len(ks.c.pool) != len(f.c.pool) {
				bad++
				if bad <= 3 {
					t.Errorf("cell %d less digit %d: carried answers yes %v, %d hints; every question asked: yes %v, %d hints",
						cell, d+1, ks.yes, len(ks.hints), f.yes, len(f.hints))
				}
			}
		})
	}
	t.Logf("sources %d; grids one candidate short without a strong link made: %d; questions turned yes by the removal: %d cell, %d region",
		len(srcs), grids, cellTurned, regionTurned)
	if grids == 0 || cellTurned == 0 || regionTurned == 0 {
		t.Error("too few grids of each kind")
	}
	if bad > 0 {
		t.Fatalf("%d of %d grids differ", bad, grids)
	}
}
