package export

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestPDFKeyLabelFont: with a --font that lacks the digits (Droid Sans
// Fallback), every answer-key label of a Japanese book still reads in
// full, "数独：初級 第N問 · Pページ" with the page its puzzle is on. The
// key's slots were measured in the user's font alone, the digits it
// lacks counted as nothing, so the labels (drawn with the built-in
// face's digits) were cut to "数独：初級 第1問 · 6…".
func TestPDFKeyLabelFont(t *testing.T) {
	needTool(t, "pdftotext")
	o := DefaultBookOptions()
	o.Lang, o.Font = "ja", cjkFont(t)
	path := filepath.Join(t.TempDir(), "ja.pdf")
	recs := makeRecords(t, sudoku.Shape4, 6)
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	pages := pdfPages(t, path)
	// A key label names the puzzle's section (its tier) and number, and the
	// page it is on: a page of that section (its running head) with the
	// puzzle's number under a board.
	label := regexp.MustCompile(`(\S+) 第(\d+)問 · (\d+)ページ`)
	found := 0
	for i, p := range pages {
		p = squash(p)
		if strings.Contains(p, "問 ·") && strings.Contains(p, "…") {
			t.Errorf("page %d: a key label cut short: %q", i+1, p)
		}
		for _, m := range label.FindAllStringSubmatch(p, -1) {
			n, _ := strconv.Atoi(m[2])
			page, _ := strconv.Atoi(m[3])
			if page < 1 || page > len(pages) {
				continue // the how-to page's example ("第17問 · 112ページ")
			}
			found++
			on := squash(pages[page-1])
			if !strings.HasPrefix(on, m[1]+" ") || !regexp.MustCompile(`\s`+m[2]+`\s`).MatchString(on) {
				t.Errorf("label %q: puzzle %d is not on page %d: %q", m[0], n, page, on)
			}
		}
	}
	if found != len(recs) {
		t.Errorf("%d whole key labels, want %d", found, len(recs))
	}
}
