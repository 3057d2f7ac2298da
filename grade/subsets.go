package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Subsets: naked and hidden pairs, triples and quads, and SE's direct
// hidden pair and triple. They work on every box shape.

var subsetTechniques = []Technique{
	{ID: "naked-pair", Name: "Naked Pair", HoDoKuName: "Naked Pair", Family: "subsets", SEFixed: true, Houses: true, SE: 3.0, HoDoKuScore: 60, HoDoKuLevel: LevelMedium, Find: nakedFinder(2), Explain: explainNaked},
	{ID: "naked-triple", Name: "Naked Triple", HoDoKuName: "Naked Triple", Family: "subsets", SEFixed: true, Houses: true, SE: 3.6, HoDoKuScore: 80, HoDoKuLevel: LevelMedium, Find: nakedFinder(3), Explain: explainNaked},
	{ID: "naked-quad", Name: "Naked Quadruple", HoDoKuName: "Naked Quadruple", Family: "subsets", SEFixed: true, Houses: true, SE: 5.0, HoDoKuScore: 120, HoDoKuLevel: LevelHard, Find: nakedFinder(4), Explain: explainNaked},
	{ID: "hidden-pair", Name: "Hidden Pair", HoDoKuName: "Hidden Pair", Family: "subsets", SEFixed: true, Houses: true, SE: 3.4, HoDoKuScore: 70, HoDoKuLevel: LevelMedium, Find: hiddenFinder(2), Explain: explainHidden},
	{ID: "hidden-triple", Name: "Hidden Triple", HoDoKuName: "Hidden Triple", Family: "subsets", SEFixed: true, Houses: true, SE: 4.0, HoDoKuScore: 100, HoDoKuLevel: LevelMedium, Find: hiddenFinder(3), Explain: explainHidden},
	{ID: "hidden-quad", Name: "Hidden Quadruple", HoDoKuName: "Hidden Quadruple", Family: "subsets", SEFixed: true, Houses: true, SE: 5.4, HoDoKuScore: 150, HoDoKuLevel: LevelHard, Find: hiddenFinder(4), Explain: explainHidden},
	{ID: "direct-hidden-pair", Name: "Direct Hidden Pair", Family: "subsets", PlayPage: true, SEFixed: true, Frame: true, SE: 2.0, SENote: "a hidden pair that at once leaves a hidden single; only the single is placed",
		Find: directHiddenFinder(2), Explain: explainDirectHidden},
	{ID: "direct-hidden-triple", Name: "Direct Hidden Triple", Family: "subsets", PlayPage: true, SEFixed: true, Frame: true, SE: 2.5, SENote: "a hidden triple that at once leaves a hidden single; only the single is placed",
		Find: directHiddenFinder(3), Explain: explainDirectHidden},
}

func init() { registerTechniques(subsetTechniques...) }

var subsetTech = [2][5]string{
	{"", "", "naked-pair", "naked-triple", "naked-quad"},
	{"", "", "hidden-pair", "hidden-triple", "hidden-quad"},
}

// subsetIter enumerates the k-subsets of masks (indexes into masks) whose
// union has exactly k bits, in colex order (the largest index varies
// slowest: SE's order) or lexicographic order, pruning partial picks whose
// union already exceeds k bits. It allocates nothing:
//
//	var it subsetIter
//	it.reset(len(masks), k, colex)
//	for it.next(masks) { use it.pick(), it.union() }
type subsetIter struct {
	n     int // number of masks
	k     int
	colex bool
	depth int
	cur   [sudoku.MaxN]int        // choice per level
	acc   [sudoku.MaxN + 1]uint32 // union of the choices above a level
	picks [sudoku.MaxN]int
}

