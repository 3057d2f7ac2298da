package export

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// These tests look at books as a reader does: every page is rendered to
// pixels with pdftoppm and checked against the layout the book was drawn
// from (text extraction would find white digits too).

// pageImage is one rendered page, grey levels 0 (black) to 255 (white).
type pageImage struct {
	img   *image.Gray
	scale float64 // pixels a point
}

// ink counts the pixels darker than level in the box (x0, y0)-(x1, y1),
// points from the page's top-left corner.
func (p pageImage) ink(x0, y0, x1, y1 float64, level uint8) int {
	b := p.img.Bounds()
	r := image.Rect(int(x0*p.scale), int(y0*p.scale), int(x1*p.scale+0.999), int(y1*p.scale+0.999)).Intersect(b)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := p.img.Pix[(y-b.Min.Y)*p.img.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			if row[x-b.Min.X] < level {
				n++
			}
		}
	}
	return n
}

// renderBook writes the planned book l, renders pages first to last
// (last 0: all) at dpi and returns them (index 0 is page first).
func renderBook(t *testing.T, l *bookLayout, dpi, first, last int) []pageImage {
	t.Helper()
	needTool(t, "pdftoppm")
	dir := t.TempDir()
	path := filepath.Join(dir, "book.pdf")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.draw(f, 0, 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if last == 0 {
		last = l.pages
	}
	return renderPDF(t, path, dpi, first, last)
}

// renderPDF renders pages first to last of the PDF at path at dpi. The
// pages come as raw PGM (pdftoppm -gray without -png): the same pixels as
// its PNG, without a PNG to encode and decode (about a fifth of the CPU).
func renderPDF(t *testing.T, path string, dpi, first, last int) []pageImage {
	t.Helper()
	needTool(t, "pdftoppm")
	dir := t.TempDir()
	run(t, "pdftoppm", "-gray", "-r", fmt.Sprint(dpi), "-f", fmt.Sprint(first), "-l", fmt.Sprint(last), path, filepath.Join(dir, "p"))
	names, _ := filepath.Glob(filepath.Join(dir, "p-*.pgm"))
	sort.Strings(names) // pdftoppm pads page numbers to one width
	if len(names) != last-first+1 {
		t.Fatalf("pdftoppm made %d pages, want %d", len(names), last-first+1)
	}
	pages := make([]pageImage, len(names))
	for i, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		g, err := decodePGM(b)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		pages[i] = pageImage{img: g, scale: float64(dpi) / 72}
	}
	return pages
}

// decodePGM reads a binary 8-bit PGM ("P5", maxval 255) as pdftoppm
// writes it: the header's four fields, one whitespace byte, the rows.
func decodePGM(b []byte) (*image.Gray, error) {
	var magic string
	var w, h, maxval int
	r := bytes.NewReader(b)
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxval); err != nil {
		return nil, fmt.Errorf("PGM header: %v", err)
	}
	if magic != "P5" || maxval != 255 || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("PGM header %s %d %d %d: want P5, maxval 255", magic, w, h, maxval)
	}
	pix := b[len(b)-r.Len()+1:] // past the one whitespace byte after maxval
	if len(pix) != w*h {
		return nil, fmt.Errorf("PGM %dx%d: %d bytes of pixels", w, h, len(pix))
	}
	return &image.Gray{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
}

// planTest checks and lays out recs as WritePDF would.
func planTest(t *testing.T, recs []*Record, o BookOptions) *bookLayout {
	t.Helper()
	ls, err := prepareBook(recs, o, false)
	if err != nil {
		t.Fatal(err)
	}
	return ls[0]
}

// mixedCorpus is a book's worth of sudoku of two sizes and sliding
// puzzles of two sizes, in mixed tiers.
func mixedCorpus(t *testing.T) []*Record {
	recs := makeRecords(t, sudoku.Shape9, 9)
	recs = append(recs, makeRecords(t, sudoku.Shape6, 4)...)
	recs = append(recs,
		slideRec(t, 4, "ULULDRUL", "easy", true),
		slideRec(t, 3, "UULLDRDRUULDLURDDR", "hard", true),
		slideRec(t, 4, "LLLUURRDLURDRULLDD", "medium", true),
		slideRec(t, 3, "ULULDRDR", "easy", true))
	// Sliding puzzles first, as `cat slide.jsonl sudoku.jsonl` gives.
	return append(recs[len(recs)-4:], recs[:len(recs)-4]...)
}

