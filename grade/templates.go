package grade

import "fmt"

// Templates (HoDoKu's TemplateSolver). A template of a digit is one way to
// place it in every row, column and box once: in a 9x9 grid there are
// 46,656. Of those, the ones that cover every cell where the digit is
// placed and use no cell where it is not a candidate are still possible.
// HoDoKu refines them further, digit against digit: a template of digit d
// is dropped when it uses a cell every remaining template of another digit
// uses (that cell belongs to the other digit), until nothing changes.
//
//   - Template set: a cell every remaining template of d uses gets d.
//   - Template delete: a candidate d no remaining template uses goes.
//
// One step per digit, digits ascending. HoDoKu leaves both off by default
// (score 10000, Extreme); they are not in the hodoku profile's order.
// Enumerating templates grows quickly with the grid (16x16 has about
// 10^17), so a digit with more than templateCap templates still possible
// is left unsolved and the technique reports nothing for that grid.

var templateTechniques = []Technique{
	{ID: "template-set", Name: "Template Set", Family: "templates", SENote: "SE has no templates",
		HoDoKuScore: 10000, HoDoKuLevel: LevelExtreme,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findTemplates(g, true, emit) }, Explain: explainTemplate},
	{ID: "template-delete", Name: "Template Delete", Family: "templates", SENote: "SE has no templates",
		HoDoKuScore: 10000, HoDoKuLevel: LevelExtreme,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findTemplates(g, false, emit) }, Explain: explainTemplate},
}

func init() { registerTechniques(templateTechniques...) }

// templateCap bounds the templates enumerated per digit.
const templateCap = 200000

// digitTemplates enumerates the templates of digit d (0-based) still
// possible in g: rows in order, in each row a cell where d is placed or a
// candidate, no column or box used twice. ok is false past templateCap.
func digitTemplates(g *Grid, d int) (ts []cellSet, ok bool) {
	geo := g.Geo
	n := geo.N
	words := (geo.Cells + 63) / 64
	bit := uint32(1) << d
	// per row: the cells d may take (the placed one alone if any)
	opts := make([][]int, n)
	for r := 0; r < n; r++ {
		for _, c := range geo.Units[r] {
			if g.Values[c] == uint8(d+1) {
				opts[r] = []int{c}
				break
			}
			if g.Values[c] == 0 && g.Cand[c]&bit != 0 {
				opts[r] = append(opts[r], c)
			}
		}
		if len(opts[r]) == 0 {
			return nil, true
		}
	}
	cur := make([]int, n)
	var colUsed, boxUsed uint32
	var rec func(r int) bool
	rec = func(r int) bool {
		if r == n {
			if len(ts) >= templateCap {
				return false
			}
			t := make(cellSet, words)
			for _, c := range cur {
				t.add(c)
			}
			ts = append(ts, t)
			return true
		}
		for _, c := range opts[r] {
			cb, bb := uint32(1)<<geo.Col[c], uint32(1)<<geo.Box[c]
			if colUsed&cb != 0 || boxUsed&bb != 0 {
				continue
			}
			colUsed |= cb
			boxUsed |= bb
			cur[r] = c
			more := rec(r + 1)
			colUsed &^= cb
			boxUsed &^= bb
			if !more {
				return false
			}
		}
		return true
	}
	if !rec(0) {
		return nil, false
	}
	return ts, true
}

// refinedTemplates returns, per digit, the cells all remaining templates
// use (set) and the cells any uses (any), after HoDoKu's refinement.
// ok is false when a digit has no template left (the grid is
// contradictory) or too many to enumerate.
func refinedTemplates(g *Grid) (set, any []cellSet, ok bool) {
	n := g.Geo.N
	words := (g.Geo.Cells + 63) / 64
	ts := make([][]cellSet, n)
	set, any = make([]cellSet, n), make([]cellSet, n)
	fold := func(d int) {
		s, a := set[d], any[d]
		for w := range s {
			s[w], a[w] = ^uint64(0), 0
		}
		for _, t := range ts[d] {
			for w := range s {
				s[w] &= t[w]
				a[w] |= t[w]
			}
		}
	}
	for d := 0; d < n; d++ {
		var good bool
		if ts[d], good = digitTemplates(g, d); !good || len(ts[d]) == 0 {
			return nil, nil, false
		}
		set[d], any[d] = make(cellSet, words), make(cellSet, words)
		fold(d)
	}
	for {
		removed := 0
		for d := 0; d < n; d++ {
			kept := ts[d][:0]
			for _, t := range ts[d] {
				clash := false
				for k := 0; k < n && !clash; k++ {
					if k == d {
						continue
					}
					for w := range t {
						if t[w]&set[k][w] != 0 {
							clash = true
							break
						}
					}
				}
				if clash {
					removed++
				} else {
					kept = append(kept, t)
				}
			}
			ts[d] = kept
			if len(kept) == 0 {
				return nil, nil, false
			}
			fold(d)
		}
		if removed == 0 {
			return set, any, true
		}
	}
}

// findTemplates reports template set (placing) or template delete steps,
// one per digit in ascending order.
func findTemplates(g *Grid, placing bool, emit func(*Step) bool) {
	set, any, ok := refinedTemplates(g)
	if !ok {
		return
	}
	for d := 0; d < g.Geo.N; d++ {
		dig := uint8(d + 1)
		bit := uint32(1) << d
		st := g.newStep()
		for c := range g.Values {
			if g.Values[c] != 0 || g.Cand[c]&bit == 0 {
				continue
			}
			switch {
			case placing && set[d].has(c):
				st.Placements = append(st.Placements, Candidate{c, dig})
				st.Cells = append(st.Cells, c)
			case !placing && !any[d].has(c):
				st.Eliminations = append(st.Eliminations, Candidate{c, dig})
				st.Cells = append(st.Cells, c)
			}
		}
		if len(st.Placements) == 0 && len(st.Eliminations) == 0 {
			continue
		}
		st.Tech = "template-delete"
		if placing {
			st.Tech = "template-set"
		}
		st.Digits = append(st.Digits, dig)
		if !emit(st) {
			return
		}
	}
}

func explainTemplate(s *Step, g *Grid) string {
	if len(s.Digits) != 1 {
		return explainGeneric(s, g)
	}
	if s.Tech == "template-set" {
		return fmt.Sprintf("every way left to place %d once in each row, column and box (a template; templates that would take a cell every template of another digit needs are left out) uses %s: %s",
			s.Digits[0], cellList(g.Geo, s.Cells), resultText(s, g.Geo))
	}
	return fmt.Sprintf("no way left to place %d once in each row, column and box (a template; templates that would take a cell every template of another digit needs are left out) uses %s: %s",
		s.Digits[0], cellList(g.Geo, s.Cells), resultText(s, g.Geo))
}
