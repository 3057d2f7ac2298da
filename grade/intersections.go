package grade

import (
	"fmt"
	"strings"
)

// Intersections: locked candidates (pointing, claiming), SE's direct
// pointing and claiming, and locked pairs and triples. They work on every
// box shape.

var intersectionTechniques = []Technique{
	{ID: "pointing", Name: "Locked Candidates (Pointing)", HoDoKuName: "Locked Candidates Type 1 (Pointing)", Family: "intersections", Houses: true, PlayPage: true, SEFixed: true, SE: 2.6, HoDoKuScore: 50, HoDoKuLevel: LevelMedium,
		Find: func(g *Grid, c *Ctx, emit func(*Step) bool) { findLocked(g, c.Scan, true, emit) }, Explain: explainLocked},
	{ID: "claiming", Name: "Locked Candidates (Claiming)", HoDoKuName: "Locked Candidates Type 2 (Claiming)", Family: "intersections", Houses: true, PlayPage: true, SEFixed: true, SE: 2.8, HoDoKuScore: 50, HoDoKuLevel: LevelMedium,
		Find: func(g *Grid, c *Ctx, emit func(*Step) bool) { findLocked(g, c.Scan, false, emit) }, Explain: explainLocked},
	{ID: "direct-pointing", Name: "Direct Pointing", Family: "intersections", PlayPage: true, SEFixed: true, Frame: true, SE: 1.7, SENote: "a pointing that at once leaves a hidden single; only the single is placed",
		Find: findDirectLocked, Explain: explainDirectLocked},
	{ID: "direct-claiming", Name: "Direct Claiming", Family: "intersections", PlayPage: true, SEFixed: true, Frame: true, SE: 1.9, SENote: "a claiming that at once leaves a hidden single; only the single is placed",
		MadeBy: "direct-pointing", Explain: explainDirectLocked},
	{ID: "locked-pair", Name: "Locked Pair", HoDoKuName: "Locked Pair", Family: "intersections", SEFixed: true, SE: 3.0, SENote: "a naked pair to SE", HoDoKuScore: 40, HoDoKuLevel: LevelMedium,
		Find: lockedSubsetFinder(2), Explain: explainLockedSubset},
	{ID: "locked-triple", Name: "Locked Triple", HoDoKuName: "Locked Triple", Family: "intersections", SEFixed: true, SE: 3.6, SENote: "a naked triple to SE", HoDoKuScore: 60, HoDoKuLevel: LevelMedium,
		Find: lockedSubsetFinder(3), Explain: explainLockedSubset},
}

func init() { registerTechniques(intersectionTechniques...) }

// intersectionPairs lists SE's (region 1, region 2) unit-type pairs of the
// pointing and claiming scans: (block, column), (block, row), (column,
// block), (row, block). Types: 0 row, 1 column, 2 block.
var intersectionPairs = [4][2]int{{2, 1}, {2, 0}, {1, 2}, {0, 2}}

// forIntersections walks SE's pointing/claiming scan over the given pairs:
// for each crossing (r1, r2) in order and digit with >= 2 positions in r1,
// all inside r2, it calls f(r1, r2, d); f returns false to stop.
func forIntersections(g *Grid, pairs [][2]int, f func(r1, r2, d int) bool) bool {
	t := tablesOf(g.Geo)
	n := t.n
	allPos, _ := g.unitTables()
	for _, pair := range pairs {
		for i1 := 0; i1 < n; i1++ {
			r1 := pair[0]*n + i1
			pos := &allPos[r1]
			// the digits with two or more positions in r1
			var multi uint32
			for d := 0; d < n; d++ {
				if popc(pos[d]) >= 2 {
					multi |= 1 << d
				}
			}
			if multi == 0 {
				continue
			}
			for i2 := 0; i2 < n; i2++ {
				r2 := pair[1]*n + i2
				inside := t.inside[r1][r2]
				if inside == 0 {
					continue
				}
				for m := multi; m != 0; m &= m - 1 {
					d := trailing(m)
					if pos[d]&^inside != 0 {
						continue
					}
					if !f(r1, r2, d) {
						return false
					}
				}
			}
		}
	}
	return true
}

// forLocked calls f(r1, r2, d) for every digit d whose positions (>= 2) in
// unit r1 all lie in the crossing unit r2: r1 a box (pointing) or a line
// (claiming), in the scan's order (scanOrder.lockedByPair): SE's pair
// order (all columns before rows), or by box (or line: rows, then
// columns), then digit, then the crossing unit (a row before a column).
// It reports whether f let it finish.
func forLocked(g *Grid, sc Scan, pointing bool, f func(r1, r2, d int) bool) bool {
	if sc.order().lockedByPair {
		pairs := intersectionPairs[2:]
		if pointing {
			pairs = intersectionPairs[:2]
		}
		return forIntersections(g, pairs[:], f)
	}
	geo := g.Geo
	n := geo.N
	allPos, _ := g.unitTables()
	first, last := 2*n, 3*n // boxes
	if !pointing {
		first, last = 0, 2*n // rows, then columns
	}
	for r1 := first; r1 < last; r1++ {
		for d := 0; d < n; d++ {
			p := allPos[r1][d]
			if popc(p) < 2 {
				continue
			}
			cells := geo.Units[r1]
			c0 := cells[trailing(p)]
			r2 := -1
			for _, u := range geo.CellUnits[c0] {
				if u == r1 || (pointing && u >= 2*n) || (!pointing && u < 2*n) {
					continue
				}
				all := true
				for m := p; m != 0; m &= m - 1 {
					c := cells[trailing(m)]
					if geo.CellUnits[c][u/n] != u {
						all = false
						break
					}
				}
				if all {
					r2 = u
					break
				}
			}
			if r2 >= 0 && !f(r1, r2, d) {
				return false
			}
		}
	}
	return true
}

