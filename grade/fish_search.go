package grade

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// The fish search: one base/cover search over the layout's houses for
// every fish the grader knows (HoDoKu's FishSolver is the model). A fish
// of size k on digit d takes k base houses that share no candidate of d
// and k cover houses; every base candidate outside the cover houses is a
// fin. Its options (fishSpec) make it basic, finned or sashimi (lines as
// base and cover), Franken (boxes may join the base lines and the cover
// lines), mutant (any houses on either side) or Kraken (fins resolved by
// chains, fish_kraken.go); Siamese fish are two hits of it on the same
// base houses (reglib.go pairs them). The scan order says how the
// profile picks among the hits (scanOrder: SE takes basic fish by
// base-line combination, HoDoKu the first hit of the search's order).
//
// The search's order and rules (HoDoKu's):
//
//   - digits ascending; for basic and Franken fish rows as base lines
//     first (columns as cover), then columns; mutant fish in one pass;
//   - base houses in house order (rows, columns, boxes, then the
//     layout's other houses), combinations depth first; a house
//     overlapping the base houses chosen so far adds endo fins (its
//     shared cells), allowed only in finned Franken and mutant searches
//     and at most two in all;
//   - cover houses: every house that is not a base house and meets the
//     base cells, combinations depth first;
//   - a base cell outside the cover houses is a fin (at most five, endo
//     fins counted); a finless fish removes the digit from the cover
//     cells outside the base and from base cells in two cover houses
//     (cannibalism); a finned one only from those of them that see every
//     fin;
//   - a basic fish is sashimi when some base line keeps at most one cell
//     besides the fins; the finned search skips sashimi fish and the
//     sashimi search finned ones.
//
// Lines are the classic frame's rows and columns; on a layout without a
// frame, the houses whose cells run along one board row (consecutive
// cell indexes) or one board column (a constant stride, the board's
// width) (fishTablesOf). The search prunes what cannot yield a fish:
// cover combinations that can no longer cover all but maxFins base
// cells; where every cell lies in one row and one column (the classic
// frame and its variants, jigsaw), base-line combinations whose places
// span more than k cover lines (basic fish); and where besides every
// cell lies in one box and no other house and sees only its houses (the
// classic frame, jigsaw), more than k cover lines plus one box's (finned:
// a fin's eliminations see it through its box, so every fin lies in one
// box); where cells lie in one or two rows and one or two columns
// (Samurai, twodoku: the shared boxes), base-line combinations whose
// places in one cover line only span more than k cover lines, or exactly
// k that miss a place in two (basic fish, lineCut 3). Pruning never
// changes what it finds or in which order.

// Fish categories (HoDoKu's).
const (
	fishCatBasic = iota
	fishCatFranken
	fishCatMutant
)

// Fish kinds of a search: without fins, finned, sashimi.
const (
	fishBasic = iota
	fishFinned
	fishSashimi
)

const (
	hodokuMaxFins     = 5
	hodokuMaxEndoFins = 2
)

// House kinds for the fish search.
const (
	fishRow   = 1 << iota // a line of the first orientation
	fishCol               // a line of the second orientation
	fishBox               // a box (a jigsaw or samurai region)
	fishOther             // any other house (diagonal, window, ...)
)

// fishSpec is one fish search: its size and options.
type fishSpec struct {
	size    int
	cat     int  // fishCatBasic, fishCatFranken, fishCatMutant
	finless bool // report fish without fins
	finned  bool // report fish with fins
	sashimi bool // (basic finned search) sashimi fish instead of finned ones
	// siamese collects every fish of the search and then adds the
	// Siamese fish of each pair of them (emitSiamese); a finned basic
	// search then reports sashimi fish too (HoDoKu's category of finned
	// basic fish holds both).
	siamese    bool
	noEndo     bool // no endo fins even where the category allows them
	digits     uint32
	order      *scanOrder // how the profile picks among the hits (nil: HoDoKu's)
	kraken     *krakenTables
	krakenEmit func(*Step) bool
}

// fishMask is a cell set for the fish search (up to 640 cells).
type fishMask [10]uint64

func (m *fishMask) add(c int)      { m[c>>6] |= 1 << (c & 63) }
func (m *fishMask) has(c int) bool { return m[c>>6]&(1<<(c&63)) != 0 }
func fmOr(a, b *fishMask, nw int) (r fishMask) {
	for i := 0; i < nw; i++ {
		r[i] = a[i] | b[i]
	}
	return
}
func fmAnd(a, b *fishMask, nw int) (r fishMask) {
	for i := 0; i < nw; i++ {
		r[i] = a[i] & b[i]
	}
	return
}
func fmAndNot(a, b *fishMask, nw int) (r fishMask) {
	for i := 0; i < nw; i++ {
		r[i] = a[i] &^ b[i]
	}
	return
}
func fmEmpty(a *fishMask, nw int) bool {
	for i := 0; i < nw; i++ {
		if a[i] != 0 {
			return false
		}
	}
	return true
}
func fmCount(a *fishMask, nw int) int {
	n := 0
	for i := 0; i < nw; i++ {
		n += bits.OnesCount64(a[i])
	}
	return n
}

// fmCells lists the cells of a set, ascending.
func fmCells(a *fishMask, nw int) []int {
	var out []int
	for w := 0; w < nw; w++ {
		for m := a[w]; m != 0; m &= m - 1 {
			out = append(out, w*64+trailing64(m))
		}
	}
	return out
}

// fishTables is what the fish search reads from a layout, built once per
// layout (Layout.fishTables).
type fishTables struct {
	nw    int
	unit  []fishMask // cells of each house
	peers []fishMask // per cell, the cells it sees
	kind  []uint8    // per house: fishRow, fishCol, fishBox or fishOther
	idx   []int      // per house: its index among the houses of its kind
	// lines: every used cell lies in exactly one row and one column (at
	// most 64 of each), so each base cell of a basic fish meets one cover
	// line. Then line[o][cell] is the index of the cell's line of
	// orientation o (0 rows, 1 columns), and crossIdent is set for a line
	// whose i-th cell lies in the i-th line of the other orientation (the
	// classic frame's rows and columns: its places are its cover-line
	// mask as they are).
	lines      bool
	line       [2][]int8
	crossIdent []bool
	// lines2: instead, every used cell lies in one or two rows and one
	// or two columns (at most 64 of each), some in two (samurai: the
	// shared corner boxes). Then line[o][cell] is one line of the cell,
	// line2[o][cell] its other one (-1 if none): a base cell of a basic
	// fish is covered by either, so the lines of the base cells in one
	// line only must all be cover lines (lineCut 3).
	lines2 bool
	line2  [2][]int8
	// partition: besides, every used cell lies in exactly one box, no
	// house is of another kind and the sees relation is the houses': a
	// fin's eliminations see it through its box. Then boxLines[o][b] are
	// the lines of orientation o that meet box b.
	partition bool
	boxLines  [2][]uint64
}

