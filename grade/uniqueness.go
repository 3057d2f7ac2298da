package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Uniqueness: HoDoKu's unique rectangles (types 1-6), hidden rectangle and
// avoidable rectangles (types 1-2). All assume the puzzle has exactly one
// solution: a pattern that would allow two solutions cannot be the answer.
// General code over any box shape.

var urTech = [7]string{"", "uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4", "uniqueness-5", "uniqueness-6"}

var uniquenessTechniques = []Technique{
	{ID: "uniqueness-1", Name: "Uniqueness Test 1", HoDoKuName: "Uniqueness Test 1", Family: "uniqueness", SE: 4.5, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(1), Explain: explainRectangle},
	{ID: "uniqueness-2", Name: "Uniqueness Test 2", HoDoKuName: "Uniqueness Test 2", Family: "uniqueness", SE: 4.5, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(2), Explain: explainRectangle},
	{ID: "uniqueness-3", Name: "Uniqueness Test 3", HoDoKuName: "Uniqueness Test 3", Family: "uniqueness", SE: 4.5, SENote: "+0.1 per extra subset cell", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(3), Explain: explainRectangle},
	{ID: "uniqueness-4", Name: "Uniqueness Test 4", HoDoKuName: "Uniqueness Test 4", Family: "uniqueness", SE: 4.5, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(4), Explain: explainRectangle},
	{ID: "uniqueness-5", Name: "Uniqueness Test 5", HoDoKuName: "Uniqueness Test 5", Family: "uniqueness", SENote: asChain, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(5), Explain: explainRectangle},
	{ID: "uniqueness-6", Name: "Uniqueness Test 6", HoDoKuName: "Uniqueness Test 6", Family: "uniqueness", SENote: asChain, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(6), Explain: explainRectangle},
	{ID: "hidden-rectangle", Name: "Hidden Rectangle", HoDoKuName: "Hidden Rectangle", Family: "uniqueness", SENote: asChain, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(7), Explain: explainRectangle},
	{ID: "avoidable-rectangle-1", Name: "Avoidable Rectangle Type 1", HoDoKuName: "Avoidable Rectangle Type 1", Family: "uniqueness", SENote: "SE has no avoidable rectangles", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: avoidableFinder(1), Explain: explainRectangle},
	{ID: "avoidable-rectangle-2", Name: "Avoidable Rectangle Type 2", HoDoKuName: "Avoidable Rectangle Type 2", Family: "uniqueness", SENote: "SE has no avoidable rectangles", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: avoidableFinder(2), Explain: explainRectangle},
}

func init() { registerTechniques(uniquenessTechniques...) }

// rectFinder returns the finder of unique rectangle type typ (1..6; 7 is
// the hidden rectangle: one digit locked to the rectangle in both lines
// through the corner opposite a bivalue corner).
func rectFinder(typ int) func(*Grid, *Ctx, func(*Step) bool) {
	tech := "hidden-rectangle"
	if typ <= 6 {
		tech = urTech[typ]
	}
	return func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuRectSteps(g, tech, true, emit) }
}

// hodokuRectSteps emits the steps of technique tech in HoDoKu's scan of
// unique rectangles or avoidable rectangles (hodoku_uniqueness.go);
// allowMissing is HoDoKu's option of the same name (on by default).
func hodokuRectSteps(g *Grid, tech string, allowMissing bool, emit func(*Step) bool) {
	avoidable := strings.HasPrefix(tech, "avoidable")
	for _, s := range hodokuUniqueness(g, avoidable, allowMissing) {
		if s.Tech == tech && !emit(s) {
			return
		}
	}
}

func rectStep(g *Grid, tech string, rc [4]int, ab uint32, el []Candidate) *Step {
	cells := rc[:]
	return &Step{Tech: tech, Eliminations: el, Cells: append([]int(nil), cells...), Support: supportOf(g, cells, ab), Digits: maskDigits(ab)}
}

// sameLine reports whether two cells share a row or a column.
func sameLine(geo *sudoku.Geometry, a, b int) bool {
	return geo.Row[a] == geo.Row[b] || geo.Col[a] == geo.Col[b]
}

// avoidableFinder returns the finder of avoidable rectangle type typ.
func avoidableFinder(typ int) func(*Grid, *Ctx, func(*Step) bool) {
	tech := fmt.Sprintf("avoidable-rectangle-%d", typ)
	return func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuRectSteps(g, tech, true, emit) }
}

func explainRectangle(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("on the rectangle %s: if these cells could only be %s, the puzzle would have two solutions; it has one, so: %s",
		cellList(geo, s.Cells[:min(4, len(s.Cells))]), strings.Join(digitStrings(rectDigits(s)), " and "), resultText(s, geo))
}

// rectDigits returns the rectangle digits of a uniqueness step: the
// digits every one of its first four cells' support shares.
func rectDigits(s *Step) []uint8 {
	var m uint32
	for _, c := range s.Support {
		if len(s.Cells) > 0 && c.Cell == s.Cells[0] {
			m |= 1 << (c.Digit - 1)
		}
	}
	if m == 0 {
		return s.Digits
	}
	return maskDigits(m)
}
