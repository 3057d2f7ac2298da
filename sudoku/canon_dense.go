package sudoku

import (
	"math"
	"math/bits"
)

// The dense puzzle search: the puzzle search (canon_puzzle.go) for
// puzzles with many givens, where a result row holds many values not yet
// labeled. The puzzle search branches on every order of those values
// inside each free cell (up to 5!^5 orders in a 25x25 row); this search
// keeps their order open instead, as the full-grid search does.
//
// The result row is arranged position by position. The columns whose
// order is still open form cells: ranges of result positions holding a
// set of columns in an order not yet chosen. Every value's label is tied
// to the position of the column where it first appeared: a value first
// seen in a row gets the next label in order of appearance, so a run of
// new values at positions a..b-1 gets labels l..l+b-a-1, that is label =
// off + position with off = l-a, whatever the order of their columns.
// At each position the column giving the smallest value is chosen among
// the cell's columns:
//
//   - empty cells tie: all the cell's columns empty in this row become a
//     cell of their own, first, still unordered;
//   - values never seen tie: when only they remain, the rest of the cell
//     stays one cell, its values labeled by position;
//   - a value already labeled reads off + the position of its column. A
//     column still in a cell takes the first free position of its cell,
//     the only choice that keeps the row smallest (it leaves the cell,
//     which keeps its fixed positions as a prefix);
//   - other ties (two labeled values of equal least label) branch.
//
// Stacks still empty in every chosen row stay a free group at the front,
// as in the puzzle search; the order of the stacks that leave it is
// branched on (at most 5! in a row). Rows are chosen as in the puzzle
// search, every candidate row's least arrangement is found before any is
// expanded, and only rows equal to the best of their depth are expanded.
//
// Cells only ever hold columns that read alike in every chosen row (empty,
// or a new value labeled by its own position), so every order of a cell
// gives the same rows; a column some later row reads by label leaves its
// cell. The search is exact: it gives the same form as the puzzle search.

// denseFrom returns the number of givens from which a valid puzzle of
// shape s takes the dense search: where it overtakes the puzzle search
// on random puzzles (measured per shape; 4x4 and 6x6 never, and 9x9
// puzzles keep their own search). Sparser puzzles still reach it
// through sparseLimit.
func denseFrom(s Shape) int {
	percent := 101
	switch s {
	case Shape8:
		percent = 75
	case Shape12:
		percent = 60
	case Shape16:
		percent = 55
	case Shape25:
		percent = 30
	}
	return s.Cells() * percent / 100
}

// runPuzzle searches a puzzle of any shape but 9x9 (or an invalid full
// grid): the dense search for a valid puzzle with denseFrom givens or
// more, else the puzzle search, which hands a valid puzzle over to the
// dense search past sparseLimit nodes (a dense band among sparse ones).
func (c *Canonicalizer) runPuzzle(g Grid) {
	from, limit := c.denseAt, c.sparseLimit
	if from == 0 {
		from = denseFrom(c.geo.Shape)
	}
	if limit == 0 {
		limit = sparseLimit
	}
	givens := 0
	for _, v := range g.Cells {
		givens += int(b2u(v != 0))
	}
	if givens >= from && g.Conflict() == nil {
		c.dense().run()
		return
	}
	if c.puzzle.run(limit); c.puzzle.aborted {
		if g.Conflict() == nil {
			c.dense().run()
		} else {
			c.puzzle.run(math.MaxInt)
		}
	}
}

// sparseLimit is the number of nodes after which the puzzle search gives
// a valid puzzle up to the dense search.
const sparseLimit = 5000

// denseState is a node of the dense search: the rows chosen so far and
// the open column order.
type denseState struct {
	t, z, next uint8 // orientation, free stacks (slots 0..z-1), next label
	pend       uint8 // free stacks not empty in the row being arranged
	band       int8
	rowsUsed   uint32
	bandsUsed  uint32
	slot       [5]int8        // result slot -> original stack, -1 if free
	pcol       [MaxN]int8     // result position -> original column
	cpos       [MaxN]int8     // original column -> result position, -1 if free
	cs, ce     [MaxN]int8     // start and end of the cell at each position
	lnk        [MaxN + 1]int8 // value -> column of its first appearance, -1 if none
	off        [MaxN + 1]int8 // value's label = off + position of its lnk column
	rows       [MaxN]int8     // result row -> original row
}

