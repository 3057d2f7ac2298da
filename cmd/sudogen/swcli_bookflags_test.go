package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatOnlyFlagsRefused: a flag only some output formats read (a
// book's --per-page, the workbook's --grids, the play page's --no-hints)
// given to a batch or export that writes none of them is refused in one
// line naming the flag and the format that reads it (exit 2, nothing
// written), where before it was ignored without a word; where a format
// of the run reads it, it is taken.
func TestFormatOnlyFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	corpus := exportCorpus(t, "2")
	tiers, err := os.ReadFile("../../configs/tiers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tiersFile := filepath.Join(dir, "tiers.yaml")
	if err := os.WriteFile(tiersFile, tiers, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		out  string   // the output, in dir
		args []string // before -o out
		want []string // in the one line; none: the run succeeds
	}{
		{"a.jsonl", []string{"batch", "--no-grade", "--per-page", "6"}, []string{"--per-page applies to PDF books (--format pdf)", "this run writes JSONL only"}},
		{"b.jsonl", []string{"batch", "--no-grade", "--preset", "a4", "--page", "a5"}, []string{"--page and --preset apply to PDF books", "leave them out"}},
		{"c.jsonl", []string{"batch", "--no-grade", "--grids", "2", "--author", "Ann"}, []string{"--author applies to PDF books (--format pdf), and --grids to XLSX workbooks (--format xlsx)"}},
		{"d.pdf", []string{"batch", "--no-grade", "--format", "pdf", "--grids", "2"}, []string{"--grids applies to XLSX workbooks", "this run writes pdf"}},
		{"e/", []string{"batch", "--no-grade", "--format", "jsonl,csv", "--title", "T"}, []string{"--title applies to PDF books and play pages (--format pdf or html)", "this run writes jsonl,csv"}},
		{"f.xlsx", []string{"export", corpus, "--per-page", "6"}, []string{"--per-page applies to PDF books", "this export writes xlsx"}},
		{"g.csv", []string{"export", corpus, "--large-print"}, []string{"--large-print applies to PDF books", "this export writes csv"}},
		{"h.pdf", []string{"export", corpus, "--no-hints"}, []string{"--no-hints applies to play pages (--format html)"}},
		{"i.html", []string{"export", corpus, "--tiers", tiersFile}, []string{"--tiers applies to PDF books"}},
		{"j.txt", []string{"export", corpus, "--format", "jsonl", "--solutions", "none"}, []string{"--solutions applies to PDF books", "this export writes jsonl"}},
		// --lang and --font: refused by batch as export refuses them
		{"r.jsonl", []string{"batch", "--no-grade", "--lang", "de"}, []string{"--lang de: jsonl is written in no language"}},
		{"u/", []string{"batch", "--no-grade", "--format", "jsonl,csv", "--lang", "de"}, []string{"--lang de: jsonl, csv are written in no language"}},
		{"v.xlsx", []string{"batch", "--no-grade", "--format", "xlsx", "--font", "../../configs/tiers.yaml"}, []string{"--font: xlsx takes no font file"}},
		// a format of the run reads the flag: taken
		{"k.pdf", []string{"batch", "--no-grade", "--format", "pdf", "--per-page", "6", "--title", "T"}, nil},
		{"l/", []string{"batch", "--no-grade", "--format", "jsonl,xlsx", "--grids", "1"}, nil},
		{"m.jsonl", []string{"batch", "--tiers", tiersFile}, nil},
		{"n.xlsx", []string{"export", corpus, "--grids", "1"}, nil},
		{"o.html", []string{"export", corpus, "--title", "T", "--no-hints"}, nil},
		{"p.pdf", []string{"export", corpus, "--preset", "a4", "--tiers", tiersFile, "--no-cage-table"}, nil},
		{"s.xlsx", []string{"export", corpus, "--lang", "de"}, nil},
		{"w.xlsx", []string{"batch", "--no-grade", "--format", "xlsx", "--lang", "de"}, nil},
		{"t.html", []string{"export", corpus, "--lang", "de", "--no-hints"}, nil},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out := filepath.Join(dir, c.out)
			args := append(append([]string{}, c.args...), "-q", "-o", out)
			if c.args[0] == "batch" {
				args = append(args, "--count", "1", "--seed", "1")
			}
			code, stdout, errOut := runCLI(t, "", args...)
			if c.want == nil {
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				return
			}
			if code != 2 || stdout != "" || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and one line", code, stdout, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s written", c.out)
			}
		})
	}
}

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
