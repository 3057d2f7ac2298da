package export

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestRulesBeyondOnce: the how-to-play text says what Beyond means
// exactly once when any section of the book is Beyond, whatever its
// kind: a kind whose rules never mention it (a plugged-in board, as the
// variant and killer boards were), a kind whose rules do, both at once,
// and two kinds whose rules both say it; never when no section is.
func TestRulesBeyondOnce(t *testing.T) {
	sb, _ := boardFor(KindSudoku)
	quiet := sb
	quiet.Rules = func(tr *Language, _ []*Record, _ bool) []string {
		return []string{tr.Text("book.sudoku.rules")}
	}
	RegisterBoard("sudoku-quiet", quiet) // says nothing of Beyond
	RegisterBoard("sudoku-twin", sb)     // says it as sudoku does
	defer func() {
		unregisterKind("sudoku-quiet")
		unregisterKind("sudoku-twin")
	}()
	// recs returns four puzzles of kind, the last beyond if beyond is set.
	recs := func(kind string, beyond bool) []*Record {
		rs := makeRecords(t, sudoku.Shape9, 4)
		for _, r := range rs {
			r.Kind, r.Tier = kind, "easy"
		}
		if beyond {
			rs[3].Tier, rs[3].Rating = "beyond", beyondER
		}
		return rs
	}
	const para = "Beyond: puzzles that none of the grader's techniques finishes"
	for _, c := range []struct {
		name string
		recs [][]*Record
		want int
	}{
		{"sudoku beyond", [][]*Record{recs(KindSudoku, true)}, 1},
		{"sudoku, none beyond", [][]*Record{recs(KindSudoku, false)}, 0},
		{"quiet kind beyond", [][]*Record{recs("sudoku-quiet", true)}, 1},
		{"quiet kind, none beyond", [][]*Record{recs("sudoku-quiet", false)}, 0},
		{"sudoku plain, quiet kind beyond", [][]*Record{recs(KindSudoku, false), recs("sudoku-quiet", true)}, 1},
		{"sudoku and quiet kind beyond", [][]*Record{recs(KindSudoku, true), recs("sudoku-quiet", true)}, 1},
		{"sudoku and its twin beyond", [][]*Record{recs(KindSudoku, true), recs("sudoku-twin", true)}, 1},
	} {
		var all []*Record
		for _, rs := range c.recs {
			all = append(all, rs...)
		}
		o := DefaultBookOptions()
		l, err := planBook(orderRecords(all, o), o)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for _, p := range l.rulesText() {
			got += strings.Count(p, para)
		}
		if got != c.want {
			t.Errorf("%s: the Beyond paragraph %d times, want %d:\n%s", c.name, got, c.want, strings.Join(l.rulesText(), "\n"))
		}
	}
}