// fishTablesOf returns the fish tables of a layout.
func fishTablesOf(l *Layout) *fishTables {
	l.fishOnce.Do(func() { l.fish = buildFishTables(l) })
	return l.fish
}

func buildFishTables(l *Layout) *fishTables {
	t := &fishTables{nw: (l.Cells + 63) / 64}
	nh := len(l.Houses)
	t.unit = make([]fishMask, nh)
	t.kind = l.houseKinds()
	t.idx = make([]int, nh)
	for h, cells := range l.Houses {
		for _, c := range cells {
			t.unit[h].add(c)
		}
	}
	var count [9]int
	for h, k := range t.kind {
		t.idx[h] = count[k]
		count[k]++
	}
	t.peers = make([]fishMask, l.Cells)
	for c, ps := range l.Peers {
		for _, p := range ps {
			t.peers[c].add(p)
		}
	}
	t.buildPartition(l, count[fishRow], count[fishCol])
	return t
}

// houseKinds returns each house's kind (cached): fishRow, fishCol,
// fishBox or fishOther. With a classic frame its rows, columns and boxes,
// then the extra houses; without one the lines classifyLines finds, the
// rest boxes (a jigsaw's regions, a Samurai's boxes). The fish search
// and locked candidates (pointing or claiming) read it.
func (l *Layout) houseKinds() []uint8 {
	l.houseKindsOnce.Do(func() {
		kind := make([]uint8, len(l.Houses))
		if l.Geo != nil {
			n := l.N
			for h := range kind {
				switch {
				case h < n:
					kind[h] = fishRow
				case h < 2*n:
					kind[h] = fishCol
				case h < 3*n:
					kind[h] = fishBox
				default:
					kind[h] = fishOther
				}
			}
		} else {
			classifyLines(l, kind)
		}
		l.houseKind = kind
	})
	return l.houseKind
}

// classifyLines marks the lines of a layout without a classic frame: the
// houses whose cells are consecutive indexes (rows) and those whose cells
// step by one common stride W > 1 (columns; W is the board's width, and a
// row must not wrap past it). The rest are boxes (regions).
func classifyLines(l *Layout, kind []uint8) {
	stride := func(cells []int) int {
		s := cells[1] - cells[0]
		for i := 2; i < len(cells); i++ {
			if cells[i]-cells[i-1] != s {
				return 0
			}
		}
		return s
	}
	w := 0
	for _, cells := range l.Houses {
		if s := stride(cells); s > 1 && (w == 0 || s == w) {
			w = s
		} else if s > 1 {
			w = -1 // two strides: no columns
		}
	}
	for h, cells := range l.Houses {
		kind[h] = fishBox
		switch s := stride(cells); {
		case w > 0 && s == 1 && cells[0]/w == cells[len(cells)-1]/w:
			kind[h] = fishRow
		case w > 0 && s == w:
			kind[h] = fishCol
		}
	}
}

// buildPartition sets lines, line, crossIdent, partition and boxLines
// (see fishTables).
func (t *fishTables) buildPartition(l *Layout, rows, cols int) {
	if rows == 0 || cols == 0 || rows > 64 || cols > 64 {
		return
	}
	for o := range t.line {
		t.line[o] = make([]int8, l.Cells)
		t.line2[o] = make([]int8, l.Cells)
		for c := range t.line[o] {
			t.line[o][c], t.line2[o][c] = -1, -1
		}
	}
	var boxes []int
	for h, k := range t.kind {
		if k == fishBox {
			boxes = append(boxes, h)
		}
	}
	boxOf := make([]int, l.Cells)
	for c := range boxOf {
		boxOf[c] = -1
	}
	partition, two := true, false
	for c, hs := range l.CellHouses {
		if l.Used != nil && !l.Used[c] {
			continue
		}
		var n [4]int
		for _, h := range hs {
			switch k := t.kind[h]; k {
			case fishRow, fishCol:
				o := int(k >> 1) // fishRow 0, fishCol 1
				if n[o] == 0 {
					t.line[o][c] = int8(t.idx[h])
				} else {
					t.line2[o][c] = int8(t.idx[h])
				}
				n[o]++
			case fishBox:
				boxOf[c] = t.idx[h]
				n[2]++
			default:
				n[3]++
			}
		}
		if n[0] < 1 || n[0] > 2 || n[1] < 1 || n[1] > 2 {
			t.line, t.line2 = [2][]int8{}, [2][]int8{}
			return
		}
		two = two || n[0] == 2 || n[1] == 2
		partition = partition && n[2] == 1 && n[3] == 0
	}
	if two {
		t.lines2 = true
		return
	}
	t.line2 = [2][]int8{}
	t.crossIdent = make([]bool, len(l.Houses))
	for h, cells := range l.Houses {
		o := -1
		switch t.kind[h] {
		case fishRow:
			o = 1
		case fishCol:
			o = 0
		}
		ident := o >= 0
		for i, c := range cells {
			ident = ident && int(t.line[o][c]) == i
		}
		t.crossIdent[h] = ident
	}
	t.lines = true
	if !partition || !housesSee(l) {
		return
	}
	for o := range t.boxLines {
		t.boxLines[o] = make([]uint64, len(boxes))
	}
	for c, b := range boxOf {
		if b >= 0 {
			t.boxLines[0][b] |= 1 << t.line[0][c]
			t.boxLines[1][b] |= 1 << t.line[1][c]
		}
	}
	t.partition = true
}

// housesSee reports whether a layout's sees relation is its houses' (no
// extra sees pairs).
func housesSee(l *Layout) bool {
	for c := range l.Peers {
		seen := map[int]bool{}
		for _, h := range l.CellHouses[c] {
			for _, p := range l.Houses[h] {
				if p != c {
					seen[p] = true
				}
			}
		}
		if len(seen) != len(l.Peers[c]) {
			return false
		}
	}
	return true
}

// crossOf returns the cover lines (orientation o) that a line's places
// pos meet (lines only).
func (t *fishTables) crossOf(houses [][]int, u, o int, pos uint32) uint64 {
	if t.crossIdent[u] {
		return uint64(pos)
	}
	var cross uint64
	for p := pos; p != 0; p &= p - 1 {
		cross |= 1 << t.line[o][houses[u][bits.TrailingZeros32(p)]]
	}
	return cross
}

