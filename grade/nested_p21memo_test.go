package grade

import (
	"os"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestP21MemoSame rates hard puzzles (nesting levels 2-3; the rating
// nestedObserved, shared) with every answer of the producer-21 memo
// checked against a fresh search on the same working grid on the same free
// engine: the same hints in the same order, the same work counted against
// the budget and the engine left with the same node count (the next search
// counts them). Some answers must come from an earlier step (the memo's
// point), so the puzzles are rated by one engine.
func TestP21MemoSame(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("memo answers checked: %d", o.p21.n)
	if o.p21.n == 0 {
		t.Error("the memo answered nothing")
	}
	o.p21.report(t, "memo answers")
}

// TestP21MemoRuns rates hard puzzles with and without the producer-21
// memo's answers: the same results, steps and work counted (the budget
// runs out at the same point either way).
func TestP21MemoRuns(t *testing.T) {
	picks := hardestPicks(t, 7, 211, 2)
	rate := func(off bool) []Result {
		p21MemoOff = off
		defer func() { p21MemoOff = false }()
		return rateSteps(t, NewEngine(SEProfile()), picks, 0)
	}
	sameWithWork(t, rate(false), rate(true))
}

// nestedPicks returns puzzles of the 2011 forum hardest list that SE
// rates with nesting levels 2-4: lines 6 (hardest step a nested multiple
// forcing chain, about 1 CPU-s a rating) and 197 (a nested dynamic one,
// 0.6 CPU-s), and with SUDOGEN_LONG=1 line 107 between them (a nested
// dynamic one too, 3 CPU-s). The two reach every path the three do (a
// coverage profile of the shared ratings: the same blocks but one early
// return of the BUG search), the dynamic chain-rule memo (level 4)
// included, which line 6 alone leaves out. The producer-21 memos' tests
// rate them.
func nestedPicks(t *testing.T) []sudoku.Grid {
	if os.Getenv("SUDOGEN_LONG") != "" {
		return append(hardestPicks(t, 5, 101, 2), hardestPicks(t, 196, 1, 1)...)
	}
	return append(hardestPicks(t, 5, 1, 1), hardestPicks(t, 196, 1, 1)...)
}

// hardestPicks returns n puzzles of the 2011 forum hardest list, every
// step-th from line first (0-based).
func hardestPicks(t *testing.T, first, step, n int) []sudoku.Grid {
	ps := readPuzzles(t, "sudoku/forum-hardest-1106.txt", 0)
	var picks []sudoku.Grid
	for i := first; i < len(ps) && len(picks) < n; i += step {
		picks = append(picks, ps[i])
	}
	return picks
}

// rateSteps rates each pick on e with its steps kept under the work
// budget (0: none), failing the test on an error.
func rateSteps(t *testing.T, e *Engine, picks []sudoku.Grid, budget int64) []Result {
	t.Helper()
	var out []Result
	for i, p := range picks {
		res, err := e.Rate(p, Options{KeepSteps: true, MaxWork: budget})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		out = append(out, res)
	}
	return out
}
