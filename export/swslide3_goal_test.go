package export

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestPDFSlideLargeGoal: in large print the goal picture beside a
// section's first board has tile numbers of the large-print size, as the
// boards and the sudoku digits do (16 pt: pdftotext -bbox boxes of 18 pt
// and more), and the board beside it keeps numbers that big. On letter
// at 4 a page the goal, a quarter of the puzzle's square as in ordinary
// print, had 3x3 numbers of 11.6 pt and 4x4 numbers of 8.7 pt (boxes of
// 13.4 and 10).
func TestPDFSlideLargeGoal(t *testing.T) {
	needTool(t, "pdftotext")
	recs := []*Record{
		slideRec(t, 3, "LLUURRDDLLUURRDD", "easy", true),   // 16 moves: no tile is 16
		slideRec(t, 4, "LLLUURRDLURDRULLDD", "easy", true), // 18 moves: no tile is 18
	}
	path, first := swslide3LargeBook(t, recs, "letter", 4)
	out := run(t, "pdftotext", "-f", strconv.Itoa(first), "-l", strconv.Itoa(first), "-bbox", path, "-")
	re := regexp.MustCompile(`yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([0-9]+)</word>`)
	seen := map[int]int{}
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		y0, _ := strconv.ParseFloat(m[1], 64)
		y1, _ := strconv.ParseFloat(m[2], 64)
		v, _ := strconv.Atoi(m[3])
		if y0 > 700 || v > 15 { // the page number; the move counts
			continue
		}
		seen[v]++
		if y1-y0 < 18 {
			t.Errorf("number %d is %.1f pt high, want 18 or more (16 pt type)", v, y1-y0)
		}
	}
	// each board's tiles and its goal's; the puzzles' own numbers 1 and 2
	for v := 1; v <= 15; v++ {
		want := 2
		if v <= 8 {
			want = 4
		}
		if v <= 2 {
			want++
		}
		if seen[v] != want {
			t.Errorf("number %d found %d times on page %d, want %d (two boards, two goals, the puzzles' numbers)", v, seen[v], first, want)
		}
	}
}

// TestPDFSlideCaptionInSquare: a first board's caption, centered under
// the board (narrower in large print, beside a bigger goal), stays in the
// puzzle's square: it starts no further left than the board and its
// label. "at most 24 moves (at least 22)" under a large-print 5x5 board
// started 14 pt left of them, in the margin.
func TestPDFSlideCaptionInSquare(t *testing.T) {
	needTool(t, "pdftotext")
	recs := []*Record{slideRec(t, 5, "UULLUULDRURDDLDRUULLDDRR", "easy", false)}
	path, first := swslide3LargeBook(t, recs, "letter", 4)
	caption, label := -1.0, -1.0
	for _, w := range bboxWords(t, path, first, first) {
		switch {
		case w.text == "at" && caption < 0:
			caption = w.x0
		case w.text == "1" && w.y0 > 300 && w.y0 < 700: // the puzzle's number, under the caption
			label = w.x0
		}
	}
	if caption < 0 || label < 0 {
		t.Fatalf("no caption (%.1f) or label (%.1f) on page %d", caption, label, first)
	}
	if caption < label-0.5 {
		t.Errorf("the caption starts at x %.1f, left of the board's label at %.1f", caption, label)
	}
}

// swslide3LargeBook writes recs as a large-print book without a key, on
// page at per a page, and returns its path and its first puzzle page.
func swslide3LargeBook(t *testing.T, recs []*Record, page string, per int) (string, int) {
	t.Helper()
	o := DefaultBookOptions()
	o.LargePrint, o.Page, o.PerPage, o.Solutions = true, page, per, "none"
	path := filepath.Join(t.TempDir(), "lp.pdf")
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	return path, planTest(t, recs, o).firstPuzzlePage()
}

// TestPDFSlideLargeHowToGoal: in large print the how-to-play page's goal
// pictures are as big as 16 pt numbers need on the widest board, in rows
// of fewer goals on a narrow page: a 5x5 goal, 110 pt wide as in
// ordinary print, had numbers of 12.3 pt (boxes of 14.2) on a letter page
// left almost empty, and three goals across a 6x9 page 10 pt.
func TestPDFSlideLargeHowToGoal(t *testing.T) {
	needTool(t, "pdftotext")
	five := slideRec(t, 5, "UULLUULDRURDDLDRUULLDDRR", "easy", false)
	for _, c := range []struct {
		page string
		recs []*Record
	}{
		{"letter", []*Record{five}},
		{"6x9", []*Record{slideRec(t, 3, "LLUURRDDLLUURRDD", "easy", true), slideRec(t, 4, "LLLUURRDLURDRULLDD", "easy", true), five}},
	} {
		path, first := swslide3LargeBook(t, c.recs, c.page, 1)
		tallest := map[string]float64{}
		for _, ws := range swslide3PageWords(t, path)[:first-1] {
			for _, w := range ws {
				tallest[w.text] = math.Max(tallest[w.text], w.y1-w.y0)
			}
		}
		for _, r := range c.recs {
			if side := fmt.Sprintf("%d×%d", r.Size, r.Size); tallest[side] == 0 {
				t.Fatalf("%s: no goal of %s before the puzzles (page %d)", c.page, side, first)
			}
		}
		for v := 1; v <= 24; v++ {
			if h := tallest[strconv.Itoa(v)]; h < 18 {
				t.Errorf("%s: the how-to-play goal's %d is %.1f pt high, want 18 or more (16 pt type)", c.page, v, h)
			}
		}
	}
}
