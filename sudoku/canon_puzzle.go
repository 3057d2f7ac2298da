package sudoku

import "math/bits"

// The puzzle search builds the canonical string one result row at a time.
//
// A node fixes the orientation, the original rows of result rows 0..k-1 and
// as much of the column order as those rows decide. Because an empty cell
// (0) sorts before every value, the columns that are still interchangeable
// always have the same shape: in each stack, a leading cell of columns that
// are empty in every chosen row (their order is still free), then columns
// in a fixed order; and among stacks, a leading group of stacks that are
// empty in every chosen row (their order is still free), then stacks in a
// fixed order. So a node's column freedom is a handful of small integers,
// and the best arrangement of a new row under it is found by sorting each
// free cell and the free group: empty first, then values already labeled
// by their label, then values not yet labeled (they get the next labels,
// larger than all earlier ones, in the order they appear).
//
// Only arrangements that tie on the resulting row need branching: the order
// of not-yet-labeled values inside one free cell, and the order of free
// stacks whose sorted segments are equal. Every child's row is compared
// with the best row at that depth; worse children are cut at once.

const tokNew = 0xFF // a value with no label yet; sorts after every label

type canonState struct {
	t         uint8   // orientation: 0 as given, 1 transposed
	z         uint8   // stacks in the free (all-empty) group: slots 0..z-1
	next      uint8   // the next label to hand out
	band      int8    // original band of the current result band
	rowsUsed  uint32  // original rows already placed
	bandsUsed uint32  // original bands already placed
	slot      [5]int8 // result stack slot -> original stack
	m         [5]int8 // per original stack: size of its free leading cell
	cols      [5][5]int8
	label     [MaxN + 1]uint8 // label of each original value, 0 if none yet
	rows      [MaxN]int8      // result row -> original row
}

// canonCand is one candidate original row for the next result row.
type canonCand struct {
	row   int8
	nz    int8       // size of the free group after this row
	order [5]int8    // slot order after this row
	key   [5]uint64  // result row as one packed key per slot
	skey  [5]uint64  // packed sorted segment per original stack
	scols [5][5]int8 // per original stack: columns after sorting
	stok  [5][5]uint8
}

type permBlock struct {
	arr    *[5]int8
	lo, hi int8
}

type puzzleSearch struct {
	c         *Canonicalizer
	best      [MaxN][5]uint64
	bestDepth int
	found     bool
	pre       [MaxN + 1]canonState
	states    [MaxN + 1]canonState
	cands     [MaxN][MaxN]canonCand
	blocks    [MaxN][10]permBlock
	nodes     int  // nodes visited in this run
	limit     int  // the run gives up past this many nodes
	aborted   bool // the run gave up: its result is not set
}

// run searches c.g, giving up (aborted) past limit nodes.
func (p *puzzleSearch) run(limit int) {
	c := p.c
	p.nodes, p.limit, p.aborted = 0, limit, false
	p.bestDepth = 0
	p.found = false
	c.markEmptyRows()
	orient := 1
	if c.square {
		orient = 2
	}
	for t := 0; t < orient; t++ {
		st := &p.states[0]
		*st = canonState{t: uint8(t), z: uint8(c.ns), next: 1, band: -1}
		for s := 0; s < c.ns; s++ {
			st.slot[s] = int8(s)
			st.m[s] = int8(c.bc)
			for i := 0; i < c.bc; i++ {
				st.cols[s][i] = int8(s*c.bc + i)
			}
		}
		p.dfs(0, st)
		if p.aborted {
			return
		}
	}
}

// markEmptyRows sets c.emptyRows: the rows of each orientation of c.g
// without a given.
func (c *Canonicalizer) markEmptyRows() {
	n := c.n
	for t := 0; t < 2; t++ {
		var e uint32
		for r := 0; r < n; r++ {
			empty := true
			for _, v := range c.g[t][r*n : r*n+n] {
				if v != 0 {
					empty = false
					break
				}
			}
			if empty {
				e |= 1 << r
			}
		}
		c.emptyRows[t] = e
	}
}

