package grade

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// seTables are per-shape lookup tables: the region orders and the house
// order of Sudoku Explainer (SE-RULES.md section 0) that ScanSE finders and
// the chain engine walk, cell and unit bitsets, unit crossings.
type seTables struct {
	geo *sudoku.Geometry
	n   int
	// orderA is block, row, column; orderB block, column, row (unit ids of
	// the geometry: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1).
	orderA, orderB []int
	// house lists each cell's peers: its block's cells (row-major), then
	// the rest of its row, then the rest of its column.
	house [][]int
	// wing, when set (layouts SukakuExplainer rates), lists each cell's
	// peers in the order its wings take pincers (sukaku_order.go).
	wing [][]int
	// inUnit[u][cell] is the cell's index within unit u, or -1.
	inUnit [][]int8
	// unitMask[u] is the set of cells of unit u as a cell bitset.
	unitMask []cellSet
	// peerMask[cell] is the set of the cell's peers.
	peerMask []cellSet
	// inside[a][b] is the positions (within unit a) of the cells unit a
	// shares with a different unit b (0 when they do not cross).
	inside [][]uint32
	// wide[a] lists the units sharing two or more cells with unit a (the
	// other houses a subset of a's cells can lie in).
	wide [][]int
	// linked[o][cell] lists the cell's peers with the unit that links
	// them (causeBox, causeRow, causeCol), in SE's house order (o 0:
	// block, row, column) or HoDoKu's peer order (o 1: row, column,
	// block); each peer once, with its first unit.
	linked [2][][]peerLink
	// frame, with a classic frame, gives each cell its row, column and
	// box unit ids and its position bit in each (frameCell), so the
	// dynamic engine's remove and restore need no division.
	frame []frameCell
}

// frameCell is a cell's place in the classic frame: its row, column and
// box unit ids and the bit of its position in each (a digit's positions
// in a unit, Grid.unitTables' pos, as 1 << index in the unit).
type frameCell struct {
	unit [3]int32
	bit  [3]uint32
	// boxIn: the positions of the cell's row (0) and column (1) that lie
	// in its box
	boxIn [2]uint32
}

// frameCells lists the frame places of geo's cells.
func frameCells(geo *sudoku.Geometry) []frameCell {
	n := geo.N
	out := make([]frameCell, geo.Cells)
	for cell := range out {
		r, col, b := geo.Row[cell], geo.Col[cell], geo.Box[cell]
		out[cell] = frameCell{
			unit: [3]int32{int32(r), int32(n + col), int32(2*n + b)},
			bit:  [3]uint32{1 << col, 1 << r, 1 << ((r%geo.BoxRows)*geo.BoxCols + col%geo.BoxCols)},
			boxIn: [2]uint32{
				(1<<geo.BoxCols - 1) << (col - col%geo.BoxCols),
				(1<<geo.BoxRows - 1) << (r - r%geo.BoxRows),
			},
		}
	}
	return out
}

// peerLink is a peer of a cell and the kind of unit they share.
type peerLink struct {
	cell  int32
	cause uint8
}

var (
	seTabMu sync.Mutex
	seTabs  = map[*sudoku.Geometry]*seTables{}
)

func tablesOf(geo *sudoku.Geometry) *seTables {
	seTabMu.Lock()
	defer seTabMu.Unlock()
	if t, ok := seTabs[geo]; ok {
		return t
	}
	n := geo.N
	t := &seTables{geo: geo, n: n}
	for b := 0; b < n; b++ {
		t.orderA = append(t.orderA, 2*n+b)
		t.orderB = append(t.orderB, 2*n+b)
	}
	for r := 0; r < n; r++ {
		t.orderA = append(t.orderA, r)
	}
	for c := 0; c < n; c++ {
		t.orderA = append(t.orderA, n+c)
		t.orderB = append(t.orderB, n+c)
	}
	for r := 0; r < n; r++ {
		t.orderB = append(t.orderB, r)
	}
	t.setHouses(geo.Units, geo.Cells)
	t.frame = frameCells(geo)
	t.house = make([][]int, geo.Cells)
	t.peerMask = make([]cellSet, geo.Cells)
	for c := 0; c < geo.Cells; c++ {
		seen := map[int]bool{c: true}
		for _, u := range []int{geo.Box[c] + 2*n, geo.Row[c], geo.Col[c] + n} {
			for _, p := range geo.Units[u] {
				if !seen[p] {
					seen[p] = true
					t.house[c] = append(t.house[c], p)
				}
			}
		}
		t.peerMask[c] = newCellSet(geo.Cells)
		for _, p := range t.house[c] {
			t.peerMask[c].add(p)
		}
	}
	for o, order := range [2][3]int{{2, 0, 1}, {0, 1, 2}} { // unit kinds: 0 row, 1 column, 2 box
		t.linked[o] = make([][]peerLink, geo.Cells)
		for c := 0; c < geo.Cells; c++ {
			seen := map[int]bool{c: true}
			for _, kind := range order {
				u := geo.CellUnits[c][kind]
				cause := [3]uint8{causeRow, causeCol, causeBox}[kind]
				for _, p := range geo.Units[u] {
					if !seen[p] {
						seen[p] = true
						t.linked[o][c] = append(t.linked[o][c], peerLink{int32(p), cause})
					}
				}
			}
		}
	}
	seTabs[geo] = t
	return t
}