// checkSudokuPixels checks one sudoku grid drawn in the square at (x, y)
// with side side: every cell meant to hold a symbol has ink at its
// middle, every other cell none.
func checkSudokuPixels(t *testing.T, pg pageImage, where string, r *Record, answer bool, x, y, side float64) {
	t.Helper()
	n := r.Size
	cell := side / float64(n)
	in := cell * 0.22 // clear of the grid lines
	text := r.Puzzle
	if answer {
		text = r.Solution
	}
	bad := 0
	for i := 0; i < n*n; i++ {
		cx, cy := x+float64(i%n)*cell, y+float64(i/n)*cell
		k := pg.ink(cx+in, cy+in, cx+cell-in, cy+cell-in, 200)
		filled := text[i] != '.' && text[i] != '0'
		if filled && k < 3 || !filled && k > 0 {
			if bad < 3 {
				t.Errorf("%s: %s r%dc%d (%q): %d ink pixels in the middle of the cell", where, r.ID, i/n+1, i%n+1, text[i], k)
			}
			bad++
		}
	}
}

// TestPDFPixelsDigitsVisible renders mixed books (sudoku and sliding
// puzzles in one corpus, slides first) at every per-page on the presets'
// trims and checks every grid's digits on the puzzle pages and in the
// answer key, and the slide tiles' numbers, by their pixels.
func TestPDFPixelsDigitsVisible(t *testing.T) {
	for _, c := range []struct {
		page  string
		per   int
		large bool
	}{{"6x9", 2, false}, {"letter", 4, false}, {"a5", 6, false}, {"8.5x11", 1, true}, {"a4", 6, false}} {
		name := fmt.Sprintf("%s-per%d", c.page, c.per)
		if c.large {
			name += "-large"
		}
		t.Run(name, func(t *testing.T) {
			o := DefaultBookOptions()
			o.Page, o.PerPage, o.LargePrint = c.page, c.per, c.large
			l := planTest(t, mixedCorpus(t), o)
			pages := renderBook(t, l, 90, 1, 0)
			grids := 0
			for _, pp := range l.puzzles {
				for k, e := range pp.entries {
					x, y, side, _ := l.puzzleSquare(pp, k)
					pg := pages[e.page-1]
					where := fmt.Sprintf("page %d", e.page)
					if e.r.Kind == "sudoku" {
						checkSudokuPixels(t, pg, where, e.r, false, x, y, side)
						grids++
						continue
					}
					// A slide board: dark tile numbers (the tiles are light
					// grey) in the board's part of the square.
					if k := pg.ink(x, y, x+side, y+side, 100); k < 50 {
						t.Errorf("%s: slide %s: %d dark pixels", where, e.r.ID, k)
					}
				}
			}
			for _, kp := range l.keyPages {
				for _, e := range kp.entries {
					x, y, side := l.keyBoard(e)
					pg := pages[e.keyPage-1]
					where := fmt.Sprintf("key page %d", e.keyPage)
					if e.r.Kind == "sudoku" {
						checkSudokuPixels(t, pg, where, e.r, true, x, y, side)
						grids++
						continue
					}
					if k := pg.ink(x, y, x+side, y+side, 128); k < 50 {
						t.Errorf("%s: slide solution %s: %d dark pixels", where, e.r.ID, k)
					}
				}
			}
			if grids != 2*13 {
				t.Errorf("checked %d sudoku grids, want 26", grids)
			}
		})
	}
}

// TestPDFPixelsSafeArea: nothing is drawn outside the margins on any page
// of books on every trim, with and without bleed, large print included.
func TestPDFPixelsSafeArea(t *testing.T) {
	for _, c := range []struct {
		page  string
		per   int
		large bool
		bleed float64
	}{{"6x9", 2, false, 0}, {"8.5x11", 4, false, 0.125}, {"a5", 6, false, 0}, {"letter", 1, true, 0}, {"a4", 4, false, 0.125}} {
		t.Run(fmt.Sprintf("%s-per%d-bleed%g", c.page, c.per, c.bleed), func(t *testing.T) {
			o := DefaultBookOptions()
			o.Page, o.PerPage, o.LargePrint, o.Bleed = c.page, c.per, c.large, c.bleed
			o.Margin = 0.5
			o.Title, o.Subtitle, o.Author = "A Very Long Title That Has To Wrap Across Several Lines Of The Title Page", "And a subtitle", "Ann Lee"
			o.Copyright, o.ISBN = "Copyright © 2026 Ann Lee. All rights reserved.", "978-0-306-40615-7"
			l := planTest(t, mixedCorpus(t), o)
			pages := renderBook(t, l, 72, 1, 0)
			for i, pg := range pages {
				p := i + 1
				x, y, w, h := l.safeBox(p)
				const tol = 1.0 // anti-aliasing spills half a pixel
				W, H := l.size.Width, l.size.Height
				for _, b := range [][4]float64{
					{0, 0, W, y - tol},     // above
					{0, y + h + tol, W, H}, // below
					{0, 0, x - tol, H},     // left
					{x + w + tol, 0, W, H}, // right
				} {
					if k := pg.ink(b[0], b[1], b[2], b[3], 250); k > 0 {
						t.Errorf("page %d: %d pixels drawn outside the margins in (%.0f,%.0f)-(%.0f,%.0f)", p, k, b[0], b[1], b[2], b[3])
					}
				}
			}
		})
	}
}

