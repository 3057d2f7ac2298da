package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/sudoku"
)

func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s not installed (apt-get install -y poppler-utils qpdf)", name)
		}
		t.Skipf("%s not installed (apt-get install -y poppler-utils qpdf)", name)
	}
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// pdfPages returns the text of each page, as pdftotext extracts it.
func pdfPages(t *testing.T, path string) []string {
	pages := strings.Split(run(t, "pdftotext", "-layout", path, "-"), "\f")
	if n := len(pages); n > 0 && strings.TrimSpace(pages[n-1]) == "" {
		pages = pages[:n-1]
	}
	return pages
}

func pdfInfo(t *testing.T, path string) (pages int, size string) {
	out := run(t, "pdfinfo", path)
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo: no page count:\n%s", out)
	}
	pages, _ = strconv.Atoi(m[1])
	s := regexp.MustCompile(`(?m)^Page size:\s+([\d.]+ x [\d.]+) pts`).FindStringSubmatch(out)
	if s == nil {
		t.Fatalf("pdfinfo: no page size:\n%s", out)
	}
	return pages, s[1]
}

// TestPDFBooks writes books of every box shape at every per-page and
// checks them with qpdf and poppler: a valid file, the page size asked for,
// every puzzle id on the page the tier order puts it on, and every id in
// the answer key with that page number.
func TestPDFBooks(t *testing.T) {
	needTool(t, "qpdf")
	needTool(t, "pdfinfo")
	needTool(t, "pdftotext")
	cases := []struct {
		shape sudoku.Shape
		n     int
		per   int
		page  string
		size  string
	}{
		{sudoku.Shape9, 13, 1, "letter", "612 x 792"},
		{sudoku.Shape9, 13, 2, "6x9", "432 x 648"},
		{sudoku.Shape9, 23, 4, "8.5x11", "612 x 792"},
		{sudoku.Shape9, 23, 6, "a4", "595.28 x 841.89"},
		{sudoku.Shape6, 17, 6, "a5", "419.53 x 595.28"},
		{sudoku.Shape4, 9, 4, "letter", "612 x 792"},
		{sudoku.Shape8, 7, 2, "letter", "612 x 792"},
		{sudoku.Shape12, 5, 2, "a4", "595.28 x 841.89"},
		{sudoku.Shape16, 5, 1, "letter", "612 x 792"},
		{sudoku.Shape16, 7, 2, "a4", "595.28 x 841.89"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		name := fmt.Sprintf("%dx%d-per%d-%s", c.shape.N(), c.shape.N(), c.per, c.page)
		t.Run(name, func(t *testing.T) {
			recs := makeRecords(t, c.shape, c.n)
			o := DefaultBookOptions()
			o.PerPage, o.Page, o.IDs = c.per, c.page, true // a proof: ids show where each puzzle went
			path := filepath.Join(dir, name+".pdf")
			if _, err := WritePDFFiles(path, recs, o); err != nil {
				t.Fatal(err)
			}
			run(t, "qpdf", "--check", path)
			pages, size := pdfInfo(t, path)
			if size != c.size {
				t.Errorf("page size %s, want %s", size, c.size)
			}
			// Independent expectation: tiers easy, medium, hard, expert,
			// then untiered; each section starts a page after 4 front
			// pages and is ordered by rating, lowest first (stable),
			// numbered from 1.
			want := map[string]int{}
			num := map[string]string{}
			page := 4
			for _, tier := range []string{"easy", "medium", "hard", "expert", ""} {
				var sec []*Record
				for _, r := range recs {
					if r.Tier == tier {
						sec = append(sec, r)
					}
				}
				sort.SliceStable(sec, func(i, j int) bool { return sec[i].Rating < sec[j].Rating })
				for k, r := range sec {
					want[r.ID] = page + 1 + k/c.per
					num[r.ID] = fmt.Sprintf("%s %d", tierTitle(tier), k+1)
				}
				page += (len(sec) + c.per - 1) / c.per
			}
			text := pdfPages(t, path)
			if len(text) != pages {
				t.Fatalf("pdftotext found %d pages, pdfinfo %d", len(text), pages)
			}
			for _, r := range recs {
				p := want[r.ID]
				if !strings.Contains(text[p-1], r.ID) {
					t.Errorf("id %s not on page %d:\n%s", r.ID, p, text[p-1])
				}
			}
			// The answer key: every puzzle's section, number and page,
			// after the puzzles.
			key := strings.Join(text[page:], "\n")
			if page >= pages {
				t.Fatalf("no answer-key pages: %d pages, puzzles end on %d", pages, page)
			}
			for _, r := range recs {
				label := regexp.QuoteMeta(num[r.ID]) + `\s+·\s+page\s+` + strconv.Itoa(want[r.ID]) + `\b`
				if !regexp.MustCompile(strings.ReplaceAll(label, `\ `, `\s+`)).MatchString(key) {
					t.Errorf("answer key lacks %s · page %d", num[r.ID], want[r.ID])
				}
			}
			// A printed book has an even page count: a blank page closes
			// one that would end on a recto.
			last := pages
			if pages%2 != 0 {
				t.Errorf("%d pages: not even", pages)
			} else if strings.TrimSpace(text[pages-1]) == "" {
				last--
			}
			for i := page; i < last; i++ {
				if !strings.Contains(text[i], "Solutions") {
					t.Errorf("page %d is past the puzzles but not a solutions page", i+1)
				}
			}
			// Page numbers are printed on every page but the title and
			// a closing blank.
			for i := 1; i < last; i++ {
				if !regexp.MustCompile(`(?m)^\s*` + strconv.Itoa(i+1) + `\s*$`).MatchString(text[i]) {
					t.Errorf("page %d: no page number", i+1)
				}
			}
		})
	}
}

// TestPDFOutline checks the bookmarks with qpdf's JSON: Contents, one per
// tier easy to hard with untiered last, then Solutions.
func TestPDFOutline(t *testing.T) {
	needTool(t, "qpdf")
	recs := makeRecords(t, sudoku.Shape9, 10)
	path := filepath.Join(t.TempDir(), "b.pdf")
	if _, err := WritePDFFiles(path, recs, DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Outlines []struct {
			Title string `json:"title"`
		} `json:"outlines"`
	}
	if err := json.Unmarshal([]byte(run(t, "qpdf", "--json", "--json-key=outlines", path)), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range doc.Outlines {
		got = append(got, o.Title)
	}
	want := []string{"Contents", "Easy (2 puzzles)", "Medium (2 puzzles)", "Hard (2 puzzles)", "Expert (2 puzzles)", "Untiered (2 puzzles)", "Solutions"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("outline %q, want %q", got, want)
	}
	info := run(t, "pdfinfo", path)
	for _, w := range []string{"Title:           Sudoku", "Creator:         sudogen", "CreationDate:    Sat Jan  1 00:00:00 2000"} {
		if !strings.Contains(info, w) {
			t.Errorf("pdfinfo lacks %q:\n%s", w, info)
		}
	}
}

// TestPDFDeterministic: the same corpus and options give the same bytes;
// another --date gives other bytes.
func TestPDFDeterministic(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 12)
	o := DefaultBookOptions()
	var a, b, c bytes.Buffer
	if err := WritePDF(&a, recs, o); err != nil {
		t.Fatal(err)
	}
	if err := WritePDF(&b, makeRecords(t, sudoku.Shape9, 12), o); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("same input, different PDF bytes")
	}
	o.Date = time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	if err := WritePDF(&c, recs, o); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Fatal("another date, same PDF bytes")
	}
}

