package grade

import (
	"reflect"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestRuleMemoSame rates hard puzzles (nesting levels 2-3) with every
// answer of the chain-rule memo checked against a fresh search on the
// same working grid from the same engine state: the same hints in the
// same order (eliminations, complexity, signature, the on nodes naming
// rule parents), the same nodes counted and left on the engine; and the
// rule parents those on nodes name are the search's own. Some
// answers must come from an earlier step (the memo's point), so the
// puzzles are rated by one engine.
func TestRuleMemoSame(t *testing.T) {
	picks := nestedPicks(t)
	hits, bad := 0, 0
	ruleMemoCheck = memoChecker[memoHint](t, &hits, &bad)
	defer func() { ruleMemoCheck = nil }()
	// the kept on nodes name the rule parents the search's chains name
	parents, badParents := 0, 0
	memoParentsCheck = func(search, kept []int32) {
		parents++
		if !slices.Equal(search, kept) {
			badParents++
			if badParents <= 3 {
				t.Errorf("rule parents %v, from the kept on nodes %v", search, kept)
			}
		}
	}
	defer func() { memoParentsCheck = nil }()
	rateSE(t, picks)
	t.Logf("memo answers checked: %d, hints' rule parents checked: %d", hits, parents)
	if parents == 0 {
		t.Error("no rule parents checked")
	}
	if hits == 0 {
		t.Error("the memo answered nothing")
	}
	if bad > 0 {
		t.Fatalf("%d memo answers differ", bad)
	}
}

// TestRuleMemoRuns rates hard puzzles (nesting levels 2-3) without a
// budget with and without the chain-rule memo: the same results and the
// same work counted. Without the memo the inner searches' hints become off
// nodes through fcSearch.ruleParents, with it through the kept on nodes
// (memoEntries), so a kept list that names other rule parents, or a hit
// that counts other work, shows here.
func TestRuleMemoRuns(t *testing.T) {
	picks := append(nestedPicks(t), hardestPicks(t, 7, 211, 2)...)
	// no steps kept: KeepSteps asks for explanations, which the memo
	// does not keep (it stays off then)
	with, without := rateToggled(t, picks, &ruleMemoOff, false), rateToggled(t, picks, &ruleMemoOff, true)
	for i := range with {
		if with[i].Work == 0 {
			t.Errorf("puzzle %d: no forcing-chain work", i)
		}
		if !reflect.DeepEqual(with[i], without[i]) {
			t.Errorf("puzzle %d: with the memo %.1f %s work %d, without %.1f %s work %d",
				i, with[i].ER, with[i].Hardest, with[i].Work, without[i].ER, without[i].Hardest, without[i].Work)
		}
	}
}

// rateToggled rates each pick on a fresh SE engine without a budget (no
// steps kept) with *flag set to v, restoring it after.
func rateToggled(t *testing.T, picks []sudoku.Grid, flag *bool, v bool) []Result {
	t.Helper()
	old := *flag
	*flag = v
	defer func() { *flag = old }()
	e := NewEngine(SEProfile())
	var out []Result
	for i, p := range picks {
		res, err := e.Rate(p, Options{})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		out = append(out, res)
	}
	return out
}