// reset starts the enumeration of the k-subsets of n masks in place: the
// iterator's arrays (some 500 bytes) are not cleared, as a fresh value
// would be, since next writes every level before reading it (the scans
// reset one per house and digit count, the hot spot of a variant
// layout's ladder).
func (it *subsetIter) reset(n, k int, colex bool) {
	it.n, it.k, it.colex, it.depth = n, k, colex, 0
	it.acc[0] = 0
	if n < k || k == 0 {
		it.depth = -1
		return
	}
	it.cur[0] = it.lo(0) - 1
}

// lo and hi bound the choice at level l (hi exclusive). Lexicographic
// levels pick elements left to right; colex levels right to left.
func (it *subsetIter) lo(l int) int {
	if it.colex {
		return it.k - 1 - l
	}
	if l == 0 {
		return 0
	}
	return it.cur[l-1] + 1
}

func (it *subsetIter) hi(l int) int {
	if it.colex {
		if l == 0 {
			return it.n
		}
		return it.cur[l-1]
	}
	return it.n - (it.k - l) + 1
}

// next advances to the next subset of masks (the same slice at every
// call) and reports whether there is one.
func (it *subsetIter) next(masks []uint32) bool {
	for it.depth >= 0 {
		l := it.depth
		it.cur[l]++
		if it.cur[l] >= it.hi(l) {
			it.depth--
			continue
		}
		u := it.acc[l] | masks[it.cur[l]]
		if popc(u) > it.k {
			continue
		}
		it.acc[l+1] = u
		if l+1 == it.k {
			if popc(u) == it.k {
				return true
			}
			continue
		}
		it.depth = l + 1
		it.cur[l+1] = it.lo(l+1) - 1
	}
	return false
}

// pick returns the current subset's indexes, ascending (valid until the
// next call of next).
func (it *subsetIter) pick() []int {
	for i := 0; i < it.k; i++ {
		if it.colex {
			it.picks[i] = it.cur[it.k-1-i]
		} else {
			it.picks[i] = it.cur[i]
		}
	}
	return it.picks[:it.k]
}

// union is the current subset's union of masks.
func (it *subsetIter) union() uint32 { return it.acc[it.k] }

// nakedScan enumerates the naked sets of size k of unit u: sets of cells
// with min..k candidates each whose candidates are k digits together.
type nakedScan struct {
	np    int
	pool  [sudoku.MaxN]int
	masks [sudoku.MaxN]uint32
	buf   [sudoku.MaxN]int
	it    subsetIter
}

func (ns *nakedScan) init(g *Grid, u, k, min int, colex bool) {
	np := 0
	for _, c := range g.lay().Houses[u] {
		if n := popc(g.Cand[c]); n >= min && n <= k {
			ns.pool[np] = c
			ns.masks[np] = g.Cand[c]
			np++
		}
	}
	ns.np = np
	ns.it.reset(np, k, colex)
}

// next advances to the next naked set.
func (ns *nakedScan) next() bool { return ns.it.next(ns.masks[:ns.np]) }

// cells returns the current set's cells (valid until the next step).
func (ns *nakedScan) cells() []int {
	p := ns.it.pick()
	for i, x := range p {
		ns.buf[i] = ns.pool[x]
	}
	return ns.buf[:len(p)]
}

// hiddenScan enumerates the hidden sets of size k of a unit: k digits
// with min..k positions each whose positions cover k cells together.
type hiddenScan struct {
	nd    int
	digs  [sudoku.MaxN]int
	masks [sudoku.MaxN]uint32
	it    subsetIter
}

func (hs *hiddenScan) init(pos *[sudoku.MaxN]uint32, n, k, min int, colex bool) {
	nd := 0
	span := uint(k - min) // min <= popc <= k as one unsigned comparison
	for d, p := range pos[:n] {
		if uint(popc(p)-min) <= span {
			hs.digs[nd] = d
			hs.masks[nd] = p
			nd++
		}
	}
	hs.nd = nd
	hs.it.reset(nd, k, colex)
}

