package export

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/sudoku"
)

// TestPuzzleInfo: the label under a puzzle gives a real rating, the bound
// of a grading that was cut off, and nothing for the grader's "beyond"
// value.
func TestPuzzleInfo(t *testing.T) {
	for _, c := range []struct {
		rec  Record
		want string
	}{
		{Record{Kind: "sudoku", Tier: "hard", Rating: 4.2}, "Hard · rating 4.2"},
		{Record{Kind: "sudoku", Tier: "beyond", RatingAtLeast: 9.25}, "Beyond · rating ≥ 9.2"},
		{Record{Kind: "sudoku", Tier: "beyond", Rating: 20}, "Beyond"},
		{Record{Kind: "slide", Tier: "hard"}, "Hard"},
	} {
		if got := puzzleInfo(&c.rec); got != c.want {
			t.Errorf("%+v: label %q, want %q", c.rec, got, c.want)
		}
	}
	if a, b := difficulty(&Record{Kind: "sudoku", RatingAtLeast: 9.3}), difficulty(&Record{Kind: "sudoku", Rating: 20}); !(a < b) {
		t.Errorf("a cut-off puzzle (at least 9.3) sorts at %v, after an unfinished one (%v)", a, b)
	}
}

// TestPuzzleInfoLanguages: labels in the book's language, with its
// decimal sign; a custom tier name as the corpus gives it, capitalised.
func TestPuzzleInfoLanguages(t *testing.T) {
	for _, c := range []struct {
		lang string
		rec  Record
		want string
	}{
		{"fr", Record{Kind: "sudoku", Tier: "hard", Rating: 4.2}, "Difficile · difficulté 4,2"},
		{"de", Record{Kind: "sudoku", Tier: "beyond", RatingAtLeast: 9.25}, "Jenseits der Skala · Wertung ≥ 9,2"},
		{"zh-Hans", Record{Kind: "sudoku", Tier: "expert", Rating: 5.6}, "专家 · 评分 5.6"},
		{"ru", Record{Kind: "sudoku", Tier: "brutal", Rating: 9.1}, "Brutal · сложность 9,1"},
		{"ja", Record{Kind: "slide", Tier: "easy"}, "初級"},
	} {
		l := &bookLayout{tr: i18n.Get(c.lang)}
		if got := l.puzzleInfo(&c.rec); got != c.want {
			t.Errorf("%s %+v: label %q, want %q", c.lang, c.rec, got, c.want)
		}
	}
}

// TestExampleSudoku: the how-to-play page's example has exactly one
// solution, the one printed beside it (a brute-force search here, not
// the package's solver).
func TestExampleSudoku(t *testing.T) {
	g := []byte(examplePuzzle)
	var sols []string
	var solve func(i int)
	ok := func(i int, d byte) bool {
		r, c := i/4, i%4
		for k := 0; k < 4; k++ {
			if g[r*4+k] == d || g[k*4+c] == d {
				return false
			}
		}
		br, bc := r/2*2, c/2*2
		for k := 0; k < 4; k++ {
			if g[(br+k/2)*4+bc+k%2] == d {
				return false
			}
		}
		return true
	}
	solve = func(i int) {
		for i < 16 && g[i] != '.' {
			i++
		}
		if i == 16 {
			sols = append(sols, string(g))
			return
		}
		for d := byte('1'); d <= '4'; d++ {
			if ok(i, d) {
				g[i] = d
				solve(i + 1)
				g[i] = '.'
			}
		}
	}
	solve(0)
	if len(sols) != 1 || sols[0] != exampleSolution {
		t.Errorf("example %s: solutions %v, want only %s", examplePuzzle, sols, exampleSolution)
	}
}

// TestPDFWhiteLabel: a book says nothing of sudogen and prints no ids;
// the publisher's imprint, edition, copyright notice (in the book's
// language) and ISBN are on the copyright page; a proof prints the ids.
func TestPDFWhiteLabel(t *testing.T) {
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape4, 6)
	dir := t.TempDir()
	o := DefaultBookOptions()
	o.Lang, o.Imprint, o.Edition = "fr", "Publié par les Éditions Dupont, Lyon", "Première édition, 2026"
	o.CopyrightHolder, o.CopyrightYear, o.ISBN = "Éditions Dupont", 2026, "978-0-306-40615-7"
	path := filepath.Join(dir, "fr.pdf")
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, path)
	all := strings.Join(pages, " ")
	if strings.Contains(strings.ToLower(all), "sudogen") {
		t.Error("the book names sudogen")
	}
	for _, r := range recs {
		if strings.Contains(all, r.ID) {
			t.Errorf("id %s printed in a book", r.ID)
		}
	}
	cp := squash(pages[1])
	for _, w := range []string{o.Imprint, o.Edition, "Copyright © 2026 Éditions Dupont. Tous droits réservés.", "ISBN 978-0-306-40615-7"} {
		if !strings.Contains(cp, w) {
			t.Errorf("copyright page lacks %q: %s", w, cp)
		}
	}
	o.IDs = true
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	all = strings.Join(pdfPages(t, path), " ")
	for _, r := range recs {
		if strings.Count(all, r.ID) != 1 {
			t.Errorf("proof: id %s printed %d times", r.ID, strings.Count(all, r.ID))
		}
	}
	if !strings.Contains(squash(all), "Le petit code gris à droite est l’identifiant") {
		t.Error("proof: how to play does not explain the ids")
	}
}

