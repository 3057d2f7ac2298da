package grade

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Uniqueness: HoDoKu's unique rectangles (types 1-6), hidden rectangle and
// avoidable rectangles (types 1-2). All assume the puzzle has exactly one
// solution: a pattern that would allow two solutions cannot be the answer.
// General code over any box shape.

var urTech = [7]string{"", "uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4", "uniqueness-5", "uniqueness-6"}

var uniquenessTechniques = []Technique{
	{ID: "uniqueness-1", Name: "Uniqueness Test 1", Family: "uniqueness", SE: 4.5, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(1), Explain: explainRectangle},
	{ID: "uniqueness-2", Name: "Uniqueness Test 2", Family: "uniqueness", SE: 4.5, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(2), Explain: explainRectangle},
	{ID: "uniqueness-3", Name: "Uniqueness Test 3", Family: "uniqueness", SE: 4.5, SENote: "+0.1 per extra subset cell", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(3), Explain: explainRectangle},
	{ID: "uniqueness-4", Name: "Uniqueness Test 4", Family: "uniqueness", SE: 4.5, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(4), Explain: explainRectangle},
	{ID: "uniqueness-5", Name: "Uniqueness Test 5", Family: "uniqueness", SENote: asChain, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(5), Explain: explainRectangle},
	{ID: "uniqueness-6", Name: "Uniqueness Test 6", Family: "uniqueness", SENote: asChain, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(6), Explain: explainRectangle},
	{ID: "hidden-rectangle", Name: "Hidden Rectangle", Family: "uniqueness", SENote: asChain, Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: rectFinder(7), Explain: explainRectangle},
	{ID: "avoidable-rectangle-1", Name: "Avoidable Rectangle Type 1", Family: "uniqueness", SENote: "SE has no avoidable rectangles", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
		Find: avoidableFinder(1), Explain: explainRectangle},
	{ID: "avoidable-rectangle-2", Name: "Avoidable Rectangle Type 2", Family: "uniqueness", SENote: "SE has no avoidable rectangles", Uniqueness: true, HoDoKuScore: 100, HoDoKuLevel: LevelHard,
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
	return func(g *Grid, c *Ctx, emit func(*Step) bool) {
		sc := c.Scan
		if sc == ScanHoDoKu {
			hodokuRectSteps(g, tech, true, emit)
			return
		}
		findRectangles(g, typ, emit)
	}
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

// commonUnits lists the units two cells have in common.
func commonUnits(geo *sudoku.Geometry, a, b int) []int {
	var out []int
	for _, u := range geo.CellUnits[a] {
		for _, v := range geo.CellUnits[b] {
			if u == v {
				out = append(out, u)
			}
		}
	}
	return out
}

// onlyIn reports whether digit bit appears in unit u only in the listed
// cells.
func onlyIn(g *Grid, u int, bit uint32, cells ...int) bool {
outer:
	for _, c := range g.Geo.Units[u] {
		if g.Cand[c]&bit == 0 {
			continue
		}
		for _, x := range cells {
			if x == c {
				continue outer
			}
		}
		return false
	}
	return true
}

// seeingAll lists the candidates of digit bit in cells that see every one
// of cells.
func seeingAll(g *Grid, bit uint32, cells []int) []Candidate {
	var el []Candidate
	d := digitOf(bit)
	for c := range g.Cand {
		if g.Cand[c]&bit == 0 {
			continue
		}
		in := false
		for _, x := range cells {
			in = in || x == c
		}
		if !in && seesAll(g.Geo, c, cells) {
			el = append(el, Candidate{c, d})
		}
	}
	return el
}

func rectStep(g *Grid, tech string, rc [4]int, ab uint32, el []Candidate) *Step {
	cells := rc[:]
	return &Step{Tech: tech, Eliminations: el, Cells: append([]int(nil), cells...), Support: supportOf(g, cells, ab), Digits: maskDigits(ab)}
}

// findRectangles finds unique rectangles of type typ (1..6) or hidden
// rectangles (typ 7).
func findRectangles(g *Grid, typ int, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	// Every rectangle we look at has a bivalue corner x whose two digits
	// are the rectangle's digits; the other corners may lack one of them
	// (HoDoKu's "missing candidates"). Each (rectangle, digits) is visited
	// once: from its first bivalue corner with those digits.
	for x, ab := range g.Cand {
		if bits.OnesCount32(ab) != 2 {
			continue
		}
		rx, cx := geo.Row[x], geo.Col[x]
		for cy := 0; cy < n; cy++ {
			y := rx*n + cy
			if cy == cx || g.Cand[y]&ab == 0 {
				continue
			}
			for rz := 0; rz < n; rz++ {
				z := rz*n + cx
				if rz == rx || g.Cand[z]&ab == 0 {
					continue
				}
				w := rz*n + cy
				if g.Cand[w]&ab == 0 {
					continue
				}
				sameBand := rx/geo.BoxRows == rz/geo.BoxRows
				sameStack := cx/geo.BoxCols == cy/geo.BoxCols
				if sameBand == sameStack {
					continue
				}
				r1, r2, c1, c2 := min(rx, rz), max(rx, rz), min(cx, cy), max(cx, cy)
				rc := [4]int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}
				first := true
				for _, c := range rc {
					if c == x {
						break
					}
					if g.Cand[c] == ab {
						first = false
					}
				}
				if first && !rectangleDigits(g, typ, rc, ab, emit) {
					return
				}
			}
		}
	}
}

// rectangleDigits checks one rectangle on digits ab for unique rectangle
// type typ (7 = hidden rectangle).
func rectangleDigits(g *Grid, typ int, rc [4]int, ab uint32, emit func(*Step) bool) bool {
	geo := g.Geo
	var biv, ext []int
	for _, c := range rc {
		if g.Cand[c] == ab {
			biv = append(biv, c)
		} else {
			ext = append(ext, c)
		}
	}
	tech := ""
	if typ <= 6 {
		tech = urTech[typ]
	} else {
		tech = "hidden-rectangle"
	}
	try := func(el []Candidate) bool {
		k := 0
		for _, e := range el {
			if g.Has(e.Cell, e.Digit) {
				el[k] = e
				k++
			}
		}
		el = el[:k]
		if len(el) == 0 {
			return true
		}
		return emit(rectStep(g, tech, rc, ab, el))
	}
	a, b := ab&-ab, ab&(ab-1)
	switch typ {
	case 1:
		if len(biv) == 3 {
			var el []Candidate
			for m := g.Cand[ext[0]] & ab; m != 0; m &= m - 1 {
				el = append(el, Candidate{ext[0], digitOf(m)})
			}
			return try(el)
		}
	case 2, 3, 4:
		if len(biv) != 2 || sees(geo, biv[0], biv[1]) && !sameLine(geo, ext[0], ext[1]) {
			return true
		}
		e1, e2 := ext[0], ext[1]
		if !sameLine(geo, e1, e2) {
			return true
		}
		x1, x2 := g.Cand[e1]&^ab, g.Cand[e2]&^ab
		switch typ {
		case 2:
			if x1 == x2 && bits.OnesCount32(x1) == 1 {
				return try(seeingAll(g, x1, ext))
			}
		case 3:
			var found []*Step
			for _, u := range commonUnits(geo, e1, e2) {
				found = urType3(g, u, rc, ab, e1, e2, x1|x2, found)
			}
			for i, s := range found {
				if !emit(s) {
					return false
				}
				// a subset on the same digits in the line and in the box
				// gives one step with both sets of eliminations
				for _, t := range found[i+1:] {
					if t.Units[0] != s.Units[0] && sameDigits(s.Digits, t.Digits) {
						c := *s
						c.Units = append([]int{s.Units[0]}, t.Units...)
						c.Eliminations = append(append([]Candidate(nil), s.Eliminations...), t.Eliminations...)
						c.Cells = append(append([]int(nil), s.Cells...), t.Cells[4:]...)
						if !emit(&c) {
							return false
						}
					}
				}
			}
		case 4:
			for _, u := range commonUnits(geo, e1, e2) {
				for _, pair := range [2][2]uint32{{a, b}, {b, a}} {
					// pair[0] must still be open in the roof (else onlyIn is
					// vacuous: the digit may be placed in the unit already)
					if (g.Cand[e1]|g.Cand[e2])&pair[0] != 0 && onlyIn(g, u, pair[0], e1, e2) {
						d := digitOf(pair[1])
						if !try([]Candidate{{e1, d}, {e2, d}}) {
							return false
						}
					}
				}
			}
		}
	case 5:
		if len(biv) == 0 || len(biv) == 3 {
			return true
		}
		if len(biv) == 2 && sameLine(geo, ext[0], ext[1]) {
			return true // type 2
		}
		x := g.Cand[ext[0]] &^ ab
		if bits.OnesCount32(x) != 1 {
			return true
		}
		for _, e := range ext[1:] {
			if g.Cand[e]&^ab != x {
				return true
			}
		}
		return try(seeingAll(g, x, ext))
	case 6:
		if len(biv) != 2 || sameLine(geo, ext[0], ext[1]) {
			return true
		}
		n := geo.N
		for _, u := range [2]uint32{a, b} {
			ok := true
			for _, c := range rc {
				ok = ok && onlyIn(g, geo.Row[c], u, rc[:]...) && onlyIn(g, n+geo.Col[c], u, rc[:]...)
			}
			if ok {
				d := digitOf(u)
				if !try([]Candidate{{ext[0], d}, {ext[1], d}}) {
					return false
				}
			}
		}
	case 7:
		if len(biv) == 0 || len(biv) > 2 {
			return true
		}
		if len(biv) == 2 && sameLine(geo, biv[0], biv[1]) {
			return true
		}
		n := geo.N
		for _, x := range biv {
			// d is the corner opposite x
			d := -1
			for _, c := range rc {
				if geo.Row[c] != geo.Row[x] && geo.Col[c] != geo.Col[x] {
					d = c
				}
			}
			if g.Cand[d]&ab != ab {
				continue
			}
			var rowMate, colMate int
			for _, c := range rc {
				if c != d && geo.Row[c] == geo.Row[d] {
					rowMate = c
				}
				if c != d && geo.Col[c] == geo.Col[d] {
					colMate = c
				}
			}
			for _, pair := range [2][2]uint32{{a, b}, {b, a}} {
				if g.Cand[rowMate]&pair[0] != 0 && g.Cand[colMate]&pair[0] != 0 &&
					onlyIn(g, geo.Row[d], pair[0], d, rowMate) && onlyIn(g, n+geo.Col[d], pair[0], d, colMate) {
					if !try([]Candidate{{d, digitOf(pair[1])}}) {
						return false
					}
				}
			}
		}
	}
	return true
}

// sameLine reports whether two cells share a row or a column.
func sameLine(geo *sudoku.Geometry, a, b int) bool {
	return geo.Row[a] == geo.Row[b] || geo.Col[a] == geo.Col[b]
}

// sameDigits reports whether two digit lists are equal.
func sameDigits(a, b []uint8) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// urType3 looks in unit u for naked subsets formed by the extra digits of
// the two roof cells (taken as one virtual cell) and other cells, and
// appends a step for each to out.
func urType3(g *Grid, u int, rc [4]int, ab uint32, e1, e2 int, extra uint32, out []*Step) []*Step {
	geo := g.Geo
	var pool [sudoku.MaxN]int
	np := 0
	for _, c := range geo.Units[u] {
		if c == e1 || c == e2 || g.Cand[c] == 0 {
			continue
		}
		pool[np] = c
		np++
	}
	var pick [sudoku.MaxN]int
	var rec func(start, depth int, mask uint32) bool
	rec = func(start, depth int, mask uint32) bool {
		if depth > 0 && bits.OnesCount32(mask) == depth+1 {
			var el []Candidate
			for _, c := range geo.Units[u] {
				if c == e1 || c == e2 {
					continue
				}
				in := false
				for _, p := range pick[:depth] {
					in = in || p == c
				}
				if in {
					continue
				}
				for m := g.Cand[c] & mask; m != 0; m &= m - 1 {
					el = append(el, Candidate{c, digitOf(m)})
				}
			}
			if len(el) > 0 {
				s := rectStep(g, "uniqueness-3", rc, ab, el)
				s.Units = []int{u}
				s.Cells = append(s.Cells, pick[:depth]...)
				s.Support = append(s.Support, supportOf(g, pick[:depth], mask)...)
				s.Digits = maskDigits(mask)
				out = append(out, s)
			}
			return true
		}
		if depth >= 3 {
			return true
		}
		for i := start; i < np; i++ {
			m := mask | g.Cand[pool[i]]
			if bits.OnesCount32(m) > 4 {
				continue
			}
			pick[depth] = pool[i]
			if !rec(i+1, depth+1, m) {
				return false
			}
		}
		return true
	}
	rec(0, 0, extra)
	return out
}

// avoidableFinder returns the finder of avoidable rectangle type typ.
func avoidableFinder(typ int) func(*Grid, *Ctx, func(*Step) bool) {
	tech := fmt.Sprintf("avoidable-rectangle-%d", typ)
	return func(g *Grid, c *Ctx, emit func(*Step) bool) {
		sc := c.Scan
		if sc == ScanHoDoKu {
			hodokuRectSteps(g, tech, true, emit)
			return
		}
		findAvoidable(g, typ, emit)
	}
}

// findAvoidable finds avoidable rectangles of type typ (1..2): digits
// placed while solving (not clues) that a further placement would turn
// into a deadly pattern.
func findAvoidable(g *Grid, typ int, emit func(*Step) bool) {
	geo := g.Geo
	if g.Given == nil {
		return
	}
	placed := func(c int) bool { return g.Values[c] != 0 && !g.Given[c] }
	nPlaced := 0
	for c := range g.Values {
		if placed(c) {
			nPlaced++
		}
	}
	if nPlaced < 2 {
		return
	}
	// Both types need two placed (non-clue) corners on one row or one
	// column: start from such pairs.
	n := geo.N
	visit := func(rc [4]int) bool {
		r1, r2, c1, c2 := geo.Row[rc[0]], geo.Row[rc[3]], geo.Col[rc[0]], geo.Col[rc[3]]
		if (r1/geo.BoxRows == r2/geo.BoxRows) == (c1/geo.BoxCols == c2/geo.BoxCols) {
			return true
		}
		return avoidableRect(g, typ, rc, placed, emit)
	}
	for x := range g.Values {
		if !placed(x) {
			continue
		}
		r, c := geo.Row[x], geo.Col[x]
		for c2 := c + 1; c2 < n; c2++ {
			if !placed(r*n + c2) {
				continue
			}
			for r2 := 0; r2 < n; r2++ {
				if r2 == r || r2 < r && placed(r2*n+c) && placed(r2*n+c2) {
					continue // same row, or seen from the other placed pair
				}
				a, b := min(r, r2), max(r, r2)
				if !visit([4]int{a*n + c, a*n + c2, b*n + c, b*n + c2}) {
					return
				}
			}
		}
		for r2 := r + 1; r2 < n; r2++ {
			if !placed(r2*n + c) {
				continue
			}
			for c2 := 0; c2 < n; c2++ {
				if c2 == c {
					continue
				}
				a, b := min(c, c2), max(c, c2)
				rc := [4]int{r*n + a, r*n + b, r2*n + a, r2*n + b}
				// rectangles with a placed pair on a row were seen above
				if placed(rc[0]) && placed(rc[1]) || placed(rc[2]) && placed(rc[3]) {
					continue
				}
				if !visit(rc) {
					return
				}
			}
		}
	}
}

// avoidableRect checks one rectangle for avoidable rectangle type typ.
func avoidableRect(g *Grid, typ int, rc [4]int, placed func(int) bool, emit func(*Step) bool) bool {
	{
		// corners: 0 (r1,c1) 1 (r1,c2) 2 (r2,c1) 3 (r2,c2); diagonal pairs 0-3, 1-2.
		for i := 0; i < 4; i++ {
			d := rc[3-i] // the corner opposite i
			x := rc[i]
			var adj [2]int
			k := 0
			for j := 0; j < 4; j++ {
				if j != i && j != 3-i {
					adj[k] = rc[j]
					k++
				}
			}
			switch typ {
			case 1:
				// x, adj placed; adj equal, x different; d empty holds x's value
				if g.Values[d] != 0 || !placed(x) || !placed(adj[0]) || !placed(adj[1]) {
					continue
				}
				va, vb := g.Values[x], g.Values[adj[0]]
				if g.Values[adj[1]] != vb || va == vb {
					continue
				}
				// d would complete a deadly pattern with vb... d = va's diagonal partner
				// corner d is diagonal to x, so the deadly value is va.
				if !g.Has(d, va) {
					continue
				}
				s := &Step{Tech: "avoidable-rectangle-1", Eliminations: []Candidate{{d, va}}, Cells: rc[:], Digits: []uint8{va, vb}}
				s.Cells = append([]int(nil), rc[:]...)
				if !emit(s) {
					return false
				}
			case 2:
				// x and adj[0] placed (a line), adj[1] and d empty
				for _, pl := range [2]int{0, 1} {
					p := adj[pl]
					q := adj[1-pl] // empty, diagonal to p, same line as x
					if !placed(x) || !placed(p) || g.Values[q] != 0 || g.Values[d] != 0 {
						continue
					}
					va, vb := g.Values[x], g.Values[p]
					if va == vb {
						continue
					}
					// deadly: q = vb (opposite p), d = va (opposite x)
					bq, bd := uint32(1)<<(vb-1), uint32(1)<<(va-1)
					if g.Cand[q]&bq == 0 || g.Cand[d]&bd == 0 {
						continue
					}
					xq, xd := g.Cand[q]&^bq, g.Cand[d]&^bd
					if xq != xd || bits.OnesCount32(xq) != 1 {
						continue
					}
					el := seeingAll(g, xq, []int{q, d})
					if len(el) == 0 {
						continue
					}
					s := &Step{Tech: "avoidable-rectangle-2", Eliminations: el, Cells: append([]int(nil), rc[:]...), Digits: []uint8{va, vb}}
					if !emit(s) {
						return false
					}
				}
			}
		}
		return true
	}
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
