package grade

import (
	"fmt"
	"math/bits"
	"slices"
)

// Wings: XY-Wing, XYZ-Wing and W-Wing. General code over any box shape.

var wingTechniques = []Technique{
	{ID: "xy-wing", Name: "XY-Wing", HoDoKuName: "XY-Wing", Family: "wings", Houses: true, SEFixed: true, SE: 4.2, HoDoKuScore: 160, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, c *Ctx, emit func(*Step) bool) { findXYWing(g, false, c.Scan, emit) }, Explain: explainXYWing},
	{ID: "xyz-wing", Name: "XYZ-Wing", HoDoKuName: "XYZ-Wing", Family: "wings", Houses: true, SEFixed: true, SE: 4.4, HoDoKuScore: 180, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, c *Ctx, emit func(*Step) bool) { findXYWing(g, true, c.Scan, emit) }, Explain: explainXYWing},
	{ID: "w-wing", Name: "W-Wing", HoDoKuName: "W-Wing", Family: "wings", SEFixed: true, SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuWWing(g, emit) }, Explain: explainWWing},
}

func init() { registerTechniques(wingTechniques...) }

// findXYWing finds XY-Wings (a pivot {x,y} seeing pincers {x,z} and
// {y,z}: a cell seeing both pincers cannot be z) and XYZ-Wings (a pivot
// {x,y,z}; the cell must see all three). It is one search for every scan
// and layout: pivots in cell order, pincers two bivalue cells among the
// pivot's peers in the scan's peer order (scanOrder.wingPeersByHouse:
// SE's house order, block, row, column, then the layout's other houses
// and sees peers, or on layouts SukakuExplainer rates its visible-cell
// order, sukaku_order.go; otherwise cell order, as HoDoKu's WingSolver
// pairs its bivalue cells), the first pincer earlier in it;
// "sees" is the layout's relation. Steps come in the search's order, or,
// under scanOrder.xyWingsByCells, XY-Wings are collected and emitted by
// their three cells in cell order, the pivot the first, second, then
// third of them (HoDoKu's WingSolver), the pincers listed by cell except
// that a pivot last lists the later one first.
func findXYWing(g *Grid, xyz bool, sc Scan, emit func(*Step) bool) {
	o := sc.order()
	pivotSize := 2
	tech := "xy-wing"
	if xyz {
		pivotSize, tech = 3, "xyz-wing"
	}
	l := g.lay()
	t := tablesFor(g)
	var hits []wingHit
	byCells := !xyz && o.xyWingsByCells
	var pinBuf [64]int
	pins := pinBuf[:0]
	// on the classic layout (peers are mutual, peerMask a cell's peers):
	// biv, the bivalue cells (every pincer is one), so that a pivot
	// seeing fewer than two has no wing, and the eliminations read off
	// the pincers' peer masks
	plain := l.Plain()
	var bivBuf [(maxCells + 63) / 64]uint64
	biv := bivBuf[:0]
	if plain && len(g.Cand) <= maxCells {
		biv = bivBuf[:(len(g.Cand)+63)/64]
		for c, m := range g.Cand {
			if bits.OnesCount32(m) == 2 {
				biv[c>>6] |= 1 << (c & 63)
			}
		}
	}
	for p, pm := range g.Cand {
		if bits.OnesCount32(pm) != pivotSize {
			continue
		}
		if len(biv) > 0 && t.peerMask[p].countAnd(biv) < 2 {
			continue
		}
		peers := l.Peers[p]
		if o.wingPeersByHouse {
			peers = l.wingPeers(t, p)
		}
		// the pincer candidates, in peer order: a cell failing this
		// fails the second pincer's tests below too
		pins = pins[:0]
		for _, a := range peers {
			am := g.Cand[a]
			if bits.OnesCount32(am) != 2 || bits.OnesCount32(am&pm) != pivotSize-1 || (xyz && am&^pm != 0) {
				continue
			}
			pins = append(pins, a)
		}
		if !o.wingPeersByHouse {
			// cell order (a classic frame lists a cell's peers by its
			// row, column, then box): HoDoKu's WingSolver tries the
			// pincers of a pivot as pairs of bivalue cells in cell order,
			// the first found being the step (XYZ-Wings; XY-Wings are
			// ordered by their cells below)
			slices.Sort(pins)
		}
		for i, a := range pins {
			am := g.Cand[a]
			for _, b := range pins[i+1:] {
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
				// the cells seeing both pincers (and with xyz the
				// pivot) holding z, ascending (peers are mutual)
				var el []Candidate
				if plain {
					pa, pb, pp := t.peerMask[a], t.peerMask[b], t.peerMask[p]
					for w := range pa {
						m := pa[w] & pb[w]
						if xyz {
							m &= pp[w]
						}
						for ; m != 0; m &= m - 1 {
							if c := w<<6 + bits.TrailingZeros64(m); g.Cand[c]&z != 0 && c != p {
								el = append(el, Candidate{c, d})
							}
						}
					}
				} else {
					for c, cm := range g.Cand {
						if cm&z != 0 && c != p && t.sees(c, a) && t.sees(c, b) && (!xyz || t.sees(c, p)) {
							el = append(el, Candidate{c, d})
						}
					}
				}
				if len(el) == 0 {
					continue
				}
				if byCells {
					hits = append(hits, newWingHit(p, a, b, el))
					continue
				}
				if !emit(wingStep(g, tech, p, a, b, el)) {
					return
				}
			}
		}
	}
	slices.SortFunc(hits, func(x, y wingHit) int { return slices.Compare(x.key[:], y.key[:]) })
	for _, h := range hits {
		if !emit(wingStep(g, tech, h.p, h.a, h.b, h.el)) {
			return
		}
	}
}

