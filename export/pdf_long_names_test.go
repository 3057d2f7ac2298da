package export

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestPDFLongSectionNames: on a 6 x 9 page a section's long rule and a
// long name in the contents print whole, not cut with an ellipsis: a
// Killer-X section's rule in German ran past two lines at 7 pt and ended
// "grau m…", and the contents read "X-Sudoku + Anti-Springer: Jenseits der
// Skala (2 Rä…". The rule takes the lines it needs and the puzzles sit
// under its last; the contents are set smaller. A large-print book keeps
// the rule at its size (it was set at 8.8 pt under 16 pt digits) and
// gives it the lines it needs.
func TestPDFLongSectionNames(t *testing.T) {
	needTool(t, "pdftotext")
	const (
		title = "X-Sudoku + Anti-Springer: Jenseits der Skala"
		rule  = "Die gestrichelten Umrandungen sind Käfige: Die Ziffern eines Käfigs ergeben zusammen die kleine Zahl in seiner Ecke, und keine Ziffer wiederholt sich innerhalb eines Käfigs. Killer-X: Auch die beiden langen Diagonalen, grau markiert, enthalten jede Ziffer genau einmal."
	)
	b, _ := boardFor("sudoku")
	b.Section = func(*Language, *Record) (string, string, int) { return title, rule, 0 }
	registerSudokuAs(t, "sudoku-long", b)
	recs := makeRecords(t, sudoku.Shape9, 3)
	for _, r := range recs[1:] {
		r.Kind, r.Tier = "sudoku-long", "hard"
	}
	for _, tc := range []struct {
		page  string
		per   int
		large bool
	}{{"6x9", 1, false}, {"6x9", 4, false}, {"8.5x11", 1, true}} {
		per := tc.per
		o := DefaultBookOptions()
		o.Page, o.PerPage, o.LargePrint = tc.page, per, tc.large
		l := planTest(t, recs, o)
		c, err := l.scratchCanvas()
		if err != nil {
			t.Fatal(err)
		}
		size, lines := l.ruleLines(c, rule)
		if got := strings.Join(lines, " "); got != rule {
			t.Errorf("%d a page: the rule is set as %q", per, lines)
		}
		if tc.large && size != l.ruleText() {
			t.Errorf("large print: the rule set at %.2f pt, not at its size %.2f pt", size, l.ruleText())
		}
		for _, pp := range l.puzzles {
			_, top := l.pageBox(pp.entries[0].page)
			ruleEnd := top + size*0.9 + float64(len(lines)-1)*size*1.25 + size*0.3
			for k := range pp.entries {
				if _, y, _, _ := l.puzzleSquare(pp, k); y < ruleEnd {
					t.Errorf("%d a page: puzzle %d at y %.1f, over the rule's last line (to %.1f)", per, k+1, y, ruleEnd)
				}
			}
		}
		path := filepath.Join(t.TempDir(), "long.pdf")
		if _, err := WritePDFFiles(path, recs, o); err != nil {
			t.Fatal(err)
		}
		pages := pdfPages(t, path)
		if text := squash(strings.Join(pages, " ")); strings.Contains(text, "…") {
			i := strings.Index(text, "…")
			t.Errorf("%d a page: cut with an ellipsis: %q", per, text[max(0, i-60):i+3])
		}
		if contents := squash(pages[2]); !strings.Contains(contents, title+": Hard (2 puzzles)") {
			t.Errorf("%d a page: the contents lack the section's whole name:\n%s", per, contents)
		}
		if p := pages[l.secStart[len(l.secStart)-1]-1]; !strings.Contains(squash(p), rule) {
			t.Errorf("%d a page: the section's first page lacks its whole rule:\n%s", per, p)
		}
	}
}
