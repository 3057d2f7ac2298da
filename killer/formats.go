package killer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// The killer text forms of other programs (docs/records.md, "Killer text
// forms"), besides the cage map of Parse and Format:
//
//   - SudokuWiki's killer solver link, killersudoku.htm?bd=C,S: C gives
//     each cell, row by row, a colour digit such that cells sharing a
//     side are in the same cage exactly when they have the same colour;
//     S gives each cell two digits, the cage's sum in the cage's first
//     cell (row by row) and 00 in the others.
//   - The short "arrow" form of the Sudoku forums (one character a cell,
//     row by row): a cage's sum in one cell (0-9, A-Z for 10-35, a-j for
//     36-45), every other cell an arrow to a neighbour of its cage (<, >,
//     ^, v, and ` ' , . for the diagonals up-left, up-right, down-left,
//     down-right) along a path that ends at the sum.
//   - SumoCue's form, 3x3::k:v1:v2:...:v81: (3x3:d:k:... for Killer-X):
//     each cell's value is sum*256 + the number of its cage.

// ParseText reads a killer in any of the forms sudogen knows: the cage map
// (Parse), a SudokuWiki link or its bd= value, the arrow form, SumoCue's.
func ParseText(text string) (*Puzzle, error) {
	t := strings.TrimSpace(uncomment(text))
	switch {
	case strings.Contains(t, "bd=") || sudokuWikiShape(t):
		return ParseSudokuWiki(t)
	case strings.Contains(t, ":k:"):
		return ParseSumoCue(t)
	case arrowShape(t):
		return ParseArrows(t)
	}
	return Parse(text)
}

// uncomment is text without its '#' comments, each to the end of its
// line. No killer text form holds '#' otherwise: the cage map's labels
// leave it out, and the other forms are digits, arrows and separators
// (a SudokuWiki link's '#' starts its fragment, which holds no puzzle).
func uncomment(text string) string {
	if !strings.Contains(text, "#") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, ln := range lines {
		if j := strings.IndexByte(ln, '#'); j >= 0 {
			lines[i] = ln[:j]
		}
	}
	return strings.Join(lines, "\n")
}

// sudokuWikiShape reports whether t looks like a bare bd value: N² digits,
// a comma, 2N² digits.
func sudokuWikiShape(t string) bool {
	a, b, ok := strings.Cut(t, ",")
	return ok && len(b) == 2*len(a) && allDigits(a) && allDigits(b)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}

// arrowShape reports whether t is one word of N² characters with an arrow.
func arrowShape(t string) bool {
	if strings.ContainsAny(t, " \t\n=") {
		return false
	}
	if _, err := sudoku.ShapeForCells(len(t)); err != nil {
		return false
	}
	return strings.ContainsAny(t, "<>^v")
}