// crossOf2 is crossOf on a lines2 layout: it returns the cover lines of
// the places pos that lie in one cover line only (a finless basic fish
// must take each) and appends, for each place in two, the mask of its
// two lines to dbl.
func (t *fishTables) crossOf2(houses [][]int, u, o int, pos uint32, dbl []uint64) (uint64, []uint64) {
	var cross uint64
	for p := pos; p != 0; p &= p - 1 {
		c := houses[u][bits.TrailingZeros32(p)]
		m := uint64(1) << t.line[o][c]
		if l2 := t.line2[o][c]; l2 >= 0 {
			dbl = append(dbl, m|1<<l2)
			continue
		}
		cross |= m
	}
	return cross, dbl
}

// fishSearch is the state of one fish search.
type fishSearch struct {
	fishSpec
	g         *Grid
	t         *fishTables
	nw        int
	endoFins  bool
	maxFins   int
	d         int // digit, 0-based
	emit      func(*Step) bool
	stopped   bool
	rowsBase  bool // the pass: rows as base lines (basic and Franken)
	baseUnits []int
	baseCands []fishMask
	baseCross []uint64 // per base unit: the cover lines its candidates meet (lines; lines2: those of its places in one line)
	// lineCut 3: the two-line masks of the base units' places in two
	// cover lines, base unit i's at baseDbl[baseDblAt[i]:baseDblAt[i+1]].
	baseDbl    []uint64
	baseDblAt  []int32
	covUnits   []int
	covCands   []fishMask
	baseUsed   []bool
	digitCells fishMask // the cells with the digit
	// current search
	base    []int // chosen base unit indexes (into baseUnits)
	baseSet fishMask
	endo    fishMask
	cover   []int // chosen cover unit indexes (into cu)
	cu      []int // cover units usable for this base set
	cuCands []fishMask
	// pruning (see coverSearch)
	lineCut   int // 0 none; 1 basic fish: cover lines <= size; 2 finned: plus one box's; 3 basic fish on lines2
	baseCells []int
	prune     bool
	cov       []uint64
	suffix    []uint64 // suffix[j]: union of cov[j:]
	endoC     uint64
	gen       uint32 // base sets searched
	finCache  [256]finCacheEntry
	// seers (when seersOK): per numbered base cell k, the digit's cells
	// seeing base cell k, numbered as in digitNum (digits with at most
	// 64 cells; see loadSeers). canEliminateC then ANDs them.
	seers    [64]uint64
	seersOK  bool
	digitNum []int16  // per cell: its index among the digit's cells, or -1
	digitSee []uint64 // per digit cell (numbered): the digit's cells seeing it
	seersFor int      // digit whose digitNum/digitSee are loaded (-1: none)
	cuIdx    []int16  // per house: its index in cu, or -1 (coverSearch)
	houseD   []uint64 // per house: its digit cells, numbered
	baseD    uint64   // the base cells, numbered as digit cells
	// hits collects the fish when the profile picks among all of them
	// (scanOrder.fishByCombination); nil otherwise.
	hits []fishHit
	// pos is the grid's places of every digit in every house
	// (Grid.unitTables); digitCells, set when digitReady, the cells
	// holding the digit; lineCross the base lines' cover-line masks
	// (basicLinesFit).
	pos        [][sudoku.MaxN]uint32
	digitReady bool
	lineCross  [64]uint64
	dblScratch []uint64 // crossOf2's two-line masks, unused by basicLinesFit
	// covCross (lineCut 2): per cover line (its index among its kind's),
	// the base-orientation lines where it holds the digit.
	covCross [64]uint64
	fl       finnedLinesState
	// nfound counts the fish found (emitted or collected), nother the
	// finned basic fish of the other kind (finned, sashimi) left to the
	// other search, so runFish knows which digits had none
	// (fish_memo.go).
	nfound, nother int
}

// fishHit is one fish kept to be ordered: the pass, the base lines'
// indexes, the digit, the step and its fins.
type fishHit struct {
	colBase bool
	pick    [8]int
	d       int
	step    *Step
	fins    fishMask
}

var fishSearchPool = sync.Pool{New: func() any { return new(fishSearch) }}

// runFish runs one fish search on g and emits its fish in the order the
// spec's scan picks them.
func runFish(g *Grid, spec fishSpec, emit func(*Step) bool) {
	l := g.lay()
	s := fishSearchPool.Get().(*fishSearch)
	defer fishSearchPool.Put(s)
	s.fishSpec, s.g, s.t, s.nw, s.emit, s.stopped = spec, g, fishTablesOf(l), (l.Cells+63)/64, emit, false
	s.maxFins, s.lineCut = 0, 0
	s.seersFor = -1
	s.pos, _ = g.unitTables()
	nh := len(l.Houses)
	if s.order == nil {
		s.order = ScanHoDoKu.order()
	}
	s.endoFins = spec.cat != fishCatBasic && !spec.noEndo
	if cap(s.baseUsed) < nh {
		s.baseUsed = make([]bool, nh)
	}
	s.baseUsed = s.baseUsed[:nh]
	clear(s.baseUsed)
	if s.finned {
		s.maxFins = hodokuMaxFins
	}
	if s.kraken != nil {
		s.maxFins = krakenMaxFins
	}
	if spec.cat == fishCatBasic && s.kraken == nil {
		switch {
		case s.finned && s.t.partition:
			s.lineCut = 2
		case !s.finned && s.t.lines:
			s.lineCut = 1
		case !s.finned && s.t.lines2:
			s.lineCut = 3
		}
	}
	byComb := s.byCombination()
	var placed [32]int
	if byComb && g.Geo != nil {
		for _, v := range g.Values {
			if v != 0 {
				placed[v-1]++
			}
		}
	}
	var memo, sibling *fishMemoEntry
	if g.memo != nil && s.kraken == nil {
		k := keyOf(&s.fishSpec)
		memo = g.memo.fish.entry(l, k)
		if s.cat == fishCatBasic && s.finned && !s.siamese {
			k.sashimi = !k.sashimi
			sibling = g.memo.fish.entry(l, k)
		}
	}
	for d := 0; d < l.N && !s.stopped; d++ {
		if s.digits&(1<<d) == 0 {
			continue
		}
		if byComb && g.Geo != nil && placed[d]+2*s.size > l.N {
			continue // SE's pruning
		}
		if memo != nil && memo.same(d, s.pos) {
			continue // nothing, as when the digit had these places before
		}
		s.d, s.digitReady = d, false
		found, other := s.nfound, s.nother
		s.search(true)
		if spec.cat != fishCatMutant && !s.stopped {
			s.search(false)
		}
		if memo != nil && !s.stopped && s.nfound == found {
			memo.record(d, s.pos)
			if sibling != nil && s.nother == other {
				sibling.record(d, s.pos)
			}
		}
	}
	if byComb {
		s.emitByCombination()
	} else if s.siamese {
		s.emitSiamese()
	}
	s.g, s.emit, s.fishSpec, s.pos = nil, nil, fishSpec{}, nil
}

