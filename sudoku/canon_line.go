package sudoku

import "encoding/binary"

// AppendLine appends the canonical form of the 9x9 puzzle that line
// spells, in the one-line format, to dst and returns it with true; it is
// Append of the puzzle ParseInto reads from line, for the common line
// alone, read straight into the search (no Grid, no second pass to check
// the units). Any other line, it returns dst unchanged and false, and the
// caller reads it the general way (which names its problem): a line that
// is not 81 symbols '.', '0' or '1'-'9', a full grid, a puzzle with a
// value twice in a unit, or a canonicalizer of another shape.
func (c *Canonicalizer) AppendLine(dst, line []byte) ([]byte, bool) {
	p := c.puzzle9
	if p == nil || len(line) != 81 || !p.loadLine((*[81]byte)(line)) {
		return dst, false
	}
	p.needTr, p.lastKeyOnly = false, true // valid: checked by loadLine
	p.run()
	p.lastKeyOnly = false
	if p.dup { // only in an invalid grid, refused above
		return dst, false
	}
	return p.appendBest(dst), true
}

// lineValue9 maps a symbol to its value: '.' and '0' empty, '1'-'9'; any
// other symbol to badSymbol9.
var lineValue9 = func() (t [256]uint8) {
	for i := range t {
		t[i] = badSymbol9
	}
	t['.'], t['0'] = 0, 0
	for v := 1; v <= 9; v++ {
		t['0'+v] = uint8(v)
	}
	return t
}()

const badSymbol9 = 0x80

// loadLine is load of the puzzle line spells, and reports whether it is
// one AppendLine takes: only the symbols '.', '0' and '1'-'9', not full,
// and no value twice in a unit. The symbols are read eight at a time, and
// the units are checked over the givens alone (repeats9, as Grid.Conflict).
func (p *puzzleSearch9) loadLine(line *[81]byte) bool {
	g0 := &p.grid[0]
	const hb, lb = 0x8080808080808080, 0x7F7F7F7F7F7F7F7F
	var lo, hi uint64       // the given cells: 0-62 and 63-80
	var colPat, col8 uint64 // columns 0-7 of rows 0-7 (byte c, bit r); column 8
	var e0 uint16
	all, ok := uint16(0x1FF), uint64(hb)
	for r := 0; r < 9; r++ {
		src := (*[9]byte)(line[r*9 : r*9+9])
		x := binary.LittleEndian.Uint64(src[:8])
		v, good := symbols8(x) // the values ('.' and '0' 0), as parseInto
		ok &= good
		v8 := lineValue9[src[8]]
		ok &^= uint64(v8) << 56 // badSymbol9: byte 7's high bit
		row := &g0[r&15]
		binary.LittleEndian.PutUint64(row[:8], v)
		row[8] = v8
		nz := (v&lb + lb | v) & hb // the given cells: high bits
		g8 := uint64(b2u(v8 != 0))
		pat := uint16((nz>>7)*0x0102040810204080>>56) | uint16(g8)<<8
		p.pattern[0][r&15] = pat
		e0 |= uint16(b2u(pat == 0)) << r
		all &= pat
		if r < 7 {
			lo |= uint64(pat) << (9 * r)
		} else {
			hi |= uint64(pat) << (9 * (r - 7))
		}
		if r < 8 {
			colPat |= nz >> (7 - r)
		}
		col8 |= g8 << r
	}
	if ok != hb || all == 0x1FF { // a bad symbol, or full: the grid search's
		return false
	}
	if repeats9(lo, hi, line) {
		return false
	}
	// Row 8's givens in columns 0-7 complete the columns' patterns.
	p8 := p.pattern[0][8]
	var e1 uint16
	for c := 0; c < 8; c++ {
		cp := uint16(colPat>>(8*c)&0xFF) | (p8>>c&1)<<8
		p.pattern[1][c] = cp
		e1 |= uint16(b2u(cp == 0)) << c
	}
	p.pattern[1][8] = uint16(col8)
	e1 |= uint16(b2u(col8 == 0)) << 8
	p.emptyRows = [2]uint16{e0, e1}
	p.transposed = false
	return true
}