// ParseSudokuWiki reads SudokuWiki's killer form: a link holding
// bd=COLOURS,SUMS, or the value alone.
func ParseSudokuWiki(text string) (*Puzzle, error) {
	t := strings.TrimSpace(text)
	if i := strings.Index(t, "bd="); i >= 0 {
		t = t[i+3:]
		if j := strings.IndexAny(t, "&# "); j >= 0 {
			t = t[:j]
		}
	}
	cols, sums, ok := strings.Cut(t, ",")
	if !ok {
		return nil, fmt.Errorf("killer: SudokuWiki form: expected bd=COLOURS,SUMS (a comma between them)")
	}
	shape, err := sudoku.ShapeForCells(len(cols))
	if err != nil || shape.N() > MaxN {
		return nil, fmt.Errorf("killer: SudokuWiki form: %d colour digits, expected 81 (or 16, 36, 64)", len(cols))
	}
	if !allDigits(cols) {
		return nil, fmt.Errorf("killer: SudokuWiki form: the colours must be digits")
	}
	if len(sums) != 2*len(cols) || !allDigits(sums) {
		return nil, fmt.Errorf("killer: SudokuWiki form: %s, expected %d digits (two a cell)", numfmt.Count(len(sums), "sum character"), 2*len(cols))
	}
	g, err := geometry(shape, false)
	if err != nil {
		return nil, err
	}
	// cages: the groups of same-coloured cells that share sides
	owner := make([]int, g.Cells)
	for i := range owner {
		owner[i] = -1
	}
	p := &Puzzle{Geo: g}
	var nb []int
	for c := 0; c < g.Cells; c++ {
		if owner[c] >= 0 {
			continue
		}
		k := len(p.Cages)
		cg := Cage{Sum: -1}
		stack := []int{c}
		owner[c] = k
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cg.Cells = append(cg.Cells, x)
			if v, _ := strconv.Atoi(sums[2*x : 2*x+2]); v != 0 {
				if cg.Sum >= 0 {
					return nil, fmt.Errorf("killer: SudokuWiki form: the cage at %s has two sums (%d at %s and %d)", g.CellName(c), cg.Sum, g.CellName(x), v)
				}
				cg.Sum = v
			}
			for _, y := range g.Neighbours(nb[:0], x) {
				if owner[y] < 0 && cols[y] == cols[x] {
					owner[y] = k
					stack = append(stack, y)
				}
			}
		}
		if cg.Sum < 0 {
			return nil, fmt.Errorf("killer: SudokuWiki form: the cage at %s has no sum", g.CellName(c))
		}
		p.Cages = append(p.Cages, cg)
	}
	p.Sort()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// FormatSudokuWiki writes p as SudokuWiki's bd value COLOURS,SUMS (for
// its link, killersudoku.htm?bd=...): the cages coloured 1-4 so that
// neighbouring cages differ, each cage's sum in its first cell. Killer-X
// and givens have no place in the form.
func FormatSudokuWiki(p *Puzzle) (string, error) {
	if p == nil || p.Geo == nil {
		return "", errNoGeometry
	}
	if err := noHiddenSums(p, "SudokuWiki's form"); err != nil {
		return "", err
	}
	if p.Geo.X || p.GivenCount() > 0 {
		return "", fmt.Errorf("killer: SudokuWiki's killer form holds plain killers without givens")
	}
	colour := colourCages(p)
	owner := p.CageOf()
	var b strings.Builder
	for c := 0; c < p.Geo.Cells; c++ {
		b.WriteByte(byte('1' + colour[owner[c]]))
	}
	b.WriteByte(',')
	first := make([]bool, len(p.Cages))
	for c := 0; c < p.Geo.Cells; c++ {
		k := owner[c]
		if first[k] {
			b.WriteString("00")
			continue
		}
		first[k] = true
		fmt.Fprintf(&b, "%02d", p.Cages[k].Sum)
	}
	return b.String(), nil
}

// colourCages gives each cage a colour 0..3 such that cages sharing a
// side differ (the cages form a plane map, so four colours do): a
// backtracking search, cages in order of their first cells.
func colourCages(p *Puzzle) []int {
	owner := p.CageOf()
	adj := make([][]int, len(p.Cages))
	seen := map[[2]int]bool{}
	var nb []int
	for c := 0; c < p.Geo.Cells; c++ {
		for _, d := range p.Geo.Neighbours(nb[:0], c) {
			a, b := owner[c], owner[d]
			if a != b && !seen[[2]int{a, b}] {
				seen[[2]int{a, b}], seen[[2]int{b, a}] = true, true
				adj[a] = append(adj[a], b)
				adj[b] = append(adj[b], a)
			}
		}
	}
	colour := make([]int, len(p.Cages))
	for i := range colour {
		colour[i] = -1
	}
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(p.Cages) {
			return true
		}
		for col := 0; col < 4; col++ {
			ok := true
			for _, j := range adj[k] {
				ok = ok && colour[j] != col
			}
			if !ok {
				continue
			}
			colour[k] = col
			if rec(k + 1) {
				return true
			}
		}
		colour[k] = -1
		return false
	}
	rec(0)
	return colour
}