// TestPDFPixelsTitlePage: titles of every length, with subtitle and
// author, on the smallest and largest trims: the title page's blocks lie
// inside the margins and apart, each holds ink, and no ink falls outside
// them.
func TestPDFPixelsTitlePage(t *testing.T) {
	long := "The Enormous Book of Fiendishly Difficult Sudoku Puzzles for Experts and Masters"
	for _, c := range []struct {
		page, title, sub, author string
		large                    bool
	}{
		{"6x9", long, "300 puzzles from easy to beyond, with solutions", "Ann Lee", false},
		{"6x9", strings.Repeat(long+" ", 4), strings.Repeat("A subtitle that goes on. ", 8), "Someone With A Long Name", false},
		{"a5", "Sudoku", "", "", false},
		{"6x9", "Sudoku\nfor Lunch Breaks", "Volume One\n300 puzzles", "Ann Lee", false},
		{"8.5x11", long, "Large print", "Ann Lee", true},
		{"a4", "Supercalifragilisticexpialidociousandmorethanthatevenlonger Sudoku", "", "A", false},
	} {
		t.Run(fmt.Sprintf("%s-%d", c.page, len(c.title)), func(t *testing.T) {
			o := DefaultBookOptions()
			o.Page, o.Title, o.Subtitle, o.Author, o.LargePrint = c.page, c.title, c.sub, c.author, c.large
			o.PerPage = 1
			l := planTest(t, makeRecords(t, sudoku.Shape9, 3), o)
			pg := renderBook(t, l, 72, 1, 1)[0]
			sx, sy, sw, sh := l.safeBox(1)
			blocks := l.titleDrawn
			if len(blocks) < 2 {
				t.Fatalf("%d blocks on the title page", len(blocks))
			}
			for i, b := range blocks {
				x0, y0, x1, y1 := b.box()
				if x0 < sx-0.5 || x1 > sx+sw+0.5 || y0 < sy-0.5 || y1 > sy+sh+0.5 {
					t.Errorf("block %d (%q) at (%.1f,%.1f)-(%.1f,%.1f) leaves the safe area (%.1f,%.1f)-(%.1f,%.1f)",
						i, b.lines[0], x0, y0, x1, y1, sx, sy, sx+sw, sy+sh)
				}
				if k := pg.ink(x0, y0, x1, y1, 128); k == 0 {
					t.Errorf("block %d (%q): no ink", i, b.lines[0])
				}
				for j := i + 1; j < len(blocks); j++ {
					u0, v0, u1, v1 := blocks[j].box()
					if x0 < u1 && u0 < x1 && y0 < v1 && v0 < y1 {
						t.Errorf("blocks %d (%q) and %d (%q) overlap", i, b.lines[0], j, blocks[j].lines[0])
					}
				}
			}
			// Ink only inside the blocks (a point of slack for glyphs
			// that reach past the font's ascent or descent).
			W, H := l.size.Width, l.size.Height
			step := 2.0
			for y := 0.0; y < H; y += step {
				for x := 0.0; x < W; x += step {
					if pg.ink(x, y, x+step, y+step, 160) == 0 {
						continue
					}
					inside := false
					for _, b := range blocks {
						x0, y0, x1, y1 := b.box()
						if x+step > x0-1 && x < x1+1 && y+step > y0-1 && y < y1+1 {
							inside = true
							break
						}
					}
					if !inside {
						t.Fatalf("ink at (%.0f, %.0f) outside every title-page block", x, y)
					}
				}
			}
		})
	}
}