// rowChoices returns the set of original rows (of orientation t) that
// may become result row k, given the rows and bands used and the band of
// row k-1: at a band's first row the rows of every unused band, else the
// unused rows of that band. Of the empty rows of a band only the first is
// kept, and of the entirely empty bands only the first: they are
// interchangeable.
func (c *Canonicalizer) rowChoices(k int, t uint8, rowsUsed, bandsUsed uint32, band int8) uint32 {
	br := c.br
	empty := c.emptyRows[t]
	if k%br != 0 {
		return bandChoices(uint32(1<<br-1)<<(int(band)*br)&^rowsUsed, empty)
	}
	var set uint32
	seenEmptyBand := false
	for b := 0; b < c.nb; b++ {
		if bandsUsed&(1<<b) != 0 {
			continue
		}
		bandMask := uint32(1<<br-1) << (b * br)
		if empty&bandMask == bandMask {
			if seenEmptyBand {
				continue
			}
			seenEmptyBand = true
		}
		set |= bandChoices(bandMask, empty)
	}
	return set
}

// bandChoices returns the rows of set, keeping only the first of its
// empty ones.
func bandChoices(set, empty uint32) uint32 {
	if e := set & empty; e != 0 {
		set &^= e &^ (e & -e)
	}
	return set
}

// stackKey arranges original stack stk of row under st: it sorts the free
// cell by token into cand.scols/stok and returns the packed segment.
func (p *puzzleSearch) stackKey(st *canonState, row []uint8, stk int8, cand *canonCand) uint64 {
	bc := p.c.bc
	m := int(st.m[stk])
	cols := &cand.scols[stk]
	*cols = st.cols[stk]
	tk := &cand.stok[stk]
	for i := 0; i < bc; i++ {
		v := row[cols[i]]
		switch {
		case v == 0:
			tk[i] = 0
		case st.label[v] != 0:
			tk[i] = st.label[v]
		default:
			tk[i] = tokNew
		}
	}
	// Insertion sort of the free cell by token.
	for i := 1; i < m; i++ {
		x, xc := tk[i], cols[i]
		j := i
		for ; j > 0 && tk[j-1] > x; j-- {
			tk[j], cols[j] = tk[j-1], cols[j-1]
		}
		tk[j], cols[j] = x, xc
	}
	var key uint64
	for i := 0; i < bc; i++ {
		key = key<<8 | uint64(tk[i])
	}
	cand.skey[stk] = key
	return key
}

// eval fills cand with the best arrangement of original row r under st.
// When bound is set it stops as soon as the row is known to be larger than
// *bound, and returns false; otherwise it returns true with cand complete.
func (p *puzzleSearch) eval(st *canonState, r int, cand *canonCand, bound *[5]uint64, hasBound bool) bool {
	c := p.c
	ns := c.ns
	row := c.g[st.t][r*c.n:]
	cand.row = int8(r)
	cand.order = st.slot
	z := int(st.z)
	// The free group: arrange every stack, then sort them by segment.
	nz := 0
	for i := 0; i < z; i++ {
		x := cand.order[i]
		kx := p.stackKey(st, row, x, cand)
		if kx == 0 {
			nz++
		}
		j := i
		for ; j > 0 && cand.skey[cand.order[j-1]] > kx; j-- {
			cand.order[j] = cand.order[j-1]
		}
		cand.order[j] = x
	}
	cand.nz = int8(nz)
	eq := hasBound
	for s := 0; s < ns; s++ {
		var k uint64
		if s < z {
			k = cand.skey[cand.order[s]]
		} else {
			k = p.stackKey(st, row, cand.order[s], cand)
		}
		cand.key[s] = k
		if eq {
			if k > bound[s] {
				return false
			}
			eq = k == bound[s]
		}
	}
	return true
}

