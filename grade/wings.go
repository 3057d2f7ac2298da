package grade

import (
	"fmt"
	"math/bits"
)

// Wings: XY-Wing, XYZ-Wing and W-Wing. General code over any box shape.

var wingTechniques = []Technique{
	{ID: "xy-wing", Name: "XY-Wing", HoDoKuName: "XY-Wing", Family: "wings", Frame: true, SEFixed: true, SE: 4.2, HoDoKuScore: 160, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, c *Ctx, emit func(*Step) bool) { findXYWing(g, false, c.Scan, emit) }, Explain: explainXYWing},
	{ID: "xyz-wing", Name: "XYZ-Wing", HoDoKuName: "XYZ-Wing", Family: "wings", Frame: true, SEFixed: true, SE: 4.4, HoDoKuScore: 180, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, c *Ctx, emit func(*Step) bool) { findXYWing(g, true, c.Scan, emit) }, Explain: explainXYWing},
	{ID: "w-wing", Name: "W-Wing", HoDoKuName: "W-Wing", Family: "wings", SEFixed: true, SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuWWing(g, emit) }, Explain: explainWWing},
}

func init() { registerTechniques(wingTechniques...) }

// findXYWing finds XY-Wings (a pivot {x,y} seeing pincers {x,z} and
// {y,z}: a cell seeing both pincers cannot be z) and XYZ-Wings (a pivot
// {x,y,z}; the cell must see all three). ScanHoDoKu searches as HoDoKu
// does (hodoku_wings.go); otherwise pivots row-major, pincers in SE's
// house order (block, row, column; the second pincer anywhere in the
// house).
func findXYWing(g *Grid, xyz bool, sc Scan, emit func(*Step) bool) {
	if sc == ScanHoDoKu {
		hodokuXYWing(g, xyz, emit)
		return
	}
	geo := g.Geo
	pivotSize := 2
	tech := "xy-wing"
	if xyz {
		pivotSize, tech = 3, "xyz-wing"
	}
	t := tablesFor(g)
	allPeers := g.lay().Peers
	for p, pm := range g.Cand {
		if bits.OnesCount32(pm) != pivotSize {
			continue
		}
		peers := allPeers[p]
		if sc == ScanSE {
			peers = t.house[p]
		}
		for i, a := range peers {
			am := g.Cand[a]
			if bits.OnesCount32(am) != 2 || bits.OnesCount32(am&pm) != pivotSize-1 || (xyz && am&^pm != 0) {
				continue
			}
			second := peers[i+1:]
			if sc == ScanSE {
				second = peers
			}
			for _, b := range second {
				bm := g.Cand[b]
				if bits.OnesCount32(bm) != 2 || bm == am {
					continue
				}
				z := am & bm
				if xyz {
					if bm&^pm != 0 {
						continue
					}
				} else if bits.OnesCount32(z) != 1 || z&pm != 0 || (am|bm)&^z != pm {
					continue
				}
				if bits.OnesCount32(z) != 1 {
					continue
				}
				d := digitOf(z)
				var el []Candidate
				for c := range g.Cand {
					if g.Cand[c]&z != 0 && c != p && c != a && c != b && t.sees(c, a) && t.sees(c, b) && (!xyz || t.sees(c, p)) {
						el = append(el, Candidate{c, d})
					}
				}
				if len(el) == 0 {
					continue
				}
				cells := []int{p, a, b}
				s := &Step{Tech: tech, Eliminations: el, Cells: cells, Support: supportOf(g, cells, geo.All), Digits: []uint8{d}}
				if !emit(s) {
					return
				}
			}
		}
	}
}

func explainXYWing(s *Step, g *Grid) string {
	geo := g.Geo
	c := s.Cells
	cands := func(x int) string { return digitList(maskDigits(g.Cand[x])) }
	see := "both pincers"
	if s.Tech == "xyz-wing" {
		see = "all three"
	}
	return fmt.Sprintf("pivot %s {%s} with pincers %s {%s} and %s {%s}: one of them is %s, so cells that see %s lose it: %s",
		geo.CellName(c[0]), cands(c[0]), geo.CellName(c[1]), cands(c[1]), geo.CellName(c[2]), cands(c[2]), sym(s.Digits[0]), see, resultText(s, geo))
}

func explainWWing(s *Step, g *Grid) string {
	geo := g.Geo
	c := s.Cells
	return fmt.Sprintf("%s and %s both hold {%s,%s}; %s is in %s or %s (%s), and each sees one of them, so one of %s, %s is %s: %s",
		geo.CellName(c[0]), geo.CellName(c[3]), sym(min(s.Digits[0], s.Digits[1])), sym(max(s.Digits[0], s.Digits[1])), sym(s.Digits[0]),
		geo.CellName(c[1]), geo.CellName(c[2]), unitName(s, geo, 0), geo.CellName(c[0]), geo.CellName(c[3]), sym(s.Digits[1]), resultText(s, geo))
}
