package export

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestRulesBeyondOnce: the how-to-play text says what Beyond means
// exactly once when any section of the book is Beyond, whatever its
// kind: a kind whose rules never mention it (a plugged-in board, as the
// variant and killer boards were), a kind whose rules do, both at once,
// and two kinds whose rules both say it; never when no section is.
func TestRulesBeyondOnce(t *testing.T) {
	sb, _ := boardFor(KindSudoku)
	quiet := sb
	quiet.Rules = func(tr *Language, _ []*Record, _ bool) []string {
		return []string{tr.Text("book.sudoku.rules")}
	}
	RegisterBoard("sudoku-quiet", quiet) // says nothing of Beyond
	RegisterBoard("sudoku-twin", sb)     // says it as sudoku does
	defer func() {
		unregisterKind("sudoku-quiet")
		unregisterKind("sudoku-twin")
	}()
	// recs returns four puzzles of kind, the last beyond if beyond is set.
	recs := func(kind string, beyond bool) []*Record {
		rs := makeRecords(t, sudoku.Shape9, 4)
		for _, r := range rs {
			r.Kind, r.Tier = kind, "easy"
		}
		if beyond {
			rs[3].Tier, rs[3].Rating = "beyond", beyondER
		}
		return rs
	}
	const para = "Beyond: puzzles that none of the grader's techniques finishes"
	for _, c := range []struct {
		name string
		recs [][]*Record
		want int
	}{
		{"sudoku beyond", [][]*Record{recs(KindSudoku, true)}, 1},
		{"sudoku, none beyond", [][]*Record{recs(KindSudoku, false)}, 0},
		{"quiet kind beyond", [][]*Record{recs("sudoku-quiet", true)}, 1},
		{"quiet kind, none beyond", [][]*Record{recs("sudoku-quiet", false)}, 0},
		{"sudoku plain, quiet kind beyond", [][]*Record{recs(KindSudoku, false), recs("sudoku-quiet", true)}, 1},
		{"sudoku and quiet kind beyond", [][]*Record{recs(KindSudoku, true), recs("sudoku-quiet", true)}, 1},
		{"sudoku and its twin beyond", [][]*Record{recs(KindSudoku, true), recs("sudoku-twin", true)}, 1},
	} {
		var all []*Record
		for _, rs := range c.recs {
			all = append(all, rs...)
		}
		o := DefaultBookOptions()
		l, err := planBook(orderRecords(all, o), o)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for _, p := range l.rulesText() {
			got += strings.Count(p, para)
		}
		if got != c.want {
			t.Errorf("%s: the Beyond paragraph %d times, want %d:\n%s", c.name, got, c.want, strings.Join(l.rulesText(), "\n"))
		}
	}
}

// TestSmallCellsAsDrawn: the preflight's small-cells note and its 4 mm
// refusal measure the cells as drawn. A section with a rule under its
// running head (variants, killers) draws its grids smaller than a
// classic section on the same page; on A5 at 6 per page the rendered
// grids measured 44.4 mm (4.9 mm cells) for classic and 41.7 mm
// (4.6 mm) for killer and X books (pdftoppm at 200 dpi). Every puzzle's
// square as laid out gives the same smallest cell.
func TestSmallCellsAsDrawn(t *testing.T) {
	sb, _ := boardFor(KindSudoku)
	ruled := sb
	ruled.Section = func(tr *Language, r *Record) (string, string, int) {
		return "", "Ruled: a rule line under the running head, as a variant's.", 0
	}
	RegisterBoard("sudoku-ruled", ruled)
	defer unregisterKind("sudoku-ruled")
	for _, c := range []struct {
		kind, page string
		per        int
		mm         float64 // measured on the page
		note       bool
	}{
		{KindSudoku, "a5", 6, 4.9, true},
		{"sudoku-ruled", "a5", 6, 4.6, true},
		{KindSudoku, "a5", 4, 0, false},
		{"sudoku-ruled", "a5", 4, 0, false},
	} {
		recs := makeRecords(t, sudoku.Shape9, 4)
		for _, r := range recs {
			r.Kind = c.kind
		}
		o := DefaultBookOptions()
		o.Page, o.PerPage = c.page, c.per
		l, err := planBook(orderRecords(recs, o), o)
		if err != nil {
			t.Fatal(err)
		}
		mm, rec, _ := l.smallestCell()
		if rec == nil {
			t.Fatalf("%s: no cell measured", c.kind)
		}
		drawn := math.Inf(1)
		for _, pp := range l.puzzles {
			for k := range pp.entries {
				_, _, side, _ := l.puzzleSquare(pp, k)
				drawn = math.Min(drawn, side/9/72*25.4)
			}
		}
		if math.Abs(mm-drawn) > 1e-9 {
			t.Errorf("%s %s %d: smallest cell %.3f mm, drawn %.3f mm", c.kind, c.page, c.per, mm, drawn)
		}
		if c.mm > 0 && math.Abs(mm-c.mm) > 0.06 {
			t.Errorf("%s %s %d: smallest cell %.3f mm, measured %.1f mm", c.kind, c.page, c.per, mm, c.mm)
		}
		got := strings.Contains(strings.Join(l.preflight().Notes, "\n"), "small cells")
		if got != c.note {
			t.Errorf("%s %s %d: small-cells note %v, want %v: %v", c.kind, c.page, c.per, got, c.note, l.preflight().Notes)
		}
	}
}

