package main

import (
	"strings"
	"testing"
)

// explainSweepKiller4 is a 4x4 killer record whose puzzle is puzzle
// (its solution 2314142332414132).
func explainSweepKiller4(puzzle string) string {
	return `{"v":1,"kind":"killer","size":4,"box":[2,2],"puzzle":"` + puzzle + `","solution":"2314142332414132","cages":[{"sum":5,"cells":[0,1]},{"sum":10,"cells":[2,6,7,10]},{"sum":4,"cells":[3]},{"sum":7,"cells":[4,5,9]},{"sum":3,"cells":[8]},{"sum":3,"cells":[11,15]},{"sum":4,"cells":[12]},{"sum":4,"cells":[13,14]}]}`
}

// TestExplainSweepSolvedGrid: explain --next of a grid whose every cell
// is given says the puzzle is already solved (it said "no step found:
// the implemented techniques cannot make progress here", as if the
// grader were stuck), for classic Sudoku, a variant and a killer; a grid
// with one empty cell gets its Full House, the digit of the solution.
func TestExplainSweepSolvedGrid(t *testing.T) {
	const solved = "531746829427895631698312574983164257152978463764253198276431985315689742849527316"
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"classic, full", "", []string{solved}, explainSolved},
		{"classic 4x4, full", "", []string{"1234341221434321"}, explainSolved},
		{"x, full", "", []string{"--variant", "x", solved}, explainSolved},
		{"killer, full", explainSweepKiller4("2314142332414132"), []string{"-"}, explainSolved},
		{"classic, one empty cell", "", []string{solved[:80] + "."}, "Full House: r9c9 = 6"},
		{"killer, one empty cell", explainSweepKiller4(".314142332414132"), []string{"-"}, "r1c1=2"},
	} {
		code, out, errOut := runCLI(t, c.stdin, append([]string{"explain", "--next"}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.name, code, out, errOut, c.want)
		}
	}
}

// TestExplainSweepStepCount: explain's closing line counts its steps in
// English: "Solved in 1 step" (it said "1 steps"), "0 steps", "2 steps";
// the count is the number of numbered steps printed.
func TestExplainSweepStepCount(t *testing.T) {
	const solved = "531746829427895631698312574983164257152978463764253198276431985315689742849527316"
	for _, c := range []struct {
		puzzle string
		want   string
	}{
		{solved, "Solved in 0 steps;"},
		{solved[:80] + ".", "Solved in 1 step;"},
		{"." + solved[1:80] + ".", "Solved in 2 steps;"},
	} {
		code, out, errOut := runCLI(t, "", "explain", c.puzzle)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("explain %s: exit %d, stderr %q, stdout %q; want %q", c.puzzle, code, errOut, out, c.want)
		}
	}
}
