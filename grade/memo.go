package grade

import (
	"sync/atomic"

	"github.com/sudogen/sudogen/sudoku"
)

// gridMemo caches the positions of each digit in each unit and the empty
// cells per unit. The solving loop attaches one to the grid it solves;
// Grid.Place and Grid.Eliminate keep it up to date, so the producers of
// every step share it without recomputing. Outside the loop (a finder
// called on its own) grids have no memo and finders compute what they need
// afresh. Code that changes Cand or Values directly while a memo is
// attached must call invalidate.
type gridMemo struct {
	valid bool
	pos   [][sudoku.MaxN]uint32
	empty []int
	step  Step // scratch step (newStep)
	// hq, when set (the HoDoKu profile's Prepare), mirrors HoDoKu's
	// singles queues; Grid.Place and Grid.Eliminate feed it.
	hq    *hodokuSingles
	hqBuf hodokuSingles
	// fish remembers the digits each fish search found nothing for
	// (fish_memo.go).
	fish fishMemo
	// singleChains remembers the digits HoDoKu's X-chain (0) and turbot
	// fish (1) searches found nothing for (digitMemo, fish_memo.go).
	singleChains [2]digitMemo
	// bivalueChains remembers the grid states HoDoKu's XY-chain (0) and
	// remote pair (1) searches found nothing in (bivalueMemo,
	// simple_chains.go).
	bivalueChains [2]bivalueMemo
	// seXCycles remembers the digits SE's producer 21 found nothing for
	// in its X-links pass (cycleSearch.search).
	seXCycles digitMemo
	// als keeps the ALS and RCs of the last grid state (alsDataOf).
	als alsMemo
	// digits are the digit memories of the other single-digit searches
	// (digitSearch*, digitSkip; fish_memo.go).
	digits [numDigitSearches]digitMemo
	// rects keeps the last HoDoKu rectangle scans, unique then avoidable
	// rectangles (rectsMemo, uniqueness.go): each reads the whole grid.
	rects [2]rectsMemo
	// sdc is the Sue de Coq search's memory (sdcMemo, sue_de_coq.go).
	sdc sdcMemo
	// ul is SE's unique-loop search's memory (ulMemo, unique_loops.go).
	ul ulMemo
	// ate is aligned triple exclusion's memory (ateMemo, exclusion.go).
	ate ateMemo
	// track is set on a solving loop's memo (invalidate): its tables are
	// built by unitTables and changed by place and remove only, so ver
	// follows every change of a house. A memo filled directly (the
	// forcing chains' views) never tracks.
	track bool
	// ver[h] counts the changes of house h's tables: every candidate
	// leaving one of its cells and every rebuild adds one.
	ver []uint64
	// clean[s][h] is ver[h] when per-house search s last went through
	// house h and reported nothing (houseMarks).
	clean [numHouseScans][]uint64
	// locks keeps the typed layout's locked-candidates filter per pair
	// of house kinds (lockMemo, layout_rating.go).
	locks []lockMemo
}

// houseScan names a search that goes house by house and whose steps in a
// house depend only on that house's candidates (its positions table and
// the candidates of its cells): a house it went through without a step
// has none until the house changes, and the search skips it.
type houseScan uint8

const (
	scanHiddenSingle houseScan = iota
	scanDirectHidden2
	scanDirectHidden3
	scanHidden2
	scanHidden3
	scanHidden4
	scanNaked2
	scanNaked3
	scanNaked4
	// the naked and locked subsets whose steps clear every house the
	// set's cells share (HoDoKu's): their marks are the sums of the
	// versions of the house and of the houses sharing two or more cells
	// with it (findNakedSubsets)
	scanSharedNaked2
	scanSharedNaked3
	scanSharedNaked4
	scanLocked2
	scanLocked3
	scanLocked4
	numHouseScans
)

// houseMarksOff, set by a test, makes every per-house search go through
// every house (the reference the marks are checked against).
var houseMarksOff bool

