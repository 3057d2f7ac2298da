package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSummariesSayOne: a summary of one puzzle, input or duplicate says
// it in the singular ("merged 1 puzzle from 1 input"), not "1 puzzles".
func TestSummariesSayOne(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.txt")
	p := "87......1.2..........249.5.........3.....697.1..59.4...14..87..2.......5...7...6."
	os.WriteFile(one, []byte(p+"\n"), 0o644)
	two := filepath.Join(dir, "two.txt")
	os.WriteFile(two, []byte(p+"\n"+p+"\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", one, "-o", filepath.Join(dir, "m.jsonl")}, "merged 1 puzzle from 1 input: 1 kept, 0 duplicates dropped"},
		{[]string{"merge", two, "-o", filepath.Join(dir, "m2.jsonl")}, "two.txt: 2 read, 1 kept, 1 duplicate dropped"},
		{[]string{"canon", "--unique", one}, "1 puzzle, 1 distinct, 0 duplicates dropped"},
		{[]string{"canon", "--unique", two}, "2 puzzles, 1 distinct, 1 duplicate dropped"},
		{[]string{"export", one, "--format", "txt", "-o", filepath.Join(dir, "o.txt")}, "exported 1 puzzle as txt"},
	} {
		code, _, e := runCLI(t, "", tc.args...)
		if code != 0 || !strings.Contains(e, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want it to hold %q", tc.args, code, e, tc.want)
		}
	}
}

// TestHelpNamesEveryKind: the help of the commands that make, solve and
// rate puzzles names every kind they take; batch's, canon's, solve's and grade's
// spoke of classic Sudoku only (their flags named the others).
func TestHelpNamesEveryKind(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"batch", []string{"sudogen batch --variant x", "sudogen batch --kind killer", "sudogen batch --kind slide", "Killer Sudoku (--kind killer"}},
		{"solve", []string{"A Killer Sudoku is read", "--variant reads every plain line", "--kind slide reads sliding-tile boards"}},
		{"export", []string{"a killer's cage map and sums, or a sliding board's tiles", "its variants and Killer Sudoku"}},
		{"canon", []string{"keyed under its own kind's symmetry group", "killer, variant and slide records"}},
		{"grade", []string{"Sudoku variants (--variant", "on the killer scale", "Sliding-tile boards are not graded"}},
	} {
		code, out, e := runCLI(t, "", tc.cmd, "--help")
		for _, w := range tc.want {
			if code != 0 || !strings.Contains(strings.Join(strings.Fields(out), " "), w) {
				t.Errorf("%s --help: exit %d, no %q (%s)", tc.cmd, code, w, e)
			}
		}
	}
}

// TestExplainSlideSaysSolve: explain of a sliding board, which has no
// steps to explain, points to solve --kind slide, which prints its moves.
func TestExplainSlideSaysSolve(t *testing.T) {
	code, _, e := runCLI(t, `{"id":"s","kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}`+"\n", "explain", "-")
	if code != 1 || e != "sudogen: explain: kind slide has no step explanations (solve --kind slide prints the board's shortest solution, move by move)\n" {
		t.Errorf("exit %d, stderr %q", code, e)
	}
}

// TestTechniquesKiller: techniques --kind killer lists the killer ladder
// (the ids killer records count, "innies-outies" among them, which the
// table of Sudoku techniques does not hold), in text and JSON.
func TestTechniquesKiller(t *testing.T) {
	code, out, e := runCLI(t, "", "techniques", "--kind", "killer")
	if code != 0 || !strings.HasPrefix(out, "ID ") || !regexp.MustCompile(`(?m)^innies-outies +Innies and outies \(several cells\) +3\.2$`).MatchString(out) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, e)
	}
	code, out, e = runCLI(t, "", "techniques", "--kind", "killer", "--format", "json")
	if code != 0 || !strings.Contains(out, `{"id":"cage-combination","name":"Cage combinations","rating":1.5}`) {
		t.Errorf("json: exit %d, stdout %q, stderr %q", code, out, e)
	}
	if _, out, _ = runCLI(t, "", "techniques"); strings.Contains(out, "innies-outies") {
		t.Error("the Sudoku table lists innies-outies")
	}
}

// TestRootHelpExitCodes: sudogen --help lists every exit code the
// commands use; it left out 143 (SIGTERM) and 129 (SIGHUP).
func TestRootHelpExitCodes(t *testing.T) {
	_, out, _ := runCLI(t, "", "--help")
	flat := strings.Join(strings.Fields(out), " ")
	for _, w := range []string{"0 success", "1 failure", "2 usage error", "130 interrupted by Ctrl-C", "143 stopped by SIGTERM", "129 by SIGHUP"} {
		if !strings.Contains(flat, w) {
			t.Errorf("sudogen --help: no %q", w)
		}
	}
}
