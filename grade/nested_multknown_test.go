package grade

import (
	"reflect"
	"slices"
	"testing"
)

// TestMultipleKnownSame rates hard puzzles (nesting levels 2-3) without a
// budget with every level-3 inner multiple forcing search that carried
// answers from a bigger grid checked against a search of the same working
// grid that asks every question: the same questions answered yes, in the
// same order, the same runs, nodes and hints. Some searches must carry
// answers, and some of them must have yes answers (so a question wrongly
// answered no shows).
func TestMultipleKnownSame(t *testing.T) {
	picks := nestedPicks(t)
	carried, withYes, bad := 0, 0, 0
	multipleKnownCheck = func(s *fcSearch, g *Grid) {
		carried++
		ctx := &fcContext{}
		f := newFCSearch(g, ctx, s.mode)
		defer f.release()
		f.record = true
		f.search(0, len(g.Cand))
		if len(f.yes) > 0 {
			withYes++
		}
		type hint struct {
			kind, cx int
			el       []Candidate
			place    Candidate
		}
		hints := func(x *fcSearch) []hint {
			var out []hint
			for _, h := range x.hints {
				out = append(out, hint{h.kind, h.cx, slices.Clone(h.el), h.place})
			}
			return out
		}
		if !slices.Equal(s.yes, f.yes) || len(s.runs) != len(f.runs) || len(s.c.pool) != len(f.c.pool) ||
			!reflect.DeepEqual(hints(s), hints(f)) {
			bad++
			if bad <= 3 {
				t.Errorf("carried answers: yes %v, %d runs, %d nodes, %d hints; every question asked: yes %v, %d runs, %d nodes, %d hints",
					s.yes, len(s.runs), len(s.c.pool), len(s.hints), f.yes, len(f.runs), len(f.c.pool), len(f.hints))
			}
		}
	}
	defer func() { multipleKnownCheck = nil }()
	rateSE(t, picks)
	t.Logf("searches with carried answers: %d, %d of them with a yes", carried, withYes)
	if carried == 0 || withYes == 0 {
		t.Fatal("no search carried answers (with a yes): the test checks little")
	}
	if bad > 0 {
		t.Fatalf("%d of %d searches differ", bad, carried)
	}
}

// TestMultipleKnownRuns rates hard puzzles without a budget with and
// without the carried answers: the same results, the work counted included
// (the searches make the same runs).
func TestMultipleKnownRuns(t *testing.T) {
	picks := nestedPicks(t)
	with, without := rateToggled(t, picks, &multipleKnownOff, false), rateToggled(t, picks, &multipleKnownOff, true)
	for i := range with {
		if !reflect.DeepEqual(with[i], without[i]) {
			t.Errorf("puzzle %d: with carried answers %.1f %s work %d, without %.1f %s work %d",
				i, with[i].ER, with[i].Hardest, with[i].Work, without[i].ER, without[i].Hardest, without[i].Work)
		}
	}
}

// TestMultipleKnownGrids takes working grids of hard puzzles whose static
// multiple forcing search ran (W+) and removes one candidate (W); where
// that makes no strong link, W's search with the answers carried from W+
// must answer every question as a search asking them all, and find the
// same hints. Some of the questions the removal changed (the cell's, the
// digit's region in one of its units) must say yes where they said no on
// W+, so leaving one out shows.
func TestMultipleKnownGrids(t *testing.T) {
	srcs := sampleGrids(t, &multipleKnownGrid, 60)
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
