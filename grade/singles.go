package grade

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// Singles: full house, hidden single, naked single. They work on every
// layout (houses and sees only).

var singleTechniques = []Technique{
	{ID: "full-house", Name: "Full House", HoDoKuName: "Full House", Family: "singles", PlayPage: true, SEFixed: true, Houses: true, SE: 1.0, HoDoKuScore: 4, HoDoKuLevel: LevelEasy,
		Find: findFullHouse, Explain: explainFullHouse},
	{ID: "hidden-single", Name: "Hidden Single", HoDoKuName: "Hidden Single", Family: "singles", PlayPage: true, SEFixed: true, Houses: true, SE: 1.2, SEByDetail: map[string]float64{"row": 1.5, "column": 1.5, "extra": 1.5},
		SENote: "1.2 in a box, 1.5 in a row or column (and, as SukakuExplainer rates it, in a variant's extra house)", HoDoKuScore: 14, HoDoKuLevel: LevelEasy,
		Find: findHiddenSingle, Explain: explainHiddenSingle},
	{ID: "naked-single", Name: "Naked Single", HoDoKuName: "Naked Single", Family: "singles", PlayPage: true, SEFixed: true, Houses: true, SE: 2.3, HoDoKuScore: 4, HoDoKuLevel: LevelEasy,
		Find: findNakedSingle, Explain: explainNakedSingle},
}

func init() { registerTechniques(singleTechniques...) }

// unitKindName names the kind of unit u: "row", "column" or "box" for
// the classic houses, "extra" for the other houses of a layout with a
// classic frame (a variant's diagonals, windows, ...), "house" for the
// houses of a layout without one (jigsaw, Samurai), rows and columns
// included: a hidden single there rates 1.2 in any house
// (docs/variants.md, "Grading").
func unitKindName(geo *sudoku.Geometry, u int) string {
	if geo == nil {
		return "house"
	}
	if u >= 3*geo.N {
		return "extra"
	}
	switch u / geo.N {
	case 0:
		return "row"
	case 1:
		return "column"
	}
	return "box"
}

// hiddenSingleDetail is the kind of house u a hidden single is found
// in, which rates it (1.2 in a box, 1.5 in a row, column or extra
// house): unitKindName's with a classic frame; without one (jigsaw,
// Samurai) the layout's own lines are rows and columns and the rest
// (regions, a Samurai's boxes) boxes, as Sudoku Explainer rates a hidden
// single in a line 1.5 and in a box 1.2 (until 2026-12-07 every house of
// these boards rated 1.2).
func hiddenSingleDetail(g *Grid, u int) string {
	if g.Geo != nil || u < 0 {
		return unitKindName(g.Geo, u)
	}
	switch g.lay().houseKinds()[u] {
	case fishRow:
		return "row"
	case fishCol:
		return "column"
	}
	return "box"
}

// singleStep builds a single's step: d placed in cell, found in house u
// (u < 0: none, a naked single).
func singleStep(g *Grid, tech string, cell int, d uint8, u int) *Step {
	s := g.newStep()
	s.Tech = tech
	if tech == "hidden-single" {
		s.Detail = hiddenSingleDetail(g, u)
	}
	s.Placements = append(s.Placements, Candidate{cell, d})
	if u >= 0 {
		s.Units = append(s.Units, u)
	}
	s.Cells = append(s.Cells, cell)
	s.Digits = append(s.Digits, d)
	return s
}

// The singles finders visit their candidates in one of two orders (see
// scanOrder.queues): the scan's house order, or HoDoKu's singles queues,
// oldest entry first, where the solving loop keeps them. Either way the
// test of a hit and its step are the same.

