package grade

import "testing"

// TestRuleMemoSame rates hard puzzles (nesting levels 2-3; the rating
// nestedObserved, shared) with every answer of the chain-rule memo checked
// against a fresh search on the same working grid from the same engine
// state: the same hints in the same order (eliminations, complexity,
// signature, the on nodes naming rule parents), the same nodes counted and
// left on the engine; and the rule parents those on nodes name are the
// search's own. Some answers must come from an earlier step (the memo's
// point), so the puzzles are rated by one engine.
func TestRuleMemoSame(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("memo answers checked: %d, hints' rule parents checked: %d", o.rule.n, o.parents.n)
	if o.parents.n == 0 {
		t.Error("no rule parents checked")
	}
	if o.rule.n == 0 {
		t.Error("the memo answered nothing")
	}
	o.parents.report(t, "hints' rule parents")
	o.rule.report(t, "memo answers")
}

// TestRuleMemoRuns rates hard puzzles (nesting levels 2-3) without a
// budget without the chain-rule memo (the shared rating, nestedRef, has
// it): the same results and the same work counted. Without the memo the
// inner searches' hints become off nodes through fcSearch.ruleParents,
// with it through the kept on nodes (memoEntries), so a kept list that
// names other rule parents, or a hit that counts other work, shows here.
// No steps are kept: KeepSteps asks for explanations, which the memo does
// not keep (it stays off then). The rating without the memo has the
// carried answers off too (nestedExactOff, shared with
// TestMultipleKnownRuns).
func TestRuleMemoRuns(t *testing.T) {
	sameWithWork(t, nestedRef(t), nestedExactOff(t))
}
