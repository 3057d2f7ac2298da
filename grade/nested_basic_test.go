package grade

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestBasicFastSame rates hard puzzles (nesting levels 1-5) with every
// result of the nesting levels' basic-rule shortcut (basicFast) checked
// against the rule's finders run on a copy of the same working grid: the
// same off nodes, rule parents and order. Locking results must include
// some with hints (the other rules' shortcut only answers "nothing").
func TestBasicFastSame(t *testing.T) {
	ps := readPuzzles(t, "sudoku/forum-hardest-1106.txt", 0)
	var picks []sudoku.Grid
	for i := 0; i < len(ps) && len(picks) < 2; i += 97 {
		picks = append(picks, ps[i])
	}
	var checked, nonEmpty [advXWing + 1]int
	bad := 0
	basicFastCheck = func(rule uint8, fast, finder []advEntry) {
		checked[rule]++
		if len(finder) > 0 {
			nonEmpty[rule]++
		}
		if len(fast) == 0 && len(finder) == 0 {
			return
		}
		if !reflect.DeepEqual(fast, finder) {
			bad++
			if bad <= 5 {
				t.Errorf("rule %d: shortcut %v, finder %v", rule, fast, finder)
			}
		}
	}
	defer func() { basicFastCheck = nil }()
	e := NewEngine(SEProfile())
	for i, p := range picks {
		res, err := e.Rate(p, Options{})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		_ = res
	}
	t.Logf("results checked per rule %v, of them not empty %v", checked, nonEmpty)
	for r := advLocking; r <= advXWing; r++ {
		if checked[r] == 0 {
			t.Errorf("rule %d: no result checked", r)
		}
	}
	// (the other rules' shortcut only ever answers "nothing")
	if nonEmpty[advLocking] == 0 {
		t.Errorf("no locking result with hints: %v", nonEmpty)
	}
	if bad > 0 {
		t.Fatal(fmt.Sprintf("%d results differ", bad))
	}
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
