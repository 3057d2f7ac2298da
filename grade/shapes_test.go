package grade

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestFindersAllShapes checks the non-uniqueness finders on every box
// shape against brute-force truth: a random full grid with cells blanked is
// solved by that grid (and maybe others); a sound technique never removes
// a digit of any solution nor places a wrong one. At each state every step
// of every finder is checked, then the first step (HoDoKu order) is
// applied.
func TestFindersAllShapes(t *testing.T) {
	for _, shape := range sudoku.Shapes {
		n := shape.N()
		grids, blank := 6, 0.72
		ids := hodokuOrder
		switch {
		case n >= 25:
			grids, blank = 1, 0.5
			ids = []string{"full-house", "naked-single", "hidden-single", "locked-pair", "locked-triple", "pointing", "claiming", "naked-pair", "naked-triple", "hidden-pair", "hidden-triple", "x-wing", "swordfish"}
		case n >= 16:
			grids, blank = 2, 0.6
			ids = []string{"full-house", "naked-single", "hidden-single", "locked-pair", "locked-triple", "pointing", "claiming", "naked-pair", "naked-triple", "naked-quad", "hidden-pair", "hidden-triple", "hidden-quad",
				"x-wing", "swordfish", "jellyfish", "finned-x-wing", "sashimi-x-wing", "skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle", "w-wing", "xy-wing", "xyz-wing", "simple-colors"}
		}
		var finders []Finder
		var names []string
		for _, id := range ids {
			tq, _ := TechniqueByID(id)
			if tq.Uniqueness || id == "brute-force" {
				continue // brute force places some solution's digit; these grids have several
			}
			finders = append(finders, tq.Finder(ScanHoDoKu))
			names = append(names, id)
		}
		t.Run(shape.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			solver := sudoku.NewSolver(shape)
			checked := map[string]int{}
			for k := 0; k < grids; k++ {
				sol := sudoku.NewGrid(shape)
				solver.Random(sol.Cells, rng, sol.Cells)
				p := sol.Clone()
				for i := range p.Cells {
					if rng.Float64() < blank {
						p.Cells[i] = 0
					}
				}
				g := NewGrid(p)
				for step := 0; step < 4*len(p.Cells) && !g.Solved(); step++ {
					var first *Step
					for fi, f := range finders {
						found := 0
						f.Find(g, func(s *Step) bool {
							if err := checkStep(s, sol.Cells); err != nil {
								t.Fatalf("%s: %s on %s: %v", shape, names[fi], p.String(), err)
							}
							checked[names[fi]]++
							if first == nil {
								c := cloneStep(s)
								first = &c
							}
							found++
							return found < 10 // keep it quick
						})
					}
					if first == nil {
						break
					}
					first.Apply(g)
				}
			}
			t.Logf("steps checked: %v", checked)
		})
	}
}

func checkStep(s *Step, sol []uint8) error {
	if len(s.Placements)+len(s.Eliminations) == 0 {
		return fmt.Errorf("step does nothing")
	}
	for _, p := range s.Placements {
		if sol[p.Cell] != p.Digit {
			return fmt.Errorf("places %d at cell %d, solution has %d", p.Digit, p.Cell, sol[p.Cell])
		}
	}
	for _, e := range s.Eliminations {
		if sol[e.Cell] == e.Digit {
			return fmt.Errorf("eliminates the true %d at cell %d", e.Digit, e.Cell)
		}
	}
	return nil
}
