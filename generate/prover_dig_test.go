package generate

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
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

// TestProverTrace runs the dig of `sudogen batch --size 25 --count 1
// --seed S` and prints every prover question (cell, conflicts, answer),
// so that two builds of the prover can be compared question by question
// (a change that keeps the search gives identical lists). It runs only
// when SUDOGEN_TRACE_SEED is set; SUDOGEN_TRACE_MAX stops it after that
// many questions.
func TestProverTrace(t *testing.T) {
	env := os.Getenv("SUDOGEN_TRACE_SEED")
	if env == "" {
		t.Skip("SUDOGEN_TRACE_SEED not set")
	}
	seed, err := strconv.ParseUint(env, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	most, _ := strconv.Atoi(os.Getenv("SUDOGEN_TRACE_MAX"))
	g, err := New(Options{Shape: sudoku.Shape25, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	asked, total := 0, int64(0)
	g.dig.asked = func(c int, conflicts int64, found bool) {
		asked++
		total += conflicts
		fmt.Printf("q %d cell %d conflicts %d found %v\n", asked, c, conflicts, found)
		if asked == most {
			fmt.Printf("stopped: %d questions, %d conflicts\n", asked, total)
			t.SkipNow()
		}
	}
	// The random stream of puzzle 0 of a batch run with this seed
	// (batch.StreamSeed, which this package cannot import).
	mix := func(s *uint64) uint64 {
		*s += 0x9e3779b97f4a7c15
		z := *s
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	k := mix(&seed)
	a := mix(&k)
	b := mix(&k)
	p, err := g.Sudoku(rand.New(rand.NewPCG(a, b)))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("done: %d questions, %d conflicts, %d givens\n%s\n", asked, total, p.Givens(), p.Puzzle)
}
