package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExplainStdinKinds: explain - reads the puzzle as the argument would
// give it: a killer record whole (its canonical key holds a space), a
// killer's cage map over several lines, a jigsaw line's regions after the
// puzzle with --variant jigsaw; and solve --pretty prints a killer's
// solution as a grid, not its cage map.
func TestExplainStdinKinds(t *testing.T) {
	rec := easyKillers(t, "1", "2")
	var r struct{ Solution string }
	if err := json.Unmarshal([]byte(rec), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec, " ") {
		t.Fatalf("the test needs a record with a space: %q", rec)
	}
	code, want, errOut := runCLI(t, "", "explain", "--next", strings.TrimSpace(rec))
	if code != 0 || want == "" {
		t.Fatalf("explain RECORD: exit %d: %s", code, errOut)
	}
	// explain prints the killer's cage map first: six rows, then the sums.
	code, full, errOut := runCLI(t, "", "explain", strings.TrimSpace(rec))
	lines := strings.Split(full, "\n")
	if code != 0 || len(lines) < 8 {
		t.Fatalf("explain RECORD: exit %d: %s", code, errOut)
	}
	multi := strings.Join(lines[:7], "\n") + "\n"
	oneLine := strings.Join(lines[:6], "") + " " + lines[6] + "\n"
	for name, in := range map[string]string{
		"record":         "# a comment\n\n" + rec,
		"one-line map":   oneLine,
		"multi-line map": multi,
	} {
		code, out, errOut := runCLI(t, in, "explain", "--next", "-")
		if code != 0 || out != want {
			t.Errorf("explain - (%s): exit %d, %q, want %q; %s", name, code, out, want, errOut)
		}
	}

	code, out, errOut := runCLI(t, rec, "solve", "--pretty")
	if code != 0 || !strings.HasPrefix(out, strings.Join(strings.Split(r.Solution[:3], ""), " ")+" |") {
		t.Errorf("solve --pretty of a killer: exit %d\n%s%s", code, out, errOut)
	}

	// A jigsaw puzzle of the published set, as a plain line.
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", "testdata", "mit", "variant", "published.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var puzzle, regions string
	for _, l := range strings.Split(string(data), "\n") {
		var j struct {
			Puzzle, Regions string
			Variants        []string
		}
		if json.Unmarshal([]byte(l), &j) == nil && slices.Equal(j.Variants, []string{"jigsaw"}) {
			puzzle, regions = j.Puzzle, j.Regions
			break
		}
	}
	if puzzle == "" {
		t.Fatal("no jigsaw record in published.jsonl")
	}
	code, want, errOut = runCLI(t, "", "explain", "--next", "--variant", "jigsaw", puzzle, regions)
	if code != 0 {
		t.Fatalf("explain --variant jigsaw: exit %d: %s", code, errOut)
	}
	code, out, errOut = runCLI(t, puzzle+" "+regions+"\n", "explain", "--next", "--variant", "jigsaw", "-")
	if code != 0 || out != want {
		t.Errorf("explain --variant jigsaw - : exit %d, %q, want %q; %s", code, out, want, errOut)
	}
}

// TestExplainFile: explain FILE explains the file's first puzzle as
// explain - does stdin's (a classic line, a classic Sudoku record, a
// killer record); a file name that names no file is a usage error saying
// so, not a bad grid; a file that is not text is named, not called stdin.
func TestExplainFile(t *testing.T) {
	dir := t.TempDir()
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	rec := easyKillers(t, "1", "2")
	// a batch corpus's first line: explained as its puzzle
	sudokuRec := `{"v":1,"id":"s9-0000000","kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + p + `","givens":17,"seed":1,"index":0}` + "\n"
	_, plain, _ := runCLI(t, "", "explain", "--next", p)
	for name, content := range map[string]string{"c.txt": "# first\n" + p + "\n" + p + "\n", "k.jsonl": rec, "s.jsonl": sudokuRec + sudokuRec} {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		code, got, errOut := runCLI(t, "", "explain", "--next", f)
		_, want, _ := runCLI(t, content, "explain", "--next", "-")
		if code != 0 || got != want || got == "" {
			t.Errorf("explain %s: exit %d, %q, want explain -'s %q: %s", name, code, got, want, errOut)
		}
		if name != "k.jsonl" && got != plain {
			t.Errorf("explain %s: %q, want the puzzle's own %q", name, got, plain)
		}
	}
	if code, got, errOut := runCLI(t, "", "explain", "--next", strings.TrimSpace(sudokuRec)); code != 0 || got != plain {
		t.Errorf("explain RECORD of kind sudoku: exit %d, %q, want %q: %s", code, got, plain, errOut)
	}
	nul := filepath.Join(dir, "nul.txt")
	if err := os.WriteFile(nul, []byte(p+"\x00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "", "explain", nul); code != 1 || !strings.Contains(errOut, nul+":1: NUL byte") {
		t.Errorf("explain of a file with a NUL byte: exit %d: %q, want it named %s:1", code, errOut, nul)
	}
	code, _, errOut := runCLI(t, "", "explain", filepath.Join(dir, "none.txt"))
	if code != 2 || !strings.Contains(errOut, "none.txt: no such file") {
		t.Errorf("explain of a missing file: exit %d: %s", code, errOut)
	}
	// A bad record is named by its file and line (stdin's too), not as
	// the command line's argument, and is a bad input line (exit 1), not
	// a usage error.
	var r map[string]any
	if err := json.Unmarshal([]byte(rec), &r); err != nil {
		t.Fatal(err)
	}
	cages := r["cages"].([]any)
	cages[0].(map[string]any)["sum"] = 99
	b, _ := json.Marshal(r)
	f := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(f, append([]byte("# a comment\n\n"), append(b, '\n')...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, in, want string }{{f, "", f + ":3: "}, {"-", "# a comment\n\n" + string(b) + "\n", "stdin:3: "}} {
		if code, _, errOut := runCLI(t, c.in, "explain", c.arg); code != 1 || !strings.Contains(errOut, c.want+"killer: cage 1") {
			t.Errorf("explain %s of a bad record: exit %d: %q, want %q", c.arg, code, errOut, c.want)
		}
	}
}
