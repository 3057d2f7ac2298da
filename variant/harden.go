package variant

import (
	"math/rand/v2"
	"slices"
)

// Harden returns a puzzle near the last one Generate, Again or Harden
// returned, for a steered run (Options.Keep) that dropped that puzzle as
// easier than its band: one given of the solution is put in on an empty
// cell drawn from rng, the givens that can go with it in (see
// hardenWalk) are dug again with Keep in random order, and (unless
// Options.KeepMinimal) the givens Keep refused and the one put in get
// the uniqueness-only pass. The puzzle is the same kind as a dig's
// (unique, accepted by Keep, minimal; with KeepMinimal minimal for Keep)
// and is the last puzzle from then on, so that calls in a row walk from
// puzzle to puzzle. ok is false when the move gave no puzzle (the given
// put in let no given go, or the pass found a given the puzzle does not
// need: it would leave Keep's reach); the last puzzle stays then. It is
// false too without Keep, without a last puzzle Keep accepted (the last
// attempt's dig is not steered) and with a symmetry.
//
// Why: a steered dig ends where no given can go while Keep accepts, and
// on sees-cell boards most of the puzzles it ends on are easier than the
// band (anti-knight --tier hard: about half; X: 61%), each costing
// several digs of 81 cells. A move tests a few of the puzzle's givens,
// and the puzzle it gives, though mostly as easy, is in the band often
// enough to cost less than digging anew (docs/lab/variants.md, "Hardening a
// puzzle easier than the band").
func (gen *Generator) Harden(rng *rand.Rand) (Puzzle, bool) {
	from := gen.last
	if gen.opts.Keep == nil || from.sol == nil || gen.lastPuzzle == nil || from.sym != "none" {
		return Puzzle{}, false
	}
	g, s, sol := from.g, from.solver, from.sol
	gen.memoFor(sol)
	s.prefer(sol)
	defer s.prefer(nil)
	w := &gen.walk
	if !w.at(gen.lastPuzzle) && !w.start(g, s, gen.lastPuzzle, sol, gen.memo) {
		return Puzzle{}, false
	}
	if len(w.ins) == 0 {
		return Puzzle{}, false
	}
	keep := gen.keeper(s, len(sol))
	puzzle := append([]uint8(nil), gen.lastPuzzle...)
	in := w.ins[rng.IntN(len(w.ins))]
	puzzle[in] = sol[in]
	// Only a given whose second solution has another value on in can
	// go: with in put in, the others keep theirs, and so keep them. A
	// given without one (not needed for uniqueness: a puzzle minimal for
	// Keep) is dug too: Keep may take it now.
	var givens []int
	for i, f := range w.givens {
		if alt := w.alts[i*len(sol):]; alt[in] != sol[in] || alt[f] == sol[f] {
			givens = append(givens, f)
		}
	}
	if keep.minimal {
		// Minimal for Keep: the given put in is dug too (refused, it
		// stays; a refused given stays refused as others go).
		givens = append(givens, in)
	}
	rng.Shuffle(len(givens), func(i, j int) { givens[i], givens[j] = givens[j], givens[i] })
	var refused [][]int
	removed := 0
	for _, f := range givens {
		switch digOrbit(g, s, puzzle, sol, []int{f}, keep) {
		case digRefused:
			refused = append(refused, []int{f})
		case digRemoved:
			if f != in {
				removed++
			}
		}
	}
	if removed == 0 {
		// The last puzzle with one given more, or without it again.
		return Puzzle{}, false
	}
	if !keep.minimal {
		refused = append(refused, []int{in})
		for _, orb := range refused {
			if digOrbit(g, s, puzzle, sol, orb, keep.uniqueOnly()) == digRemoved {
				return Puzzle{}, false
			}
		}
	}
	p := Puzzle{Geometry: g, Puzzle: puzzle, Solution: sol, Symmetry: from.sym}
	for _, v := range puzzle {
		if v != 0 {
			p.Givens++
		}
	}
	p.Minimal = !keep.minimal || isMinimal(s, puzzle, keep.memo)
	gen.lastPuzzle = puzzle
	return p, true
}

