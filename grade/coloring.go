package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Coloring: simple colors (trap and wrap) and multi-colors (types 1 and 2)
// on one digit's conjugate pairs. General code over any box shape.

var coloringTechniques = []Technique{
	{ID: "simple-colors-trap", Name: "Simple Colors Trap", HoDoKuName: "Simple Colors Trap", Family: "coloring", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: colorFinder(0), Explain: explainColors},
	{ID: "simple-colors-wrap", Name: "Simple Colors Wrap", HoDoKuName: "Simple Colors Wrap", Family: "coloring", SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard,
		Find: colorFinder(1), Explain: explainColors},
	{ID: "multi-colors-1", Name: "Multi-Colors 1", HoDoKuName: "Multi Colors 1", Family: "coloring", SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelHard,
		Find: colorFinder(2), Explain: explainColors},
	{ID: "multi-colors-2", Name: "Multi-Colors 2", HoDoKuName: "Multi Colors 2", Family: "coloring", SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelHard,
		Find: colorFinder(3), Explain: explainColors},
}

func init() { registerTechniques(coloringTechniques...) }

// colorFinder returns the finder of coloring kind: 0 simple colors trap (a
// cell sees both colors of one cluster: one is true, so it loses the
// digit), 1 simple colors wrap (two cells of one color share a unit: that
// color is false), 2 multi-colors 1 (a color of each of two clusters see
// each other: one of their opposites is true, so a cell seeing both loses
// the digit), 3 multi-colors 2 (a color sees both colors of another
// cluster: it is false).
func colorFinder(kind int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, _ *Ctx, emit func(*Step) bool) { findColors(g, kind, emit) }
}

// colorCluster is one connected set of conjugate pairs, two-colored.
type colorCluster struct {
	cells [2][]int
}

// clusters colors digit d's conjugate-pair graph.
func clusters(g *Grid, d uint8) []colorCluster {
	geo := g.Geo
	var buf [3 * sudoku.MaxN]strongLink
	links := conjugatePairs(g, d, buf[:0])
	var colorBuf [sudoku.MaxN * sudoku.MaxN]int8
	color := colorBuf[:geo.Cells] // 0 none, 1 or 2
	var out []colorCluster
	adj := func(c int, fn func(int)) {
		for _, l := range links {
			if l.a == c {
				fn(l.b)
			} else if l.b == c {
				fn(l.a)
			}
		}
	}
	// the clusters' cells, each color's in the order the walk takes
	// them (seq), from one slab: a cell is in at most one cluster
	slab := make([]int, 0, 2*len(links))
	var stackBuf, seqBuf [sudoku.MaxN * sudoku.MaxN]int
	for _, l := range links {
		if color[l.a] != 0 {
			continue
		}
		stack, seq := append(stackBuf[:0], l.a), seqBuf[:0]
		color[l.a] = 1
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			seq = append(seq, c)
			adj(c, func(x int) {
				if color[x] == 0 {
					color[x] = 3 - color[c]
					stack = append(stack, x)
				}
			})
		}
		var cl colorCluster
		for k := int8(1); k <= 2; k++ {
			at := len(slab)
			for _, c := range seq {
				if color[c] == k {
					slab = append(slab, c)
				}
			}
			if len(slab) > at {
				cl.cells[k-1] = slab[at:len(slab):len(slab)]
			}
		}
		out = append(out, cl)
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

func findColors(g *Grid, kind int, emit func(*Step) bool) {
	geo := g.Geo
	// the search of a digit reads only where the digit is (digitSkip)
	memo, pos, skip := digitSkip(g, digitSearchColors+kind)
	var had uint64
	for d := uint8(1); d <= uint8(geo.N); d++ {
		if skip&(1<<(d-1)) != 0 {
			continue
		}
		bit := uint32(1) << (d - 1)
		cls := clusters(g, d)
		switch kind {
		case 0, 1:
			for _, cl := range cls {
				var el []Candidate
				if kind == 0 {
					for c := range g.Cand {
						if g.Cand[c]&bit != 0 && !inCells(c, cl.cells[0]) && !inCells(c, cl.cells[1]) &&
							anySees(geo, c, cl.cells[0]) && anySees(geo, c, cl.cells[1]) {
							el = append(el, Candidate{c, d})
						}
					}
				} else {
					for i := 0; i < 2; i++ {
						if setsSee(geo, cl.cells[i], cl.cells[i]) {
							el = append(el, candsOf(cl.cells[i], d)...)
						}
					}
				}
				if len(el) == 0 {
					continue
				}
				tech := "simple-colors-trap"
				if kind == 1 {
					tech = "simple-colors-wrap"
				}
				had |= uint64(bit)
				if !emit(colorStep(g, tech, d, el, colorDetail(geo, "AB", cl.cells[0], cl.cells[1]), cl.cells[0], cl.cells[1])) {
					return
				}
			}
		case 2, 3:
			for i := range cls {
				for j := range cls {
					if i == j {
						continue
					}
					a, b := cls[i], cls[j]
					for ai := 0; ai < 2; ai++ {
						if kind == 3 {
							if setsSee(geo, a.cells[ai], b.cells[0]) && setsSee(geo, a.cells[ai], b.cells[1]) {
								el := candsOf(a.cells[ai], d)
								had |= uint64(bit)
								if !emit(colorStep(g, "multi-colors-2", d, el, colorDetail(geo, "ABCD", a.cells[ai], a.cells[1-ai], b.cells[0], b.cells[1]), a.cells[ai], a.cells[1-ai], b.cells[0], b.cells[1])) {
									return
								}
							}
							continue
						}
						if j < i {
							continue
						}
						if ai == 1 {
							continue
						}
						// every pair of colors that see each other: one of
						// their opposites is true; HoDoKu reports the union.
						var el []Candidate
						var seen [sudoku.MaxN * sudoku.MaxN]bool
						for x := 0; x < 2; x++ {
							for y := 0; y < 2; y++ {
								if !setsSee(geo, a.cells[x], b.cells[y]) {
									continue
								}
								oa, ob := a.cells[1-x], b.cells[1-y]
								for c := range g.Cand {
									if g.Cand[c]&bit != 0 && !seen[c] && !inCells(c, oa) && !inCells(c, ob) && anySees(geo, c, oa) && anySees(geo, c, ob) {
										seen[c] = true
										el = append(el, Candidate{c, d})
									}
								}
							}
						}
						if len(el) == 0 {
							continue
						}
						had |= uint64(bit)
						if !emit(colorStep(g, "multi-colors-1", d, el, colorDetail(geo, "ABCD", a.cells[0], a.cells[1], b.cells[0], b.cells[1]), a.cells[0], a.cells[1], b.cells[0], b.cells[1])) {
							return
						}
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
