package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSwbook2BatchPDFSize25: batch --size 25 --format pdf is refused
// before a puzzle is made (exit 2, one line, nothing written), as export
// refuses a 25x25 record: it made the puzzles first (a minimal 25x25
// takes from seconds to minutes each) and then failed at the first
// record with exit 1. Formats that take 25x25 still run.
func TestSwbook2BatchPDFSize25(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		out    string
		format string
		size   []string
	}{
		{"a.pdf", "pdf", []string{"--size", "25"}},
		{"b/", "jsonl,pdf", []string{"--size", "25"}},
		{"d.pdf", "pdf", []string{"--box", "5x5"}},
	} {
		out := filepath.Join(dir, c.out)
		start := time.Now()
		args := append(append([]string{"batch"}, c.size...), "--givens", "340-350", "--no-grade", "--count", "1", "--seed", "1", "--format", c.format, "-q", "-o", out)
		code, stdout, errOut := runCLI(t, "", args...)
		if code != 2 || stdout != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "size 25: PDF books print sudoku up to 16x16") {
			t.Errorf("--format %s: exit %d, stdout %q, stderr %q; want exit 2 and one line", c.format, code, stdout, errOut)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("--format %s: refused after %v", c.format, d)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s written", c.out)
		}
	}
	out := filepath.Join(dir, "c.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--size", "25", "--givens", "340-350", "--no-grade", "--count", "1", "--seed", "1", "--format", "jsonl", "-q", "-o", out); code != 0 {
		t.Errorf("--format jsonl: exit %d: %s", code, errOut)
	}
}
