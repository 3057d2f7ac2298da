package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSwresearchStatsHTMLFlagValue: --html takes the next word, so
// `stats --html -o r.html c.jsonl` wrote the report to a file named "-o"
// and read r.html as a corpus. A value that looks like a flag is now a
// usage error, and no file is written.
func TestSwresearchStatsHTMLFlagValue(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.txt")
	line := []byte("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n")
	// r.html, the name meant for the report, reads as a corpus too: the
	// old run read it and wrote "-o".
	for _, name := range []string{corpus, filepath.Join(dir, "r.html")} {
		if err := os.WriteFile(name, line, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	code, _, errOut := runCLI(t, "", "stats", "--html", "-o", "r.html", corpus)
	if code != 2 || !strings.Contains(errOut, "--html -o: looks like a flag") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want exit 2 and one line naming --html -o", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "-o")); err == nil {
		t.Errorf("a report named -o was written")
	}
}
