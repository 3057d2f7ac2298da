package grade

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFramelessLockedNames: on layouts without a classic frame (a jigsaw,
// a twodoku) a locked candidate is named by the house the digit is locked
// in, as on a classic grid: pointing (2.6) when it is a region or box,
// claiming (2.8) when it is a row or column. Which houses are lines is
// known here from how framelessLayouts builds them, not asked of the
// layout. Every claiming used to be reported as pointing (the layout's
// houses were all taken for boxes), and the claiming finder found
// nothing: both finders must find steps.
func TestFramelessLockedNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	ls := framelessLayouts(t)
	for _, name := range slices.Sorted(maps.Keys(ls)) {
		l := ls[name]
		// framelessLayouts lists the jigsaw's houses as row, column for
		// each of the nine, then the regions; the twodoku's as row,
		// column, box for each grid's nine (the shared box once).
		line := make([]bool, len(l.Houses))
		for h := range line {
			if name == "jigsaw" {
				line[h] = h < 18
			} else {
				line[h] = len(frameKindOf(l, h)) > 0
			}
		}
		sol := framelessSolution(name, l)
		found := map[string]int{}
		for k := 0; k < 40; k++ {
			g := partwayGrid(t, rng, l, sol, 7)
			for _, id := range []string{"pointing", "claiming"} {
				for _, s := range All(mustTech(id).Finder(ScanSE), g) {
					found[id]++
					if h1 := s.Units[0]; line[h1] != (id == "claiming") {
						t.Errorf("%s: %s of %v locked in house %d (a line: %v) removing %v", name, id, s.Digits, h1, line[h1], s.Eliminations)
					}
				}
			}
		}
		t.Logf("%s: %v", name, found)
		if found["pointing"] == 0 || found["claiming"] == 0 {
			t.Errorf("%s: pointing %d, claiming %d steps; want both", name, found["pointing"], found["claiming"])
		}
	}
}

// frameKindOf says whether twodoku house h (see framelessLayouts) is a
// row or a column: its cells lie on one board row or one board column.
func frameKindOf(l *Layout, h int) string {
	cells := l.Houses[h]
	const w = 15
	row, col := true, true
	for _, c := range cells {
		row = row && c/w == cells[0]/w
		col = col && c%w == cells[0]%w
	}
	switch {
	case row:
		return "row"
	case col:
		return "column"
	}
	return ""
}
