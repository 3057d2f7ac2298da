package killer

import (
	"fmt"
	"math/bits"
)

// The classic techniques over the houses (rows, columns, boxes and the
// diagonals of Killer-X): a small implementation of the singles, the
// intersections and the subsets, on the killer's working grid.

func (w *work) fullHouse() (Step, bool) {
	for h, cells := range w.g.Houses {
		empty, have := -1, uint16(0)
		n := 0
		for _, c := range cells {
			if w.val[c] == 0 {
				empty, n = c, n+1
			} else {
				have |= 1 << (w.val[c] - 1)
			}
		}
		if n == 1 {
			d := bits.TrailingZeros16(w.full&^have) + 1
			return Step{Technique: "full-house", Placements: []Placement{{empty, d}},
				Text:   fmt.Sprintf("full house in %s: %s=%d", w.g.HouseName(h), w.g.CellName(empty), d),
				Houses: []int{h}, Cells: []int{empty}, Digits: []int{d}}, true
		}
	}
	return Step{}, false
}

func (w *work) cageSingle() (Step, bool) {
	for k, cg := range w.p.Cages {
		empty, n, s := -1, 0, 0
		for _, c := range cg.Cells {
			if w.val[c] == 0 {
				empty, n = c, n+1
			} else {
				s += int(w.val[c])
			}
		}
		if n != 1 || len(cg.Cells) < 2 {
			continue
		}
		d := cg.Sum - s
		if d < 1 || d > w.g.N || w.cand[empty]>>(d-1)&1 == 0 {
			continue // a contradiction; left to the other techniques
		}
		return Step{Technique: "cage-single", Placements: []Placement{{empty, d}},
			Text:  fmt.Sprintf("last cell of %s: %s = %d - %d = %d", w.cageName(k), w.g.CellName(empty), cg.Sum, s, d),
			Cages: []int{k}, Cells: cg.Cells, Digits: []int{d}}, true
	}
	return Step{}, false
}

func (w *work) hiddenSingle() (Step, bool) {
	for h, cells := range w.g.Houses {
		var once, more, have uint16
		for _, c := range cells {
			if w.val[c] != 0 {
				have |= 1 << (w.val[c] - 1)
				continue
			}
			m := w.cand[c]
			more |= once & m
			once |= m
		}
		u := once &^ more &^ have
		if u == 0 {
			continue
		}
		d := u & -u
		for _, c := range cells {
			if w.val[c] == 0 && w.cand[c]&d != 0 {
				dg := bits.TrailingZeros16(d) + 1
				return Step{Technique: "hidden-single", Placements: []Placement{{c, dg}},
					Text:   fmt.Sprintf("hidden single in %s: %d fits only %s", w.g.HouseName(h), dg, w.g.CellName(c)),
					Houses: []int{h}, Cells: []int{c}, Digits: []int{dg}}, true
			}
		}
	}
	return Step{}, false
}

func (w *work) nakedSingle() (Step, bool) {
	for c, m := range w.cand {
		if w.val[c] == 0 && m != 0 && m&(m-1) == 0 {
			d := bits.TrailingZeros16(m) + 1
			return Step{Technique: "naked-single", Placements: []Placement{{c, d}},
				Text:  fmt.Sprintf("naked single: %s can only be %d", w.g.CellName(c), d),
				Cells: []int{c}, Digits: []int{d}}, true
		}
	}
	return Step{}, false
}

// placesOf is the set of empty cells of house cells holding candidate d.
func (w *work) placesOf(cells []int, bit uint16) CellSet {
	var s CellSet
	for _, c := range cells {
		if w.val[c] == 0 && w.cand[c]&bit != 0 {
			s.Add(c)
		}
	}
	return s
}

// intersection: digit d's places in house a all lie in house b, so d
// leaves the rest of b. a a box: pointing; a a line: claiming.
func (w *work) intersection(boxFirst bool) (Step, bool) {
	g := w.g
	for a, acells := range g.Houses {
		isBox := a >= 2*g.N && a < 3*g.N
		if isBox != boxFirst {
			continue
		}
		for d := 1; d <= g.N; d++ {
			bit := uint16(1) << (d - 1)
			pl := w.placesOf(acells, bit)
			if pl.Len() < 2 {
				continue
			}
			for b := range g.Houses {
				if b == a || !pl.SubsetOf(g.HouseMask[b]) {
					continue
				}
				var el []Elimination
				for _, c := range g.Houses[b] {
					if !pl.Has(c) && w.val[c] == 0 && w.cand[c]&bit != 0 {
						el = append(el, Elimination{c, bit})
					}
				}
				if len(el) == 0 {
					continue
				}
				tech := "claiming"
				if boxFirst {
					tech = "pointing"
				}
				return Step{Technique: tech, Eliminations: el,
					Text:   fmt.Sprintf("%s: in %s, %d lies in %s, so not elsewhere in %s: %s", tech, g.HouseName(a), d, w.cellList(pl.Cells()), g.HouseName(b), w.elimText(el)),
					Houses: []int{a, b}, Cells: pl.Cells(), Digits: []int{d}}, true
			}
		}
	}
	return Step{}, false
}

