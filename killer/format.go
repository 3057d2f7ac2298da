package killer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Labels are the characters the cage map names cages with, in the order
// Format hands them out: enough for 81 one-cell cages, and none that
// Parse reads otherwise ('#' starts a comment, ';' separates words;
// docs/records.md, "Killer text form").
const Labels = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&()*+-/:<>?@[]^_{|}~"

// keyLabels are the labels of CanonicalKey's cage map: Labels with '#'
// and ';' where Format handed them out until 2026-12-07. A key is
// compared, never parsed (a band permutation can cut a cage in two), so
// it keeps them: the keys of killers of 64 or more cages stay those of
// the corpora already written (--exclude, --resume, merge).
const keyLabels = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+-/:;<>?@[]^_{|}~"

// Parse reads a killer in the cage-map form (docs/records.md, "Killer
// text form"): the map, N rows of N labels (one character a cell, each
// cage its own label), written on N lines or as one word of N*N
// characters, then one `label=sum` word per cage (`label=?` for a cage
// whose sum is hidden); words are separated by
// spaces, commas, semicolons or line breaks; `#` starts a comment to the
// end of the line. An optional word `x` makes it Killer-X; an optional
// word `givens=<N*N characters>` (`.` or `0` empty) adds givens. The
// side N (4, 6, 8 or 9) is read from the map.
func Parse(text string) (*Puzzle, error) {
	var lines []string
	for _, ln := range strings.Split(text, "\n") {
		if i := strings.IndexByte(ln, '#'); i >= 0 {
			ln = ln[:i]
		}
		lines = append(lines, ln)
	}
	words := strings.FieldsFunc(strings.Join(lines, " "), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\r' || r == ',' || r == ';'
	})
	var cmap strings.Builder
	sums := map[byte]int{}
	var order []byte
	x := false
	givens := ""
	for _, w := range words {
		switch {
		case strings.EqualFold(w, "x"):
			x = true
		case strings.HasPrefix(w, "givens="):
			givens = w[len("givens="):]
		case strings.Contains(w, "="):
			i := strings.IndexByte(w, '=')
			if i != 1 {
				return nil, fmt.Errorf("killer: %q: expected label=sum with a one-character label", w)
			}
			v, err := strconv.Atoi(w[2:])
			if w[2:] == "?" {
				v, err = 0, nil // a hidden sum
			} else if err != nil || v < 1 {
				return nil, fmt.Errorf("killer: %q: the sum must be a positive whole number, or ? for a hidden sum", w)
			}
			if _, dup := sums[w[0]]; dup {
				return nil, fmt.Errorf("killer: cage %q has two sums", w[:1])
			}
			sums[w[0]] = v
			order = append(order, w[0])
		default:
			if len(sums) > 0 {
				return nil, fmt.Errorf("killer: map word %q after the sums: expected the map first", w)
			}
			cmap.WriteString(w)
		}
	}
	m := cmap.String()
	shape, err := sudoku.ShapeForCells(len(m))
	if err != nil {
		return nil, fmt.Errorf("killer: cage map of %d characters: expected 16, 36, 64 or 81 (N rows of N labels)", len(m))
	}
	g, err := geometry(shape, x)
	if err != nil {
		return nil, err
	}
	byLabel := map[byte]int{}
	p := &Puzzle{Geo: g}
	for c := 0; c < len(m); c++ {
		l := m[c]
		if l == '.' || l == '=' || l > '~' {
			return nil, fmt.Errorf("killer: cage map: %s has label %q: expected a printable character other than . and =", g.CellName(c), l)
		}
		k, ok := byLabel[l]
		if !ok {
			sum, has := sums[l]
			if !has {
				return nil, fmt.Errorf("killer: cage %q (at %s) has no sum: expected a word %c=<sum>", l, g.CellName(c), l)
			}
			k = len(p.Cages)
			byLabel[l] = k
			p.Cages = append(p.Cages, Cage{Sum: sum})
		}
		p.Cages[k].Cells = append(p.Cages[k].Cells, c)
	}
	for _, l := range order {
		if _, used := byLabel[l]; !used {
			return nil, fmt.Errorf("killer: sum given for cage %q, which the map does not use", l)
		}
	}
	if givens != "" {
		gr, err := sudoku.Parse(givens, shape)
		if err != nil {
			return nil, fmt.Errorf("killer: givens: %v", err)
		}
		p.Givens = make([]int8, g.Cells)
		for c, v := range gr.Cells {
			p.Givens[c] = int8(v)
		}
	}
	p.Sort()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// Format writes p in the cage-map form Parse reads: the map as N lines,
// then the sums on one line, labels handed out in the order of the cages'
// top-left cells; `x` and `givens=` words when they apply. A puzzle
// without a geometry gives "".
func Format(p *Puzzle) string {
	return format(p, "\n", Labels)
}

// FormatLine writes p in the one-line cage-map form: the map as one word
// of N*N labels, then the sums; "" for a puzzle without a geometry.
func FormatLine(p *Puzzle) string {
	return format(p, "", Labels)
}

// format writes p's cage map with rows separated by rowSep, the cages
// labelled from labels in the order of their top-left cells.
func format(p *Puzzle, rowSep, labels string) string {
	if p == nil || p.Geo == nil {
		return ""
	}
	g := p.Geo
	q := *p
	q.Cages = append([]Cage(nil), p.Cages...)
	q.Sort()
	label := make([]byte, g.Cells)
	var sums []string
	for k, cg := range q.Cages {
		l := labels[k%len(labels)]
		for _, c := range cg.Cells {
			label[c] = l
		}
		if cg.Hidden() {
			sums = append(sums, fmt.Sprintf("%c=?", l))
		} else {
			sums = append(sums, fmt.Sprintf("%c=%d", l, cg.Sum))
		}
	}
	var b strings.Builder
	if g.X {
		b.WriteString("x" + map[bool]string{true: "\n", false: " "}[rowSep != ""])
	}
	for r := 0; r < g.N; r++ {
		b.Write(label[r*g.N : (r+1)*g.N])
		b.WriteString(rowSep)
	}
	if rowSep == "" {
		b.WriteByte(' ')
	}
	b.WriteString(strings.Join(sums, ","))
	if p.GivenCount() > 0 {
		b.WriteString(" givens=")
		for _, v := range p.Givens {
			if v == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte(sudoku.Symbols[v-1])
			}
		}
	}
	if rowSep != "" {
		b.WriteString("\n")
	}
	return b.String()
}

// SolutionString writes a solution as N*N symbols, row by row: '.' for
// a 0 (a cell not yet solved) and '?' for a value with no symbol, as
// sudoku.Grid.String does.
func SolutionString(sol []int8) string {
	b := make([]byte, len(sol))
	for i, v := range sol {
		switch {
		case v == 0:
			b[i] = '.'
		case v < 0 || int(v) > len(sudoku.Symbols):
			b[i] = '?'
		default:
			b[i] = sudoku.Symbols[v-1]
		}
	}
	return string(b)
}

// ParseSolution reads a solution of N*N symbols for geometry g.
func ParseSolution(g *Geometry, text string) ([]int8, error) {
	gr, err := sudoku.Parse(strings.TrimSpace(text), g.Shape)
	if err != nil {
		return nil, fmt.Errorf("killer: solution: %v", err)
	}
	out := make([]int8, g.Cells)
	for i, v := range gr.Cells {
		if v == 0 {
			return nil, fmt.Errorf("killer: solution: %s is empty", g.CellName(i))
		}
		out[i] = int8(v)
	}
	return out, nil
}
