package variant

import (
	"bytes"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// The Samurai board's canonical form (docs/variants.md, "Samurai's
// group"). An element of the group is:
//
//   - a transposition of the frame or not;
//   - a vertical and a horizontal flip of the four outer grids' places
//     (the top pair of grids to the bottom and so on), or not;
//   - the order of the rows of each shared band (frame rows 6-8, 12-14)
//     and of the middle band (9-11), and likewise of the columns;
//   - for each of the four outer grids on its own: the order of its two
//     unshared bands, the order of the rows inside each, and the same for
//     its two unshared stacks (72 x 72 choices a grid);
//   - with any relabelling of the digits.
//
// That is 2 x 4 x 6^6 x 72^8 (about 2.7e20) cell maps. The key reads the
// image in a fixed order: the top-left grid (81 cells, row-major), the
// top-right, bottom-left and bottom-right grids (81 each, their shared
// box included), then the centre grid's 45 cells outside its corner boxes
// (row-major), digits renamed 1, 2, ... in order of first appearance,
// '.' for empty. The canonical key is the least such string over the
// group, found by a depth-first search that fixes the choices in reading
// order (transposition and flips, then the top-left grid's columns, then
// its rows one by one, ...) and prunes every branch whose string so far
// is already greater than the least found; ties go on being searched.

// samuraiKeyLen is the number of used cells, each read once.
const samuraiKeyLen = 369

// SamuraiKeyFrame puts the cells of a Samurai canonical key (after its
// "samurai:", samuraiKeyLen of them in the key's reading order: the four
// outer grids whole, then the centre grid's cells outside its corner
// boxes, row by row) back in the 21x21 frame, '#' on the unused cells: the
// key read as a puzzle. ok is false when cells is not that long.
func SamuraiKeyFrame(cells string) (frame string, ok bool) {
	if len(cells) != samuraiKeyLen {
		return "", false
	}
	const side = 21
	f := bytes.Repeat([]byte{'#'}, side*side)
	k := 0
	put := func(r0, c0, r, c int) {
		f[(r0+r)*side+c0+c] = cells[k]
		k++
	}
	for _, at := range [][2]int{{0, 0}, {0, 12}, {12, 0}, {12, 12}} {
		for r := range 9 {
			for c := range 9 {
				put(at[0], at[1], r, c)
			}
		}
	}
	for r := range 9 {
		lo, hi := 0, 9
		if r < 3 || r >= 6 {
			lo, hi = 3, 6 // the centre's corner boxes are the outer grids'
		}
		for c := lo; c < hi; c++ {
			put(6, 6, r, c)
		}
	}
	return string(f), true
}

// samuraiLines are the six unshared lines of a side (rows or columns)
// and its shared three, per flip: [flip][top/left or bottom/right].
var (
	samuraiOuter  = [2][2][6]int{{{0, 1, 2, 3, 4, 5}, {15, 16, 17, 18, 19, 20}}, {{15, 16, 17, 18, 19, 20}, {0, 1, 2, 3, 4, 5}}}
	samuraiShared = [2][2][3]int{{{6, 7, 8}, {12, 13, 14}}, {{12, 13, 14}, {6, 7, 8}}}
	samuraiMiddle = [3]int{9, 10, 11}
)

// The orders of one outer grid's six unshared lines: the two bands in
// either order, the lines inside each in any order (72).
var samuraiUnsharedOrders = func() [][6]int {
	var out [][6]int
	for _, bands := range [2][2]int{{0, 1}, {1, 0}} {
		for _, p := range perms3 {
			for _, q := range perms3 {
				var o [6]int
				for i := range 3 {
					o[i] = bands[0]*3 + p[i]
					o[3+i] = bands[1]*3 + q[i]
				}
				out = append(out, o)
			}
		}
	}
	return out
}()

var perms3 = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// samuraiChoices are the choices the search tries: the whole group by
// default; tests pass subsets to compare the search with brute force.
type samuraiChoices struct {
	transpose []bool
	flips     [][2]int // (rows, columns)
	unshared  [][6]int // orders of an outer grid's unshared lines
	free      [][3]int // orders of a shared or middle band's lines
	full      bool     // unshared and free are every order: next lines computed directly
	// each: every order searched, equal lines too (rowCls, colCls): the
	// reference the tests compare the search with
	each bool
}

var samuraiFull = samuraiChoices{
	transpose: []bool{false, true},
	flips:     [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}},
	unshared:  samuraiUnsharedOrders,
	free:      perms3,
	full:      true,
}

