package export

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestRuleBlockAligned: a section's rule that wraps to two lines is one
// block, laid out as a one-line rule is: on a verso it starts at the
// inner edge (the running head's), on a recto its widest line ends at the
// outer edge (the running head's), and on both its lines start at the
// same x. Each line of a two-line rule used to be set flush right on a
// recto, so the second, shorter line started far right of the first.
func TestRuleBlockAligned(t *testing.T) {
	needTool(t, "pdftotext")
	const long = "Ruled-Sudoku: the two long diagonals, shaded, also hold every digit once. Anti-knight: two cells a chess knight's move apart never hold the same digit."
	for _, c := range []struct {
		name, rule string
		lines      int
	}{
		{"two lines", long, 2},
		{"one line", "Ruled-Sudoku: the diagonals hold every digit.", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			ruled := *kindOf(KindSudoku)
			ruled.Name = "sudoku-ruled"
			ruled.Board.Section = func(*Language, *Record) (string, string, int) { return "Ruled", c.rule, 0 }
			RegisterKind(ruled)
			defer unregisterKind("sudoku-ruled")
			recs := makeRecords(t, sudoku.Shape9, 2)
			for _, r := range recs {
				r.Kind, r.Tier = "sudoku-ruled", "hard"
			}
			o := DefaultBookOptions()
			o.Page, o.PerPage, o.Solutions = "6x9", 1, "none"
			path := filepath.Join(t.TempDir(), "ruled.pdf")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := WritePDF(f, recs, o); err != nil {
				t.Fatal(err)
			}
			f.Close()
			sides := map[bool]bool{}
			for p, ws := range swslide3PageWords(t, path) {
				first := -1
				for i, w := range ws {
					if w.text == "Ruled-Sudoku:" {
						first = i
					}
				}
				if first < 0 {
					continue
				}
				// the running head: the page's first word(s), above the rule
				head := ws[0]
				headR := head.x1
				for _, w := range ws[:first] {
					headR = math.Max(headR, w.x1)
				}
				// the rule's lines by baseline, each its leftmost and
				// rightmost x
				type line struct{ y, l, r float64 }
				var ls []line
				for _, w := range ws[first:] {
					if !strings.Contains(c.rule, w.text) {
						break
					}
					k := len(ls) - 1
					if k < 0 || math.Abs(ls[k].y-w.y1) > 2 {
						ls = append(ls, line{w.y1, w.x0, w.x1})
						continue
					}
					ls[k].l, ls[k].r = math.Min(ls[k].l, w.x0), math.Max(ls[k].r, w.x1)
				}
				sort.Slice(ls, func(i, j int) bool { return ls[i].y < ls[j].y })
				if len(ls) != c.lines {
					t.Fatalf("page %d: the rule in %d lines, want %d", p+1, len(ls), c.lines)
				}
				recto := (p+1)%2 == 1
				sides[recto] = true
				wide := 0.0
				for _, ln := range ls {
					if math.Abs(ln.l-ls[0].l) > 0.5 {
						t.Errorf("page %d: a rule line starts at x %.1f, the first at %.1f", p+1, ln.l, ls[0].l)
					}
					wide = math.Max(wide, ln.r)
				}
				if recto && math.Abs(wide-headR) > 1 {
					t.Errorf("recto page %d: the rule ends at x %.1f, the running head at %.1f", p+1, wide, headR)
				}
				if !recto && math.Abs(ls[0].l-head.x0) > 1 {
					t.Errorf("verso page %d: the rule starts at x %.1f, the running head at %.1f", p+1, ls[0].l, head.x0)
				}
			}
			if !sides[true] || !sides[false] {
				t.Fatalf("the rule on rectos %v and versos %v, want both", sides[true], sides[false])
			}
		})
	}
}

// swslide3PageWords returns the words of every page of path (one
// pdftotext run), page by page.
func swslide3PageWords(t *testing.T, path string) [][]bboxWord {
	t.Helper()
	var pages [][]bboxWord
	for _, page := range strings.Split(run(t, "pdftotext", "-bbox", path, "-"), "<page ")[1:] {
		pages = append(pages, parseBboxWords(page))
	}
	return pages
}
