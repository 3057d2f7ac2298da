package grade

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Singles: full house, hidden single, naked single. They work on every box
// shape.

// FullHouse finds cells that are the last empty cell of a box, row or
// column (boxes first); each cell is reported once.
var FullHouse = FinderFunc(findFullHouse)

// HiddenSingle finds digits with one place left in a box, row or column
// (boxes first); each placement is reported once, in its first unit.
var HiddenSingle = FinderFunc(findHiddenSingle)

// NakedSingle finds cells with one candidate left, row-major.
var NakedSingle = FinderFunc(findNakedSingle)

func findFullHouse(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	var seen [sudoku.MaxN * sudoku.MaxN]bool
	var empties []int
	if g.memo != nil {
		_, empties = g.unitTables()
	}
	for i := range geo.Units {
		u := boxOrder(geo, i)
		if empties != nil && empties[u] != 1 {
			continue
		}
		empty, n := -1, 0
		var used uint32
		for _, c := range geo.Units[u] {
			if v := g.Values[c]; v != 0 {
				used |= 1 << (v - 1)
			} else {
				n++
				empty = c
			}
		}
		if n != 1 || seen[empty] {
			continue
		}
		miss := geo.All &^ used
		if bits.OnesCount32(miss) != 1 || g.Cand[empty]&miss == 0 {
			continue
		}
		seen[empty] = true
		d := digitOf(miss)
		s := g.newStep()
		s.Tech = "full-house"
		s.Placements = append(s.Placements, Candidate{empty, d})
		s.Units = append(s.Units, u)
		s.Cells = append(s.Cells, empty)
		s.Digits = append(s.Digits, d)
		if !emit(s) {
			return
		}
	}
}

func findHiddenSingle(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	var seen [sudoku.MaxN * sudoku.MaxN]uint32
	for i := range geo.Units {
		u := boxOrder(geo, i)
		var once, twice uint32
		for _, c := range geo.Units[u] {
			m := g.Cand[c]
			twice |= once & m
			once |= m
		}
		one := once &^ twice
		for ; one != 0; one &= one - 1 {
			bit := one & -one
			d := digitOf(bit)
			for _, c := range geo.Units[u] {
				if g.Cand[c]&bit == 0 {
					continue
				}
				if seen[c]&bit != 0 {
					break
				}
				seen[c] |= bit
				s := g.newStep()
				s.Tech = "hidden-single"
				s.Placements = append(s.Placements, Candidate{c, d})
				s.Units = append(s.Units, u)
				s.Cells = append(s.Cells, c)
				s.Digits = append(s.Digits, d)
				if !emit(s) {
					return
				}
				break
			}
		}
	}
}

func findNakedSingle(g *Grid, emit func(*Step) bool) {
	for c, m := range g.Cand {
		if m != 0 && m&(m-1) == 0 {
			d := digitOf(m)
			s := g.newStep()
			s.Tech = "naked-single"
			s.Placements = append(s.Placements, Candidate{c, d})
			s.Cells = append(s.Cells, c)
			s.Digits = append(s.Digits, d)
			if !emit(s) {
				return
			}
		}
	}
}
