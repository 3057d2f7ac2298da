package sudoku

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// Grid is a Sudoku grid of one shape: Cells[i] is 0 for an empty cell or the
// value 1..N, row-major.
type Grid struct {
	Geo   *Geometry
	Cells []uint8
}

// NewGrid returns an empty grid of shape s. s should be one of Shapes
// (ParseShape and ShapeForSize give one); for any other shape NewGrid
// returns the zero Grid, which has no cells, fails Check, and is refused
// by Parse, Solve, CountSolutions, Canonical and Conflict.
func NewGrid(s Shape) Grid {
	if !s.Valid() {
		return Grid{}
	}
	g := GeometryOf(s)
	return Grid{Geo: g, Cells: make([]uint8, g.Cells)}
}

// Check returns an error unless g is a grid the package can work on: it
// has a supported shape (the zero Grid has none), N*N cells, and every
// value within 0..N.
func (g Grid) Check() error {
	if err := g.checkShape(); err != nil {
		return err
	}
	var hi uint8 // without a branch per cell; a second pass names the bad one
	for _, v := range g.Cells {
		hi = max(hi, v)
	}
	if n := uint8(g.Geo.N); hi > n {
		for i, v := range g.Cells {
			if v > n {
				return fmt.Errorf("sudoku: value %d at %s is outside 0..%d", v, g.Geo.CellName(i), n)
			}
		}
	}
	return nil
}

// checkShape returns an error unless g has a shape and N*N cells: what
// the entry points that read every cell need (values are their own
// business: the solver and the canonicalizer refuse bad ones).
func (g Grid) checkShape() error {
	if g.Geo == nil {
		return errors.New("sudoku: grid has no shape (the zero Grid, or NewGrid of an unsupported shape)")
	}
	if len(g.Cells) != g.Geo.Cells {
		return fmt.Errorf("sudoku: grid has %d cells, expected %d for %dx%d", len(g.Cells), g.Geo.Cells, g.Geo.N, g.Geo.N)
	}
	return nil
}

// Clone returns a deep copy of g.
func (g Grid) Clone() Grid {
	return Grid{Geo: g.Geo, Cells: append([]uint8(nil), g.Cells...)}
}

