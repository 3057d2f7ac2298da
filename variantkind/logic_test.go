package variantkind

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/variant"
)

// TestLogicCoversKeeper: the steered dig may refuse a removal without
// asking its keeper when the logic closure does not solve the puzzle
// (variant.Options.KeepLogic), because the keeper's ladder (SE's, capped
// at or below variant.LogicTop, without uniqueness rules; on
// non-consecutive boards with SukakuExplainer's techniques, ratePairs)
// solves only puzzles the closure solves. Checked on every keeper call of steered
// digs on each layout the closure serves, at caps from LogicFloor to
// LogicTop (the medium and hard bands' tops among them): no puzzle the keeper accepts is one the closure leaves
// open, and the closure refuses some (so it saves keeper calls). SUDOGEN_LONG=1 makes thirty puzzles a layout and band instead of one,
// each with the default 500 digs at most instead of 20.
func TestLogicCoversKeeper(t *testing.T) {
	_, kg := variantKind(t)
	gr := kg.(*grader)
	// A dig the keeper steers may start over on a fresh solution up to
	// Options.Attempts times (500 by default): on anti-knight and
	// non-consecutive boards one puzzle took 2,000-9,000 keeper calls,
	// 96,000 in all. By default 20 digs a puzzle (6,500 calls, each
	// dig a whole one: every stage of the dig is reached).
	digs, attempts := 1, 20
	if os.Getenv("SUDOGEN_LONG") != "" {
		digs, attempts = 30, 0
	}
	layouts := [][]string{{variant.X}, {variant.Windoku}, {variant.DisjointGroups}, {variant.Asterisk},
		{variant.Girandola}, {variant.CenterDot}, {variant.AntiKnight}, {variant.AntiKing},
		{variant.X, variant.AntiKing}, {variant.Jigsaw}, {variant.NonConsecutive}, {variant.X, variant.NonConsecutive}}
	accepted, proven, refusedByLogic, calls := 0, 0, 0, 0
	for _, vs := range layouts {
		tops := []float64{variant.LogicFloor, variant.ProveLocked, variant.LogicNaked, 4.0, variant.ProveAll, variant.LogicTop}
		// A non-consecutive dig asks its keeper (ratePairs) about ten
		// times as often: one cap each, the hard band's top (the first
		// phase with every rule) and the medium band's (locked
		// candidates alone beside the pair rules).
		switch {
		case len(vs) == 1 && vs[0] == variant.NonConsecutive:
			tops = []float64{variant.LogicTop}
		case slices.Contains(vs, variant.NonConsecutive):
			tops = []float64{variant.ProveLocked}
		}
		for _, top := range tops {
			keeper := gr.keeper(top)
			solvers := map[*variant.Geometry]*variant.Solver{}
			keep := func(g *variant.Geometry, grid []uint8) bool {
				s := solvers[g]
				if s == nil {
					s = variant.NewSolver(g)
					solvers[g] = s
				}
				calls++
				ok, logic := keeper(g, grid), s.LogicSolves(grid, top)
				if ok && !logic {
					t.Fatalf("%v, top %.1f: the keeper accepts %v, the logic closure leaves it open", vs, top, grid)
				}
				if s.LogicProves(grid, top) {
					if !ok {
						t.Fatalf("%v, top %.1f: the keeper refuses %v, the logic closure's first phase solves it", vs, top, grid)
					}
					proven++
				}
				if ok {
					accepted++
				}
				if !logic {
					refusedByLogic++
				}
				return ok
			}
			single := variant.HiddenSingle
			if top >= 2.3 {
				single = variant.NakedSingle
			}
			gen, err := variant.NewGenerator(variant.Spec{Size: 9, Variants: vs}, variant.Options{Keep: keep, KeepSingles: single, Attempts: attempts})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(vs))*7+uint64(top*10), 21))
			n := digs
			if slices.Contains(vs, variant.NonConsecutive) {
				n = min(digs, 8)
			}
			for range n {
				if _, err := gen.Generate(rng); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d keeper calls: %d accepted (%d proven by the closure's first phase), %d left open by the closure", calls, accepted, proven, refusedByLogic)
	if proven == 0 || refusedByLogic == 0 {
		t.Errorf("%d keeper calls, %d proven by the first phase, %d left open by the closure: both should occur", calls, proven, refusedByLogic)
	}
}