// houseMarks returns, for search s on a tracked memo, the houses'
// versions and s's marks: house h needs no search while clean[h] ==
// ver[h], and the search sets clean[h] = ver[h] after going through h
// without a step. Both are nil without a tracked memo (every house is
// searched). Call it after unitTables.
func (g *Grid) houseMarks(s houseScan) (ver, clean []uint64) {
	m := g.memo
	if m == nil || !m.track || !m.valid || len(m.ver) != len(m.pos) || houseMarksOff {
		return nil, nil
	}
	return m.ver, m.clean[s]
}

// unitTables returns the positions of every digit in every house of the
// layout (pos[h][d-1] has bit i set when the house's i-th cell holds
// candidate d) and the number of empty cells of each house.
func (g *Grid) unitTables() ([][sudoku.MaxN]uint32, []int) {
	m := g.memo
	l := g.lay()
	if m == nil {
		m = &gridMemo{}
	} else if m.valid && len(m.pos) == len(l.Houses) {
		return m.pos, m.empty
	}
	nu := len(l.Houses)
	if len(m.pos) != nu {
		m.pos = make([][sudoku.MaxN]uint32, nu)
		m.empty = make([]int, nu)
	}
	if m.track {
		if len(m.ver) != nu {
			// fresh marks are 0, the versions 1 from the loop below
			m.ver = make([]uint64, nu)
			for s := range m.clean {
				m.clean[s] = make([]uint64, nu)
			}
		}
		// a rebuild is a change of every house
		for h := range m.ver {
			m.ver[h]++
		}
	}
	clear(m.pos)
	clear(m.empty)
	for c, v := range g.Values {
		slots := l.slots[c]
		if v == 0 {
			for _, sl := range slots {
				m.empty[sl.house]++
			}
		}
		for cand := g.Cand[c]; cand != 0; cand &= cand - 1 {
			d := trailing(cand)
			for _, sl := range slots {
				m.pos[sl.house][d] |= sl.bit
			}
		}
	}
	m.valid = true
	return m.pos, m.empty
}

// invalidate forgets the cached tables (recomputed on next use). The
// solving loop calls it on its memo before every run: from then on the
// memo tracks the changes of each house (track).
func (m *gridMemo) invalidate() {
	m.valid = false
	m.track = true
}

// remove updates the tables for candidate d (0-based) leaving cell.
func (m *gridMemo) remove(g *Grid, cell, d int) {
	if !m.valid {
		return
	}
	for _, sl := range g.lay().slots[cell] {
		m.pos[sl.house][d] &^= sl.bit
	}
	if m.track {
		for _, sl := range g.lay().slots[cell] {
			m.ver[sl.house]++
		}
	}
}

// place updates the tables for digit d (1-based) placed in cell: the
// cell's candidates and d in every peer leave, the cell is no longer empty.
func (m *gridMemo) place(g *Grid, cell int, d uint8) {
	if !m.valid {
		return
	}
	l := g.lay()
	for c := g.Cand[cell]; c != 0; c &= c - 1 {
		m.remove(g, cell, trailing(c))
	}
	if g.Values[cell] == 0 {
		for _, sl := range l.slots[cell] {
			m.empty[sl.house]--
		}
	}
	bit := uint32(1) << (d - 1)
	for _, p := range l.Peers[cell] {
		if g.Cand[p]&bit != 0 {
			m.remove(g, p, int(d-1))
		}
	}
}

// newStep returns an empty step for a finder to fill and emit. Inside the
// solving loop it reuses the memo's step and slices (the loop copies what
// it keeps before the next search), so frequent steps do not allocate;
// elsewhere it is a fresh Step.
func (g *Grid) newStep() *Step {
	m := g.memo
	if m == nil {
		return &Step{}
	}
	s := &m.step
	*s = Step{Placements: s.Placements[:0], Eliminations: s.Eliminations[:0], Units: s.Units[:0], Cells: s.Cells[:0], Support: s.Support[:0], Chain: s.Chain[:0], Digits: s.Digits[:0]}
	return s
}

// workBudget bounds the work of one solving run (Options.MaxWork): units
// are chain nodes made by forcing-chain searches.
type workBudget struct {
	limit     int64
	used      atomic.Int64
	exhausted atomic.Bool
}