// segment kinds of a grid's nine output rows (or columns).
const (
	segUnshared = iota + 1 // six lines from an outer grid's unshared bands
	segFree                // three lines of a band, order chosen here
	segFixed               // three lines already ordered by an earlier grid
)

// segment is a run of a grid's output lines: its kind and source lines.
type segment struct {
	kind  int
	lines [6]int // source frame lines (3 used unless segUnshared)
}

func (g segment) size() int {
	if g.kind == segUnshared {
		return 6
	}
	return 3
}

// samuraiCanon is the search's state; one per Canonicalizer.
type samuraiCanon struct {
	ch      *samuraiChoices
	src     [21 * 21]uint8
	best    [samuraiKeyLen]byte
	infFrom int // best[infFrom:] is +infinity (not reached since it was reset)
	// The choices made so far.
	flipR, flipC int
	sTop, sBot   [3]int    // source rows of output frame rows 6-8, 12-14
	tLeft, tRig  [3]int    // source columns of output frame columns 6-8, 12-14
	rowBuf       [5][9]int // chosen source rows per grid level
	cand         [5][9][6]int
	cm           [5][9]int // column map per grid level
	segR, segC   [5][]segment
	segBuf       [5][6]segment
	// rowCls and colCls name each frame line (of the transposed or plain
	// source) by the first line equal to it in all 21 cells: two orders
	// that put equal lines in the same places read the same strings from
	// there on, so the search tries one of them (a sparse board has many
	// equal lines, empty ones above all, and each tie was searched again).
	rowCls, colCls [21]int8
	eqRows, eqCols bool // some two rows (columns) are equal
}

// labels renames digits in order of first appearance.
type labels struct {
	m    [10]byte
	next byte
}

// key returns the canonical key of a Samurai puzzle (frame cells).
func (s *samuraiCanon) key(puzzle []uint8) string {
	for i := range s.best {
		s.best[i] = 0xFF
	}
	s.infFrom = 0
	for _, tr := range s.ch.transpose {
		for r := range 21 {
			for c := range 21 {
				if tr {
					s.src[r*21+c] = puzzle[c*21+r]
				} else {
					s.src[r*21+c] = puzzle[r*21+c]
				}
			}
		}
		s.classes()
		for _, f := range s.ch.flips {
			s.flipR, s.flipC = f[0], f[1]
			s.grid(levelTL, 0, labels{next: 1})
		}
	}
	var b strings.Builder
	b.WriteString(SamuraiName)
	b.WriteByte(':')
	for _, v := range s.best {
		if v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(sudoku.Symbols[v-1])
		}
	}
	return b.String()
}

// classes sets rowCls and colCls for the source.
func (s *samuraiCanon) classes() {
	s.eqRows, s.eqCols = false, false
	for x := range 21 {
		s.rowCls[x], s.colCls[x] = int8(x), int8(x)
		// the first earlier line equal to x names its class
		for y := range x {
			if s.rowCls[x] == int8(x) && s.rowCls[y] == int8(y) && s.lineEq(x, y, 21, 1) {
				s.rowCls[x], s.eqRows = int8(y), true
			}
			if s.colCls[x] == int8(x) && s.colCls[y] == int8(y) && s.lineEq(x, y, 1, 21) {
				s.colCls[x], s.eqCols = int8(y), true
			}
		}
	}
}

// lineEq reports whether source lines x and y hold the same 21 cells:
// rows with (step 21, along 1), columns with (1, 21).
func (s *samuraiCanon) lineEq(x, y, step, along int) bool {
	for i := range 21 {
		if s.src[x*step+i*along] != s.src[y*step+i*along] {
			return false
		}
	}
	return true
}

// orderSeen reports whether an order earlier in the same loop put
// columns of the same classes (colCls) in the same places as lines, and
// notes this one in seen (the earlier orders' class strings, n of them).
func (s *samuraiCanon) orderSeen(seen *[72]uint64, n *int, lines []int) bool {
	var k uint64
	for _, l := range lines {
		k = k<<5 | uint64(s.colCls[l])
	}
	for _, x := range seen[:*n] {
		if x == k {
			return true
		}
	}
	seen[*n] = k
	*n++
	return false
}

// The grid levels, in reading order.
const (
	levelTL = iota
	levelTR
	levelBL
	levelBR
	levelC
)

// grid searches level lv (a grid) from key position pos: every column
// order of the level, then its rows.
func (s *samuraiCanon) grid(lv, pos int, lab labels) {
	s.level(lv)
	s.columns(lv, 0, 0, pos, lab)
}