// next advances to the next hidden set.
func (hs *hiddenScan) next() bool { return hs.it.next(hs.masks[:hs.nd]) }

// digits is the current set's digit mask (bit d-1 for digit d).
func (hs *hiddenScan) digits() uint32 {
	var m uint32
	for _, p := range hs.it.pick() {
		m |= 1 << hs.digs[p]
	}
	return m
}

// appendSubsetElims adds the candidates in mask of the cells of unit that
// are not in set.
func appendSubsetElims(el []Candidate, g *Grid, unit, set []int, mask uint32) []Candidate {
outer:
	for _, c := range unit {
		m := g.Cand[c] & mask
		if m == 0 {
			continue
		}
		for _, s := range set {
			if s == c {
				continue outer
			}
		}
		for ; m != 0; m &= m - 1 {
			el = append(el, Candidate{c, digitOf(m)})
		}
	}
	return el
}

// nakedFinder finds naked subsets of size k: k cells of a house holding
// only k digits between them; the digits leave the rest of the house (or
// of every house the cells share, scanOrder.sharedHouses).
func nakedFinder(k int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, c *Ctx, emit func(*Step) bool) { findNakedSubsets(g, c.Scan, k, false, emit) }
}

// findNakedSubsets is the one search for naked sets of size k: houses in
// the scan's order with at least subsetRoom*k empty cells, cells with
// subsetMin..k candidates, combinations in the scan's order. locked
// reports only the locked subsets (a box's set lying in a line that
// clears both; boxes only), the others only the rest. HoDoKu's rules
// (sets of cells with one candidate, shared houses, locked subsets apart)
// are rules of rows, columns and boxes: on a layout with other houses
// the search keeps to the house it found the set in.
func findNakedSubsets(g *Grid, sc Scan, k int, locked bool, emit func(*Step) bool) {
	o := sc.order()
	l := g.lay()
	min, shared := o.subsetMin, o.sharedHouses || locked
	if !l.Plain() {
		min, shared = 2, false
	}
	_, empties := g.unitTables()
	// a house's sets and their steps read its cells, and with shared
	// the cells of the other houses the set's cells lie in, which share
	// two or more cells with it (wide): its mark is the sum of their
	// versions (each only grows), so it stays while none of them changes
	var ver, clean []uint64
	var wide [][]int
	switch {
	case k < 2 || k > 4:
	case !shared && !locked:
		ver, clean = g.houseMarks(scanNaked2 + houseScan(k-2))
	case shared && l.Plain():
		s := scanSharedNaked2
		if locked {
			s = scanLocked2
		}
		ver, clean = g.houseMarks(s + houseScan(k-2))
		wide = tablesOf(g.Geo).wide
	}
	mark := func(u int) uint64 {
		v := ver[u]
		if wide != nil {
			for _, h := range wide[u] {
				v += ver[h]
			}
		}
		return v
	}
	emitted := false // in the current house
	emitHere := func(s *Step) bool {
		emitted = true
		return emit(s)
	}
	var ns nakedScan
	lr := l.rating()
	for _, u := range g.houseOrder(sc) {
		if empties[u] < o.subsetRoom*k || (locked && !isBox(g.Geo, u)) || (lr != nil && lr.noNaked[u]) || (clean != nil && clean[u] == mark(u)) {
			continue
		}
		ns.init(g, u, k, min, o.colex)
		emitted = false
		for ns.next() {
			if !subsetStep(g, u, ns.cells(), ns.it.union(), false, shared, locked, emitHere) {
				return
			}
		}
		if clean != nil && !emitted {
			clean[u] = mark(u)
		}
	}
}