// cmpKeys compares two result rows.
func cmpKeys(a, b *[5]uint64, ns int) int {
	for s := 0; s < ns; s++ {
		if a[s] != b[s] {
			if a[s] < b[s] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func (p *puzzleSearch) dfs(k int, st *canonState) {
	c := p.c
	n, ns := c.n, c.ns
	p.nodes++
	if p.nodes > p.limit {
		p.aborted = true
		return
	}
	if k == n {
		if !p.found {
			p.found = true
			p.leaf(st)
		}
		return
	}
	cands := &p.cands[k]
	nc := 0
	// bnd is the smallest row seen at this depth: the best so far when
	// this node ties it, then the best candidate.
	var bnd [5]uint64
	hasB := k < p.bestDepth
	if hasB {
		bnd = p.best[k]
	}
	for set := c.rowChoices(k, st.t, st.rowsUsed, st.bandsUsed, st.band); set != 0; set &= set - 1 {
		if p.eval(st, bits.TrailingZeros32(set), &cands[nc], &bnd, hasB) {
			bnd, hasB = cands[nc].key, true
			nc++
		}
	}
	// The best row among the candidates (bnd), never above best[k].
	if nc == 0 {
		return
	}
	if k < p.bestDepth {
		if cmpKeys(&bnd, &p.best[k], ns) < 0 {
			p.best[k] = bnd
			p.bestDepth = k + 1
			p.found = false
		}
	} else {
		p.best[k] = bnd
		p.bestDepth = k + 1
		p.found = false
	}
	for i := 0; i < nc; i++ {
		if cmpKeys(&cands[i].key, &p.best[k], ns) != 0 {
			continue
		}
		p.expand(k, st, &cands[i])
		if p.aborted {
			return
		}
		// A deeper improvement never changes rows 0..k, so the
		// remaining tied candidates stay valid.
	}
}

// expand builds the children of st that place cand as result row k, one
// per order of the tied not-yet-labeled values, and searches each.
func (p *puzzleSearch) expand(k int, st *canonState, cand *canonCand) {
	c := p.c
	br, bc, ns := c.br, c.bc, c.ns
	pre := &p.pre[k+1]
	*pre = *st
	r := int(cand.row)
	pre.rows[k] = cand.row
	pre.rowsUsed |= 1 << r
	if k%br == 0 {
		pre.band = int8(r / br)
		pre.bandsUsed |= 1 << (r / br)
	}
	pre.slot = cand.order
	pre.z = uint8(cand.nz)
	blocks := p.blocks[k][:0]
	// Tied stacks leaving the free group: their order changes labels.
	z := int(st.z)
	for i := int(cand.nz); i < z; {
		j := i + 1
		for j < z && cand.key[j] == cand.key[i] {
			j++
		}
		if j-i > 1 {
			blocks = append(blocks, permBlock{&pre.slot, int8(i), int8(j)})
		}
		i = j
	}
	for s := 0; s < ns; s++ {
		stk := pre.slot[s]
		pre.cols[stk] = cand.scols[stk]
		m := int(st.m[stk])
		tk := &cand.stok[stk]
		zeros, news := 0, 0
		for i := 0; i < m; i++ {
			switch tk[i] {
			case 0:
				zeros++
			case tokNew:
				news++
			}
		}
		if s < int(cand.nz) {
			zeros = bc
		}
		pre.m[stk] = int8(zeros)
		if news > 1 {
			blocks = append(blocks, permBlock{&pre.cols[stk], int8(m - news), int8(m)})
		}
	}
	p.branch(k, pre, blocks)
}

// branch walks every order of the blocks' entries, then labels the new
// values of row k and searches the child.
func (p *puzzleSearch) branch(k int, pre *canonState, blocks []permBlock) {
	if len(blocks) == 0 {
		c := p.c
		child := &p.states[k+1]
		*child = *pre
		row := c.g[child.t][int(child.rows[k])*c.n:]
		for s := int(child.z); s < c.ns; s++ {
			stk := child.slot[s]
			for i := 0; i < c.bc; i++ {
				v := row[child.cols[stk][i]]
				if v != 0 && child.label[v] == 0 {
					child.label[v] = child.next
					child.next++
				}
			}
		}
		p.dfs(k+1, child)
		return
	}
	b := blocks[0]
	p.permute(k, pre, b.arr, int(b.lo), int(b.hi), blocks[1:])
}

func (p *puzzleSearch) permute(k int, pre *canonState, arr *[5]int8, lo, hi int, rest []permBlock) {
	if hi-lo <= 1 {
		p.branch(k, pre, rest)
		return
	}
	for i := lo; i < hi; i++ {
		arr[lo], arr[i] = arr[i], arr[lo]
		p.permute(k, pre, arr, lo+1, hi, rest)
		arr[lo], arr[i] = arr[i], arr[lo]
		if p.aborted {
			return
		}
	}
}

// leaf records the transformation of a complete node.
func (p *puzzleSearch) leaf(st *canonState) {
	c := p.c
	c.tr.Transpose = st.t == 1
	for i := 0; i < c.n; i++ {
		c.tr.Rows[i] = int(st.rows[i])
	}
	j := 0
	for s := 0; s < c.ns; s++ {
		stk := st.slot[s]
		for i := 0; i < c.bc; i++ {
			c.tr.Cols[j] = int(st.cols[stk][i])
			j++
		}
	}
	c.finishRelabel(st.label[:], st.next)
}
