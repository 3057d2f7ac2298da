package sudoku

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The 9x9 puzzle search: the search of canon_puzzle.go, node for node and
// in the same order (so it finds the same first transformation), on fixed
// 9x9 sizes. A token is 4 bits (0 empty, 1-9 a label, 15 a value with no
// label yet, which sorts after every label), so a stack's segment is a
// 12-bit key and a whole result row one integer: rows compare in one
// instruction, and the three cells of a stack sort with three
// compare-and-swaps.

const tok9New = 15

type canonState9 struct {
	t, z, next uint8
	band       int8
	rowsUsed   uint16
	bandsUsed  uint8
	// The arrays indexed by a stack or a column have four entries (the
	// fourth unused) so that an index masked to two bits needs no check.
	slot [4]uint8    // result stack slot -> original stack
	m    [4]uint8    // per original stack: size of its free leading cell
	cols [4][4]uint8 // per original stack: its columns in order
	tok  [16]uint8   // value -> token (0 stays 0); 15 a scratch slot
	rows [9]int8     // result row -> original row
}

type canonCand9 struct {
	row   int8
	nz    int8
	order [4]uint8  // slot order after this row
	key   uint64    // the result row, 12 bits a slot, slot 0 highest
	skey  [4]uint16 // per original stack: its arranged segment
	sperm [4]uint8  // per original stack: its sort (an index into perm9)
}

type permBlock9 struct {
	arr    *[4]uint8
	lo, hi int8
}

type puzzleSearch9 struct {
	c          *Canonicalizer
	best       [9]uint64
	bestDepth  int
	found      bool
	pre        [10]canonState9
	states     [10]canonState9
	cands      [9][9]canonCand9
	blocks     [9][6]permBlock9
	emptyRows  [2]uint16
	pattern    [2][16]uint16 // per orientation and row: its given cells
	permuting  [9]bool       // depth k's blocks are being permuted in pre
	needTr     bool          // record the transformation (leaf)
	dup        bool          // a row held an unlabeled value twice
	transposed bool          // grid[1] holds this load's transposed cells
	// lastKeyOnly: the last row's key is all the search needs of it (no
	// transformation, and a valid grid, so no value twice in the row
	// to detect): it is not expanded, as no later row reads its labels
	// and appendBest spells them.
	lastKeyOnly bool
	// grid holds the cells per orientation (0 as given, 1 transposed)
	// and row, padded to 16 so that a 4-bit row or column index needs
	// no check.
	grid [2][16][16]uint8
}

// firstRowKey9 is, for the pattern of given cells of a row, its key as
// result row 0, where every value is still unlabeled: each stack's
// empties first, the stacks by number of givens.
var firstRowKey9 [512]uint64

// pos9[8-j] is result position j of a row as (slot, index in the slot):
// the nibble of a row key at bits 4*(8-j).
// (The table has 16 entries so that a 4-bit index needs no check.)
var pos9 = [16][2]uint8{{2, 2}, {2, 1}, {2, 0}, {1, 2}, {1, 1}, {1, 0}, {0, 2}, {0, 1}, {0, 0}}

// sort9[m-2][key] is, for a stack whose first m tokens (m = 2 or 3) are
// free to reorder, the stably sorted key, with the index into perm9 of
// that sort above bit 12.
var sort9 [2][4096]uint16

