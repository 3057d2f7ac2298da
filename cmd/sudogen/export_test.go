package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// corpus makes a small real corpus with the batch command.
func exportCorpus(t *testing.T, n string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "c.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--count", n, "--seed", "3", "-q", "--progress", "never", "-o", path); code != 0 {
		t.Fatalf("batch: %d %s", code, errOut)
	}
	return path
}

func TestExportFormats(t *testing.T) {
	src := exportCorpus(t, "12")
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		out  string
	}{
		{[]string{"--per-page", "2"}, "b.pdf"},
		{nil, "b.xlsx"},
		{[]string{"--format", "jsonl"}, "b.out"},
	} {
		out := filepath.Join(dir, c.out)
		args := append([]string{"export", src, "-o", out}, c.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if !strings.Contains(errOut, "exported 12 puzzles") {
			t.Errorf("%v: summary %q", args, errOut)
		}
		if st, err := os.Stat(out); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", out, err)
		}
	}
	a, _ := os.ReadFile(src)
	b, _ := os.ReadFile(filepath.Join(dir, "b.out"))
	if !bytes.Equal(a, b) {
		t.Error("jsonl export without filters changed the corpus")
	}
}

// TestExportPresetOverride: a preset sets the page, a flag overrides its
// per-page; pdfinfo sees the 6x9 trim.
func TestExportPresetOverride(t *testing.T) {
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Skip("pdfinfo not installed")
	}
	src := exportCorpus(t, "9")
	out := filepath.Join(t.TempDir(), "p.pdf")
	if code, _, errOut := runCLI(t, "", "export", src, "--preset", "pocket-6x9", "--per-page", "1", "--solutions", "none", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	info, err := exec.Command("pdfinfo", out).Output()
	if err != nil {
		t.Fatal(err)
	}
	// 4 front pages + one page per puzzle (per-page 1 overrides the
	// preset's 2; tiers may add none), no key: 13, and a closing blank
	// for an even count.
	if !strings.Contains(string(info), "432 x 648 pts") || !regexp.MustCompile(`Pages:\s+14\n`).Match(info) {
		t.Errorf("pdfinfo:\n%s", info)
	}
}

func TestExportFilter(t *testing.T) {
	src := exportCorpus(t, "20")
	code, out, errOut := runCLI(t, "", "export", src, "--sort", "rating", "--limit", "5", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5", len(lines))
	}
	prev := -1.0
	for _, l := range lines {
		var r struct{ Rating float64 }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Rating < prev {
			t.Errorf("not sorted by rating: %v after %v", r.Rating, prev)
		}
		prev = r.Rating
	}
	// Every rating in the corpus is at least the 5th lowest kept.
	all, _ := os.ReadFile(src)
	below := 0
	for _, l := range strings.Split(strings.TrimSpace(string(all)), "\n") {
		var r struct{ Rating float64 }
		json.Unmarshal([]byte(l), &r)
		if r.Rating < prev {
			below++
		}
	}
	if below > 4 {
		t.Errorf("%d corpus ratings below the 5th kept (%v)", below, prev)
	}
}

