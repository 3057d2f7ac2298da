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

// TestSwkillStepLine: the step lines of hand-written steps of each kind,
// the name once.
func TestSwkillStepLine(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"Hidden single", "hidden single in row 5: 2 fits only r5c6", "Hidden single in row 5: 2 fits only r5c6"},
		{"Naked single", "naked single: r5c3 can only be 4", "Naked single: r5c3 can only be 4"},
		{"Pointing", "pointing: in box 3, 1 lies in r3c1,r3c2, so not elsewhere in row 3: r3c4<>1", "Pointing: in box 3, 1 lies in r3c1,r3c2, so not elsewhere in row 3: r3c4<>1"},
		{"Last cell of a cage", "last cell of cage 5(2) at r4c6: r4c6 = 5 - 2 = 3", "Last cell of cage 5(2) at r4c6: r4c6 = 5 - 2 = 3"},
		{"Full house", "full house in box 4: r5c2=3", "Full house in box 4: r5c2=3"},
		{"Naked pair", "naked pair in cage 9(3) at r1c1: r1c1,r1c2 hold 45: r2c1<>4,5", "Naked pair in cage 9(3) at r1c1: r1c1,r1c2 hold 45: r2c1<>4,5"},
		{"Cage combinations", "cage 16(2) at r1c1: only {79}: r1c1<>1", "Cage combinations: cage 16(2) at r1c1: only {79}: r1c1<>1"},
		{"Innies and outies (several cells)", "innies of row 9: r9c6 + r9c7 = 12", "Innies and outies (several cells): innies of row 9: r9c6 + r9c7 = 12"},
		{"Innie or outie (one house, one cell)", "innie of box 5: r4c6 = 45 - 43 = 2", "Innie or outie (one house, one cell): innie of box 5: r4c6 = 45 - 43 = 2"},
		{"Cage splitting", "columns 7-8 splits cage 21(4) at r3c7: r3c6 + r3c7 = 6", "Cage splitting: columns 7-8 splits cage 21(4) at r3c7: r3c6 + r3c7 = 6"},
	} {
		if got := stepLine(c.name, c.text); got != c.want {
			t.Errorf("stepLine(%q, %q) = %q, want %q", c.name, c.text, got, c.want)
		}
	}
}
