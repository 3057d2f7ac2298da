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

// TestProverKeepsLearntsSoundly digs full grids one cell at a time, as the
// generator does, with a Prover that keeps its learnt clauses from
// question to question (KeepLearnts), and checks every answer against the
// depth-first Solver (an independent engine); a returned solution must
// keep the givens and avoid the value. Questions on a puzzle of another
// grid (the kept clauses do not apply) and without a cell are mixed in.
// hintFor 0 and 2 stop the decisions following the hint (HintFor) from
// the start or after two conflicts of a call.
func TestProverKeepsLearntsSoundly(t *testing.T) {
	for _, tc := range []struct {
		shape   Shape
		grids   int
		hintFor int64
	}{{Shape6, 10, -1}, {Shape9, 10, -1}, {Shape12, 3, -1}, {Shape16, 1, -1}, {Shape9, 5, 0}, {Shape12, 2, 2}} {
		s := NewSolver(tc.shape)
		pv := NewProver(tc.shape)
		pv.KeepLearnts()
		pv.HintFor(tc.hintFor)
		g := GeometryOf(tc.shape)
		rng := rand.New(rand.NewPCG(11, uint64(g.N)))
		full := make([]uint8, g.Cells)
		other := make([]uint8, g.Cells)
		got := make([]uint8, g.Cells)
		yes, no := 0, 0
		for grid := 0; grid < tc.grids; grid++ {
			clear(full)
			if !s.Random(full, rng, full) {
				t.Fatalf("%v: no random grid", tc.shape)
			}
			// other: full with digits 1 and 2 swapped, a grid of its own.
			for i, v := range full {
				other[i] = v
				if v <= 2 {
					other[i] = 3 - v
				}
			}
			pv.Hint(full)
			p := append([]uint8(nil), full...)
			for k, c := range rng.Perm(g.Cells) {
				p[c] = 0
				want := s.SolveAvoiding(p, c, full[c])
				found := pv.SolveAvoiding(p, c, full[c], got)
				if found != want {
					t.Fatalf("%v grid %d question %d: SolveAvoiding(%s, %d, %d) = %v, want %v", tc.shape, grid, k, Grid{g, p}, c, full[c], found, want)
				}
				if found {
					yes++
					if !(Grid{g, p}).SolvedBy(Grid{g, got}) || got[c] == full[c] {
						t.Fatalf("%v: SolveAvoiding(%s, %d, %d) gave %s: not a solution avoiding it", tc.shape, Grid{g, p}, c, full[c], Grid{g, got})
					}
					p[c] = full[c]
				} else {
					no++
				}
				switch k % 7 {
				case 3: // a puzzle of the other grid, the same cells
					q := append([]uint8(nil), p...)
					for i := range q {
						if q[i] != 0 {
							q[i] = other[i]
						}
					}
					if pv.SolveAvoiding(q, c, other[c], nil) != s.SolveAvoiding(q, c, other[c]) {
						t.Fatalf("%v: the other grid's puzzle %s, cell %d: answers differ", tc.shape, Grid{g, q}, c)
					}
				case 5: // no cell: the puzzle has a solution
					if !pv.SolveAvoiding(p, -1, 0, got) || !(Grid{g, p}).SolvedBy(Grid{g, got}) {
						t.Fatalf("%v: %s: no solution found", tc.shape, Grid{g, p})
					}
				}
			}
		}
		if yes == 0 || no == 0 {
			t.Fatalf("%v: cases not varied: %d avoidable, %d not", tc.shape, yes, no)
		}
		if g.N >= 9 && pv.attached == 0 {
			t.Fatalf("%v: no kept clause took part in a later question", tc.shape)
		}
		if (tc.hintFor >= 0) != (pv.unhinted > 0) {
			t.Fatalf("%v, HintFor(%d): %d calls stopped following the hint", tc.shape, tc.hintFor, pv.unhinted)
		}
		t.Logf("%v, HintFor(%d): %d avoidable, %d not, %d conflicts, kept clauses used %d times, %d calls off the hint", tc.shape, tc.hintFor, yes, no, pv.Conflicts, pv.attached, pv.unhinted)
	}
}
