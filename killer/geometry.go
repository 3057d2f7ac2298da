package killer

import (
	"fmt"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// MaxN is the largest supported side: Killer Sudoku is made for grids up
// to 9x9, whose digits fit the cage sums people add up in their heads.
const MaxN = 9

// MaxCells is the number of cells of the largest grid.
const MaxCells = MaxN * MaxN

// Shapes lists the box shapes a killer can have, smallest first.
var Shapes = []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9}

// Geometry is a killer grid without its cages: the side, the box shape
// and the houses (rows, columns, boxes and, for Killer-X, the diagonals),
// each holding every digit 1..N once.
type Geometry struct {
	Shape sudoku.Shape
	N     int
	Cells int
	// X is true for Killer-X: both main diagonals are houses too.
	X bool
	// Houses lists the cells of each house: rows 0..N-1, columns N..2N-1,
	// boxes 2N..3N-1, then the main diagonal and the anti-diagonal (X).
	Houses [][]int
	// HouseMask is each house as a cell bitset.
	HouseMask []CellSet
	// CellHouses lists the houses of each cell.
	CellHouses [][]int
	// Peers lists, for each cell, the cells sharing a house with it.
	Peers [][]int
	// Rows, Cols are each cell's row and column.
	Rows, Cols []int
}

type geoKey struct {
	s sudoku.Shape
	x bool
}

var (
	geoMu    sync.Mutex
	geoCache = map[geoKey]*Geometry{}
)

// NewGeometry returns the geometry of a killer on the box shape s (one of
// Shapes), with the diagonals as houses when x is true.
func NewGeometry(s sudoku.Shape, x bool) (*Geometry, error) {
	ok := false
	for _, t := range Shapes {
		ok = ok || t == s
	}
	if !ok {
		return nil, fmt.Errorf("killer: box shape %s not supported: expected 2x2 (4x4), 2x3 (6x6), 2x4 (8x8) or 3x3 (9x9)", s)
	}
	n := s.N()
	g := &Geometry{Shape: s, N: n, Cells: n * n, X: x}
	for r := 0; r < n; r++ {
		h := make([]int, n)
		for c := range h {
			h[c] = r*n + c
		}
		g.Houses = append(g.Houses, h)
	}
	for c := 0; c < n; c++ {
		h := make([]int, n)
		for r := range h {
			h[r] = r*n + c
		}
		g.Houses = append(g.Houses, h)
	}
	for b := 0; b < n; b++ {
		r0 := s.BoxRows * (b / (n / s.BoxCols))
		c0 := s.BoxCols * (b % (n / s.BoxCols))
		var h []int
		for dr := 0; dr < s.BoxRows; dr++ {
			for dc := 0; dc < s.BoxCols; dc++ {
				h = append(h, (r0+dr)*n+c0+dc)
			}
		}
		g.Houses = append(g.Houses, h)
	}
	if x {
		d, a := make([]int, n), make([]int, n)
		for i := 0; i < n; i++ {
			d[i] = i*n + i
			a[i] = i*n + n - 1 - i
		}
		g.Houses = append(g.Houses, d, a)
	}
	g.CellHouses = make([][]int, g.Cells)
	g.HouseMask = make([]CellSet, len(g.Houses))
	for h, cells := range g.Houses {
		for _, c := range cells {
			g.CellHouses[c] = append(g.CellHouses[c], h)
			g.HouseMask[h].Add(c)
		}
	}
	g.Peers = make([][]int, g.Cells)
	g.Rows = make([]int, g.Cells)
	g.Cols = make([]int, g.Cells)
	for c := 0; c < g.Cells; c++ {
		g.Rows[c], g.Cols[c] = c/n, c%n
		var m CellSet
		for _, h := range g.CellHouses[c] {
			m = m.Union(g.HouseMask[h])
		}
		m.Remove(c)
		g.Peers[c] = m.Cells()
	}
	return g, nil
}

// geometry returns the shared geometry of a supported shape (built once).
func geometry(s sudoku.Shape, x bool) (*Geometry, error) {
	geoMu.Lock()
	defer geoMu.Unlock()
	if g := geoCache[geoKey{s, x}]; g != nil {
		return g, nil
	}
	g, err := NewGeometry(s, x)
	if err != nil {
		return nil, err
	}
	geoCache[geoKey{s, x}] = g
	return g, nil
}

// Total is the sum of one house: 1+2+...+N (45 on 9x9).
func (g *Geometry) Total() int { return g.N * (g.N + 1) / 2 }

// CellName names cell i as r<row>c<col>, 1-based.
func (g *Geometry) CellName(i int) string {
	return fmt.Sprintf("r%dc%d", i/g.N+1, i%g.N+1)
}

// HouseName names house h: "row 3", "column 5", "box 7", "the main
// diagonal", "the anti-diagonal" (1-based).
func (g *Geometry) HouseName(h int) string {
	switch {
	case h < g.N:
		return fmt.Sprintf("row %d", h+1)
	case h < 2*g.N:
		return fmt.Sprintf("column %d", h-g.N+1)
	case h < 3*g.N:
		return fmt.Sprintf("box %d", h-2*g.N+1)
	case h == 3*g.N:
		return "the main diagonal"
	}
	return "the anti-diagonal"
}

// Adjacent reports whether cells a and b share a side.
func (g *Geometry) Adjacent(a, b int) bool {
	dr, dc := g.Rows[a]-g.Rows[b], g.Cols[a]-g.Cols[b]
	return dr*dr+dc*dc == 1
}

// Neighbours appends the cells sharing a side with cell c to dst.
func (g *Geometry) Neighbours(dst []int, c int) []int {
	r, col := g.Rows[c], g.Cols[c]
	if r > 0 {
		dst = append(dst, c-g.N)
	}
	if r < g.N-1 {
		dst = append(dst, c+g.N)
	}
	if col > 0 {
		dst = append(dst, c-1)
	}
	if col < g.N-1 {
		dst = append(dst, c+1)
	}
	return dst
}
