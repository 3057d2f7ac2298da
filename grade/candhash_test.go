package grade

import "testing"

// TestCandHashSame rates hard puzzles (nesting levels 2-3; the rating
// nestedObserved, shared) with every working grid hash the engine keeps up
// to date (implGraph.remove, restore) checked against the hash of the grid
// computed afresh: the rule cache and the producer-21 memo are keyed by
// it.
func TestCandHashSame(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("hashes checked: %d", o.hash.n)
	if o.hash.n == 0 {
		t.Fatal("no working grid hash was taken")
	}
	o.hash.report(t, "kept hashes")
}