// arrowStep maps an arrow to its (row, column) step.
var arrowStep = map[byte][2]int{
	'<': {0, -1}, '>': {0, 1}, '^': {-1, 0}, 'v': {1, 0},
	'`': {-1, -1}, '\'': {-1, 1}, ',': {1, -1}, '.': {1, 1},
}

// ParseArrows reads the forums' short killer form: one character a cell,
// a sum (0-9, A-Z = 10..35, a-j = 36..45) in one cell of each cage, an
// arrow in each other cell pointing along its cage towards the sum.
func ParseArrows(text string) (*Puzzle, error) {
	t := strings.Join(strings.Fields(text), "")
	shape, err := sudoku.ShapeForCells(len(t))
	if err != nil || shape.N() > MaxN {
		return nil, fmt.Errorf("killer: arrow form: %s, expected 81 (or 16, 36, 64)", numfmt.Count(len(t), "character"))
	}
	g, err := geometry(shape, false)
	if err != nil {
		return nil, err
	}
	next := make([]int, g.Cells)
	for c := 0; c < g.Cells; c++ {
		ch := t[c]
		st, arrow := arrowStep[ch]
		if !arrow {
			if arrowSum(ch) < 0 {
				return nil, fmt.Errorf("killer: arrow form: %s holds %q: expected a sum (0-9, A-Z, a-j) or an arrow (< > ^ v ` ' , .)", g.CellName(c), ch)
			}
			next[c] = c
			continue
		}
		r, col := g.Rows[c]+st[0], g.Cols[c]+st[1]
		if r < 0 || r >= g.N || col < 0 || col >= g.N {
			return nil, fmt.Errorf("killer: arrow form: the arrow %q at %s points off the grid", ch, g.CellName(c))
		}
		next[c] = r*g.N + col
	}
	head := map[int]int{} // sum cell -> cage
	p := &Puzzle{Geo: g}
	for c := 0; c < g.Cells; c++ {
		h := c
		for steps := 0; next[h] != h; steps++ {
			if steps > g.Cells {
				return nil, fmt.Errorf("killer: arrow form: the arrows from %s go round in a loop", g.CellName(c))
			}
			h = next[h]
		}
		k, ok := head[h]
		if !ok {
			k = len(p.Cages)
			head[h] = k
			p.Cages = append(p.Cages, Cage{Sum: arrowSum(t[h])})
		}
		p.Cages[k].Cells = append(p.Cages[k].Cells, c)
	}
	p.Sort()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// arrowSum reads a sum character of the arrow form, -1 if it is none.
func arrowSum(ch byte) int {
	switch {
	case ch >= '0' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'j':
		return int(ch-'a') + 36
	}
	return -1
}

// FormatArrows writes p in the arrow form: each cage's sum in its first
// cell (row by row), every other cell an arrow (<, >, ^, v) to the
// neighbour it was reached from by a breadth-first walk of the cage from
// that cell. Killer-X and givens have no place in the form.
func FormatArrows(p *Puzzle) (string, error) {
	if p == nil || p.Geo == nil {
		return "", errNoGeometry
	}
	g := p.Geo
	if g.X || p.GivenCount() > 0 {
		return "", fmt.Errorf("killer: the arrow form holds plain killers without givens")
	}
	if err := noHiddenSums(p, "the arrow form"); err != nil {
		return "", err
	}
	out := make([]byte, g.Cells)
	var nb []int
	for _, cg := range p.Cages {
		in := Set(cg.Cells)
		h := cg.Cells[0]
		for _, c := range cg.Cells {
			h = min(h, c)
		}
		out[h] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"[cg.Sum]
		var done CellSet
		done.Add(h)
		queue := []int{h}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range g.Neighbours(nb[:0], x) {
				if !in.Has(y) || done.Has(y) {
					continue
				}
				done.Add(y)
				queue = append(queue, y)
				switch y - x {
				case 1:
					out[y] = '<'
				case -1:
					out[y] = '>'
				case g.N:
					out[y] = '^'
				default:
					out[y] = 'v'
				}
			}
		}
	}
	return string(out), nil
}