// byCombination reports whether the profile picks among all the search's
// fish by base-line combination (SE's basic fish).
func (s *fishSearch) byCombination() bool {
	return s.order.fishByCombination && s.cat == fishCatBasic && s.finless && !s.finned && s.kraken == nil
}

// emitByCombination emits the collected fish in SE's order: columns as
// base lines before rows, then base-line combinations in colex order (the
// largest line varies slowest), then digits.
func (s *fishSearch) emitByCombination() {
	k := s.size
	slices.SortStableFunc(s.hits, func(a, b fishHit) int {
		if a.colBase != b.colBase {
			if a.colBase {
				return -1
			}
			return 1
		}
		for i := k - 1; i >= 0; i-- {
			if a.pick[i] != b.pick[i] {
				return a.pick[i] - b.pick[i]
			}
		}
		return a.d - b.d
	})
	for i := range s.hits {
		if !s.emit(s.hits[i].step) {
			break
		}
	}
	clear(s.hits)
	s.hits = s.hits[:0]
}

// emitSiamese emits the collected fish in the search's order, then the
// Siamese fish of every pair of them (HoDoKu's findSiameseFish): two fish
// of one digit, size and category (finned and sashimi basic fish are one
// category) on the same base houses whose first eliminations differ make
// one step: the first fish with the second's cover houses, fins and
// eliminations added.
func (s *fishSearch) emitSiamese() {
	n := len(s.hits)
	for i := 0; i < n-1; i++ {
		for j := i + 1; j < n; j++ {
			if st := s.siameseStep(&s.hits[i], &s.hits[j]); st != nil {
				s.hits = append(s.hits, fishHit{step: st})
			}
		}
	}
	for i := range s.hits {
		if !s.emit(s.hits[i].step) {
			break
		}
	}
	clear(s.hits)
	s.hits = s.hits[:0]
}

// siameseStep returns the Siamese fish of two collected fish, or nil. Its
// Units are the base houses, then the first fish's cover houses, then the
// second's; its Detail says "siamese fins ...".
func (s *fishSearch) siameseStep(x, y *fishHit) *Step {
	a, b := x.step, y.step
	k := len(a.Units) / 2
	if a.Digits[0] != b.Digits[0] || len(a.Units) != len(b.Units) || !slices.Equal(a.Units[:k], b.Units[:k]) ||
		a.Eliminations[0] == b.Eliminations[0] {
		return nil
	}
	ca, _, ka, _ := hodokuFishSearchOf(a.Tech)
	cb, _, kb, _ := hodokuFishSearchOf(b.Tech)
	if ca != cb || (ka == fishBasic) != (kb == fishBasic) {
		return nil
	}
	st := &Step{Tech: a.Tech, Digits: a.Digits, Cells: a.Cells}
	st.Units = append(slices.Clone(a.Units), b.Units[k:]...)
	fins := fmOr(&x.fins, &y.fins, s.nw)
	var fc []Candidate
	for _, c := range a.Cells {
		if fins.has(c) {
			fc = append(fc, Candidate{c, a.Digits[0]})
		} else {
			st.Support = append(st.Support, Candidate{c, a.Digits[0]})
		}
	}
	st.Eliminations = slices.Clone(a.Eliminations)
	for _, e := range b.Eliminations {
		if !slices.Contains(a.Eliminations, e) {
			st.Eliminations = append(st.Eliminations, e)
		}
	}
	s.addFins(st, fc)
	st.Detail = "siamese " + st.Detail
	return st
}

// search runs one pass: rows as base lines (rowsBase) or columns.
func (s *fishSearch) search(rowsBase bool) {
	t := s.t
	houses := s.g.lay().Houses
	s.rowsBase = rowsBase
	s.baseUnits, s.baseCands, s.baseCross = s.baseUnits[:0], s.baseCands[:0], s.baseCross[:0]
	s.covUnits, s.covCands = s.covUnits[:0], s.covCands[:0]
	s.baseDbl, s.baseDblAt = s.baseDbl[:0], append(s.baseDblAt[:0], 0)
	baseKind, coverKind := uint8(fishRow), uint8(fishCol)
	if !rowsBase {
		baseKind, coverKind = fishCol, fishRow
	}
	o := 0 // orientation of the cover lines in t.line
	if rowsBase {
		o = 1
	}
	basicMin := 1
	if s.cat == fishCatBasic && !s.finned {
		basicMin = s.order.fishMin
		// A finless basic fish of size k needs k base lines holding the
		// digit in basicMin to k places (and where every cell lies in one
		// row and one column, places in only k cover lines): look for such lines before building any
		// cell masks (most digits of most grids have none, and the masks
		// were most of the search's time on hard puzzles).
		if !s.basicLinesFit(baseKind, o, basicMin) {
			return
		}
	}
	if !s.digitReady {
		s.loadDigit()
	}
	for u := range houses {
		k := t.kind[u]
		var isBase, isCover bool
		switch s.cat {
		case fishCatBasic:
			isBase, isCover = k == baseKind, k == coverKind
		case fishCatFranken:
			isBase, isCover = k == baseKind || k == fishBox, k == coverKind || k == fishBox
		default:
			isBase, isCover = true, true
		}
		if !isBase && !isCover {
			continue
		}
		pos := s.pos[u][s.d]
		if pos == 0 {
			continue
		}
		m := fmAnd(&t.unit[u], &s.digitCells, s.nw)
		n := bits.OnesCount32(pos)
		if isBase && (s.finned || (n <= s.size && n >= basicMin)) {
			var cross uint64
			switch s.lineCut {
			case 0:
			case 3:
				cross, s.baseDbl = t.crossOf2(houses, u, o, pos, s.baseDbl)
				s.baseDblAt = append(s.baseDblAt, int32(len(s.baseDbl)))
			default:
				cross = t.crossOf(houses, u, o, pos)
			}
			s.baseUnits = append(s.baseUnits, u)
			s.baseCands = append(s.baseCands, m)
			s.baseCross = append(s.baseCross, cross)
		}
		if isCover {
			s.covUnits = append(s.covUnits, u)
			s.covCands = append(s.covCands, m)
			if s.lineCut == 2 {
				s.covCross[t.idx[u]] = t.crossOf(houses, u, 1-o, pos)
			}
		}
	}
	s.base = s.base[:0]
	s.baseRec(0, fishMask{}, fishMask{}, 0)
}

