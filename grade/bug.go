package grade

import (
	"fmt"
	"math/bits"
)

// BUG, the bivalue universal grave: if every empty cell had two
// candidates and every digit two places per unit, the puzzle would have
// two solutions. Sudoku Explainer's types 1-4 (producer 19, SE-RULES.md
// section 3.2) and HoDoKu's BUG+1.

var bugTechniques = []Technique{
	{ID: "bug-1", Name: "BUG Type 1", Family: "uniqueness", Frame: true, SE: 5.6, SENote: "HoDoKu calls it BUG+1 (bug-plus-1)", Uniqueness: true,
		Find: findBUG, Explain: explainBUG},
	{ID: "bug-2", Name: "BUG Type 2", Family: "uniqueness", SE: 5.7, Uniqueness: true, MadeBy: "bug-1", Explain: explainBUG},
	{ID: "bug-3", Name: "BUG Type 3", Family: "uniqueness", SE: 5.7, SENote: "+0.1 per subset cell beyond one (5.8 and up)", Uniqueness: true, MadeBy: "bug-1", Explain: explainBUG},
	{ID: "bug-4", Name: "BUG Type 4", Family: "uniqueness", SE: 5.7, Uniqueness: true, MadeBy: "bug-1", Explain: explainBUG},
	{ID: "bug-plus-1", Name: "Bivalue Universal Grave + 1", HoDoKuName: "Bivalue Universal Grave + 1", Family: "uniqueness", SE: 5.6, SENote: "BUG type 1", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findBUGPlusOne(g, emit) }, Explain: explainBUGPlusOne},
}

func init() { registerTechniques(bugTechniques...) }

// findBUG is SE's producer 19: bivalue universal grave types 1-4
// (bug_search.go): Sudoku Explainer 1.2.1's on the classic layout,
// SukakuExplainer's on a variant; on a layout with untyped extra houses
// there is none.
func findBUG(g *Grid, _ *Ctx, emit func(*Step) bool) {
	groups, lk := bugGroups(g)
	if groups == nil {
		return
	}
	findBUGIn(g, groups, lk, emit)
}

// findBUGPlusOne finds HoDoKu's BUG+1: every empty cell but one has two
// candidates and every digit appears twice per unit but in that cell; the
// digit that appears three times there is its value.
func findBUGPlusOne(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	tri := -1
	for c, m := range g.Cand {
		switch n := bits.OnesCount32(m); {
		case n == 0 || n == 2:
		case n == 3 && tri < 0:
			tri = c
		default:
			return
		}
	}
	if tri < 0 {
		return
	}
	var val uint32
	for u, cells := range geo.Units {
		var once, twice, thrice uint32
		for _, c := range cells {
			m := g.Cand[c]
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		odd := once &^ twice
		if odd != 0 {
			return
		}
		inTri := false
		for _, c := range geo.CellUnits[tri] {
			inTri = inTri || c == u
		}
		// count exactly 3 for a digit is allowed only in the tri cell's units
		var three uint32
		for m := thrice; m != 0; m &= m - 1 {
			bit := m & -m
			n := 0
			for _, c := range cells {
				if g.Cand[c]&bit != 0 {
					n++
				}
			}
			if n > 3 {
				return
			}
			if n == 3 {
				three |= bit
			}
		}
		if three != 0 {
			if !inTri || bits.OnesCount32(three) != 1 || (val != 0 && val != three) {
				return
			}
			val = three
		}
	}
	if val == 0 || g.Cand[tri]&val == 0 {
		return
	}
	// HoDoKu states BUG+1 as eliminations: the cell's other candidates go.
	var el []Candidate
	for m := g.Cand[tri] &^ val; m != 0; m &= m - 1 {
		el = append(el, Candidate{tri, digitOf(m)})
	}
	emit(&Step{Tech: "bug-plus-1", Eliminations: el, Cells: []int{tri}, Digits: []uint8{digitOf(val)}})
}

func explainBUG(s *Step, g *Grid) string {
	return fmt.Sprintf("(%s) if every empty cell were down to two candidates the puzzle would have two solutions; so one of the extra candidates of %s is true: %s",
		s.Detail, cellList(g.Geo, s.Cells), resultText(s, g.Geo))
}

func explainBUGPlusOne(s *Step, g *Grid) string {
	return fmt.Sprintf("every other empty cell has two candidates and each digit two places per unit; %s must be %s, or the puzzle would have two solutions: %s",
		g.Geo.CellName(s.Cells[0]), sym(s.Digits[0]), resultText(s, g.Geo))
}
