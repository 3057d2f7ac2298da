package grade

import "testing"

// TestBasicFastSame rates hard puzzles (the rating nestedObserved,
// shared: its two puzzles take steps of nesting levels 1-4, and every
// step searches the levels below its own) with every result of the
// nesting levels' basic-rule shortcut (basicFast) checked against the
// rule's finders run on a copy of the same working grid: the same off
// nodes, rule parents and order. Locking results must include some with
// hints (the other rules' shortcut only answers "nothing").
func TestBasicFastSame(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("results checked per rule %v, of them not empty %v", o.basicChecked, o.basicNonEmpty)
	for r := advLocking; r <= advXWing; r++ {
		if o.basicChecked[r] == 0 {
			t.Errorf("rule %d: no result checked", r)
		}
	}
	// (the other rules' shortcut only ever answers "nothing")
	if o.basicNonEmpty[advLocking] == 0 {
		t.Errorf("no locking result with hints: %v", o.basicNonEmpty)
	}
	o.basic.report(t, "results")
}

// TestChangedUnitsSame rates hard puzzles (nesting levels 2-3; the rating
// nestedObserved, shared) with every changed-units table of the basic
// rules' shortcut checked against one built from all the propagation's
// removals: most are grown from the table of the stall before
// (changedUnits keeps it per removal epoch).
func TestChangedUnitsSame(t *testing.T) {
	o := nestedObserved(t)
	t.Logf("tables checked: %d, grown from a kept one: %d", o.units.n, o.unitsGrown)
	if o.unitsGrown == 0 {
		t.Fatal("no table was grown from a kept one: the test checks little")
	}
	o.units.report(t, "tables")
}