// denseSearch is the dense puzzle search's work space (about 270 KB,
// made on a canonicalizer's first dense puzzle).
type denseSearch struct {
	c         *Canonicalizer
	best      [MaxN][MaxN]uint8 // best row at each depth
	bestDepth int
	found     bool
	bnd       [MaxN][MaxN]uint8 // smallest row seen at each depth
	hasB      [MaxN]bool
	imp       [MaxN]int // improvements of bnd at each depth
	reached   bool      // the current candidate row reached its end
	expand    [MaxN]bool
	key       [MaxN][MaxN]uint8
	buf       [MaxN + 1][2*MaxN + 2]denseState
	nodes     int // nodes and branches visited (tests)
}

// dense returns c's dense search, made on first use.
func (c *Canonicalizer) dense() *denseSearch {
	if c.denseSearch == nil {
		c.denseSearch = &denseSearch{c: c}
	}
	return c.denseSearch
}

func (d *denseSearch) run() {
	c := d.c
	d.bestDepth, d.found, d.nodes = 0, false, 0
	c.markEmptyRows()
	orient := 1
	if c.square {
		orient = 2
	}
	for t := 0; t < orient; t++ {
		st := &d.buf[0][2*MaxN+1]
		*st = denseState{t: uint8(t), z: uint8(c.ns), next: 1, band: -1}
		for i := range st.slot {
			st.slot[i] = -1
		}
		for i := range st.cpos {
			st.cpos[i] = -1
		}
		for i := range st.lnk {
			st.lnk[i] = -1
		}
		d.dfs(0, st)
	}
}

// dfs searches the children of st, which has result rows 0..k-1.
func (d *denseSearch) dfs(k int, st *denseState) {
	c := d.c
	n := c.n
	d.nodes++
	if k == n {
		if !d.found {
			d.found = true
			d.leaf(st)
		}
		return
	}
	d.hasB[k] = k < d.bestDepth
	if d.hasB[k] {
		d.bnd[k] = d.best[k]
	}
	// Candidate rows (empty rows and bands interchangeable, as in the
	// puzzle search), each with the improvement count after its scan;
	// -1 when it never reached a row no larger than the bound.
	var cand [MaxN]int8
	var imp [MaxN]int
	nc := 0
	d.imp[k] = 0
	d.expand[k] = false
	for set := c.rowChoices(k, st.t, st.rowsUsed, st.bandsUsed, st.band); set != 0; set &= set - 1 {
		r := bits.TrailingZeros32(set)
		d.reached = false
		d.start(k, st, r)
		cand[nc], imp[nc] = int8(r), -1
		if d.reached {
			imp[nc] = d.imp[k]
		}
		nc++
	}
	if !d.hasB[k] {
		return // no candidate row reached its end
	}
	better := k >= d.bestDepth
	if !better {
		for j := 0; j < n; j++ {
			if d.bnd[k][j] != d.best[k][j] {
				better = d.bnd[k][j] < d.best[k][j]
				break
			}
		}
	}
	if better {
		d.best[k] = d.bnd[k]
		d.bestDepth = k + 1
		d.found = false
	} else if k >= d.bestDepth || d.bnd[k] != d.best[k] {
		return
	}
	d.expand[k] = true
	for i := 0; i < nc; i++ {
		if imp[i] == d.imp[k] {
			d.start(k, st, int(cand[i]))
		}
	}
}

// start arranges original row r as result row k of st.
func (d *denseSearch) start(k int, st *denseState, r int) {
	c := d.c
	w := &d.buf[k][0]
	*w = *st
	w.rows[k] = int8(r)
	w.rowsUsed |= 1 << r
	if k%c.br == 0 {
		w.band = int8(r / c.br)
		w.bandsUsed |= 1 << (r / c.br)
	}
	p := 0
	if w.z > 0 {
		// Free stacks empty in this row stay free, first; the others
		// take the next slots in an order chosen position by position.
		row := c.g[w.t][r*c.n:]
		nz := 0
		for stk := 0; stk < c.ns; stk++ {
			if w.cpos[stk*c.bc] >= 0 {
				continue
			}
			zero := true
			for x := stk * c.bc; x < stk*c.bc+c.bc; x++ {
				if row[x] != 0 {
					zero = false
				}
			}
			if zero {
				nz++
			} else {
				w.pend |= 1 << stk
			}
		}
		w.z = uint8(nz)
		p = nz * c.bc
		for j := 0; j < p; j++ {
			d.key[k][j] = 0
		}
		less := false
		if d.cut(k, 0, p, &less) {
			return
		}
		d.scan(k, w, r, p, 0, less)
		return
	}
	d.scan(k, w, r, 0, 0, false)
}