// findLocked reports pointing (r1 a box) or claiming (r1 a line) steps
// that eliminate something: the digit leaves r2 outside r1. The cells of
// r2 are listed in r2's order (HoDoKu's order of eliminations, which
// decides which single it finds next). On a layout with other houses the
// pairs with one of them follow (lockedExtra); on one whose extra houses
// have SukakuExplainer types, SukakuExplainer's pairs and order instead
// (typedLocked; pointing takes its two pointing pairs, claiming the rest).
func findLocked(g *Grid, sc Scan, pointing bool, emit func(*Step) bool) {
	if g.lay().Geo == nil {
		lockedExtra(g, pointing, emit)
		return
	}
	if lr := g.L.sukakuOrder(); lr != nil {
		// SukakuExplainer's pairs and order: its two pointing pairs, then
		// its claiming pairs and the extra houses' pairs (typedLocked)
		if pointing {
			typedLocked(g, lr, 0, 2, emit)
		} else {
			typedLocked(g, lr, 2, len(lr.lockPairs), emit)
		}
		return
	}
	t := tablesOf(g.Geo)
	geo := g.Geo
	done := forLocked(g, sc, pointing, func(r1, r2, d int) bool {
		bit := uint32(1) << d
		found := false
		for _, c := range geo.Units[r2] {
			if g.Cand[c]&bit != 0 && t.inUnit[r1][c] < 0 {
				found = true
				break
			}
		}
		if !found {
			return true
		}
		s := g.newStep()
		for _, c := range geo.Units[r2] {
			if g.Cand[c]&bit == 0 {
				continue
			}
			if t.inUnit[r1][c] < 0 {
				s.Eliminations = append(s.Eliminations, Candidate{c, uint8(d + 1)})
			} else {
				s.Cells = append(s.Cells, c)
				s.Support = append(s.Support, Candidate{c, uint8(d + 1)})
			}
		}
		s.Tech = "pointing"
		if !pointing {
			s.Tech = "claiming"
		}
		s.Units = append(s.Units, r1, r2)
		s.Digits = append(s.Digits, uint8(d+1))
		return emit(s)
	})
	if done && !g.L.Plain() {
		lockedExtra(g, pointing, emit)
	}
}

// lockedExtra is locked candidates over the layout's other houses: a digit
// whose places (>= 2) in house h1 all lie in another house h2 leaves the
// rest of h2. Pointing takes h1 among the boxes and extra houses, claiming
// among the rows and columns; the pairs of two classic houses are the
// classic scan's, so at least one house is extra. Without a classic frame
// every pair is taken, pointing with h1 among the houses that are not
// lines (a jigsaw's regions, a Samurai's boxes), claiming with h1 a row or
// column. Reports whether emit let it finish.
func lockedExtra(g *Grid, pointing bool, emit func(*Step) bool) bool {
	l := g.lay()
	allPos, _ := g.unitTables()
	classic := 0
	var isLine func(h int) bool
	if l.Geo != nil {
		classic = 3 * l.Geo.N
		isLine = func(h int) bool { return h < 2*l.N }
	} else {
		// Without a classic frame the lines are the houses that run
		// along one board row or column (Layout.houseKinds, as the fish
		// search reads them); a jigsaw's regions and a Samurai's boxes
		// are the boxes. (Every house was taken for a box here, so
		// claiming was reported as pointing, rated 2.6 instead of 2.8.)
		kind := l.houseKinds()
		isLine = func(h int) bool { return kind[h]&(fishRow|fishCol) != 0 }
	}
	for h1 := range l.Houses {
		if isLine(h1) == pointing {
			continue
		}
		for d := 0; d < l.N; d++ {
			p := allPos[h1][d]
			if popc(p) < 2 {
				continue
			}
			c0 := l.Houses[h1][trailing(p)]
			for _, h2 := range l.CellHouses[c0] {
				if h2 == h1 || (h1 < classic && h2 < classic) {
					continue
				}
				if p&^l.insideOf(h1, h2) != 0 {
					continue
				}
				s := lockedStep(g, h1, h2, d)
				if s == nil {
					continue
				}
				s.Tech = "pointing"
				if !pointing {
					s.Tech = "claiming"
				}
				if !emit(s) {
					return false
				}
			}
		}
	}
	return true
}

