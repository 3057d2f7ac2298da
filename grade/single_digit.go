package grade

import (
	"fmt"
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Single-digit patterns: skyscraper, 2-string kite, turbot fish and empty
// rectangle. They are short X-chains on one digit; the code is general but
// the patterns are defined by rows, columns and boxes of any shape.

var singleDigitTechniques = []Technique{
	{ID: "skyscraper", Name: "Skyscraper", Family: "single-digit", SENote: asChain, HoDoKuScore: 130, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { findTurbot(g, "skyscraper", emit) }, Explain: explainTurbot},
	{ID: "two-string-kite", Name: "2-String Kite", Family: "single-digit", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { findTurbot(g, "two-string-kite", emit) }, Explain: explainTurbot},
	{ID: "turbot-fish", Name: "Turbot Fish", Family: "single-digit", SENote: asChain, HoDoKuScore: 120, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { findTurbot(g, "turbot-fish", emit) }, Explain: explainTurbot},
	{ID: "empty-rectangle", Name: "Empty Rectangle", Family: "single-digit", SENote: asChain, HoDoKuScore: 120, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { findEmptyRectangle(g, emit) }, Explain: explainEmptyRectangle},
}

func init() { registerTechniques(singleDigitTechniques...) }

// strongLink is a conjugate pair of one digit in one unit.
type strongLink struct {
	a, b int
	unit int
}

// conjugatePairs lists the units where digit d has exactly two places.
func conjugatePairs(g *Grid, d uint8, out []strongLink) []strongLink {
	geo := g.Geo
	for u := range geo.Units {
		p := g.Positions(u, d)
		if bits.OnesCount32(p) != 2 {
			continue
		}
		a := geo.Units[u][bits.TrailingZeros32(p)]
		b := geo.Units[u][31-bits.LeadingZeros32(p)]
		out = append(out, strongLink{a, b, u})
	}
	return out
}

// unitKind: 0 row, 1 column, 2 box.
func unitKind(geo *sudoku.Geometry, u int) int { return u / geo.N }

// classifyTurbot names a strong-weak-strong pattern x1=y1-y2=x2 (y1 sees
// y2) as HoDoKu does.
func classifyTurbot(geo *sudoku.Geometry, l1, l2 strongLink, y1, y2 int) string {
	k1, k2 := unitKind(geo, l1.unit), unitKind(geo, l2.unit)
	switch {
	case k1 == k2 && k1 < 2:
		// parallel lines joined by a cross line
		if (k1 == 0 && geo.Col[y1] == geo.Col[y2]) || (k1 == 1 && geo.Row[y1] == geo.Row[y2]) {
			return "skyscraper"
		}
	case k1 < 2 && k2 < 2 && k1 != k2:
		if geo.Box[y1] == geo.Box[y2] {
			return "two-string-kite"
		}
	}
	return "turbot-fish"
}

// findTurbot finds strong-weak-strong patterns on one digit (two
// conjugate pairs whose near ends see each other: a cell seeing both far
// ends loses the digit) of the kind tech names: skyscraper (parallel
// lines joined by a cross line), 2-string kite (a row and a column meeting
// in a box) or turbot fish (any other).
func findTurbot(g *Grid, tech string, emit func(*Step) bool) {
	geo := g.Geo
	var buf [3 * sudoku.MaxN]strongLink
	for d := uint8(1); d <= uint8(geo.N); d++ {
		links := conjugatePairs(g, d, buf[:0])
		bit := uint32(1) << (d - 1)
		for i := range links {
			for j := i + 1; j < len(links); j++ {
				l1, l2 := links[i], links[j]
				if l1.a == l2.a || l1.a == l2.b || l1.b == l2.a || l1.b == l2.b {
					continue
				}
				k1, k2 := unitKind(geo, l1.unit), unitKind(geo, l2.unit)
				switch tech {
				case "skyscraper":
					if k1 != k2 || k1 == 2 {
						continue
					}
				case "two-string-kite":
					if k1 == k2 || k1 == 2 || k2 == 2 {
						continue
					}
				}
				for e1 := 0; e1 < 2; e1++ {
					x1, y1 := l1.a, l1.b
					if e1 == 1 {
						x1, y1 = y1, x1
					}
					for e2 := 0; e2 < 2; e2++ {
						y2, x2 := l2.a, l2.b
						if e2 == 1 {
							x2, y2 = y2, x2
						}
						if !sees(geo, y1, y2) {
							continue
						}
						if classifyTurbot(geo, l1, l2, y1, y2) != tech {
							continue
						}
						var el []Candidate
						for c := range g.Cand {
							if g.Cand[c]&bit != 0 && c != x1 && c != x2 && c != y1 && c != y2 && sees(geo, c, x1) && sees(geo, c, x2) {
								el = append(el, Candidate{c, d})
							}
						}
						if len(el) == 0 {
							continue
						}
						s := &Step{Tech: tech, Eliminations: el, Digits: []uint8{d},
							Units: []int{l1.unit, l2.unit}, Cells: []int{x1, y1, y2, x2},
							Support: []Candidate{{x1, d}, {y1, d}, {y2, d}, {x2, d}},
							Chain:   []Node{{Candidate{x1, d}, false}, {Candidate{y1, d}, true}, {Candidate{y2, d}, false}, {Candidate{x2, d}, true}}}
						if !emit(s) {
							return
						}
					}
				}
			}
		}
	}
}

// findEmptyRectangle finds a box whose candidates for a digit lie on one
// row and one column, and a conjugate pair that, with it, forces the digit
// out of one cell.
func findEmptyRectangle(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	var buf [3 * sudoku.MaxN]strongLink
	for d := uint8(1); d <= uint8(n); d++ {
		bit := uint32(1) << (d - 1)
		links := conjugatePairs(g, d, buf[:0])
		for b := 0; b < n; b++ {
			box := 2*n + b
			var boxCells []int
			for _, c := range geo.Units[box] {
				if g.Cand[c]&bit != 0 {
					boxCells = append(boxCells, c)
				}
			}
			if len(boxCells) < 2 {
				continue
			}
			first := geo.Units[box][0]
			r0, c0 := geo.Row[first], geo.Col[first]
			for r := r0; r < r0+geo.BoxRows; r++ {
				for c := c0; c < c0+geo.BoxCols; c++ {
					inRow, inCol, ok := 0, 0, true
					for _, x := range boxCells {
						switch {
						case geo.Row[x] == r && geo.Col[x] == c:
						case geo.Row[x] == r:
							inRow++
						case geo.Col[x] == c:
							inCol++
						default:
							ok = false
						}
					}
					if !ok || inRow == 0 || inCol == 0 {
						continue
					}
					for _, l := range links {
						if unitKind(geo, l.unit) == 2 {
							continue
						}
						for e := 0; e < 2; e++ {
							p, q := l.a, l.b
							if e == 1 {
								p, q = q, p
							}
							var target int
							if unitKind(geo, l.unit) == 0 {
								// row pair outside the band, p in the ER column
								if geo.Row[p] >= r0 && geo.Row[p] < r0+geo.BoxRows || geo.Col[p] != c || geo.Col[q] >= c0 && geo.Col[q] < c0+geo.BoxCols {
									continue
								}
								target = r*n + geo.Col[q]
							} else {
								if geo.Col[p] >= c0 && geo.Col[p] < c0+geo.BoxCols || geo.Row[p] != r || geo.Row[q] >= r0 && geo.Row[q] < r0+geo.BoxRows {
									continue
								}
								target = geo.Row[q]*n + c
							}
							if g.Cand[target]&bit == 0 {
								continue
							}
							support := candsOf(boxCells, d)
							support = append(support, Candidate{p, d}, Candidate{q, d})
							s := &Step{Tech: "empty-rectangle", Eliminations: []Candidate{{target, d}}, Digits: []uint8{d},
								Units: []int{box, r, n + c, l.unit}, Cells: append(append([]int(nil), boxCells...), p, q), Support: support}
							if !emit(s) {
								return
							}
						}
					}
				}
			}
		}
	}
}

func explainTurbot(s *Step, g *Grid) string {
	geo := g.Geo
	c := s.Cells
	d := sym(s.Digits[0])
	return fmt.Sprintf("%s is in %s or %s (%s), and in %s or %s (%s); %s and %s see each other, so %s or %s is %s: %s",
		d, geo.CellName(c[0]), geo.CellName(c[1]), unitName(s, geo, 0), geo.CellName(c[2]), geo.CellName(c[3]), unitName(s, geo, 1),
		geo.CellName(c[1]), geo.CellName(c[2]), geo.CellName(c[0]), geo.CellName(c[3]), d, resultText(s, geo))
}

func explainEmptyRectangle(s *Step, g *Grid) string {
	geo := g.Geo
	n := len(s.Cells)
	p, q := geo.CellName(s.Cells[n-2]), geo.CellName(s.Cells[n-1])
	other := unitName(s, geo, 1) // the ER line the box's digit is pushed onto
	if len(s.Units) > 3 && s.Units[3] >= geo.N {
		other = unitName(s, geo, 2) // the strong link is a column: p is on the ER row
	}
	target := "the target"
	if len(s.Eliminations) > 0 {
		target = geo.CellName(s.Eliminations[0].Cell)
	}
	d := sym(s.Digits[0])
	return fmt.Sprintf("in %s, %s lies only on %s and %s; %s is in %s or %s (%s): if %s is %s, the box's %s must be on %s, which sees %s; if %s is %s, it sees %s itself: %s",
		unitName(s, geo, 0), d, unitName(s, geo, 1), unitName(s, geo, 2), d, p, q, unitName(s, geo, 3), p, d, d, other, target, q, d, target, resultText(s, geo))
}