// TestExportBadInput: each problem is one line on stderr, with exit 2 for
// flags and 1 for files.
func TestExportBadInput(t *testing.T) {
	dir := t.TempDir()
	src := exportCorpus(t, "3")
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, []byte("# nothing\n\n"), 0o644)
	bad := filepath.Join(dir, "bad.jsonl")
	good, _ := os.ReadFile(src)
	os.WriteFile(bad, append(good, []byte("{\"id\":\"x\",\"kind\":\"sudoku\",\"puzzle\":\"12\"\n")...), 0o644)
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"empty corpus", []string{empty, "-o", filepath.Join(dir, "e.pdf")}, 1, "empty corpus"},
		{"unknown preset", []string{src, "--preset", "kdp-5x8", "-o", filepath.Join(dir, "u.pdf")}, 2, `unknown preset "kdp-5x8"`},
		{"per-page 5", []string{src, "--per-page", "5", "-o", filepath.Join(dir, "p.pdf")}, 2, "per-page 5: expected 1, 2, 4 or 6"},
		{"bad line", []string{bad, "-o", filepath.Join(dir, "b.pdf")}, 1, "bad.jsonl:4: bad JSON"},
		{"unwritable", []string{src, "-o", filepath.Join(dir, "missing", "x.pdf")}, 1, "cannot write"},
		{"no format", []string{src, "-o", filepath.Join(dir, "x.doc")}, 2, "--format not given"},
		{"missing input", []string{filepath.Join(dir, "nope.jsonl"), "-o", filepath.Join(dir, "n.pdf")}, 1, "cannot read"},
		{"bad date", []string{src, "--date", "yesterday", "-o", filepath.Join(dir, "d.pdf")}, 2, `--date "yesterday"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", append([]string{"export"}, c.args...)...)
			if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want exit %d and one line saying %q", code, errOut, c.code, c.want)
			}
		})
	}
	if os.Geteuid() != 0 { // root writes anywhere
		code, _, errOut := runCLI(t, "", "export", src, "-o", filepath.Join(ro, "x.pdf"))
		if code != 1 || !strings.Contains(errOut, "permission denied") {
			t.Errorf("read-only folder: exit %d, %q", code, errOut)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("files left behind: %v", names)
	}
}

// TestExportChecksRecords: a book or workbook gets only puzzles with one
// solution and the right solution (named by file:line otherwise, whatever
// --solutions says); plain puzzle lines are solved for the answer key.
func TestExportChecksRecords(t *testing.T) {
	dir := t.TempDir()
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, []byte("# plain lines, no solutions\n"+puzzle+"\n"), 0o644)
	ones := filepath.Join(dir, "ones.jsonl")
	os.WriteFile(ones, []byte(`{"id":"a","kind":"sudoku","puzzle":"`+puzzle+`","solution":"`+solution+`"}`+"\n"+
		`{"id":"b","kind":"sudoku","puzzle":"`+puzzle+`","solution":"`+strings.Repeat("1", 81)+`"}`+"\n"), 0o644)
	many := filepath.Join(dir, "many.txt")
	os.WriteFile(many, []byte(puzzle+"\n\n"+strings.Repeat(".", 80)+"1\n"), 0o644)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"wrong solution pdf", []string{ones, "-o", filepath.Join(dir, "o.pdf")}, "ones.jsonl:2: solution is wrong: r1c1 is 1"},
		{"wrong solution xlsx", []string{ones, "-o", filepath.Join(dir, "o.xlsx")}, "ones.jsonl:2: solution is wrong"},
		{"several solutions", []string{many, "--solutions", "none", "-o", filepath.Join(dir, "m.pdf")}, "many.txt:3: puzzle has more than one solution"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", append([]string{"export"}, c.args...)...)
			if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want exit 1 and one line saying %q", code, errOut, c.want)
			}
		})
	}
	out := filepath.Join(dir, "plain.pdf")
	if code, _, errOut := runCLI(t, "", "export", plain, "-o", out); code != 0 {
		t.Fatalf("plain lines: exit %d: %s", code, errOut)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	text, err := exec.Command("pdftotext", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	// The key's last row, as pdftotext reads it: the solution's digits.
	if !strings.Contains(strings.Join(strings.Fields(string(text)), ""), solution[72:]) {
		t.Errorf("the answer key lacks the solution's last row %s", solution[72:])
	}
}

// TestBookFlagsRefused: titles the fonts cannot draw and margins that are
// not numbers in range are usage errors (exit 2, one line), in export and
// in batch --format pdf, before anything is written.
func TestBookFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	src := exportCorpus(t, "3")
	out := filepath.Join(dir, "b.pdf")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title", "🧩"}, `--title: the book's fonts (Go Regular, Bold) cannot draw "🧩" (U+1F9E9)`},
		{[]string{"--subtitle", "数独"}, `--subtitle: the book's fonts (Go Regular, Bold) cannot draw "数" (U+6570), "独" (U+72EC): give --font FILE.ttf`},
		{[]string{"--author", "סודוקו"}, `--author: right-to-left text (Hebrew "ס" (U+05E1)) cannot be set`},
		{[]string{"--lang", "xx"}, `--lang "xx": no table for this language: expected one of de (Deutsch), en (English)`},
		{[]string{"--lang", "ja"}, `--lang ja: the book's fonts (Go Regular, Bold) cannot draw`},
		{[]string{"--font", "/no/such.ttf"}, `--font: cannot read /no/such.ttf: no such file or directory`},
		{[]string{"--font", src}, `--font: ` + src + `: not a TrueType or OpenType font`},
		{[]string{"--paper", "gold"}, `--paper "gold": expected white, cream or color`},
		{[]string{"--cover-color", "teal"}, `--cover-color "teal": expected #RRGGBB`},
		{[]string{"--copyright", "© me", "--copyright-holder", "me"}, `--copyright-holder "me": give either --copyright`},
		{[]string{"--margin", "NaN"}, "--margin NaN in: expected between"},
		{[]string{"--margin", "Inf"}, "--margin +Inf in: expected between"},
		{[]string{"--margin", "-1"}, "--margin -1 in: expected between"},
		{[]string{"--gutter", "NaN"}, `--gutter "nan": expected auto or inches`},
		{[]string{"--gutter", "-Inf"}, `--gutter "-inf": expected auto or inches`},
		{[]string{"--gutter", "-0.5"}, `--gutter "-0.5": expected auto or inches`},
	} {
		for _, cmd := range [][]string{
			append([]string{"export", src, "-o", out}, c.args...),
			append([]string{"batch", "--count", "2", "--seed", "1", "-q", "--format", "pdf", "-o", filepath.Join(dir, "batch")}, c.args...),
		} {
			code, _, errOut := runCLI(t, "", cmd...)
			if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line saying %q", cmd, code, errOut, c.want)
			}
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a book was written")
	}
	if _, err := os.Stat(filepath.Join(dir, "batch", "puzzles.pdf")); err == nil {
		t.Error("batch wrote a book")
	}
}