// TestPDFVolumes splits a book by --max-pages: every volume within the
// limit, named book-1.pdf, book-2.pdf, every id in exactly one volume.
func TestPDFVolumes(t *testing.T) {
	needTool(t, "pdfinfo")
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape9, 60)
	o := DefaultBookOptions()
	o.MaxPages, o.IDs = 12, true
	dir := t.TempDir()
	paths, err := WritePDFFiles(filepath.Join(dir, "book.pdf"), recs, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 2 || filepath.Base(paths[0]) != "book-1.pdf" || filepath.Base(paths[1]) != "book-2.pdf" {
		t.Fatalf("volumes %v", paths)
	}
	seen := map[string]int{}
	for _, p := range paths {
		if n, _ := pdfInfo(t, p); n > o.MaxPages {
			t.Errorf("%s has %d pages, over %d", p, n, o.MaxPages)
		}
		text := strings.Join(pdfPages(t, p), "\n")
		ids := 0
		for _, r := range recs {
			if k := strings.Count(text, r.ID); k > 0 {
				seen[r.ID] += k
				ids++
			}
		}
		// Each volume's key has a solution per puzzle of the volume (the
		// how-to-play page shows one label as an example).
		if k := len(regexp.MustCompile(`·\s+page\s+\d+`).FindAllString(text, -1)) - 1; k != ids {
			t.Errorf("%s: %d puzzles but %d solutions", p, ids, k)
		}
	}
	for _, r := range recs {
		if seen[r.ID] != 1 {
			t.Errorf("%s seen %d times in the volumes, want 1", r.ID, seen[r.ID])
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "book.pdf")); err == nil {
		t.Error("book.pdf written beside the volumes")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != len(paths) {
		t.Errorf("%d files in the folder, want %d (temporary files left?)", len(ents), len(paths))
	}
}

// TestPDFGutterMirrors: the gutter is on the left of odd pages and on the
// right of even ones, and --gutter auto follows the page count.
func TestPDFGutterMirrors(t *testing.T) {
	o := DefaultBookOptions()
	l, err := planBook(orderRecords(makeRecords(t, sudoku.Shape9, 8), o), o)
	if err != nil {
		t.Fatal(err)
	}
	size, _ := pageSizeByName(o.Page)
	x1, _ := l.pageBox(5)
	x2, _ := l.pageBox(6)
	if x1 != 0.375*72 || x2 != o.Margin*72 || x1+l.contentW != size.Width-o.Margin*72 || x2+l.contentW != size.Width-0.375*72 {
		t.Errorf("odd page content at %g, even at %g, width %g", x1, x2, l.contentW)
	}
	for _, c := range []struct {
		pages int
		want  float64
	}{{24, 0.375}, {150, 0.375}, {151, 0.5}, {300, 0.5}, {301, 0.625}, {500, 0.625}, {501, 0.75}, {701, 0.875}} {
		if g := autoGutter(c.pages); g != c.want {
			t.Errorf("autoGutter(%d) = %g, want %g", c.pages, g, c.want)
		}
	}
	// A long book gets the wider gutter.
	o.PerPage = 1
	o.Solutions = "none"
	l, err = planBook(orderRecords(makeRecords(t, sudoku.Shape4, 200), o), o)
	if err != nil {
		t.Fatal(err)
	}
	if l.pages != 204 || l.gutter != 0.5*72 {
		t.Errorf("%d pages, gutter %g pt; want 204 pages and 36 pt", l.pages, l.gutter)
	}
}

// TestPDFLargePrint: large print refuses a layout that cannot give 16 pt
// digits and, where it can, the digits really are 16 pt or more.
func TestPDFLargePrint(t *testing.T) {
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape9, 4)
	o := DefaultBookOptions()
	o.LargePrint = true
	o.PerPage = 6
	if err := WritePDF(&bytes.Buffer{}, recs, o); err == nil || !strings.Contains(err.Error(), "16 pt") {
		t.Fatalf("large print at 6 per page: err %v, want a 16 pt refusal", err)
	}
	o.PerPage = 1
	path := filepath.Join(t.TempDir(), "lp.pdf")
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	// pdftotext -bbox gives each word's box: digit glyph boxes on puzzle
	// pages are as tall as the font size.
	out := run(t, "pdftotext", "-f", "5", "-l", "5", "-bbox", path, "-")
	re := regexp.MustCompile(`yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([1-9])</word>`)
	n := 0
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		y0, _ := strconv.ParseFloat(m[1], 64)
		y1, _ := strconv.ParseFloat(m[2], 64)
		if y0 > 700 { // the page number
			continue
		}
		if y1-y0 < 16 {
			t.Errorf("digit %s is %.1f pt high", m[3], y1-y0)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no digits found on page 5")
	}
}