// wingHit is an XY-Wing kept to be ordered by its cells (key: the three
// cells ascending, then the pivot's rank among them).
type wingHit struct {
	key     [4]int
	p, a, b int
	el      []Candidate
}

// newWingHit orders the pincers of the wing at pivot p as HoDoKu lists
// them and computes its key.
func newWingHit(p, a, b int, el []Candidate) wingHit {
	if a > b {
		a, b = b, a
	}
	switch {
	case p < a:
		return wingHit{[4]int{p, a, b, 0}, p, a, b, el}
	case p < b:
		return wingHit{[4]int{a, p, b, 1}, p, a, b, el}
	}
	return wingHit{[4]int{a, b, p, 2}, p, b, a, el}
}

// wingStep is the step of a wing at pivot p with pincers a and b.
func wingStep(g *Grid, tech string, p, a, b int, el []Candidate) *Step {
	cells := []int{p, a, b}
	return &Step{Tech: tech, Eliminations: el, Cells: cells, Support: supportOf(g, cells, g.lay().All), Digits: []uint8{el[0].Digit}}
}

// W-Wing as HoDoKu's WingSolver finds it: two bivalue cells with the same
// digits (i < j), the lower digit first: if some cells see both and hold
// it, a unit (rows, columns, boxes) holding the other digit twice, one
// place seeing i and the other j, joins them.
// hodokuWWing finds HoDoKu's W-Wings.
func hodokuWWing(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	t := tablesOf(geo)
	for a, am := range g.Cand {
		if g.Values[a] != 0 || bits.OnesCount32(am) != 2 {
			continue
		}
		lo := am & -am
		for b := a + 1; b < len(g.Cand); b++ {
			if g.Cand[b] != am {
				continue
			}
			for _, ym := range [2]uint32{lo, am &^ lo} {
				x := am &^ ym // the digit of the joining strong link
				dy, dx := digitOf(ym), digitOf(x)
				var el []Candidate
				for _, c := range geo.Peers[a] {
					if g.Cand[c]&ym != 0 && t.sees(c, b) {
						el = append(el, Candidate{c, dy})
					}
				}
				if len(el) == 0 {
					continue
				}
				sortCandidates(el)
				for u := range geo.Units {
					if bits.OnesCount32(g.Positions(u, dx)) != 2 {
						continue
					}
					p, q := -1, -1
					for _, c := range geo.Units[u] {
						if c == a || c == b || g.Cand[c]&x == 0 {
							continue
						}
						if t.sees(c, a) {
							p = c
						} else if t.sees(c, b) {
							q = c
						}
						if p >= 0 && q >= 0 {
							break
						}
					}
					if p < 0 || q < 0 {
						continue
					}
					s := &Step{Tech: "w-wing", Eliminations: el, Cells: []int{a, p, q, b}, Units: []int{u},
						Support: []Candidate{{a, dx}, {a, dy}, {p, dx}, {q, dx}, {b, dx}, {b, dy}}, Digits: []uint8{dx, dy}}
					if !emit(s) {
						return
					}
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

// maxCells bounds the cells of a grid whose bivalue cells findXYWing
// keeps on the stack (25x25).
const maxCells = 625