// cut compares key[k][from:to] with the bound when key[k][:from] ties
// it (not *less): it reports a larger row, and sets *less on a smaller.
func (d *denseSearch) cut(k, from, to int, less *bool) bool {
	if *less || !d.hasB[k] {
		return false
	}
	key, bnd := &d.key[k], &d.bnd[k]
	for j := from; j < to; j++ {
		if key[j] != bnd[j] {
			if key[j] > bnd[j] {
				return true
			}
			*less = true
			return false
		}
	}
	return false
}

const denseNew = 0xFF // token of a value not labeled yet

// token returns the least value column y can show at position p, where
// the cell being arranged is [p, e), and the column whose position that
// takes (-1 if none).
func (d *denseSearch) token(st *denseState, v uint8, p, e int) (uint8, int8) {
	if v == 0 {
		return 0, -1
	}
	x := st.lnk[v]
	if x < 0 {
		return denseNew, -1
	}
	q := int(st.cpos[x])
	if q >= p && q < e { // in the cell being arranged, after y
		return uint8(int(st.off[v]) + p + 1), x
	}
	return uint8(int(st.off[v]) + int(st.cs[q])), x
}

// put moves column x to position q, the start of its cell (swapping
// with the column there), and makes it a cell of its own.
func put(st *denseState, x int8, q int) {
	from := int(st.cpos[x])
	y := st.pcol[q]
	st.pcol[q], st.pcol[from] = x, y
	st.cpos[x], st.cpos[y] = int8(q), int8(from)
	splitCell(st, q, q+1)
}

// splitCell cuts the cell starting at a into [a, j) and [j, its end).
func splitCell(st *denseState, a, j int) {
	e := int(st.ce[a])
	if j >= e {
		return
	}
	for q := a; q < j; q++ {
		st.ce[q] = int8(j)
	}
	for q := j; q < e; q++ {
		st.cs[q] = int8(j)
	}
}

// scan arranges row r of st (result row k) from position p on; news is
// the count of new values before p and less whether key[k][:p] is below
// the bound. st is the caller's to change.
func (d *denseSearch) scan(k int, st *denseState, r, p, news int, less bool) {
	c := d.c
	n, bc := c.n, c.bc
	row := c.g[st.t][r*n : r*n+n]
	key := &d.key[k]
	for p < n {
		s := p / bc
		if p%bc == 0 && st.slot[s] < 0 {
			// A free slot of a stack leaving the free group:
			// branch on which.
			pend, imp0 := d.leaders(st, row, p), d.imp[k]
			for stk := 0; stk < c.ns; stk++ {
				if pend&(1<<stk) == 0 {
					continue
				}
				w := st
				if bits.OnesCount8(pend) > 1 {
					w = &d.buf[k][2*p+1]
					*w = *st
					d.nodes++
				}
				if d.imp[k] != imp0 {
					// A row found below this prefix the bound:
					// the prefix now ties it.
					less = false
				}
				w.pend &^= 1 << stk
				w.slot[s] = int8(stk)
				for i := 0; i < bc; i++ {
					x := stk*bc + i
					w.pcol[p+i], w.cpos[x] = int8(x), int8(p+i)
					w.cs[p+i], w.ce[p+i] = int8(p), int8(p+bc)
				}
				d.scan(k, w, r, p, news, less)
				if w == st {
					return
				}
			}
			return
		}
		e := int(st.ce[p])
		// The least token of the cell, and how many columns show it.
		min, ties := uint8(denseNew), 0
		for q := p; q < e; q++ {
			tk, _ := d.token(st, row[st.pcol[q]], p, e)
			switch {
			case tk < min:
				min, ties = tk, 1
			case tk == min:
				ties++
			}
		}
		switch {
		case min == 0:
			// The empty columns first, as a cell of their own.
			j := p
			for q := p; q < e; q++ {
				if x := st.pcol[q]; row[x] == 0 {
					y := st.pcol[j]
					st.pcol[j], st.pcol[q] = x, y
					st.cpos[x], st.cpos[y] = int8(j), int8(q)
					j++
				}
			}
			splitCell(st, p, j)
			for q := p; q < j; q++ {
				key[q] = 0
			}
			if d.cut(k, p, j, &less) {
				return
			}
			p = j
		case min == denseNew:
			// Only new values: labeled by position, order open.
			l := int(st.next) + news
			for q := p; q < e; q++ {
				v := row[st.pcol[q]]
				st.lnk[v], st.off[v] = st.pcol[q], int8(l-p)
				key[q] = uint8(l + q - p)
			}
			if d.cut(k, p, e, &less) {
				return
			}
			news += e - p
			p = e
		default:
			key[p] = min
			if d.cut(k, p, p+1, &less) {
				return
			}
			if ties == 1 {
				for q := p; q < e; q++ {
					y := st.pcol[q]
					if tk, x := d.token(st, row[y], p, e); tk == min {
						d.place(st, y, x, p)
						break
					}
				}
				p++
				continue
			}
			// Equal labels from different columns: branch.
			imp0 := d.imp[k]
			for q := p; q < e; q++ {
				y := st.pcol[q]
				tk, x := d.token(st, row[y], p, e)
				if tk != min {
					continue
				}
				w := &d.buf[k][2*p+2]
				*w = *st
				d.nodes++
				if d.imp[k] != imp0 {
					less = false
				}
				d.place(w, y, x, p)
				d.scan(k, w, r, p+1, news, less)
			}
			return
		}
	}
	d.rowDone(k, st, news, less)
}

