package generate

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestProverPortfolioDig digs 12x12 and 16x16 grids with the 25x25 setup
// (the prover and its second search order taking turns, proverAsk), with
// a first cap of one conflict so that the turns alternate, and checks
// every answer against the depth-first sudoku.Solver (another engine) on
// the same puzzle; the puzzle must come out minimal, unique and minimal by
// the Solver's account too.
func TestProverPortfolioDig(t *testing.T) {
	for _, tc := range []struct {
		shape sudoku.Shape
		seed  uint64
	}{{sudoku.Shape12, 1}, {sudoku.Shape12, 2}, {sudoku.Shape16, 1}} {
		g, err := New(Options{Shape: tc.shape, Minimal: true})
		if err != nil {
			t.Fatal(err)
		}
		d := g.dig
		d.pv, d.pvAlt = sudoku.NewProver(tc.shape), sudoku.NewProver(tc.shape)
		d.pv.KeepLearnts()
		d.pvAlt.KeepLearnts()
		d.pvAlt.HintFor(0)
		d.firstCap = 1
		sv := sudoku.NewSolver(tc.shape)
		asked := 0
		d.asked = func(c int, _ int64, found bool) {
			asked++
			if want := sv.SolveAvoiding(d.p, c, d.sol[c]); found != want {
				t.Fatalf("%v seed %d: a second solution with cell %d != %d: prover %v, Solver %v", tc.shape, tc.seed, c, d.sol[c], found, want)
			}
		}
		p, err := g.Sudoku(rngFor(tc.seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		if asked == 0 || d.pvAlt.Conflicts == 0 {
			t.Fatalf("%v seed %d: %d prover tests, %d conflicts in the second order: the turns were not taken", tc.shape, tc.seed, asked, d.pvAlt.Conflicts)
		}
		if !p.Minimal || sv.Count(p.Puzzle.Cells, 2, nil) != 1 || !p.Puzzle.SolvedBy(p.Solution) {
			t.Fatalf("%v seed %d: minimal %v, not unique or not solved by its solution: %s", tc.shape, tc.seed, p.Minimal, p.Puzzle)
		}
		q := p.Puzzle.Clone()
		for i, v := range q.Cells {
			if v != 0 {
				q.Cells[i] = 0
				if sv.Count(q.Cells, 2, nil) != 2 {
					t.Fatalf("%v seed %d: given %d can be removed: not minimal", tc.shape, tc.seed, i)
				}
				q.Cells[i] = v
			}
		}
		t.Logf("%v seed %d: %d givens, %d prover tests, conflicts %d + %d", tc.shape, tc.seed, p.Givens(), asked, d.pv.Conflicts, d.pvAlt.Conflicts)
	}
}

// SetDigAsked sets g's hook told the outcome of every prover question
// of its digs (for TestProverTrace, in package generate_test).
func SetDigAsked(g *Generator, f func(c int, conflicts int64, found bool)) { g.dig.asked = f }
