package variant

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// ErrNoSolution says a spec's rules admit no full grid: there is no
// puzzle to make.
var ErrNoSolution = errors.New("no grid satisfies these rules together (an exhaustive search of the empty board found none)")

// SatisfiableNodes bounds Satisfiable's search, in branch nodes of the
// exact solver: a board with a solution shows one within a few hundred
// (each variant on each size it is defined on, each two of them on 9x9,
// and samurai: at most 0.16 s, BenchmarkSatisfiable's worst-ms), and the proofs that 9x9 windoku with
// non-consecutive, and X with anti-knight and non-consecutive, have none
// took 722,251 and 559,134 nodes (4.9 and 4.5 s; measured 2026-12-04).
// A search cut by the bound proves nothing, and the generator goes on
// as before.
const SatisfiableNodes = 2_000_000

// satisfiableDraws bounds the random searches (of pairNodeLimit nodes
// each) Satisfiable tries first on boards with non-consecutive pairs.
const satisfiableDraws = 100

// Satisfiable returns an error wrapping ErrNoSolution when the rules of
// gen's spec admit no full grid, proved by an exhaustive search of the
// empty board with gen's solver (a jigsaw spec without regions draws a
// layout per puzzle: not searched). Without the proof the generator
// would spend all its attempts (minutes) and then say only that no
// puzzle met the options: 9x9 windoku with non-consecutive is such a
// spec, and so are anti-king and non-consecutive on 4x4
// (docs/variants.md). It leaves the solver's node bound at none.
func (gen *Generator) Satisfiable() error {
	g, s := gen.geo, gen.solver
	if g == nil {
		return nil
	}
	defer s.SetLimit(0)
	if s.pairRand != nil {
		// A board with non-consecutive pairs: the exhaustive search
		// takes its lowest digits first and needs some 14,000 nodes (71
		// ms) to meet a solution of 9x9 non-consecutive, the generator's
		// restarted random searches some 3,000 (a few ms). A solution
		// proves the rules satisfiable, whichever search met it (the
		// exhaustive one then says the same, or stops at its bound and
		// proves nothing), so those go first, on their own rng.
		s.SetLimit(pairNodeLimit)
		if s.Full(rand.New(rand.NewPCG(1, 1)), make([]uint8, g.Cells()), satisfiableDraws) {
			return nil
		}
	}
	s.SetLimit(SatisfiableNodes)
	if s.Count(make([]uint8, g.Cells()), 1) == 0 && !s.Aborted() {
		return fmt.Errorf("--variant %s on %dx%d: %w", strings.Join(gen.spec.Variants, ","), g.N(), g.N(), ErrNoSolution)
	}
	return nil
}
