package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookFlagPairs: a book flag that acts only beside another (the
// cover's --blurb and --cover-color, --copyright-year of the
// --copyright-holder notice) given without it, and --ids with --no-ids,
// are refused in one line (exit 2, no book), in export and in batch
// --format pdf, where before the book left them out without a word. With
// the flag they act with, or empty (--blurb ""), they are taken; a bad
// value is still said as such first.
func TestBookFlagPairs(t *testing.T) {
	dir := t.TempDir()
	corpus := exportCorpus(t, "2")
	for i, c := range []struct {
		args []string
		want string // "": taken
	}{
		{[]string{"--blurb", "A fine book"}, "--blurb is the back cover's text, which only --cover writes: add --cover, or drop --blurb"},
		{[]string{"--cover-color", "#102030"}, "--cover-color is the cover's background, which only --cover writes: add --cover, or drop --cover-color"},
		{[]string{"--copyright-year", "2020"}, "--copyright-year is the year of the notice --copyright-holder prints"},
		{[]string{"--copyright-year", "2020", "--copyright", "© 2020 Ann"}, "add --copyright-holder, or drop --copyright-year"},
		{[]string{"--ids", "--no-ids"}, "give either --ids (print each puzzle's id) or --no-ids (leave them out), not both"},
		{[]string{"--cover-color", "teal"}, `--cover-color "teal": expected #RRGGBB`},
		{[]string{"--cover", "--blurb", "A fine book", "--cover-color", "#102030"}, ""},
		{[]string{"--copyright-year", "2020", "--copyright-holder", "Ann"}, ""},
		{[]string{"--blurb", ""}, ""},
		{[]string{"--preset", "proof", "--no-ids"}, ""},
	} {
		for _, cmd := range [][]string{
			{"export", corpus, "-q", "-o", filepath.Join(dir, "e.pdf")},
			{"batch", "--count", "1", "--seed", "1", "--no-grade", "-q", "--format", "pdf", "-o", filepath.Join(dir, "b.pdf")},
		} {
			args := append(cmd, c.args...)
			code, _, errOut := runCLI(t, "", args...)
			out := cmd[len(cmd)-1]
			if c.want == "" {
				if code != 0 {
					t.Errorf("case %d %v: exit %d: %s", i, args, code, errOut)
				}
				os.Remove(out)
				os.Remove(strings.TrimSuffix(out, ".pdf") + "-cover.pdf")
				continue
			}
			if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
				t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 and one line saying %q", i, args, code, errOut, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("case %d %v: %s written", i, args, out)
			}
		}
	}
}
