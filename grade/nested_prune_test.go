package grade

import (
	"reflect"
	"testing"
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
// results and steps; only the work counted differs.
func TestP21PruneRuns(t *testing.T) {
	picks := hardestPicks(t, 7, 151, 3)
	e := NewEngine(SEProfile())
	rate := func(budget int64) []Result { return rateSteps(t, e, picks, budget) }
	const huge = 1 << 50
	runs := [][]Result{rate(0), rate(huge), rate(0)}
	for i := range picks {
		if runs[0][i].Work >= runs[1][i].Work {
			t.Errorf("puzzle %d: work %d pruned, %d not: nothing pruned", i, runs[0][i].Work, runs[1][i].Work)
		}
		for _, rs := range runs {
			rs[i].Work = 0
		}
		if !reflect.DeepEqual(runs[0][i], runs[1][i]) || !reflect.DeepEqual(runs[2][i], runs[1][i]) {
			t.Errorf("puzzle %d: pruned %.1f %s, not pruned %.1f %s", i, runs[0][i].ER, runs[0][i].Hardest, runs[1][i].ER, runs[1][i].Hardest)
		}
	}
}