// findFullHouse reports cells that are the last empty cell of a house:
// in the scan's house order, each cell once; or the waiting naked singles
// that are the last unsolved cell of a house, in queue order, without
// taking them.
func findFullHouse(g *Grid, c *Ctx, emit func(*Step) bool) {
	if h := g.singlesQueues(c.Scan); h != nil {
		q := &h.ns
		for i := q.head; i < len(q.cell); i++ {
			cell, d := int(q.cell[i]), q.digit[i]
			if g.Values[cell] != 0 {
				continue
			}
			if u, ok := h.fullHouse(cell, d); ok && !emit(singleStep(g, "full-house", cell, d, u)) {
				return
			}
		}
		return
	}
	l := g.lay()
	var seen [sudoku.MaxN * sudoku.MaxN]bool
	var empties []int
	if g.memo != nil {
		_, empties = g.unitTables()
	}
	for _, u := range g.houseOrder(c.Scan) {
		if empties != nil && empties[u] != 1 {
			continue
		}
		empty, n := -1, 0
		var used uint32
		for _, c := range l.Houses[u] {
			if v := g.Values[c]; v != 0 {
				used |= 1 << (v - 1)
			} else {
				n++
				empty = c
			}
		}
		if n != 1 || seen[empty] {
			continue
		}
		miss := l.All &^ used
		if bits.OnesCount32(miss) != 1 || g.Cand[empty]&miss == 0 {
			continue
		}
		seen[empty] = true
		if !emit(singleStep(g, "full-house", empty, digitOf(miss), u)) {
			return
		}
	}
}

// findHiddenSingle reports digits with one place left in a house: in the
// scan's house order, each placement once, in its first house (SE leaves
// houses with one empty cell to full house: scanOrder.lastCellToFullHouse);
// or HoDoKu's waiting hidden singles, taken from the queue, stopping like
// HoDoKu at the first unsolved entry that is no longer a hidden single.
func findHiddenSingle(g *Grid, c *Ctx, emit func(*Step) bool) {
	if h := g.singlesQueues(c.Scan); h != nil {
		for {
			cell, d, ok := h.hs.pop()
			if !ok {
				return
			}
			if g.Values[cell] != 0 {
				continue
			}
			u, ok := h.hiddenUnit(cell, d)
			if !ok || !emit(singleStep(g, "hidden-single", cell, d, u)) {
				return
			}
		}
	}
	skipLast := c.Scan.order().lastCellToFullHouse
	l := g.lay()
	allPos, empties := g.unitTables()
	ver, clean := g.houseMarks(scanHiddenSingle)
	// the singles emitted so far (a single in two houses is reported once)
	var seenBuf [16]Candidate
	seen := seenBuf[:0]
	for _, u := range g.houseOrder(c.Scan) {
		if empties[u] == 0 || (skipLast && empties[u] == 1) || (clean != nil && clean[u] == ver[u]) {
			continue
		}
		pos := &allPos[u]
		single := false
		for d := 0; d < l.N; d++ {
			if pos[d] == 0 || pos[d]&(pos[d]-1) != 0 {
				continue
			}
			single = true
			x := Candidate{l.Houses[u][trailing(pos[d])], uint8(d + 1)}
			if slices.Contains(seen, x) {
				continue
			}
			seen = append(seen, x)
			if !emit(singleStep(g, "hidden-single", x.Cell, x.Digit, u)) {
				return
			}
		}
		if clean != nil && !single {
			clean[u] = ver[u]
		}
	}
}

// findNakedSingle reports cells with one candidate left: row-major, or
// HoDoKu's waiting naked singles taken from the queue (solved cells
// skipped).
func findNakedSingle(g *Grid, c *Ctx, emit func(*Step) bool) {
	if h := g.singlesQueues(c.Scan); h != nil {
		for {
			cell, d, ok := h.ns.pop()
			if !ok {
				return
			}
			if g.Values[cell] == 0 && !emit(singleStep(g, "naked-single", cell, d, -1)) {
				return
			}
		}
	}
	for c, m := range g.Cand {
		if m != 0 && m&(m-1) == 0 {
			if !emit(singleStep(g, "naked-single", c, digitOf(m), -1)) {
				return
			}
		}
	}
}

func explainFullHouse(s *Step, g *Grid) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: the last empty cell of %s", g.Geo.CellName(p.Cell), sym(p.Digit), unitName(s, g.Geo, 0))
}

func explainHiddenSingle(s *Step, g *Grid) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: the only place for %s in %s", g.Geo.CellName(p.Cell), sym(p.Digit), sym(p.Digit), unitName(s, g.Geo, 0))
}

func explainNakedSingle(s *Step, g *Grid) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: the only candidate left in the cell", g.Geo.CellName(p.Cell), sym(p.Digit))
}

