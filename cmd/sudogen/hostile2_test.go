package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchFormatSEKinds: --format se with a kind rated on its own scale
// (killer, slide) is a usage error said before anything is made (exit 2,
// no file); it failed at the first record, after making it, with exit 1.
// A variant run, rated on the SE scale, writes it.
func TestBatchFormatSEKinds(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--kind", "killer", "--size", "4"}, 2, "--format se: killer puzzles have no Sudoku Explainer ratings"},
		{[]string{"--kind", "slide", "--size", "3"}, 2, "--format se: slide puzzles have no Sudoku Explainer ratings"},
		{[]string{"--variant", "x", "--size", "4"}, 0, ""},
	} {
		for _, format := range []string{"se", "jsonl,se"} {
			out := filepath.Join(t.TempDir(), "out.se.txt")
			if format != "se" {
				out = filepath.Join(t.TempDir(), "book") + "/"
			}
			args := append([]string{"batch", "--count", "1", "--seed", "1", "-q", "--format", format, "-o", out}, c.args...)
			code, _, stderr := runCLI(t, "", args...)
			_, statErr := os.Stat(out)
			if code != c.code || !strings.Contains(stderr, c.err) || (c.code != 0) != os.IsNotExist(statErr) {
				t.Errorf("%v: exit %d, stderr %q, output there: %v; want exit %d, %q", args, code, stderr, statErr == nil, c.code, c.err)
			}
		}
	}
}
