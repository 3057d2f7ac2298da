package killer

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSwkillExplainNamesOnce: each step explain prints names its
// technique once. The step texts of the singles, intersections and
// subsets start with their technique's words ("hidden single in row 5:
// ..."), and explain put the name before them: "Hidden single: hidden
// single in row 5", "Pointing: pointing: in box 3", "Last cell of a
// cage: last cell of cage 5(2)". Such a step now reads "Hidden single in
// row 5: 2 fits only r5c6"; the others keep "Name: text".
func TestSwkillExplainNamesOnce(t *testing.T) {
	p, _, _, err := Generate(rand.New(rand.NewPCG(9, 9)), Options{Shape: sudoku.Shape6, CageMin: 2, CageMax: 4, Tier: "medium"})
	if err != nil {
		t.Fatal(err)
	}
	steps, _, err := Kind{}.Explain(KindPuzzle{P: p}, "", kind.GradeOptions{}, false)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range steps {
		head, rest, _ := strings.Cut(line, ": ")
		if w, v := swkillWords(head), swkillWords(rest); len(v) > 1 && v[0] == w[0] && (len(w) == 1 || v[1] == w[1]) {
			t.Errorf("the technique's name twice: %q", line)
		}
		if line[0] < 'A' || line[0] > 'Z' {
			t.Errorf("a step starts in lower case: %q", line)
		}
		seen[strings.Fields(line)[0]] = true
	}
	for _, w := range []string{"Hidden", "Full", "Cage"} {
		if !seen[w] {
			t.Errorf("no step starts with %q (the test needs a killer whose path has one): %q", w, steps)
		}
	}
}

// swkillWords are the words of s in lower case, without the punctuation
// that ends them.
func swkillWords(s string) []string {
	w := strings.Fields(strings.ToLower(s))
	for i := range w {
		w[i] = strings.TrimRight(w[i], ":,")
	}
	return w
}
