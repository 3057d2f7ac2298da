package grade

import (
	"fmt"
	"math/bits"
)

// Aligned exclusion (Sudoku Explainer's producers 20 and 22, SE-RULES.md
// section 2): the values two or three cells could take together are
// tested against the bivalue (and trivalue) cells all of them see.

var exclusionTechniques = []Technique{
	{ID: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Family: "exclusion", Houses: true, SE: 6.2,
		Find: findAPE, Explain: explainAPE},
	{ID: "aligned-triple-exclusion", Name: "Aligned Triple Exclusion", Family: "exclusion", Houses: true, SE: 7.5,
		Find: findATE, Explain: explainATE},
}

func init() { registerTechniques(exclusionTechniques...) }

// findAPE is producer 20: aligned pair exclusion. Base cells (row-major) have >= 2 candidates, no peer that is a naked
// single and at least one bivalue peer (an excluder); every pair of base
// cells (colex; they need not see each other) with >= 2 common excluders
// is tried.
func findAPE(g *Grid, _ *Ctx, emit func(*Step) bool) {
	t := tablesFor(g)
	var base []int
	for c, m := range g.Cand {
		if popc(m) < 2 {
			continue
		}
		single, excl := false, false
		for _, p := range t.house[c] {
			switch popc(g.Cand[p]) {
			case 1:
				single = true
			case 2:
				excl = true
			}
		}
		if !single && excl {
			base = append(base, c)
		}
	}
	if len(base) < 2 {
		return
	}
	var common []int
	for j := 1; j < len(base); j++ {
		for i := 0; i < j; i++ {
			a, b := base[i], base[j]
			common = common[:0]
			for _, p := range t.house[a] {
				if popc(g.Cand[p]) == 2 && t.sees(p, b) {
					common = append(common, p)
				}
			}
			if len(common) < 2 {
				continue
			}
			see := t.sees(a, b)
			ma, mb := g.Cand[a], g.Cand[b]
			var okA, okB uint32
			for x := ma; x != 0; x &= x - 1 {
				da := x & -x
				for y := mb; y != 0; y &= y - 1 {
					db := y & -y
					if see && da == db {
						continue
					}
					chosen := da | db
					bad := false
					for _, e := range common {
						if g.Cand[e]&^chosen == 0 {
							bad = true
							break
						}
					}
					if !bad {
						okA |= da
						okB |= db
					}
				}
			}
			if okA == ma && okB == mb {
				continue
			}
			var el []Candidate
			for x := ma &^ okA; x != 0; x &= x - 1 {
				el = append(el, Candidate{a, uint8(trailing(x) + 1)})
			}
			for x := mb &^ okB; x != 0; x &= x - 1 {
				el = append(el, Candidate{b, uint8(trailing(x) + 1)})
			}
			if !emit(&Step{Tech: "aligned-pair-exclusion", Eliminations: el, Cells: append([]int{a, b}, common...)}) {
				return
			}
		}
	}
}

func explainAPE(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s and %s both see %s: every pair of values for the two cells that uses a removed digit would leave one of those cells without a candidate (or repeat a digit), so: %s",
		geo.CellName(s.Cells[0]), geo.CellName(s.Cells[1]), cellList(geo, s.Cells[2:]), resultText(s, geo))
}

// findATE is producer 22: aligned triple exclusion. Base cells (row-major)
// have >= 2 candidates, no peer that is a naked single and at least one
// excluder (a peer with 2 or 3 candidates). Every pair of base cells
// (colex) is completed by each base cell among the two cells' excluders
// (the first cell's in house order, then the second's); with >= 2 excluders
// common to the three, every choice of one candidate per cell is tested:
// two cells that see each other cannot share a digit, and no common
// excluder may lose all its candidates. A candidate no allowed choice uses
// is eliminated.
func findATE(g *Grid, _ *Ctx, emit func(*Step) bool) {
	t := tablesFor(g)
	nc := len(g.Cand)
	var base []int
	var excl [][]int
	exclSet := make([]cellSet, nc) // excluders of each base cell
	isBase := newCellSet(nc)
	for c, m := range g.Cand {
		if popc(m) < 2 {
			continue
		}
		single := false
		var ex []int
		for _, p := range t.house[c] {
			switch k := popc(g.Cand[p]); {
			case k == 1:
				single = true
			case k == 2 || k == 3:
				ex = append(ex, p)
			}
		}
		if !single && len(ex) > 0 {
			base = append(base, c)
			excl = append(excl, ex)
			exclSet[c] = newCellSet(nc)
			for _, x := range ex {
				exclSet[c].add(x)
			}
			isBase.add(c)
		}
	}
	if len(base) < 3 {
		return
	}
	var twin, common []int
	inTwin := newCellSet(nc)
	for j := 1; j < len(base); j++ {
		for i := 0; i < j; i++ {
			c0, c1 := base[i], base[j]
			s0, s1 := exclSet[c0], exclSet[c1]
			// at least two excluders common to c0 and c1 are needed
			n01 := 0
			for w := range s0 {
				n01 += bits.OnesCount64(s0[w] & s1[w])
			}
			if n01 < 2 {
				continue
			}
			twin = twin[:0]
			clear(inTwin)
			for _, list := range [2][]int{excl[i], excl[j]} {
				for _, x := range list {
					if isBase.has(x) && x != c0 && x != c1 && !inTwin.has(x) {
						inTwin.add(x)
						twin = append(twin, x)
					}
				}
			}
			for _, c2 := range twin {
				s2 := exclSet[c2]
				common = common[:0]
				for _, x := range excl[i] {
					if s1.has(x) && s2.has(x) {
						common = append(common, x)
					}
				}
				if len(common) < 2 {
					continue
				}
				cells := [3]int{c0, c1, c2}
				var ok [3]uint32
				for m0 := g.Cand[c0]; m0 != 0; m0 &= m0 - 1 {
					v0 := m0 & -m0
					for m1 := g.Cand[c1]; m1 != 0; m1 &= m1 - 1 {
						v1 := m1 & -m1
						if v0 == v1 && t.sees(c0, c1) {
							continue
						}
						for m2 := g.Cand[c2]; m2 != 0; m2 &= m2 - 1 {
							v2 := m2 & -m2
							if (v2 == v0 && t.sees(c0, c2)) || (v2 == v1 && t.sees(c1, c2)) {
								continue
							}
							chosen := v0 | v1 | v2
							bad := false
							for _, e := range common {
								if g.Cand[e]&^chosen == 0 {
									bad = true
									break
								}
							}
							if !bad {
								ok[0] |= v0
								ok[1] |= v1
								ok[2] |= v2
							}
						}
					}
				}
				var el []Candidate
				for k, c := range cells {
					for x := g.Cand[c] &^ ok[k]; x != 0; x &= x - 1 {
						el = append(el, Candidate{c, uint8(trailing(x) + 1)})
					}
				}
				if len(el) == 0 {
					continue
				}
				if !emit(&Step{Tech: "aligned-triple-exclusion", Eliminations: el, Cells: append(cells[:], common...)}) {
					return
				}
			}
		}
	}
}

func explainATE(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s, %s and %s all see %s: every choice of values for the three cells that uses a removed digit would repeat a digit where they see each other or leave one of those cells without a candidate, so: %s",
		geo.CellName(s.Cells[0]), geo.CellName(s.Cells[1]), geo.CellName(s.Cells[2]), cellList(geo, s.Cells[3:]), resultText(s, geo))
}
