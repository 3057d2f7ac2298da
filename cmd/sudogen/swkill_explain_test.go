package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSwkillExplainGivensShowsCages: explain of a killer record with
// givens prints the puzzle a reader needs to follow its steps, which name
// cages ("cage 20(3) at r1c1"): the cage map (N rows of N labels, one
// label a cage, as the record's cages group the cells), the sums
// (label=sum) and the givens (givens=, the record's puzzle). Before,
// the givens alone were printed as a Sudoku grid, with no cage at all.
func TestSwkillExplainGivensShowsCages(t *testing.T) {
	p, sol, _, err := killer.Generate(rand.New(rand.NewPCG(6, 6)), killer.Options{Shape: sudoku.Shape6, Givens: 3, CageMin: 2, CageMax: 4})
	if err != nil {
		t.Fatal(err)
	}
	rec := killer.NewRecord(p, sol, nil)
	dotted := rec.Puzzle
	// The puzzle with '.' for an empty cell, as sudogen writes it, and
	// with '0', as readers accept it.
	for _, puzzle := range []string{dotted, strings.ReplaceAll(dotted, ".", "0")} {
		rec.Puzzle = puzzle
		swkillExplainShowsCages(t, rec, dotted)
	}
}

// swkillExplainShowsCages runs explain on rec, a 6x6 killer record with
// givens, and checks that it prints the cage map, the sums and
// givens=dotted.
func swkillExplainShowsCages(t *testing.T, rec killer.Record, dotted string) {
	t.Helper()
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "givens.jsonl")
	if err := os.WriteFile(file, append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "explain", file)
	if code != 0 {
		t.Fatalf("explain: exit %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	const n = 6
	if len(lines) < n+1 {
		t.Fatalf("explain printed:\n%s", out)
	}
	// The map: n rows of n labels; cells share a label exactly when the
	// record puts them in one cage.
	labelOf := make([]byte, 0, n*n)
	for _, row := range lines[:n] {
		if len(row) != n {
			t.Fatalf("explain's puzzle does not start with the %dx%d cage map:\n%s", n, n, out)
		}
		labelOf = append(labelOf, row...)
	}
	sums := map[string]bool{}
	for _, w := range strings.FieldsFunc(lines[n], func(r rune) bool { return r == ',' || r == ' ' }) {
		sums[w] = true
	}
	for _, cg := range rec.Cages {
		l := labelOf[cg.Cells[0]]
		for c := range labelOf {
			if (labelOf[c] == l) != slices.Contains(cg.Cells, c) {
				t.Fatalf("the map's label %q at cell %d does not match cage %v:\n%s", l, c, cg.Cells, out)
			}
		}
		if w := string(l) + "=" + strconv.Itoa(cg.Sum); !sums[w] {
			t.Errorf("cage %v: no %q among the sums %q", cg.Cells, w, lines[n])
		}
	}
	if !sums["givens="+dotted] {
		t.Errorf("puzzle %s: no givens=%s after the sums: %q", rec.Puzzle, dotted, lines[n])
	}
	// A solution still prints as a grid (solve --pretty).
	code, out, errOut = runCLI(t, "", "solve", "--pretty", file)
	if code != 0 || !strings.Contains(out, strings.Join(strings.Split(rec.Solution[:3], ""), " ")+" | ") {
		t.Errorf("solve --pretty: exit %d, %s%s", code, out, errOut)
	}
}
