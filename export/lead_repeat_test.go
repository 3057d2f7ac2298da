package export

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestBookRepeatNote: a book that prints a puzzle twice (a corpus joined
// without `sudogen merge`) says so in its preflight notes, naming the
// first repeat by its labels and ids and counting the rest; a book
// without repeats gets no note (a book printed a puzzle twice without a
// word; found by swbook2).
func TestBookRepeatNote(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 3)
	note := func(recs []*Record) string {
		var out []string
		for _, n := range planTest(t, recs, DefaultBookOptions()).preflight().Notes {
			if strings.HasPrefix(n, "repeated puzzle") {
				out = append(out, n)
			}
		}
		return strings.Join(out, "\n")
	}
	if got := note(recs); got != "" {
		t.Errorf("three different puzzles: %q", got)
	}
	again := *recs[0]
	again.ID = "again"
	twice := append(append([]*Record{}, recs...), &again, recs[1])
	got := note(twice)
	// the first repeat in the book's order, whichever it is
	one := strings.Contains(got, `(id "again") is `) && strings.Contains(got, `(id "`+recs[0].ID+`") again`)
	other := strings.Count(got, `(id "`+recs[1].ID+`")`) == 2
	if !strings.HasPrefix(got, "repeated puzzle: ") || !one && !other || !strings.HasSuffix(got, " again, and 1 other repeat; sudogen merge drops repeats") {
		t.Errorf("two repeats: note %q", got)
	}
}