// loadDigit sets digitCells, the cells holding the search's digit.
func (s *fishSearch) loadDigit() {
	s.digitCells = fishMask{}
	bit := uint32(1) << s.d
	for c, m := range s.g.Cand {
		if m&bit != 0 {
			s.digitCells.add(c)
		}
	}
	s.digitReady = true
	s.seersFor = -1
}

// loadSeers numbers the digit's cells (digitNum) and lists, per digit
// cell, the digit's cells that see it (digitSee); false when the digit
// holds more than 64 cells (then canEliminateC ANDs cell masks).
func (s *fishSearch) loadSeers() bool {
	if s.seersFor == s.d {
		return s.digitSee != nil
	}
	s.seersFor = s.d
	n := len(s.g.Cand)
	if cap(s.digitNum) < n {
		s.digitNum = make([]int16, n)
	}
	s.digitNum = s.digitNum[:n]
	s.digitSee = s.digitSee[:0]
	bit := uint32(1) << s.d
	k := 0
	for c, m := range s.g.Cand {
		s.digitNum[c] = -1
		if m&bit != 0 {
			if k == 64 {
				s.digitSee = nil
				return false
			}
			s.digitNum[c] = int16(k)
			k++
		}
	}
	peers := s.g.lay().Peers
	for c, m := range s.g.Cand {
		if m&bit == 0 {
			continue
		}
		var see uint64
		for _, p := range peers[c] {
			if x := s.digitNum[p]; x >= 0 {
				see |= 1 << x
			}
		}
		s.digitSee = append(s.digitSee, see)
	}
	houses := s.g.lay().Houses
	if cap(s.houseD) < len(houses) {
		s.houseD = make([]uint64, len(houses))
	}
	s.houseD = s.houseD[:len(houses)]
	for u, cells := range houses {
		var m uint64
		for _, c := range cells {
			if x := s.digitNum[c]; x >= 0 {
				m |= 1 << x
			}
		}
		s.houseD[u] = m
	}
	return true
}

// basicLinesFit reports whether the base lines of kind baseKind may hold
// a finless basic fish: size of them hold the digit in basicMin to size
// places, and (lineCut 1) some size of those have places in only size
// cover lines (orientation o), found on the lines' cover-line masks.
func (s *fishSearch) basicLinesFit(baseKind uint8, o, basicMin int) bool {
	t := s.t
	houses := s.g.lay().Houses
	n := 0
	for u, k := range t.kind {
		if k != baseKind {
			continue
		}
		pos := s.pos[u][s.d]
		if c := bits.OnesCount32(pos); c < basicMin || c > s.size {
			continue
		}
		switch s.lineCut {
		case 1:
			s.lineCross[n] = t.crossOf(houses, u, o, pos)
		case 3:
			s.lineCross[n], s.dblScratch = t.crossOf2(houses, u, o, pos, s.dblScratch[:0])
		}
		n++
	}
	if n < s.size {
		return false
	}
	switch s.lineCut {
	case 1:
		return crossFit(s.lineCross[:n], s.size, s.size, 0)
	case 3:
		return crossFitMost(s.lineCross[:n], s.size, s.size, 0)
	}
	return true
}

// crossFitMost reports whether need more of the masks cr, with union,
// meet at most k cover lines.
func crossFitMost(cr []uint64, need, k int, union uint64) bool {
	for i := 0; i <= len(cr)-need; i++ {
		u := union | cr[i]
		switch {
		case bits.OnesCount64(u) > k:
		case need == 1 || crossFitMost(cr[i+1:], need-1, k, u):
			return true
		}
	}
	return false
}

// crossFit reports whether need more of the lines' cover-line masks cr,
// with union, meet exactly k cover lines.
func crossFit(cr []uint64, need, k int, union uint64) bool {
	for i := 0; i <= len(cr)-need; i++ {
		u := union | cr[i]
		switch c := bits.OnesCount64(u); {
		case c > k:
		case need == 1:
			if c == k {
				return true
			}
		case crossFit(cr[i+1:], need-1, k, u):
			return true
		}
	}
	return false
}

// lineFits reports whether base lines whose places meet the cover lines
// cross can still make a fish (lineCut): they meet at most size cover
// lines, or (finned) at most size besides the lines of one box.
func (s *fishSearch) lineFits(cross uint64) bool {
	if bits.OnesCount64(cross) <= s.size {
		return true
	}
	if s.lineCut != 2 {
		return false
	}
	o := 0
	if s.rowsBase {
		o = 1
	}
	for _, bl := range s.t.boxLines[o] {
		if bits.OnesCount64(cross&^bl) <= s.size {
			return true
		}
	}
	return false
}

// baseRec chooses base units depth first from index from.
func (s *fishSearch) baseRec(from int, cands, endo fishMask, cross uint64) {
	for i := from; i < len(s.baseUnits) && !s.stopped; i++ {
		nx := cross | s.baseCross[i]
		if s.lineCut != 0 && !s.lineFits(nx) {
			continue
		}
		if s.lineCut == 3 && bits.OnesCount64(nx) == s.size && !s.doublesMet(i, nx) {
			// size cover lines are forced, and a place in two other
			// lines needs one more
			continue
		}
		ov := fmAnd(&cands, &s.baseCands[i], s.nw)
		var nendo fishMask
		if !fmEmpty(&ov, s.nw) {
			if !s.finned || !s.endoFins || fmCount(&endo, s.nw)+fmCount(&ov, s.nw) > hodokuMaxEndoFins {
				continue
			}
		}
		nc := fmOr(&cands, &s.baseCands[i], s.nw)
		nendo = fmOr(&endo, &ov, s.nw)
		if !fmEmpty(&ov, s.nw) && !s.canEliminate(&nendo) {
			// the endo fins are fins of every fish of this subtree and
			// no candidate sees them all
			continue
		}
		u := s.baseUnits[i]
		s.baseUsed[u] = true
		s.base = append(s.base, i)
		if len(s.base) == s.size {
			s.baseSet, s.endo = nc, nendo
			switch {
			case s.lineCut == 2:
				s.finnedLines(nx)
			case s.lineCut != 1: // 0, or 3: the cover lines are not forced
				s.coverSearch()
			case bits.OnesCount64(nx) == s.size:
				// a finless basic fish whose base places lie in
				// exactly size cover lines has those lines as its one
				// cover set (with more, no cover set holds them)
				s.lineCover(nx)
			}
		} else {
			s.baseRec(i+1, nc, nendo, nx)
		}
		s.base = s.base[:len(s.base)-1]
		s.baseUsed[u] = false
	}
}

