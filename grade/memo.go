package grade

import "github.com/sudogen/sudogen/sudoku"

// gridMemo caches, for one grid state, the positions of each digit in each
// unit and the empty cells per unit. The solving loop attaches one to the
// grid it solves and invalidates it before each search, so the producers of
// one step share one computation. Outside the loop (a finder called on its
// own) grids have no memo and finders compute what they need afresh.
type gridMemo struct {
	valid bool
	pos   [][sudoku.MaxN]uint32
	empty []int
}

// unitTables returns the positions of every digit in every unit (pos[u][d-1]
// has bit i set when the unit's i-th cell holds candidate d) and the number
// of empty cells of each unit.
func (g *Grid) unitTables() ([][sudoku.MaxN]uint32, []int) {
	m := g.memo
	if m == nil {
		m = &gridMemo{}
	} else if m.valid && len(m.pos) == len(g.Geo.Units) {
		return m.pos, m.empty
	}
	nu := len(g.Geo.Units)
	if len(m.pos) != nu {
		m.pos = make([][sudoku.MaxN]uint32, nu)
		m.empty = make([]int, nu)
	}
	clear(m.pos)
	clear(m.empty)
	geo := g.Geo
	n := geo.N
	for c, v := range g.Values {
		r, col, b := geo.Row[c], geo.Col[c], geo.Box[c]
		if v == 0 {
			m.empty[r]++
			m.empty[n+col]++
			m.empty[2*n+b]++
		}
		cand := g.Cand[c]
		if cand == 0 {
			continue
		}
		ib := uint32(1) << ((r%geo.BoxRows)*geo.BoxCols + col%geo.BoxCols)
		ir, ic := uint32(1)<<col, uint32(1)<<r
		for ; cand != 0; cand &= cand - 1 {
			d := trailing(cand)
			m.pos[r][d] |= ir
			m.pos[n+col][d] |= ic
			m.pos[2*n+b][d] |= ib
		}
	}
	m.valid = true
	return m.pos, m.empty
}
