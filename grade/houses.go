package grade

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// sees reports whether two distinct cells share a row, column or box.
func sees(geo *sudoku.Geometry, a, b int) bool {
	return a != b && (geo.Row[a] == geo.Row[b] || geo.Col[a] == geo.Col[b] || geo.Box[a] == geo.Box[b])
}

// seesAll reports whether cell c sees every cell of cells (and is none of
// them).
func seesAll(geo *sudoku.Geometry, c int, cells []int) bool {
	for _, x := range cells {
		if !sees(geo, c, x) {
			return false
		}
	}
	return true
}

// trailing is the index of the lowest set bit of m (a 0-based digit or a
// position in a unit).
func trailing(m uint32) int { return bits.TrailingZeros32(m) }

// popc is the number of set bits of m.
func popc(m uint32) int { return bits.OnesCount32(m) }

// digitOf returns the digit of a single-bit mask.
func digitOf(m uint32) uint8 { return uint8(bits.TrailingZeros32(m) + 1) }

// maskDigits lists the digits of a candidate mask, smallest first.
func maskDigits(m uint32) []uint8 {
	out := make([]uint8, 0, bits.OnesCount32(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, digitOf(m))
	}
	return out
}

// unitCells returns the cells of unit u selected by the position mask pos.
func unitCells(geo *sudoku.Geometry, u int, pos uint32) []int {
	out := make([]int, 0, bits.OnesCount32(pos))
	for ; pos != 0; pos &= pos - 1 {
		out = append(out, geo.Units[u][bits.TrailingZeros32(pos)])
	}
	return out
}

// houseCells returns the cells of house h of layout l selected by the
// position mask pos.
func houseCells(l *Layout, h int, pos uint32) []int {
	out := make([]int, 0, bits.OnesCount32(pos))
	for ; pos != 0; pos &= pos - 1 {
		out = append(out, l.Houses[h][bits.TrailingZeros32(pos)])
	}
	return out
}

// unitKindBox, unitKindRow and unitKindCol name what a unit index is.
func isBox(geo *sudoku.Geometry, u int) bool { return u >= 2*geo.N }

// boxOrder lists the units boxes first, then rows, then columns: the order
// in which a person looks for singles and subsets.
func boxOrder(geo *sudoku.Geometry, i int) int {
	n := geo.N
	if i < n {
		return 2*n + i
	}
	return i - n
}
