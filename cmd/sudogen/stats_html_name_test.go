package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStatsHTMLNotACorpusName: --html takes the next word, so `stats
// --html a.jsonl b.jsonl` (a.jsonl meant as an input) wrote the report
// over a.jsonl. A report name that ends as another output format's
// (jsonl, txt, csv, pdf, xlsx) is refused with one line and exit 2, the
// file left as it was; .html, .htm and a name without an extension are
// written.
func TestStatsHTMLNotACorpusName(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "b.jsonl")
	line := `{"v":1,"kind":"sudoku","size":9,"box":[3,3],"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}` + "\n"
	if err := os.WriteFile(corpus, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.jsonl", "a.JSONL", "a.txt", "a.csv", "a.pdf", "a.xlsx"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "", "stats", "--html", path, corpus)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "not for the HTML report") {
			t.Errorf("--html %s: exit %d, stdout %q, stderr %q; want one line refusing the name, exit 2", name, code, out, errOut)
		}
		if b, _ := os.ReadFile(path); string(b) != line {
			t.Errorf("--html %s: the file was changed", name)
		}
	}
	for _, name := range []string{"r.html", "r.htm", "report"} {
		path := filepath.Join(dir, name)
		code, _, errOut := runCLI(t, "", "stats", "-q", "--html", path, corpus)
		b, _ := os.ReadFile(path)
		if code != 0 || !strings.HasPrefix(string(b), "<!DOCTYPE html>") {
			t.Errorf("--html %s: exit %d (%s), the report not written", name, code, errOut)
		}
	}
}

// TestStatsQuietNeedsHTML: -q silences stats' summary on stdout, which
// without --html is all it writes: such a run (exit 0, no output) is
// refused with one line instead.
func TestStatsQuietNeedsHTML(t *testing.T) {
	corpus := filepath.Join(t.TempDir(), "c.jsonl")
	if err := os.WriteFile(corpus, []byte(`{"v":1,"kind":"sudoku","puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"stats", "-q", corpus}, {"stats", "--quiet", "--format", "json", corpus}} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "-q without --html") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line refusing -q, exit 2", args, code, out, errOut)
		}
	}
}