// doublesMet reports whether the forced cover lines nx meet every place
// in two cover lines of the chosen base units and base unit i (lineCut 3).
func (s *fishSearch) doublesMet(i int, nx uint64) bool {
	for _, d := range s.baseDbl[s.baseDblAt[i]:s.baseDblAt[i+1]] {
		if d&nx == 0 {
			return false
		}
	}
	for _, j := range s.base {
		for _, d := range s.baseDbl[s.baseDblAt[j]:s.baseDblAt[j+1]] {
			if d&nx == 0 {
				return false
			}
		}
	}
	return true
}

// lineCover checks the base set with the cover lines in lines (lineCut
// 1): the cover units are those lines, in the order coverSearch would
// list them.
func (s *fishSearch) lineCover(lines uint64) {
	s.cu, s.cuCands, s.cover = s.cu[:0], s.cuCands[:0], s.cover[:0]
	for i, u := range s.covUnits {
		if lines&(1<<s.t.idx[u]) != 0 {
			s.cover = append(s.cover, len(s.cu))
			s.cu = append(s.cu, u)
			s.cuCands = append(s.cuCands, s.covCands[i])
		}
	}
	s.checkCover()
}

// finnedLines is coverSearch for a finned basic fish on a partition
// layout (lineCut 2), whose base places meet the cover lines x: the cover
// units are the lines of x (in house order, as coverSearch lists them),
// and a combination of them is checked (checkCover) only when it may
// hold a fish by the lines alone. A finned one's fins lie in the lines
// of x it leaves out; a candidate it eliminates lies in a chosen cover
// line outside the base lines and sees every fin, so through a box
// (partition: no other house, no other sees pair): every fin lies in one
// box b. Then the chosen lines hold every line of x that misses b and
// every cover line of the base lines that miss b (need), and one of
// them, through b, holds the digit in a line of b that is not a base
// line (elim). Combinations failing that for every box make no fish
// (and a base set with no such box none at all); the others are checked
// as coverSearch checks them, in the same order, so the fish and their
// order are the same.
func (s *fishSearch) finnedLines(x uint64) {
	t := s.t
	o := 0
	if s.rowsBase {
		o = 1
	}
	f := &s.fl
	f.x, f.base = x, 0
	// each base line's bit and cover lines, read once for every box
	var lineBit, lineCross [8]uint64
	for j, i := range s.base {
		lineBit[j], lineCross[j] = 1<<t.idx[s.baseUnits[i]], s.baseCross[i]
		f.base |= lineBit[j]
	}
	k := len(s.base)
	f.need, f.elim = f.need[:0], f.elim[:0]
	for b, cl := range t.boxLines[o] {
		blb := t.boxLines[1-o][b]
		need := x &^ cl
		for j := 0; j < k; j++ {
			if blb&lineBit[j] == 0 {
				need |= lineCross[j]
			}
		}
		if bits.OnesCount64(need) > s.size {
			continue
		}
		var elim uint64
		for m := x & cl; m != 0; m &= m - 1 {
			if c := bits.TrailingZeros64(m); s.covCross[c]&blb&^f.base != 0 {
				elim |= 1 << c
			}
		}
		if elim != 0 {
			f.need, f.elim = append(f.need, need), append(f.elim, elim)
		}
	}
	if len(f.need) == 0 && !s.finless {
		return
	}
	s.cu, s.cuCands, s.cover = s.cu[:0], s.cuCands[:0], s.cover[:0]
	for i, u := range s.covUnits {
		if x&(1<<t.idx[u]) != 0 {
			f.line[len(s.cu)] = int8(t.idx[u])
			s.cu = append(s.cu, u)
			s.cuCands = append(s.cuCands, s.covCands[i])
		}
	}
	s.finnedRec(0, 0)
}

// finnedLinesState is finnedLines' base set: the cover lines x its places
// meet, its lines base, per box that may hold the fins the lines a
// combination needs and those of which it needs one, each cover unit's
// line.
type finnedLinesState struct {
	x, base    uint64
	need, elim []uint64
	line       [64]int8
}

// finnedRec chooses cover units depth first from index from (coverRec's
// order); sel holds the chosen units' lines.
func (s *fishSearch) finnedRec(from int, sel uint64) {
	need := s.size - len(s.cover)
	for j := from; j <= len(s.cu)-need && !s.stopped; j++ {
		s.cover = append(s.cover, j)
		ns := sel | 1<<s.fl.line[j]
		if need > 1 {
			s.finnedRec(j+1, ns)
		} else if s.linesMayFish(ns) {
			s.checkCover()
		}
		s.cover = s.cover[:len(s.cover)-1]
	}
}

// linesMayFish reports whether the cover lines sel may make a fish of
// finnedLines' base set by its rule (at most maxFins fins).
func (s *fishSearch) linesMayFish(sel uint64) bool {
	f := &s.fl
	if sel == f.x {
		return s.finless
	}
	for i, need := range f.need {
		if need&^sel == 0 && f.elim[i]&sel != 0 {
			nf := 0
			for _, j := range s.base {
				nf += bits.OnesCount64(s.baseCross[j] &^ sel)
			}
			return nf <= s.maxFins
		}
	}
	return false
}

// coverSearch tries every combination of cover units for the base set.
//
// The pruning works on the base cells numbered 0..63 (a larger base set
// is searched without pruning): bit k of cov[j] says cover unit j holds
// base cell k.
func (s *fishSearch) coverSearch() {
	s.cu, s.cuCands = s.cu[:0], s.cuCands[:0]
	for i, u := range s.covUnits {
		if s.baseUsed[u] {
			continue
		}
		x := fmAnd(&s.baseSet, &s.covCands[i], s.nw)
		if fmEmpty(&x, s.nw) {
			continue
		}
		s.cu = append(s.cu, u)
		s.cuCands = append(s.cuCands, s.covCands[i])
	}
	s.cover = s.cover[:0]
	s.gen++
	s.baseCells = s.baseCells[:0]
	for w := 0; w < s.nw; w++ {
		for m := s.baseSet[w]; m != 0; m &= m - 1 {
			s.baseCells = append(s.baseCells, w*64+trailing64(m))
		}
	}
	s.prune = len(s.baseCells) <= 64
	n := len(s.cu)
	if cap(s.cov) < n+1 {
		s.cov = make([]uint64, n+1)
		s.suffix = make([]uint64, n+1)
	}
	s.cov, s.suffix = s.cov[:n+1], s.suffix[:n+1]
	s.endoC = 0
	s.seersOK = false
	if s.prune {
		// cover unit j holds base cell k when it is one of k's houses
		// (a base cell holds the digit)
		l := s.g.lay()
		if len(s.cuIdx) < len(l.Houses) {
			s.cuIdx = make([]int16, len(l.Houses))
			for u := range s.cuIdx {
				s.cuIdx[u] = -1
			}
		}
		for j, u := range s.cu {
			s.cuIdx[u] = int16(j)
			s.cov[j] = 0
		}
		for k, c := range s.baseCells {
			if s.endo.has(c) {
				s.endoC |= 1 << k
			}
			for _, h := range l.CellHouses[c] {
				if j := s.cuIdx[h]; j >= 0 {
					s.cov[j] |= 1 << k
				}
			}
		}
		for _, u := range s.cu {
			s.cuIdx[u] = -1
		}
		if s.kraken == nil && s.loadSeers() {
			s.seersOK = true
			s.baseD = 0
			for k, c := range s.baseCells {
				x := s.digitNum[c]
				s.seers[k] = s.digitSee[x]
				s.baseD |= 1 << x
			}
		}
		s.suffix[n] = 0
		for j := n - 1; j >= 0; j-- {
			s.suffix[j] = s.suffix[j+1] | s.cov[j]
		}
	}
	s.coverRec(0, 0)
}

