package grade_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSEVerifyAllShapes grades generated puzzles of every box shape with
// the SE profile, checking every step against the known solution: the
// basic producers (singles, intersections, subsets, fish, wings) must
// never eliminate a true digit or place a wrong one, and a run ends solved
// or honestly stuck.
func TestSEVerifyAllShapes(t *testing.T) {
	counts := map[sudoku.Shape]int{sudoku.Shape4: 60, sudoku.Shape6: 60, sudoku.Shape8: 30, sudoku.Shape9: 200, sudoku.Shape12: 5, sudoku.Shape16: 2}
	for _, shape := range sudoku.Shapes {
		n := counts[shape]
		if n == 0 {
			continue
		}
		gen, err := generate.New(generate.Options{Shape: shape})
		if err != nil {
			t.Fatal(err)
		}
		e := grade.NewEngine(grade.SEProfile())
		rng := rand.New(rand.NewPCG(uint64(shape.N()), 3))
		solved := 0
		for i := 0; i < n; i++ {
			p, err := gen.Sudoku(rng)
			if err != nil {
				t.Fatal(err)
			}
			res, err := e.Rate(p.Puzzle, grade.Options{Solution: p.Solution.Cells})
			if err != nil {
				t.Fatalf("%s %s: %v", shape, p.Puzzle, err)
			}
			if res.Solved {
				solved++
				if res.ER < 1 || res.ER >= grade.Beyond {
					t.Errorf("%s: solved with ER %v", p.Puzzle, res.ER)
				}
			} else if res.ER != grade.Beyond || res.Filled < p.Puzzle.Givens() {
				t.Errorf("%s: stuck result %+v", p.Puzzle, res)
			}
		}
		t.Logf("%s: %d of %d solved by SE producers 1-21", shape, solved, n)
	}
}