// hiddenFinder finds hidden subsets of size k: k digits whose places in a
// house are the same k cells; the other digits leave those cells. Houses
// need more than subsetRoom*k empty cells; digits subsetMin..k places
// (2 on a layout with other houses).
func hiddenFinder(k int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, c *Ctx, emit func(*Step) bool) {
		o := c.Scan.order()
		l := g.lay()
		min := o.subsetMin
		if !l.Plain() {
			min = 2
		}
		allPos, empties := g.unitTables()
		var ver, clean []uint64
		if k >= 2 && k <= 4 {
			ver, clean = g.houseMarks(scanHidden2 + houseScan(k-2))
		}
		emitted := false // in the current house
		emitHere := func(s *Step) bool {
			emitted = true
			return emit(s)
		}
		var hs hiddenScan
		var cells [sudoku.MaxN]int
		for _, u := range g.houseOrder(c.Scan) {
			if empties[u] <= o.subsetRoom*k || (clean != nil && clean[u] == ver[u]) {
				continue
			}
			hs.init(&allPos[u], l.N, k, min, o.colex)
			emitted = false
			for hs.next() {
				j := 0
				for p := hs.it.union(); p != 0; p &= p - 1 {
					cells[j] = l.Houses[u][trailing(p)]
					j++
				}
				if !subsetStep(g, u, cells[:k], hs.digits(), true, false, false, emitHere) {
					return
				}
			}
			if clean != nil && !emitted {
				clean[u] = ver[u]
			}
		}
	}
}

// subsetStep builds the step of the subset cells with digit mask cands,
// found in house u, and emits it when it removes something and is of the
// kind asked for; it returns emit's answer (true when nothing was
// emitted). A hidden set clears the cells' other digits; a naked set
// clears cands from the rest of u, or with shared from every house the
// cells share, in row, column, box order (HoDoKu's createSubsetStep: the
// order of eliminations decides which single HoDoKu finds next), and is
// then a locked subset when it is a pair or triple of a box lying in a
// line that clears both; locked says which of the two kinds to report.
func subsetStep(g *Grid, u int, cells []int, cands uint32, hidden, shared, locked bool, emit func(*Step) bool) bool {
	l := g.lay()
	k := len(cells)
	s := g.newStep()
	isLocked := false
	var cons [3]int
	var same [3]bool
	switch {
	case hidden:
		for _, c := range cells {
			for m := g.Cand[c] &^ cands; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, Candidate{c, digitOf(m)})
			}
		}
	case !shared:
		s.Eliminations = appendSubsetElims(s.Eliminations, g, l.Houses[u], cells, cands)
	default:
		geo := g.Geo
		cons, same = geo.CellUnits[cells[0]], [3]bool{true, true, true}
		for _, c := range cells[1:] {
			cu := geo.CellUnits[c]
			for j := 0; j < 3; j++ {
				if same[j] && cons[j] != cu[j] {
					same[j] = false
				}
			}
		}
		found := 0
		var foundIn [3]bool
		for j := 0; j < 3; j++ {
			if !same[j] {
				continue
			}
			for _, c := range geo.Units[cons[j]] {
				if inCells(c, cells) {
					continue
				}
				m := g.Cand[c] & cands
				if m == 0 {
					continue
				}
				for ; m != 0; m &= m - 1 {
					e := Candidate{c, digitOf(m)}
					if !hasCandidate(s.Eliminations, e) {
						s.Eliminations = append(s.Eliminations, e)
					}
				}
				if !foundIn[j] && (j == 2 || geo.CellUnits[c][2] != cons[2]) {
					foundIn[j] = true
					found++
				}
			}
		}
		isLocked = k < 4 && found > 1 && same[2] && (same[0] || same[1])
	}
	if len(s.Eliminations) == 0 || locked != isLocked {
		return true
	}
	switch {
	case hidden:
		s.Tech = subsetTech[1][k]
	case isLocked:
		s.Tech = "locked-pair"
		if k == 3 {
			s.Tech = "locked-triple"
		}
	default:
		s.Tech = subsetTech[0][k]
	}
	s.Cells = append(s.Cells, cells...)
	for _, c := range cells {
		for m := g.Cand[c] & cands; m != 0; m &= m - 1 {
			s.Support = append(s.Support, Candidate{c, digitOf(m)})
		}
	}
	s.Digits = append(s.Digits, maskDigits(cands)...)
	switch {
	case isLocked:
		// the box, then the line
		s.Units = append(s.Units, cons[2], cons[0])
		if !same[0] {
			s.Units[1] = cons[1]
		}
	case shared:
		s.Units = append(s.Units, u)
		for j := 0; j < 3; j++ {
			if same[j] && cons[j] != u {
				s.Units = append(s.Units, cons[j])
			}
		}
	default:
		s.Units = append(s.Units, u)
	}
	return emit(s)
}