// coverRec chooses the cover units depth first from index from; covered
// holds the base cells (numbered) the chosen units cover.
func (s *fishSearch) coverRec(from int, covered uint64) {
	need := s.size - len(s.cover)
	all := uint64(1)<<len(s.baseCells) - 1
	if len(s.baseCells) == 64 {
		all = ^uint64(0)
	}
	for i := from; i <= len(s.cu)-need && !s.stopped; i++ {
		if s.prune {
			// the base cells no remaining unit can cover, and the endo
			// fins, are fins: at most maxFins, and some candidate must
			// see them all
			unc := all &^ covered
			left := unc&^s.suffix[i] | s.endoC
			if nl := bits.OnesCount64(left); nl > s.maxFins || (nl > 0 && !s.canEliminateC(left)) {
				return
			}
			if i == from && !s.coverable(unc, i, need) {
				return
			}
		}
		if need == 1 && s.prune {
			// the fish's fins are known: reject it cheaply
			fins := all&^(covered|s.cov[i]) | s.endoC
			nf := bits.OnesCount64(fins)
			if nf == 0 && !s.finless || nf > 0 && (nf > s.maxFins || !s.canEliminateC(fins)) {
				continue
			}
			if nf > 0 && s.seersOK && !s.finsEliminate(fins, i) {
				continue
			}
		}
		s.cover = append(s.cover, i)
		if len(s.cover) == s.size {
			s.checkCover()
		} else {
			s.coverRec(i+1, covered|s.cov[i])
		}
		s.cover = s.cover[:len(s.cover)-1]
	}
}

// coverable reports whether need more cover units from index from on can
// cover all but maxFins cells of unc (an upper bound: the need units
// covering most of unc).
func (s *fishSearch) coverable(unc uint64, from, need int) bool {
	nu := bits.OnesCount64(unc) - s.maxFins
	if nu <= 0 {
		return true
	}
	var best [8]int // the need largest coverages, descending
	for j := from; j < len(s.cu); j++ {
		n := bits.OnesCount64(unc & s.cov[j])
		for k := 0; k < need; k++ {
			if n > best[k] {
				n, best[k] = best[k], n
			}
		}
	}
	sum := 0
	for k := 0; k < need; k++ {
		sum += best[k]
	}
	return sum >= nu
}

// finsEliminate reports whether the chosen cover units and cover unit i
// with the (numbered) fins fins make a finned fish that eliminates
// something (check's test, on the digit's numbered cells; seersOK): a
// cell of the cover outside the base, or in two cover units, seeing
// every fin.
func (s *fishSearch) finsEliminate(fins uint64, i int) bool {
	see := ^uint64(0)
	for m := fins; m != 0; m &= m - 1 {
		see &= s.seers[bits.TrailingZeros64(m)]
	}
	x := s.houseD[s.cu[i]]
	un, ov := x, uint64(0)
	for _, j := range s.cover {
		x := s.houseD[s.cu[j]]
		ov |= un & x
		un |= x
	}
	return see&(un&^s.baseD|ov) != 0
}

// canEliminateC is canEliminate for numbered base cells, remembered per
// base set in a small direct-mapped cache.
func (s *fishSearch) canEliminateC(fins uint64) bool {
	if s.kraken != nil {
		return true // a Kraken fish needs no plain elimination
	}
	if s.seersOK {
		see := ^uint64(0)
		for m := fins; m != 0; m &= m - 1 {
			see &= s.seers[bits.TrailingZeros64(m)]
		}
		return see != 0
	}
	h := (fins * 0x9e3779b97f4a7c15) >> 56
	if e := &s.finCache[h]; e.gen == s.gen && e.fins == fins {
		return e.ok
	}
	fb := s.digitCells
	for m := fins; m != 0; m &= m - 1 {
		fb = fmAnd(&fb, &s.t.peers[s.baseCells[bits.TrailingZeros64(m)]], s.nw)
	}
	ok := !fmEmpty(&fb, s.nw)
	s.finCache[h] = finCacheEntry{gen: s.gen, fins: fins, ok: ok}
	return ok
}

// finCacheEntry remembers canEliminateC for one fin set; gen is the
// base set it belongs to.
type finCacheEntry struct {
	gen  uint32
	fins uint64
	ok   bool
}

// canEliminate reports whether some candidate of the digit outside fins
// sees every cell of fins (fins must be non-empty): the only candidates a
// finned fish can remove.
func (s *fishSearch) canEliminate(fins *fishMask) bool {
	if s.kraken != nil {
		return true
	}
	fb := s.digitCells
	for w := 0; w < s.nw; w++ {
		for m := fins[w]; m != 0; m &= m - 1 {
			fb = fmAnd(&fb, &s.t.peers[w*64+bits.TrailingZeros64(m)], s.nw)
		}
	}
	return !fmEmpty(&fb, s.nw)
}

// checkCover collects the chosen cover units' candidates and cannibalistic
// cells (in two cover units) and checks the fish.
func (s *fishSearch) checkCover() {
	var cands, cannibal fishMask
	for _, j := range s.cover {
		ov := fmAnd(&cands, &s.cuCands[j], s.nw)
		cannibal = fmOr(&cannibal, &ov, s.nw)
		cands = fmOr(&cands, &s.cuCands[j], s.nw)
	}
	s.check(cands, cannibal)
}

