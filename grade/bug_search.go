package grade

import "slices"

// The BUG search (SE's producer 19, findBUG). On the classic layout it is
// Sudoku Explainer 1.2.1's (SE-RULES.md section 3.2); on a variant it is
// SukakuExplainer's BivalueUniversalGrave with lkSudoku's fix
// (Settings.islkSudokuBUG, on by default there), which differs in:
//
//   - the houses: every house of the board, visited kind by kind in
//     SukakuExplainer's order of region types (boxes, rows, columns, then
//     the extra kinds: layoutRating.vlock; on a non-consecutive board
//     boxes, rows, columns, as classic), each of which must hold every
//     remaining digit twice;
//   - when every digit that appears other than twice in a house is the
//     same digit, every cell with three or more candidates holding it in
//     such a house is a BUG cell with that digit (a BUG type 2 whose cells
//     do not show one by one);
//   - a bivalue cell of the grave that sees a cell by a sees pair alone
//     (a knight's or king's move) or is next to one by a non-consecutive
//     pair, where that cell can still hold a digit that would tell the
//     grave's two fillings apart, means there is no BUG (isRestricted;
//     consecutiveBUG, antiBUG);
//   - type 3 looks for its naked set degree by degree, then house kind by
//     house kind (SE 1.2.1: house kind by house kind, then degree); on
//     boards with typed houses or sees pairs its digits go from every
//     cell that sees the set's cells holding them (generalized naked
//     sets), elsewhere from the house's other cells.

// bugGroups returns the kinds of houses of the BUG search on g's layout
// in order, and whether the search is SukakuExplainer's (lk): a typed
// layout's (layoutRating.vlock), a non-consecutive board's and the
// classic layout's boxes, rows, columns (SE's order A); nil on a layout
// with untyped extra houses (no BUG).
func bugGroups(g *Grid) (groups [][]int, lk bool) {
	l := g.lay()
	if lr := l.rating(); lr != nil {
		return lr.vlock, true
	}
	if !l.Plain() {
		return nil, false
	}
	return l.frameKinds(), l.sukakuRules()
}

// bugSearch is the state of one BUG search.
type bugSearch struct {
	g      *Grid
	t      *seTables
	groups [][]int
	lk     bool     // SukakuExplainer's rules (see the top of the file)
	cells  []int    // BUG cells, in the order found
	digits []uint32 // their BUG digits
	all    uint32   // every BUG digit
	common cellSet  // cells that see every BUG cell (nil: none yet)
}

// addCell makes c a BUG cell (if it is not) with digit bit d (0: none
// yet; set replaces its digits with d) and narrows the common peers;
// false when two or more BUG digits leave no common peer (no type 1, 2
// or 3).
func (s *bugSearch) addCell(c int, d uint32, set bool) bool {
	i := slices.Index(s.cells, c)
	if i < 0 {
		s.cells = append(s.cells, c)
		s.digits = append(s.digits, 0)
		i = len(s.cells) - 1
	}
	if set {
		s.digits[i] = d
	} else {
		s.digits[i] |= d
		s.all |= d
	}
	pm := s.t.peerMask[c]
	if s.common == nil {
		s.common = make(cellSet, len(pm))
		copy(s.common, pm)
	} else {
		for w := range s.common {
			s.common[w] &= pm[w]
		}
	}
	for _, b := range s.cells {
		s.common[b>>6] &^= 1 << (b & 63)
	}
	return !(len(s.cells) > 1 && popc(s.all) > 1 && s.common.empty())
}

