package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Coloring: simple colors (trap and wrap) and multi-colors (types 1 and 2)
// on one digit's conjugate pairs. General code over any box shape.

var coloringTechniques = []Technique{
	{ID: "simple-colors", Name: "Simple Colors", Family: "coloring", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findColors(g, false, emit) }, Explain: explainColors},
	{ID: "simple-colors-trap", Name: "Simple Colors Trap", HoDoKuName: "Simple Colors Trap", Family: "coloring", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		MadeBy: "simple-colors", Explain: explainColors},
	{ID: "simple-colors-wrap", Name: "Simple Colors Wrap", HoDoKuName: "Simple Colors Wrap", Family: "coloring", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		MadeBy: "simple-colors", Explain: explainColors},
	{ID: "multi-colors", Name: "Multi-Colors", Family: "coloring", SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findColors(g, true, emit) }, Explain: explainColors},
	{ID: "multi-colors-1", Name: "Multi-Colors 1", HoDoKuName: "Multi Colors 1", Family: "coloring", SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelHard,
		MadeBy: "multi-colors", Explain: explainColors},
	{ID: "multi-colors-2", Name: "Multi-Colors 2", HoDoKuName: "Multi Colors 2", Family: "coloring", SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelHard,
		MadeBy: "multi-colors", Explain: explainColors},
}

func init() { registerTechniques(coloringTechniques...) }

// colorCluster is one connected set of conjugate pairs, two-colored:
// cells[0] holds the color of the cell the coloring started from.
type colorCluster struct {
	cells [2][]int
}

// clusters colors digit d's conjugate-pair graph as HoDoKu 2.2.0's
// ColoringSolver numbers it, since the first step found depends on it: a
// cluster starts from the lowest cell (row-major) holding d that is not
// in an earlier one, that cell takes color 0, and a cluster of one cell
// (no conjugate pair) is dropped. Each color's cells are listed in cell
// order (HoDoKu's sets), so the order the pairs are followed in does not
// matter.
func clusters(g *Grid, d uint8) []colorCluster {
	geo := g.Geo
	bit := uint32(1) << (d - 1)
	var colorBuf [sudoku.MaxN * sudoku.MaxN]int8
	color := colorBuf[:geo.Cells] // 0 none, 1 or 2; -1, -2 listed
	var stackBuf [sudoku.MaxN * sudoku.MaxN]int
	var out []colorCluster
	slab := make([]int, 0, geo.Cells) // every cluster's cells: a cell is in one
	for c := 0; c < geo.Cells; c++ {
		if g.Cand[c]&bit == 0 || color[c] != 0 {
			continue
		}
		color[c] = 1
		stack := append(stackBuf[:0], c)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, u := range geo.CellUnits[x] {
				if y := conjugate(g, u, d, x); y >= 0 && color[y] == 0 {
					color[y] = 3 - color[x]
					stack = append(stack, y)
				}
			}
		}
		// the new cluster's cells are the cells colored now (every cell
		// before c is listed or holds no d), each color in cell order
		var cl colorCluster
		for k := int8(1); k <= 2; k++ {
			at := len(slab)
			for x := c; x < geo.Cells; x++ {
				if color[x] == k {
					slab = append(slab, x)
					color[x] = -k
				}
			}
			cl.cells[k-1] = slab[at:len(slab):len(slab)]
		}
		if len(cl.cells[1]) > 0 {
			out = append(out, cl)
		}
	}
	return out
}

// anySees reports whether cell c sees any of cells.
func anySees(geo *sudoku.Geometry, c int, cells []int) bool {
	for _, x := range cells {
		if sees(geo, c, x) {
			return true
		}
	}
	return false
}

// setsSee reports whether some cell of a sees some cell of b.
func setsSee(geo *sudoku.Geometry, a, b []int) bool {
	for _, x := range a {
		if anySees(geo, x, b) {
			return true
		}
	}
	return false
}

