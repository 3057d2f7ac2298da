package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestSolveAvoidingAgreesWithCount digs random puzzles and checks that
// SolveAvoiding(p, c, v) is true exactly when the puzzle with cell c emptied
// has a solution other than the one holding v there.
func TestSolveAvoidingAgreesWithCount(t *testing.T) {
	for _, shape := range []Shape{Shape4, Shape6, Shape8, Shape9, Shape12} {
		s := NewSolver(shape)
		g := GeometryOf(shape)
		rng := rand.New(rand.NewPCG(1, uint64(g.N)))
		full := make([]uint8, g.Cells)
		trials, yes, no := 30, 0, 0
		if g.N > 9 {
			trials = 4
		}
		for trial := 0; trial < trials; trial++ {
			p := randomDug(t, s, rng, full, shape)
			for c := 0; c < g.Cells; c++ {
				if p[c] != 0 {
					continue
				}
				v := full[c]
				// Independent truth: try every other value at c.
				other := 0
				for w := 1; w <= g.N; w++ {
					if uint8(w) == v {
						continue
					}
					p[c] = uint8(w)
					other += s.Count(p, 1, nil)
				}
				p[c] = 0
				got := s.SolveAvoiding(p, c, v)
				if got != (other > 0) {
					t.Fatalf("%v: SolveAvoiding(%s, %d, %d) = %v, want %v", shape, Grid{g, p}, c, v, got, other > 0)
				}
				if got {
					yes++
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

// randomDug fills full with a random solution grid and returns a copy of it
// with two thirds of its cells emptied at random.
func randomDug(t *testing.T, s *Solver, rng *rand.Rand, full []uint8, shape Shape) []uint8 {
	t.Helper()
	clear(full)
	if !s.Random(full, rng, full) {
		t.Fatalf("%v: no random full grid", shape)
	}
	p := append([]uint8(nil), full...)
	n := len(p)
	for _, c := range rng.Perm(n)[:n*2/3] {
		p[c] = 0
	}
	return p
}

// TestSolveAvoidingIndependent checks the 9x9 removal test (the counting
// engine's, counter9.avoids, which branches in its own order) against the
// generic engine, an independent implementation: on puzzles of the published sets with one
// given removed, and along digs of random grids (the generator's call
// sequence, so the incremental load is exercised too), SolveAvoiding(p, c,
// v) must be true exactly when some other value at c leaves a solution.
func TestSolveAvoidingIndependent(t *testing.T) {
	fast, ref := NewSolver(Shape9), newGenericSolver(Shape9, 0)
	var yes, no int
	found := make([]uint8, 81)
	check := func(p []uint8, c int, v uint8) bool {
		t.Helper()
		want := false
		for w := uint8(1); w <= 9 && !want; w++ {
			if w != v {
				p[c] = w
				want = ref.Count(p, 1, nil) > 0
			}
		}
		p[c] = 0
		if got := fast.SolveAvoiding(p, c, v); got != want {
			t.Fatalf("SolveAvoiding(%s, %d, %d) = %v, independent truth %v", Grid{GeometryOf(Shape9), p}, c, v, got, want)
		}
		// The same search, with the solution it found written out: a
		// valid grid holding the givens and another value at c.
		if n := fast.run(p, 1, found, nil, c, v, -1); n != 0 && (!validSolution(Shape9, p, found) || found[c] == v) {
			t.Fatalf("%s: the removal test's solution %s is not one that avoids %d at %d", Grid{GeometryOf(Shape9), p}, Grid{GeometryOf(Shape9), found}, v, c)
		}
		if want {
			yes++
		} else {
			no++
		}
		return want
	}
	sol := make([]uint8, 81)
	for _, set := range []struct {
		rel       string
		n, stride int
	}{{"sudoku/top1465.txt", 40, 37}, {"sudoku/forum-hardest-11plus.txt", 12, 4001}, {"sudoku/17-clue.txt", 12, 4001}} {
		ps := loadPuzzles(t, set.rel)
		for i := 0; i < set.n && i*set.stride < len(ps); i++ {
			p := append([]uint8(nil), ps[i*set.stride]...)
			if ref.Count(p, 2, sol) != 1 {
				t.Fatalf("%s: puzzle %d not unique", set.rel, i*set.stride)
			}
			for c := range p {
				if v := p[c]; v != 0 {
					check(p, c, v)
					p[c] = v
				}
			}
		}
	}
	// Digs: every removal test of a random full grid, in random order.
	rng := rand.New(rand.NewPCG(26, 9))
	full := make([]uint8, 81)
	for dig := 0; dig < 6; dig++ {
		clear(full)
		if !fast.Random(full, rng, full) {
			t.Fatal("no random grid")
		}
		p := append([]uint8(nil), full...)
		for _, c := range rng.Perm(81) {
			p[c] = 0
			if check(p, c, full[c]) {
				p[c] = full[c]
			}
		}
	}
	if yes < 100 || no < 100 {
		t.Fatalf("cases not varied: %d with another solution, %d without", yes, no)
	}
	t.Logf("%d removal tests with another solution, %d without", yes, no)
}
