package grade

import (
	"fmt"
	"slices"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// Layout is the board the grader solves on, as plain data: Cells cells
// holding digits 1..N, a list of houses (N cells each that hold every digit
// once) and the sees relation (two cells that may not hold the same digit:
// every two cells of a house, plus any extra pairs). The classic layout of
// a box shape has the rows, columns and boxes as its houses, in the
// geometry's unit order; a variant adds houses (diagonals, windows), sees
// pairs (anti-knight) or unused cells, or brings its own regions.
//
// Finders marked Technique.Houses work from Houses and Peers alone, so
// they serve every layout; the others need the classic frame (Geo) and
// nothing beyond it (see Layout.Plain).
type Layout struct {
	// N is the number of digits (and of cells in a house); Cells the
	// number of cells of the board (row-major indexes 0..Cells-1).
	N, Cells int
	// Houses lists the houses. With a classic frame the first 3N are
	// Geo.Units (rows, columns, boxes) and extra houses follow.
	Houses [][]int
	// CellHouses lists the houses of each cell, in house order.
	CellHouses [][]int
	// Peers lists, for each cell, the other cells it sees: ascending on
	// a layout built from houses, but on the classic layout (the
	// geometry's own lists) by the cell's row, then column, then box.
	// A finder that needs cell order sorts (findXYWing does).
	Peers [][]int
	// Used marks the cells of the board that belong to the puzzle (nil:
	// every cell). Unused cells have no candidates and never count as
	// empty.
	Used []bool
	// Geo is the classic frame (rows, columns, boxes of a box shape), nil
	// when the board has none.
	Geo *sudoku.Geometry
	// All is the candidate mask with the N low bits set.
	All uint32

	extra bool          // constraints beyond Geo's
	rules *layoutRating // SukakuExplainer's rules per house type (SetHouseTypes), nil if untyped
	// consec lists per cell the cells it may not hold a digit next to
	// (LayoutSpec.Consecutive), in SukakuExplainer's order (orderConsec);
	// nil without such pairs. The chain engine links through them
	// (implGraph.consecOff).
	consec [][]int
	nUsed  int           // cells in use
	slots  [][]houseSlot // per cell: its houses and its index in each
	// ord caches the house orders (see Grid.houseOrder).
	ordOnce sync.Once
	ord     [len(scanOrders)][]int
	// tab caches the chain engine's lookup tables (see tables).
	tabOnce sync.Once
	tab     *seTables
	// fish caches the fish search's tables (see fishTablesOf).
	fishOnce sync.Once
	fish     *fishTables
	// inside caches insideOf: house a's positions inside house b at
	// a*len(Houses)+b.
	insideOnce sync.Once
	inside     []uint32
	// kinds caches frameKinds.
	kindsOnce sync.Once
	kinds     [][]int
	// houseKind caches houseKinds.
	houseKindsOnce sync.Once
	houseKind      []uint8
}

// houseSlot is a cell's place in one of its houses.
type houseSlot struct {
	house int32
	bit   uint32 // 1 << index of the cell in the house
}

// Plain reports whether the layout is exactly the classic one of its
// geometry (no extra house, sees pair or unused cell), so every technique
// applies.
func (l *Layout) Plain() bool { return l.Geo != nil && !l.extra }

// LayoutSpec describes a layout in plain data for NewLayout.
type LayoutSpec struct {
	// Classic, when set, is the classic frame: its rows, columns and
	// boxes are the first houses, N and Cells come from it, and Houses
	// lists extra houses only.
	Classic *sudoku.Geometry
	// N and Cells (without Classic): digits 1..N on cells 0..Cells-1.
	N, Cells int
	// Houses lists houses as cell indexes; each has N distinct used cells.
	Houses [][]int
	// Sees lists extra pairs of cells that may not hold the same digit.
	Sees [][2]int
	// Used marks the board's cells in use (nil: all); len Cells.
	Used []bool
	// Consecutive lists pairs of cells that may not hold consecutive
	// digits (non-consecutive's rule). The grader does not apply the rule
	// (its caller removes what placed digits forbid); the pairs only keep
	// the uniqueness techniques sound: a deadly pattern of houses alone is
	// not deadly where they can tell its two fillings apart, so a unique
	// loop (Layout.consecutiveLoop) or a BUG (Layout.consecutiveBUG) one
	// of them could tell apart is dropped.
	Consecutive [][2]int
}

// NewLayout checks spec and builds its layout. Errors say which house,
// pair or cell is wrong.
func NewLayout(spec LayoutSpec) (*Layout, error) {
	l := &Layout{N: spec.N, Cells: spec.Cells, Geo: spec.Classic}
	if geo := spec.Classic; geo != nil {
		l.N, l.Cells = geo.N, geo.Cells
		l.Houses = append(l.Houses, geo.Units...)
	}
	if l.N < 1 || l.N > sudoku.MaxN {
		return nil, fmt.Errorf("layout: %d digits, want 1..%d", l.N, sudoku.MaxN)
	}
	if l.Cells < 1 || l.Cells > sudoku.MaxN*sudoku.MaxN {
		return nil, fmt.Errorf("layout: %d cells, want 1..%d", l.Cells, sudoku.MaxN*sudoku.MaxN)
	}
	if spec.Used != nil {
		if len(spec.Used) != l.Cells {
			return nil, fmt.Errorf("layout: used mask has %d cells, want %d", len(spec.Used), l.Cells)
		}
		l.Used = slices.Clone(spec.Used)
		if slices.Contains(l.Used, false) {
			l.extra = true
		}
	}
	used := func(c int) bool { return c >= 0 && c < l.Cells && (l.Used == nil || l.Used[c]) }
	for i, h := range spec.Houses {
		if len(h) != l.N {
			return nil, fmt.Errorf("layout: house %d has %d cells, want %d", i, len(h), l.N)
		}
		for j, c := range h {
			if !used(c) {
				return nil, fmt.Errorf("layout: house %d: cell %d is not a used cell of the board", i, c)
			}
			if slices.Contains(h[:j], c) {
				return nil, fmt.Errorf("layout: house %d holds cell %d twice", i, c)
			}
		}
		l.Houses = append(l.Houses, slices.Clone(h))
		l.extra = true
	}
	for i, p := range spec.Sees {
		if !used(p[0]) || !used(p[1]) || p[0] == p[1] {
			return nil, fmt.Errorf("layout: sees pair %d (%d, %d) needs two different used cells", i, p[0], p[1])
		}
		l.extra = true
	}
	if spec.Classic != nil && l.Used != nil {
		return nil, fmt.Errorf("layout: a classic frame uses every cell")
	}
	for i, p := range spec.Consecutive {
		if !used(p[0]) || !used(p[1]) || p[0] == p[1] {
			return nil, fmt.Errorf("layout: consecutive pair %d (%d, %d) needs two different used cells", i, p[0], p[1])
		}
		if l.consec == nil {
			l.consec = make([][]int, l.Cells)
		}
		l.consec[p[0]] = append(l.consec[p[0]], p[1])
		l.consec[p[1]] = append(l.consec[p[1]], p[0])
	}
	if l.consec != nil {
		l.orderConsec()
	}
	l.All = uint32(1)<<l.N - 1
	l.nUsed = l.Cells
	for _, u := range l.Used {
		if !u {
			l.nUsed--
		}
	}
	l.CellHouses = make([][]int, l.Cells)
	l.slots = make([][]houseSlot, l.Cells)
	for h, cells := range l.Houses {
		for i, c := range cells {
			l.CellHouses[c] = append(l.CellHouses[c], h)
			l.slots[c] = append(l.slots[c], houseSlot{int32(h), 1 << i})
		}
	}
	if !l.extra && spec.Classic != nil {
		l.Peers = spec.Classic.Peers
		return l, nil
	}
	sets := make([]cellSet, l.Cells)
	for c := range sets {
		sets[c] = newCellSet(l.Cells)
	}
	for _, cells := range l.Houses {
		for _, a := range cells {
			for _, b := range cells {
				if a != b {
					sets[a].add(b)
				}
			}
		}
	}
	for _, p := range spec.Sees {
		sets[p[0]].add(p[1])
		sets[p[1]].add(p[0])
	}
	l.Peers = make([][]int, l.Cells)
	for c := range sets {
		for p := 0; p < l.Cells; p++ {
			if sets[c].has(p) {
				l.Peers[c] = append(l.Peers[c], p)
			}
		}
	}
	return l, nil
}

// orderConsec puts each cell's non-consecutive partners in the order
// SukakuExplainer lists them (Grid.wazirCellsRegular: the cell above,
// below, right, left; other partners after them, ascending), the order in
// which the chain engine lists their links, so chains are found as its
// searches find them.
func (l *Layout) orderConsec() {
	rank := func(c, p int) int {
		if geo := l.Geo; geo != nil {
			r, col, pr, pc := geo.Row[c], geo.Col[c], geo.Row[p], geo.Col[p]
			switch {
			case pc == col && pr == r-1:
				return 0
			case pc == col && pr == r+1:
				return 1
			case pr == r && pc == col+1:
				return 2
			case pr == r && pc == col-1:
				return 3
			}
		}
		return 4
	}
	for c, ps := range l.consec {
		slices.SortFunc(ps, func(a, b int) int {
			if ra, rb := rank(c, a), rank(c, b); ra != rb {
				return ra - rb
			}
			return a - b
		})
		l.consec[c] = slices.Compact(ps)
	}
}

var (
	classicMu      sync.Mutex
	classicLayouts = map[*sudoku.Geometry]*Layout{}
)

// ClassicLayout returns the shared classic layout of a geometry: its rows,
// columns and boxes as houses.
func ClassicLayout(geo *sudoku.Geometry) *Layout {
	classicMu.Lock()
	defer classicMu.Unlock()
	if l, ok := classicLayouts[geo]; ok {
		return l
	}
	l, err := NewLayout(LayoutSpec{Classic: geo})
	if err != nil {
		panic("grade: " + err.Error()) // a geometry's own units are valid
	}
	classicLayouts[geo] = l
	return l
}

// NewLayoutGrid builds the starting candidate grid of a puzzle on layout
// l: values holds the givens (0 = empty, one per cell of the board; unused
// cells must be 0). Every empty used cell gets every digit no peer holds.
func NewLayoutGrid(l *Layout, values []uint8) (*Grid, error) {
	if err := checkLayoutValues(l, values); err != nil {
		return nil, err
	}
	g := &Grid{Geo: l.Geo, L: l, Values: slices.Clone(values), Cand: make([]uint32, l.Cells)}
	g.Reset()
	return g, nil
}

// ResetLayoutGrid makes g the grid NewLayoutGrid(l, values) returns,
// reusing g's slices (a caller that grades many puzzles of one layout in
// turn, as a steered dig's keeper does, allocates nothing per puzzle). A
// nil g is NewLayoutGrid's.
func ResetLayoutGrid(g *Grid, l *Layout, values []uint8) (*Grid, error) {
	if g == nil {
		return NewLayoutGrid(l, values)
	}
	if err := checkLayoutValues(l, values); err != nil {
		return nil, err
	}
	g.Geo, g.L, g.memo = l.Geo, l, nil
	g.Values = append(g.Values[:0], values...)
	if cap(g.Cand) < l.Cells {
		g.Cand = make([]uint32, l.Cells)
	}
	g.Cand = g.Cand[:l.Cells]
	g.resetFromGivens()
	return g, nil
}

// resetFromGivens is Reset walking the givens' peers instead of every
// empty cell's: a puzzle has far fewer givens than empty cells, and a
// cell's peers see it back (Peers is symmetric), so each empty cell ends
// with every digit no peer holds, as Reset leaves it.
func (g *Grid) resetFromGivens() {
	l := g.lay()
	g.startReset(l)
	for i, v := range g.Values {
		if v == 0 {
			continue
		}
		bit := uint32(1) << (v - 1)
		for _, p := range l.Peers[i] {
			g.Cand[p] &^= bit
		}
	}
}

// checkLayoutValues checks the givens of a puzzle on layout l.
func checkLayoutValues(l *Layout, values []uint8) error {
	if len(values) != l.Cells {
		return fmt.Errorf("layout grid: %d values, want %d", len(values), l.Cells)
	}
	for c, v := range values {
		if int(v) > l.N {
			return fmt.Errorf("layout grid: cell %d holds %d, want 0..%d", c, v, l.N)
		}
		if v != 0 && l.Used != nil && !l.Used[c] {
			return fmt.Errorf("layout grid: cell %d is not used but holds %d", c, v)
		}
	}
	return nil
}

// used is the number of cells of the board in use.
func (g *Grid) used() int { return g.lay().nUsed }

// lay returns the grid's layout (the classic one of its geometry unless
// set).
func (g *Grid) lay() *Layout {
	if g.L == nil {
		g.L = ClassicLayout(g.Geo)
	}
	return g.L
}

// insideOf returns the positions (within house a) of the cells a shares
// with house b: from a table of every pair built once per layout (up to
// maxInsideHouses houses; locked candidates over a layout's extra houses
// ask it for every house, digit and house of a place, on every step).
func (l *Layout) insideOf(a, b int) uint32 {
	nh := len(l.Houses)
	if nh <= maxInsideHouses {
		l.insideOnce.Do(l.buildInside)
		return l.inside[a*nh+b]
	}
	return l.insideSlow(a, b)
}

// maxInsideHouses bounds the houses of a layout whose insideOf table is
// built (nh*nh masks: 256 KiB at the bound).
const maxInsideHouses = 256

// buildInside fills the insideOf table.
func (l *Layout) buildInside() {
	nh := len(l.Houses)
	l.inside = make([]uint32, nh*nh)
	for a, cells := range l.Houses {
		for i, c := range cells {
			for _, b := range l.CellHouses[c] {
				l.inside[a*nh+b] |= 1 << i
			}
		}
	}
}

// insideSlow is insideOf without the table.
func (l *Layout) insideSlow(a, b int) uint32 {
	var m uint32
	for i, c := range l.Houses[a] {
		for _, h := range l.CellHouses[c] {
			if h == b {
				m |= 1 << i
				break
			}
		}
	}
	return m
}

// houseOrder is the order in which singles and subsets visit houses: the
// scan's order of the classic rows, columns and boxes (see unitOrder),
// then the extra houses in layout order; without a classic frame the same
// order of the layout's own kinds of house (houseKinds: its boxes or
// regions, then its columns and rows as the scan orders them; until
// 2026-12-07 layout order, rows first).
func (g *Grid) houseOrder(sc Scan) []int {
	l := g.lay()
	if l.Geo == nil {
		return l.order(sc)
	}
	if len(l.Houses) == 3*l.Geo.N {
		return tablesOf(l.Geo).unitOrder(sc)
	}
	return l.orderAfter(sc)
}

// order returns, for a layout without a classic frame, its houses in the
// scan's order of house kinds (cached per scan): the boxes (a jigsaw's
// regions, a Samurai's boxes), then the columns and the rows (SE's
// region order B) or the rows and the columns (order A), each kind in
// layout order.
func (l *Layout) order(sc Scan) []int {
	l.ordOnce.Do(func() {
		kind := l.houseKinds()
		for s := range l.ord {
			lines := [2]uint8{fishRow, fishCol}
			if Scan(s).order().regionOrderB {
				lines = [2]uint8{fishCol, fishRow}
			}
			for h, k := range kind {
				if k != fishRow && k != fishCol {
					l.ord[s] = append(l.ord[s], h)
				}
			}
			for _, want := range lines {
				for h, k := range kind {
					if k == want {
						l.ord[s] = append(l.ord[s], h)
					}
				}
			}
		}
	})
	return l.ord[sc]
}

// orderAfter returns the scan's classic order followed by the extra houses
// (cached per scan).
func (l *Layout) orderAfter(sc Scan) []int {
	l.ordOnce.Do(func() {
		n := l.Geo.N
		t := tablesOf(l.Geo)
		for s := range l.ord {
			l.ord[s] = slices.Clone(t.unitOrder(Scan(s)))
			for h := 3 * n; h < len(l.Houses); h++ {
				l.ord[s] = append(l.ord[s], h)
			}
		}
	})
	return l.ord[sc]
}

// frameKinds returns the classic frame's houses by kind, in
// SukakuExplainer's order of region types: boxes, rows, columns (cached;
// nil without a frame).
func (l *Layout) frameKinds() [][]int {
	l.kindsOnce.Do(func() {
		if l.Geo == nil {
			return
		}
		n := l.Geo.N
		for _, from := range [3]int{2 * n, 0, n} {
			k := make([]int, n)
			for i := range k {
				k[i] = from + i
			}
			l.kinds = append(l.kinds, k)
		}
	})
	return l.kinds
}

// sukakuRules reports whether the SE ladder on l follows SukakuExplainer
// where it differs from Sudoku Explainer 1.2.1 (lkSudoku's unique loop
// type 3 and BUG): on a variant, a layout with typed extra houses or sees
// pairs or with non-consecutive pairs. It differs from sukakuOrder (the
// orders among equal steps) on non-consecutive boards without a classic
// frame, which take the rules but have no frame to order by.
func (l *Layout) sukakuRules() bool { return l.rating() != nil || l.consec != nil }
