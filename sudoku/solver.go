package sudoku

import (
	"math/bits"
	"math/rand/v2"
)

// Solver finds and counts solutions of grids of one shape. It keeps its
// work space between calls, so reuse one per goroutine; it is not safe for
// concurrent use.
type Solver struct {
	geo  *Geometry
	cand []uint32 // per level: Cells masks
	vals []uint8
	rng  *rand.Rand
}

// NewSolver returns a solver for shape s.
func NewSolver(s Shape) *Solver {
	g := GeometryOf(s)
	return &Solver{geo: g}
}

// Geometry returns the solver's geometry.
func (s *Solver) Geometry() *Geometry { return s.geo }

// Count returns the number of solutions of puzzle, stopping at limit. When
// sol is not nil and a solution exists, the first solution found is copied
// into sol. A puzzle whose givens conflict has 0 solutions.
func (s *Solver) Count(puzzle []uint8, limit int, sol []uint8) int {
	s.rng = nil
	return s.run(puzzle, limit, sol)
}

// Random fills sol with a uniformly shuffled-search solution of puzzle (an
// empty puzzle gives a random full grid), drawing choices from rng. It
// reports whether a solution exists.
func (s *Solver) Random(puzzle []uint8, rng *rand.Rand, sol []uint8) bool {
	s.rng = rng
	n := s.run(puzzle, 1, sol)
	s.rng = nil
	return n == 1
}

// Unique reports whether puzzle has exactly one solution.
func (s *Solver) Unique(puzzle []uint8) bool { return s.Count(puzzle, 2, nil) == 1 }

// SolveAvoiding reports whether puzzle has a solution in which cell does
// not hold value. A given at cell is honoured. While digging, the puzzle
// without a clue is unique exactly when no solution avoids the clue's value.
func (s *Solver) SolveAvoiding(puzzle []uint8, cell int, value uint8) bool {
	s.rng = nil
	return s.runAvoid(puzzle, 1, nil, cell, value) > 0
}

func (s *Solver) run(puzzle []uint8, limit int, sol []uint8) int {
	return s.runAvoid(puzzle, limit, sol, -1, 0)
}

func (s *Solver) runAvoid(puzzle []uint8, limit int, sol []uint8, avoidCell int, avoidValue uint8) int {
	g := s.geo
	if cap(s.vals) < g.Cells {
		s.vals = make([]uint8, g.Cells)
	}
	s.vals = s.vals[:g.Cells]
	copy(s.vals, puzzle)
	cand := make([]uint32, g.Cells)
	for i := range cand {
		cand[i] = g.All
	}
	for i, v := range puzzle {
		if v == 0 {
			continue
		}
		if cand[i]&(1<<(v-1)) == 0 {
			return 0
		}
		for _, p := range g.Peers[i] {
			cand[p] &^= 1 << (v - 1)
			if puzzle[p] == v {
				return 0
			}
		}
	}
	if avoidCell >= 0 && avoidValue != 0 {
		if puzzle[avoidCell] == avoidValue {
			return 0
		}
		cand[avoidCell] &^= 1 << (avoidValue - 1)
		if cand[avoidCell] == 0 {
			return 0
		}
	}
	count := 0
	s.search(cand, limit, &count, sol)
	return count
}

// search is a plain recursive backtracking search with fewest-candidates
// branching. It is the reference implementation.
func (s *Solver) search(cand []uint32, limit int, count *int, sol []uint8) {
	g := s.geo
	best, bestN := -1, 99
	for i, v := range s.vals {
		if v != 0 {
			continue
		}
		n := bits.OnesCount32(cand[i])
		if n == 0 {
			return
		}
		if n < bestN {
			best, bestN = i, n
			if n == 1 {
				break
			}
		}
	}
	if best < 0 {
		*count++
		if *count == 1 && sol != nil {
			copy(sol, s.vals)
		}
		return
	}
	m := cand[best]
	var order [MaxN]uint8
	k := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		order[k] = uint8(bits.TrailingZeros32(mm))
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(a, b int) { order[a], order[b] = order[b], order[a] })
	}
	next := make([]uint32, len(cand))
	for _, d := range order[:k] {
		copy(next, cand)
		bit := uint32(1) << d
		ok := true
		for _, p := range g.Peers[best] {
			if s.vals[p] == 0 {
				next[p] &^= bit
				if next[p] == 0 {
					ok = false
					break
				}
			}
		}
		if !ok {
			continue
		}
		s.vals[best] = d + 1
		s.search(next, limit, count, sol)
		s.vals[best] = 0
		if *count >= limit {
			return
		}
	}
}

// CountSolutions counts the solutions of g up to limit.
func CountSolutions(g Grid, limit int) int {
	return NewSolver(g.Geo.Shape).Count(g.Cells, limit, nil)
}

// Solve returns the first solution of g and the number of solutions counted
// up to 2 (0: none, 1: unique, 2: several).
func Solve(g Grid) (Grid, int) {
	sol := NewGrid(g.Geo.Shape)
	n := NewSolver(g.Geo.Shape).Count(g.Cells, 2, sol.Cells)
	return sol, n
}
