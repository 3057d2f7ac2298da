package grade

import (
	"reflect"
	"testing"
)

// TestP21DigitMemoSame rates hard puzzles (nesting levels 2-3; the rating
// nestedObserved, shared) with every producer-21 run inside the levels
// checked against a run without the per-digit memo on the same working
// grid and engine, from the same leftover nodes: the same hints in the
// same order, the same work and the engine left with the same node count.
// Most runs must take some digit from the memo (its point), and some runs
// must be answered in full by it for a digit whose last search ends the
// pass.
func TestP21DigitMemoSame(t *testing.T) {
	o := nestedObserved(t)
	// (the digits counted include those of the producer-21 memo check's
	// fresh runs: TestP21MemoSame's, in the same rating)
	t.Logf("producer-21 runs checked: %d; digits answered by the memo %d, searched %d", o.digit.n, o.digitHits, o.digitMisses)
	if o.digit.n == 0 || o.digitHits == 0 {
		t.Error("the memo answered nothing")
	}
	o.digit.report(t, "runs")
}

// TestP21DigitMemoRuns rates hard puzzles with and without the per-digit
// memo, under a work budget that runs out for some: the same results,
// steps and work counted.
func TestP21DigitMemoRuns(t *testing.T) {
	picks := prunePicks(t)
	rate := func(off bool, budget int64) []Result {
		p21DigitMemoOff = off
		defer func() { p21DigitMemoOff = false }()
		return rateSteps(t, NewEngine(SEProfile()), picks, budget)
	}
	for _, budget := range []int64{0, 2_000_000} {
		// with the memo and no budget: pruneRuns' first rating
		with := pruneRuns(t)[0]
		if budget != 0 {
			with = rate(false, budget)
		}
		without := rate(true, budget)
		for i := range with {
			if with[i].Work == 0 {
				t.Errorf("puzzle %d: no forcing-chain work", i)
			}
			if !reflect.DeepEqual(with[i], without[i]) {
				t.Errorf("budget %d, puzzle %d: with the memo %.1f %s work %d, without %.1f %s work %d",
					budget, i, with[i].ER, with[i].Hardest, with[i].Work, without[i].ER, without[i].Hardest, without[i].Work)
			}
		}
	}
}
