package main

import (
	"bufio"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/testdata"
)

// TestGradeSELines: grade --format se writes serate's line for each
// input puzzle, in input order, and its ER is Sudoku Explainer's own
// (cb-ser-dev.tsv, rated by SE 1.2.1: an independent truth).
func TestGradeSELines(t *testing.T) {
	var in strings.Builder
	var want []string
	for i, f := range testdata.Fields(t, "sudoku/cb-ser-dev.tsv") {
		if i%100 != 0 {
			continue
		}
		in.WriteString(f[0] + "\n")
		want = append(want, f[0]+" ED="+f[1]+"/")
		if len(want) == 40 {
			break
		}
	}
	code, out, errOut := runCLI(t, in.String(), "grade", "--format", "se", "--as-given")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines for %d puzzles", len(lines), len(want))
	}
	line := regexp.MustCompile(`^[.1-9]{81} ED=\d+\.\d/\d+\.\d/\d+\.\d$`)
	for i := range want {
		if !line.MatchString(lines[i]) || !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q, want %q... (SE's ER)", i+1, lines[i], want[i])
		}
	}
}

// TestGradeCSV: a header (the record's columns, status, filled) and a row
// per puzzle that encoding/csv reads, not-unique puzzles included.
func TestGradeCSV(t *testing.T) {
	in := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" + strings.Repeat(".", 81) + "\n"
	code, out, errOut := runCLI(t, in, "grade", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("%d rows, %v:\n%s", len(rows), err, out)
	}
	head := strings.Join(rows[0], ",")
	if head != strings.Join(export.CSVColumns, ",")+",status,filled" {
		t.Errorf("header %s", head)
	}
	if rows[1][0] != strings.TrimSpace(strings.Split(in, "\n")[0]) || rows[1][2] != "2.6" || rows[1][3] != "medium" || rows[1][len(rows[1])-2] != "" {
		t.Errorf("rated row %v", rows[1])
	}
	if rows[2][len(rows[2])-2] != "multiple solutions" || rows[2][2] != "" {
		t.Errorf("not-unique row %v", rows[2])
	}
}

// TestExportAndBatchLineFormats: export picks txt, csv and se by name or
// extension, to a file or stdout; batch --format writes them into its
// folder; every one holds the corpus's puzzles in order.
func TestExportAndBatchLineFormats(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "-n", "4", "--seed", "8", "-q", "-o", corpus); code != 0 {
		t.Fatal(errOut)
	}
	var puzzles []string
	f, _ := os.Open(corpus)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r export.Record
		if err := export.DecodeRecord(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, r.Puzzle)
	}
	f.Close()
	check := func(what, text, format string) {
		t.Helper()
		lines := strings.Split(strings.TrimSpace(text), "\n")
		if format == "csv" {
			lines = lines[1:]
		}
		if len(lines) != len(puzzles) {
			t.Fatalf("%s: %d lines for %d puzzles:\n%s", what, len(lines), len(puzzles), text)
		}
		for i, p := range puzzles {
			ok := lines[i] == p
			switch format {
			case "csv":
				ok = strings.HasPrefix(lines[i], p+",")
			case "se":
				ok = regexp.MustCompile(`^` + regexp.QuoteMeta(p) + ` ED=\d+\.\d/\d+\.\d/\d+\.\d$`).MatchString(lines[i])
			}
			if !ok {
				t.Errorf("%s line %d: %q, puzzle %s", what, i+1, lines[i], p)
			}
		}
	}
	for _, c := range []struct{ format, out string }{
		{"txt", "-"}, {"csv", "-"}, {"se", "-"},
		{"", filepath.Join(dir, "x.txt")}, {"", filepath.Join(dir, "x.csv")}, {"se", filepath.Join(dir, "x.se")},
	} {
		args := []string{"export", corpus, "-q", "-o", c.out}
		if c.format != "" {
			args = append(args, "--format", c.format)
		}
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		format := c.format
		if c.out != "-" {
			b, err := os.ReadFile(c.out)
			if err != nil {
				t.Fatal(err)
			}
			out = string(b)
			if format == "" {
				format = strings.TrimPrefix(filepath.Ext(c.out), ".")
			}
		}
		check(strings.Join(args, " "), out, format)
	}
	folder := filepath.Join(dir, "book")
	if code, _, errOut := runCLI(t, "", "batch", "-n", "4", "--seed", "8", "-q", "--format", "txt,csv,se", "-o", folder); code != 0 {
		t.Fatal(errOut)
	}
	for file, format := range map[string]string{"puzzles.txt": "txt", "puzzles.csv": "csv", "puzzles.se.txt": "se"} {
		b, err := os.ReadFile(filepath.Join(folder, file))
		if err != nil {
			t.Fatal(err)
		}
		check("batch --format "+format, string(b), format)
	}
	if code, _, errOut := runCLI(t, "", "export", corpus, "-o", filepath.Join(dir, "x.foo")); code != 2 || !strings.Contains(errOut, "txt") {
		t.Errorf("unknown extension: exit %d, %s", code, errOut)
	}
}

// TestGradeSEMatchesSerate: grade --format se --as-given writes, byte for
// byte, the lines Sudoku Explainer's serate printed for the same puzzles
// (testdata/serate: 40 generated puzzles and 13 of top1465, ER from 1.5 to
// 9.0, EP and ED up to 2.8).
func TestGradeSEMatchesSerate(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "serate", "puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "serate", "serate.txt"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, string(in), "grade", "--format", "se", "--as-given")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := strings.Split(out, "\n")
	for i, w := range strings.Split(string(want), "\n") {
		if i >= len(got) || got[i] != w {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Errorf("line %d:\n got %s\nwant %s (serate)", i+1, g, w)
		}
	}
}
