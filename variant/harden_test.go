package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHarden: a walk of moves from a steered dig's puzzle (Harden), on
// boards where runs take them, with Keep the closure of singles of a
// naive model (6x6) or the solver's logic closure (9x9). Every puzzle a
// move gives has the dig's solution, is accepted by Keep, is another
// puzzle than the one before and has no more givens; every 6x6 one and
// the first two of each 9x9 board are checked by the plain counter too:
// unique and minimal, or with KeepMinimal minimal for Keep (each given's
// removal loses uniqueness or Keep's acceptance). The second solutions
// the walk keeps are checked too: each is a solution of the puzzle
// without its given, with another value there. Moves must give puzzles
// on every board; with a symmetry or without Keep there are none.
func TestHarden(t *testing.T) {
	for _, tc := range []struct {
		size     int
		variants []string
		minimal  bool // KeepMinimal
		puzzles  int
	}{
		{6, []string{AntiKnight}, false, 12},
		{6, []string{AntiKnight}, true, 12},
		{9, []string{X}, false, 3},
		{9, []string{AntiKing}, false, 2},
		{9, []string{X}, true, 2},
	} {
		name := fmt.Sprintf("%v %dx%d minimal-for-keep %v", tc.variants, tc.size, tc.size, tc.minimal)
		m := newNaive(tc.size, tc.variants, "")
		pc := plainFromNaive(m)
		// Keep: the naive closure of singles on 6x6; on 9x9, whose
		// minimal puzzles singles rarely solve, the solver's logic
		// closure (the checks below are the plain counter's).
		keep := singlesKeep(m)
		if tc.size == 9 {
			g, err := Build(Spec{Size: 9, Variants: tc.variants})
			if err != nil {
				t.Fatal(err)
			}
			ks := NewSolver(g)
			keep = func(_ *Geometry, c []uint8) bool { return ks.LogicSolves(c, LogicTop) }
		}
		gen, err := NewGenerator(Spec{Size: tc.size, Variants: tc.variants},
			Options{Keep: keep, KeepSingles: NakedSingle, KeepMinimal: tc.minimal})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, uint64(tc.size)))
		moves := 0
		for i := range tc.puzzles {
			p, err := gen.Generate(rng)
			if err != nil {
				t.Fatal(err)
			}
			prev := p
			if !keep(p.Geometry, p.Puzzle) {
				// The last attempt's dig, not steered: no walk from it.
				if _, ok := gen.Harden(rng); ok {
					t.Fatalf("%s, puzzle %d: a move from a puzzle Keep refuses", name, i)
				}
				continue
			}
			for j := range 12 {
				q, ok := gen.Harden(rng)
				checkWalk(t, fmt.Sprintf("%s, puzzle %d move %d", name, i, j), pc, gen)
				if !ok {
					if !slices.Equal(gen.lastPuzzle, prev.Puzzle) {
						t.Fatalf("%s: a move without a puzzle changed the last puzzle", name)
					}
					continue
				}
				moves++
				what := fmt.Sprintf("%s, puzzle %d move %d", name, i, j)
				// The plain counter (a second or more on a sparse 9x9
				// puzzle) on every 6x6 puzzle and the first two of each
				// 9x9 board; the others are unique as Keep, the logic
				// closure, solves them.
				full := tc.size < 9 || moves <= 2
				if full {
					checkPuzzle(t, what, pc, q, true)
				}
				for f, v := range q.Puzzle {
					if v != 0 && v != q.Solution[f] {
						t.Fatalf("%s: given %d on cell %d, solution has %d", what, v, f, q.Solution[f])
					}
				}
				switch {
				case !slices.Equal(q.Solution, p.Solution):
					t.Fatalf("%s: another solution than the dig's", what)
				case !tc.minimal && !q.Minimal:
					t.Fatalf("%s: not minimal", what)
				case !keep(q.Geometry, q.Puzzle):
					t.Fatalf("%s: Keep refuses the puzzle", what)
				case slices.Equal(q.Puzzle, prev.Puzzle):
					t.Fatalf("%s: the same puzzle as before the move", what)
				case q.Givens > prev.Givens:
					t.Fatalf("%s: %d givens, %d before the move", what, q.Givens, prev.Givens)
				case !slices.Equal(gen.lastPuzzle, q.Puzzle):
					t.Fatalf("%s: the walk does not go on from the move's puzzle", what)
				}
				if tc.minimal && full {
					checkKeepMinimal(t, what, pc, keep, q)
				}
				prev = q
			}
		}
		t.Logf("%s: %d puzzles, %d moves gave a puzzle", name, tc.puzzles, moves)
		if moves == 0 {
			t.Errorf("%s: no move gave a puzzle", name)
		}
	}

	// With a symmetry, or without Keep, no moves.
	m := newNaive(9, []string{X}, "")
	for _, opts := range []Options{
		{Keep: singlesKeep(m), KeepSingles: NakedSingle, Symmetry: "rot180"},
		{},
	} {
		gen, err := NewGenerator(Spec{Size: 9, Variants: []string{X}}, opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(6, 6))
		if _, err := gen.Generate(rng); err != nil {
			t.Fatal(err)
		}
		if _, ok := gen.Harden(rng); ok {
			t.Errorf("options %+v: a move gave a puzzle", opts.Symmetry)
		}
	}
}