// TestKeyOneDigitSize: in the answer key every sudoku grid, 6x6 or 9x9,
// has cells of one size (so one digit size), and a slide solution's
// lines stay inside its square at the key's digit size.
func TestKeyOneDigitSize(t *testing.T) {
	needTool(t, "pdftotext")
	recs := mixedCorpus(t)
	for _, r := range recs {
		if r.Kind == "sudoku" {
			r.Tier = "hard" // 9x9 and 6x6 in one section
		}
	}
	long := slideRec(t, 4, strings.Repeat("LLLUURRDLURDRULLDDRR", 3)[:57], "hard", false)
	recs = append(recs, long)
	o := DefaultBookOptions()
	l := planTest(t, recs, o)
	cell := 0.0
	for _, kp := range l.keyPages {
		for _, e := range kp.entries {
			if e.r.Kind != "sudoku" {
				continue
			}
			_, _, side := l.keyBoard(e)
			if c := side / float64(e.r.Size); cell == 0 {
				cell = c
			} else if math.Abs(c-cell) > 1e-9 {
				t.Errorf("%s (%dx%d): key cell %.2f pt, another grid's %.2f", e.r.ID, e.r.Size, e.r.Size, c, cell)
			}
		}
	}
	if d := (&Canvas{}).DigitSize(cell); d < 7 {
		t.Errorf("key digits %.1f pt, under 7", d)
	}
	path := filepath.Join(t.TempDir(), "k.pdf")
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, kp := range l.keyPages {
		for _, e := range kp.entries {
			if e.r.ID != long.ID {
				continue
			}
			found = true
			x, y, side := l.keyBoard(e)
			words := bboxWords(t, path, e.keyPage, e.keyPage)
			in, small := 0, 0
			for _, w := range words {
				if w.x0 >= x-0.5 && w.x1 <= x+side+0.5 && w.y0 >= y-0.5 && w.y1 <= y+side+0.5 {
					in++
					if w.y1-w.y0 < 7 {
						small++
					}
				}
			}
			// 57 moves: the head, "Slide:", 57 tile numbers and the rows'
			// move numbers, "Empty square:", 3 rows of arrow groups.
			if in < 57+6 || small > 0 {
				t.Errorf("slide solution: %d words inside its %.0f pt square, %d under 7 pt", in, side, small)
			}
		}
	}
	if !found {
		t.Error("the long slide solution is not in the key")
	}
}

// TestPDFLabelsNeverOverprint (audit 2026-12-02 #21): a label whose
// number, tier and rating cannot fit under its puzzle even at the
// smallest type (extreme margins) is a preflight problem: refused in one
// line naming the puzzle and what to change. A long id (--ids) is cut
// with an ellipsis, with a preflight note. Printed (with Force), nothing
// overprints: every word's box on every line, as pdftotext -bbox reads
// it, is clear of the next.
func TestPDFLabelsNeverOverprint(t *testing.T) {
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape9, 6)
	for _, r := range recs {
		r.ID = "a-very-long-corpus-identifier-from-an-import-" + r.ID
	}
	for _, c := range []struct {
		name    string
		o       func(*BookOptions)
		refused string
	}{
		{"long ids", func(o *BookOptions) { o.PerPage, o.IDs = 6, true }, ""},
		{"extreme margins", func(o *BookOptions) {
			o.Page, o.Margin, o.Gutter, o.GutterAuto, o.PerPage, o.IDs = "a5", 2, 2, false, 6, true
		}, "needs"},
	} {
		o := DefaultBookOptions()
		c.o(&o)
		_, err := prepareBook(cloneRecords(recs), o, false)
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.refused != "" && (err == nil || strings.Contains(err.Error(), "\n")):
			t.Errorf("%s: %v, want one line refusing the book", c.name, err)
		}
		o.Force = true
		ls, err := prepareBook(cloneRecords(recs), o, false)
		if err != nil {
			t.Fatalf("%s, forced: %v", c.name, err)
		}
		p := ls[0].preflight()
		if c.refused != "" && !strings.Contains(strings.Join(p.Problems, "\n"), "the label under") {
			t.Errorf("%s: problems %q, want the label's", c.name, p.Problems)
		}
		if c.refused == "" && !strings.Contains(strings.Join(p.Notes, "\n"), "ids cut: the label under") {
			t.Errorf("%s: notes %q, want the cut ids'", c.name, p.Notes)
		}
		path := filepath.Join(t.TempDir(), "b.pdf")
		if _, err := WritePDFFiles(path, cloneRecords(recs), o); err != nil {
			t.Fatalf("%s, forced: %v", c.name, err)
		}
		type word struct{ x0, x1, y float64 }
		lines := map[string][]word{}
		re := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>`)
		bbox := run(t, "pdftotext", "-bbox", path, "-")
		for pi, page := range strings.Split(bbox, "<page ") {
			for _, m := range re.FindAllStringSubmatch(page, -1) {
				x0, _ := strconv.ParseFloat(m[1], 64)
				y, _ := strconv.ParseFloat(m[2], 64)
				x1, _ := strconv.ParseFloat(m[3], 64)
				key := fmt.Sprintf("%d/%.0f", pi, y)
				lines[key] = append(lines[key], word{x0, x1, y})
			}
		}
		labels := 0                  // lines checked
		for key, ws := range lines { // every line of the book, labels included
			sort.Slice(ws, func(i, j int) bool { return ws[i].x0 < ws[j].x0 })
			for i := 1; i < len(ws); i++ {
				if ws[i].x0 < ws[i-1].x1-0.2 {
					t.Errorf("%s, forced: words overlap on line %s: %.1f-%.1f and %.1f-%.1f", c.name, key, ws[i-1].x0, ws[i-1].x1, ws[i].x0, ws[i].x1)
				}
			}
			labels++
		}
		if labels == 0 || !strings.Contains(bbox, "…") {
			t.Errorf("%s, forced: no label cut with an ellipsis", c.name)
		}
	}
}
