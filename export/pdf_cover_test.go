package export

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// kdpCover is KDP's paperback cover size for a trim and page count, in
// inches, as "Create a Paperback Cover" (KDP Help) gives it: 0.125 in of
// bleed + back cover + spine + front cover + 0.125 in wide, 0.125 + trim
// height + 0.125 high; the spine is the page count times 0.002252 in on
// white paper, 0.0025 on cream, 0.002347 for premium color.
func kdpCover(trimW, trimH float64, pages int, paper string) (w, h float64) {
	per := map[string]float64{"white": 0.002252, "cream": 0.0025, "color": 0.002347}[paper]
	return 0.125 + trimW + float64(pages)*per + trimW + 0.125, 0.125 + trimH + 0.125
}

// boxes reads pdfinfo -box's page, trim and bleed boxes of page 1, in
// points.
func boxes(t *testing.T, path string) map[string][4]float64 {
	out := run(t, "pdfinfo", "-box", path)
	got := map[string][4]float64{}
	re := regexp.MustCompile(`(?m)^(MediaBox|TrimBox|BleedBox):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)`)
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+2], 64)
		}
		got[m[1]] = v
	}
	return got
}

// TestPDFCoverKDP writes books with covers on KDP trims and papers, thin
// and thick, and checks each cover against KDP's formula for the page
// count pdfinfo reads from the interior: the page size, the trim box
// (bleed inside it on every edge), spine text only from 79 pages and at
// 7 pt or more, the
// title on the front, and the barcode area white and empty.
func TestPDFCoverKDP(t *testing.T) {
	needTool(t, "pdfinfo")
	needTool(t, "pdftotext")
	dir := t.TempDir()
	for _, c := range []struct {
		page         string
		trimW, trimH float64
		per          int
		n            int
		paper        string
	}{
		{"6x9", 6, 9, 2, 12, "white"},       // 16 pages: no spine text
		{"8.5x11", 8.5, 11, 1, 84, "cream"}, // over 79 pages, spine too thin for 7 pt
		{"6x9", 6, 9, 1, 72, "color"},       // about 79 pages
		{"a5", 419.53 / 72, 595.28 / 72, 4, 8, "white"},
	} {
		name := fmt.Sprintf("%s-%s-%d", c.page, c.paper, c.n)
		t.Run(name, func(t *testing.T) {
			o := DefaultBookOptions()
			o.Page, o.PerPage, o.Paper, o.Cover = c.page, c.per, c.paper, true
			o.Title, o.Author, o.Blurb = "Cover Test Sudoku", "Ann Lee", "Forty puzzles, from easy to expert."
			path := filepath.Join(dir, name+".pdf")
			paths, err := WritePDFFiles(path, makeRecords(t, sudoku.Shape4, c.n), o)
			if err != nil {
				t.Fatal(err)
			}
			cover := coverPath(path)
			if len(paths) != 2 || paths[1] != cover || filepath.Base(cover) != name+"-cover.pdf" {
				t.Fatalf("paths %v, want the book and %s", paths, cover)
			}
			pages, _ := pdfInfo(t, path)
			cp, size := pdfInfo(t, cover)
			w, h := kdpCover(c.trimW, c.trimH, pages, c.paper)
			var gw, gh float64
			fmt.Sscanf(size, "%g x %g", &gw, &gh)
			if cp != 1 || math.Abs(gw-w*72) > 0.01 || math.Abs(gh-h*72) > 0.01 {
				t.Errorf("cover: %d pages of %s pt; KDP's formula for %d pages on %s paper gives %.3f x %.3f pt (%.4f x %.4f in)",
					cp, size, pages, c.paper, w*72, h*72, w, h)
			}
			b := boxes(t, cover)
			trim, bleed := b["TrimBox"], b["BleedBox"]
			want := [4]float64{9, 9, w*72 - 9, h*72 - 9}
			for i := range want {
				if math.Abs(trim[i]-want[i]) > 0.01 || math.Abs(bleed[i]-[4]float64{0, 0, w * 72, h * 72}[i]) > 0.01 {
					t.Errorf("trim box %v, bleed box %v; want the trim %v (0.125 in bleed on every edge)", trim, bleed, want)
					break
				}
			}
			text := squash(strings.Join(pdfPages(t, cover), " "))
			titles := strings.Count(text, "Cover Test Sudoku")
			per := map[string]float64{"white": 0.002252, "cream": 0.0025, "color": 0.002347}[c.paper]
			if spineText := pages >= 79 && 0.62*(float64(pages)*per-2*0.0625)*72 >= 7; (titles == 2) != spineText || titles == 0 {
				t.Errorf("%d pages: the title is on the cover %d times (front, and the spine from 79 pages when it fits 7 pt)", pages, titles)
			}
			for _, s := range []string{"Ann Lee", "Forty puzzles", "with solutions"} {
				if !strings.Contains(text, s) {
					t.Errorf("cover lacks %q: %s", s, text)
				}
			}
			// The barcode area: 2 x 1.2 in at the foot of the back cover,
			// 0.25 in from the spine and the bottom trim: white, no ink.
			pg := renderPDF(t, cover, 36, 1, 1)[0]
			bx1 := (0.125 + c.trimW - 0.25) * 72
			by1 := (0.125 + c.trimH - 0.25) * 72
			if k := pg.ink(bx1-2*72+1, by1-1.2*72+1, bx1-1, by1-1, 250); k > 0 {
				t.Errorf("%d pixels of ink in the barcode area", k)
			}
			// The back cover's background is the cover colour (dark).
			if k := pg.ink(20, 20, 40, 40, 128); k == 0 {
				t.Error("the cover's corner is not the cover colour")
			}
		})
	}
}