// TestTitleAnyScriptOffPDF (audit 2026-12-02 #18): a play page shows its
// title with the browser's fonts, so a title in any script is taken for
// html, by export and by batch beside a workbook; the page carries it. A
// PDF in the same batch still refuses it (exit 2), and so does a bad
// --format (which may have meant pdf). A run that writes no book and no
// page (a workbook alone, JSONL) refuses --title as a flag it cannot use
// (exit 2, checkFormatFlags), not for its script.
func TestTitleAnyScriptOffPDF(t *testing.T) {
	dir := t.TempDir()
	src := exportCorpus(t, "2")
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"export", src, "--no-hints", "-o", filepath.Join(dir, "p.html")}, 0},
		{[]string{"export", src, "-o", filepath.Join(dir, "p.xlsx")}, 2},
		{[]string{"batch", "--count", "2", "--seed", "1", "--no-grade", "-q", "--format", "html,xlsx", "-o", filepath.Join(dir, "b")}, 0},
		{[]string{"batch", "--count", "2", "--seed", "1", "--no-grade", "-q", "--format", "html,pdf", "-o", filepath.Join(dir, "c")}, 2},
		// Without --format, batch writes JSONL only: no book, no page,
		// so no title to take.
		{[]string{"batch", "--count", "2", "--seed", "1", "--no-grade", "-q", "-o", filepath.Join(dir, "d.jsonl")}, 2},
		{[]string{"batch", "--count", "2", "--seed", "1", "--no-grade", "-q", "--format", "pfd", "-o", filepath.Join(dir, "e")}, 2},
	} {
		args := append(c.args, "--title", "数独 🧩")
		code, _, errOut := runCLI(t, "", args...)
		if code != c.code {
			t.Errorf("%v: exit %d, stderr %q; want exit %d", args, code, errOut, c.code)
		}
	}
	for _, page := range []string{filepath.Join(dir, "p.html"), filepath.Join(dir, "b", "puzzles.html")} {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "<title>数独 🧩</title>") {
			t.Errorf("%s: no <title>数独 🧩</title>", page)
		}
	}
}