// level sets level lv's row and column segments under the choices made
// so far.
func (s *samuraiCanon) level(lv int) {
	outerR, outerC := samuraiOuter[s.flipR], samuraiOuter[s.flipC]
	shR, shC := samuraiShared[s.flipR], samuraiShared[s.flipC]
	six := func(l [6]int) segment { return segment{kind: segUnshared, lines: l} }
	three := func(kind int, l [3]int) segment { return segment{kind: kind, lines: [6]int{l[0], l[1], l[2]}} }
	b := &s.segBuf[lv]
	var nr, nc int
	switch lv {
	case levelTL:
		b[0], b[1], b[3], b[4], nr, nc = six(outerR[0]), three(segFree, shR[0]), six(outerC[0]), three(segFree, shC[0]), 2, 2
	case levelTR:
		b[0], b[1], b[3], b[4], nr, nc = six(outerR[0]), three(segFixed, s.sTop), three(segFree, shC[1]), six(outerC[1]), 2, 2
	case levelBL:
		b[0], b[1], b[3], b[4], nr, nc = three(segFree, shR[1]), six(outerR[1]), six(outerC[0]), three(segFixed, s.tLeft), 2, 2
	case levelBR:
		b[0], b[1], b[3], b[4], nr, nc = three(segFixed, s.sBot), six(outerR[1]), three(segFixed, s.tRig), six(outerC[1]), 2, 2
	default:
		b[0], b[1], b[2] = three(segFixed, s.sTop), three(segFree, samuraiMiddle), three(segFixed, s.sBot)
		b[3], b[4], b[5] = three(segFixed, s.tLeft), three(segFree, samuraiMiddle), three(segFixed, s.tRig)
		nr, nc = 3, 3
	}
	s.segR[lv], s.segC[lv] = b[0:nr], b[3:3+nc]
}

// columns tries every column map (grid column -> source frame column) of
// level lv the column segments allow, from segment si at grid column at,
// and searches the rows under each.
func (s *samuraiCanon) columns(lv, si, at, pos int, lab labels) {
	cm := &s.cm[lv]
	cols := s.segC[lv]
	if si == len(cols) {
		switch lv {
		case levelTL:
			copy(s.tLeft[:], cm[6:9])
		case levelTR:
			copy(s.tRig[:], cm[0:3])
		}
		s.rows(lv, s.segR[lv], cm, 0, pos, lab)
		return
	}
	seg := &cols[si]
	// orders that put equal columns in the same places are searched once
	dedupe := s.eqCols && !s.ch.each
	var seen [72]uint64
	ns := 0
	switch seg.kind {
	case segUnshared:
		for _, o := range s.ch.unshared {
			for i := range 6 {
				cm[at+i] = seg.lines[o[i]]
			}
			if !dedupe || !s.orderSeen(&seen, &ns, cm[at:at+6]) {
				s.columns(lv, si+1, at+6, pos, lab)
			}
		}
	case segFree:
		for _, o := range s.ch.free {
			for i := range 3 {
				cm[at+i] = seg.lines[o[i]]
			}
			if !dedupe || !s.orderSeen(&seen, &ns, cm[at:at+3]) {
				s.columns(lv, si+1, at+3, pos, lab)
			}
		}
	default:
		copy(cm[at:at+3], seg.lines[:3])
		s.columns(lv, si+1, at+3, pos, lab)
	}
}

// outCols returns the grid columns level lv reads in grid row r: all
// nine, but for the centre grid's rows through its corner boxes only the
// middle three (the corners were read with the outer grids).
func outCols(lv, r int) (lo, hi int) {
	if lv == levelC && (r < 3 || r >= 6) {
		return 3, 6
	}
	return 0, 9
}