// seenByAll returns the cells that see every cell of fins (non-empty).
func (s *fishSearch) seenByAll(fins *fishMask) fishMask {
	var fb fishMask
	first := true
	for w := 0; w < s.nw; w++ {
		for m := fins[w]; m != 0; m &= m - 1 {
			c := w*64 + trailing64(m)
			if first {
				fb, first = s.t.peers[c], false
			} else {
				fb = fmAnd(&fb, &s.t.peers[c], s.nw)
			}
		}
	}
	return fb
}

// check tests the chosen base and cover units.
func (s *fishSearch) check(cover, cannibal fishMask) {
	if s.kraken != nil {
		s.checkKraken(cover, cannibal)
		return
	}
	nw := s.nw
	fins := fmAndNot(&s.baseSet, &cover, nw)
	covered := fmEmpty(&fins, nw)
	fins = fmOr(&fins, &s.endo, nw)
	outside := fmAndNot(&cover, &s.baseSet, nw)
	if covered && s.finless && fmEmpty(&fins, nw) {
		if fmEmpty(&outside, nw) && fmEmpty(&cannibal, nw) {
			return
		}
		s.found(false, fins, outside, cannibal)
		return
	}
	nf := fmCount(&fins, nw)
	if !s.finned || nf == 0 || nf > hodokuMaxFins {
		return
	}
	fb := s.seenByAll(&fins)
	if fmEmpty(&fb, nw) {
		return
	}
	del := fmAnd(&outside, &fb, nw)
	can := fmAnd(&cannibal, &fb, nw)
	if fmEmpty(&del, nw) && fmEmpty(&can, nw) {
		return
	}
	s.found(true, fins, del, can)
}

// category returns the chosen fish's category (HoDoKu's rule, from the
// kinds of its base and cover houses) and whether a basic one is sashimi.
func (s *fishSearch) category(fins *fishMask) (cat int, sashimi bool) {
	var baseKinds, coverKinds uint8
	for _, i := range s.base {
		baseKinds |= s.t.kind[s.baseUnits[i]]
	}
	for _, i := range s.cover {
		coverKinds |= s.t.kind[s.cu[i]]
	}
	const row, col, box = fishRow, fishCol, fishBox
	basic := (baseKinds == row && coverKinds == col) || (baseKinds == col && coverKinds == row)
	if basic {
		for _, i := range s.base {
			rest := fmAndNot(&s.baseCands[i], fins, s.nw)
			if fmCount(&rest, s.nw) <= 1 {
				sashimi = true
				break
			}
		}
		return fishCatBasic, sashimi
	}
	if ((baseKinds == row || baseKinds == row|box) && (coverKinds == col || coverKinds == col|box)) ||
		((baseKinds == col || baseKinds == col|box) && (coverKinds == row || coverKinds == row|box)) {
		return fishCatFranken, false
	}
	return fishCatMutant, false
}

// found builds the step (HoDoKu's createFishStep) and emits it unless it
// is of the other finned kind.
func (s *fishSearch) found(withFins bool, fins, del, cannibal fishMask) {
	cat, sashimi := s.category(&fins)
	if s.cat == fishCatBasic && withFins && sashimi != s.sashimi && !s.siamese {
		s.nother++
		return // the other search reports it
	}
	tech := hodokuFishTech(cat, s.size, withFins, sashimi)
	if tech == "" {
		return
	}
	s.nfound++
	var st *Step
	if s.order.fishCellOrder || cat != fishCatBasic {
		st = s.stepByCell(tech, fins, del, cannibal)
	} else {
		st = s.stepByLine(tech, fins, del, cannibal)
	}
	if s.byCombination() {
		h := fishHit{colBase: !s.rowsBase, d: s.d, step: st}
		for j, i := range s.base {
			h.pick[j] = s.t.idx[s.baseUnits[i]]
		}
		s.hits = append(s.hits, h)
		return
	}
	if s.siamese {
		s.hits = append(s.hits, fishHit{step: st, fins: fins})
		return
	}
	if !s.emit(st) {
		s.stopped = true
	}
}

// stepUnits starts a fish step: its technique, digit, and base then
// cover houses.
func (s *fishSearch) stepUnits(tech string) *Step {
	st := &Step{Tech: tech, Digits: []uint8{uint8(s.d + 1)}}
	for _, i := range s.base {
		st.Units = append(st.Units, s.baseUnits[i])
	}
	for _, i := range s.cover {
		st.Units = append(st.Units, s.cu[i])
	}
	return st
}

// stepByCell builds a fish step listing its cells, support and
// eliminations in cell order (HoDoKu's), fins last in the support.
func (s *fishSearch) stepByCell(tech string, fins, del, cannibal fishMask) *Step {
	nw := s.nw
	d := uint8(s.d + 1)
	st := s.stepUnits(tech)
	for _, c := range fmCells(&del, nw) {
		st.Eliminations = append(st.Eliminations, Candidate{c, d})
	}
	for _, c := range fmCells(&cannibal, nw) {
		if !del.has(c) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
	}
	st.Cells = fmCells(&s.baseSet, nw)
	var fc []Candidate
	for _, c := range st.Cells {
		if fins.has(c) {
			fc = append(fc, Candidate{c, d})
		} else {
			st.Support = append(st.Support, Candidate{c, d})
		}
	}
	s.addFins(st, fc)
	return st
}

// stepByLine builds a basic fish step listing its cells base line by base
// line and its eliminations cover line by cover line, each in house order
// (SE's), fins last in the support.
func (s *fishSearch) stepByLine(tech string, fins, del, cannibal fishMask) *Step {
	houses := s.g.lay().Houses
	d := uint8(s.d + 1)
	st := s.stepUnits(tech)
	var fc []Candidate
	for _, i := range s.base {
		for _, c := range houses[s.baseUnits[i]] {
			if !s.baseCands[i].has(c) {
				continue
			}
			st.Cells = append(st.Cells, c)
			if fins.has(c) {
				fc = append(fc, Candidate{c, d})
			} else {
				st.Support = append(st.Support, Candidate{c, d})
			}
		}
	}
	el := fmOr(&del, &cannibal, s.nw)
	if fmEmpty(&fins, s.nw) {
		var done fishMask
		for _, i := range s.cover {
			for _, c := range houses[s.cu[i]] {
				if el.has(c) && !done.has(c) {
					done.add(c)
					st.Eliminations = append(st.Eliminations, Candidate{c, d})
				}
			}
		}
	} else {
		for _, c := range fmCells(&el, s.nw) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
	}
	s.addFins(st, fc)
	return st
}

// addFins appends a step's fins to its support and names them in Detail.
func (s *fishSearch) addFins(st *Step, fc []Candidate) {
	if len(fc) > 0 {
		st.Support = append(st.Support, fc...)
		st.Detail = "fins " + candNames(s.g.Geo, fc)
	}
}