// HoDoKu's singles bookkeeping. HoDoKu 2.2.0 does not search the grid for
// singles: its grid keeps, per unit and digit, the number of unsolved
// cells holding the digit, and two queues that every placement and
// elimination feeds as singles appear (a cell left with one candidate; a
// digit left in one cell of a unit). Its full house, naked single and
// hidden single finders read those queues, oldest entry first, so which
// single it takes next depends on the order in which they appeared. That
// order decides whether a cell falls to a hidden single (14 points) or
// later to a naked single (4), so the profile reproduces it: hodokuSingles
// mirrors the counts and queues, fed by Grid.Place and Grid.Eliminate in
// HoDoKu's order (a placement removes the digit from the cell's peers in
// ascending cell order, then releases the cell's own candidates).

// singlesQueue is a FIFO of (cell, digit) entries that can also be read
// without removing and loses entries on request (HoDoKu's
// SudokuSinglesQueue: it empties completely whenever the last entry is
// taken).
type singlesQueue struct {
	cell  []int32
	digit []uint8 // 1-based
	head  int
}

func (q *singlesQueue) clear() {
	q.cell, q.digit, q.head = q.cell[:0], q.digit[:0], 0
}

func (q *singlesQueue) add(cell int, d uint8) {
	q.cell = append(q.cell, int32(cell))
	q.digit = append(q.digit, d)
}

// pop removes and returns the oldest entry; ok is false when the queue
// is empty. Taking the last entry empties the queue completely.
func (q *singlesQueue) pop() (cell int, d uint8, ok bool) {
	if q.head >= len(q.cell) {
		return 0, 0, false
	}
	cell, d = int(q.cell[q.head]), q.digit[q.head]
	q.head++
	if q.head >= len(q.cell) {
		q.clear()
	}
	return cell, d, true
}

// removeAt deletes the entry at position i, keeping the order.
func (q *singlesQueue) removeAt(i int) {
	copy(q.cell[i:], q.cell[i+1:])
	copy(q.digit[i:], q.digit[i+1:])
	q.cell = q.cell[:len(q.cell)-1]
	q.digit = q.digit[:len(q.digit)-1]
}

// hodokuSingles mirrors HoDoKu's candidates, its per-unit counts and its
// two singles queues for one solve.
type hodokuSingles struct {
	geo  *sudoku.Geometry
	n    int
	cand []uint32 // HoDoKu's candidate masks (0 for solved cells)
	val  []uint8
	free []int16 // free[u*n+d0]: unsolved cells of unit u holding digit d0+1
	ns   singlesQueue
	hs   singlesQueue
	asc  [][]int32 // each cell's peers in ascending cell order
}

var (
	ascPeersMu sync.Mutex
	ascPeers   = map[*sudoku.Geometry][][]int32{}
)

// ascendingPeers returns each cell's peers sorted by cell index (HoDoKu's
// buddy sets iterate that way).
func ascendingPeers(geo *sudoku.Geometry) [][]int32 {
	ascPeersMu.Lock()
	defer ascPeersMu.Unlock()
	if p, ok := ascPeers[geo]; ok {
		return p
	}
	p := make([][]int32, geo.Cells)
	for c, ps := range geo.Peers {
		for _, x := range ps {
			p[c] = append(p[c], int32(x))
		}
		sort.Slice(p[c], func(i, j int) bool { return p[c][i] < p[c][j] })
	}
	ascPeers[geo] = p
	return p
}

// load makes the mirror describe g the way HoDoKu's loader builds it from
// a puzzle line: start from an empty grid with every candidate, place
// every filled cell in cell order, then delete the candidates g lacks
// beyond those the placements remove (cell order, digits ascending).
func (h *hodokuSingles) load(g *Grid) {
	geo := g.Geo
	h.geo, h.n = geo, geo.N
	h.asc = ascendingPeers(geo)
	nc := geo.Cells
	if cap(h.cand) < nc {
		h.cand = make([]uint32, nc)
		h.val = make([]uint8, nc)
	}
	h.cand, h.val = h.cand[:nc], h.val[:nc]
	for i := range h.cand {
		h.cand[i] = geo.All
		h.val[i] = 0
	}
	nf := len(geo.Units) * h.n
	if cap(h.free) < nf {
		h.free = make([]int16, nf)
	}
	h.free = h.free[:nf]
	for i := range h.free {
		h.free[i] = int16(h.n)
	}
	h.ns.clear()
	h.hs.clear()
	for c, v := range g.Values {
		if v != 0 {
			h.place(c, v)
		}
	}
	for c := range g.Cand {
		if g.Values[c] != 0 {
			continue
		}
		for extra := h.cand[c] &^ g.Cand[c]; extra != 0; extra &= extra - 1 {
			h.eliminate(c, digitOf(extra))
		}
	}
}

