package grade

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// The explain text is what a player reads: these tests parse it back, as
// the sweep's checker (/tmp/swsteps/check.py) does, and hold every claim
// it makes against independent truth: the puzzle's solution from the
// exact solver and the houses of a 9x9 grid worked out here.

var (
	swstepsCell   = regexp.MustCompile(`r(\d+)c(\d+)`)
	swstepsPlace  = regexp.MustCompile(`r(\d+)c(\d+) = ([1-9])\b`)
	swstepsRemove = regexp.MustCompile(`([1-9]) from ((?:r\d+c\d+(?:, )?)+)`)
	swstepsHouse  = regexp.MustCompile(`^(row|column|box) ([1-9])$`)
	swstepsSingle = regexp.MustCompile(`(?:the only place for [1-9] in|the last empty cell of) ((?:row|column|box) [1-9])$`)
	swstepsLocked = regexp.MustCompile(`^in ((?:row|column|box) [1-9]), [1-9] can only go in ((?:row|column|box) [1-9]) \(`)
	swstepsLink   = regexp.MustCompile(`r(\d)c(\d)(=|≠)([1-9])(?: \((cell|row|column|box)\))?`)
)

// swstepsCellIndex is the 0-based index of "rRcC" on a 9x9 grid.
func swstepsCellIndex(m []string) int {
	r, _ := strconv.Atoi(m[1])
	c, _ := strconv.Atoi(m[2])
	return (r-1)*9 + c - 1
}

// swstepsHouseCells lists the cells of "row 3", "column 7" or "box 5" on a
// 9x9 grid, or nil for any other name.
func swstepsHouseCells(name string) map[int]bool {
	m := swstepsHouse.FindStringSubmatch(name)
	if m == nil {
		return nil
	}
	k, _ := strconv.Atoi(m[2])
	k--
	out := map[int]bool{}
	for i := range 9 {
		switch m[1] {
		case "row":
			out[k*9+i] = true
		case "column":
			out[i*9+k] = true
		default:
			out[(k/3*3+i/3)*9+k%3*3+i%3] = true
		}
	}
	return out
}

// swstepsShare reports whether cells a and b lie in one house of kind
// ("row", "column" or "box").
func swstepsShare(kind string, a, b int) bool {
	switch kind {
	case "row":
		return a/9 == b/9
	case "column":
		return a%9 == b%9
	}
	return a/27 == b/27 && a%9/3 == b%9/3
}

// swstepsCheckText checks one explained step's words: what it says it
// places and removes is the step's own result and agrees with the
// solution, a single's house holds its cell, a locked candidate's
// eliminations lie in its second house and outside its first, and every
// labelled link of a forcing chain stays in the cell or house it names.
func swstepsCheckText(s ExplainedStep, sol []uint8) error {
	text := s.Text
	conclusion := text
	if i := strings.LastIndex(text, "\n"); i >= 0 {
		conclusion = text[i+1:]
	}
	if i := strings.Index(conclusion, "remove "); i >= 0 {
		conclusion, text = conclusion[:i], conclusion[i:]
	} else {
		text = ""
	}
	said := map[string]bool{}
	for _, m := range swstepsPlace.FindAllStringSubmatch(conclusion, -1) {
		c, d := swstepsCellIndex(m), m[3][0]-'0'
		if sol[c] != d {
			return fmt.Errorf("says r%sc%s = %d, the solution has %d", m[1], m[2], d, sol[c])
		}
		said[fmt.Sprintf("p%d/%d", c, d)] = true
	}
	for _, m := range swstepsRemove.FindAllStringSubmatch(text, -1) {
		d := m[1][0] - '0'
		for _, cm := range swstepsCell.FindAllStringSubmatch(m[2], -1) {
			c := swstepsCellIndex(cm)
			if sol[c] == d {
				return fmt.Errorf("removes %d from r%sc%s, the solution's digit", d, cm[1], cm[2])
			}
			said[fmt.Sprintf("e%d/%d", c, d)] = true
		}
	}
	did := map[string]bool{}
	for _, p := range s.Step.Placements {
		did[fmt.Sprintf("p%d/%d", p.Cell, p.Digit)] = true
	}
	for _, e := range s.Step.Eliminations {
		did[fmt.Sprintf("e%d/%d", e.Cell, e.Digit)] = true
	}
	if fmt.Sprint(said) != fmt.Sprint(did) {
		return fmt.Errorf("the words say %v, the step does %v", said, did)
	}
	if m := swstepsSingle.FindStringSubmatch(s.Text); m != nil && len(s.Step.Placements) == 1 {
		if !swstepsHouseCells(m[1])[s.Step.Placements[0].Cell] {
			return fmt.Errorf("%s does not hold the cell placed", m[1])
		}
	}
	if m := swstepsLocked.FindStringSubmatch(s.Text); m != nil {
		in, line := swstepsHouseCells(m[1]), swstepsHouseCells(m[2])
		for _, e := range s.Step.Eliminations {
			if !line[e.Cell] || in[e.Cell] {
				return fmt.Errorf("removes from cell %d, outside %s or inside %s", e.Cell, m[2], m[1])
			}
		}
	}
	for _, line := range strings.Split(s.Text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "if ") {
			continue
		}
		// "(cell; given r7c1≠1)": the givens are not links
		line = regexp.MustCompile(`; given [^)]*\)`).ReplaceAllString(line, ")")
		nodes := swstepsLink.FindAllStringSubmatch(line, -1)
		for i := 1; i < len(nodes); i++ {
			a, b := swstepsCellIndex(nodes[i-1]), swstepsCellIndex(nodes[i])
			switch why := nodes[i][5]; why {
			case "cell":
				if a != b {
					return fmt.Errorf("link labelled (cell) joins two cells: %s", line)
				}
			case "row", "column", "box":
				if nodes[i-1][4] != nodes[i][4] || !swstepsShare(why, a, b) {
					return fmt.Errorf("link labelled (%s) from %s to %s is not in one %s", why, nodes[i-1][0], nodes[i][0], why)
				}
			}
		}
	}
	return nil
}

