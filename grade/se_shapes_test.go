package grade_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSEVerifyAllShapes grades generated puzzles of every box shape with
// the SE profile, checking every step against the known solution: no
// producer may eliminate a true digit or place a wrong one, and every
// puzzle is solved.
func TestSEVerifyAllShapes(t *testing.T) {
	counts := map[sudoku.Shape]int{sudoku.Shape4: 60, sudoku.Shape6: 60, sudoku.Shape8: 30, sudoku.Shape9: 200, sudoku.Shape12: 5}
	if os.Getenv("SUDOGEN_LONG") != "" {
		counts[sudoku.Shape16] = 2 // seconds to a minute each
	}
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
			if !res.Solved || res.ER < 1 || res.ER >= grade.Beyond {
				t.Errorf("%s %s: solved %v, ER %v", shape, p.Puzzle, res.Solved, res.ER)
				continue
			}
			solved++
		}
		t.Logf("%s: %d of %d solved", shape, solved, n)
	}
}
