package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestProverAgreesWithSolver asks one Prover per shape, reused across
// puzzles so its learnt clauses carry over, whether a solution avoids a
// cell's value, and checks each answer against the depth-first Solver (an
// independent engine) trying every other value at the cell; a solution it
// returns must be a valid grid that keeps the givens and avoids the value.
func TestProverAgreesWithSolver(t *testing.T) {
	for _, shape := range []Shape{Shape4, Shape6, Shape9, Shape12} {
		s := NewSolver(shape)
		pv := NewProver(shape)
		g := GeometryOf(shape)
		rng := rand.New(rand.NewPCG(7, uint64(g.N)))
		full := make([]uint8, g.Cells)
		got := make([]uint8, g.Cells)
		trials, yes, no := 20, 0, 0
		if g.N > 9 {
			trials = 3
		}
		for trial := 0; trial < trials; trial++ {
			p := randomDug(t, s, rng, full, shape)
			pv.Hint(full)
			for c := 0; c < g.Cells; c++ {
				if p[c] != 0 {
					continue
				}
				v := full[c]
				other := 0
				for w := 1; w <= g.N; w++ {
					if uint8(w) != v {
						p[c] = uint8(w)
						other += s.Count(p, 1, nil)
					}
				}
				p[c] = 0
				found := pv.SolveAvoiding(p, c, v, got)
				if found != (other > 0) {
					t.Fatalf("%v: SolveAvoiding(%s, %d, %d) = %v, want %v", shape, Grid{g, p}, c, v, found, other > 0)
				}
				if found {
					yes++
					if !(Grid{g, p}).SolvedBy(Grid{g, got}) || got[c] == v {
						t.Fatalf("%v: SolveAvoiding(%s, %d, %d) gave %s: not a solution avoiding %d", shape, Grid{g, p}, c, v, Grid{g, got}, v)
					}
				} else {
					no++
				}
			}
		}
		if yes == 0 || no == 0 {
			t.Fatalf("%v: cases not varied: %d avoidable, %d not", shape, yes, no)
		}
	}
}

// TestProverNoSolution checks puzzles without a solution: givens that clash
// in a unit, and a cell whose every value is excluded by its peers.
func TestProverNoSolution(t *testing.T) {
	pv := NewProver(Shape4)
	g := GeometryOf(Shape4)
	clash, _ := Parse("11..............", Shape4)
	if pv.SolveAvoiding(clash.Cells, -1, 0, nil) {
		t.Fatalf("%s: a solution with two 1s in row 1", clash)
	}
	// Cell r1c1 sees 2 and 3 in its row and 4 in its column, and 1 is
	// avoided: no value is left.
	p, _ := Parse(".23.4...........", Shape4)
	if pv.SolveAvoiding(p.Cells, 0, 1, nil) {
		t.Fatalf("%s: a solution avoiding 1 at r1c1", p)
	}
	if pv.SolveAvoiding(p.Cells[:10], -1, 0, nil) || pv.SolveAvoiding(p.Cells, 16, 1, nil) {
		t.Fatalf("a short puzzle or a cell off the grid has a solution")
	}
	bad := p.Clone()
	bad.Cells[5] = 9
	if pv.SolveAvoiding(bad.Cells, -1, 0, nil) {
		t.Fatalf("a puzzle with value 9 on 4x4 has a solution")
	}
	sol := make([]uint8, g.Cells)
	if !pv.SolveAvoiding(p.Cells, -1, 0, sol) || !p.SolvedBy(Grid{g, sol}) {
		t.Fatalf("%s: no valid solution found (%s)", p, Grid{g, sol})
	}
}