// TestExportKDP: margins under KDP's minimums are usage errors; --force
// prints the book with WARNING lines on stderr, even with -q; every book
// gets a preflight summary whose spine width follows its page count.
func TestExportKDP(t *testing.T) {
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Skip("pdfinfo not installed")
	}
	dir := t.TempDir()
	src := exportCorpus(t, "6")
	out := filepath.Join(dir, "k.pdf")
	code, _, errOut := runCLI(t, "", "export", src, "--margin", "0.125", "--gutter", "0.1", "-o", out)
	if code != 2 || !strings.Contains(errOut, "--margin 0.125 in: under KDP's minimum top, bottom and outside margin of 0.25 in") {
		t.Errorf("thin margins: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "export", src, "--gutter", "0.4", "--per-page", "1", "--solutions", "none", "-o", out)
	if code != 0 || !strings.Contains(errOut, "preflight "+out+": trim 8.5 x 11 in (no bleed), 10 pages") {
		t.Errorf("gutter 0.4 on 10 pages: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "export", src, "--margin", "0.125", "--gutter", "0.1", "--force", "-q", "-o", out)
	if code != 0 || strings.Count(errOut, "WARNING: ") != 2 || !strings.Contains(errOut, "inside margin (gutter) 0.1 in is under KDP's minimum of 0.375 in") {
		t.Errorf("--force -q: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "export", src, "--title", "Sudoku", "--author", "Ann Lee",
		"--copyright", "Copyright © 2026 Ann Lee. All rights reserved.", "--isbn", "978-0-306-40615-7", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	info, _ := exec.Command("pdfinfo", out).Output()
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindSubmatch(info)
	pages, _ := strconv.Atoi(string(m[1]))
	if want := fmt.Sprintf("spine: %.3f in on white paper, %.3f in on cream", float64(pages)*0.002252, float64(pages)*0.0025); !strings.Contains(errOut, want) {
		t.Errorf("preflight lacks %q:\n%s", want, errOut)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	text, _ := exec.Command("pdftotext", "-f", "1", "-l", "2", out, "-").Output()
	front := strings.Split(string(text), "\f")
	if !strings.Contains(front[0], "Ann Lee") {
		t.Errorf("title page lacks the author:\n%s", front[0])
	}
	for _, w := range []string{"Copyright © 2026 Ann Lee. All rights reserved.", "ISBN 978-0-306-40615-7", "by Ann Lee"} {
		if !strings.Contains(front[1], w) {
			t.Errorf("copyright page lacks %q:\n%s", w, front[1])
		}
	}
	code, _, errOut = runCLI(t, "", "export", src, "--isbn", "978-0-306-40615-8", "-o", out)
	if code != 2 || !strings.Contains(errOut, "--isbn \"978-0-306-40615-8\": check digit is wrong") {
		t.Errorf("bad isbn: exit %d, %q", code, errOut)
	}
}

// TestExportSortDescending: --sort -rating gives the highest ratings
// first (the README's "100 hardest expert puzzles"), --sort -id the ids
// backwards.
func TestExportSortDescending(t *testing.T) {
	src := exportCorpus(t, "20")
	all, _ := os.ReadFile(src)
	var ratings []float64
	var ids []string
	for _, l := range strings.Split(strings.TrimSpace(string(all)), "\n") {
		var r struct {
			ID     string
			Rating float64
		}
		json.Unmarshal([]byte(l), &r)
		ratings = append(ratings, r.Rating)
		ids = append(ids, r.ID)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(ratings)))
	sort.Sort(sort.Reverse(sort.StringSlice(ids)))
	for _, c := range []struct {
		by   string
		want func(i int, rating float64, id string) bool
	}{
		{"-rating", func(i int, rating float64, _ string) bool { return rating == ratings[i] }},
		{"-id", func(i int, _ float64, id string) bool { return id == ids[i] }},
	} {
		code, out, errOut := runCLI(t, "", "export", src, "--sort", c.by, "--limit", "5", "-o", "-")
		if code != 0 {
			t.Fatalf("--sort %s: exit %d: %s", c.by, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 5 {
			t.Fatalf("--sort %s: %d lines", c.by, len(lines))
		}
		for i, l := range lines {
			var r struct {
				ID     string
				Rating float64
			}
			json.Unmarshal([]byte(l), &r)
			if !c.want(i, r.Rating, r.ID) {
				t.Errorf("--sort %s: line %d is %s (rating %v)", c.by, i+1, r.ID, r.Rating)
			}
		}
	}
}

// TestExportSeveralInputs: export reads several files in order as one
// corpus (sorted together when asked); a bad line is named by its own
// file and line; standard input can be named once.
func TestExportSeveralInputs(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for i, f := range []string{a, b} {
		if code, _, errOut := runCLI(t, "", "batch", "--count", "3", "--seed", strconv.Itoa(40+i), "--progress", "never", "-q", "-o", f); code != 0 {
			t.Fatalf("batch: exit %d: %s", code, errOut)
		}
	}
	txt := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, "", append(append([]string{"export"}, args...), "--format", "txt", "-o", "-", "-q")...)
		if code != 0 {
			t.Fatalf("export %v: exit %d: %s", args, code, errOut)
		}
		return out
	}
	if got, want := txt(a, b), txt(a)+txt(b); got != want {
		t.Errorf("export a b:\n%s\nwant a's lines then b's:\n%s", got, want)
	}
	code, both, _ := runCLI(t, "", "export", a, b, "-o", "-", "--format", "jsonl", "-q")
	if code != 0 {
		t.Fatal("export a b to jsonl failed")
	}
	// Sorted as one corpus: the same as sorting the concatenation.
	cat := filepath.Join(dir, "cat.jsonl")
	if err := os.WriteFile(cat, []byte(both), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := txt(a, b, "--sort", "-rating"), txt(cat, "--sort", "-rating"); got != want {
		t.Errorf("export a b --sort -rating:\n%s\nwant:\n%s", got, want)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("# two lines\n123\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "", "export", a, bad, "-o", filepath.Join(dir, "o.pdf"))
	if code == 0 || !strings.Contains(errOut, "bad.txt:2:") {
		t.Errorf("a bad line of the second input: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "export", "-", a, "-", "-o", "-")
	if code != 2 || !strings.Contains(errOut, "standard input") {
		t.Errorf("stdin named twice: exit %d: %s", code, errOut)
	}
}

// TestXLSXGridsNote: --grids draws killers (and every kind sudogen has)
// on the Grids sheet with the classic grids, from export and from batch
// --format, so no note says a record was passed over: the sheet holds
// the first N puzzles of the corpus whatever their kind.
func TestXLSXGridsNote(t *testing.T) {
	dir := t.TempDir()
	classic := exportCorpus(t, "2")
	killers := filepath.Join(dir, "k.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--count", "2", "--seed", "3", "-q", "--progress", "never", "-o", killers); code != 0 {
		t.Fatalf("batch --kind killer: %d %s", code, errOut)
	}
	out := filepath.Join(dir, "w.xlsx")
	for _, c := range []struct {
		args   []string
		xlsx   string
		titles []string // the Grids sheet's titles' id prefixes, in order
	}{
		{[]string{"export", classic, killers, "-o", out, "--grids", "3"}, out, []string{"s9-", "s9-", "k6-"}},
		{[]string{"export", killers, classic, "-o", out, "--grids", "1"}, out, []string{"k6-"}},
		{[]string{"batch", "--kind", "killer", "--size", "6", "--count", "1", "--seed", "4", "--progress", "never", "--format", "jsonl,xlsx", "--grids", "1", "-o", filepath.Join(dir, "b")}, filepath.Join(dir, "b", "puzzles.xlsx"), []string{"k6-"}},
	} {
		code, _, errOut := runCLI(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
		}
		if strings.Contains(errOut, "note: grids:") {
			t.Errorf("%v: stderr %q, want no grids note", c.args, errOut)
		}
		f, err := excelize.OpenFile(c.xlsx)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("Grids")
		f.Close()
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		var titles []string
		for _, row := range rows {
			if len(row) > 0 && (strings.HasPrefix(row[0], "s9-") || strings.HasPrefix(row[0], "k6-")) {
				titles = append(titles, row[0][:3])
			}
		}
		if !slices.Equal(titles, c.titles) {
			t.Errorf("%v: Grids titles %q, want %q", c.args, titles, c.titles)
		}
	}
}
