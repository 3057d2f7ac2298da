package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/testdata"
)

const p17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

// validSolution checks, independently of the sudoku package, that sol is a
// full 9x9 grid with no repeat in a row, column or box, agreeing with
// every given of puzzle.
func validSolution(puzzle, sol string) bool {
	if len(sol) != 81 || len(puzzle) != 81 {
		return false
	}
	for i := 0; i < 81; i++ {
		if sol[i] < '1' || sol[i] > '9' || (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != sol[i]) {
			return false
		}
	}
	for u := 0; u < 9; u++ {
		var row, col, box [10]bool
		for k := 0; k < 9; k++ {
			r := sol[u*9+k] - '0'
			c := sol[k*9+u] - '0'
			b := sol[(u/3*3+k/3)*9+u%3*3+k%3] - '0'
			if row[r] || col[c] || box[b] {
				return false
			}
			row[r], col[c], box[b] = true, true, true
		}
	}
	return true
}

func TestSolveAnswers(t *testing.T) {
	serg := firstPuzzle(t, "serg-multi-solution.txt")
	noSol := "12345678." + "........9" + strings.Repeat(".", 63) // r1c9 must be 9, but 9 is in column 9
	in := strings.Join([]string{
		"# a comment",
		p17 + " 11.2 trailing rating",
		serg,
		"",
		noSol,
		strings.ReplaceAll(p17, ".", "0") + "\tzeros",
	}, "\n")
	code, out, errOut := runCLI(t, in, "solve")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d output lines, want 4: %q", len(lines), out)
	}
	if !validSolution(p17, lines[0]) || lines[3] != lines[0] {
		t.Errorf("17-clue puzzle: got %q and %q", lines[0], lines[3])
	}
	if lines[1] != "multiple solutions" || lines[2] != "no solution" {
		t.Errorf("got %q, %q; want multiple solutions, no solution", lines[1], lines[2])
	}

	// Counting: the empty 4x4 grid has 288 solutions (a known count).
	code, out, _ = runCLI(t, strings.Repeat(".", 16)+"\n"+p17+"\n"+noSol+"\n", "solve", "--count")
	if code != 0 || out != "288\n1\n0\n" {
		t.Errorf("--count: exit %d, out %q; want 288, 1, 0", code, out)
	}
	code, out, _ = runCLI(t, serg+"\n", "solve", "--count", "--limit", "2")
	if code != 0 || out != "2+\n" {
		t.Errorf("--count --limit 2 on a multi-solution puzzle: exit %d, out %q", code, out)
	}
	code, out, _ = runCLI(t, strings.Repeat(".", 16)+"\n", "solve", "--count", "--limit", "100")
	if code != 0 || out != "100+\n" {
		t.Errorf("--count --limit 100: exit %d, out %q", code, out)
	}
	code, out, _ = runCLI(t, p17+"\n", "solve", "--pretty")
	if code != 0 || !strings.HasPrefix(out, "4 1 7 | 3 6 9 | 8 2 5\n") {
		t.Errorf("--pretty: exit %d, out %q", code, out)
	}
}

// TestSolveBadLines: each bad line is named with file and line on stderr,
// "invalid" stands in its place on stdout, the good lines are still solved
// and the exit code is 1.
func TestSolveBadLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.txt")
	os.WriteFile(path, []byte(strings.Join([]string{
		"# my puzzles",
		p17[:80],                        // 2: wrong length
		p17[:5] + "x" + p17[6:],         // 3: bad symbol at r1c6
		"44" + p17[2:],                  // 4: two 4s in row 1
		p17,                             // 5: fine
		"4" + p17[1:9] + "4" + p17[10:], // 6: two 4s in column 1
		`{"puzzle": "` + p17 + `"`,      // 7: broken JSON
		`{"id":"x","kind":"sudoku","box":[3,3],"puzzle":"` + p17 + `"}`, // 8: fine
	}, "\n")), 0o644)
	code, out, errOut := runCLI(t, "", "solve", path)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	wantErr := []string{
		path + ":2: puzzle has 80 characters, expected 81 for 9x9",
		path + ":3: bad symbol 'x' at r1c6",
		path + ":4: 4 appears twice in row 1 (r1c1 and r1c2)",
		path + ":6: 4 appears twice in column 1 (r1c1 and r2c1)",
		path + ":7: bad JSON",
	}
	errLines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
	if len(errLines) != len(wantErr) {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(errLines), len(wantErr), errOut)
	}
	for i, w := range wantErr {
		if !strings.HasPrefix(errLines[i], "sudogen: "+w) {
			t.Errorf("stderr line %d: %q, want prefix %q", i+1, errLines[i], "sudogen: "+w)
		}
	}
	outLines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	want := []string{"invalid", "invalid", "invalid", "", "invalid", "invalid", ""}
	if len(outLines) != len(want) {
		t.Fatalf("stdout %q", out)
	}
	for i, w := range want {
		if w == "" {
			if !validSolution(p17, outLines[i]) {
				t.Errorf("stdout line %d: %q, want a solution", i+1, outLines[i])
			}
		} else if outLines[i] != w {
			t.Errorf("stdout line %d: %q, want %q", i+1, outLines[i], w)
		}
	}

	// --box that does not fit the length.
	code, _, errOut = runCLI(t, p17+"\n", "solve", "--box", "2x3")
	if code != 1 || !strings.Contains(errOut, "stdin:1: puzzle has 81 characters, expected 36 for 6x6") {
		t.Errorf("--box 2x3 on a 9x9 line: exit %d, %q", code, errOut)
	}
}

// TestSolveBatchOutput: solve reads a generated corpus and finds each
// record's own solution.
func TestSolveBatchOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.jsonl")
	if code, _, e := runCLI(t, "", "batch", "-n", "10", "--box", "2x3", "-o", path); code != 0 {
		t.Fatal(e)
	}
	code, out, errOut := runCLI(t, "", "solve", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, _ := os.Open(path)
	defer f.Close()
	sc := bufio.NewScanner(f)
	got := strings.Split(strings.TrimRight(out, "\n"), "\n")
	i := 0
	for sc.Scan() {
		var rec export.Record
		json.Unmarshal(sc.Bytes(), &rec)
		if i >= len(got) || got[i] != rec.Solution {
			t.Fatalf("record %d: solve printed %q, record says %q", i, got[min(i, len(got)-1)], rec.Solution)
		}
		i++
	}
	if i != 10 || len(got) != 10 {
		t.Errorf("%d records, %d answers", i, len(got))
	}
}

func firstPuzzle(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(testdata.Path(t, "sudoku/"+name))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			return l[:81]
		}
	}
	t.Fatalf("no puzzle in %s", name)
	return ""
}