// perm9[i] lists, for sort i, the positions of a stack's columns in the
// sorted order.
var perm9 = [8][4]uint8{{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// dropEmpty9[e], for the set e of available empty rows, is the set of
// those not worth trying: all but the first of each band, and the first
// of each entirely empty band after the first such band.
var dropEmpty9 [512]uint16

// freeCell9[m][key] counts, among the first m tokens of a stack's key, the
// empty ones (low two bits) and the unlabeled ones (above).
var freeCell9 [4][4096]uint8

func init() {
	seg := [4]uint64{0, 0x00F, 0x0FF, 0xFFF}
	for m := 0; m < 512; m++ {
		var k [3]uint64
		for s := 0; s < 3; s++ {
			k[s] = seg[bits.OnesCount(uint(m>>(3*s)&7))]
		}
		for i := 1; i < 3; i++ { // sort the three segments
			for j := i; j > 0 && k[j-1] > k[j]; j-- {
				k[j-1], k[j] = k[j], k[j-1]
			}
		}
		firstRowKey9[m] = k[0]<<24 | k[1]<<12 | k[2]
	}
	for m := 0; m < 4; m++ {
		for key := 0; key < 4096; key++ {
			zeros, news := 0, 0
			for i := 0; i < m; i++ {
				switch key >> (8 - 4*i) & 15 {
				case 0:
					zeros++
				case tok9New:
					news++
				}
			}
			freeCell9[m][key] = uint8(zeros | news<<2)
		}
	}
	for e := 0; e < 512; e++ {
		var drop uint16
		seenFull := false
		for b := 0; b < 3; b++ {
			eb := uint16(e>>(3*b)) & 7
			drop |= (eb & (eb - 1)) << (3 * b) // all but the first
			if eb == 7 {
				if seenFull {
					drop |= 7 << (3 * b)
				}
				seenFull = true
			}
		}
		dropEmpty9[e] = drop
	}
	for m := 2; m <= 3; m++ {
		for key := 0; key < 4096; key++ {
			// The three compare-and-swaps of a stable sort, on the
			// first m tokens, carrying the positions along.
			t := [3]int{key >> 8, key >> 4 & 15, key & 15}
			pos := [4]uint8{0, 1, 2}
			swap := func(i int) {
				if t[i] > t[i+1] {
					t[i], t[i+1] = t[i+1], t[i]
					pos[i], pos[i+1] = pos[i+1], pos[i]
				}
			}
			swap(0)
			if m == 3 {
				swap(1)
				swap(0)
			}
			idx := 0
			for perm9[idx] != pos {
				idx++
			}
			sort9[m-2][key] = uint16(t[0]<<8|t[1]<<4|t[2]) | uint16(idx)<<12
		}
	}
}

// load copies the 81 cells into the canonicalizer with each row's and
// each column's pattern of givens, and reports whether every cell is
// filled. The transposed copy is made only when needed (transpose).
func (p *puzzleSearch9) load(cells []uint8) bool {
	src := (*[81]uint8)(cells[:81])
	g0 := &p.grid[0]
	var cols [16]uint16 // per column: its given cells (the rows)
	var e0, e1 uint16
	all := uint16(0x1FF)
	for r := 0; r < 9; r++ {
		row := (*[9]uint8)(src[r*9 : r*9+9])
		copy(g0[r][:9], row[:])
		pat := rowPattern9(row)
		p.pattern[0][r] = pat
		e0 |= uint16(b2u(pat == 0)) << r
		all &= pat
		for m := pat; m != 0; m &= m - 1 {
			cols[bits.TrailingZeros16(m)&15] |= 1 << r
		}
	}
	for c := 0; c < 9; c++ {
		p.pattern[1][c] = cols[c]
		e1 |= uint16(b2u(cols[c] == 0)) << c
	}
	p.emptyRows = [2]uint16{e0, e1}
	p.transposed = false
	return all == 0x1FF
}

// transpose makes the transposed copy of the cells (grid[1]), once per
// load.
func (p *puzzleSearch9) transpose() {
	if p.transposed {
		return
	}
	p.transposed = true
	g0, g1 := &p.grid[0], &p.grid[1]
	for r := 0; r < 9; r++ {
		// Row r becomes column r: unrolled, constant offsets.
		row := &g0[r]
		g1[0][r], g1[1][r], g1[2][r] = row[0], row[1], row[2]
		g1[3][r], g1[4][r], g1[5][r] = row[3], row[4], row[5]
		g1[6][r], g1[7][r], g1[8][r] = row[6], row[7], row[8]
	}
}

// rowPattern9 returns the given cells of a row as a 9-bit set: the high
// bit of each nonzero byte of the first eight, gathered by a multiply.
func rowPattern9(row *[9]uint8) uint16 {
	x := binary.LittleEndian.Uint64(row[:8])
	nz := ((x & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F | x) & 0x8080808080808080
	return uint16((nz>>7)*0x0102040810204080>>56) | uint16(b2u(row[8] != 0))<<8
}

func (p *puzzleSearch9) run() {
	p.bestDepth = 0
	p.found = false
	p.dup = false
	for t := 0; t < 2; t++ {
		st := &p.states[0]
		*st = canonState9{t: uint8(t), z: 3, next: 1, band: -1}
		for s := 0; s < 3; s++ {
			st.slot[s] = uint8(s)
			st.m[s] = 3
			st.cols[s] = [4]uint8{uint8(3 * s), uint8(3*s + 1), uint8(3*s + 2)}
		}
		for v := 1; v <= 9; v++ {
			st.tok[v] = tok9New
		}
		if t == 1 {
			// The transposed search needs its cells only when one of
			// its rows can be result row 0 (its key is its pattern's).
			need := false
			for r := 0; r < 9; r++ {
				need = need || firstRowKey9[p.pattern[1][r]&0x1FF] <= p.best[0]
			}
			if !need {
				return
			}
			p.transpose()
		}
		p.dfs(0, st)
	}
}

// segKey9 arranges a stack of row whose columns are cols, the first m of
// them free: it sorts the free cell by token (stably, as the generic
// search does) and returns the packed segment, with the index into perm9
// of that sort above bit 12.
func segKey9(tok, row *[16]uint8, cols *[4]uint8, m uint8) uint16 {
	k := uint16(tok[row[cols[0]&15]&15])<<8 | uint16(tok[row[cols[1]&15]&15])<<4 | uint16(tok[row[cols[2]&15]&15])
	if m >= 2 {
		k = sort9[m&1][k]
	}
	return k
}

// eval fills cand with the best arrangement of original row r under st,
// stopping with false as soon as the row is known to be larger than bound
// (when hasBound).
func (p *puzzleSearch9) eval(st *canonState9, r int, cand *canonCand9, bound uint64, hasBound bool) bool {
	row, tok := &p.grid[st.t&1][r&15], &st.tok
	cand.row = int8(r)
	cand.order = st.slot
	z := int(st.z)
	// The free group: arrange every stack (all free: m = 3), then sort
	// them by segment.
	nz := 0
	for i := 0; i < z; i++ {
		x := cand.order[i&3] & 3
		sk := sort9[1][segKey9(tok, row, &st.cols[x], 0)]
		kx := sk & 0xFFF
		cand.skey[x], cand.sperm[x] = kx, uint8(sk>>12)
		nz += int(b2u(kx == 0))
		j := i
		for ; j > 0 && cand.skey[cand.order[(j-1)&3]&3] > kx; j-- {
			cand.order[j&3] = cand.order[(j-1)&3]
		}
		cand.order[j&3] = x
	}
	cand.nz = int8(nz)
	eq := hasBound
	var key uint64
	for s := 0; s < 3; s++ {
		x := cand.order[s&3] & 3
		var k uint16
		if s < z {
			k = cand.skey[x]
		} else {
			sk := segKey9(tok, row, &st.cols[x], st.m[x])
			k = sk & 0xFFF
			cand.skey[x], cand.sperm[x] = k, uint8(sk>>12)
		}
		key = key<<12 | uint64(k)
		if eq {
			b := uint16(bound >> (24 - 12*s) & 0xFFF)
			if k > b {
				return false
			}
			eq = k == b
		}
	}
	cand.key = key
	return true
}

// leadingEmpty9 is the number of leading empty cells (0 tokens) of a
// result row's key.
func leadingEmpty9(key uint64) int {
	return bits.LeadingZeros64(key<<28|1<<27) >> 2
}

// An upper bound on the leading empty cells of a candidate row, from its
// pattern of givens alone, cuts most rows that eval would find larger than
// the bound (fewer leading empty cells): a free stack puts its empty cells
// first and the free group its stacks with fewer givens first, whatever
// the values, and a stack holding c givens leads with at most 3-c empty
// cells. stackGivens9[pat] holds the givens of stack x in bits 2x-2x+1;
// leadEmpty9[z][c] is the bound for the counts c of the slots in order
// (two bits each, slot 0 lowest) when the first z form the free group.
var (
	stackGivens9 [512]uint8
	leadEmpty9   [4][64]uint8
)

func init() {
	for pat := range 512 {
		for x := range 3 {
			stackGivens9[pat] |= uint8(bits.OnesCount(uint(pat>>(3*x)&7))) << (2 * x)
		}
	}
	for z := range 4 {
		for c := range 64 {
			cs := []int{c & 3, c >> 2 & 3, c >> 4 & 3}
			slices.Sort(cs[:z])
			n := 0
			for _, g := range cs {
				if g != 0 {
					n += 3 - g
					break
				}
				n += 3
			}
			leadEmpty9[z][c] = uint8(n)
		}
	}
}

func (p *puzzleSearch9) dfs(k int, st *canonState9) {
	if k == 9 {
		if !p.found {
			p.found = true
			if p.needTr {
				p.leaf(st)
			}
		}
		return
	}
	cands := &p.cands[k]
	nc := 0
	// bnd is the smallest row seen at this depth: the best so far when
	// this node ties it, then the best candidate.
	var bnd uint64
	hasB := k < p.bestDepth
	if hasB {
		bnd = p.best[k]
	}
	// The rows to try: at a band's start every row of an unused band,
	// else the band's unused rows; of the empty ones only the first of
	// each band, and of the entirely empty bands only the first.
	avail := 0x1FF &^ st.rowsUsed
	if k%3 != 0 {
		avail &= 7 << (3 * (uint(st.band) & 3))
	}
	avail &^= dropEmpty9[avail&p.emptyRows[st.t&1]&0x1FF]
	pats := &p.pattern[st.t&1]
	lzB := leadingEmpty9(bnd)
	lead := &leadEmpty9[st.z&3]
	sh0, sh1, sh2 := 2*(st.slot[0]&3), 2*(st.slot[1]&3), 2*(st.slot[2]&3)
	for ; avail != 0; avail &= avail - 1 {
		r := bits.TrailingZeros16(avail)
		if hasB {
			if k == 0 {
				if firstRowKey9[pats[r&15]&0x1FF] > bnd {
					continue // the first row's key is its pattern's
				}
			} else if c := stackGivens9[pats[r&15]&0x1FF]; int(lead[(c>>sh0&3|(c>>sh1&3)<<2|(c>>sh2&3)<<4)&63]) < lzB {
				continue // fewer leading empty cells than bnd: larger
			}
		}
		if p.eval(st, r, &cands[nc], bnd, hasB) {
			bnd, hasB = cands[nc].key, true
			lzB = leadingEmpty9(bnd)
			nc++
		}
	}
	if nc == 0 {
		return
	}
	// The best row among the candidates (bnd), never above best[k].
	if k >= p.bestDepth || bnd < p.best[k] {
		p.best[k] = bnd
		p.bestDepth = k + 1
		p.found = false
	}
	if k == 8 && p.lastKeyOnly {
		return
	}
	for i := 0; i < nc; i++ {
		if cands[i].key != p.best[k] {
			continue
		}
		p.expand(k, st, &cands[i])
		// A deeper improvement never changes rows 0..k, so the
		// remaining tied candidates stay valid.
	}
}

// expand builds the children of st that place cand as result row k, one
// per order of the tied not-yet-labeled values, and searches each.
func (p *puzzleSearch9) expand(k int, st *canonState9, cand *canonCand9) {
	pre := &p.pre[k+1]
	*pre = *st
	r := int(cand.row)
	pre.rows[k] = cand.row
	pre.rowsUsed |= 1 << r
	if k%3 == 0 {
		pre.band = int8(r / 3)
		pre.bandsUsed |= 1 << (r / 3)
	}
	pre.slot = cand.order
	pre.z = uint8(cand.nz)
	blocks := p.blocks[k][:0]
	// Tied stacks leaving the free group: their order changes labels.
	z := int(st.z)
	slotKey := func(s int) uint64 { return cand.key >> (24 - 12*s) & 0xFFF }
	for i := int(cand.nz); i < z; {
		j := i + 1
		for j < z && slotKey(j) == slotKey(i) {
			j++
		}
		if j-i > 1 {
			blocks = append(blocks, permBlock9{&pre.slot, int8(i), int8(j)})
		}
		i = j
	}
	for s := 0; s < 3; s++ {
		stk := pre.slot[s] & 3
		if pi := cand.sperm[stk] & 7; pi != 0 { // 0: already in order
			cols, perm := &st.cols[stk], &perm9[pi]
			pre.cols[stk] = [4]uint8{cols[perm[0]&3], cols[perm[1]&3], cols[perm[2]&3]}
		}
		m := int(st.m[stk] & 3)
		fc := freeCell9[m][cand.skey[stk]&0xFFF]
		zeros, news := int(fc&3), int(fc>>2)
		if s < int(cand.nz) {
			zeros = 3
		}
		pre.m[stk] = uint8(zeros)
		if news > 1 {
			blocks = append(blocks, permBlock9{&pre.cols[stk], int8(m - news), int8(m)})
		}
	}
	p.branch(k, pre, blocks)
}

// branch walks every order of the blocks' entries, then labels the new
// values of row k and searches the child.
func (p *puzzleSearch9) branch(k int, pre *canonState9, blocks []permBlock9) {
	if len(blocks) == 0 {
		// pre is this node's alone while it is searched (the next
		// candidate at depth k rebuilds it), unless blocks permute it.
		child := pre
		if p.permuting[k] {
			child = &p.states[k+1]
			*child = *pre
		}
		// Label the row's new values in the order they appear: the
		// row's key is best[k], whose token 15 marks them (empty and
		// labeled cells are skipped without a look).
		row := &p.grid[child.t&1][child.rows[k]&15]
		tok, next := &child.tok, child.next
		key := p.best[k]
		news := key & (key >> 1) & (key >> 2) & (key >> 3) & 0x111111111
		// Every value at such a position is unlabeled (its token was 15
		// when the key was made), so only a value seen before in this
		// row (twice in a row: an invalid grid) is not new: seen tells,
		// with no load of tok, which was just copied.
		seen, dup := uint16(0), uint8(0)
		for news != 0 {
			b := bits.Len64(news) - 1 // the first such position
			news &^= 1 << b
			pos := &pos9[b>>2&15]
			v := row[child.cols[child.slot[pos[0]&3]&3][pos[1]&3]&15] & 15
			isNew := uint8(^seen >> v & 1)
			seen |= 1 << v
			tok[(v|(1-isNew)*15)&15] = next
			next += isNew
			dup |= 1 - isNew
		}
		if dup != 0 {
			p.dup = true
		}
		child.next = next
		p.dfs(k+1, child)
		return
	}
	b := blocks[0]
	was := p.permuting[k]
	p.permuting[k] = true
	p.permute(k, pre, b.arr, int(b.lo), int(b.hi), blocks[1:])
	p.permuting[k] = was
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func (p *puzzleSearch9) permute(k int, pre *canonState9, arr *[4]uint8, lo, hi int, rest []permBlock9) {
	if hi-lo <= 1 {
		p.branch(k, pre, rest)
		return
	}
	for i := lo; i < hi; i++ {
		arr[lo], arr[i] = arr[i], arr[lo]
		p.permute(k, pre, arr, lo+1, hi, rest)
		arr[lo], arr[i] = arr[i], arr[lo]
	}
}

// appendBest appends the canonical form, in the one-line format, as the
// best rows spell it: a token 15 (a value first seen in that row) takes
// the next label. That holds when no row held an unlabeled value twice
// (p.dup false), as in every valid grid.
func (p *puzzleSearch9) appendBest(dst []byte) []byte {
	at := len(dst)
	dst = append(dst, make([]byte, 81)...)
	out := (*[81]byte)(dst[at : at+81])
	next := byte('1')
	for k := range 9 {
		key := p.best[k]
		o := (*[9]byte)(out[k*9 : k*9+9])
		// Positions 0-7 a byte each (position 0 first), as '0'+token,
		// then '.' for the empty ones; position 8 alone.
		v := key >> 4 & 0xFFFFFFFF
		v = (v | v<<16) & 0x0000FFFF0000FFFF
		v = (v | v<<8) & 0x00FF00FF00FF00FF
		v = (v | v<<4) & 0x0F0F0F0F0F0F0F0F
		v = bits.ReverseBytes64(v)
		zero := ^((v & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F | v) & 0x8080808080808080
		zero = zero >> 7 * 0xFF
		sym := (v|0x3030303030303030)&^zero | 0x2E2E2E2E2E2E2E2E&zero
		binary.LittleEndian.PutUint64(o[:8], sym)
		o[8] = bestSymbols9[key&15]
		// The new values (token 15) take the next labels in order.
		for news := key & (key >> 1) & (key >> 2) & (key >> 3) & 0x111111111; news != 0; {
			b := uint(bits.Len64(news) - 1) // position 8 - b/4
			news &^= 1 << b
			o[8-b/4] = next
			next++
		}
	}
	return dst
}

// bestSymbols9 maps a token of a best row to its symbol (15, a new value,
// is labeled by appendBest).
var bestSymbols9 = [16]byte{'.', '1', '2', '3', '4', '5', '6', '7', '8', '9'}

// leaf records the transformation of a complete node.
func (p *puzzleSearch9) leaf(st *canonState9) {
	c := p.c
	c.tr.Transpose = st.t == 1
	for i := 0; i < 9; i++ {
		c.tr.Rows[i] = int(st.rows[i])
	}
	for s := 0; s < 3; s++ {
		for i, col := range st.cols[st.slot[s]&3][:3] {
			c.tr.Cols[3*s+i] = int(col)
		}
	}
	var label [MaxN + 1]uint8
	for v := 1; v <= 9; v++ {
		if t := st.tok[v]; t != tok9New {
			label[v] = t
		}
	}
	c.finishRelabel(label[:], st.next)
}
