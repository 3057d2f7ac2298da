// Package refpath reads solve paths recorded from a reference grader
// (Sudoku Explainer, SukakuExplainer) and compares a grader's steps with
// them, step by step. A path file is tab-separated text, "#" lines
// comments: an optional variant list, the puzzle (81 cells), the
// reference's rating, then its steps separated by ";". A step that sets
// a value is "c=d" (c the cell, 0-80 row by row; d the digit), any other
// the candidates it removes, "c-d" by cell then digit, comma-separated.
package refpath

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/grade"
)

// Row is one recorded path.
type Row struct {
	Line     int    // line number in the file
	Variants string // the variant list (empty in a file without one)
	Puzzle   string
	Rating   float64
	Steps    []string
}

// Read reads a path file whose rows have the variant list first when
// variants is set.
func Read(name string, variants bool) ([]Row, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	want := 3
	if variants {
		want = 4
	}
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fld := strings.Split(text, "\t")
		if len(fld) != want {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d", name, line, len(fld), want)
		}
		r := Row{Line: line}
		if variants {
			r.Variants, fld = fld[0], fld[1:]
		}
		r.Puzzle = fld[0]
		if r.Rating, err = strconv.ParseFloat(fld[1], 64); err != nil {
			return nil, fmt.Errorf("%s:%d: rating %q: %v", name, line, fld[1], err)
		}
		r.Steps = strings.Split(fld[2], ";")
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// Effect writes what a step does in the file's form.
func Effect(s grade.Step) string {
	var xs []string
	if len(s.Placements) > 0 {
		for _, c := range s.Placements {
			xs = append(xs, fmt.Sprintf("%d=%d", c.Cell, c.Digit))
		}
		return strings.Join(xs, ",")
	}
	el := slices.Clone(s.Eliminations)
	slices.SortFunc(el, func(a, b grade.Candidate) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return int(a.Digit) - int(b.Digit)
	})
	for _, c := range el {
		xs = append(xs, fmt.Sprintf("%d-%d", c.Cell, c.Digit))
	}
	return strings.Join(xs, ",")
}

// Compare returns "" when steps do what the row's path does, step for
// step, else the first difference in words.
func (r Row) Compare(steps []grade.Step) string {
	for i := range max(len(r.Steps), len(steps)) {
		var got string
		if i < len(steps) {
			got = Effect(steps[i])
		}
		if i < len(r.Steps) && i < len(steps) && got == r.Steps[i] {
			continue
		}
		exp := "(none)"
		if i < len(r.Steps) {
			exp = r.Steps[i]
		}
		if i < len(steps) {
			got = fmt.Sprintf("%s (%s %.1f)", got, steps[i].Tech, steps[i].Difficulty)
		} else {
			got = "(none)"
		}
		return fmt.Sprintf("step %d: reference %s, ours %s (steps: reference %d, ours %d)", i+1, exp, got, len(r.Steps), len(steps))
	}
	return ""
}