// writeCover writes l's cover (a single book's) to path.
func writeCover(t *testing.T, l *bookLayout, path string) CoverSize {
	t.Helper()
	f, err := createAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := l.drawCover(f, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestSpineTextFloor draws the covers of books of 78 to 128 pages on
// white and cream paper (the layout of a small book, its page count set)
// and checks that the spine carries the title exactly when KDP allows
// spine text (79 pages) and the spine, less 0.0625 in at each fold,
// takes text of at least 7 pt at 0.62 of its width, and that the
// preflight's cover line says what the cover has: "title on the spine"
// or why not.
func TestSpineTextFloor(t *testing.T) {
	needTool(t, "pdftotext")
	dir := t.TempDir()
	recs := makeRecords(t, sudoku.Shape4, 4)
	for _, c := range []struct {
		pages int
		paper string
	}{
		{78, "white"}, {80, "white"}, {82, "white"}, {100, "white"}, {124, "white"}, {126, "white"}, {128, "white"},
		{80, "cream"}, {112, "cream"}, {114, "cream"},
	} {
		name := fmt.Sprintf("%s-%d", c.paper, c.pages)
		t.Run(name, func(t *testing.T) {
			o := DefaultBookOptions()
			o.Page, o.Paper, o.Cover = "6x9", c.paper, true
			o.Title, o.Author = "Floor Sudoku", "Ann Lee"
			ls, err := prepareBook(recs, o, false)
			if err != nil {
				t.Fatal(err)
			}
			l := ls[0]
			l.pages = c.pages
			per := map[string]float64{"white": 0.002252, "cream": 0.0025}[c.paper]
			legible := c.pages >= 79 && 0.62*(float64(c.pages)*per-2*0.0625)*72 >= 7
			path := filepath.Join(dir, name+".pdf")
			cs := writeCover(t, l, path)
			onSpine := strings.Count(squash(strings.Join(pdfPages(t, path), " ")), "Floor Sudoku") == 2
			p := l.preflight()
			p.CoverPath, p.Cover = path, cs
			line := p.String()
			says := strings.Contains(line, "title on the spine")
			if onSpine != legible || says != onSpine || (cs.SpineSize >= spineTextFloor) != onSpine {
				t.Errorf("%d pages on %s paper: title on the spine %v, want %v; spine size %.2f pt; preflight: %s",
					c.pages, c.paper, onSpine, legible, cs.SpineSize, line)
			}
			if !onSpine && !strings.Contains(line, "no spine text (") {
				t.Errorf("the preflight does not say why the spine is bare: %s", line)
			}
		})
	}
}

// TestSpineUpright: a Chinese or Japanese title set upright on the spine
// takes the vertical forms of its punctuation, and turns the marks drawn
// along the line: the ideographic comma stood at the foot of its cell,
// against the next character ("数独 / 、ス"), and キラー's long vowel mark
// lay across the column.
func TestSpineUpright(t *testing.T) {
	needTool(t, "pdftotext")
	has := func(r rune) bool { return r != '︲' } // a font without the en dash's form
	for _, c := range []struct {
		r, want rune
		turn    bool
	}{
		{'、', '︑', false}, {'。', '︒', false}, {'，', '︐', false}, {'（', '︵', false}, {'」', '﹂', false},
		{'ー', 'ー', true}, {'～', '～', true}, {'–', '–', true},
		{'数', '数', false}, {'・', '・', false}, {'A', 'A', false},
	} {
		if v, turn := uprightForm(c.r, has); v != c.want || turn != c.turn {
			t.Errorf("uprightForm(%q) = %q, %v; want %q, %v", c.r, v, turn, c.want, c.turn)
		}
	}
	o := DefaultBookOptions()
	o.Lang, o.Font, o.Cover = "ja", cjkFont(t), true
	o.Title = "数独、スライドパズル、キラー数独"
	l := planTest(t, makeRecords(t, sudoku.Shape4, 2), o)
	l.pages = 300
	path := filepath.Join(t.TempDir(), "cover.pdf")
	cs := writeCover(t, l, path)
	if cs.SpineSize == 0 {
		t.Fatalf("no spine text: %s", cs.SpineWhy)
	}
	if text := strings.Join(pdfPages(t, path), ""); strings.Count(text, "︑") != 2 {
		t.Errorf("the spine does not set its two commas as ︑:\n%s", text)
	}
}
