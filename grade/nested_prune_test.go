package grade

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestP21PruneSame rates hard puzzles (nesting levels 2-3; the rating
// nestedSkipped, shared) without a work budget, so producer 21 inside the
// levels skips the cycle searches that cannot eliminate anything
// (cycleSearch.prune), with every producer-21 run checked against a run
// without pruning on the same working grid: the same hints in the same
// order.
func TestP21PruneSame(t *testing.T) {
	s := nestedSkipped(t)
	t.Logf("producer-21 runs checked: %d", s.prune.n)
	if s.prune.n == 0 {
		t.Error("no producer-21 run pruned")
	}
	s.prune.report(t, "runs")
}

// TestP21PruneRuns rates hard puzzles without a work budget (pruning) and
// with one too large to run out (no pruning), on one engine each, both
// ways round (the memos are emptied when the mode changes): the same
// results and steps; only the work counted differs. (The three ratings,
// pruneRuns, are shared with TestP21DigitMemoRuns.)
func TestP21PruneRuns(t *testing.T) {
	runs := pruneRuns(t)
	for i := range runs[0] {
		if runs[0][i].Work >= runs[1][i].Work {
			t.Errorf("puzzle %d: work %d pruned, %d not: nothing pruned", i, runs[0][i].Work, runs[1][i].Work)
		}
		var rs [3]Result
		for k := range rs {
			rs[k] = runs[k][i]
			rs[k].Work = 0
		}
		if !reflect.DeepEqual(rs[0], rs[1]) || !reflect.DeepEqual(rs[2], rs[1]) {
			t.Errorf("puzzle %d: pruned %.1f %s, not pruned %.1f %s", i, rs[0].ER, rs[0].Hardest, rs[1].ER, rs[1].Hardest)
		}
	}
}

var pruneRunsRun shared[[3][]Result]

// prunePicks returns lines 8 and 310 of the 2011 forum hardest list
// (nested forcing chains, 0.5 CPU-s a rating together), and with
// SUDOGEN_LONG=1 line 159 between them: TestP21PruneRuns and
// TestP21DigitMemoRuns rate them. Two, because a wrong mode switch
// (setPrune) shows only on the second puzzle an engine rates in a mode.
func prunePicks(t *testing.T) []sudoku.Grid {
	if os.Getenv("SUDOGEN_LONG") != "" {
		return hardestPicks(t, 7, 151, 3)
	}
	return hardestPicks(t, 7, 302, 2)
}

// pruneRuns rates prunePicks with their steps on one fresh SE engine
// three times: without a work budget, with one too large to run out,
// without again (made once). The first is also TestP21DigitMemoRuns'
// rating with the per-digit memo and no budget (a fresh engine's first).
func pruneRuns(t *testing.T) [3][]Result {
	t.Helper()
	picks := prunePicks(t)
	return pruneRunsRun.get(t, func() ([3][]Result, error) {
		e := NewEngine(SEProfile())
		var runs [3][]Result
		for k, budget := range []int64{0, 1 << 50, 0} {
			for i, p := range picks {
				res, err := e.Rate(p, Options{KeepSteps: true, MaxWork: budget})
				if err != nil {
					return runs, fmt.Errorf("budget %d, puzzle %d: %v", budget, i, err)
				}
				runs[k] = append(runs[k], res)
			}
		}
		return runs, nil
	})
}
