package grade

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
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
// unique rectangles or avoidable rectangles (below);
// allowMissing is HoDoKu's option of the same name (on by default).
func hodokuRectSteps(g *Grid, tech string, allowMissing bool, emit func(*Step) bool) {
	avoidable := strings.HasPrefix(tech, "avoidable")
	for _, s := range hodokuUniquenessOf(g, avoidable, allowMissing) {
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

// Unique and avoidable rectangles as HoDoKu's UniquenessSolver finds them
// (the hodoku profile and its library cases). HoDoKu scans rectangles in a
// fixed order, checks every type on each, and answers a search for one
// type with the first step of that type the scan meets:
//
//   - unique rectangles start at every bivalue cell (cell order), digits
//     a < b; the second corner is a cell of the same box on the same row
//     or column (box order) where a and b are allowed (no placed a or b
//     sees it: HoDoKu allows corners that lost a rectangle digit to an
//     earlier step); the other two corners are on the two perpendicular
//     lines at the same place, in another box, the first allowing a and
//     the second a and b (HoDoKu checks b only on the second);
//   - avoidable rectangles start at every solved cell that is no clue; the
//     second corner is a solved non-clue cell of the same box on the same
//     row or column; of the far corners one may be solved (no clue) with
//     the diagonal corner's digit, and an open one must be bivalue and
//     hold the digit that would complete the deadly pattern (arSide);
//   - a rectangle seen before is skipped; HoDoKu remembers rectangles by a
//     decimal number built from the sorted corner indexes, so two
//     rectangles with the same number count as one.
//
// Per rectangle the types are checked in the order: 1, 2 or 5, 3 (in the
// row, the column, then the box of the two extra cells; subsets grown
// cell by cell in unit order), 4, 6, hidden rectangle.

// hodokuRects is one scan of HoDoKu's rectangles.
type hodokuRects struct {
	g            *Grid
	allowMissing bool
	seen         []int // rectangle numbers checked
	out          []*Step
	allowed      [][]bool // per digit (0-based): cells where it is allowed
	c1, c2       uint8
	corners      [4]int
	two, extra   []int // corners without / with digits beside c1, c2
}

const hodokuRectMemory = 400 // HoDoKu's rectangles buffer

// rectsMemo keeps the steps of one HoDoKu rectangle scan (unique or
// avoidable) of one grid state. The solving loop asks for the scan's
// steps once per rectangle technique (uniqueness-1 to 6 and hidden
// rectangles, or avoidable rectangles 1 and 2), one after the other on
// the same grid; the scan runs once. The state is compared in full
// (values, candidates, clues), so no grid change can leave it stale. The
// steps are only read (the solving loop copies the one it takes).
type rectsMemo struct {
	ok           bool
	geo          *sudoku.Geometry
	allowMissing bool
	values       []uint8
	cand         []uint32
	given        []bool
	givenNil     bool
	out          []*Step
}

// hodokuUniquenessOf is hodokuUniqueness, from the solving loop's memo
// when g's state is the one it scanned last (rectsMemo).
func hodokuUniquenessOf(g *Grid, avoidable, allowMissing bool) []*Step {
	if g.memo == nil {
		return hodokuUniqueness(g, avoidable, allowMissing)
	}
	m := &g.memo.rects[0]
	if avoidable {
		m = &g.memo.rects[1]
	}
	if m.ok && m.geo == g.Geo && m.allowMissing == allowMissing && m.givenNil == (g.Given == nil) &&
		slices.Equal(m.values, g.Values) && slices.Equal(m.cand, g.Cand) && slices.Equal(m.given, g.Given) {
		return m.out
	}
	m.out = hodokuUniqueness(g, avoidable, allowMissing)
	m.ok, m.geo, m.allowMissing, m.givenNil = true, g.Geo, allowMissing, g.Given == nil
	m.values = append(m.values[:0], g.Values...)
	m.cand = append(m.cand[:0], g.Cand...)
	m.given = append(m.given[:0], g.Given...)
	return m.out
}

// hodokuUniqueness returns every unique rectangle step (avoidable false)
// or avoidable rectangle step of g in HoDoKu's scan order.
func hodokuUniqueness(g *Grid, avoidable, allowMissing bool) []*Step {
	geo := g.Geo
	n := geo.N
	h := &hodokuRects{g: g, allowMissing: allowMissing}
	h.allowed = make([][]bool, n)
	slab := make([]bool, n*geo.Cells)
	for d := 0; d < n; d++ {
		a := slab[d*geo.Cells : (d+1)*geo.Cells : (d+1)*geo.Cells]
		for c := range a {
			a[c] = g.Values[c] == 0
		}
		h.allowed[d] = a
	}
	for c, v := range g.Values {
		if v == 0 {
			continue
		}
		for _, p := range geo.Peers[c] {
			h.allowed[v-1][p] = false
		}
	}
	for c := range g.Values {
		if avoidable {
			if g.Values[c] == 0 || h.given(c) {
				continue
			}
			h.c1 = g.Values[c]
			// HoDoKu runs this twice; the second run meets only
			// rectangles it has seen
			h.start(c, true)
			h.start(c, true)
			continue
		}
		if g.Values[c] != 0 || bits.OnesCount32(g.Cand[c]) != 2 {
			continue
		}
		m := g.Cand[c]
		h.c1, h.c2 = digitOf(m), digitOf(m&(m-1))
		h.start(c, false)
	}
	return h.out
}

func (h *hodokuRects) given(c int) bool { return h.g.Given != nil && h.g.Given[c] }

func (h *hodokuRects) has(c int, d uint8) bool { return h.g.Cand[c]&(1<<(d-1)) != 0 }

// start looks for rectangles with first corner i11.
func (h *hodokuRects) start(i11 int, avoidable bool) {
	g := h.g
	geo := g.Geo
	n := geo.N
	box := 2*n + geo.Box[i11]
	ab := uint32(1)<<(h.c1-1) | uint32(1)<<(h.c2-1)
	for _, i12 := range geo.Units[box] {
		if i12 == i11 || (geo.Row[i12] != geo.Row[i11] && geo.Col[i12] != geo.Col[i11]) {
			continue
		}
		if avoidable {
			if g.Values[i12] == 0 || h.given(i12) {
				continue
			}
			h.c2 = g.Values[i12]
		} else {
			if g.Values[i12] != 0 {
				continue
			}
			if h.allowMissing {
				if !h.allowed[h.c1-1][i12] || !h.allowed[h.c2-1][i12] {
					continue
				}
			} else if g.Cand[i12]&ab != ab {
				continue
			}
		}
		lines := geo.Row[i12] == geo.Row[i11]
		u11, u12 := geo.Row[i11], geo.Row[i12]
		if lines {
			u11, u12 = n+geo.Col[i11], n+geo.Col[i12]
		}
		for j := 0; j < n; j++ {
			i21, i22 := geo.Units[u11][j], geo.Units[u12][j]
			if 2*n+geo.Box[i21] == box {
				continue
			}
			ok := false
			switch {
			case avoidable:
				ok = h.arSide(i21, i22)
			case h.allowMissing:
				ok = h.allowed[h.c1-1][i21] && h.allowed[h.c1-1][i22] && h.allowed[h.c2-1][i22]
			default:
				ok = g.Cand[i21]&ab == ab && g.Cand[i22]&ab == ab
			}
			if !ok || !h.newRect(i11, i12, i21, i22) {
				continue
			}
			h.corners = [4]int{i11, i12, i21, i22}
			if avoidable {
				h.checkAR(i21, i22)
			} else {
				h.checkUR()
			}
		}
	}
}

// arSide checks the far side of an avoidable rectangle: one corner solved
// (no clue) with the near corner's partner digit and the other open and
// bivalue holding the deadly digit, or both open and bivalue.
func (h *hodokuRects) arSide(i21, i22 int) bool {
	g := h.g
	open := func(c int, d uint8) bool {
		return g.Values[c] == 0 && h.has(c, d) && bits.OnesCount32(g.Cand[c]) == 2
	}
	return (g.Values[i21] == h.c2 && !h.given(i21) && open(i22, h.c1)) ||
		(g.Values[i22] == h.c1 && !h.given(i22) && open(i21, h.c2)) ||
		(open(i21, h.c2) && open(i22, h.c1))
}

// newRect records a rectangle by HoDoKu's number; false if the number was
// seen.
func (h *hodokuRects) newRect(a, b, c, d int) bool {
	t := []int{a, b, c, d}
	sort.Ints(t)
	num := ((t[0]*10+t[1])*10+t[2])*10 + t[3]
	for _, x := range h.seen {
		if x == num {
			return false
		}
	}
	if len(h.seen) < hodokuRectMemory {
		h.seen = append(h.seen, num)
	}
	return true
}

func (h *hodokuRects) emit(tech string, el []Candidate) *Step {
	if len(el) == 0 {
		return nil
	}
	ab := uint32(1)<<(h.c1-1) | uint32(1)<<(h.c2-1)
	s := rectStep(h.g, tech, h.corners, ab, el)
	h.out = append(h.out, s)
	return s
}

// checkAR reads an avoidable rectangle's step.
func (h *hodokuRects) checkAR(i21, i22 int) {
	g := h.g
	if g.Values[i21] != 0 || g.Values[i22] != 0 {
		var el []Candidate
		if g.Values[i21] != 0 {
			if h.has(i22, h.c1) {
				el = append(el, Candidate{i22, h.c1})
			}
		} else if h.has(i21, h.c2) {
			el = append(el, Candidate{i21, h.c2})
		}
		h.emit("avoidable-rectangle-1", el)
		return
	}
	m := g.Cand[i21] &^ (1 << (h.c2 - 1))
	x := digitOf(m) // i21 is bivalue: its other digit
	if !h.has(i22, x) {
		return
	}
	el := h.commonSeers([]int{i21, i22}, x)
	h.emit("avoidable-rectangle-2", el)
}

// commonSeers lists the candidates of d in cells seeing every one of cells.
func (h *hodokuRects) commonSeers(cells []int, d uint8) []Candidate {
	g := h.g
	t := tablesOf(g.Geo)
	var el []Candidate
	for c := range g.Cand {
		if !h.has(c, d) || inCells(c, cells) {
			continue
		}
		all := true
		for _, x := range cells {
			if !t.sees(c, x) {
				all = false
				break
			}
		}
		if all {
			el = append(el, Candidate{c, d})
		}
	}
	return el
}

// checkUR checks every unique rectangle type on the current rectangle.
func (h *hodokuRects) checkUR() {
	g := h.g
	geo := g.Geo
	ab := uint32(1)<<(h.c1-1) | uint32(1)<<(h.c2-1)
	h.two, h.extra = h.two[:0], h.extra[:0]
	for _, c := range h.corners {
		if g.Cand[c]&^ab == 0 {
			h.two = append(h.two, c)
		} else {
			h.extra = append(h.extra, c)
		}
	}
	sort.Ints(h.two)
	sort.Ints(h.extra)
	two := len(h.two)
	sameLine := func(a, b int) bool { return geo.Row[a] == geo.Row[b] || geo.Col[a] == geo.Col[b] }
	// type 1
	if two == 3 {
		x := h.extra[0]
		var el []Candidate
		for _, d := range []uint8{h.c1, h.c2} {
			if h.has(x, d) {
				el = append(el, Candidate{x, d})
			}
		}
		h.emit("uniqueness-1", el)
	}
	// types 2 and 5: one extra digit, the same in every extra cell
	if two == 2 || two == 1 {
		var add uint32
		for _, c := range h.extra {
			add |= g.Cand[c] &^ ab
			if bits.OnesCount32(add) > 1 {
				break
			}
		}
		if bits.OnesCount32(add) == 1 {
			el := h.commonSeers(h.extra, digitOf(add))
			tech := "uniqueness-2"
			if len(h.extra) == 3 || !sameLine(h.extra[0], h.extra[1]) {
				tech = "uniqueness-5"
			}
			h.emit(tech, el)
		}
	}
	if two == 2 {
		i1, i2 := h.extra[0], h.extra[1]
		// type 3
		var u3 uint32
		for _, c := range h.extra {
			u3 |= g.Cand[c] &^ ab
		}
		n := geo.N
		if geo.Row[i1] == geo.Row[i2] {
			h.ur3(geo.Row[i1], u3, ab)
		}
		if geo.Col[i1] == geo.Col[i2] {
			h.ur3(n+geo.Col[i1], u3, ab)
		}
		if geo.Box[i1] == geo.Box[i2] {
			h.ur3(2*n+geo.Box[i1], u3, ab)
		}
		// type 4: the extra cells on a line; a rectangle digit missing
		// from every cell seeing both leaves the other one out of them
		if sameLine(i1, i2) {
			both := h.commonSeersAll(i1, i2)
			del := uint8(0)
			if !h.anyHas(both, h.c1) {
				del = h.c2
			} else if !h.anyHas(both, h.c2) {
				del = h.c1
			}
			if del != 0 {
				h.emit("uniqueness-4", h.candsIn([]int{i1, i2}, del))
			}
		}
		// type 6: the extra cells diagonal; a rectangle digit absent from
		// their rows and columns outside the rectangle leaves them
		if !sameLine(i1, i2) {
			var lines []int
			for _, c := range geo.Units[geo.Row[i1]] {
				lines = append(lines, c)
			}
			for _, u := range []int{n + geo.Col[i1], geo.Row[i2], n + geo.Col[i2]} {
				lines = append(lines, geo.Units[u]...)
			}
			var rest []int
			for _, c := range lines {
				if !inCells(c, h.corners[:]) {
					rest = append(rest, c)
				}
			}
			del := uint8(0)
			if !h.anyHas(rest, h.c1) {
				del = h.c1
			} else if !h.anyHas(rest, h.c2) {
				del = h.c2
			}
			if del != 0 {
				h.emit("uniqueness-6", h.candsIn([]int{i1, i2}, del))
			}
		}
	}
	// hidden rectangle
	if two == 2 || two == 1 {
		if two == 1 || !sameLine(h.two[0], h.two[1]) {
			h.hidden(h.two[0])
			if two == 2 {
				h.hidden(h.two[1])
			}
		}
	}
}

// commonSeersAll lists the cells seeing both a and b.
func (h *hodokuRects) commonSeersAll(a, b int) []int {
	t := tablesOf(h.g.Geo)
	var out []int
	for _, c := range h.g.Geo.Peers[a] {
		if t.sees(c, b) {
			out = append(out, c)
		}
	}
	return out
}

func (h *hodokuRects) anyHas(cells []int, d uint8) bool {
	for _, c := range cells {
		if h.has(c, d) {
			return true
		}
	}
	return false
}

func (h *hodokuRects) candsIn(cells []int, d uint8) []Candidate {
	var el []Candidate
	for _, c := range cells {
		if h.has(c, d) {
			el = append(el, Candidate{c, d})
		}
	}
	return el
}

// ur3 looks in unit u for cells that, with the two extra cells, form a
// naked subset of their extra digits (HoDoKu's checkUniqueness3).
func (h *hodokuRects) ur3(u int, u3, ab uint32) {
	g := h.g
	geo := g.Geo
	n := geo.N
	var pool []int
	for _, c := range geo.Units[u] {
		if g.Cand[c] != 0 && g.Cand[c]&ab == 0 && !inCells(c, h.corners[:]) {
			pool = append(pool, c)
		}
	}
	if len(pool) == 0 {
		return
	}
	in := append([]int(nil), h.extra...)
	var rec func(start int, cands uint32)
	rec = func(start int, cands uint32) {
		for i := start; i < len(pool); i++ {
			c := pool[i]
			in = append(in, c)
			m := cands | g.Cand[c]
			if (u < 2*n || !cellsOnLine(geo, in)) && bits.OnesCount32(m) == len(in)-1 {
				var el []Candidate
				add := func(unit int) {
					for _, x := range geo.Units[unit] {
						if g.Values[x] != 0 || inCells(x, in) {
							continue
						}
						for mm := g.Cand[x] & m; mm != 0; mm &= mm - 1 {
							if e := (Candidate{x, digitOf(mm)}); !hasCandidate(el, e) {
								el = append(el, e)
							}
						}
					}
				}
				add(u)
				if len(el) > 0 {
					if u < 2*n {
						if b, ok := cellsInBox(geo, in); ok {
							add(2*n + b)
						}
					}
					if s := h.emit("uniqueness-3", el); s != nil {
						s.Units = []int{u}
						s.Cells = append(s.Cells, in[2:]...)
						s.Support = append(s.Support, supportOf(g, in[2:], m)...)
						s.Digits = maskDigits(m)
					}
				}
			}
			rec(i+1, m)
			in = in[:len(in)-1]
		}
	}
	rec(0, u3)
}

// cellsOnLine reports whether the cells share one row or one column.
func cellsOnLine(geo *sudoku.Geometry, cells []int) bool {
	row, col := true, true
	for _, c := range cells[1:] {
		row = row && geo.Row[c] == geo.Row[cells[0]]
		col = col && geo.Col[c] == geo.Col[cells[0]]
	}
	return row || col
}

// cellsInBox returns the box holding all the cells, if one does.
func cellsInBox(geo *sudoku.Geometry, cells []int) (int, bool) {
	for _, c := range cells[1:] {
		if geo.Box[c] != geo.Box[cells[0]] {
			return 0, false
		}
	}
	return geo.Box[cells[0]], true
}

// hidden checks the hidden rectangle with corner x (a corner without
// extra digits): in the row and column through the opposite corner, a
// rectangle digit only in the rectangle removes the other from that
// corner.
func (h *hodokuRects) hidden(x int) {
	g := h.g
	geo := g.Geo
	n := geo.N
	i1, i2 := h.extra[0], h.extra[1]
	line := geo.Row[i1]
	if line == geo.Row[x] {
		line = geo.Row[i2]
	}
	col := geo.Col[i1]
	if col == geo.Col[x] {
		col = geo.Col[i2]
	}
	for _, p := range [2][2]uint8{{h.c1, h.c2}, {h.c2, h.c1}} {
		ok := true
		for _, u := range []int{line, n + col} {
			for _, c := range geo.Units[u] {
				if h.has(c, p[0]) && !inCells(c, h.corners[:]) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		del := line*n + col
		if h.has(del, p[1]) {
			h.emit("hidden-rectangle", []Candidate{{del, p[1]}})
		}
	}
}
