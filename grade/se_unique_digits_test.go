package grade

import (
	"strconv"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// TestUniqueLoopDigits checks what explanations print for unique
// rectangles and loops: the step's two digits must be candidates of every
// loop cell when the step is taken. (They once came from whichever cell
// the search had visited last, since the hints are sorted before one is
// emitted.) The puzzles are cb-ser-dev's that SE rates 4.5-4.9, where
// unique loops decide the rating.
func TestUniqueLoopDigits(t *testing.T) {
	prof, ok := ProfileByName("se")
	if !ok {
		t.Fatal("no se profile")
	}
	loops := 0
	for _, f := range testdata.Fields(t, "sudoku/cb-ser-dev.tsv") {
		se, err := strconv.ParseFloat(f[1], 64)
		if err != nil || se < 4.5 || se > 4.9 {
			continue
		}
		p, err := sudoku.Parse(f[0], sudoku.Shape9)
		if err != nil {
			t.Fatal(err)
		}
		res, err := NewEngine(prof).Solve(NewGrid(p), Options{KeepSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGrid(p)
		for _, s := range res.Steps {
			if s.Tech == "unique-rectangle" || s.Tech == "unique-loop" {
				loops++
				if len(s.Digits) != 2 {
					t.Fatalf("%s: %s step with digits %v", f[0], s.Tech, s.Digits)
				}
				for _, c := range s.Cells {
					for _, d := range s.Digits {
						if !g.Has(c, d) {
							t.Fatalf("%s: %s %s on %v: %s has no %d", f[0], s.Tech, s.Detail, s.Digits, g.Geo.CellName(c), d)
						}
					}
				}
			}
			s.Apply(g)
		}
	}
	if loops < 50 {
		t.Fatalf("only %d unique-loop steps checked; expected the SE 4.5-4.9 puzzles to need many", loops)
	}
	t.Logf("%d unique-loop steps checked", loops)
}
