package playhints

import (
	"testing"

	"github.com/sudogen/sudogen/grade"
)

// TestStored: a step the page finds is left out; one it cannot find is
// stored, marked Keep when its technique is one the page finds elsewhere
// (so the writer, which drops those techniques, stores it); Steps leaves
// out exactly the page's techniques. The catalogue's name and the
// pattern go along.
func TestStored(t *testing.T) {
	steps := []grade.Step{
		{Tech: "hidden-single", Placements: []grade.Candidate{{Cell: 3, Digit: 4}}, Units: []int{0}},
		{Tech: "naked-pair", Eliminations: []grade.Candidate{{Cell: 5, Digit: 2}}, Units: []int{1}, Cells: []int{6, 7}, Digits: []uint8{2, 9}},
		{Tech: "pointing", Eliminations: []grade.Candidate{{Cell: 9, Digit: 1}}, Units: []int{27, 10}},
		{Tech: "pointing", Eliminations: []grade.Candidate{{Cell: 11, Digit: 1}}, Units: []int{18, 10}},
	}
	// The page finds the single, and the pointing whose first house is a
	// box (18..26), not the one with house 27 (a window).
	finds := func(s *grade.Step) bool { return s.Tech == "hidden-single" || s.Tech == "pointing" && s.Units[0] < 27 }
	got := Stored(steps, finds)
	if len(got) != 2 {
		t.Fatalf("stored %d steps, want 2: %+v", len(got), got)
	}
	if got[0].Tech != "naked-pair" || got[0].Keep || got[0].Name != "Naked Pair" || len(got[0].Cells) != 2 || got[0].Digits[1] != 9 {
		t.Errorf("naked pair stored as %+v", got[0])
	}
	if got[1].Tech != "pointing" || !got[1].Keep || got[1].Houses[0] != 27 || got[1].Elims[0].Cell != 9 {
		t.Errorf("window pointing stored as %+v, want Keep", got[1])
	}
	all := Steps(steps)
	if len(all) != 1 || all[0].Tech != "naked-pair" || all[0].Keep {
		t.Errorf("Steps: %+v, want the naked pair alone", all)
	}
}
