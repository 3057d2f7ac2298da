package export

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestKeyInsideMargins renders the answer-key pages of 9x9 books (whose
// key boards fill their columns) on letter and 6x9 paper and finds no ink
// between the trim and the margins on either side: the boards' outer
// lines, drawn centred on the board's edge, are inset by half their
// width, as KDP wants all content inside the margins.
func TestKeyInsideMargins(t *testing.T) {
	for _, page := range []string{"letter", "6x9"} {
		t.Run(page, func(t *testing.T) {
			o := DefaultBookOptions()
			o.Page = page
			recs := makeRecords(t, sudoku.Shape9, 12)
			ls, err := prepareBook(recs, o, false)
			if err != nil {
				t.Fatal(err)
			}
			l := ls[0]
			path := filepath.Join(t.TempDir(), "k.pdf")
			if _, err := WritePDFFiles(path, recs, o); err != nil {
				t.Fatal(err)
			}
			last := l.keyStart + len(l.keyPages) - 1
			for i, pg := range renderPDF(t, path, 144, l.keyStart, last) {
				p := l.keyStart + i
				left, _ := l.pageBox(p)
				right := left + l.contentW
				where := fmt.Sprintf("key page %d (content %.1f-%.1f pt of %.1f)", p, left, right, l.size.Width)
				if k := pg.ink(0, 0, left, l.size.Height, 250); k > 0 {
					t.Errorf("%s: %d pixels of ink in the left margin", where, k)
				}
				if k := pg.ink(right, 0, l.size.Width, l.size.Height, 250); k > 0 {
					t.Errorf("%s: %d pixels of ink in the right margin", where, k)
				}
			}
		})
	}
}

// TestHowToOrderSentence: the how-to says "easiest first" (or "hardest
// first") only when the puzzles have ratings to order them by; a book of
// unrated puzzles (batch --no-grade) is in the order given and says so.
func TestHowToOrderSentence(t *testing.T) {
	for _, c := range []struct {
		name        string
		rated, hard bool
		want, not   string
	}{
		{"rated", true, false, "The puzzles are numbered from 1, easiest first.", ""},
		{"rated, hardest first", true, true, "The puzzles are numbered from 1, hardest first.", ""},
		{"unrated", false, false, "The puzzles are numbered from 1.", "easiest first"},
		{"unrated, hardest first", false, true, "The puzzles are numbered from 1.", "hardest first"},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := makeRecords(t, sudoku.Shape4, 6)
			for _, r := range recs {
				r.Tier = "" // one section
				if !c.rated {
					r.Rating, r.Tier, r.Hardest, r.Techniques = 0, "", "", nil
				}
			}
			o := DefaultBookOptions()
			o.HardestFirst = c.hard
			ls, err := prepareBook(recs, o, false)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(ls[0].rulesText(), " ")
			if !strings.Contains(text, c.want) || (c.not != "" && strings.Contains(text, c.not)) {
				t.Errorf("how-to: %q; want %q", text, c.want)
			}
		})
	}
}

// TestKeyHeadsWhole: a key page's running head names its sections whole,
// in every language, in large print and on 6x9 paper; a list too long for
// the line names a kind once with its tiers, or gives way to the key's
// title, and never ends cut short with an ellipsis.
func TestKeyHeadsWhole(t *testing.T) {
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape4, 25)
	for i, tier := range []string{"easy", "medium", "hard", "expert", "extreme"} {
		recs[5*i].Tier = tier
	}
	recs = append(recs, slideRec(t, 3, "LLUURDDR", "hard", true), slideRec(t, 3, "LURD", "easy", true))
	for _, lang := range []string{"en", "de", "fr", "es", "pt", "ru"} {
		for _, lp := range []bool{false, true} {
			o := DefaultBookOptions()
			o.Lang, o.Page, o.LargePrint = lang, "6x9", lp
			name := fmt.Sprintf("%s/large=%v", lang, lp)
			ls, err := prepareBook(recs, o, false)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			l := ls[0]
			path := filepath.Join(t.TempDir(), "k.pdf")
			if _, err := WritePDFFiles(path, recs, o); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			title := l.tr.Text("book.key.title")
			// the key pages' text in one pdftotext run, a page per form feed
			last := l.keyStart + len(l.keyPages) - 1
			pages := strings.Split(run(t, "pdftotext", "-f", strconv.Itoa(l.keyStart), "-l", strconv.Itoa(last), "-layout", path, "-"), "\f")
			if len(pages) < len(l.keyPages) {
				t.Fatalf("%s: %d pages of text for %d key pages", name, len(pages), len(l.keyPages))
			}
			for i := range l.keyPages {
				p := l.keyStart + i
				head := strings.TrimSpace(strings.SplitN(strings.TrimLeft(pages[i], "\n"), "\n", 2)[0])
				if strings.Contains(head, "…") || !strings.HasPrefix(head, title) {
					t.Errorf("%s: key page %d's running head %q: want %q or a whole list after it", name, p, head, title)
				}
			}
		}
	}
}
