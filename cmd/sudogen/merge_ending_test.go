package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeOutputEnding: merge writes JSONL, so an -o named for another
// format is refused (exit 2, nothing written) rather than a JSONL file
// named like a txt list or a book; .jsonl, other endings and stdout work.
func TestMergeOutputEnding(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte(".47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31.\n"), 0o644)
	for _, c := range []struct {
		out  string
		code int
		want string
	}{
		{"m.txt", 2, "m.txt ends in .txt, but merge writes JSONL: end -o in .jsonl, then `sudogen export` the merged file with --format txt"},
		{"m.csv", 2, "ends in .csv, but merge writes JSONL"},
		{"m.pdf", 2, "--format pdf"},
		{"m.jsonl", 0, ""},
		{"m.out", 0, ""},
	} {
		t.Run(c.out, func(t *testing.T) {
			out := filepath.Join(dir, c.out)
			code, _, e := runCLI(t, "", "merge", in, "-q", "-o", out)
			if code != c.code || !strings.Contains(e, c.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, e, c.code, c.want)
			}
			b, err := os.ReadFile(out)
			switch {
			case c.code != 0 && err == nil:
				t.Errorf("refused, but %s was written", c.out)
			case c.code == 0 && (err != nil || !strings.HasPrefix(string(b), "{")):
				t.Errorf("%s: %v, %q: want a JSONL record", c.out, err, b)
			}
		})
	}
}