// place puts column y at position p (its cell's start) and the column x
// its value is labeled by (if any) at the first free position of x's cell.
func (d *denseSearch) place(st *denseState, y, x int8, p int) {
	put(st, y, p)
	if x >= 0 {
		q := int(st.cpos[x])
		if st.ce[q]-st.cs[q] > 1 {
			put(st, x, int(st.cs[q]))
		}
	}
}

// rowDone ends the arrangement of a candidate row: on the first pass it
// records the row when it is the smallest so far; on the second (the
// row equals the best) it searches the child.
func (d *denseSearch) rowDone(k int, st *denseState, news int, less bool) {
	d.reached = true
	if !d.expand[k] {
		if less || !d.hasB[k] {
			d.bnd[k] = d.key[k]
			d.hasB[k] = true
			d.imp[k]++
		}
		return
	}
	if less {
		return // not reached: the first pass found the least row
	}
	st.next += uint8(news)
	d.dfs(k+1, st)
}

// leaf records the transformation of a complete node.
func (d *denseSearch) leaf(st *denseState) {
	c := d.c
	n, bc := c.n, c.bc
	c.tr.Transpose = st.t == 1
	for i := 0; i < n; i++ {
		c.tr.Rows[i] = int(st.rows[i])
	}
	// The free group (empty stacks) in original order, then the slots.
	s := 0
	for stk := 0; stk < c.ns; stk++ {
		if st.cpos[stk*bc] < 0 {
			for i := 0; i < bc; i++ {
				c.tr.Cols[s*bc+i] = stk*bc + i
			}
			s++
		}
	}
	for j := s * bc; j < n; j++ {
		c.tr.Cols[j] = int(st.pcol[j])
	}
	var label [MaxN + 1]uint8
	for v := 1; v <= n; v++ {
		if x := st.lnk[v]; x >= 0 {
			label[v] = uint8(int(st.off[v]) + int(st.cpos[x]))
		}
	}
	c.finishRelabel(label[:], st.next)
}

// leaders returns the stacks of st.pend that may take the free slot at
// position p: a stack's segment starts with its empty cells (all its
// columns form one cell) and then its least value, so only the stacks
// with the most empty cells in the row, and of those the least value,
// can give the smallest segment.
func (d *denseSearch) leaders(st *denseState, row []uint8, p int) uint8 {
	bc := d.c.bc
	var lead uint8
	bestZ, bestT := -1, 0
	for stk := 0; stk < d.c.ns; stk++ {
		if st.pend&(1<<stk) == 0 {
			continue
		}
		zs, t := 0, int(denseNew)
		for x := stk * bc; x < stk*bc+bc; x++ {
			if row[x] == 0 {
				zs++
			} else if tk, _ := d.token(st, row[x], p, p); int(tk) < t {
				t = int(tk)
			}
		}
		switch {
		case zs > bestZ || zs == bestZ && t < bestT:
			lead, bestZ, bestT = 1<<stk, zs, t
		case zs == bestZ && t == bestT:
			lead |= 1 << stk
		}
	}
	return lead
}