// checkWalk checks the second solutions gen's walk keeps for the puzzle
// it started from: per given, a full solution of the board agreeing with
// every other given, with another value on the given's cell, or (the
// given not needed) the solution itself.
func checkWalk(t *testing.T, name string, pc *plainCounter, gen *Generator) {
	t.Helper()
	w := &gen.walk
	if w.puzzle == nil {
		return
	}
	n := len(w.puzzle)
	for i, f := range w.givens {
		alt := w.alts[i*n : (i+1)*n]
		if !pc.validFull(toInts(alt)) {
			t.Fatalf("%s: the second solution for the given on cell %d breaks a rule", name, f)
		}
		if alt[f] == w.puzzle[f] {
			// None: the given is not needed (a puzzle minimal for Keep).
			grid := toInts(w.puzzle)
			grid[f] = 0
			if pc.count(grid, 2) != 1 {
				t.Fatalf("%s: no second solution kept for the given on cell %d, but the puzzle without it has one", name, f)
			}
			continue
		}
		for c, v := range w.puzzle {
			if v != 0 && c != f && alt[c] != v {
				t.Fatalf("%s: the second solution for the given on cell %d differs from the given on cell %d", name, f, c)
			}
		}
	}
}

// checkKeepMinimal checks that no given of p can go while p stays unique
// and Keep accepts it.
func checkKeepMinimal(t *testing.T, name string, pc *plainCounter, keep func(*Geometry, []uint8) bool, p Puzzle) {
	t.Helper()
	puzzle := slices.Clone(p.Puzzle)
	for f, v := range puzzle {
		if v == 0 {
			continue
		}
		puzzle[f] = 0
		if pc.count(toInts(puzzle), 2) == 1 && keep(p.Geometry, puzzle) {
			t.Fatalf("%s: minimal for Keep, but the given on cell %d can go", name, f)
		}
		puzzle[f] = v
	}
}

// TestHardenMoves: the boards and dig orders that take moves, as
// measured (HardenMoves' comment).
func TestHardenMoves(t *testing.T) {
	for _, c := range []struct {
		variants []string
		order    string
		want     int
	}{
		{[]string{AntiKnight}, "", 128},
		{[]string{AntiKnight}, DigPeers, 128},
		{[]string{X, AntiKnight}, DigRandom, 128},
		{[]string{X}, "", 48},
		{[]string{X}, DigPeers, 0},
		{[]string{AntiKing}, DigRandom, 48},
		{[]string{AntiKing}, DigPeers, 0},
		{[]string{Jigsaw}, "", 48},
		{[]string{Windoku}, "", 0},
		{[]string{SamuraiName}, "", 0},
		{[]string{NonConsecutive}, "", 0},
		{[]string{X, NonConsecutive}, "", 0},
		{[]string{AntiKnight, NonConsecutive}, "", 0},
	} {
		if got := HardenMoves(c.variants, c.order); got != c.want {
			t.Errorf("HardenMoves(%v, %q) = %d, want %d", c.variants, c.order, got, c.want)
		}
	}
}
