package export

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSwbook2StaleVolumes: a book written where an earlier run left
// files of its name that this run does not write (volumes past the
// last, the unsplit file beside volumes or volumes beside it, covers
// this run did not draw) is written, and its last volume's preflight
// names them in a note, so they are not uploaded with it. Files of other
// names, and a run leaving none, get no note.
func TestSwbook2StaleVolumes(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape4, 40)
	dir := t.TempDir()
	path := filepath.Join(dir, "bk.pdf")
	run := func(maxPages int, cover bool) ([]string, string) {
		t.Helper()
		o := DefaultBookOptions()
		o.PerPage, o.MaxPages, o.Cover = 1, maxPages, cover
		paths, pre, err := writeBook(path, recs, o)
		if err != nil {
			t.Fatal(err)
		}
		return paths, strings.Join(pre[len(pre)-1].Notes, "\n")
	}
	in := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(in("bk-notes.pdf"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// 40 puzzles a page each with front matter and key: 3 volumes of
	// at most 24 pages, one book of 50-odd pages without a limit
	paths, note := run(24, true)
	if len(paths) != 6 || strings.Contains(note, "earlier run") {
		t.Fatalf("first run: %v, note %q", paths, note)
	}
	_, note = run(0, false)
	for _, f := range []string{"bk-1.pdf", "bk-1-cover.pdf", "bk-2.pdf", "bk-3-cover.pdf"} {
		if !strings.Contains(note, in(f)) {
			t.Errorf("one book after 3 volumes: note does not name %s: %q", f, note)
		}
	}
	if strings.Contains(note, "bk-notes.pdf") || strings.Contains(note, in("bk.pdf")+",") {
		t.Errorf("note names a file of another name or the book itself: %q", note)
	}
	for _, f := range []string{"bk-1.pdf", "bk-1-cover.pdf", "bk-2.pdf", "bk-2-cover.pdf", "bk-3.pdf", "bk-3-cover.pdf"} {
		os.Remove(in(f))
	}
	if _, note = run(0, true); strings.Contains(note, "earlier run") {
		t.Errorf("nothing left over, but note %q", note)
	}
	// the cover just written is not redrawn by a run without --cover
	paths, note = run(0, false)
	if !strings.Contains(note, in("bk-cover.pdf")) || slices.Contains(paths, in("bk-cover.pdf")) {
		t.Errorf("book without --cover beside an old cover: note %q", note)
	}
	// split again: the unsplit book and its cover are left over
	if _, note = run(24, true); !strings.Contains(note, in("bk.pdf")) || !strings.Contains(note, in("bk-cover.pdf")) {
		t.Errorf("3 volumes after one book: note %q", note)
	}
}
