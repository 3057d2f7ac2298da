package grade

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Grid is the candidate grid a logical solver works on. Values holds placed
// digits (0 = empty); Cand holds the candidate bitmask of each empty cell
// (bit d-1 for digit d) and 0 for filled cells.
type Grid struct {
	// Geo is the classic frame (rows, columns, boxes); nil on a layout
	// without one.
	Geo *sudoku.Geometry
	// L is the layout: houses and the sees relation. Nil means the
	// classic layout of Geo (set on first use).
	L      *Layout
	Values []uint8
	Cand   []uint32
	Empty  int // number of empty cells
	// Given marks the puzzle's clues (as opposed to digits placed while
	// solving); avoidable rectangles need the difference. Nil means unknown:
	// every filled cell is treated as a clue.
	Given []bool

	// memo, when set by the solving loop, caches per-unit digit positions
	// for the current grid state (see memo.go).
	memo *gridMemo
}

// NewGrid builds the starting candidate grid of a puzzle: every empty cell
// gets every digit not already placed in its row, column or box, nothing
// else. Conflicting givens are not checked here (grading checks the puzzle
// first). p must pass sudoku.Grid.Check, as Engine.Rate and Explain make
// sure: NewGrid panics on a grid without a shape or of the wrong length.
func NewGrid(p sudoku.Grid) *Grid {
	geo := p.Geo
	g := &Grid{Geo: geo, L: ClassicLayout(geo), Values: append([]uint8(nil), p.Cells...), Cand: make([]uint32, geo.Cells)}
	g.Reset()
	return g
}

// Reset recomputes the candidates from the placed values alone, and takes
// every placed value as a clue (Given).
func (g *Grid) Reset() {
	l := g.lay()
	g.startReset(l)
	for i, m := range g.Cand {
		if m == 0 {
			continue
		}
		for _, p := range l.Peers[i] {
			if pv := g.Values[p]; pv != 0 {
				m &^= 1 << (pv - 1)
			}
		}
		g.Cand[i] = m
	}
}

// startReset is the first pass of Reset and resetFromGivens: every placed
// value becomes a clue (Given), Empty counts the empty used cells, and
// each of them gets every digit (l.All) as candidates, every other cell
// none; the caller then removes what the peers hold.
func (g *Grid) startReset(l *Layout) {
	g.Empty = 0
	if len(g.Given) != len(g.Values) {
		g.Given = make([]bool, len(g.Values))
	}
	for i, v := range g.Values {
		g.Given[i] = v != 0
		if v != 0 || (l.Used != nil && !l.Used[i]) {
			g.Cand[i] = 0
			continue
		}
		g.Empty++
		g.Cand[i] = l.All
	}
}

// Clone returns a deep copy of g.
func (g *Grid) Clone() *Grid {
	c := &Grid{Geo: g.Geo, L: g.L, Empty: g.Empty}
	c.Values = append([]uint8(nil), g.Values...)
	c.Cand = append([]uint32(nil), g.Cand...)
	if g.Given != nil {
		c.Given = append([]bool(nil), g.Given...)
	}
	return c
}

// CopyFrom makes g a copy of src without allocating (same geometry).
func (g *Grid) CopyFrom(src *Grid) {
	g.Geo, g.L, g.Empty = src.Geo, src.L, src.Empty
	copy(g.Values, src.Values)
	copy(g.Cand, src.Cand)
	if src.Given == nil {
		g.Given = nil
	} else {
		g.Given = append(g.Given[:0], src.Given...)
	}
}

// Has reports whether digit d (1-based) is a candidate of cell.
func (g *Grid) Has(cell int, d uint8) bool { return g.Cand[cell]&(1<<(d-1)) != 0 }

// Count is the number of candidates of cell.
func (g *Grid) Count(cell int) int { return bits.OnesCount32(g.Cand[cell]) }

// Place sets cell to digit d: the cell loses its candidates and d is removed
// from every peer.
func (g *Grid) Place(cell int, d uint8) {
	if g.memo != nil {
		if g.memo.hq != nil {
			g.memo.hq.place(cell, d)
		}
		g.memo.place(g, cell, d)
	}
	if g.Values[cell] == 0 {
		g.Empty--
	}
	g.Values[cell] = d
	g.Cand[cell] = 0
	bit := uint32(1) << (d - 1)
	for _, p := range g.lay().Peers[cell] {
		g.Cand[p] &^= bit
	}
}

// Eliminate removes digit d from cell's candidates and reports whether it
// was there.
func (g *Grid) Eliminate(cell int, d uint8) bool {
	bit := uint32(1) << (d - 1)
	had := g.Cand[cell]&bit != 0
	g.Cand[cell] &^= bit
	if had && g.memo != nil {
		if g.memo.hq != nil {
			g.memo.hq.eliminate(cell, d)
		}
		g.memo.remove(g, cell, int(d-1))
	}
	return had
}

// Positions returns the positions (indexes within the unit, bit i for the
// unit's i-th cell) where digit d is a candidate in unit u.
func (g *Grid) Positions(u int, d uint8) uint32 {
	if g.memo != nil {
		pos, _ := g.unitTables()
		return pos[u][d-1]
	}
	bit := uint32(1) << (d - 1)
	var m uint32
	for i, c := range g.lay().Houses[u] {
		if g.Cand[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// Solved reports whether every cell is filled.
func (g *Grid) Solved() bool { return g.Empty == 0 }

// Puzzle returns the placed values as a sudoku grid.
func (g *Grid) Puzzle() sudoku.Grid {
	return sudoku.Grid{Geo: g.Geo, Cells: append([]uint8(nil), g.Values...)}
}
