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
	{ID: "skyscraper", Name: "Skyscraper", HoDoKuName: "Skyscraper", Family: "single-digit", SENote: asChain, HoDoKuScore: 130, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findSkyscraper(g, emit) }, Explain: explainTurbot},
	{ID: "two-string-kite", Name: "2-String Kite", HoDoKuName: "2-String Kite", Family: "single-digit", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findTwoStringKite(g, emit) }, Explain: explainTurbot},
	{ID: "turbot-fish", Name: "Turbot Fish", HoDoKuName: "Turbot Fish", Family: "single-digit", SENote: asChain, HoDoKuScore: 120, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findSimpleChains(g, chainTurbot, emit) }, Explain: explainTurbot},
	{ID: "empty-rectangle", Name: "Empty Rectangle", HoDoKuName: "Empty Rectangle", Family: "single-digit", SENote: asChain, HoDoKuScore: 120, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findEmptyRectangle(g, false, emit) }, Explain: explainEmptyRectangle},
}

func init() { registerTechniques(singleDigitTechniques...) }

// The finders follow HoDoKu's SingleDigitPatternSolver (its order and
// its shapes): a skyscraper is two rows (then, in a second pass over all
// digits, two columns) holding the digit twice whose first ends, or whose
// second ends, share a column (row); a 2-string kite is a row and a
// column holding the digit twice with one end of each in a common box; an
// empty rectangle is a box whose digit lies on one row and one column of
// it, with a conjugate pair outside. Turbot fish are the three-link
// X-chains of HoDoKu's chain search (simple_chains.go), which also catch
// the skyscrapers these shapes leave out.

// unitKind: 0 row, 1 column, 2 box.
func unitKind(geo *sudoku.Geometry, u int) int { return u / geo.N }

// conjugate returns the other cell of digit d in unit u when u holds d
// in exactly two cells, one of them c; else -1.
func conjugate(g *Grid, u int, d uint8, c int) int {
	p := g.Positions(u, d)
	if bits.OnesCount32(p) != 2 {
		return -1
	}
	units := g.Geo.Units[u]
	if q := units[bits.TrailingZeros32(p)]; q != c {
		return q
	}
	return units[31-bits.LeadingZeros32(p)]
}

// pairUnits lists, for digit d, the units among us holding it exactly
// twice, with the two cells in unit order.
func pairUnits(g *Grid, d uint8, us []int, out [][3]int) [][3]int {
	geo := g.Geo
	for _, u := range us {
		p := g.Positions(u, d)
		if bits.OnesCount32(p) != 2 {
			continue
		}
		out = append(out, [3]int{geo.Units[u][bits.TrailingZeros32(p)], geo.Units[u][31-bits.LeadingZeros32(p)], u})
	}
	return out
}

// seersOf lists the cells holding digit d that see both a and b.
func seersOf(g *Grid, d uint8, a, b int) []Candidate {
	t := tablesOf(g.Geo)
	bit := uint32(1) << (d - 1)
	var el []Candidate
	for _, c := range g.Geo.Peers[a] {
		if g.Cand[c]&bit != 0 && t.peerMask[b].has(c) {
			el = append(el, Candidate{c, d})
		}
	}
	sortCandidates(el)
	return el
}

// turbotStep builds the step of a strong-weak-strong pattern x1=y1-y2=x2.
func turbotStep(tech string, d uint8, u1, u2, x1, y1, y2, x2 int, el []Candidate) *Step {
	return &Step{Tech: tech, Eliminations: el, Digits: []uint8{d},
		Units: []int{u1, u2}, Cells: []int{x1, y1, y2, x2},
		Support: []Candidate{{x1, d}, {y1, d}, {y2, d}, {x2, d}},
		Chain:   []Node{{Candidate{x1, d}, false}, {Candidate{y1, d}, true}, {Candidate{y2, d}, false}, {Candidate{x2, d}, true}}}
}

// findSkyscraper finds skyscrapers: rows for every digit, then columns.
func findSkyscraper(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	var buf [sudoku.MaxN][3]int
	var us []int
	// the search of a digit reads only where the digit is (digitSkip)
	memo, pos, skip := digitSkip(g, digitSearchSkyscraper)
	var had uint64
	for pass := 0; pass < 2; pass++ {
		us = us[:0]
		for i := 0; i < n; i++ {
			us = append(us, pass*n+i)
		}
		// cells aligned across the lines: same column (rows), same row
		line := func(c int) int {
			if pass == 0 {
				return geo.Col[c]
			}
			return geo.Row[c]
		}
		for d := uint8(1); d <= uint8(n); d++ {
			if skip&(1<<(d-1)) != 0 {
				continue
			}
			ps := pairUnits(g, d, us, buf[:0])
			for i := range ps {
				for j := i + 1; j < len(ps); j++ {
					a, b := ps[i], ps[j]
					free := 1
					switch {
					case line(a[0]) == line(b[0]):
					case line(a[1]) == line(b[1]):
						free = 0
					default:
						continue
					}
					if line(a[free]) == line(b[free]) {
						continue // an X-Wing
					}
					el := seersOf(g, d, a[free], b[free])
					if len(el) == 0 {
						continue
					}
					had |= 1 << (d - 1)
					if !emit(turbotStep("skyscraper", d, a[2], b[2], a[free], a[1-free], b[1-free], b[free], el)) {
						return
					}
				}
			}
		}
	}
	recordDigits(memo, pos, skip, had)
}

