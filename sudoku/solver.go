package sudoku

import "math/rand/v2"

// Solver finds and counts solutions of grids of one shape. 9x9 grids use a
// dedicated engine (per-digit band bitboards with singles and locked
// candidates); every other shape uses the generic engine (a candidate mask
// per cell with singles). Both search with an explicit stack of fixed-size
// states and allocate nothing per node. A Solver keeps its work space
// between calls: reuse one per goroutine; it is not safe for concurrent use.
// The zero value is not usable: make one with NewSolver.
type Solver struct {
	geo  *Geometry
	gen  *generic
	s9   *solver9
	c9   *counter9 // 9x9 counts without a solution to write (count9.go)
	band *solverBand
	buf  []uint8 // one solution, for Solutions
}

// NewSolver returns a solver for shape s. It panics on an unsupported shape
// (see GeometryOf): get s from Shapes, ParseShape or ShapeForSize.
func NewSolver(s Shape) *Solver {
	g := GeometryOf(s)
	sv := &Solver{geo: g}
	switch {
	case s == Shape9:
		sv.s9 = newSolver9()
	case bandFits(s):
		sv.band = newSolverBand(g)
	default:
		sv.gen = newGeneric(g)
	}
	return sv
}

// newGenericSolver returns a solver that uses the generic engine even for
// 9x9, with the given number of locked-candidate rounds per propagation, so
// tests can check the engines and their rules against each other.
func newGenericSolver(s Shape, lockedRounds int) *Solver {
	g := GeometryOf(s)
	e := newGeneric(g)
	e.lockedRounds = lockedRounds
	return &Solver{geo: g, gen: e}
}

// Geometry returns the solver's geometry.
func (s *Solver) Geometry() *Geometry { return s.geo }

// Count returns the number of solutions of puzzle (row-major, 0 for empty),
// stopping at limit. When sol is not nil and a solution exists, the first
// solution found is copied into sol (sol may be puzzle itself). A puzzle whose
// givens conflict, or which has the wrong length or an out-of-range value, has
// 0 solutions; so does any puzzle when sol is not nil and shorter than N*N.
func (s *Solver) Count(puzzle []uint8, limit int, sol []uint8) int {
	if limit < 1 {
		return 0
	}
	if sol == nil && s.s9 != nil {
		// Only the count is wanted: it does not depend on the search
		// order, so the counting engine answers.
		if s.c9 == nil {
			s.c9 = newCounter9()
		}
		return s.c9.count(puzzle, limit)
	}
	if limit <= 2 && s.geo.N >= proverFromN {
		return s.countTwo(puzzle, limit, sol)
	}
	return s.run(puzzle, limit, sol, nil, -1, 0, -1)
}

// proverFromN is the smallest grid order whose counts up to 2 fall back on
// the Prover when the depth-first search runs long (countTwo).
const proverFromN = 16

// searchNodesPerCell caps countTwo's depth-first search: that many branch
// nodes a cell (5x5 boxes: 6,250 nodes, about 0.1 s), then the Prover
// answers. A variable so that tests can send every count to the Prover.
var searchNodesPerCell = 10

// countTwo is Count up to limit <= 2 on a large grid. The depth-first
// search answers most puzzles in milliseconds, but on a minimal 25x25 (near
// 270 givens) it can need 10^7 nodes and minutes, where the Prover (clause
// learning) needs seconds: the search runs first under a cap, and past it
// the Prover counts. Both count exactly, so the answer is the same; when
// there are two or more solutions, the one written into sol is the first
// the engine that answered found.
func (s *Solver) countTwo(puzzle []uint8, limit int, sol []uint8) int {
	if n := s.run(puzzle, limit, sol, nil, -1, 0, searchNodesPerCell*s.geo.Cells); n >= 0 {
		return n
	}
	return proverCount(s.geo, puzzle, limit, sol)
}

// proverCount counts the solutions of puzzle up to limit (1 or 2) with a
// fresh Prover: one solution S, then for each empty cell the question "is
// there a solution without S's digit here?" (a second solution differs
// from S in some empty cell), the clauses learnt kept from question to
// question (the givens are S's). sol (nil, or at least the grid's length)
// gets S.
func proverCount(g *Geometry, puzzle []uint8, limit int, sol []uint8) int {
	p := NewProver(g.Shape)
	first := sol
	if first == nil {
		first = make([]uint8, g.Cells)
	}
	if !p.SolveAvoiding(puzzle, -1, 0, first) {
		return 0
	}
	if limit == 1 {
		return 1
	}
	p.Hint(first)
	p.KeepLearnts()
	for c, v := range puzzle {
		if v == 0 && p.SolveAvoiding(puzzle, c, first[c], nil) {
			return 2
		}
	}
	return 1
}

// Solutions calls fn with each solution of puzzle, up to limit of them, in
// the search's order, and returns how many it found. The slice fn gets is
// reused for the next solution: copy what you keep. A vicinity search uses
// it to see every solution a puzzle has after some givens are removed.
func (s *Solver) Solutions(puzzle []uint8, limit int, fn func(sol []uint8)) int {
	if limit < 1 {
		return 0
	}
	if len(s.buf) != s.geo.Cells {
		s.buf = make([]uint8, s.geo.Cells)
	}
	buf := s.buf
	each := func() { fn(buf) }
	switch {
	case s.s9 != nil:
		s.s9.each = each
		defer func() { s.s9.each = nil }()
	case s.band != nil:
		s.band.each = each
		defer func() { s.band.each = nil }()
	default:
		s.gen.each = each
		defer func() { s.gen.each = nil }()
	}
	return s.run(puzzle, limit, buf, nil, -1, 0, -1)
}

