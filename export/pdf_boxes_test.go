package export

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestPDFBoxesReproducible writes a book with bleed and its cover eight
// times: every run gives the same bytes (fpdf writes a page's TrimBox and
// BleedBox from a map, in either order; the run-to-run chance of eight
// equal files without the sort is 1 in 128 a file), and each page's box
// lines are in one order with the values the layout set.
func TestPDFBoxesReproducible(t *testing.T) {
	dir := t.TempDir()
	recs := makeRecords(t, sudoku.Shape4, 6)
	var book, cover []byte
	for i := range 8 {
		o := DefaultBookOptions()
		o.Page, o.PerPage, o.Bleed, o.Cover = "6x9", 2, 0.125, true
		path := filepath.Join(dir, "b.pdf")
		if _, err := WritePDFFiles(path, recs, o); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := os.ReadFile(coverPath(path))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			book, cover = b, c
			continue
		}
		if !bytes.Equal(b, book) || !bytes.Equal(c, cover) {
			t.Fatalf("run %d: the book (same %v) or its cover (same %v) differs from run 1's", i+1, bytes.Equal(b, book), bytes.Equal(c, cover))
		}
	}
	boxLines := regexp.MustCompile(`(?m)^/Parent 1 0 R\n((?:/\w+Box \[[^\]]*\]\n)+)`)
	for name, doc := range map[string][]byte{"book": book, "cover": cover} {
		pages := boxLines.FindAllSubmatch(doc, -1)
		if len(pages) == 0 {
			t.Fatalf("%s: no page with boxes", name)
		}
		for _, m := range pages {
			if !regexp.MustCompile(`^/BleedBox \[0\.00 0\.00 [\d.]+ [\d.]+\]\n/TrimBox \[[\d.]+ 9\.00 [\d.]+ [\d.]+\]\n$`).Match(m[1]) {
				t.Errorf("%s: page boxes %q, want the BleedBox (the whole page) then the TrimBox (0.125 in in)", name, m[1])
			}
		}
	}
}

// TestSortPageBoxes sorts hand-made page dictionaries: the run of box
// lines after /Parent (and a page's own /MediaBox) is sorted by name,
// nothing else moves, and the document keeps its length.
func TestSortPageBoxes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"<</Type /Page\n/Parent 1 0 R\n/TrimBox [1]\n/BleedBox [2]\n/Resources 2 0 R>>\n",
			"<</Type /Page\n/Parent 1 0 R\n/BleedBox [2]\n/TrimBox [1]\n/Resources 2 0 R>>\n"},
		{"<</Type /Page\n/Parent 1 0 R\n/MediaBox [0 0 9 9]\n/TrimBox [1 1 8 8]\n/BleedBox [0 0 9 9]\n/ArtBox [3]\n/Resources 2 0 R>>\nstream\n/TrimBox [x]\n/BleedBox [y]\n",
			"<</Type /Page\n/Parent 1 0 R\n/MediaBox [0 0 9 9]\n/ArtBox [3]\n/BleedBox [0 0 9 9]\n/TrimBox [1 1 8 8]\n/Resources 2 0 R>>\nstream\n/TrimBox [x]\n/BleedBox [y]\n"},
		{"<</Type /Page\n/Parent 1 0 R\n/TrimBox [1]\n/Resources 2 0 R>>\n", "<</Type /Page\n/Parent 1 0 R\n/TrimBox [1]\n/Resources 2 0 R>>\n"},
		{"<</Type /Page\n/Parent 1 0 R\n/TrimBox [1]", "<</Type /Page\n/Parent 1 0 R\n/TrimBox [1]"}, // cut short
		{"no page", "no page"},
	} {
		doc := []byte(c.in)
		sortPageBoxes(doc)
		if string(doc) != c.want {
			t.Errorf("sortPageBoxes(%q)\n got %q\nwant %q", c.in, doc, c.want)
		}
	}
}
