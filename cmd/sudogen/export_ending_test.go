package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportOutputEnding: export with --format writes that format, so an
// -o named for another format (--format txt -o x.csv: txt under a .csv
// name, which a spreadsheet then misreads) is refused with one line and
// exit 2, nothing written; an ending no format has, or the format's own
// (se's .txt included, any case), is written.
func TestExportOutputEnding(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.jsonl")
	if err := os.WriteFile(corpus, []byte(`{"v":1,"kind":"sudoku","puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		format, out string
		refuse      bool
	}{
		{"txt", "x.csv", true},
		{"pdf", "x.html", true},
		{"jsonl", "x.xlsx", true},
		{"csv", "x.TXT", true},
		{"txt", "x.txt", false},
		{"se", "x.txt", false},
		{"jsonl", "x.JSONL", false},
		{"txt", "x.dat", false},
		{"csv", "x", false},
	} {
		out := filepath.Join(dir, c.format+"-"+c.out)
		code, _, errOut := runCLI(t, "", "export", corpus, "--format", c.format, "-q", "-o", out)
		_, statErr := os.Stat(out)
		if c.refuse {
			if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "--format "+c.format+" but -o ") || statErr == nil {
				t.Errorf("--format %s -o %s: exit %d, stderr %q, written %v; want one line, exit 2, nothing written", c.format, c.out, code, errOut, statErr == nil)
			}
		} else if code != 0 || statErr != nil {
			t.Errorf("--format %s -o %s: exit %d (%s), want it written", c.format, c.out, code, errOut)
		}
	}
}