// cellSet is a set of cells as a bitset (up to 625 cells); the
// reachability index keeps sets of graph components in it too.
type cellSet []uint64

func newCellSet(cells int) cellSet { return make(cellSet, (cells+63)/64) }

func (s cellSet) add(c int)      { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// countAnd counts the cells of s that are in b too (b at least as long).
func (s cellSet) countAnd(b cellSet) int {
	n := 0
	for w, x := range s {
		n += bits.OnesCount64(x & b[w])
	}
	return n
}
func (t *seTables) sees(a, b int) bool { return t.peerMask[a].has(b) }

// unitOrder is the order in which singles and subsets visit units: SE's
// region order B (blocks, columns, rows), or blocks, rows, columns
// (HoDoKu's, and SE's order A).
func (t *seTables) unitOrder(sc Scan) []int {
	if sc.order().regionOrderB {
		return t.orderB
	}
	return t.orderA
}

// isBox reports whether unit u is a box.
func (t *seTables) isBox(u int) bool { return u >= 2*t.n }

// crosses reports whether units a and b share a cell (and are different).
func (t *seTables) crosses(a, b int) bool {
	return t.inside[a][b] != 0
}

// unitPos fills pos[d-1] with the positions (bit i = the unit's i-th cell)
// of each digit in unit u and returns the number of empty cells of u.
func unitPos(g *Grid, u int, pos *[sudoku.MaxN]uint32) int {
	*pos = [sudoku.MaxN]uint32{}
	empty := 0
	for i, c := range g.Geo.Units[u] {
		if g.Values[c] == 0 {
			empty++
		}
		m := g.Cand[c]
		for m != 0 {
			d := trailing(m)
			pos[d] |= 1 << i
			m &= m - 1
		}
	}
	return empty
}

// nextColex advances comb (k sorted indexes below n) to the next
// combination in colex order (the largest element varies slowest) and
// reports whether there is one. Start from 0,1,...,k-1.
func nextColex(comb []int, n int) bool {
	k := len(comb)
	for i := 0; i < k; i++ {
		lim := n
		if i+1 < k {
			lim = comb[i+1]
		}
		if comb[i]+1 < lim {
			comb[i]++
			for j := 0; j < i; j++ {
				comb[j] = j
			}
			return true
		}
	}
	return false
}

// tablesFor returns the lookup tables of g's board: the shared tables of
// its shape on a plain classic layout (the precomputed ones every classic
// grid uses), else its layout's own (built once per layout, see
// Layout.tables).
func tablesFor(g *Grid) *seTables {
	if g.L == nil || !g.L.extra {
		return tablesOf(g.Geo)
	}
	return g.L.tables()
}

// tables returns the layout's lookup tables (a layout with a classic
// frame and extra houses or sees pairs): unit ids are house ids (the
// frame's rows, columns and boxes first), a cell's peers are its layout
// peers, in SE's house order (block, row, column), then its extra houses
// in layout order, then its other sees peers by index; on layouts
// SukakuExplainer rates (Layout.sukakuOrder) the extra houses and sees
// peers come in its chains' order and wing lists its visible-cell order
// (sukaku_order.go). A peer linked through an extra house has cause
// causeHouse+k, that house being the peer's k-th extra house; the other
// sees peers have causeSees.
func (l *Layout) tables() *seTables {
	l.tabOnce.Do(func() { l.tab = buildLayoutTables(l) })
	return l.tab
}

func buildLayoutTables(l *Layout) *seTables {
	geo := l.Geo
	if geo == nil {
		return buildHouseTables(l)
	}
	ct := tablesOf(geo)
	n := geo.N
	t := &seTables{geo: geo, n: n, orderA: ct.orderA, orderB: ct.orderB, frame: ct.frame}
	t.setHouses(l.Houses, geo.Cells)
	t.house = make([][]int, geo.Cells)
	t.peerMask = make([]cellSet, geo.Cells)
	for o := range t.linked {
		t.linked[o] = make([][]peerLink, geo.Cells)
	}
	seen := newCellSet(geo.Cells)
	lr := l.sukakuOrder()
	if lr != nil {
		t.wing = make([][]int, geo.Cells)
	}
	for c := 0; c < geo.Cells; c++ {
		clear(seen)
		seen.add(c)
		t.house[c] = slices.Clone(ct.house[c])
		for _, p := range t.house[c] {
			seen.add(p)
		}
		for o := range t.linked {
			t.linked[o][c] = slices.Clone(ct.linked[o][c])
		}
		var tail []peerLink
		if lr != nil {
			tail = l.sukakuChainTail(lr, c, seen, nil)
		} else {
			for _, h := range l.CellHouses[c][3:] {
				for _, p := range l.Houses[h] {
					if !seen.has(p) {
						seen.add(p)
						k := slices.Index(l.CellHouses[p][3:], h)
						tail = append(tail, peerLink{int32(p), causeHouse + uint8(k)})
					}
				}
			}
			for _, p := range l.Peers[c] {
				if !seen.has(p) {
					seen.add(p)
					tail = append(tail, peerLink{int32(p), causeSees})
				}
			}
		}
		for _, pl := range tail {
			t.house[c] = append(t.house[c], int(pl.cell))
		}
		for o := range t.linked {
			t.linked[o][c] = append(t.linked[o][c], tail...)
		}
		t.peerMask[c] = newCellSet(geo.Cells)
		for _, p := range t.house[c] {
			t.peerMask[c].add(p)
		}
		if lr != nil {
			t.wing[c] = l.sukakuVisible(lr, c)
		}
	}
	return t
}

// buildHouseTables returns the tables of a layout without a classic frame
// (jigsaw, overlapping grids): the house tables, and each cell's peers in
// house order (its houses in layout order, then its other sees peers),
// the order SE's scan gives wings and aligned exclusion, and the chain
// engine's linked lists in that order (both scans; cause causeHouse+k, k
// the house's index among the peer's houses, or causeSees). There are no
// region orders (houseOrder uses layout order without a frame).
func buildHouseTables(l *Layout) *seTables {
	t := &seTables{n: l.N}
	t.setHouses(l.Houses, l.Cells)
	t.house = make([][]int, l.Cells)
	t.peerMask = make([]cellSet, l.Cells)
	var linked [][]peerLink
	for c := 0; c < l.Cells; c++ {
		t.peerMask[c] = newCellSet(l.Cells)
		var links []peerLink
		for _, h := range l.CellHouses[c] {
			for _, p := range l.Houses[h] {
				if p != c && !t.peerMask[c].has(p) {
					t.peerMask[c].add(p)
					t.house[c] = append(t.house[c], p)
					links = append(links, peerLink{int32(p), causeHouse + uint8(slices.Index(l.CellHouses[p], h))})
				}
			}
		}
		for _, p := range l.Peers[c] {
			if !t.peerMask[c].has(p) {
				t.peerMask[c].add(p)
				t.house[c] = append(t.house[c], p)
				links = append(links, peerLink{int32(p), causeSees})
			}
		}
		linked = append(linked, links)
	}
	t.linked = [2][][]peerLink{linked, linked}
	return t
}

// setHouses fills the house tables of t for houses over cells cells:
// each cell's position in each house (inUnit, -1 outside), each house's
// cells as a set (unitMask), and for two houses a and b the positions of
// a's cells that b holds too (inside[a][b]).
func (t *seTables) setHouses(houses [][]int, cells int) {
	nh := len(houses)
	t.inUnit = make([][]int8, nh)
	t.unitMask = make([]cellSet, nh)
	for u, hc := range houses {
		t.inUnit[u] = make([]int8, cells)
		for i := range t.inUnit[u] {
			t.inUnit[u][i] = -1
		}
		t.unitMask[u] = newCellSet(cells)
		for i, c := range hc {
			t.inUnit[u][c] = int8(i)
			t.unitMask[u].add(c)
		}
	}
	t.inside = make([][]uint32, nh)
	for a := range t.inside {
		t.inside[a] = make([]uint32, nh)
		for b := range t.inside[a] {
			if a == b {
				continue
			}
			for i, c := range houses[a] {
				if t.inUnit[b][c] >= 0 {
					t.inside[a][b] |= 1 << i
				}
			}
		}
	}
	t.wide = make([][]int, nh)
	for a := range t.wide {
		for b, in := range t.inside[a] {
			if popc(in) >= 2 {
				t.wide[a] = append(t.wide[a], b)
			}
		}
	}
}