// lockedStep builds the step of digit d locked in house h1 inside house
// h2 (its places in h1 are the support, in h1's order; it leaves the rest
// of h2, in h2's order), without its technique; nil when it eliminates
// nothing.
func lockedStep(g *Grid, h1, h2, d int) *Step {
	l := g.lay()
	allPos, _ := g.unitTables()
	// d's places in h2 outside h1, in h2's order
	out := allPos[h2][d] &^ l.insideOf(h2, h1)
	if out == 0 {
		return nil
	}
	s := g.newStep()
	for m := out; m != 0; m &= m - 1 {
		s.Eliminations = append(s.Eliminations, Candidate{l.Houses[h2][trailing(m)], uint8(d + 1)})
	}
	for m := allPos[h1][d]; m != 0; m &= m - 1 {
		c := l.Houses[h1][trailing(m)]
		s.Cells = append(s.Cells, c)
		s.Support = append(s.Support, Candidate{c, uint8(d + 1)})
	}
	s.Units = append(s.Units, h1, h2)
	s.Digits = append(s.Digits, uint8(d+1))
	return s
}

// findDirectLocked is SE's producer 2: a pointing (direct-pointing) or
// claiming (direct-claiming) that at once leaves a hidden single in
// another unit of r1's kind crossing r2. Only the single is placed.
// On a layout whose extra houses have SukakuExplainer types (see
// SetHouseTypes) SukakuExplainer's pairs and order are searched
// (typedDirectLocked); on another layout with extra houses only the rows,
// columns and boxes.
func findDirectLocked(g *Grid, _ *Ctx, emit func(*Step) bool) {
	if lr := g.lay().sukakuOrder(); lr != nil {
		typedDirectLocked(g, lr, emit)
		return
	}
	t := tablesOf(g.Geo)
	n := t.n
	allPos, _ := g.unitTables()
	forIntersections(g, intersectionPairs[:], func(r1, r2, d int) bool {
		typ := r1 / n
		for j := 0; j < n; j++ {
			o := typ*n + j
			in := t.inside[o][r2]
			if o == r1 || in == 0 {
				continue
			}
			// the digit's positions in o: at least two, one of them
			// outside r2 (the target: the pointing removes the others)
			p := allPos[o][d]
			out := p &^ in
			if popc(p) >= 2 && popc(out) == 1 {
				target := g.Geo.Units[o][trailing(out)]
				s := g.newStep()
				s.Tech = "direct-pointing"
				s.Placements = append(s.Placements, Candidate{target, uint8(d + 1)})
				s.Units = append(s.Units, r1, r2, o)
				s.Digits = append(s.Digits, uint8(d+1))
				if !t.isBox(r1) {
					s.Tech = "direct-claiming"
				}
				if !emit(s) {
					return false
				}
			}
		}
		return true
	})
}

// lockedSubsetFinder returns the finder of locked subsets of size k
// (HoDoKu's rule: a naked set of a box lying in one line clears both).
func lockedSubsetFinder(k int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, c *Ctx, emit func(*Step) bool) { findNakedSubsets(g, c.Scan, k, true, emit) }
}

// candsOf lists digit d in each of cells.
func candsOf(cells []int, d uint8) []Candidate {
	out := make([]Candidate, len(cells))
	for i, c := range cells {
		out[i] = Candidate{c, d}
	}
	return out
}

// supportOf lists every candidate of each of cells restricted to mask.
func supportOf(g *Grid, cells []int, mask uint32) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for m := g.Cand[c] & mask; m != 0; m &= m - 1 {
			out = append(out, Candidate{c, digitOf(m)})
		}
	}
	return out
}

func explainLocked(s *Step, g *Grid) string {
	geo := g.Geo
	where := ""
	if len(s.Cells) > 0 {
		where = " (" + cellList(geo, s.Cells) + ")"
	}
	rest := "line"
	if isBox(geo, s.Units[1]) {
		rest = "box"
	}
	return fmt.Sprintf("in %s, %s can only go in %s%s, so it leaves the rest of that %s: %s",
		unitName(s, geo, 0), sym(s.Digits[0]), unitName(s, geo, 1), where, rest, resultText(s, geo))
}

func explainDirectLocked(s *Step, g *Grid) string {
	geo := g.Geo
	p := s.Placements[0]
	return fmt.Sprintf("%s = %s: in %s, %s can only go in %s; that leaves %s one place in %s",
		geo.CellName(p.Cell), sym(p.Digit), unitName(s, geo, 0), sym(p.Digit), unitName(s, geo, 1), sym(p.Digit), unitName(s, geo, 2))
}

func explainLockedSubset(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s {%s} in %s share %s and %s: %s leave the other cells of both: %s",
		strings.ToLower(techName(s.Tech)), digitList(s.Digits), cellList(geo, s.Cells), unitName(s, geo, 0), unitName(s, geo, 1), digitsAnd(s.Digits), resultText(s, geo))
}