// findBUGIn is the BUG search over the kinds of houses groups, with
// SukakuExplainer's rules if lk (see the top of the file).
func findBUGIn(g *Grid, groups [][]int, lk bool, emit func(*Step) bool) {
	l := g.lay()
	s := &bugSearch{g: g, t: tablesFor(g), groups: groups, lk: lk}
	n := l.N
	temp := append([]uint32(nil), g.Cand...)
	pos, _ := g.unitTables()
	// extra cells of the one digit that is off everywhere (lkSudoku)
	var extraCells []int
	only, oneDigit, anyOff := 0, true, false
	for _, grp := range groups {
		for _, h := range grp {
			cells := l.Houses[h]
			for d := 0; d < n; d++ {
				p := pos[h][d]
				if k := popc(p); k == 0 || k == 2 {
					continue
				}
				var bigBuf [32]int
				big := bigBuf[:0]
				for m := p; m != 0; m &= m - 1 {
					if c := cells[trailing(m)]; popc(g.Cand[c]) >= 3 {
						big = append(big, c)
					}
				}
				switch {
				case !lk:
				case !anyOff:
					anyOff, only = true, d
					extraCells = appendCells(extraCells, big...)
				case oneDigit && only == d:
					extraCells = appendCells(extraCells, big...)
				default:
					oneDigit = false
				}
				if len(big) == 1 {
					c := big[0]
					temp[c] &^= 1 << d
					if !s.addCell(c, 1<<d, false) {
						return
					}
				}
				if len(big) == 0 {
					return // a digit off twice with no cell to blame
				}
			}
		}
	}
	if lk && anyOff && oneDigit && len(extraCells) > len(s.cells) {
		// in index order (SukakuExplainer's CellSet)
		sortInts(extraCells)
		for _, c := range extraCells {
			if slices.Contains(s.cells, c) {
				continue
			}
			temp[c] &^= 1 << only
			if !s.addCell(c, 1<<only, true) {
				return
			}
		}
	}
	for c, m := range temp {
		if g.Values[c] == 0 && popc(m) != 2 {
			return
		}
	}
	for _, grp := range groups {
		for _, h := range grp {
			var cnt [32]int
			for _, c := range l.Houses[h] {
				for m := temp[c]; m != 0; m &= m - 1 {
					cnt[trailing(m)]++
				}
			}
			for d := 0; d < n; d++ {
				if cnt[d] != 0 && cnt[d] != 2 {
					return
				}
			}
		}
	}
	if l.consecutiveBUG(g, temp) || l.antiBUG(g, temp) {
		return
	}
	s.hints(emit)
}

// hints emits the BUG's hints in SukakuExplainer's order.
func (s *bugSearch) hints(emit func(*Step) bool) {
	g := s.g
	mk := func(typ int, diff float64, el []Candidate) *Step {
		return &Step{Tech: [...]string{1: "bug-1", 2: "bug-2", 3: "bug-3", 4: "bug-4"}[typ], Detail: [...]string{1: "type 1", 2: "type 2", 3: "type 3", 4: "type 4"}[typ], Difficulty: diff, Eliminations: el, Cells: s.cells, Digits: maskDigits(s.all)}
	}
	switch {
	case len(s.cells) == 1:
		c := s.cells[0]
		var el []Candidate
		for m := g.Cand[c] &^ s.all; m != 0; m &= m - 1 {
			el = append(el, Candidate{c, uint8(trailing(m) + 1)})
		}
		if len(el) > 0 {
			emit(mk(1, 0, el))
		}
	case popc(s.all) == 1:
		if s.common != nil {
			var el []Candidate
			for c := range g.Cand {
				if s.common.has(c) && g.Cand[c]&s.all != 0 {
					el = append(el, Candidate{c, uint8(trailing(s.all) + 1)})
				}
			}
			if len(el) > 0 && !emit(mk(2, 0, el)) {
				return
			}
		}
		if len(s.cells) == 2 {
			s.type4(mk, emit)
		}
	case s.common != nil && !s.common.empty():
		if len(s.cells) == 2 && !s.type4(mk, emit) {
			return
		}
		s.type3(mk, emit)
	}
}

// sharedHouse returns the house of kind grp that holds every BUG cell, or
// -1.
func (s *bugSearch) sharedHouse(grp []int) int {
	u := -1
	for _, c := range s.cells {
		cu := -1
		for _, h := range grp {
			if s.t.inUnit[h][c] >= 0 {
				cu = h
				break
			}
		}
		if cu < 0 || (u >= 0 && cu != u) {
			return -1
		}
		u = cu
	}
	return u
}