// Unique reports whether puzzle has exactly one solution.
func (s *Solver) Unique(puzzle []uint8) bool { return s.Count(puzzle, 2, nil) == 1 }

// Random writes into sol a solution of puzzle chosen by a randomized search
// (an empty puzzle gives a random full grid) and reports whether one exists.
// Every choice is drawn from rng, so the result is a pure function of the
// puzzle and the rng state. sol may be puzzle itself; a sol shorter than
// N*N gives false.
//
// A randomized search now and then wanders into a large dead subtree (the
// heavy tail of random fills). Random therefore gives each attempt a budget
// of branch nodes, starting at the number of cells, and on running out
// restarts with fresh random choices and twice the budget; the budget grows
// without bound, so a puzzle with no solution still ends with false.
func (s *Solver) Random(puzzle []uint8, rng *rand.Rand, sol []uint8) bool {
	for budget := s.geo.Cells; ; budget *= 2 {
		if n := s.run(puzzle, 1, sol, rng, -1, 0, budget); n >= 0 {
			return n == 1
		}
	}
}

// SolveAvoiding reports whether puzzle has a solution in which cell does not
// hold value. A given at cell is honoured. While digging, a puzzle from which
// a clue was just removed is still unique exactly when no solution avoids the
// removed clue's value, and this search usually ends far sooner than a count.
// With cell < 0 it reports whether puzzle has any solution; a cell off the
// grid (cell >= the shape's cell count) has none, as Prover.SolveAvoiding
// answers.
func (s *Solver) SolveAvoiding(puzzle []uint8, cell int, value uint8) bool {
	if cell >= s.geo.Cells {
		return false
	}
	if cell < 0 {
		return s.Count(puzzle, 1, nil) > 0
	}
	if s.s9 != nil {
		// The answer does not depend on the search order: the counting
		// engine answers.
		if s.c9 == nil {
			s.c9 = newCounter9()
		}
		return s.c9.avoids(puzzle, cell, value)
	}
	return s.run(puzzle, 1, nil, nil, cell, value, -1) > 0
}

// SolveAvoidingWithin is SolveAvoiding with a cap of maxNodes branch nodes
// (maxNodes < 0: no cap). decided is false when the cap was reached before
// an answer; found is then false too. A generator can use it to keep a clue
// whose removal would need a very long uniqueness proof (25x25 digging meets
// such proofs), reporting the puzzle as not proven minimal. Cells below 0
// and off the grid are answered as SolveAvoiding answers them.
func (s *Solver) SolveAvoidingWithin(puzzle []uint8, cell int, value uint8, maxNodes int) (found, decided bool) {
	if cell >= s.geo.Cells {
		return false, true
	}
	if cell < 0 {
		n, ok := s.CountWithin(puzzle, 1, nil, maxNodes)
		return n > 0, ok
	}
	n := s.run(puzzle, 1, nil, nil, cell, value, maxNodes)
	return n > 0, n >= 0
}

// CountWithin is Count with a cap of maxNodes branch nodes (maxNodes < 0: no
// cap). decided is false when the cap was reached first; n is then 0.
func (s *Solver) CountWithin(puzzle []uint8, limit int, sol []uint8, maxNodes int) (n int, decided bool) {
	if limit < 1 {
		return 0, true
	}
	n = s.run(puzzle, limit, sol, nil, -1, 0, maxNodes)
	if n < 0 {
		return 0, false
	}
	return n, true
}

// run loads puzzle into the shape's engine and searches. budget caps the
// branch nodes (negative: no cap); run returns -1 when the cap is reached.
func (s *Solver) run(puzzle []uint8, limit int, sol []uint8, rng *rand.Rand, avoidCell int, avoidValue uint8, budget int) int {
	if sol != nil && len(sol) < s.geo.Cells {
		return 0 // no room for a solution (once per call, not per node)
	}
	if s.s9 != nil {
		if !s.s9.load(puzzle, avoidCell, avoidValue) {
			return 0
		}
		s.s9.rng, s.s9.nodesLeft = rng, budget
		n := s.s9.run(limit, sol)
		s.s9.rng = nil
		return n
	}
	if s.band != nil {
		if !s.band.load(puzzle, avoidCell, avoidValue) {
			return 0
		}
		s.band.rng, s.band.nodesLeft = rng, budget
		n := s.band.run(limit, sol)
		s.band.rng = nil
		return n
	}
	if !s.gen.load(puzzle, avoidCell, avoidValue) {
		return 0
	}
	s.gen.rng, s.gen.nodesLeft = rng, budget
	n := s.gen.run(limit, sol)
	s.gen.rng = nil
	return n
}

// CountSolutions counts the solutions of g up to limit. A grid without a
// shape or of the wrong length (see Grid.Check) counts 0.
func CountSolutions(g Grid, limit int) int {
	if g.checkShape() != nil {
		return 0
	}
	return NewSolver(g.Geo.Shape).Count(g.Cells, limit, nil)
}

// Solve returns the first solution of g and the number of solutions counted
// up to 2 (0: none, 1: unique, 2: several). A grid without a shape or of
// the wrong length (see Grid.Check) gives the zero Grid and 0.
func Solve(g Grid) (Grid, int) {
	if g.checkShape() != nil {
		return Grid{}, 0
	}
	sol := NewGrid(g.Geo.Shape)
	n := NewSolver(g.Geo.Shape).Count(g.Cells, 2, sol.Cells)
	return sol, n
}
