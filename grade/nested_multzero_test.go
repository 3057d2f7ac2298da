package grade

import "testing"

// TestMultipleZeroSame rates hard puzzles (nesting levels 2-3; the rating
// nestedSkipped, shared) without a budget with every level-3 inner
// multiple forcing search that the zero set skips run in full: it must
// find no hint. Some must be skipped.
func TestMultipleZeroSame(t *testing.T) {
	s := nestedSkipped(t)
	t.Logf("multiple forcing searches skipped: %d", s.zero.n)
	if s.zero.n == 0 {
		t.Error("no search skipped")
	}
	s.zero.report(t, "skipped searches")
}

// TestMultipleZeroRuns rates hard puzzles without a budget without the
// zero set's skip (the shared rating, nestedRef, has it): the same
// results, the work counted aside (a skipped search counts no nodes).
// The rating without it has mayUse's and p21EmptyAfter's skips off too
// (nestedSkipsOff, shared with TestMultipleUseRuns and TestP21EmptyRuns;
// the Same tests say which skip is wrong).
func TestMultipleZeroRuns(t *testing.T) {
	sameWorkAside(t, nestedRef(t), nestedSkipsOff(t))
}

// TestMultipleZeroGrids takes the candidate grids of hard puzzles whose
// static multiple forcing search finds no hint (W+) and removes one
// candidate (W); where noneAfter says W's search finds no hint, the full
// search must find none. Among the grids it turns down, some must have
// hints because the removal made a strong link (a cell left with two
// candidates, a unit with two places of the digit) and some because a
// question the removal changed (the cell's, the digit's region in one of
// its units) says yes, so a check left out shows.
func TestMultipleZeroGrids(t *testing.T) {
	// the sources: working grids of the nesting levels whose search found
	// no hint, every 40th (of the shared rating's)
	srcs := nestedObserved(t).zeroGrids
	ctx := &fcContext{}
	m := fcMode{multiple: true}
	sources, skipped, linkHints, askHints := 0, 0, 0, 0
	for _, src := range srcs {
		s := newFCSearch(src, ctx, m)
		s.search(0, len(src.Cand))
		zero := len(s.hints) == 0
		s.release()
		if !zero {
			t.Fatalf("a source grid's search has %d hints", len(s.hints))
		}
		sources++
		oneShort(src, func(g *Grid, cell, d int) {
			s := newFCSearch(g, ctx, m)
			none := s.noneAfter([]int32{int32(cell*g.Geo.N + d)})
			link := popc(g.Cand[cell]) == 2
			for _, u := range s.c.regionUnits(cell, nil) {
				link = link || popc(s.c.pos[u][d]) == 2
			}
			s.release()
			s = newFCSearch(g, ctx, m)
			s.search(0, len(g.Cand))
			hints := len(s.hints)
			s.release()
			if none && hints > 0 {
				t.Fatalf("source %d: cell %d less digit %d: noneAfter says no hint, the search has %d", sources, cell, d+1, hints)
			}
			switch {
			case none:
				skipped++
			case hints > 0 && link:
				linkHints++
			case hints > 0:
				askHints++
			}
		})
	}
	t.Logf("sources without a hint: %d; grids one candidate short skipped: %d; turned down with hints: %d by a strong link made, %d by a question", sources, skipped, linkHints, askHints)
	if skipped == 0 || linkHints == 0 || askHints == 0 {
		t.Error("too few grids of each kind")
	}
}

// TestP21EmptyRuns rates hard puzzles without a budget without
// p21EmptyAfter's skip of producer 21 inside the levels (the shared
// rating, nestedRef, has it): the same results, the work counted aside;
// the skip must have been taken (counted in nestedSkipped, whose
// TestP21PruneSame checks every skipped grid against a full run). The
// rating without it has the zero set's and mayUse's skips off too
// (nestedSkipsOff, shared with TestMultipleZeroRuns and
// TestMultipleUseRuns).
func TestP21EmptyRuns(t *testing.T) {
	sameWorkAside(t, nestedRef(t), nestedSkipsOff(t))
	if nestedSkipped(t).pruneSkips == 0 {
		t.Error("no producer-21 run skipped")
	}
}

// TestP21EmptyKept rates hard puzzles without a budget (the rating
// nestedObserved, shared) and checks every working grid p21EmptyAfter
// keeps against the strong index of its whole graph: no candidate's
// assumption implies its opposite, and no component on a long cycle may
// eliminate anything (srcFacts' quiet and cycle-free, which a subgraph
// inherits).
func TestP21EmptyKept(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("grids kept: %d", o.empty.n)
	if o.empty.n == 0 {
		t.Error("no grid kept")
	}
	o.empty.report(t, "kept grids")
}

// oneShort calls f with each grid src less one candidate of a cell with
// two or more (cell, digit 0-based).
func oneShort(src *Grid, f func(g *Grid, cell, d int)) {
	for cell, cm := range src.Cand {
		if popc(cm) < 2 {
			continue
		}
		for dm := cm; dm != 0; dm &= dm - 1 {
			d := trailing(dm)
			g := src.Clone()
			g.Eliminate(cell, uint8(d+1))
			f(g, cell, d)
		}
	}
}