func inCells(c int, cells []int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

func colorDetail(geo *sudoku.Geometry, names string, sets ...[]int) string {
	var parts []string
	for i, s := range sets {
		var cs []string
		for _, c := range s {
			cs = append(cs, geo.CellName(c))
		}
		parts = append(parts, fmt.Sprintf("%c: %s", names[i], strings.Join(cs, " ")))
	}
	return strings.Join(parts, "; ")
}

func colorStep(g *Grid, tech string, d uint8, el []Candidate, detail string, sets ...[]int) *Step {
	s := &Step{Tech: tech, Eliminations: el, Digits: []uint8{d}, Detail: detail}
	for i, set := range sets {
		for _, c := range set {
			s.Cells = append(s.Cells, c)
			s.Chain = append(s.Chain, Node{Candidate{c, d}, i%2 == 0})
		}
	}
	return s
}

// seeBoth appends to el digit d's candidates (in cell order, none twice:
// seen marks them) outside the colors a and b that see a cell of a and a
// cell of b.
func seeBoth(g *Grid, d uint8, a, b []int, seen []bool, el []Candidate) []Candidate {
	bit := uint32(1) << (d - 1)
	for c := range g.Cand {
		if g.Cand[c]&bit != 0 && !seen[c] && !inCells(c, a) && !inCells(c, b) && anySees(g.Geo, c, a) && anySees(g.Geo, c, b) {
			seen[c] = true
			el = append(el, Candidate{c, d})
		}
	}
	return el
}

// findColors is HoDoKu 2.2.0's coloring search, one search for each of
// its two steps, as its solver asks for them: simple colors (multi
// false) or multi-colors, digit by digit, the first step found being the
// one taken, whichever of the two kinds it is.
//
// Simple colors, for each cluster: a wrap (two cells of one color share a
// unit: that color is false), then a trap (a cell seeing both colors
// loses the digit). Multi-colors, for each ordered pair of clusters
// (a, b): type 2 (a color of a sees both colors of b: it is false), then
// type 1 (a color of a sees a color of b: one of their opposites is true,
// so a cell seeing both opposites loses the digit; HoDoKu reports the
// union over the four pairs of colors).
func findColors(g *Grid, multi bool, emit func(*Step) bool) {
	geo := g.Geo
	// the search of a digit reads only where the digit is (digitSkip)
	search := digitSearchColors
	if multi {
		search++
	}
	memo, pos, skip := digitSkip(g, search)
	var had uint64
	var seenBuf [sudoku.MaxN * sudoku.MaxN]bool
	seen := seenBuf[:geo.Cells]
	for d := uint8(1); d <= uint8(geo.N); d++ {
		if skip&(1<<(d-1)) != 0 {
			continue
		}
		bit := uint64(1) << (d - 1)
		cls := clusters(g, d)
		if !multi {
			for _, cl := range cls {
				var el []Candidate
				for i := 0; i < 2; i++ {
					if setsSee(geo, cl.cells[i], cl.cells[i]) {
						el = append(el, candsOf(cl.cells[i], d)...)
					}
				}
				if len(el) > 0 {
					had |= bit
					if !emit(colorStep(g, "simple-colors-wrap", d, el, colorDetail(geo, "AB", cl.cells[0], cl.cells[1]), cl.cells[0], cl.cells[1])) {
						return
					}
				}
				clear(seen)
				if el := seeBoth(g, d, cl.cells[0], cl.cells[1], seen, nil); len(el) > 0 {
					had |= bit
					if !emit(colorStep(g, "simple-colors-trap", d, el, colorDetail(geo, "AB", cl.cells[0], cl.cells[1]), cl.cells[0], cl.cells[1])) {
						return
					}
				}
			}
			continue
		}
		for i := range cls {
			for j := range cls {
				if i == j {
					continue
				}
				a, b := cls[i], cls[j]
				var el []Candidate
				for ai := 0; ai < 2; ai++ {
					if setsSee(geo, a.cells[ai], b.cells[0]) && setsSee(geo, a.cells[ai], b.cells[1]) {
						el = append(el, candsOf(a.cells[ai], d)...)
					}
				}
				if len(el) > 0 {
					had |= bit
					if !emit(colorStep(g, "multi-colors-2", d, el, colorDetail(geo, "ABCD", a.cells[0], a.cells[1], b.cells[0], b.cells[1]), a.cells[0], a.cells[1], b.cells[0], b.cells[1])) {
						return
					}
				}
				// every pair of colors that see each other: one of their
				// opposites is true
				el = nil
				clear(seen)
				for x := 0; x < 2; x++ {
					for y := 0; y < 2; y++ {
						if setsSee(geo, a.cells[x], b.cells[y]) {
							el = seeBoth(g, d, a.cells[1-x], b.cells[1-y], seen, el)
						}
					}
				}
				if len(el) > 0 {
					had |= bit
					if !emit(colorStep(g, "multi-colors-1", d, el, colorDetail(geo, "ABCD", a.cells[0], a.cells[1], b.cells[0], b.cells[1]), a.cells[0], a.cells[1], b.cells[0], b.cells[1])) {
						return
					}
				}
			}
		}
	}
	recordDigits(memo, pos, skip, had)
}

func explainColors(s *Step, g *Grid) string {
	d := sym(s.Digits[0])
	why := map[string]string{
		"simple-colors-trap": "one color is true, so cells seeing both colors lose " + d,
		"simple-colors-wrap": "two cells of one color see each other, so that color is false",
		"multi-colors-1":     "colors of two clusters see each other, so one of their opposite colors is true",
		"multi-colors-2":     "one color sees both colors of the other cluster, so it is false",
	}[s.Tech]
	return fmt.Sprintf("colors of %s (%s): %s: %s", d, s.Detail, why, resultText(s, g.Geo))
}
