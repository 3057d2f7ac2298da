package sudoku

import (
	"encoding/binary"
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
		s, pv, g, rng := keepingProver(tc.shape, 11)
		pv.HintFor(tc.hintFor)
		full := make([]uint8, g.Cells)
		other := make([]uint8, g.Cells)
		got := make([]uint8, g.Cells)
		yes, no := 0, 0
		for grid := 0; grid < tc.grids; grid++ {
			randomFull(t, s, rng, full)
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
				if found := checkAnswer(t, s, pv, g, p, c, full, got, grid, k); found {
					yes++
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

// TestProverKeepsLearntsRandomGivens asks a Prover in KeepLearnts mode
// about puzzles of one grid whose givens drift at random from question to
// question (a few cells given or emptied each time, far below uniqueness,
// so most questions have many solutions and a kept clause that rests on
// a given it does not record is soon used where that given is gone), and
// checks every answer against the depth-first Solver.
func TestProverKeepsLearntsRandomGivens(t *testing.T) {
	for _, tc := range []struct {
		shape     Shape
		grids, qs int
		keep      float64 // share of givens
	}{{Shape6, 20, 100, 0.35}, {Shape9, 20, 200, 0.30}, {Shape9, 10, 200, 0.40}, {Shape12, 4, 300, 0.40}, {Shape16, 2, 200, 0.45}} {
		s, pv, g, rng := keepingProver(tc.shape, 13)
		full := make([]uint8, g.Cells)
		p := make([]uint8, g.Cells)
		yes, no := 0, 0
		for grid := 0; grid < tc.grids; grid++ {
			randomFull(t, s, rng, full)
			pv.Hint(full)
			for i := range p {
				p[i] = 0
				if rng.Float64() < tc.keep {
					p[i] = full[i]
				}
			}
			for q := 0; q < tc.qs; q++ {
				for k := 0; k < 3; k++ {
					i := rng.IntN(g.Cells)
					if p[i] != 0 {
						p[i] = 0
					} else if rng.Float64() < tc.keep/(1-tc.keep) {
						p[i] = full[i]
					}
				}
				c := rng.IntN(g.Cells)
				old := p[c]
				p[c] = 0
				want := s.SolveAvoiding(p, c, full[c])
				if found := pv.SolveAvoiding(p, c, full[c], nil); found != want {
					t.Fatalf("%v grid %d question %d: SolveAvoiding(%s, %d, %d) = %v, want %v", tc.shape, grid, q, Grid{g, p}, c, full[c], found, want)
				} else if found {
					yes++
				} else {
					no++
				}
				p[c] = old
			}
		}
		if yes == 0 || no == 0 || pv.attached == 0 {
			t.Fatalf("%v: cases not varied: %d avoidable, %d not, kept clauses used %d times", tc.shape, yes, no, pv.attached)
		}
		t.Logf("%v: %d avoidable, %d not, %d conflicts, kept clauses used %d times", tc.shape, yes, no, pv.Conflicts, pv.attached)
	}
}

// TestProverKeptClausesFollowFromTheirGivens checks the invariant that
// KeepLearnts rests on, clause by clause, with the depth-first Solver:
// every kept clause (and unit) holds in every solution of the puzzle made
// of the givens it records alone. A clause's literals "cell = digit" are
// false when the digit is elsewhere, its "not (cell = digit)" literals
// when the digit is placed: so the puzzle of the recorded givens with
// the second kind placed must have no solution that leaves every literal
// of the first kind false. The questions come from
// a dig (as the generator asks them), then from givens drifting at
// random. Clauses whose puzzle has too many solutions to enumerate are
// skipped (counted).
func TestProverKeptClausesFollowFromTheirGivens(t *testing.T) {
	for _, tc := range []struct {
		shape Shape
		grids int
	}{{Shape6, 10}, {Shape9, 8}} {
		s, pv, g, rng := keepingProver(tc.shape, 17)
		n := g.N
		full := make([]uint8, g.Cells)
		q := make([]uint8, g.Cells)
		checked, skipped, again := 0, 0, 0
		// A kept clause stays in the database over many questions; on one
		// solution grid its check (its literals and recorded givens
		// against that grid) is the same each time, so it is made once.
		seen := map[string]bool{}
		var key []byte
		check := func(lits []int32, deps []uint64) {
			key = key[:0]
			for _, l := range lits {
				key = binary.LittleEndian.AppendUint32(key, uint32(l))
			}
			key = append(key, 0xff, 0xff, 0xff, 0xff) // lits never -1
			for _, d := range deps {
				key = binary.LittleEndian.AppendUint64(key, d)
			}
			if seen[string(key)] {
				again++
				return
			}
			seen[string(key)] = true
			clear(q)
			for c := 0; c < g.Cells; c++ {
				if deps[c>>6]>>(c&63)&1 != 0 {
					q[c] = full[c]
				}
			}
			for _, l := range lits {
				if l&1 != 0 { // "not (cell = digit)" false: the digit is placed
					c, d := int(l>>1)/n, uint8(int(l>>1)%n+1)
					if q[c] != 0 && q[c] != d {
						return // clashes with a given: the clause holds
					}
					q[c] = d
				}
			}
			bad := false
			cnt := s.Solutions(q, 20000, func(sol []uint8) {
				for _, l := range lits {
					if l&1 == 0 && sol[int(l>>1)/n] == uint8(int(l>>1)%n+1) {
						return // a positive literal is true
					}
				}
				bad = true
			})
			if bad {
				t.Fatalf("%v: kept clause %v with givens %s fails in a solution", tc.shape, lits, Grid{g, q})
			}
			if cnt >= 20000 {
				skipped++
			} else {
				checked++
			}
		}
		for grid := 0; grid < tc.grids; grid++ {
			randomFull(t, s, rng, full)
			clear(seen)
			pv.Hint(full)
			p := append([]uint8(nil), full...)
			// A dig, then questions on givens drifting at random.
			for k, c := range append(rng.Perm(g.Cells), rng.Perm(g.Cells)...) {
				if k >= g.Cells {
					for j := 0; j < 3; j++ {
						i := rng.IntN(g.Cells)
						if p[i] != 0 {
							p[i] = 0
						} else if rng.IntN(2) == 0 {
							p[i] = full[i]
						}
					}
				}
				old := p[c]
				p[c] = 0
				found := pv.SolveAvoiding(p, c, full[c], nil)
				switch {
				case k >= g.Cells:
					p[c] = old // drifting: the question only
				case found:
					p[c] = full[c] // digging: a necessary given stays
				}
				w := pv.words
				for i, cl := range pv.clauses {
					check(pv.lits(cl.off), pv.cdeps[i*w:(i+1)*w])
				}
				for i, l := range pv.units {
					check([]int32{l}, pv.udeps[i*w:(i+1)*w])
				}
			}
		}
		if checked == 0 {
			t.Fatalf("%v: no clause checked (%d skipped)", tc.shape, skipped)
		}
		t.Logf("%v: %d clause checks, %d skipped (too many solutions), %d repeats not made again", tc.shape, checked, skipped, again)
	}
}

// TestProverReducesSoundly digs grids as TestProverKeepsLearntsSoundly
// does, with and without KeepLearnts and with the hint followed or not,
// but with a clause database of a few clauses, so that it is reduced
// (clauses deleted, renumbered, moved down the arena) in the middle of
// the searches, and checks every answer against the depth-first Solver
// and, in keep mode, every kept clause's recorded index in the arena.
func TestProverReducesSoundly(t *testing.T) {
	for _, tc := range []struct {
		shape   Shape
		grids   int
		keep    bool
		hintFor int64
	}{{Shape12, 3, true, -1}, {Shape12, 3, false, -1}, {Shape12, 3, true, 0}, {Shape16, 1, true, -1}, {Shape16, 1, false, 0}} {
		s := NewSolver(tc.shape)
		pv := NewProver(tc.shape)
		if tc.keep {
			pv.KeepLearnts()
		}
		pv.HintFor(tc.hintFor)
		pv.maxLearnt, pv.keepMax, pv.restartUnit, pv.arenaSlack = 6, 6, 1, 0
		g := GeometryOf(tc.shape)
		rng := rand.New(rand.NewPCG(19, uint64(g.N)))
		full := make([]uint8, g.Cells)
		got := make([]uint8, g.Cells)
		for grid := 0; grid < tc.grids; grid++ {
			randomFull(t, s, rng, full)
			pv.Hint(full)
			p := append([]uint8(nil), full...)
			for k, c := range rng.Perm(g.Cells) {
				p[c] = 0
				if checkAnswer(t, s, pv, g, p, c, full, got, grid, k) {
					p[c] = full[c]
				}
				for i, cl := range pv.clauses {
					if pv.arena[cl.off+1] != int32(i) && !cl.dormant {
						t.Fatalf("%v: clause %d is recorded as %d in the arena", tc.shape, i, pv.arena[cl.off+1])
					}
				}
			}
		}
		if pv.reduced < 10 {
			t.Fatalf("%v: the clause database was reduced %d times", tc.shape, pv.reduced)
		}
		t.Logf("%v keep %v: %d conflicts, %d reductions", tc.shape, tc.keep, pv.Conflicts, pv.reduced)
	}
}

// checkAnswer asks pv and the depth-first Solver s whether puzzle p has a
// solution with cell c != full[c] (question k of grid grid) and fails t
// when they differ, or when the solution pv writes into got does not
// keep p's givens and avoid the value; it returns the answer.
func checkAnswer(t *testing.T, s *Solver, pv *Prover, g *Geometry, p []uint8, c int, full, got []uint8, grid, k int) bool {
	t.Helper()
	want := s.SolveAvoiding(p, c, full[c])
	found := pv.SolveAvoiding(p, c, full[c], got)
	if found != want {
		t.Fatalf("%v grid %d question %d: SolveAvoiding(%s, %d, %d) = %v, want %v", g.Shape, grid, k, Grid{g, p}, c, full[c], found, want)
	}
	if found && (!(Grid{g, p}).SolvedBy(Grid{g, got}) || got[c] == full[c]) {
		t.Fatalf("%v: SolveAvoiding(%s, %d, %d) gave %s: not a solution avoiding it", g.Shape, Grid{g, p}, c, full[c], Grid{g, got})
	}
	return found
}

// keepingProver returns a Solver, a Prover in KeepLearnts mode, the
// geometry of shape and a random stream from seed.
func keepingProver(shape Shape, seed uint64) (*Solver, *Prover, *Geometry, *rand.Rand) {
	pv := NewProver(shape)
	pv.KeepLearnts()
	g := GeometryOf(shape)
	return NewSolver(shape), pv, g, rand.New(rand.NewPCG(seed, uint64(g.N)))
}

// randomFull fills full with a random grid of s.
func randomFull(t *testing.T, s *Solver, rng *rand.Rand, full []uint8) {
	t.Helper()
	clear(full)
	if !s.Random(full, rng, full) {
		t.Fatalf("%v: no random grid", s.Geometry().Shape)
	}
}

// TestProverPeerOrder places each digit of each cell on an empty grid
// and checks the variables propagation falsifies first against the peers
// listed plainly (the cell's other digits, then the cell's peers in
// Geometry.Peers order at the same digit): the same variables in the same
// order, since the search (its conflicts, its learnt clauses) depends on
// it. It checks cellOf on every variable too.
func TestProverPeerOrder(t *testing.T) {
	for _, shape := range Shapes {
		g := GeometryOf(shape)
		p := NewProver(shape)
		n := g.N
		for c := 0; c < g.Cells; c++ {
			for d := 0; d < n; d++ {
				v := int32(c*n + d)
				if gc, gd := p.cellOf(v); gc != int32(c) || gd != int32(d) {
					t.Fatalf("%v: cellOf(%d) = %d, %d", shape, v, gc, gd)
				}
				var want []int32
				for e := 0; e < n; e++ {
					if e != d {
						want = append(want, int32(c*n+e)<<1|1)
					}
				}
				for _, q := range g.Peers[c] {
					want = append(want, int32(q*n+d)<<1|1)
				}
				p.trailLim = append(p.trailLim[:0], 0)
				p.enqueue(v<<1, noReason)
				if _, ok := p.propagate(); !ok {
					t.Fatalf("%v: placing variable %d on an empty grid conflicts", shape, v)
				}
				if len(p.trail) < 1+len(want) {
					t.Fatalf("%v: variable %d: %d literals on the trail, want %d peers", shape, v, len(p.trail), len(want))
				}
				for i, l := range want {
					if got := p.trail[1+i]; got != l {
						t.Fatalf("%v: variable %d: peer %d is literal %d, want %d", shape, v, i, got, l)
					}
				}
				p.cancelUntil(0)
				for k, m := range p.open {
					if m != 1<<n-1 {
						t.Fatalf("%v: rule %d not restored after variable %d: %b", shape, k, v, m)
					}
				}
			}
		}
	}
}