// ParseSumoCue reads SumoCue's killer form: RxC:D:k: then one value a
// cell, row by row, each sum*256 + cage number, separated by colons (a
// colon may end it); D is d for Killer-X, empty otherwise.
func ParseSumoCue(text string) (*Puzzle, error) {
	parts := strings.Split(strings.TrimSpace(text), ":")
	if len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) < 4 || parts[2] != "k" {
		return nil, fmt.Errorf("killer: SumoCue form: expected 3x3::k: then one value a cell")
	}
	shape, err := sudoku.ParseShape(parts[0])
	if err != nil || shape.N() > MaxN {
		return nil, fmt.Errorf("killer: SumoCue form: box %q: expected 3x3 (or 2x2, 2x3, 2x4)", parts[0])
	}
	if parts[1] != "" && parts[1] != "d" {
		return nil, fmt.Errorf("killer: SumoCue form: variant %q: expected d (diagonals) or nothing", parts[1])
	}
	vals := parts[3:]
	if len(vals) != shape.Cells() {
		return nil, fmt.Errorf("killer: SumoCue form: %d cell values, expected %d", len(vals), shape.Cells())
	}
	g, err := geometry(shape, parts[1] == "d")
	if err != nil {
		return nil, err
	}
	byID := map[int]int{}
	p := &Puzzle{Geo: g}
	for c, s := range vals {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("killer: SumoCue form: %s: value %q: expected sum*256 + cage number", g.CellName(c), s)
		}
		sum, id := v/256, v%256
		if sum == 0 {
			return nil, fmt.Errorf("killer: SumoCue form: %s is in no cage (value %d): sudogen's killers cage every cell", g.CellName(c), v)
		}
		k, ok := byID[id]
		if !ok {
			k = len(p.Cages)
			byID[id] = k
			p.Cages = append(p.Cages, Cage{Sum: sum})
		} else if p.Cages[k].Sum != sum {
			return nil, fmt.Errorf("killer: SumoCue form: cage %d has sums %d and %d", id, p.Cages[k].Sum, sum)
		}
		p.Cages[k].Cells = append(p.Cages[k].Cells, c)
	}
	p.Sort()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// FormatSumoCue writes p in SumoCue's form, cages numbered from 1 in the
// order of their first cells, with the closing colon. Givens have no
// place in the form.
func FormatSumoCue(p *Puzzle) (string, error) {
	if p == nil || p.Geo == nil {
		return "", errNoGeometry
	}
	g := p.Geo
	if p.GivenCount() > 0 {
		return "", fmt.Errorf("killer: SumoCue's killer form holds killers without givens")
	}
	if err := noHiddenSums(p, "SumoCue's killer form"); err != nil {
		return "", err
	}
	q := *p
	q.Cages = append([]Cage(nil), p.Cages...)
	q.Sort()
	owner := q.CageOf()
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d:", g.Shape.BoxRows, g.Shape.BoxCols)
	if g.X {
		b.WriteByte('d')
	}
	b.WriteString(":k:")
	for c := 0; c < g.Cells; c++ {
		k := owner[c]
		b.WriteString(strconv.Itoa(q.Cages[k].Sum*256 + k + 1))
		b.WriteByte(':')
	}
	return b.String(), nil
}

// noHiddenSums refuses a killer with a hidden sum for a form (named by
// what) that gives every cage a sum.
func noHiddenSums(p *Puzzle, what string) error {
	for _, cg := range p.Cages {
		if cg.Hidden() {
			return fmt.Errorf("killer: %s gives every cage a sum: the cage at %s hides its sum", what, p.Geo.CellName(cg.Cells[0]))
		}
	}
	return nil
}
