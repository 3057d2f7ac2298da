package grade

import (
	"fmt"
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Singles: full house, hidden single, naked single. They work on every
// layout (houses and sees only).

var singleTechniques = []Technique{
	{ID: "full-house", Name: "Full House", HoDoKuName: "Full House", Family: "singles", PlayPage: true, SEFixed: true, Houses: true, SE: 1.0, HoDoKuScore: 4, HoDoKuLevel: LevelEasy,
		Find: findFullHouse, Explain: explainFullHouse},
	{ID: "hidden-single", Name: "Hidden Single", HoDoKuName: "Hidden Single", Family: "singles", PlayPage: true, SEFixed: true, Houses: true, SE: 1.2, SEByDetail: map[string]float64{"row": 1.5, "column": 1.5},
		SENote: "1.2 in a box, 1.5 in a row or column", HoDoKuScore: 14, HoDoKuLevel: LevelEasy,
		Find: findHiddenSingle, Explain: explainHiddenSingle},
	{ID: "naked-single", Name: "Naked Single", HoDoKuName: "Naked Single", Family: "singles", PlayPage: true, SEFixed: true, Houses: true, SE: 2.3, HoDoKuScore: 4, HoDoKuLevel: LevelEasy,
		Find: findNakedSingle, Explain: explainNakedSingle},
}

func init() { registerTechniques(singleTechniques...) }

// unitKindName names the kind of unit u: "row", "column" or "box" for
// the classic houses, "house" for a layout's others.
func unitKindName(geo *sudoku.Geometry, u int) string {
	if geo == nil || u >= 3*geo.N {
		return "house"
	}
	switch u / geo.N {
	case 0:
		return "row"
	case 1:
		return "column"
	}
	return "box"
}

// findFullHouse reports cells that are the last empty cell of a unit, in
// the scan's unit order; each cell once.
func findFullHouse(g *Grid, c *Ctx, emit func(*Step) bool) {
	sc := c.Scan
	if h := g.hodokuQueues(); h != nil && sc == ScanHoDoKu {
		queuedFullHouse(g, h, emit)
		return
	}
	l := g.lay()
	var seen [sudoku.MaxN * sudoku.MaxN]bool
	var empties []int
	if g.memo != nil {
		_, empties = g.unitTables()
	}
	for _, u := range g.houseOrder(sc) {
		if empties != nil && empties[u] != 1 {
			continue
		}
		empty, n := -1, 0
		var used uint32
		for _, c := range l.Houses[u] {
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
		miss := l.All &^ used
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

// findHiddenSingle reports digits with one place left in a unit, in the
// scan's unit order; each placement once, in its first unit. With ScanSE
// units with one empty cell are left to full house (SE's pass 2).
func findHiddenSingle(g *Grid, c *Ctx, emit func(*Step) bool) {
	sc := c.Scan
	if h := g.hodokuQueues(); h != nil && sc == ScanHoDoKu {
		queuedHiddenSingle(g, h, emit)
		return
	}
	l := g.lay()
	allPos, empties := g.unitTables()
	var seen [sudoku.MaxN * sudoku.MaxN]uint32
	for _, u := range g.houseOrder(sc) {
		if empties[u] == 0 || (sc == ScanSE && empties[u] == 1) {
			continue
		}
		pos := &allPos[u]
		for d := 0; d < l.N; d++ {
			if pos[d] == 0 || pos[d]&(pos[d]-1) != 0 {
				continue
			}
			bit := uint32(1) << d
			c := l.Houses[u][trailing(pos[d])]
			if seen[c]&bit != 0 {
				continue
			}
			seen[c] |= bit
			s := g.newStep()
			s.Tech = "hidden-single"
			s.Detail = unitKindName(g.Geo, u)
			s.Placements = append(s.Placements, Candidate{c, uint8(d + 1)})
			s.Units = append(s.Units, u)
			s.Cells = append(s.Cells, c)
			s.Digits = append(s.Digits, uint8(d+1))
			if !emit(s) {
				return
			}
		}
	}
}

// findNakedSingle reports cells with one candidate left, row-major.
func findNakedSingle(g *Grid, c *Ctx, emit func(*Step) bool) {
	sc := c.Scan
	if h := g.hodokuQueues(); h != nil && sc == ScanHoDoKu {
		queuedNakedSingle(g, h, emit)
		return
	}
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

func explainFullHouse(s *Step, g *Grid) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: the last empty cell of %s", g.Geo.CellName(p.Cell), sym(p.Digit), unitName(s, g.Geo, 0))
}

func explainHiddenSingle(s *Step, g *Grid) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: the only place for %s in %s", g.Geo.CellName(p.Cell), sym(p.Digit), sym(p.Digit), unitName(s, g.Geo, 0))
}

func explainNakedSingle(s *Step, g *Grid) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: the only candidate left in the cell", g.Geo.CellName(p.Cell), sym(p.Digit))
}