// HardenMoves returns how many moves (Harden) a steered run gives a
// puzzle rated below its band before it digs anew, on a board of these
// variants without symmetry, dug in this order (Options.DigOrder): 128
// with anti-knight; in random order 48 with X, anti-king or jigsaw
// regions; none with non-consecutive pairs or else.
//
// Measured at --tier hard against runs without moves (docs/lab/variants.md,
// "Hardening a puzzle easier than the band", three interleaved rounds):
// anti-knight 0.54-0.58x the CPU, X 0.75-0.91x, anti-king 0.75-0.78x,
// jigsaw 0.81-0.97x. Where a fresh dig mostly lands in the band and
// costs little (windoku, disjoint groups, center dot, asterisk,
// girandola: 0.95-1.79x), on Samurai (0.82-2.01x) and on non-consecutive
// boards (1.85-2.08x: their dropped puzzles' solutions are dug again
// instead, Generator.Again), moves cost more than they save. Dug by
// peers (DigPeers), where digs end in the band more often, they do too
// but on anti-knight boards: X 1.60-1.70x, jigsaw 1.18-1.24x, anti-king
// 0.95-1.06x; anti-knight 0.53-0.66x.
func HardenMoves(variants []string, order string) int {
	switch {
	case has(variants, NonConsecutive):
		return 0
	case has(variants, AntiKnight):
		return 128
	case order == DigPeers:
		return 0
	case has(variants, X), has(variants, AntiKing), has(variants, Jigsaw):
		return 48
	}
	return 0
}

// hardenWalk is what Harden knows of the puzzle it walks from: for each
// given, a second solution of the puzzle without it.
type hardenWalk struct {
	puzzle []uint8 // the puzzle walked from (its first cell's address)
	givens []int   // its givens
	// alts holds per given (len(sol) cells each) a solution of the
	// puzzle without it, with another value there, or the solution
	// itself where there is none (the given is not needed).
	alts []uint8
	// ins are the empty cells where some given's second solution
	// differs from the solution: the cells a given put in can let a
	// given go from.
	ins []int
}

// at reports whether w was started on puzzle.
func (w *hardenWalk) at(puzzle []uint8) bool {
	return len(w.puzzle) > 0 && len(puzzle) > 0 && &w.puzzle[0] == &puzzle[0]
}

// start finds a second solution for each given of puzzle (s prefers
// sol's values, so each differs from sol on few cells), noted in memo
// too; false when the solver gave up on one.
func (w *hardenWalk) start(g *Geometry, s *Solver, puzzle, sol []uint8, memo *keepMemo) bool {
	w.puzzle, w.givens, w.ins = puzzle, w.givens[:0], w.ins[:0]
	for f, v := range puzzle {
		if v != 0 {
			w.givens = append(w.givens, f)
		}
	}
	n := len(sol)
	w.alts = slices.Grow(w.alts[:0], len(w.givens)*n)[:len(w.givens)*n]
	open := make([]bool, n)
	work := append([]uint8(nil), puzzle...)
	for i, f := range w.givens {
		alt := w.alts[i*n : (i+1)*n]
		work[f] = 0
		ok, found := true, memo.altFor(work, f, alt)
		if !found {
			ok, found = s.alternative(work, f, sol[f], alt)
			if found {
				memo.addSecond(s)
			}
		}
		work[f] = sol[f]
		if !ok {
			w.puzzle = nil
			return false
		}
		if !found {
			copy(alt, sol)
			continue
		}
		for c, v := range alt {
			if v != sol[c] && puzzle[c] == 0 && g.Used(c) {
				open[c] = true
			}
		}
	}
	for c, o := range open {
		if o {
			w.ins = append(w.ins, c)
		}
	}
	return true
}

// alternative writes into out a solution of puzzle (0 on frame cell f)
// with another value than v on f: found says whether there is one; ok
// is false when the search was cut off by the node bound.
func (s *Solver) alternative(puzzle []uint8, f int, v uint8, out []uint8) (ok, found bool) {
	s.rng = nil
	s.aborted, s.nodes = false, 0
	s.fastClosed, s.closed = false, false
	s.secondOK = false
	if e := s.fast; e != nil && len(puzzle) == 81 {
		e.limit = 0
		if !e.other(puzzle, int32(f), int(v-1)) {
			return true, false
		}
		s.noteSecond(&e.stack[e.solvedAt])
		e.writeLevel(e.solvedAt, out)
		return true, true
	}
	if !s.load(puzzle) {
		return true, false
	}
	k := s.g.index[f]
	st := s.stack[0]
	if st[k]&placed != 0 && st[k]&(1<<(v-1)) != 0 {
		return true, false
	}
	if !s.dropAndRun(st, k, v) {
		return true, false
	}
	if s.aborted {
		return false, false
	}
	s.write(out)
	return true, true
}