// Givens counts the filled cells.
func (g Grid) Givens() int {
	n := 0
	for _, v := range g.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell is filled. A grid without cells (the
// zero Grid) is not full.
func (g Grid) Full() bool { return len(g.Cells) > 0 && g.Givens() == len(g.Cells) }

// SymbolValue returns the value 1..25 of a symbol character, 0 for an empty
// mark ('.' or '0'), or -1 for anything else. Letters are case-insensitive.
func SymbolValue(ch byte) int {
	switch {
	case ch == '.' || ch == '0':
		return 0
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'P':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'p':
		return int(ch-'a') + 10
	}
	return -1
}

// Parse reads a grid of shape s from the one-line format: N*N characters,
// '.' or '0' for empty, values written with Symbols. It checks symbols and
// length, not conflicts (see Conflict). An unsupported shape is an error.
func Parse(text string, s Shape) (Grid, error) {
	if !s.Valid() {
		return Grid{}, fmt.Errorf("sudoku: unsupported shape %s: expected one of %s", s, ShapeNames())
	}
	g := NewGrid(s)
	if err := parseInto(g, text); err != nil {
		return Grid{}, err
	}
	return g, nil
}

// ParseInto is Parse into an existing grid, whose shape gives the
// expected length; it does not allocate. On error g's cells are undefined.
// A g without a shape or of the wrong length (see Check) is an error.
func ParseInto(g Grid, text []byte) error {
	if err := g.checkShape(); err != nil {
		return err
	}
	return parseInto(g, text)
}

func parseInto[T string | []byte](g Grid, text T) error {
	if len(text) != g.Geo.Cells {
		return fmt.Errorf("puzzle has %s, expected %d for %dx%d", numfmt.Count(len(text), "character"), g.Geo.Cells, g.Geo.N, g.Geo.N)
	}
	n := g.Geo.N
	// Without a branch per cell: a bad symbol (-1 reads as 255) or a
	// value above n raises the largest value above n, and a second pass
	// names the first one.
	cells := g.Cells[:len(text)]
	var hi uint8
	i := 0
	if n >= 9 {
		// Eight symbols at a time while they are all '.' or digits
		// (every digit is a value up to 9, so within n).
		for ; i+8 <= len(text); i += 8 {
			t := text[i : i+8]
			x := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
				uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
			v, ok := symbols8(x)
			if ok != symbolsOK8 {
				break // another symbol: the loop below
			}
			binary.LittleEndian.PutUint64(cells[i:i+8], v)
		}
	}
	for ; i < len(cells); i++ {
		v := uint8(symbolValues[text[i]])
		cells[i] = v
		hi = max(hi, v)
	}
	if int(hi) > n {
		for i := 0; i < len(text); i++ {
			if v := symbolValues[text[i]]; v < 0 || int(v) > n {
				return fmt.Errorf("bad symbol %q at r%dc%d: expected '.', '0' or %s", text[i], i/n+1, i%n+1, Symbols[:n])
			}
		}
	}
	return nil
}

// symbolsOK8 is symbols8's ok when all eight symbols are '.' or digits.
const symbolsOK8 = 0x8080808080808080

// symbols8 reads eight one-line symbols packed into x (the first in the
// low byte) without a branch: vals holds their values a byte each ('.'
// and '0' 0, '1'-'9' 1-9, any other symbol 0) and ok the high bit of
// each byte that is '.' or a digit (symbolsOK8 when all are).
func symbols8(x uint64) (vals, ok uint64) {
	const hb, lb = symbolsOK8, 0x7F7F7F7F7F7F7F7F
	d := x | hb - 0x3030303030303030 // high bit: byte&0x7F >= '0'
	e := x | hb - 0x3A3A3A3A3A3A3A3A // high bit: byte&0x7F > '9'
	digit := d &^ e &^ x & hb
	y := x ^ 0x2E2E2E2E2E2E2E2E
	dot := ^(y&lb + lb | y) & hb
	return d & lb & (digit >> 7 * 0xFF), digit | dot
}

// symbolValues is SymbolValue as a table.
var symbolValues = func() (t [256]int8) {
	for i := range t {
		t[i] = int8(SymbolValue(byte(i)))
	}
	return t
}()

// ParseAuto reads a one-line grid, inferring the shape from its length.
func ParseAuto(text string) (Grid, error) {
	s, err := ShapeForCells(len(text))
	if err != nil {
		return Grid{}, err
	}
	return Parse(text, s)
}

// String prints g in the one-line format with '.' for empty cells. A
// value with no symbol (above 25, only in a grid built by hand; see
// Check) is written '?'.
func (g Grid) String() string {
	return string(g.Append(make([]byte, 0, len(g.Cells))))
}

// Append appends g in the one-line format to dst.
func (g Grid) Append(dst []byte) []byte {
	for _, v := range g.Cells {
		dst = append(dst, cellSymbols[v])
	}
	return dst
}

// cellSymbols maps a cell value to its character: '.' for empty, '?'
// for a value with no symbol (above 25), so printing never fails.
var cellSymbols = func() (t [256]byte) {
	for i := range t {
		t[i] = '?'
	}
	t[0] = '.'
	copy(t[1:], Symbols)
	return t
}()

// Pretty prints g as a readable grid with box separators, values as
// String writes them. A grid that fails Check for its shape or length
// (such as the zero Grid) prints as "".
func (g Grid) Pretty() string {
	if g.checkShape() != nil {
		return ""
	}
	var sb strings.Builder
	n, br, bc := g.Geo.N, g.Geo.BoxRows, g.Geo.BoxCols
	sep := ""
	for c := 0; c < n; c++ {
		if c > 0 && c%bc == 0 {
			sep += "+-"
		}
		sep += "--"
	}
	sep = sep[:len(sep)-1] + "\n"
	for r := 0; r < n; r++ {
		if r > 0 && r%br == 0 {
			sb.WriteString(sep)
		}
		for c := 0; c < n; c++ {
			if c > 0 {
				if c%bc == 0 {
					sb.WriteString(" |")
				}
				sb.WriteByte(' ')
			}
			sb.WriteByte(cellSymbols[g.Cells[r*n+c]])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// CellName names a cell as r<row>c<col>, 1-based; an index off the grid
// as "cell I (off the NxN grid)".
func (g *Geometry) CellName(i int) string {
	if i < 0 || i >= g.Cells {
		return fmt.Sprintf("cell %d (off the %dx%d grid)", i, g.N, g.N)
	}
	return fmt.Sprintf("r%dc%d", i/g.N+1, i%g.N+1)
}

// UnitName names unit u as "row 3", "column 5" or "box 7" (1-based); a
// unit number off the grid as "unit U (off the NxN grid)".
func (g *Geometry) UnitName(u int) string {
	switch {
	case u < 0 || u >= 3*g.N:
		return fmt.Sprintf("unit %d (off the %dx%d grid)", u, g.N, g.N)
	case u < g.N:
		return fmt.Sprintf("row %d", u+1)
	case u < 2*g.N:
		return fmt.Sprintf("column %d", u-g.N+1)
	}
	return fmt.Sprintf("box %d", u-2*g.N+1)
}

// Conflict returns an error naming the first pair of equal values in one
// unit, or nil if the givens are consistent. A grid that fails Check is
// reported with Check's error.
func (g Grid) Conflict() error {
	if err := g.Check(); err != nil {
		return err
	}
	if !g.conflicts() {
		return nil
	}
	geo := g.Geo
	for u, cells := range geo.Units {
		if a, b, ok := Repeat(cells, g.Cells); ok {
			return fmt.Errorf("%c appears twice in %s (%s and %s)", Symbols[g.Cells[a]-1], geo.UnitName(u), geo.CellName(a), geo.CellName(b))
		}
	}
	return nil
}

// SolvedBy reports whether sol is a valid full grid that agrees with every
// given of g.
func (g Grid) SolvedBy(sol Grid) bool {
	if sol.Geo != g.Geo || !sol.Full() || sol.Conflict() != nil {
		return false
	}
	for i, v := range g.Cells {
		if v != 0 && sol.Cells[i] != v {
			return false
		}
	}
	return true
}

// conflicts reports quickly, with one bit mask per unit, whether any value
// repeats in a row, column or box; Conflict then finds which.
func (g Grid) conflicts() bool {
	geo := g.Geo
	if geo.N == 9 {
		return conflicts9((*[81]uint8)(g.Cells[:81]))
	}
	var rows, cols, boxes [MaxN]uint32
	box, n := geo.Box, geo.N
	i := 0
	for r := 0; r < n; r++ {
		row := g.Cells[i : i+n]
		for c, v := range row {
			if v != 0 {
				bit := uint32(1) << v
				b := box[i+c]
				if (rows[r]|cols[c]|boxes[b])&bit != 0 {
					return true
				}
				rows[r] |= bit
				cols[c] |= bit
				boxes[b] |= bit
			}
		}
		i += n
	}
	return false
}

// box9 is the box of each column within a band.
var box9 = [9]uint8{0, 0, 0, 1, 1, 1, 2, 2, 2}

// conflicts9 is conflicts on 9x9, visiting only the givens: the given
// cells of each row are gathered as a bit set (rowPattern9), and the
// givens of the whole grid walked as two 64-bit words of those sets, so
// the walk ends without a branch per empty cell.
func conflicts9(cells *[81]uint8) bool {
	var lo, hi uint64 // rows 0-6 (cells 0-62) and rows 7-8 (63-80)
	for r := 0; r < 7; r++ {
		lo |= uint64(rowPattern9((*[9]uint8)(cells[r*9:r*9+9]))) << (9 * r)
	}
	hi = uint64(rowPattern9((*[9]uint8)(cells[63:72]))) | uint64(rowPattern9((*[9]uint8)(cells[72:81])))<<9
	return repeats9(lo, hi, cells)
}

// repeats9 reports whether a value appears twice in a unit of a 9x9 grid,
// visiting its given cells alone: lo holds cells 0-62, hi cells 63-80,
// and the low four bits of cells[i] are the value of a given cell (a
// symbol '1'-'9' reads as its value too).
func repeats9(lo, hi uint64, cells *[81]uint8) bool {
	var units [27]uint16 // rows, columns, boxes: the values seen
	var bad uint16
	for w, base := range [2]int{0, 63} {
		m := lo
		if w == 1 {
			m = hi
		}
		for ; m != 0; m &= m - 1 {
			i := base + bits.TrailingZeros64(m)
			u := &cellUnits9[i]
			bit := uint16(1) << (cells[i] & 15)
			bad |= (units[u[0]] | units[u[1]] | units[u[2]]) & bit
			units[u[0]] |= bit
			units[u[1]] |= bit
			units[u[2]] |= bit
		}
	}
	return bad != 0
}

// cellUnits9 is, per 9x9 cell, its row, column and box as unit indices
// 0-8, 9-17 and 18-26.
var cellUnits9 = func() (t [81][3]uint8) {
	for i := range t {
		r, c := i/9, i%9
		t[i] = [3]uint8{uint8(r), uint8(9 + c), uint8(18 + r/3*3 + c/3)}
	}
	return t
}()
