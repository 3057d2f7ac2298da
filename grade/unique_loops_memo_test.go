package grade

import (
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestUniqueLoopMemoSame checks ulMemo (a pair of digits whose cells found
// no unique loop is skipped while the cells holding both digits and their
// candidates are the same) against the search without it: one SE engine
// rates the first 60 cb-ser-dev puzzles SE rates 7.0 or more and every
// 50th of the others in turn, so the memo is carried from step to step
// and from puzzle to puzzle, and every step of every run must be the step
// of a run without the memo. It also checks that the memo recorded pairs.
func TestUniqueLoopMemoSame(t *testing.T) {
	var ps []sudoku.Grid
	hi := 0
	for i, c := range loadSER(t) {
		if c.ser >= 7.0 && hi < 60 || i%50 == 0 {
			if c.ser >= 7.0 {
				hi++
			}
			p, err := sudoku.ParseAuto(c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
	}
	memo := NewEngine(SEProfile())
	recorded := 0
	for i, p := range ps {
		got, err := memo.Rate(p, Options{KeepSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, none := range memo.memo.ul.none {
			if none {
				recorded++
			}
		}
		ulMemoOff = true
		want, err := NewEngine(SEProfile()).Rate(p, Options{KeepSteps: true})
		ulMemoOff = false
		if err != nil {
			t.Fatal(err)
		}
		if g, w := stepsText(got.Steps), stepsText(want.Steps); !slices.Equal(g, w) {
			for k := range min(len(g), len(w)) {
				if g[k] != w[k] {
					t.Fatalf("puzzle %d: step %d is %s, without the memo %s", i, k+1, g[k], w[k])
				}
			}
			t.Fatalf("puzzle %d: %d steps, without the memo %d", i, len(g), len(w))
		}
		if got.ER != want.ER {
			t.Fatalf("puzzle %d: ER %v, without the memo %v", i, got.ER, want.ER)
		}
	}
	if recorded == 0 {
		t.Fatal("no pair was ever recorded: the memo was not used")
	}
	t.Logf("%d puzzles, %d pair records seen", len(ps), recorded)
}
