package generate

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// satCheck runs scripts/satcheck.py (an outside SAT solver proves the
// puzzles unique and, with minimal, every given necessary, checking each
// second solution itself) on recs and returns its output and whether it
// passed. It skips tb when python3 or a SAT solver (minisat, cadical) is
// missing.
func satCheck(tb testing.TB, recs []checkRecord, minimal bool) (string, bool) {
	tb.Helper()
	cmd := testdata.SatChecker(tb)
	var sb strings.Builder
	for _, r := range recs {
		b, _ := json.Marshal(r)
		sb.Write(b)
		sb.WriteByte('\n')
	}
	f := filepath.Join(tb.TempDir(), "p.jsonl")
	if err := os.WriteFile(f, []byte(sb.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	args := append(cmd[1:], f)
	if minimal {
		args = append(cmd[1:], "--minimal", f)
	}
	out, err := exec.Command(cmd[0], args...).CombinedOutput()
	return string(out), err == nil
}

// TestSatCheckScript checks the checker: on 6x6 puzzles it passes a
// minimal one and fails one with an extra given (not minimal), one
// without a needed given (two solutions) and one whose solution breaks a
// rule, each with its own line.
func TestSatCheckScript(t *testing.T) {
	g, err := New(Options{Shape: sudoku.Shape6, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Sudoku(rngFor(5, 0))
	if err != nil {
		t.Fatal(err)
	}
	good := recordOf(p)
	out, ok := satCheck(t, []checkRecord{good}, true)
	if !ok || !strings.Contains(out, "satcheck: 1 passed, 0 failed") {
		t.Fatalf("a minimal puzzle: %s", out)
	}
	extra, fewer, broken := good, good, good
	cells := []byte(good.Puzzle)
	for i, ch := range cells {
		if ch == '.' {
			cells[i] = good.Solution[i]
			extra.Puzzle, extra.Givens = string(cells), good.Givens+1
			cells[i] = '.'
			break
		}
	}
	for i, ch := range cells {
		if ch != '.' {
			cells[i] = '.'
			fewer.Puzzle, fewer.Givens = string(cells), good.Givens-1
			break
		}
	}
	s := []byte(good.Solution)
	s[0], s[1] = s[1], s[0]
	broken.Solution = string(s)
	out, ok = satCheck(t, []checkRecord{extra, fewer, broken, good}, true)
	for _, want := range []string{"line 1: not minimal", "line 2: a second solution exists", "line 3: the solution is not a valid grid", "satcheck: 1 passed, 3 failed"} {
		if ok || !strings.Contains(out, want) {
			t.Fatalf("bad puzzles: want %q in\n%s", want, out)
		}
	}
}
