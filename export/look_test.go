package export

import (
	"os"
	"strconv"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestLookDump writes sample books to look at (SUDOGEN_LOOK=DIR):
// every box shape and per-page, large print, the nine languages with
// covers, sliding puzzles.
func TestLookDump(t *testing.T) {
	dir := os.Getenv("SUDOGEN_LOOK")
	if dir == "" {
		t.Skip("set SUDOGEN_LOOK=DIR to write sample books")
	}
	for _, c := range []struct {
		name  string
		shape sudoku.Shape
		n     int
		per   int
		page  string
		large bool
	}{
		{"s9-p1", sudoku.Shape9, 12, 1, "letter", false},
		{"s9-p2", sudoku.Shape9, 12, 2, "6x9", false},
		{"s9-p4", sudoku.Shape9, 40, 4, "8.5x11", false},
		{"s9-p6", sudoku.Shape9, 40, 6, "a4", false},
		{"s6-p6", sudoku.Shape6, 40, 6, "a5", false},
		{"s16-p2", sudoku.Shape16, 6, 2, "letter", false},
		{"s4-p4", sudoku.Shape4, 20, 4, "letter", false},
		{"s8-p4", sudoku.Shape8, 8, 4, "letter", false},
		{"s12-p2", sudoku.Shape12, 4, 2, "a4", false},
		{"s16-p1", sudoku.Shape16, 3, 1, "8.5x11", false},
		{"s9-large", sudoku.Shape9, 6, 1, "8.5x11", true},
	} {
		recs := makeRecords(t, c.shape, c.n)
		o := DefaultBookOptions()
		o.PerPage, o.Page, o.LargePrint = c.per, c.page, c.large
		o.Title, o.Subtitle = "Sudoku Collection", "Puzzles from easy to expert, with solutions"
		if _, err := WritePDFFiles(dir+"/"+c.name+".pdf", recs, o); err != nil {
			t.Fatal(c.name, err)
		}
	}
	// Books in other languages, with their covers: every language's
	// front matter (Chinese and Japanese with the CJK font, if installed),
	// a French large-print book, a Russian mixed book.
	for _, lang := range []string{"de", "es", "fr", "ja", "pt", "ru", "zh-Hans", "zh-Hant"} {
		o := DefaultBookOptions()
		o.Lang, o.Cover, o.Page, o.PerPage = lang, true, "6x9", 2
		if lang == "ja" || lang[:2] == "zh" {
			f, err := LoadFont(cjkFontPath)
			if err != nil {
				continue
			}
			o.Font = f
		}
		if _, err := WritePDFFiles(dir+"/lang-"+lang+".pdf", makeRecords(t, sudoku.Shape9, 12), o); err != nil {
			t.Fatal(lang, err)
		}
	}
	o := DefaultBookOptions()
	o.Lang, o.LargePrint, o.PerPage, o.Page, o.Cover = "fr", true, 1, "8.5x11", true
	o.Title, o.Author, o.Blurb = "Sudoku en gros caractères", "Marie Dupont", "Douze grilles, une par page."
	if _, err := WritePDFFiles(dir+"/fr-large.pdf", makeRecords(t, sudoku.Shape9, 12), o); err != nil {
		t.Fatal(err)
	}
	o = DefaultBookOptions()
	o.Lang, o.IDs, o.Cover = "ru", true, true
	if _, err := WritePDFFiles(dir+"/ru-mixed.pdf", mixedCorpus(t), o); err != nil {
		t.Fatal(err)
	}
	// Slide books: 3x3, 4x4 and a bounded 5x5 board, mixed tiers.
	slides := []*Record{
		slideRec(t, 3, "UULLDRDRUULDLURDDR", "hard", true),
		slideRec(t, 3, "ULULDRDR", "easy", true),
		slideRec(t, 4, "ULULDRUL", "easy", true),
		slideRec(t, 4, "LLLUURRDLURDRULLDD", "easy", true),
		slideRec(t, 4, "ULURDLDRULURDLDRULURDLDRULURDLDRULURDLDR", "expert", true),
		slideRec(t, 5, "UULLUULDRURDDLDRUULLDDRR", "", false),
	}
	for _, c := range []struct {
		name  string
		per   int
		page  string
		large bool
	}{{"slide-p4", 4, "letter", false}, {"slide-p6", 6, "a5", false}, {"slide-p1-large", 1, "8.5x11", true}} {
		o := DefaultBookOptions()
		o.PerPage, o.Page, o.LargePrint = c.per, c.page, c.large
		if _, err := WritePDFFiles(dir+"/"+c.name+".pdf", slides, o); err != nil {
			t.Fatal(c.name, err)
		}
	}
}

// TestDumpCorpus writes the benchmark corpus as JSONL, for timing the
// command: SUDOGEN_DUMP=FILE SUDOGEN_DUMP_N=100000 go test ./export -run DumpCorpus
func TestDumpCorpus(t *testing.T) {
	path := os.Getenv("SUDOGEN_DUMP")
	if path == "" {
		t.Skip("set SUDOGEN_DUMP=FILE (and SUDOGEN_DUMP_N) to write a benchmark corpus")
	}
	n, err := strconv.Atoi(os.Getenv("SUDOGEN_DUMP_N"))
	if err != nil || n < 1 {
		n = 10000
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := NewJSONLWriter(f)
	for _, r := range bigCorpus(t, n) {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