// eliminate removes digit d from cell (HoDoKu's setCandidate(false)).
func (h *hodokuSingles) eliminate(cell int, d uint8) {
	bit := uint32(1) << (d - 1)
	if h.cand[cell]&bit == 0 {
		return
	}
	h.cand[cell] &^= bit
	if h.cand[cell] == 0 {
		return // the grid is broken; HoDoKu stops here too
	}
	if popc(h.cand[cell]) == 1 {
		h.ns.add(cell, digitOf(h.cand[cell]))
	}
	d0 := int(d - 1)
	for _, u := range h.geo.CellUnits[cell] {
		k := u*h.n + d0
		h.free[k]--
		switch h.free[k] {
		case 1:
			h.addHidden(u, d)
		case 0:
			h.dropHidden(u, d)
		}
	}
}

// place sets cell to d (HoDoKu's setCell): d leaves the peers in
// ascending order, then the cell's own candidates leave its units.
func (h *hodokuSingles) place(cell int, d uint8) {
	if h.val[cell] == d {
		return
	}
	own := h.cand[cell]
	h.val[cell] = d
	h.cand[cell] = 0
	for _, p := range h.asc[cell] {
		h.eliminate(int(p), d)
	}
	for m := own; m != 0; m &= m - 1 {
		c := digitOf(m)
		for _, u := range h.geo.CellUnits[cell] {
			k := u*h.n + int(c-1)
			h.free[k]--
			if h.free[k] == 1 && c != d {
				h.addHidden(u, c)
			}
		}
	}
}

// addHidden queues the cell of unit u that still holds d (the first in
// unit order), if any.
func (h *hodokuSingles) addHidden(u int, d uint8) {
	bit := uint32(1) << (d - 1)
	for _, c := range h.geo.Units[u] {
		if h.cand[c]&bit != 0 {
			h.hs.add(c, d)
			return
		}
	}
}

// dropHidden removes the oldest waiting hidden single of digit d whose
// cell lies in unit u.
func (h *hodokuSingles) dropHidden(u int, d uint8) {
	q := &h.hs
	for i := q.head; i < len(q.cell); i++ {
		if q.digit[i] != d {
			continue
		}
		cu := &h.geo.CellUnits[q.cell[i]]
		if cu[0] == u || cu[1] == u || cu[2] == u {
			q.removeAt(i)
			return
		}
	}
}

// fullHouse reports whether the waiting naked single (cell, d) is the
// last unsolved cell of one of its units, and that unit.
func (h *hodokuSingles) fullHouse(cell int, d uint8) (int, bool) {
	for _, u := range h.geo.CellUnits[cell] {
		ok := true
		for x := 0; x < h.n; x++ {
			if uint8(x+1) != d && h.free[u*h.n+x] != 0 {
				ok = false
				break
			}
		}
		if ok {
			return u, true
		}
	}
	return 0, false
}

// hiddenUnit returns the first unit (row, column, box) of cell where d
// is left in one cell.
func (h *hodokuSingles) hiddenUnit(cell int, d uint8) (int, bool) {
	for _, u := range h.geo.CellUnits[cell] {
		if h.free[u*h.n+int(d-1)] == 1 {
			return u, true
		}
	}
	return 0, false
}

// hodokuPrepare attaches HoDoKu's singles bookkeeping to the grid the
// solving loop works on (Profile.Prepare of the HoDoKu profile).
func hodokuPrepare(g *Grid) {
	if g.memo == nil || !g.lay().Plain() {
		return // the queues know rows, columns and boxes only
	}
	g.memo.hq = &g.memo.hqBuf
	g.memo.hq.load(g)
}

// singlesQueues returns the grid's HoDoKu singles bookkeeping when the
// scan reads singles from it (scanOrder.queues) and the solving loop
// keeps it; nil otherwise.
func (g *Grid) singlesQueues(sc Scan) *hodokuSingles {
	if g.memo == nil || !sc.order().queues {
		return nil
	}
	return g.memo.hq
}
