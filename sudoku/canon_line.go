package sudoku

import "math/bits"

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
	p.needTr = false
	p.run()
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
// and no value twice in a unit. A unit repeats a value exactly when it
// holds fewer distinct values than givens, so the check is three sums of
// bit counts (rows, columns, boxes) against three times the givens.
func (p *puzzleSearch9) loadLine(line *[81]byte) bool {
	g0 := &p.grid[0]
	var bad uint8
	var colV, boxV [9]uint16 // the values seen (bit 0: an empty cell)
	distinct := 0
	for r := 0; r < 9; r++ {
		row, src := &g0[r], (*[9]byte)(line[r*9:r*9+9])
		box := (*[3]uint16)(boxV[r/3*3 : r/3*3+3])
		var rowV uint16
		for c := 0; c < 9; c++ {
			v := lineValue9[src[c]]
			bad |= v
			row[c] = v
			bit := uint16(1) << (v & 15)
			rowV |= bit
			colV[c] |= bit
			box[c/3] |= bit
		}
		distinct += bits.OnesCount16(rowV &^ 1)
	}
	if bad&badSymbol9 != 0 {
		return false
	}
	for i := range 9 {
		distinct += bits.OnesCount16(colV[i]&^1) + bits.OnesCount16(boxV[i]&^1)
	}
	if p.patterns() { // full: the grid search's
		return false
	}
	givens := 0
	for r := range 9 {
		givens += bits.OnesCount16(p.pattern[0][r])
	}
	return distinct == 3*givens
}