// type4: two BUG cells in one house sharing one digit beside their BUG
// digits; each keeps its BUG digits and that one (a hint per house kind
// they share, as SukakuExplainer lists them).
func (s *bugSearch) type4(mk func(int, float64, []Candidate) *Step, emit func(*Step) bool) bool {
	g := s.g
	c1, c2 := s.cells[0], s.cells[1]
	d := g.Cand[c1] & g.Cand[c2] &^ s.all
	if popc(d) != 1 {
		return true
	}
	for _, grp := range s.groups {
		if s.sharedHouse(grp) < 0 {
			continue
		}
		var el []Candidate
		for i, c := range s.cells {
			for m := g.Cand[c] &^ (s.digits[i] | d); m != 0; m &= m - 1 {
				el = append(el, Candidate{c, uint8(trailing(m) + 1)})
			}
		}
		if len(el) > 0 && !emit(mk(4, 0, el)) {
			return false
		}
	}
	return true
}

// type3: the BUG cells, taken as one cell holding the BUG digits, and
// k-1 common peers in a house they share form a naked set of k digits;
// degree by degree, then house kind by house kind (SE 1.2.1: kind by
// kind, then degree).
func (s *bugSearch) type3(mk func(int, float64, []Candidate) *Step, emit func(*Step) bool) {
	if s.lk {
		for k := 2; k <= 6; k++ {
			for _, grp := range s.groups {
				if !s.type3In(grp, k, mk, emit) {
					return
				}
			}
		}
		return
	}
	for _, grp := range s.groups {
		for k := 2; k <= 6; k++ {
			if !s.type3In(grp, k, mk, emit) {
				return
			}
		}
	}
}

// type3In is type 3 of degree k in the house of kind grp that holds the
// BUG cells (if any); false when emit asks to stop.
func (s *bugSearch) type3In(grp []int, k int, mk func(int, float64, []Candidate) *Step, emit func(*Step) bool) bool {
	g := s.g
	l := g.lay()
	u := s.sharedHouse(grp)
	if u < 0 {
		return true
	}
	var rc []int
	for c := range g.Cand {
		if s.common.has(c) && s.t.inUnit[u][c] >= 0 {
			rc = append(rc, c)
		}
	}
	if len(rc) < k {
		return true // (SukakuExplainer's bound; with k-1 no cell is left to clear)
	}
	comb := make([]int, k-1)
	for i := range comb {
		comb[i] = i
	}
	set := make([]int, 0, k-1+len(s.cells))
	for {
		var union uint32
		ok := true
		set = set[:0]
		for _, i := range comb {
			m := g.Cand[rc[i]]
			ok = ok && popc(m) >= 2
			union |= m
			set = append(set, rc[i])
		}
		if ok && popc(union) == k && popc(union|s.all) == k {
			var el []Candidate
			if l.rating() != nil {
				el = seenByAll(nil, g.Cand, s.t.peerMask, nil, append(set, s.cells...), union)
			} else {
				for _, c := range l.Houses[u] {
					if slices.Contains(set, c) || slices.Contains(s.cells, c) {
						continue
					}
					for m := g.Cand[c] & union; m != 0; m &= m - 1 {
						el = append(el, Candidate{c, uint8(trailing(m) + 1)})
					}
				}
			}
			if len(el) > 0 {
				d := mustTech("bug-3").SE
				for j := 0; j < k-1; j++ {
					d += 0.1
				}
				if !emit(mk(3, d, el)) {
					return false
				}
			}
		}
		if !nextColex(comb, len(rc)) {
			return true
		}
	}
}

// antiBUG is SukakuExplainer's test of a BUG where there are sees pairs
// (BivalueUniversalGrave.isRestricted on anti-king and anti-knight
// boards): a bivalue cell of the grave (bug: the grid's candidates less
// the BUG cells' extra digits) that sees, by a sees pair alone, a cell of
// g that can still hold one of its two digits means there is no BUG.
func (l *Layout) antiBUG(g *Grid, bug []uint32) bool {
	lr := l.rating()
	if lr == nil || lr.anti == nil {
		return false
	}
	for c, m := range bug {
		if g.Values[c] != 0 || popc(m) != 2 {
			continue
		}
		for _, p := range lr.anti[c] {
			if g.Cand[p]&m != 0 {
				return true
			}
		}
	}
	return false
}

func (s cellSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// appendCells appends the cells of add that list lacks.
func appendCells(list []int, add ...int) []int {
	for _, c := range add {
		if !slices.Contains(list, c) {
			list = append(list, c)
		}
	}
	return list
}