func (w *work) pointing() (Step, bool) { return w.intersection(true) }
func (w *work) claiming() (Step, bool) { return w.intersection(false) }

// unitsForSubsets are the houses and the cages (a cage's cells are
// distinct too, so a naked subset inside a cage works the same).
// A unit's pattern fields say which: the house (Houses) or the cage
// (Cages).
func (w *work) unitsForSubsets() ([][]int, []string, []Step) {
	var units [][]int
	var names []string
	var pats []Step
	for h, cells := range w.g.Houses {
		units = append(units, cells)
		names = append(names, w.g.HouseName(h))
		pats = append(pats, Step{Houses: []int{h}})
	}
	for k, cg := range w.p.Cages {
		if len(cg.Cells) > 2 {
			units = append(units, cg.Cells)
			names = append(names, w.cageName(k))
			pats = append(pats, Step{Cages: []int{k}})
		}
	}
	return units, names, pats
}

func (w *work) nakedSubset(k int) func() (Step, bool) {
	tech := map[int]string{2: "naked-pair", 3: "naked-triple"}[k]
	return func() (Step, bool) {
		units, names, pats := w.unitsForSubsets()
		for ui, cells := range units {
			var empty []int
			for _, c := range cells {
				if w.val[c] == 0 {
					empty = append(empty, c)
				}
			}
			if len(empty) <= k {
				continue
			}
			var pick []int
			var rec func(start int, union uint16) (Step, bool)
			rec = func(start int, union uint16) (Step, bool) {
				if len(pick) == k {
					if bits.OnesCount16(union) != k {
						return Step{}, false
					}
					ps := Set(pick)
					var el []Elimination
					for _, c := range empty {
						if !ps.Has(c) && w.cand[c]&union != 0 {
							el = append(el, Elimination{c, w.cand[c] & union})
						}
					}
					if len(el) == 0 {
						return Step{}, false
					}
					return Step{Technique: tech, Eliminations: el,
						Text:   fmt.Sprintf("%s in %s: %s hold %s: %s", map[int]string{2: "naked pair", 3: "naked triple"}[k], names[ui], w.cellList(pick), digitList(union), w.elimText(el)),
						Houses: pats[ui].Houses, Cages: pats[ui].Cages, Cells: append([]int(nil), pick...), Digits: digitSlice(union)}, true
				}
				for i := start; i < len(empty); i++ {
					u := union | w.cand[empty[i]]
					if bits.OnesCount16(u) > k {
						continue
					}
					pick = append(pick, empty[i])
					if st, ok := rec(i+1, u); ok {
						return st, true
					}
					pick = pick[:len(pick)-1]
				}
				return Step{}, false
			}
			if st, ok := rec(0, 0); ok {
				return st, true
			}
		}
		return Step{}, false
	}
}

func (w *work) hiddenSubset(k int) func() (Step, bool) {
	tech := map[int]string{2: "hidden-pair", 3: "hidden-triple"}[k]
	return func() (Step, bool) {
		g := w.g
		for h, cells := range g.Houses {
			var digits []int
			var places [MaxN + 1]CellSet
			for d := 1; d <= g.N; d++ {
				pl := w.placesOf(cells, 1<<(d-1))
				if n := pl.Len(); n >= 1 && n <= k {
					digits = append(digits, d)
					places[d] = pl
				}
			}
			var pick []int
			var rec func(start int, union CellSet) (Step, bool)
			rec = func(start int, union CellSet) (Step, bool) {
				if len(pick) == k {
					if union.Len() != k {
						return Step{}, false
					}
					var dm uint16
					for _, d := range pick {
						dm |= 1 << (d - 1)
					}
					var el []Elimination
					for _, c := range union.Cells() {
						if x := w.cand[c] &^ dm; x != 0 {
							el = append(el, Elimination{c, x})
						}
					}
					if len(el) == 0 {
						return Step{}, false
					}
					return Step{Technique: tech, Eliminations: el,
						Text:   fmt.Sprintf("%s in %s: %s fit only %s: %s", map[int]string{2: "hidden pair", 3: "hidden triple"}[k], g.HouseName(h), digitList(dm), w.cellList(union.Cells()), w.elimText(el)),
						Houses: []int{h}, Cells: union.Cells(), Digits: digitSlice(dm)}, true
				}
				for i := start; i < len(digits); i++ {
					u := union.Union(places[digits[i]])
					if u.Len() > k {
						continue
					}
					pick = append(pick, digits[i])
					if st, ok := rec(i+1, u); ok {
						return st, true
					}
					pick = pick[:len(pick)-1]
				}
				return Step{}, false
			}
			if st, ok := rec(0, CellSet{}); ok {
				return st, true
			}
		}
		return Step{}, false
	}
}

// digitSlice lists the digits of the set m, smallest first.
func digitSlice(m uint16) []int {
	var out []int
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros16(m)+1)
	}
	return out
}