// TestPDFBadInput: each problem is one line naming what and where, and
// nothing is left under the output name.
func TestPDFBadInput(t *testing.T) {
	good := makeRecords(t, sudoku.Shape9, 3)
	bad := cloneRecords(good)
	bad[1].Puzzle = bad[1].Puzzle[:80]
	noSol := cloneRecords(good)
	noSol[2].Solution = ""
	alien := cloneRecords(good)
	alien[0].Kind = "kakuro"
	o := DefaultBookOptions()
	per5 := o
	per5.PerPage = 5
	for _, c := range []struct {
		name string
		recs []*Record
		o    BookOptions
		path string
		want string
	}{
		{"empty", nil, o, "", "empty corpus"},
		{"per-page 5", good, per5, "", "per-page 5: expected 1, 2, 4 or 6"},
		{"short puzzle", bad, o, "", `record 2 (id "s9-easy-0000001"): puzzle`},
		{"unknown kind", alien, o, "", `record 1 (id "s9-hard-0000000"): kind "kakuro": expected sudoku or slide`},
		{"unwritable", good, o, "/nonexistent-dir/book.pdf", "cannot write /nonexistent-dir/book.pdf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := c.path
			if path == "" {
				path = filepath.Join(t.TempDir(), "b.pdf")
			}
			_, err := WritePDFFiles(path, c.recs, c.o)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want it to say %q", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
			if _, serr := os.Stat(path); serr == nil {
				t.Errorf("%s written despite the error", path)
			}
		})
	}
	noSol[2].Solution = ""
	o.Solutions = "none"
	if err := WritePDF(&bytes.Buffer{}, noSol, o); err != nil {
		t.Errorf("--solutions none needs no solution: %v", err)
	}
}

