package grade

import (
	"reflect"
	"testing"
)

// TestP21DigitMemoSame rates hard puzzles (nesting levels 2-3) with every
// producer-21 run inside the levels checked against a run without the
// per-digit memo on the same working grid and engine, from the same
// leftover nodes: the same hints in the same order, the same work and
// the engine left with the same node count. Most runs must take some
// digit from the memo (its point), and some runs must be answered in full
// by it for a digit whose last search ends the pass.
func TestP21DigitMemoSame(t *testing.T) {
	picks := nestedPicks(t)
	runs, bad := 0, 0
	p21DigitCheck = func(with, without []chainHint, withWork, withoutWork int64, withFinal, withoutFinal int) {
		runs++
		if withWork != withoutWork || withFinal != withoutFinal || !reflect.DeepEqual(with, without) {
			bad++
			if bad <= 3 {
				t.Errorf("with the memo: %d hints (work %d, engine left with %d nodes), without: %d hints (work %d, %d nodes), same hints %v",
					len(with), withWork, withFinal, len(without), withoutWork, withoutFinal, reflect.DeepEqual(with, without))
			}
		}
	}
	hits, misses := 0, 0
	p21DigitCount = func(h, m int) { hits += h; misses += m }
	defer func() { p21DigitCheck, p21DigitCount = nil, nil }()
	rateSE(t, picks)
	t.Logf("producer-21 runs checked: %d; digits answered by the memo %d, searched %d", runs, hits, misses)
	if runs == 0 || hits == 0 {
		t.Error("the memo answered nothing")
	}
	if bad > 0 {
		t.Fatalf("%d runs differ", bad)
	}
}

// TestP21DigitMemoRuns rates hard puzzles with and without the per-digit
// memo, under a work budget that runs out for some: the same results,
// steps and work counted.
func TestP21DigitMemoRuns(t *testing.T) {
	picks := hardestPicks(t, 7, 151, 3)
	rate := func(off bool, budget int64) []Result {
		p21DigitMemoOff = off
		defer func() { p21DigitMemoOff = false }()
		return rateSteps(t, NewEngine(SEProfile()), picks, budget)
	}
	for _, budget := range []int64{0, 2_000_000} {
		with, without := rate(false, budget), rate(true, budget)
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