// TestKeywordsOnce: the PDF's keywords name each term once, in every
// language, however many kinds share it ("puzzles" of sudoku and sliding
// puzzles, "logic puzzles" of sudoku and of a kind with the same
// keywords), and keep every kind's terms.
func TestKeywordsOnce(t *testing.T) {
	sb, _ := boardFor(KindSudoku)
	twin := sb
	twin.MoreKeywords = func(*Language, []*Record) []string { return []string{"twin sudoku", "Logic puzzles"} }
	RegisterBoard("sudoku-twin", twin)
	defer unregisterKind("sudoku-twin")
	twins := makeRecords(t, sudoku.Shape9, 2)
	for _, r := range twins {
		r.Kind = "sudoku-twin"
	}
	recs := append(makeRecords(t, sudoku.Shape9, 2), slideRec(t, 3, "ULDR", "easy", true))
	recs = append(recs, twins...)
	for _, lang := range []string{"en", "de", "fr", "ja"} {
		o := DefaultBookOptions()
		o.Lang = lang
		l, err := planBook(orderRecords(recs, o), o)
		if err != nil {
			t.Fatal(err)
		}
		tr := l.tr
		// the twin's: its board's (English) keywords, then its own
		want := map[string]bool{"sudoku puzzles": true, "twin sudoku": true, "logic puzzles": true}
		for _, k := range []string{"book.sudoku.keywords", "book.slide.keywords"} {
			for _, w := range strings.Split(tr.Text(k), ",") {
				want[strings.ToLower(strings.TrimSpace(w))] = true
			}
		}
		got := map[string]int{}
		for _, w := range strings.Split(l.keywords(), ", ") {
			got[strings.ToLower(w)]++
		}
		for w, n := range got {
			if n > 1 {
				t.Errorf("%s: keyword %q %d times: %s", lang, w, n, l.keywords())
			}
			if !want[w] {
				t.Errorf("%s: keyword %q not of the book's kinds: %s", lang, w, l.keywords())
			}
		}
		for w := range want {
			if got[w] == 0 {
				t.Errorf("%s: keyword %q missing: %s", lang, w, l.keywords())
			}
		}
	}
}

// TestMonoOnlyWhenUsed: Go Mono, the font of ids and slide moves, is
// embedded in a book that prints either and in no other (a preflight
// tool lists every embedded font).
func TestMonoOnlyWhenUsed(t *testing.T) {
	for _, c := range []struct {
		name string
		recs []*Record
		ids  bool
		want bool
	}{
		{"sudoku", makeRecords(t, sudoku.Shape9, 2), false, false},
		{"sudoku with ids", makeRecords(t, sudoku.Shape9, 2), true, true},
		{"slide with key", []*Record{slideRec(t, 3, "ULDR", "easy", true)}, false, true},
	} {
		o := DefaultBookOptions()
		o.IDs = c.ids
		var buf bytes.Buffer
		if err := WritePDF(&buf, c.recs, o); err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(buf.Bytes(), []byte("/SGDNMA+GoMono")); got != c.want {
			t.Errorf("%s: Go Mono embedded %v, want %v", c.name, got, c.want)
		}
		if !bytes.Contains(buf.Bytes(), []byte("/SGDNRA+GoRegular")) {
			t.Errorf("%s: no Go Regular", c.name)
		}
	}
}