// rows chooses the source row of grid row r of level lv (and on), key
// position pos, and goes on to the next level when the grid is read.
func (s *samuraiCanon) rows(lv int, segs []segment, cm *[9]int, r, pos int, lab labels) {
	if r == 9 {
		switch lv {
		case levelTL:
			copy(s.sTop[:], s.rowBuf[lv][6:9])
		case levelBL:
			copy(s.sBot[:], s.rowBuf[lv][0:3])
		case levelC:
			return
		}
		s.grid(lv+1, pos, lab)
		return
	}
	// The segment of row r and r's place in it.
	start, si := 0, 0
	for r >= start+segs[si].size() {
		start += segs[si].size()
		si++
	}
	buf := &s.rowBuf[lv]
	cands := s.candidates(&segs[si], buf[start:r], s.cand[lv][r][:0])
	if s.eqRows && s.ch.full && !s.ch.each {
		cands = s.distinctRows(&segs[si], cands)
	}
	lo, hi := outCols(lv, r)
	// Each candidate's row as read (labels carried on), then only the
	// least rows go on: a greater one cannot start the least string.
	var outs [6][9]byte
	var labs [6]labels
	least := -1
	for i, line := range cands {
		l := lab
		row := s.src[line*21 : line*21+21]
		o := &outs[i]
		for c := lo; c < hi; c++ {
			v := row[cm[c]]
			var out byte
			if v != 0 {
				if l.m[v] == 0 {
					l.m[v] = l.next
					l.next++
				}
				out = l.m[v]
			}
			o[c-lo] = out
		}
		labs[i] = l
		if least < 0 || string(o[:hi-lo]) < string(outs[least][:hi-lo]) {
			least = i
		}
	}
	// The least row against the least string found so far.
	p := pos
	o := outs[least][:hi-lo]
	for _, out := range o {
		if p < s.infFrom {
			if out > s.best[p] {
				return
			}
			if out < s.best[p] {
				// A new least string: what follows is not reached yet.
				for i := p + 1; i < s.infFrom; i++ {
					s.best[i] = 0xFF
				}
				s.infFrom = p
			}
		}
		if p >= s.infFrom {
			s.best[p] = out
			s.infFrom = p + 1
		}
		p++
	}
	for i, line := range cands {
		if string(outs[i][:hi-lo]) == string(o) {
			buf[r] = line
			s.rows(lv, segs, cm, r+1, p, labs[i])
		}
	}
}

// distinctRows drops from cands (the next lines of the whole group's
// orders, candidates) each line equal to an earlier one of the same band
// of seg: the orders of the whole group take a band's lines in any order,
// so the two choices' branches are each other's with the two equal lines
// swapped, and read the same strings. (Equal lines of different bands
// are no such pair: a band's lines are picked together.)
func (s *samuraiCanon) distinctRows(seg *segment, cands []int) []int {
	out := cands[:0]
	for _, l := range cands {
		dup := false
		for _, m := range out {
			if s.rowCls[l] == s.rowCls[m] && band(seg, l) == band(seg, m) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, l)
		}
	}
	return out
}

// band is the band of seg holding line l: 0 or 1 in an outer grid's
// unshared pair of bands, 0 in a band of three.
func band(seg *segment, l int) int {
	if seg.kind == segUnshared {
		return indexOf(seg.lines[:6], l) / 3
	}
	return 0
}

// candidates appends to dst the source lines that may come next in seg
// after the lines picked (in order) before it: the next line of every
// allowed order that starts with picked, each once.
func (s *samuraiCanon) candidates(seg *segment, picked []int, dst []int) []int {
	j := len(picked)
	switch seg.kind {
	case segFixed:
		return append(dst, seg.lines[j])
	}
	if s.ch.full {
		// Every order: any unpicked line of a free band; in an unshared
		// pair of bands, places 0-2 one band and 3-5 the other.
		lo, hi := 0, 3
		if seg.kind == segUnshared {
			switch {
			case j == 0:
				hi = 6
			case j < 3:
				lo = indexOf(seg.lines[:6], picked[0]) / 3 * 3
			case j == 3:
				lo = 3 - indexOf(seg.lines[:6], picked[0])/3*3
			default:
				lo = indexOf(seg.lines[:6], picked[3]) / 3 * 3
			}
			if j > 0 {
				hi = lo + 3
			}
		}
		for i := lo; i < hi; i++ {
			if !containsInt(picked, seg.lines[i]) {
				dst = append(dst, seg.lines[i])
			}
		}
		return dst
	}
	switch seg.kind {
	case segFree:
		for _, o := range s.ch.free {
			dst = nextLine(dst, seg.lines[:3], o[:], picked)
		}
		return dst
	}
	for _, o := range s.ch.unshared {
		dst = nextLine(dst, seg.lines[:6], o[:], picked)
	}
	return dst
}

// nextLine appends lines[o[len(picked)]] to dst when order o starts with
// picked and the line is not in dst yet.
func nextLine(dst, lines, o, picked []int) []int {
	for i, p := range picked {
		if lines[o[i]] != p {
			return dst
		}
	}
	l := lines[o[len(picked)]]
	for _, x := range dst {
		if x == l {
			return dst
		}
	}
	return append(dst, l)
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}
