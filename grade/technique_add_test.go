package grade

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// lastDigitTechnique is a technique added end to end in this one file, the
// way docs/techniques.md says a new technique is added: a descriptor with
// its finder and explanation, and a profile that orders it. "Last digit":
// a digit placed N-1 times goes in the one house it is missing from (a
// hidden single a player spots by counting).
var lastDigitTechnique = Technique{ID: "test-last-digit", Name: "Last Digit", Family: "test", SE: 1.1, SEFixed: true, Houses: true,
	Find: findLastDigit, Explain: func(s *Step, g *Grid) string {
		return fmt.Sprintf("%s is the last %s still to place", g.Geo.CellName(s.Placements[0].Cell), sym(s.Placements[0].Digit))
	}}

// findLastDigit reports, digit by digit, the last place of a digit placed
// N-1 times: the one house of the missing placement is any house without
// it, and there the digit has one candidate.
func findLastDigit(g *Grid, _ *Ctx, emit func(*Step) bool) {
	l := g.lay()
	var count [sudoku.MaxN]int
	for _, v := range g.Values {
		if v != 0 {
			count[v-1]++
		}
	}
	pos, _ := g.unitTables()
	for d := 0; d < l.N; d++ {
		if count[d] != l.N-1 {
			continue
		}
		for h := range l.Houses {
			if p := pos[h][d]; p != 0 && p&(p-1) == 0 {
				c := l.Houses[h][trailing(p)]
				s := g.newStep()
				s.Tech = "test-last-digit"
				s.Placements = append(s.Placements, Candidate{c, uint8(d + 1)})
				s.Units = append(s.Units, h)
				if !emit(s) {
					return
				}
				break
			}
		}
	}
}

// withTechnique registers t for the test's duration.
func withTechnique(tb testing.TB, t Technique) {
	registerTechniques(t)
	tb.Cleanup(func() {
		techMu.Lock()
		defer techMu.Unlock()
		delete(techIndex, t.ID)
		techList = slices.DeleteFunc(techList, func(x *Technique) bool { return x.ID == t.ID })
	})
}

// TestAddTechniqueEndToEnd adds a technique in a test-only profile and
// grades with it: its steps are found, rated from the descriptor, true
// (checked against the solution), explained, and listed by Techniques.
func TestAddTechniqueEndToEnd(t *testing.T) {
	withTechnique(t, lastDigitTechnique)
	prof, err := NewProfile(ProfileSpec{Name: "test-last-digit", Scale: ScaleSE, Scan: ScanSE,
		Order: []string{"test-last-digit", "full-house", "hidden-single", "naked-single"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := TechniqueByID("test-last-digit"); !ok {
		t.Fatal("not registered")
	}
	used := 0
	for i, p := range readPuzzles(t, "sudoku/cb-ser-dev.tsv", 300) {
		sol, n := sudoku.Solve(p)
		if n != 1 {
			t.Fatalf("puzzle %d: %d solutions", i, n)
		}
		res, err := NewEngine(prof).Rate(p, Options{Solution: sol.Cells, KeepSteps: true})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		for _, s := range res.Steps {
			if s.Tech != "test-last-digit" {
				continue
			}
			used++
			if s.Difficulty != 1.1 {
				t.Fatalf("puzzle %d: step rated %.1f, descriptor says 1.1", i, s.Difficulty)
			}
		}
	}
	if used == 0 {
		t.Fatal("the added technique never applied")
	}
	g := NewGrid(readPuzzles(t, "sudoku/cb-ser-dev.tsv", 1)[0])
	for _, s := range All(lastDigitTechnique.Finder(ScanSE), g) {
		if Describe(&s, g) == "" {
			t.Fatal("no explanation")
		}
	}
}
