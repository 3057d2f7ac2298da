package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJigsawTxtLineNeedsVariant reads a jigsaw puzzle's txt line (the
// puzzle, a space, its regions) with each command that reads plain lines:
// without --variant jigsaw every one names the line and the flag (solve
// and grade said "multiple solutions" or graded a classic puzzle, export
// wrote a classic record with the regions dropped); with it, the puzzle
// solves to the generated record's solution.
func TestJigsawTxtLineNeedsVariant(t *testing.T) {
	const (
		line     = "..4....6.....36............321...53. 115222315242315442315466315466335466"
		solution = "254163563412136245312654645321421536"
	)
	dir := t.TempDir()
	in := filepath.Join(dir, "j.txt")
	if err := os.WriteFile(in, []byte("# a jigsaw\n"+line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", in},
		{"grade", in},
		{"canon", in},
		{"explain", in},
		{"export", in, "--format", "csv", "-o", filepath.Join(dir, "j.csv")},
		{"merge", in, "-o", filepath.Join(dir, "m.jsonl")},
	} {
		code, _, errOut := runCLI(t, "", args...)
		if code == 0 || !strings.Contains(errOut, "j.txt:2: looks like a jigsaw puzzle line") || !strings.Contains(errOut, "--variant jigsaw") {
			t.Errorf("%s: exit %d, stderr %q; want the line refused, naming --variant jigsaw", args[0], code, errOut)
		}
	}
	code, out, errOut := runCLI(t, "", "solve", "--variant", "jigsaw", in)
	if code != 0 || strings.TrimSpace(out) != solution {
		t.Errorf("solve --variant jigsaw: exit %d, %q (%s), want %s", code, out, errOut, solution)
	}
}
