package export

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSwbook2KeySlotsBySize: a section holding grids of several sizes
// gives each size slots of its own in the answer key, a new size
// starting a new row. Before, every slot of the section was as big as
// its largest solution: an Easy section of 4x4 and 16x16 puzzles put
// two 4x4 solutions a row, six on a Letter page.
func TestSwbook2KeySlotsBySize(t *testing.T) {
	recs := append(makeRecords(t, sudoku.Shape4, 6), makeRecords(t, sudoku.Shape16, 2)...)
	for _, r := range recs {
		r.Tier = "easy"
	}
	o := DefaultBookOptions()
	l, err := planBook(orderRecords(recs, o), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.sections) != 1 {
		t.Fatalf("%d sections, want 1", len(l.sections))
	}
	// On Letter (content 7.5 in less a gutter of 0.375 in: 513 pt), a
	// 4x4 solution at 7 pt digits is about 45 pt wide and its label
	// ("Puzzle 6 · page 5") about 70 pt: the six go in one row. A 16x16
	// solution is about 180 pt: two a row.
	rows := map[int]map[float64]int{} // board side -> row's top -> solutions
	for _, e := range l.entries[0] {
		if rows[e.r.Size] == nil {
			rows[e.r.Size] = map[float64]int{}
		}
		rows[e.r.Size][float64(e.keyPage)*1e4+e.keyY]++
		_, _, side := l.keyBoard(e)
		if e.r.Size == 4 && side > 60 {
			t.Errorf("4x4 solution %g pt wide", side)
		}
	}
	if len(rows[4]) != 1 {
		t.Errorf("six 4x4 solutions in %d rows %v, want one", len(rows[4]), rows[4])
	}
	for y4 := range rows[4] {
		for y16 := range rows[16] {
			if y4 == y16 {
				t.Errorf("4x4 and 16x16 solutions share a row")
			}
		}
	}
	// the 4x4 slots are narrower than the 16x16 solutions
	var w4, side16 float64
	for _, e := range l.entries[0] {
		sp := l.keySpecs[e.keySpec]
		if e.r.Size == 4 {
			w4 = sp.slotW
		} else {
			_, _, side16 = l.keyBoard(e)
		}
	}
	if w4 >= side16 {
		t.Errorf("4x4 slots %g pt wide, the 16x16 solutions %g", w4, side16)
	}
}