// TestPresets: the embedded presets load, apply, and refuse unknown names
// and fields.
func TestPresets(t *testing.T) {
	all, err := LoadPresets()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"kdp-8.5x11", "a4", "letter", "large-print", "pocket-6x9"} {
		if _, ok := all[name]; !ok {
			t.Errorf("preset %s missing", name)
		}
	}
	p, _ := PresetByName("pocket-6x9")
	o := DefaultBookOptions()
	if err := o.Apply(p); err != nil || o.Page != "6x9" || o.PerPage != 2 || !o.GutterAuto {
		t.Errorf("pocket-6x9 gave %+v, %v", o, err)
	}
	// Every preset meets KDP's inside margin whatever the page count.
	for name, p := range all {
		o := DefaultBookOptions()
		if err := o.Apply(p); err != nil || !o.GutterAuto {
			t.Errorf("%s: gutter %+v %v: want auto", name, o, err)
		}
	}
	// A preset's fields apply, bleed included.
	pb, err := parsePresets([]byte("presets:\n  x:\n    gutter: \"0.5\"\n    bleed: 0.125\n    margin: 0.4\n"), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Apply(pb["x"]); err != nil || o.GutterAuto || o.Gutter != 0.5 || o.Bleed != 0.125 || o.Margin != 0.4 {
		t.Errorf("preset x gave %+v, %v", o, err)
	}
	if _, err := PresetByName("kdp-5x8"); err == nil || !strings.Contains(err.Error(), `unknown preset "kdp-5x8": expected one of a4, a5, kdp-8.5x11`) {
		t.Errorf("unknown preset: %v", err)
	}
	if _, err := parsePresets([]byte("presets:\n  x:\n    per-page: 5\n"), "p.yaml"); err == nil || !strings.Contains(err.Error(), "p.yaml: preset x: per-page 5") {
		t.Errorf("bad preset: %v", err)
	}
	if _, err := parsePresets([]byte("presets:\n  x:\n    colour: red\n"), "p.yaml"); err == nil {
		t.Error("unknown preset field accepted")
	}
}

// TestBoardKeyCells: a board's KeyCells sizes the answer key apart from
// the puzzles.
func TestBoardKeyCells(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 4)
	base, err := planBook(orderRecords(recs, DefaultBookOptions()), DefaultBookOptions())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := boardFor("sudoku")
	b.KeyCells = func(*Record) int { return 27 }
	RegisterBoard("sudoku-wide-key", b)
	defer func() {
		unregisterKind("sudoku-wide-key")
	}()
	for _, r := range recs {
		r.Kind = "sudoku-wide-key"
	}
	wide, err := planBook(orderRecords(recs, DefaultBookOptions()), DefaultBookOptions())
	if err != nil {
		t.Fatal(err)
	}
	bs, ws := base.keySpecs[0], wide.keySpecs[0]
	if wide.maxCells != 9 || ws.side != 3*bs.side || ws.cols >= bs.cols || len(wide.keyPages) <= len(base.keyPages) {
		t.Errorf("key: base %d across, side %g, %d pages; wide %d across, side %g, %d pages (cells %d)",
			bs.cols, bs.side, len(base.keyPages), ws.cols, ws.side, len(wide.keyPages), wide.maxCells)
	}
}
