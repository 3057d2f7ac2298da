package grade

import "fmt"

// Aligned exclusion (Sudoku Explainer's producers 20 and 22, SE-RULES.md
// section 2): the values two or three cells could take together are
// tested against the bivalue (and trivalue) cells all of them see.

var exclusionTechniques = []Technique{
	{ID: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Family: "exclusion", SE: 6.2,
		Find: findAPE, Explain: explainAPE},
}

func init() { registerTechniques(exclusionTechniques...) }

// findAPE is producer 20: aligned pair exclusion. Base cells (row-major) have >= 2 candidates, no peer that is a naked
// single and at least one bivalue peer (an excluder); every pair of base
// cells (colex; they need not see each other) with >= 2 common excluders
// is tried.
func findAPE(g *Grid, _ Scan, emit func(*Step) bool) {
	t := tablesOf(g.Geo)
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
