package sudoku

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// MaxN is the largest supported side length (25x25 with 5x5 boxes).
const MaxN = 25

// Symbols are the characters for values 1..N in the one-line format.
const Symbols = "123456789ABCDEFGHIJKLMNOP"

// Shape is the shape of one box: BoxRows rows by BoxCols columns. The grid
// side is N = BoxRows*BoxCols.
type Shape struct {
	BoxRows, BoxCols int
}

// Standard shapes, by grid side.
var (
	Shape4  = Shape{2, 2}
	Shape6  = Shape{2, 3}
	Shape8  = Shape{2, 4}
	Shape9  = Shape{3, 3}
	Shape12 = Shape{3, 4}
	Shape16 = Shape{4, 4}
	Shape25 = Shape{5, 5}
)

// Shapes lists the supported shapes, smallest first.
var Shapes = []Shape{Shape4, Shape6, Shape8, Shape9, Shape12, Shape16, Shape25}

// N is the side of the grid and the number of symbols.
func (s Shape) N() int { return s.BoxRows * s.BoxCols }

// Cells is the number of cells, N*N.
func (s Shape) Cells() int { return s.N() * s.N() }

// String prints the shape as "RxC", e.g. "2x3".
func (s Shape) String() string { return fmt.Sprintf("%dx%d", s.BoxRows, s.BoxCols) }

// ShapeNames lists the supported shapes for messages: "2x2, 2x3, 2x4,
// 3x3, 3x4, 4x4, 5x5".
func ShapeNames() string {
	names := make([]string, len(Shapes))
	for i, s := range Shapes {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}

// Valid reports whether s is one of the supported shapes.
func (s Shape) Valid() bool {
	for _, t := range Shapes {
		if t == s {
			return true
		}
	}
	return false
}

// ShapeForSize returns the standard box shape of a grid of side n
// (4, 6, 8, 9, 12, 16 or 25).
func ShapeForSize(n int) (Shape, error) {
	for _, s := range Shapes {
		if s.N() == n {
			return s, nil
		}
	}
	return Shape{}, fmt.Errorf("unsupported size %d: expected one of 4, 6, 8, 9, 12, 16, 25", n)
}

// ShapeForCells returns the standard shape whose grid has this many cells
// (16, 36, 64, 81, 144, 256 or 625).
func ShapeForCells(cells int) (Shape, error) {
	for _, s := range Shapes {
		if s.Cells() == cells {
			return s, nil
		}
	}
	return Shape{}, fmt.Errorf("length %d is not a grid: expected 16, 36, 64, 81, 144, 256 or 625 cells", cells)
}

// ParseShape reads a box shape written rows x columns, "RxC" (e.g. "2x3").
// The shape must be one of Shapes; a transposed shape such as "3x2" is
// refused, not swapped, since it describes a different grid.
func ParseShape(text string) (Shape, error) {
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(text)), "x")
	if !ok {
		return Shape{}, fmt.Errorf("box %q: expected RxC, e.g. 3x3 or 2x3", text)
	}
	br, err1 := strconv.Atoi(r)
	bc, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil || br <= 0 || bc <= 0 {
		return Shape{}, fmt.Errorf("box %q: expected RxC with positive whole numbers, e.g. 3x3 or 2x3", text)
	}
	s := Shape{br, bc}
	if t := (Shape{bc, br}); !s.Valid() && t.Valid() {
		return Shape{}, fmt.Errorf("box %q: unsupported; boxes are rows x columns and %dx%d grids use %s boxes (transpose a %s-box grid to use it)", text, t.N(), t.N(), t, s)
	}
	if !s.Valid() {
		return Shape{}, fmt.Errorf("box %q: unsupported; expected one of %s", text, ShapeNames())
	}
	return s, nil
}

// Geometry holds the precomputed tables of one shape. It is immutable and
// shared; get it with GeometryOf.
type Geometry struct {
	Shape
	N     int // side
	Cells int // N*N
	// Row, Col and Box give the row, column and box index of each cell.
	Row, Col, Box []int
	// Units lists the 3N units: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1,
	// each as its N cells in row-major order.
	Units [][]int
	// CellUnits gives the three units (row, column, box) of each cell.
	CellUnits [][3]int
	// Peers lists, for each cell, the distinct other cells sharing a unit.
	Peers [][]int
	// All is the candidate mask with the N low bits set.
	All uint32
}

var (
	geoMu    sync.Mutex
	geoCache = map[Shape]*Geometry{}
)

// GeometryOf returns the shared tables for a supported shape. It panics on
// an unsupported shape: callers validate input with ParseShape or
// ShapeForSize first.
func GeometryOf(s Shape) *Geometry {
	geoMu.Lock()
	defer geoMu.Unlock()
	if g, ok := geoCache[s]; ok {
		return g
	}
	if !s.Valid() {
		panic("sudoku: unsupported shape " + s.String())
	}
	g := newGeometry(s)
	geoCache[s] = g
	return g
}

func newGeometry(s Shape) *Geometry {
	n := s.N()
	g := &Geometry{Shape: s, N: n, Cells: n * n, All: uint32(1)<<n - 1}
	g.Row = make([]int, g.Cells)
	g.Col = make([]int, g.Cells)
	g.Box = make([]int, g.Cells)
	g.Units = make([][]int, 3*n)
	g.CellUnits = make([][3]int, g.Cells)
	boxesPerRow := n / s.BoxCols
	for i := 0; i < g.Cells; i++ {
		r, c := i/n, i%n
		b := (r/s.BoxRows)*boxesPerRow + c/s.BoxCols
		g.Row[i], g.Col[i], g.Box[i] = r, c, b
		g.Units[r] = append(g.Units[r], i)
		g.Units[n+c] = append(g.Units[n+c], i)
		g.Units[2*n+b] = append(g.Units[2*n+b], i)
		g.CellUnits[i] = [3]int{r, n + c, 2*n + b}
	}
	g.Peers = make([][]int, g.Cells)
	seen := make([]int, g.Cells)
	for i := range seen {
		seen[i] = -1
	}
	for i := 0; i < g.Cells; i++ {
		for _, u := range g.CellUnits[i] {
			for _, p := range g.Units[u] {
				if p != i && seen[p] != i {
					seen[p] = i
					g.Peers[i] = append(g.Peers[i], p)
				}
			}
		}
	}
	return g
}