// hasCandidate reports whether c is in list.
func hasCandidate(list []Candidate, c Candidate) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}

// directHiddenFinder is SE's producers 3 (k 2) and 5 (k 3): a hidden set in
// a region with more than k empty cells that leaves a hidden single of
// another digit there; only the single is placed. The boxes, columns and
// rows are searched in that order, then a layout's extra houses
// (SukakuExplainer searches every house).
func directHiddenFinder(k int) func(*Grid, *Ctx, func(*Step) bool) {
	tech := "direct-hidden-pair"
	if k == 3 {
		tech = "direct-hidden-triple"
	}
	return func(g *Grid, _ *Ctx, emit func(*Step) bool) {
		geo := g.Geo
		t := tablesOf(geo)
		l := g.lay()
		allPos, empties := g.unitTables()
		ver, clean := g.houseMarks(scanDirectHidden2 + houseScan(k-2))
		var hs hiddenScan
		nb := len(t.orderB)
		for i := range len(l.Houses) {
			u := i // the extra houses follow the classic ones
			if i < nb {
				u = t.orderB[i]
			}
			if empties[u] <= k || (clean != nil && clean[u] == ver[u]) {
				continue
			}
			pos := &allPos[u]
			hs.init(pos, geo.N, k, 2, true)
			emitted := false
			for hs.next() {
				digits, cells := hs.digits(), hs.it.union()
				for d := 0; d < geo.N; d++ {
					if digits&(1<<d) != 0 || popc(pos[d]) < 2 || popc(pos[d]&^cells) != 1 {
						continue
					}
					cell := l.Houses[u][trailing(pos[d]&^cells)]
					s := g.newStep()
					s.Tech = tech
					s.Placements = append(s.Placements, Candidate{cell, uint8(d + 1)})
					s.Units = append(s.Units, u)
					for m := digits; m != 0; m &= m - 1 {
						s.Digits = append(s.Digits, uint8(trailing(m)+1))
					}
					emitted = true
					if !emit(s) {
						return
					}
					break
				}
			}
			if clean != nil && !emitted {
				clean[u] = ver[u]
			}
		}
	}
}

func explainNaked(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s {%s} in %s: these cells hold only %s between them, so remove them from the other cells of %s: %s",
		strings.ToLower(techName(s.Tech)), digitList(s.Digits), cellList(geo, s.Cells), digitsAnd(s.Digits), unitName(s, geo, 0), resultText(s, geo))
}

func explainHidden(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s {%s} in %s: %s can only go in %s, so those cells lose their other candidates: %s",
		strings.ToLower(techName(s.Tech)), digitList(s.Digits), unitName(s, geo, 0), digitsAnd(s.Digits), cellList(geo, s.Cells), resultText(s, geo))
}

func explainDirectHidden(s *Step, g *Grid) string {
	geo := g.Geo
	p := s.Placements[0]
	kind := "pair"
	if len(s.Digits) == 3 {
		kind = "triple"
	}
	return fmt.Sprintf("%s = %s: %s form a hidden %s in %s, so %s has one place left there",
		geo.CellName(p.Cell), sym(p.Digit), digitsAnd(s.Digits), kind, unitName(s, geo, 0), sym(p.Digit))
}