// TestSwstepsExplainTextAgainstSolution explains puzzles of every SE
// level, forcing chains included, with every profile, and checks every
// step's words.
func TestSwstepsExplainTextAgainstSolution(t *testing.T) {
	puzzles := append(readPuzzles(t, "sudoku/top1465.txt", 2), readPuzzles(t, "sudoku/cb-ser-dev.tsv", 4)...)
	for i, p := range puzzles {
		sol, n := sudoku.Solve(p)
		if n != 1 {
			t.Fatalf("puzzle %d: %d solutions", i, n)
		}
		for _, name := range ProfileNames() {
			prof, _ := ProfileByName(name)
			steps, _, err := Explain(p, prof, Options{Solution: sol.Cells})
			if err != nil {
				t.Fatalf("%s puzzle %d: %v", name, i, err)
			}
			for _, s := range steps {
				if err := swstepsCheckText(s, sol.Cells); err != nil {
					t.Errorf("%s puzzle %d (%s) step %d %s: %v\n%s", name, i, p, s.N, s.Step.Tech, err, s.Text)
				}
			}
		}
	}
}

// TestSwstepsCheckTextCatches feeds the checker steps whose words are
// wrong, so a checker that passes everything cannot hide behind the test
// above.
func TestSwstepsCheckTextCatches(t *testing.T) {
	sol := make([]uint8, 81)
	for i := range sol {
		r, c := i/9, i%9
		sol[i] = uint8((r*3+r/3+c)%9 + 1) // a valid grid
	}
	good := Step{Tech: "hidden-single", Placements: []Candidate{{Cell: 0, Digit: sol[0]}}}
	tests := []struct {
		name string
		s    ExplainedStep
	}{
		{"wrong digit", ExplainedStep{Text: fmt.Sprintf("r1c1 = %d: the only place for %d in box 1", sol[0]%9+1, sol[0]%9+1), Step: good}},
		{"house without the cell", ExplainedStep{Text: fmt.Sprintf("r1c1 = %d: the only place for %d in box 2", sol[0], sol[0]), Step: good}},
		{"removes the solution", ExplainedStep{Text: fmt.Sprintf("remove %d from r1c1", sol[0]),
			Step: Step{Eliminations: []Candidate{{Cell: 0, Digit: sol[0]}}}}},
		{"words differ from the step", ExplainedStep{Text: fmt.Sprintf("r1c1 = %d: the last empty cell of row 1", sol[0]),
			Step: Step{Placements: []Candidate{{Cell: 1, Digit: sol[1]}}}}},
		{"link in no box", ExplainedStep{Text: fmt.Sprintf("assume r1c1=%d: it leads to a contradiction\n  if r1c1=%d → r9c9≠%d (box)\nso: remove %d from r1c1", sol[0]%9+1, sol[0]%9+1, sol[0]%9+1, sol[0]%9+1),
			Step: Step{Eliminations: []Candidate{{Cell: 0, Digit: sol[0]%9 + 1}}}}},
	}
	for _, tc := range tests {
		if err := swstepsCheckText(tc.s, sol); err == nil {
			t.Errorf("%s: %q passed the check", tc.name, tc.s.Text)
		}
	}
	if err := swstepsCheckText(ExplainedStep{Text: fmt.Sprintf("r1c1 = %d: the only place for %d in box 1", sol[0], sol[0]), Step: good}, sol); err != nil {
		t.Errorf("a true step fails: %v", err)
	}
}
