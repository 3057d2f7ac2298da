package grade

import (
	"fmt"
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
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

// findBUG is SE's producer 19: bivalue universal grave types 1-4. On a
// variant it is SukakuExplainer's (bug_variant.go); on a layout with
// untyped extra houses there is none.
func findBUG(g *Grid, _ *Ctx, emit func(*Step) bool) {
	if groups := bugGroups(g); groups != nil {
		findBUGVariant(g, groups, emit)
		return
	}
	if !g.lay().Plain() {
		return
	}
	t := tablesOf(g.Geo)
	geo := g.Geo
	n := t.n
	// Quick reject: a BUG needs almost every cell bivalue.
	scratch := append([]uint32(nil), g.Cand...)
	var bugCells []int
	var bugDigits []uint32 // per bug cell
	var allDigits uint32
	var common cellSet
	var pos [sudoku.MaxN]uint32
	for _, u := range t.orderA {
		unitPos(g, u, &pos)
		for d := 0; d < n; d++ {
			cnt := popc(pos[d])
			if cnt == 0 || cnt == 2 {
				continue
			}
			var big []int
			for m := pos[d]; m != 0; m &= m - 1 {
				c := geo.Units[u][trailing(m)]
				if popc(g.Cand[c]) >= 3 {
					big = append(big, c)
				}
			}
			if len(big) == 0 {
				return
			}
			if len(big) > 1 {
				continue
			}
			c := big[0]
			scratch[c] &^= 1 << d
			idx := -1
			for i, b := range bugCells {
				if b == c {
					idx = i
				}
			}
			if idx < 0 {
				bugCells = append(bugCells, c)
				bugDigits = append(bugDigits, 0)
				idx = len(bugCells) - 1
				if common == nil {
					common = newCellSet(geo.Cells)
					copy(common, t.peerMask[c])
				} else {
					for i := range common {
						common[i] &= t.peerMask[c][i]
					}
				}
				for _, b := range bugCells {
					common[b>>6] &^= 1 << (b & 63)
				}
			}
			bugDigits[idx] |= 1 << d
			allDigits |= 1 << d
			if len(bugCells) >= 2 && popc(allDigits) >= 2 && common.empty() {
				return
			}
		}
	}
	if len(bugCells) == 0 {
		return
	}
	for c, m := range scratch {
		if g.Values[c] == 0 && popc(m) != 2 {
			return
		}
	}
	for _, u := range t.orderA {
		var cnt [sudoku.MaxN]int
		for _, c := range geo.Units[u] {
			for m := scratch[c]; m != 0; m &= m - 1 {
				cnt[trailing(m)]++
			}
		}
		for d := 0; d < n; d++ {
			if cnt[d] != 0 && cnt[d] != 2 {
				return
			}
		}
	}
	if g.lay().consecutiveBUG(g, scratch) {
		return
	}
	mk := func(typ int, diff float64, el []Candidate) *Step {
		return &Step{Tech: [...]string{1: "bug-1", 2: "bug-2", 3: "bug-3", 4: "bug-4"}[typ], Detail: [...]string{1: "type 1", 2: "type 2", 3: "type 3", 4: "type 4"}[typ], Difficulty: diff, Eliminations: el, Cells: bugCells, Digits: maskDigits(allDigits)}
	}
	if len(bugCells) == 1 {
		c := bugCells[0]
		var el []Candidate
		for m := g.Cand[c] &^ bugDigits[0]; m != 0; m &= m - 1 {
			el = append(el, Candidate{c, uint8(trailing(m) + 1)})
		}
		if len(el) > 0 {
			emit(mk(1, 0, el))
		}
		return
	}
	if popc(allDigits) == 1 {
		var el []Candidate
		for c := range g.Cand {
			if common.has(c) && g.Cand[c]&allDigits != 0 {
				el = append(el, Candidate{c, uint8(trailing(allDigits) + 1)})
			}
		}
		if len(el) > 0 && !emit(mk(2, 0, el)) {
			return
		}
		if len(bugCells) == 2 {
			bugType4(g, t, bugCells, bugDigits, allDigits, mk, emit)
		}
		return
	}
	if common.empty() {
		return
	}
	if len(bugCells) == 2 && !bugType4(g, t, bugCells, bugDigits, allDigits, mk, emit) {
		return
	}
	bugType3(g, t, bugCells, allDigits, common, mk, emit)
}

func (s cellSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

func bugType4(g *Grid, t *seTables, cells []int, digits []uint32, all uint32, mk func(int, float64, []Candidate) *Step, emit func(*Step) bool) bool {
	c1, c2 := cells[0], cells[1]
	d := g.Cand[c1] & g.Cand[c2] &^ all
	if popc(d) != 1 {
		return true
	}
	for range sharedUnits(t, c1, c2) {
		var el []Candidate
		for i, c := range cells {
			for m := g.Cand[c] &^ (digits[i] | d); m != 0; m &= m - 1 {
				el = append(el, Candidate{c, uint8(trailing(m) + 1)})
			}
		}
		if len(el) == 0 {
			continue // never applied: nothing to remove
		}
		if !emit(mk(4, 0, el)) {
			return false
		}
	}
	return true
}

func bugType3(g *Grid, t *seTables, cells []int, all uint32, common cellSet, mk func(int, float64, []Candidate) *Step, emit func(*Step) bool) {
	geo := g.Geo
	n := t.n
	for rt := 0; rt < 3; rt++ {
		var u int
		shared := true
		for _, c := range cells {
			var cu int
			switch rt {
			case 0:
				cu = 2*n + geo.Box[c]
			case 1:
				cu = geo.Row[c]
			default:
				cu = n + geo.Col[c]
			}
			if c == cells[0] {
				u = cu
			} else if cu != u {
				shared = false
			}
		}
		if !shared {
			continue
		}
		var rc []int
		for _, c := range geo.Units[u] {
			if common.has(c) {
				rc = append(rc, c)
			}
		}
		for k := 2; k <= 6; k++ {
			if k-1 > len(rc) {
				break
			}
			comb := make([]int, k-1)
			for i := range comb {
				comb[i] = i
			}
			for {
				var union uint32
				ok := true
				for _, i := range comb {
					m := g.Cand[rc[i]]
					if popc(m) < 2 {
						ok = false
					}
					union |= m
				}
				if ok && popc(union) == k && popc(union|all) == k {
					union |= all
					var el []Candidate
					for _, c := range geo.Units[u] {
						skip := false
						for _, b := range cells {
							if b == c {
								skip = true
							}
						}
						for _, i := range comb {
							if rc[i] == c {
								skip = true
							}
						}
						if skip {
							continue
						}
						for m := g.Cand[c] & union; m != 0; m &= m - 1 {
							el = append(el, Candidate{c, uint8(trailing(m) + 1)})
						}
					}
					if len(el) > 0 {
						d := mustTech("bug-3").SE
						for j := 0; j < k-1; j++ {
							d += 0.1
						}
						if !emit(mk(3, d, el)) {
							return
						}
					}
				}
				if !nextColex(comb, len(rc)) {
					break
				}
			}
		}
	}
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
