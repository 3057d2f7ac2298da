package grade

import (
	"reflect"
	"testing"
)

// TestMultipleZeroSame rates hard puzzles (nesting levels 2-3) without a
// budget with every level-3 inner multiple forcing search that the zero
// set skips run in full: it must find no hint. Some must be skipped.
func TestMultipleZeroSame(t *testing.T) {
	picks := nestedPicks(t)
	skips, bad := 0, 0
	multipleZeroCheck = func(hints int) {
		skips++
		if hints > 0 {
			bad++
			if bad <= 3 {
				t.Errorf("a skipped multiple forcing search has %d hints", hints)
			}
		}
	}
	defer func() { multipleZeroCheck = nil }()
	rateSE(t, picks)
	t.Logf("multiple forcing searches skipped: %d", skips)
	if skips == 0 {
		t.Error("no search skipped")
	}
}

// TestMultipleZeroRuns rates hard puzzles without a budget with and
// without the zero set's skip: the same results, the work counted aside
// (a skipped search counts no nodes).
func TestMultipleZeroRuns(t *testing.T) {
	picks := nestedPicks(t)
	with, without := rateToggled(t, picks, &multipleZeroOff, false), rateToggled(t, picks, &multipleZeroOff, true)
	for i := range with {
		with[i].Work, without[i].Work = 0, 0
		if !reflect.DeepEqual(with[i], without[i]) {
			t.Errorf("puzzle %d: with the skip %.1f %s, without %.1f %s", i, with[i].ER, with[i].Hardest, without[i].ER, without[i].Hardest)
		}
	}
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
	// no hint, every 40th
	srcs := sampleGrids(t, &multipleZeroGrid, 40)
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

// TestP21EmptyRuns rates hard puzzles without a budget with and without
// p21EmptyAfter's skip of producer 21 inside the levels: the same
// results, the work counted aside. (TestP21PruneSame checks every skipped
// grid against a full run.)
func TestP21EmptyRuns(t *testing.T) {
	picks := nestedPicks(t)
	skips := 0
	p21PruneCheck = func(pruned, full []chainHint) {
		if pruned == nil {
			skips++
		}
	}
	with := rateToggled(t, picks, &p21EmptyOff, false)
	withSkips := skips
	p21PruneCheck = nil
	without := rateToggled(t, picks, &p21EmptyOff, true)
	for i := range with {
		with[i].Work, without[i].Work = 0, 0
		if !reflect.DeepEqual(with[i], without[i]) {
			t.Errorf("puzzle %d: with the skip %.1f %s, without %.1f %s", i, with[i].ER, with[i].Hardest, without[i].ER, without[i].Hardest)
		}
	}
	if withSkips == 0 {
		t.Error("no producer-21 run skipped")
	}
}

// TestP21EmptyKept rates hard puzzles without a budget and checks every
// working grid p21EmptyAfter keeps against the strong index of its whole
// graph: no candidate's assumption implies its opposite, and no component
// on a long cycle may eliminate anything (srcFacts' quiet and
// cycle-free, which a subgraph inherits).
func TestP21EmptyKept(t *testing.T) {
	kept, bad := 0, 0
	p21EmptyCheck = func(g *Grid) {
		kept++
		e := getChainer(g)
		defer e.release()
		var si strongIndex
		si.build(&e.implGraph, true, true)
		ok := true
		for cell, m := range g.Cand {
			if popc(m) < 2 {
				continue
			}
			for ; m != 0; m &= m - 1 {
				k := int32(cell*g.Geo.N + trailing(m))
				if si.implies(&e.implGraph, k, true) || si.implies(&e.implGraph, k, false) {
					ok = false
				}
			}
		}
		for _, k := range si.keys {
			if si.onLongCycle(k) && si.cycleMayEliminate(&e.implGraph, k) {
				ok = false
			}
		}
		if !ok {
			bad++
		}
	}
	defer func() { p21EmptyCheck = nil }()
	rateSE(t, nestedPicks(t))
	t.Logf("grids kept: %d", kept)
	if kept == 0 {
		t.Error("no grid kept")
	}
	if bad > 0 {
		t.Fatalf("%d kept grids may hold a forcing chain or a cycle", bad)
	}
}

// sampleGrids rates hard puzzles (nesting levels 2-3) with *hook set to
// keep a copy of every every-th grid it is given, and returns them.
func sampleGrids(t *testing.T, hook *func(*Grid), every int) []*Grid {
	t.Helper()
	var out []*Grid
	k := 0
	*hook = func(g *Grid) {
		if k++; k%every == 0 {
			out = append(out, g.Clone())
		}
	}
	defer func() { *hook = nil }()
	rateSE(t, nestedPicks(t))
	return out
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
