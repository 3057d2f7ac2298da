package grade

import "testing"

// TestMultipleUseSame rates hard puzzles (nesting levels 2-3; the rating
// nestedSkipped, shared) without a budget with every level-3 inner
// multiple forcing search that mayUse skips run in full: none of its hints
// may have rule parents (the search would have given the propagation no
// off node). Some searches must be skipped, and some must not (mayUse
// answers yes too).
func TestMultipleUseSame(t *testing.T) {
	s := nestedSkipped(t)
	t.Logf("multiple forcing searches skipped: %d (none usable: %v); hints of searches run: %d", s.use.n, s.use.bad == 0, s.searched)
	if s.use.n == 0 {
		t.Error("no search skipped")
	}
	if s.searched == 0 {
		t.Error("no search with hints run")
	}
	s.use.report(t, "skipped searches")
}

// TestMultipleUseRuns rates hard puzzles without a budget without
// mayUse's skip (the shared rating, nestedRef, has it): the same results,
// the work counted aside (a skipped search counts no nodes). The rating
// without it has the zero set's and p21EmptyAfter's skips off too
// (nestedSkipsOff, shared with TestMultipleZeroRuns and TestP21EmptyRuns;
// the Same tests say which skip is wrong).
func TestMultipleUseRuns(t *testing.T) {
	sameWorkAside(t, nestedRef(t), nestedSkipsOff(t))
}

// TestMultipleUseGrids asks mayUse about working grids made from the
// candidate grids of hard puzzles (the source) by removing one candidate
// of a cell with three or more, and runs the full search on each: a grid
// mayUse turns down has no hint with rule parents. Among the grids
// without a lost strong link (where mayUse's answer is its questions'),
// some must have usable hints, from a cell forcing chain of the cell that
// lost the candidate and from a region forcing chain of its digit, so a
// question left out shows; a cell left with two candidates makes a lost
// strong link inside a cell. The full search runs where it checks
// something: on every grid mayUse turns down (a question left out turns
// down a grid with usable hints, which is then searched), and on the
// others only until usable cell and region forcing hints were seen (329
// of the 2,353 grids, where every grid was searched).
func TestMultipleUseGrids(t *testing.T) {
	ps := serPicks(t, 8.0, 99, 5, 12)
	ctx := &fcContext{}
	m := fcMode{multiple: true}
	grids, asked, skipped, searched, cellUse, regionUse := 0, 0, 0, 0, 0, 0
	for _, p := range ps {
		src := NewGrid(p)
		for cell, cm := range src.Cand {
			if popc(cm) < 3 {
				continue
			}
			for dm := cm; dm != 0; dm &= dm - 1 {
				g := src.Clone()
				g.Eliminate(cell, uint8(trailing(dm)+1))
				grids++
				s := newFCSearch(g, ctx, m)
				lost := s.lostLink(src.Cand)
				may := s.mayUse(src.Cand)
				s.release()
				if !lost {
					asked++
					if !may {
						skipped++
					}
				}
				if may && (lost || cellUse > 0 && regionUse > 0) {
					continue // nothing the search could show
				}
				searched++
				s = newFCSearch(g, ctx, m)
				s.search(0, len(g.Cand))
				usable := 0
				for i := range s.hints {
					h := &s.hints[i]
					if len(s.ruleParents(h, src.Cand, g.Cand)) == 0 {
						continue
					}
					usable++
					if !lost && h.kind == fcCell {
						cellUse++
					}
					if !lost && h.kind == fcRegion {
						regionUse++
					}
				}
				s.release()
				if !may && usable > 0 {
					t.Fatalf("%s: cell %d less digit %d: mayUse says no, the search has %d hints with rule parents", p, cell, trailing(dm)+1, usable)
				}
			}
		}
	}
	t.Logf("grids %d, without a lost strong link %d, %d of them turned down; searched in full: %d; usable cell forcing hints %d, region %d",
		grids, asked, skipped, searched, cellUse, regionUse)
	if skipped == 0 || cellUse == 0 || regionUse == 0 {
		t.Error("too few grids of each kind")
	}
}
