package export

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// bboxWord is one word of `pdftotext -bbox`, points from the top left.
type bboxWord struct {
	x0, y0, x1, y1 float64
	text           string
}

var bboxRe = regexp.MustCompile(`xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// bboxWords returns the words of pages first..last of path.
func bboxWords(t *testing.T, path string, first, last int) []bboxWord {
	t.Helper()
	return parseBboxWords(run(t, "pdftotext", "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), "-bbox", path, "-"))
}

// parseBboxWords returns the words of pdftotext -bbox's output.
func parseBboxWords(out string) []bboxWord {
	var ws []bboxWord
	for _, m := range bboxRe.FindAllStringSubmatch(out, -1) {
		var w bboxWord
		w.x0, _ = strconv.ParseFloat(m[1], 64)
		w.y0, _ = strconv.ParseFloat(m[2], 64)
		w.x1, _ = strconv.ParseFloat(m[3], 64)
		w.y1, _ = strconv.ParseFloat(m[4], 64)
		w.text = strings.ReplaceAll(m[5], "&amp;", "&")
		ws = append(ws, w)
	}
	return ws
}

// TestKDPMargins: margins under KDP's minimums are refused, naming the
// minimum and the page count, unless forced, when the preflight lists
// them; bleed other than KDP's is refused.
func TestKDPMargins(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape4, 200)
	o := DefaultBookOptions()
	o.PerPage, o.Solutions = 1, "none" // 4 + 200 pages
	o.GutterAuto, o.Gutter = false, 0.4
	err := WritePDF(&bytes.Buffer{}, recs, o)
	var kdp *KDPError
	if !errors.As(err, &kdp) || !strings.Contains(err.Error(), "inside margin (gutter) 0.4 in is under KDP's minimum of 0.5 in for a 204-page book") {
		t.Fatalf("gutter 0.4 on 204 pages: %v", err)
	}
	o.Force = true
	ls, err := prepareBook(recs, o, false)
	if err != nil {
		t.Fatalf("forced: %v", err)
	}
	if p := ls[0].preflight(); len(p.Problems) != 1 || !strings.HasPrefix(p.Warnings(), "WARNING: inside margin") {
		t.Errorf("forced preflight: %q", p.Warnings())
	}
	for _, c := range []struct {
		edit func(o *BookOptions)
		want string
	}{
		{func(o *BookOptions) { o.Margin = 0.125 }, "margin 0.125 in: under KDP's minimum top, bottom and outside margin of 0.25 in"},
		{func(o *BookOptions) { o.Margin, o.Bleed = 0.25, 0.125 }, "margin 0.25 in: under KDP's minimum top, bottom and outside margin of 0.375 in with bleed"},
		{func(o *BookOptions) { o.GutterAuto, o.Gutter = false, 0.1 }, "gutter 0.1 in: under KDP's minimum inside margin of 0.375 in"},
		{func(o *BookOptions) { o.Bleed = 0.2 }, "bleed 0.2 in: expected 0 (no bleed) or 0.125"},
		{func(o *BookOptions) { o.ISBN = "978-0-306-40615-8" }, `isbn "978-0-306-40615-8": check digit is wrong (ISBN-13)`},
		{func(o *BookOptions) { o.ISBN = "12345" }, "expected 10 or 13 digits, got 5"},
	} {
		o := DefaultBookOptions()
		c.edit(&o)
		if err := o.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", o, err, c.want)
		}
		o.Force = true
		if strings.Contains(c.want, "KDP") && o.Check() != nil {
			t.Errorf("forced %+v: %v", o, o.Check())
		}
	}
	for _, isbn := range []string{"978-0-306-40615-7", "0-306-40615-2", "0 8044 2957 X", "9780306406157"} {
		if err := checkISBN(isbn); err != nil {
			t.Errorf("%s: %v", isbn, err)
		}
	}
}

// TestPDFBleedAndPreflight: with bleed the page is the trim plus 0.125 in
// on the outer, top and bottom edges, the trim box says where the trim
// is (left on recto pages, right of the bleed on verso pages), and the
// preflight's figures match what pdfinfo reads.
func TestPDFBleedAndPreflight(t *testing.T) {
	needTool(t, "pdfinfo")
	o := DefaultBookOptions()
	o.Page, o.Bleed, o.Margin = "6x9", 0.125, 0.5
	path := filepath.Join(t.TempDir(), "b.pdf")
	paths, pre, err := writeBook(path, makeRecords(t, sudoku.Shape9, 30), o)
	if err != nil || len(paths) != 1 {
		t.Fatal(err)
	}
	info := run(t, "pdfinfo", "-f", "1", "-l", "2", "-box", path)
	for _, w := range []string{
		"Page    1 MediaBox:      0.00     0.00   441.00   666.00",
		"Page    1 TrimBox:       0.00     9.00   432.00   657.00",
		"Page    2 TrimBox:       9.00     9.00   441.00   657.00",
	} {
		if !strings.Contains(info, w) {
			t.Errorf("pdfinfo lacks %q:\n%s", w, info)
		}
	}
	pages, _ := pdfInfo(t, path)
	p := pre[0]
	if p.Pages != pages || p.Path != path {
		t.Errorf("preflight %d pages of %s, pdfinfo %d", p.Pages, p.Path, pages)
	}
	s := p.String()
	for _, w := range []string{
		"trim 6 x 9 in (bleed 0.125 in, page 6.125 x 9.25 in), " + strconv.Itoa(pages) + " pages",
		fmt.Sprintf("spine: %.3f in on white paper, %.3f in on cream", float64(pages)*0.002252, float64(pages)*0.0025),
		"margins: inside 0.375 in (KDP minimum 0.375 for " + strconv.Itoa(pages) + " pages), outside, top and bottom 0.5 in (minimum 0.375)",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("preflight lacks %q:\n%s", w, s)
		}
	}
}

// TestPDFLabels: tier names on every puzzle; a rating only where it is a
// real one (a beyond puzzle's 20.0 is not); the how-to-play page names
// the sizes the book holds and none it does not.
func TestPDFLabels(t *testing.T) {
	needTool(t, "pdftotext")
	recs := append(makeRecords(t, sudoku.Shape6, 5), makeRecords(t, sudoku.Shape16, 2)...)
	recs[0].Tier, recs[0].Rating = "beyond", 20
	recs[5].Tier, recs[5].Rating = "beyond", 20
	path := filepath.Join(t.TempDir(), "l.pdf")
	if _, err := WritePDFFiles(path, recs, DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, path)
	rules := squash(pages[3])
	for _, w := range []string{
		"This book's grids are 6×6 (boxes of 2 rows by 3 columns, digits 1 to 6) and 16×16 (1 to 9, then A to G for 10 to 16).",
		"Beyond: puzzles that none of the grader's techniques finishes",
	} {
		if !strings.Contains(rules, w) {
			t.Errorf("how to play lacks %q:\n%s", w, rules)
		}
	}
	if strings.Contains(rules, "9×9") {
		t.Errorf("how to play speaks of 9x9 grids in a 6x6 and 16x16 book:\n%s", rules)
	}
	body := squash(strings.Join(pages[4:], " "))
	if strings.Contains(body, "20.0") {
		t.Error("a beyond puzzle is labelled with rating 20.0")
	}
	if n := strings.Count(body, "Beyond"); n < 2 {
		t.Errorf("%d Beyond labels", n)
	}
	for _, r := range recs {
		if r.Tier != "beyond" && r.Tier != "" && !strings.Contains(body, tierTitle(r.Tier)+" · rating "+strconv.FormatFloat(r.Rating, 'f', 1, 64)) {
			t.Errorf("%s: no \"%s · rating %.1f\" label", r.ID, tierTitle(r.Tier), r.Rating)
		}
	}
}

// TestPDFGoalPictureEveryTrim: a mixed book's how-to-play pages keep the
// sliding puzzles' goal pictures on every trim, large print included.
func TestPDFGoalPictureEveryTrim(t *testing.T) {
	needTool(t, "pdftotext")
	dir := t.TempDir()
	for _, c := range []struct {
		page  string
		per   int
		large bool
	}{{"a5", 6, false}, {"6x9", 2, false}, {"letter", 4, false}, {"a4", 4, false}, {"8.5x11", 1, true}} {
		o := DefaultBookOptions()
		o.Page, o.PerPage, o.LargePrint = c.page, c.per, c.large
		path := filepath.Join(dir, c.page+".pdf")
		if _, err := WritePDFFiles(path, mixedCorpus(t), o); err != nil {
			t.Fatal(err)
		}
		pages := pdfPages(t, path)
		rules := squash(strings.Join(pages[3:rulesEnd(pages)-1], " "))
		if !strings.Contains(rules, "Goal, 3×3") || !strings.Contains(rules, "Goal, 4×4") {
			t.Errorf("%s (large %v): how to play has no goal pictures:\n%s", c.page, c.large, rules)
		}
	}
}

// TestPDFContentsLeaders: the contents' leader dots of every line sit on
// one grid, so they line up in columns.
func TestPDFContentsLeaders(t *testing.T) {
	needTool(t, "pdftotext")
	path := filepath.Join(t.TempDir(), "c.pdf")
	if _, err := WritePDFFiles(path, makeRecords(t, sudoku.Shape9, 40), DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	lines := map[float64][]float64{}
	for _, w := range bboxWords(t, path, 3, 3) {
		if w.text == "." {
			lines[w.y0] = append(lines[w.y0], w.x0)
		}
	}
	if len(lines) < 8 {
		t.Fatalf("%d lines with leader dots, want the sections, solutions and how to play", len(lines))
	}
	var ys []float64
	for y := range lines {
		ys = append(ys, y)
	}
	sort.Float64s(ys)
	first := lines[ys[0]]
	pitch := first[1] - first[0]
	for _, y := range ys {
		for _, x := range lines[y] {
			k := (x - first[0]) / pitch
			if math.Abs(k-math.Round(k))*pitch > 0.3 {
				t.Errorf("line at y=%.1f: dot at x=%.2f off the grid (%.2f + k * %.3f)", y, x, first[0], pitch)
				break
			}
		}
	}
}

// TestPDFKeyLegible: the answer key's digits are at least 7 pt (9 pt in
// large print), measured against the 9 pt (14 pt) running head; every
// slide solution in the key is set at one size.
func TestPDFKeyLegible(t *testing.T) {
	needTool(t, "pdftotext")
	dir := t.TempDir()
	for _, large := range []bool{false, true} {
		o := DefaultBookOptions()
		o.LargePrint = large
		o.PerPage = 1
		recs := makeRecords(t, sudoku.Shape9, 6)
		path := filepath.Join(dir, fmt.Sprintf("k%v.pdf", large))
		ls, err := prepareBook(recs, o, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := WritePDFFiles(path, recs, o); err != nil {
			t.Fatal(err)
		}
		l := ls[0]
		head, min := 9.0, 7.0
		if large {
			head, min = 14, 9
		}
		words := bboxWords(t, path, l.keyStart, l.keyStart)
		perPt := 0.0 // bbox height of one point of text
		for _, w := range words {
			if strings.HasPrefix(w.text, "Solutions") {
				perPt = (w.y1 - w.y0) / head
			}
		}
		if perPt == 0 {
			t.Fatal("no running head on the key page")
		}
		n := 0
		for _, w := range words {
			if len(w.text) == 1 && w.text >= "1" && w.text <= "9" && w.y0 < l.size.Height-l.top()-footerH {
				if size := (w.y1 - w.y0) / perPt; size < min-0.05 {
					t.Errorf("large %v: key digit %s is %.2f pt", large, w.text, size)
				}
				n++
			}
		}
		if n < 6*81/2 {
			t.Errorf("large %v: %d key digits found", large, n)
		}
	}

	slides := []*Record{
		slideRec(t, 3, "ULULDRDR", "easy", true),
		slideRec(t, 4, strings.Repeat("ULURDLDR", 6), "easy", true),
		slideRec(t, 5, "UULLUULDRURDDLDRUULLDDRR", "easy", false),
		slideRec(t, 4, "ULUL", "easy", true),
	}
	path := filepath.Join(dir, "s.pdf")
	if _, err := WritePDFFiles(path, slides, DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	n, _ := pdfInfo(t, path)
	heights := map[string]bool{}
	for _, w := range bboxWords(t, path, n, n) {
		if w.text == "Slide:" || regexp.MustCompile(`^[UDLR]{4,}$`).MatchString(w.text) {
			heights[fmt.Sprintf("%.2f", w.y1-w.y0)] = true
		}
	}
	if len(heights) != 1 {
		t.Errorf("slide solutions at %d sizes (bbox heights %v), want one", len(heights), heights)
	}
}

// TestPDFFontsSubset: pdffonts sees the three Go fonts embedded as
// tagged subsets, Go Mono among them (ids and moves).
func TestPDFFontsSubset(t *testing.T) {
	needTool(t, "pdffonts")
	path := filepath.Join(t.TempDir(), "f.pdf")
	if _, err := WritePDFFiles(path, mixedCorpus(t), DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	out := run(t, "pdffonts", path)
	re := regexp.MustCompile(`(?m)^([A-Z]{6})\+(GoRegular|GoBold|GoMono)\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\s`)
	if m := re.FindAllString(out, -1); len(m) != 3 {
		t.Errorf("pdffonts: want three embedded, subset Go fonts:\n%s", out)
	}
}

// TestPDFOrder: a section's puzzles go easiest first unless KeepOrder,
// hardest first with HardestFirst (and the sections too); a section's
// last page keeps the section's grid size, its short row centered.
func TestPDFOrder(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 11)
	for _, c := range []struct{ keep, hard bool }{{false, false}, {true, false}, {false, true}} {
		o := DefaultBookOptions()
		o.KeepOrder, o.HardestFirst = c.keep, c.hard
		l := planTest(t, recs, o)
		var tiers []string
		for _, es := range l.entries {
			tiers = append(tiers, es[0].r.Tier)
			var in []*Record // the section's records in corpus order
			for _, r := range recs {
				if r.Tier == es[0].r.Tier {
					in = append(in, r)
				}
			}
			want := append([]*Record(nil), in...)
			switch {
			case c.hard:
				sort.SliceStable(want, func(i, j int) bool { return want[i].Rating > want[j].Rating })
			case !c.keep:
				sort.SliceStable(want, func(i, j int) bool { return want[i].Rating < want[j].Rating })
			}
			for i, e := range es {
				if e.r.ID != want[i].ID || e.num != i+1 {
					t.Errorf("%+v: %s: puzzle %d is %s, want %s", c, tierTitle(e.r.Tier), e.num, e.r.ID, want[i].ID)
				}
			}
		}
		wantTiers := []string{"easy", "medium", "hard", "expert", ""}
		if c.hard {
			wantTiers = []string{"expert", "hard", "medium", "easy", ""}
		}
		if !reflect.DeepEqual(tiers, wantTiers) {
			t.Errorf("%+v: sections %q, want %q", c, tiers, wantTiers)
		}
	}
	// 11 records in 5 tiers at 4 per page: every section ends on a page
	// of 1, 2 or 3 puzzles; each grid has the size of a full page's, and
	// a short last row is centered on the page.
	l := planTest(t, recs, DefaultBookOptions())
	_, _, full, _ := l.slot(l.firstPuzzlePage(), 4, 0)
	for _, pp := range l.puzzles {
		x0, _ := l.pageBox(pp.entries[0].page)
		for k := range pp.entries {
			x, _, side, _ := l.puzzleSquare(pp, k)
			if math.Abs(side-full) > 1e-9 {
				t.Errorf("page %d: puzzle %d of %d gets a %.0f pt grid, a full page's is %.0f", pp.entries[0].page, k+1, len(pp.entries), side, full)
			}
			if len(pp.entries)%2 == 1 && k == len(pp.entries)-1 {
				if mid := x + side/2 - x0; math.Abs(mid-l.contentW/2) > 0.01 {
					t.Errorf("page %d: the lone last puzzle's centre is %.1f pt in, want %.1f", pp.entries[0].page, mid, l.contentW/2)
				}
			}
		}
	}
}

// TestPDFTierOrder: custom tier names go in the tier table's order when
// one is given, else in the order of their puzzles' ratings (the bands
// the table drew), never alphabetically; the built-in names keep their
// order, beyond last.
func TestPDFTierOrder(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 12)
	// Custom bands by rating: soft < 2, tough < 4, brutal above.
	names := func(r float64) string {
		switch {
		case r < 2:
			return "soft"
		case r < 4:
			return "tough"
		}
		return "brutal"
	}
	for i, r := range recs {
		r.Rating = 1 + float64(i)*0.5
		r.Tier = names(r.Rating)
	}
	for _, c := range []struct {
		order []string
		hard  bool
		want  []string
	}{
		{nil, false, []string{"soft", "tough", "brutal"}},
		{nil, true, []string{"brutal", "tough", "soft"}},
		{[]string{"tough", "soft", "brutal"}, false, []string{"tough", "soft", "brutal"}},
	} {
		o := DefaultBookOptions()
		o.TierOrder, o.HardestFirst = c.order, c.hard
		l := planTest(t, recs, o)
		var got []string
		for _, s := range l.sections {
			got = append(got, s.Tier)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("order %v hardest %v: sections %v, want %v", c.order, c.hard, got, c.want)
		}
	}
}

// TestBeyondER: export's idea of "not a rating" is the grader's.
func TestBeyondER(t *testing.T) {
	if beyondER != grade.Beyond {
		t.Errorf("beyondER %v, grade.Beyond %v", beyondER, grade.Beyond)
	}
}

// manySectionsCorpus is a book of many kinds and sections: 40 sudokus of
// a kind registered here, each in a section of its own with 14 rules on
// the how-to-play page, then mixedCorpus's sudokus and sliding puzzles.
func manySectionsCorpus(t *testing.T) []*Record {
	b, _ := boardFor("sudoku")
	rules := b.Rules
	b.Rules = func(tr *Language, recs []*Record, key bool) []string {
		out := rules(tr, recs, key)
		for i := 0; i < 14; i++ {
			out = append(out, "Another variant: two cells a chess knight's move apart never hold the same digit, as the section's rule says.")
		}
		return out
	}
	b.Section = func(tr *Language, r *Record) (string, string, int) { return "Variant " + r.ID[len(r.ID)-2:], "", 0 }
	registerSudokuAs(t, "sudoku-many", b)
	recs := makeRecords(t, sudoku.Shape9, 40)
	for _, r := range recs {
		r.Kind = "sudoku-many"
	}
	return append(recs, mixedCorpus(t)...)
}

// registerSudokuAs registers the sudoku kind under name with board b,
// for the test's time.
func registerSudokuAs(t *testing.T, name string, b Board) {
	updateKinds(func(kinds map[string]*RecordKind) {
		k := *kinds["sudoku"]
		k.Name, k.Board = name, b
		kinds[k.Name] = &k
	})
	t.Cleanup(func() { unregisterKind(name) })
}

// manySectionsBook writes manySectionsCorpus as a book of page size
// page, 2 puzzles a page, in language lang ("" for English), and returns
// its path.
func manySectionsBook(t *testing.T, page, lang string) string {
	o := DefaultBookOptions()
	o.Page, o.PerPage, o.Lang = page, 2, lang
	path := filepath.Join(t.TempDir(), "many.pdf")
	if _, err := WritePDFFiles(path, manySectionsCorpus(t), o); err != nil {
		t.Fatal(err)
	}
	return path
}

// belowFolio checks that every word of page p of path sits above the
// page's number, its lowest word.
func belowFolio(t *testing.T, path string, p int) {
	t.Helper()
	words := bboxWords(t, path, p, p)
	folio := words[0]
	for _, w := range words {
		if w.y1 > folio.y1 {
			folio = w
		}
	}
	if folio.text != strconv.Itoa(p) {
		t.Fatalf("the lowest word of page %d is %q, not its page number: the text runs past it", p, folio.text)
	}
	for _, w := range words {
		if w != folio && w.y1 > folio.y0 {
			t.Errorf("page %d: %q at y %.0f-%.0f runs into the page number at %.0f", p, w.text, w.y0, w.y1, folio.y0)
			return
		}
	}
}

// TestPDFRulesContinue: the how-to-play text of a crowded book (some
// forty sections of three kinds, in French on A5 and Russian on 6x9; it
// ran past its one page at 6 pt) continues on the pages after page 4,
// each headed by the section's title: no word of a how-to page runs into
// its page number or below the bottom margin, the text is all there, from
// the first kind's rules to where the solutions start, and every line of
// the contents points at the page its part starts on: the page whose
// first line is its name (a title or running head) and whose page before
// is another's.
func TestPDFRulesContinue(t *testing.T) {
	needTool(t, "pdftotext")
	for _, c := range []struct{ lang, page, first, last string }{
		{"fr", "a5", "Sudoku : remplissez chaque case vide", "Les solutions commencent page"},
		{"ru", "6x9", "Судоку: заполните все пустые клетки", "Решения начинаются на странице"},
	} {
		path := manySectionsBook(t, c.page, c.lang)
		pages := pdfPages(t, path)
		head := func(p int) string { return pageHead(pages, p) }
		title, end := head(4), rulesEnd(pages)
		if end == 5 {
			t.Errorf("%s %s: the how-to text takes one page", c.lang, c.page)
		}
		text := ""
		for p := 4; p < end; p++ {
			belowFolio(t, path, p) // the page number is inside the bottom margin
			text += " " + strings.TrimPrefix(squash(pages[p-1]), title)
		}
		if !strings.HasPrefix(strings.TrimSpace(text), c.first) || !strings.Contains(text, c.last) {
			t.Errorf("%s %s: the how-to text does not run from %q to %q:\n%s", c.lang, c.page, c.first, c.last, text)
		}
		// A line of the contents: its name (a section's with its count,
		// cut with … when too long), leader dots and its page. The
		// solutions' line points at the page whose head starts with it
		// ("Solutions : Sudoku : Facile, ..."), a section's solutions at
		// a key page whose head names it.
		entry := regexp.MustCompile(`^(.+?) (?:\. )*\.?\s*(\d+)$`)
		keyTitle := (&BookOptions{Lang: c.lang}).language().Text("book.key.title")
		n, inKey := 0, false
		for _, ln := range strings.Split(pages[2], "\n") {
			m := entry.FindStringSubmatch(strings.TrimSpace(ln))
			if m == nil {
				continue
			}
			n++
			name := regexp.MustCompile(` \(.*$`).ReplaceAllString(m[1], "")
			cut := strings.HasSuffix(name, "…")
			name = strings.TrimSuffix(name, "…")
			p, _ := strconv.Atoi(m[2])
			var ok bool
			switch {
			case p < 4 || p > len(pages):
			case name == keyTitle:
				inKey = true
				ok = strings.HasPrefix(head(p), name) && !strings.HasPrefix(head(p-1), name)
			case inKey:
				ok = strings.Contains(head(p), name)
			default:
				ok = (head(p) == name || cut && strings.HasPrefix(head(p), name)) && head(p-1) != head(p)
			}
			if !ok {
				t.Errorf("%s %s: contents: %q on page %d, whose first line is %q (the page before: %q)", c.lang, c.page, m[1], p, head(p), head(p-1))
			}
		}
		if n < 20 {
			t.Errorf("%s %s: %d contents lines", c.lang, c.page, n)
		}
	}
}

// pageHead is the first line of page p (1-based) of a book's pages as
// pdfPages reads them: its title or running head.
func pageHead(pages []string, p int) string {
	for _, ln := range strings.Split(pages[p-1], "\n") {
		if s := strings.TrimSpace(ln); s != "" {
			return s
		}
	}
	return ""
}

// rulesEnd is the page after a book's how-to pages: page 4 and the pages
// after it headed by its title.
func rulesEnd(pages []string) int {
	end := 5
	for end <= len(pages) && pageHead(pages, end) == pageHead(pages, 4) {
		end++
	}
	return end
}

// TestPDFRulesLargePrint: a large-print book keeps its how-to text at
// 16 pt, continuing on the next page, where it shrank to about 11 pt to
// fit one page with its pictures (a mixed book of sudoku and sliding
// puzzles on 8.5x11; heights measured with pdftotext -bbox, whose word
// boxes are the fonts' ascent and descent, 1.16 times the size).
func TestPDFRulesLargePrint(t *testing.T) {
	needTool(t, "pdftotext")
	o := DefaultBookOptions()
	o.Page, o.PerPage, o.LargePrint = "8.5x11", 1, true
	path := filepath.Join(t.TempDir(), "lp.pdf")
	if _, err := WritePDFFiles(path, mixedCorpus(t), o); err != nil {
		t.Fatal(err)
	}
	end := rulesEnd(pdfPages(t, path))
	var heights []float64 // of the words with a letter: the text's, not the pictures' digits
	for _, w := range bboxWords(t, path, 4, end-1) {
		if strings.IndexFunc(w.text, unicode.IsLetter) >= 0 {
			heights = append(heights, w.y1-w.y0)
		}
	}
	sort.Float64s(heights)
	if len(heights) < 100 {
		t.Fatalf("%d words on the how-to pages 4-%d", len(heights), end-1)
	}
	if h := heights[len(heights)/2]; h < 16*1.16-0.1 {
		t.Errorf("how-to text on pages 4-%d: median word %.1f pt high, %.1f pt type; large print wants 16", end-1, h, h/1.16)
	}
}

// TestPDFContentsLinesApart: the contents of a book of so many sections
// that its lines would overlap at 7 pt (an A5 book of sudoku, slides,
// killers and the variants) lists its solutions as one line, and no line
// touches the next or the page number.
func TestPDFContentsLinesApart(t *testing.T) {
	needTool(t, "pdftotext")
	path := manySectionsBook(t, "a5", "")
	belowFolio(t, path, 3)
	var lines []bboxWord // the first word of each line
	for _, w := range bboxWords(t, path, 3, 3) {
		if len(lines) == 0 || w.y0 > lines[len(lines)-1].y0+0.5 {
			lines = append(lines, w)
		}
	}
	for i := 1; i < len(lines); i++ {
		if a, b := lines[i-1], lines[i]; b.y0 < a.y1-0.2 {
			t.Errorf("contents: %q (y %.1f-%.1f) overlaps %q (y %.1f-%.1f)", b.text, b.y0, b.y1, a.text, a.y0, a.y1)
			break
		}
	}
}

// TestRulesPlan: the how-to-play section as planned, for a crowded book
// on three trims in three languages and a large-print mixed book: its
// text at 9 to 11 pt (16 in large print), every line and picture inside
// its page's content area and on a how-to page, no paragraph leaving its
// first or last line alone on a page, and the first puzzles on the page
// after the section.
func TestRulesPlan(t *testing.T) {
	type book struct {
		page, lang string
		large      bool
	}
	var books []book
	for _, page := range []string{"a5", "6x9", "letter"} {
		for _, lang := range []string{"en", "fr", "ru"} {
			books = append(books, book{page, lang, false})
		}
	}
	books = append(books, book{"8.5x11", "fr", true}, book{"6x9", "en", true})
	for _, b := range books {
		o := DefaultBookOptions()
		o.Page, o.Lang, o.LargePrint, o.PerPage = b.page, b.lang, b.large, 2
		recs := manySectionsCorpus(t)
		if b.large {
			o.PerPage = 1
			recs = mixedCorpus(t)
		}
		l := planTest(t, recs, o)
		p := l.rules
		top, floor := 11.0, 9.0
		if b.large {
			top, floor = 16, 16
		}
		if p.size < floor || p.size > top {
			t.Errorf("%+v: text at %g pt, want %g to %g", b, p.size, floor, top)
		}
		_, y0 := l.pageBox(rulesPage)
		bottom := y0 + l.contentH
		for i, ln := range p.lines {
			if ln.page >= l.rulesPages || ln.y < y0 || ln.y+p.size*1.4 > bottom+1e-9 {
				t.Errorf("%+v: line %q on how-to page %d of %d at y %.1f-%.1f, the content area is %.1f-%.1f", b, ln.text, ln.page+1, l.rulesPages, ln.y, ln.y+p.size*1.4, y0, bottom)
			}
			// A paragraph's first line alone at the foot of a page, or
			// its last alone at the head of the next.
			first := i == 0 || p.lines[i-1].para != ln.para
			last := i == len(p.lines)-1 || p.lines[i+1].para != ln.para
			if !first && !last {
				continue
			}
			if first && !last && p.lines[i+1].page != ln.page || last && !first && p.lines[i-1].page != ln.page {
				t.Errorf("%+v: line %q alone on how-to page %d, the rest of its paragraph on the next or the one before", b, ln.text, ln.page+1)
			}
		}
		for _, f := range p.figures {
			if f.page >= l.rulesPages || f.y < y0 || f.y+f.h > bottom+1e-9 {
				t.Errorf("%+v: the %s picture on how-to page %d of %d at y %.1f-%.1f, the content area is %.1f-%.1f", b, f.kind, f.page+1, l.rulesPages, f.y, f.y+f.h, y0, bottom)
			}
		}
		if l.secStart[0] != rulesPage+l.rulesPages || p.pages > l.rulesPages {
			t.Errorf("%+v: %d how-to pages (%d planned), the first puzzles on page %d", b, l.rulesPages, p.pages, l.secStart[0])
		}
		t.Logf("%+v: %d how-to pages at %g pt", b, l.rulesPages, p.size)
	}
}

// TestRulesPlanVolumes: a crowded book split into volumes of at most 30
// pages: each volume's how-to section as long as its own text needs (the
// volumes' sections differ), its first puzzles on the page after it,
// within the limit, every puzzle once.
func TestRulesPlanVolumes(t *testing.T) {
	o := DefaultBookOptions()
	o.Page, o.Lang, o.PerPage, o.MaxPages = "a5", "fr", 2, 30
	recs := manySectionsCorpus(t)
	ls, err := prepareBook(recs, o, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) < 2 {
		t.Fatalf("%d volumes, want several", len(ls))
	}
	n := 0
	for i, l := range ls {
		if l.pages > o.MaxPages || l.rules.pages > l.rulesPages || l.secStart[0] != rulesPage+l.rulesPages {
			t.Errorf("volume %d: %d pages (at most %d), %d how-to pages (%d planned), first puzzles on page %d", i+1, l.pages, o.MaxPages, l.rulesPages, l.rules.pages, l.secStart[0])
		}
		n += l.records
	}
	if n != len(recs) {
		t.Errorf("%d puzzles in the volumes, %d in the corpus", n, len(recs))
	}
}
