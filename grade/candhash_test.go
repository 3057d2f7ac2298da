package grade

import "testing"

// TestCandHashSame rates a hard puzzle (nesting levels 2-3) with every
// working grid hash the engine keeps up to date (implGraph.remove,
// restore) checked against the hash of the grid computed afresh: the
// rule cache and the producer-21 memo are keyed by it.
func TestCandHashSame(t *testing.T) {
	checked, bad := 0, 0
	candHashCheck = func(kept, fresh [2]uint64) {
		checked++
		if kept != fresh {
			bad++
		}
	}
	defer func() { candHashCheck = nil }()
	rateSE(t, nestedPicks(t)[:1])
	t.Logf("hashes checked: %d", checked)
	if checked == 0 {
		t.Fatal("no working grid hash was taken")
	}
	if bad > 0 {
		t.Fatalf("%d of %d kept hashes differ from the grid's", bad, checked)
	}
}
