package killer

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// The killer techniques on cages: combinations, the cage/house overlap,
// hidden cage combinations and killer pairs and triples.

// validCombos lists the combinations of cage k (distinct digits with its
// sum; any distinct digits when its sum is hidden) that fit its cells'
// candidates, one digit a cell.
func (w *work) validCombos(k int) []uint16 {
	cg := w.p.Cages[k]
	var cand [MaxN]uint16
	for i, c := range cg.Cells {
		cand[i] = w.cand[c]
	}
	var out []uint16
	for _, m := range CageCombos(w.g.N, len(cg.Cells), cg.Sum) { // every set of its size when hidden
		if fits(m, cand[:len(cg.Cells)]) {
			out = append(out, m)
		}
	}
	return out
}

func combosText(ms []uint16) string {
	if len(ms) > 6 {
		return fmt.Sprintf("%d combinations", len(ms))
	}
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = "{" + digitsString(m) + "}"
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

func (w *work) cageDone(k int) bool {
	for _, c := range w.p.Cages[k].Cells {
		if w.val[c] == 0 {
			return false
		}
	}
	return true
}

func (w *work) cageCombination() (Step, bool) {
	for k, cg := range w.p.Cages {
		if w.cageDone(k) {
			continue
		}
		ms := w.validCombos(k)
		var allowed uint16
		for _, m := range ms {
			allowed |= m
		}
		nc := make([]uint16, len(cg.Cells))
		for i, c := range cg.Cells {
			var a uint16
			for _, m := range ms {
				a |= w.cand[c] & m
			}
			nc[i] = a
		}
		why := fmt.Sprintf("%s: %s", w.cageName(k), combosText(ms))
		if len(ms) == 1 {
			why = fmt.Sprintf("%s: only %s", w.cageName(k), combosText(ms))
		}
		if st, ok := w.restrictStep("cage-combination", why, cg.Cells, nc); ok {
			st.Cages, st.Cells, st.Digits = []int{k}, cg.Cells, digitSlice(allowed)
			return st, true
		}
	}
	return Step{}, false
}

// cagePointing: a digit every combination of a cage needs, whose places
// in the cage all see some cell outside it, leaves that cell.
func (w *work) cagePointing() (Step, bool) {
	for k, cg := range w.p.Cages {
		if w.cageDone(k) {
			continue
		}
		ms := w.validCombos(k)
		if len(ms) == 0 {
			continue
		}
		req := w.full
		for _, m := range ms {
			req &= m
		}
		for _, c := range cg.Cells {
			if w.val[c] != 0 {
				req &^= 1 << (w.val[c] - 1)
			}
		}
		for u := req; u != 0; u &= u - 1 {
			bit := u & -u
			pl := w.placesOf(cg.Cells, bit)
			if pl.Empty() {
				continue
			}
			seeAll := CellSet{^uint64(0), ^uint64(0)}
			for _, c := range pl.Cells() {
				seeAll = seeAll.Inter(w.sees[c])
			}
			var el []Elimination
			for _, c := range seeAll.Minus(Set(cg.Cells)).Cells() {
				if w.val[c] == 0 && w.cand[c]&bit != 0 {
					el = append(el, Elimination{c, bit})
				}
			}
			if len(el) > 0 {
				d := bits.TrailingZeros16(bit) + 1
				return Step{Technique: "cage-pointing", Eliminations: el,
					Text:  fmt.Sprintf("%s must hold %d (%s), in %s: cells seeing them all lose %d: %s", w.cageName(k), d, combosText(ms), w.cellList(pl.Cells()), d, w.elimText(el)),
					Cages: []int{k}, Cells: pl.Cells(), Digits: []int{d}}, true
			}
		}
	}
	return Step{}, false
}

// hiddenCageCombination: the cages wholly inside a house and its other
// cells share the house's digits: a combination of one cage that leaves
// no combinations of the others and no digits for the remaining cells
// that fit them goes (the simplest case: a digit whose places in the
// house all lie in one cage must be in that cage's combination).
func (w *work) hiddenCageCombination() (Step, bool) {
	g := w.g
	for h, hm := range g.HouseMask {
		var ks []int
		var inCages CellSet
		for k, cg := range w.p.Cages {
			cs := Set(cg.Cells)
			if cs.SubsetOf(hm) && !w.cageDone(k) {
				ks = append(ks, k)
				inCages = inCages.Union(cs)
			}
		}
		if len(ks) == 0 {
			continue
		}
		var rest []int // other cells of the house, empty
		var placed uint16
		for _, c := range g.Houses[h] {
			if inCages.Has(c) {
				continue
			}
			if w.val[c] != 0 {
				placed |= 1 << (w.val[c] - 1)
			} else {
				rest = append(rest, c)
			}
		}
		opts := make([][]uint16, len(ks))
		for i, k := range ks {
			opts[i] = w.validCombos(k)
		}
		usedCombos := make([][]uint16, len(ks)) // per cage, the combinations of some joint choice
		pick := make([]uint16, len(ks))
		restCand := make([]uint16, len(rest))
		for i, c := range rest {
			restCand[i] = w.cand[c]
		}
		var rec func(i int, taken uint16)
		rec = func(i int, taken uint16) {
			if i == len(ks) {
				left := w.full &^ taken &^ placed
				if fits(left, restCand) {
					for j, m := range pick {
						markCombo(usedCombos, j, m)
					}
				}
				return
			}
			for _, m := range opts[i] {
				if m&(taken|placed) != 0 {
					continue
				}
				pick[i] = m
				rec(i+1, taken|m)
			}
		}
		rec(0, 0)
		for i, k := range ks {
			keep := usedCombos[i]
			if len(keep) == len(opts[i]) || len(keep) == 0 {
				continue
			}
			cg := w.p.Cages[k]
			nc := make([]uint16, len(cg.Cells))
			for j, c := range cg.Cells {
				for _, m := range keep {
					nc[j] |= w.cand[c] & m
				}
			}
			why := fmt.Sprintf("%s lies in %s, whose other cages and cells leave it %s", w.cageName(k), g.HouseName(h), combosText(keep))
			if st, ok := w.restrictStep("hidden-cage-combination", why, cg.Cells, nc); ok {
				var dg uint16
				for _, m := range keep {
					dg |= m
				}
				st.Houses, st.Cages, st.Cells, st.Digits = []int{h}, []int{k}, cg.Cells, digitSlice(dg)
				return st, true
			}
		}
	}
	return Step{}, false
}

// markCombo adds combination m to the set u[j].
func markCombo(u [][]uint16, j int, m uint16) {
	for _, x := range u[j] {
		if x == m {
			return
		}
	}
	u[j] = append(u[j], m)
}

// killerSubset(n): in a house, n disjoint groups (cages wholly inside it,
// at least one, and single cells) each of which must hold a digit of the
// same n digits: those digits are used up and leave the house's other
// cells.
func (w *work) killerSubset(n int) func() (Step, bool) {
	tech := map[int]string{2: "killer-pair", 3: "killer-triple"}[n]
	return func() (Step, bool) {
		g := w.g
		for h, hm := range g.HouseMask {
			type item struct {
				cells   CellSet
				options []uint16 // the digit sets it can take (unplaced part)
				name    string
				cage    int // the cage's index, -1 for a cell
			}
			var items []item
			var have uint16
			for _, c := range g.Houses[h] {
				if w.val[c] != 0 {
					have |= 1 << (w.val[c] - 1)
				} else {
					var s CellSet
					s.Add(c)
					var opts []uint16
					for m := w.cand[c]; m != 0; m &= m - 1 {
						opts = append(opts, m&-m)
					}
					items = append(items, item{s, opts, g.CellName(c), -1})
				}
			}
			for k, cg := range w.p.Cages {
				cs := Set(cg.Cells)
				if !cs.SubsetOf(hm) || w.cageDone(k) {
					continue
				}
				var placed uint16
				var empty CellSet
				for _, c := range cg.Cells {
					if w.val[c] != 0 {
						placed |= 1 << (w.val[c] - 1)
					} else {
						empty.Add(c)
					}
				}
				var opts []uint16
				for _, m := range w.validCombos(k) {
					opts = append(opts, m&^placed)
				}
				items = append(items, item{empty, opts, w.cageName(k), k})
			}
			free := w.full &^ have
			// every n-digit set D of the house's missing digits
			for D := free; D != 0; D = (D - 1) & free {
				if bits.OnesCount16(D) != n {
					continue
				}
				var hit []int
				for i, it := range items {
					all := len(it.options) > 0
					for _, o := range it.options {
						if o&D == 0 {
							all = false
							break
						}
					}
					if all {
						hit = append(hit, i)
					}
				}
				if len(hit) < n {
					continue
				}
				// n disjoint items of hit, at least one a cage
				var pick []int
				var rec func(start int, used CellSet, cage bool) (Step, bool)
				rec = func(start int, used CellSet, cage bool) (Step, bool) {
					if len(pick) == n {
						if !cage {
							return Step{}, false
						}
						var el []Elimination
						for _, c := range g.Houses[h] {
							if !used.Has(c) && w.val[c] == 0 && w.cand[c]&D != 0 {
								el = append(el, Elimination{c, w.cand[c] & D})
							}
						}
						if len(el) == 0 {
							return Step{}, false
						}
						var names []string
						var cages []int
						for _, i := range pick {
							names = append(names, items[i].name)
							if items[i].cage >= 0 {
								cages = append(cages, items[i].cage)
							}
						}
						return Step{Technique: tech, Eliminations: el,
							Text:   fmt.Sprintf("%s in %s: %s each hold one of %s, so those digits are used up: %s", strings.ReplaceAll(tech, "-", " "), g.HouseName(h), strings.Join(names, " and "), digitList(D), w.elimText(el)),
							Houses: []int{h}, Cages: cages, Cells: used.Cells(), Digits: digitSlice(D)}, true
					}
					for j := start; j < len(hit); j++ {
						it := items[hit[j]]
						if !it.cells.Inter(used).Empty() {
							continue
						}
						pick = append(pick, hit[j])
						if st, ok := rec(j+1, used.Union(it.cells), cage || it.cage >= 0); ok {
							return st, true
						}
						pick = pick[:len(pick)-1]
					}
					return Step{}, false
				}
				if st, ok := rec(0, CellSet{}, false); ok {
					return st, true
				}
			}
		}
		return Step{}, false
	}
}