// findTwoStringKite finds 2-string kites (for each digit, every row pair
// with every column pair). Like HoDoKu it keeps a pair's cells turned
// once it has turned them to put the box cell first.
func findTwoStringKite(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	var buf [2 * sudoku.MaxN][3]int
	var rows, cols []int
	for i := 0; i < n; i++ {
		rows = append(rows, i)
		cols = append(cols, n+i)
	}
	memo, pos, skip := digitSkip(g, digitSearchKite)
	var had uint64
	for d := uint8(1); d <= uint8(n); d++ {
		if skip&(1<<(d-1)) != 0 {
			continue
		}
		ps := pairUnits(g, d, rows, buf[:0])
		nr := len(ps)
		ps = pairUnits(g, d, cols, ps)
		for i := 0; i < nr; i++ {
			for j := nr; j < len(ps); j++ {
				a, b := &ps[i], &ps[j]
				box := geo.Box
				switch {
				case box[a[0]] == box[b[0]]:
				case box[a[0]] == box[b[1]]:
					b[0], b[1] = b[1], b[0]
				case box[a[1]] == box[b[0]]:
					a[0], a[1] = a[1], a[0]
				case box[a[1]] == box[b[1]]:
					a[0], a[1] = a[1], a[0]
					b[0], b[1] = b[1], b[0]
				default:
					continue
				}
				if a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1] {
					continue
				}
				cross := geo.Row[b[1]]*n + geo.Col[a[1]]
				if g.Cand[cross]&(1<<(d-1)) == 0 {
					continue
				}
				had |= 1 << (d - 1)
				if !emit(turbotStep("two-string-kite", d, a[2], b[2], a[1], a[0], b[0], b[1], []Candidate{{cross, d}})) {
					return
				}
			}
		}
	}
	recordDigits(memo, pos, skip, had)
}

// findEmptyRectangle finds empty rectangles (HoDoKu's order: digits,
// boxes, the rectangle's row and column from the box's last ones to its
// first); allowTwo admits boxes whose row and column hold one candidate
// each besides their crossing (off in HoDoKu by default).
func findEmptyRectangle(g *Grid, allowTwo bool, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	var boxCells []int
	var memo *digitMemo
	var pos [][sudoku.MaxN]uint32
	var skip, had uint64
	if !allowTwo {
		memo, pos, skip = digitSkip(g, digitSearchER)
	}
	var bit uint32 // the digit's bit
	found := func(s *Step) bool {
		had |= uint64(bit)
		return emit(s)
	}
	for d := uint8(1); d <= uint8(n); d++ {
		if skip&(1<<(d-1)) != 0 {
			continue
		}
		bit = uint32(1) << (d - 1)
		for b := 0; b < n; b++ {
			box := 2*n + b
			boxCells = boxCells[:0]
			for _, c := range geo.Units[box] {
				if g.Cand[c]&bit != 0 {
					boxCells = append(boxCells, c)
				}
			}
			if len(boxCells) < 2 || len(boxCells) > geo.BoxRows+geo.BoxCols-1 {
				continue
			}
			first := geo.Units[box][0]
			r0, c0 := geo.Row[first], geo.Col[first]
			for r := r0 + geo.BoxRows - 1; r >= r0; r-- {
				for c := c0 + geo.BoxCols - 1; c >= c0; c-- {
					inRow, inCol, rowOnly, colOnly, ok := 0, 0, 0, 0, true
					for _, x := range boxCells {
						onRow, onCol := geo.Row[x] == r, geo.Col[x] == c
						if !onRow && !onCol {
							ok = false
							break
						}
						if onRow {
							inRow++
							if !onCol {
								rowOnly++
							}
						}
						if onCol {
							inCol++
							if !onRow {
								colOnly++
							}
						}
					}
					if !ok || rowOnly == 0 || colOnly == 0 || (inRow < 2 && inCol < 2 && !allowTwo) {
						continue
					}
					for pass := 0; pass < 2; pass++ {
						if !erCheck(g, d, box, boxCells, r, c, pass == 1, found) {
							return
						}
					}
				}
			}
		}
	}
	recordDigits(memo, pos, skip, had)
}

// erCheck looks along the rectangle's row (byCol false) for a cell
// outside the box whose column holds the digit twice; the digit then
// leaves the cell where the pair's other end's row crosses the
// rectangle's column. byCol swaps rows and columns. It returns false when
// emit asks to stop.
func erCheck(g *Grid, d uint8, box int, boxCells []int, r, c int, byCol bool, emit func(*Step) bool) bool {
	geo := g.Geo
	n := geo.N
	bit := uint32(1) << (d - 1)
	line := r // the rectangle's row (its column when byCol)
	if byCol {
		line = n + c
	}
	for _, p := range geo.Units[line] {
		if g.Values[p] != 0 || geo.Box[p] == box-2*n || g.Cand[p]&bit == 0 {
			continue
		}
		pu := n + geo.Col[p] // the pair's unit: p's column
		if byCol {
			pu = geo.Row[p]
		}
		q := conjugate(g, pu, d, p)
		if q < 0 {
			continue
		}
		target := geo.Row[q]*n + c
		if byCol {
			target = r*n + geo.Col[q]
		}
		if geo.Box[target] == box-2*n || g.Cand[target]&bit == 0 {
			continue
		}
		support := candsOf(boxCells, d)
		support = append(support, Candidate{p, d}, Candidate{q, d})
		s := &Step{Tech: "empty-rectangle", Eliminations: []Candidate{{target, d}}, Digits: []uint8{d},
			Units: []int{box, r, n + c, pu}, Cells: append(append([]int(nil), boxCells...), p, q), Support: support}
		if !emit(s) {
			return false
		}
	}
	return true
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
