package export

import (
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// bigCorpusRecs is n copies of real 9x9 records with distinct ids, for
// books too long for KDP (only laid out, not drawn).
func bigCorpusRecs(t *testing.T, n int) []*Record {
	base := makeRecords(t, sudoku.Shape9, 20)
	out := make([]*Record, n)
	for i := range out {
		c := *base[i%len(base)]
		c.ID = c.ID + "-" + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + itoa(i)
		out[i] = &c
	}
	return out
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// TestVolumesKDPLimit: a corpus of about 1,200 pages is split, with no
// --max-pages, into two volumes within KDP's 828 pages, of about the
// same size, each with every puzzle once, its own numbering from 1 and
// its own key; one stream refuses it with the arithmetic.
func TestVolumesKDPLimit(t *testing.T) {
	recs := bigCorpusRecs(t, 4000) // 4 a page: 1,000 puzzle pages and about 200 of key
	o := DefaultBookOptions()
	all, err := planBook(orderRecords(recs, o), o)
	if err != nil {
		t.Fatal(err)
	}
	if all.pages < 1100 || all.pages > 1400 {
		t.Fatalf("the whole book has %d pages: the fixture wants about 1,200", all.pages)
	}
	ls, err := prepareBook(recs, o, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 {
		t.Fatalf("%d volumes for %d pages, want 2", len(ls), all.pages)
	}
	seen := map[string]int{}
	total := 0
	for _, l := range ls {
		if l.pages > kdpMaxPages {
			t.Errorf("a volume of %d pages, over KDP's %d", l.pages, kdpMaxPages)
		}
		for _, es := range l.entries {
			for i, e := range es {
				seen[e.r.ID]++
				if e.num != i+1 || e.keyPage < l.keyStart {
					t.Errorf("%s: number %d (want %d), key page %d (key starts %d)", e.r.ID, e.num, i+1, e.keyPage, l.keyStart)
				}
			}
		}
		total += l.records
	}
	if d := ls[0].pages - ls[1].pages; d < -8 || d > 8 {
		t.Errorf("volumes of %d and %d pages: not evened out", ls[0].pages, ls[1].pages)
	}
	if total != len(recs) || len(seen) != len(recs) {
		t.Errorf("%d records in the volumes, %d distinct, want %d", total, len(seen), len(recs))
	}
	err = WritePDF(io.Discard, recs, o)
	if err == nil || !strings.Contains(err.Error(), "pages, over KDP's limit of 828 pages: write it to a file to split it into 2 volumes") {
		t.Errorf("one stream: %v, want a refusal with the arithmetic", err)
	}
	// A limit above KDP's: one file, which KDP cannot print: refused
	// unless forced.
	o.MaxPages = 5000
	if _, err := prepareBook(recs, o, true); err == nil || !strings.Contains(err.Error(), "KDP prints paperbacks of at most 828 pages") {
		t.Errorf("max-pages 5000: %v, want KDP's limit", err)
	}
	o.Force = true
	if ls, err := prepareBook(recs, o, true); err != nil || len(ls) != 1 {
		t.Errorf("max-pages 5000 --force: %d volumes, %v; want one book", len(ls), err)
	}
}

// TestMinimumCell: a sudoku whose cells are too small to write in is
// refused, naming the size and what fits; forced, it prints with the
// problem as a warning.
func TestMinimumCell(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape16, 4)
	o := DefaultBookOptions()
	o.Page, o.PerPage = "a5", 6
	err := WritePDF(io.Discard, recs, o)
	if err == nil || !regexp.MustCompile(`^a 16x16 grid at 6 per page on a5 gets [23]\.\d mm cells, under the 4 mm a pencilled digit needs: use --per-page 1 or 2 or a bigger --page`).MatchString(err.Error()) {
		t.Fatalf("16x16 at 6 per page on A5: %v", err)
	}
	o.Force = true
	ls, err := prepareBook(recs, o, true)
	if err != nil {
		t.Fatal(err)
	}
	if p := ls[0].preflight(); len(p.Problems) != 1 || !strings.Contains(p.Warnings(), "WARNING: a 16x16 grid") {
		t.Errorf("forced: warnings %q", p.Warnings())
	}
	// 9x9 at 4 per page on Letter is far above the minimum: no problem,
	// no note.
	l := planTest(t, makeRecords(t, sudoku.Shape9, 4), DefaultBookOptions())
	if mm, _, _ := l.smallestCell(); mm < 9 {
		t.Errorf("9x9 at 4 per page on Letter: %.1f mm cells", mm)
	}
	if p := l.preflight(); len(p.Problems)+len(p.Notes) > 1 { // the page-count note only
		t.Errorf("9x9 at 4 a page: %v %v", p.Problems, p.Notes)
	}
}

// TestVolumeISBNs: an ISBN names one book, and each volume of a split
// book is one: a single --isbn for a split book is refused, as are a
// count that does not match the volumes and one ISBN given twice; one
// ISBN per volume prints each on its own volume's copyright page only.
func TestVolumeISBNs(t *testing.T) {
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape4, 40)
	o := DefaultBookOptions()
	o.PerPage, o.MaxPages = 1, 40
	ls, err := prepareBook(recs, o, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 {
		t.Fatalf("%d volumes, the fixture wants 2", len(ls))
	}
	a, b, c := "978-0-306-40615-7", "978-3-16-148410-0", "978-1-86197-876-9"
	for _, tc := range []struct {
		isbn, err string
	}{
		{a, "isbn 978-0-306-40615-7: the book splits into 2 volumes, each a book of its own: give one ISBN per volume, comma-separated"},
		{a + "," + b + "," + c, "3 ISBNs for a book of 2 volumes: give one per volume"},
		{a + ", 9780306406157", "isbn 9780306406157: given for volumes 1 and 2: each volume needs its own"},
		{a + "," + "978-3-16-148410-1", `isbn "978-3-16-148410-1": check digit is wrong`},
		{a + ", " + b, ""},
	} {
		o.ISBN = tc.isbn
		path := filepath.Join(t.TempDir(), "b.pdf")
		paths, err := WritePDFFiles(path, recs, o)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("--isbn %q: %v, want %q", tc.isbn, err, tc.err)
			}
			continue
		}
		if err != nil || len(paths) != 2 {
			t.Fatalf("--isbn %q: %v, %v", tc.isbn, paths, err)
		}
		for i, want := range []string{a, b} {
			other := []string{b, a}[i]
			p2 := pdfPages(t, paths[i])[1]
			if !strings.Contains(p2, "ISBN "+want) || strings.Contains(p2, other) {
				t.Errorf("volume %d's copyright page does not carry its own ISBN %s alone: %s", i+1, want, p2)
			}
		}
	}
}
