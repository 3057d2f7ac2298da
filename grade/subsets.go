package grade

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Subsets: naked and hidden pairs, triples and quads, searched per unit
// (boxes, then rows, then columns). They work on every box shape.

var subsetTech = [2][5]string{
	{"", "", "naked-pair", "naked-triple", "naked-quad"},
	{"", "", "hidden-pair", "hidden-triple", "hidden-quad"},
}

// NakedSubset returns the finder of naked subsets of size k (2..4): k cells
// of a unit holding only k digits between them; the digits leave the rest
// of the unit.
func NakedSubset(k int) Finder {
	return FinderFunc(func(g *Grid, emit func(*Step) bool) { findNakedSubset(g, k, emit) })
}

// HiddenSubset returns the finder of hidden subsets of size k (2..4): k
// digits whose places in a unit are the same k cells; the other digits
// leave those cells.
func HiddenSubset(k int) Finder {
	return FinderFunc(func(g *Grid, emit func(*Step) bool) { findHiddenSubset(g, k, emit) })
}

// eachNakedSet calls fn for every set of k empty cells of unit u, each with
// 2..k candidates, whose candidates together are exactly k digits. cells is
// reused between calls. fn returns false to stop; eachNakedSet then
// returns false.
func eachNakedSet(g *Grid, u, k int, fn func(cells []int, mask uint32) bool) bool {
	var pool [sudoku.MaxN]int
	np := 0
	for _, c := range g.Geo.Units[u] {
		if n := bits.OnesCount32(g.Cand[c]); n >= 2 && n <= k {
			pool[np] = c
			np++
		}
	}
	if np < k {
		return true
	}
	var pick [4]int
	var rec func(start, depth int, mask uint32) bool
	rec = func(start, depth int, mask uint32) bool {
		if depth == k {
			if bits.OnesCount32(mask) == k {
				return fn(pick[:k], mask)
			}
			return true
		}
		for i := start; i <= np-(k-depth); i++ {
			m := mask | g.Cand[pool[i]]
			if bits.OnesCount32(m) > k {
				continue
			}
			pick[depth] = pool[i]
			if !rec(i+1, depth+1, m) {
				return false
			}
		}
		return true
	}
	return rec(0, 0, 0)
}

// appendSubsetElims adds the candidates in mask of the cells of unit that
// are not in set.
func appendSubsetElims(el []Candidate, g *Grid, unit, set []int, mask uint32) []Candidate {
outer:
	for _, c := range unit {
		m := g.Cand[c] & mask
		if m == 0 {
			continue
		}
		for _, s := range set {
			if s == c {
				continue outer
			}
		}
		for ; m != 0; m &= m - 1 {
			el = append(el, Candidate{c, digitOf(m)})
		}
	}
	return el
}

func findNakedSubset(g *Grid, k int, emit func(*Step) bool) {
	geo := g.Geo
	for i := range geo.Units {
		u := boxOrder(geo, i)
		ok := eachNakedSet(g, u, k, func(cells []int, mask uint32) bool {
			el := appendSubsetElims(nil, g, geo.Units[u], cells, mask)
			if len(el) == 0 {
				return true
			}
			cs := append([]int(nil), cells...)
			s := &Step{Tech: subsetTech[0][k], Eliminations: el, Units: []int{u}, Cells: cs, Support: supportOf(g, cs, mask), Digits: maskDigits(mask)}
			return emit(s)
		})
		if !ok {
			return
		}
	}
}

func findHiddenSubset(g *Grid, k int, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	var pos [sudoku.MaxN]uint32
	var digits [sudoku.MaxN]uint8
	var pick [4]uint8
	for i := range geo.Units {
		u := boxOrder(geo, i)
		nd := 0
		empty := 0
		for _, c := range geo.Units[u] {
			if g.Values[c] == 0 {
				empty++
			}
		}
		if empty <= k {
			continue
		}
		for d := 0; d < n; d++ {
			pos[d] = 0
		}
		for j, c := range geo.Units[u] {
			for m := g.Cand[c]; m != 0; m &= m - 1 {
				pos[bits.TrailingZeros32(m)] |= 1 << j
			}
		}
		for d := 0; d < n; d++ {
			if c := bits.OnesCount32(pos[d]); c >= 2 && c <= k {
				digits[nd] = uint8(d + 1)
				nd++
			}
		}
		var rec func(start, depth int, cover uint32) bool
		rec = func(start, depth int, cover uint32) bool {
			if depth == k {
				if bits.OnesCount32(cover) != k {
					return true
				}
				var mask uint32
				for _, d := range pick[:k] {
					mask |= 1 << (d - 1)
				}
				cells := unitCells(geo, u, cover)
				var el []Candidate
				for _, c := range cells {
					for m := g.Cand[c] &^ mask; m != 0; m &= m - 1 {
						el = append(el, Candidate{c, digitOf(m)})
					}
				}
				if len(el) == 0 {
					return true
				}
				s := &Step{Tech: subsetTech[1][k], Eliminations: el, Units: []int{u}, Cells: cells, Support: supportOf(g, cells, mask), Digits: append([]uint8(nil), pick[:k]...)}
				return emit(s)
			}
			for j := start; j <= nd-(k-depth); j++ {
				c := cover | pos[digits[j]-1]
				if bits.OnesCount32(c) > k {
					continue
				}
				pick[depth] = digits[j]
				if !rec(j+1, depth+1, c) {
					return false
				}
			}
			return true
		}
		if !rec(0, 0, 0) {
			return
		}
	}
}
