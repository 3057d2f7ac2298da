package variant

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Options say what puzzle to make.
type Options struct {
	// Symmetry of the clue pattern: "" or "none", one of Symmetries, or
	// "random" (one the geometry allows, per puzzle). A symmetry the
	// geometry does not allow is refused (see AllowedSymmetries).
	Symmetry string
	// RequireMinimal asks a symmetric puzzle to be minimal too: fresh
	// solutions are dug until one ends minimal (at most Attempts).
	// Without symmetry digging always ends minimal (no single given can
	// be removed keeping one solution); with one, by default the pattern
	// is orbit-minimal (no orbit of givens can go) and Puzzle.Minimal
	// says whether a single given still could.
	RequireMinimal bool
	// Attempts bounds the fresh solutions (and, for jigsaw without fixed
	// regions, fresh layouts) tried for one puzzle, or with Keep the digs
	// (several per solution, see Redigs); 0 means 500.
	Attempts int
	// NodeLimit bounds the solver nodes of one full-solution search
	// (0 means 5,000, or with a pair rule 150 a search and up to
	// PairRestarts searches: its solutions are rare and a random search's
	// time is heavy-tailed, so many short searches find one sooner than
	// one long one); a search that hits it is retried.
	NodeLimit int64
	// Keep, when set, steers the dig (a generator of a difficulty band):
	// a removal that keeps the solution unique is kept only when Keep
	// accepts the puzzle after it too (e.g. "a logic ladder capped at
	// the band's top rating still solves it"). When no removal passes
	// Keep any more, the givens Keep refused get a second pass with the
	// uniqueness test alone, so the puzzle is minimal as without Keep;
	// when that pass removes nothing, the puzzle is one Keep accepts.
	// A dig whose last pass removes a given is dropped and a fresh
	// solution dug, up to Attempts (the last attempt's puzzle is
	// returned whatever it is).
	// Keep must accept only puzzles with one solution (a logic ladder
	// without uniqueness rules that solves a puzzle proves it), so the
	// dig asks it first and runs the uniqueness proof only for a puzzle
	// it refuses. Keep gets the puzzle's geometry (a jigsaw's own
	// regions) and frame cells (0 empty), which it must not keep or
	// change; it is called from the generator's goroutine. With
	// KeepSingles NakedSingle the cells are the closure of the puzzle's
	// singles (Solver.Singles: the givens and every cell naked and
	// hidden singles place), which a ladder with those singles and
	// monotone rules solves exactly when it solves the puzzle.
	Keep func(g *Geometry, puzzle []uint8) bool
	// KeepSingles, with Keep, keeps a removal without asking Keep when
	// the remaining givens force the cell's value by a single of this
	// kind: the puzzle before it was accepted, so it stays unique and in
	// reach of a ladder that has the single (SE rates a hidden single
	// 1.2-1.5, a naked single 2.3). Singles are what most removals of a
	// dig leave while the grid is still full of givens.
	KeepSingles Single
	// KeepMinimal, with Keep, ends the dig when no given can go while
	// Keep accepts the puzzle: the givens Keep refused get no second,
	// uniqueness-only pass, so the puzzle is minimal for Keep (every
	// given is needed by the ladder Keep runs) but perhaps not minimal;
	// Puzzle.Minimal says which, checked given by given. For geometries
	// whose minimal puzzles are almost all out of Keep's reach
	// (non-consecutive: 5-7 givens, none solved by the SE ladder).
	KeepMinimal bool
	// KeepLogic, when not 0, promises that Keep is SE's ladder capped
	// at this rating, without uniqueness rules, on the geometry's houses
	// and sees cells (on boards with non-consecutive pairs, with the
	// eliminations of placed digits and SukakuExplainer's forcing cell and
	// locked NC within the cap, as variantkind's ratePairs runs them; the
	// closure then has them too, logic_pairs.go), so that it accepts only puzzles
	// the logic closure solves when the cap is within LogicFloor to
	// LogicTop (bb9.logicSolves: singles, locked candidates in the
	// houses SE locks in, subsets up to three, X-Wing, Swordfish, XY- and XYZ-Wing, in general forms,
	// applied in any order; below LogicNaked singles, locked candidates
	// and hidden subsets). The dig then refuses, without asking Keep, a
	// removal after which the closure leaves a cell open: Keep would
	// refuse it too, so the puzzles are the same, found sooner (most of
	// a steered dig's Keep calls are refusals). And from a cap of
	// ProveLocked the dig accepts, without asking Keep, a removal after
	// which the closure's first phase (rules that ladder has, on the
	// rows, columns and boxes; bb9.logicRun) solves the puzzle: Keep
	// would accept it too. With a cap from HiddenTop to below DirectTop
	// and KeepSingles HiddenSingle (SE's easy band: that ladder is
	// hidden singles and full houses, 1.0-1.5), the 9x9 engine's closure
	// of hidden singles answers for Keep, which is not asked at all. On
	// boards the 9x9 engine does not serve, or with another cap, it does
	// nothing.
	KeepLogic float64
	// DigOrder is the order a dig tries the givens in: "" or DigRandom,
	// a random order; DigPeers, the cells with the fewest peers (cells
	// sharing a house or a sees relation with them) first, ties in
	// random order (an orbit counts its cell with the fewest). See
	// DigPeers.
	DigOrder string
	// KeepSwaps, with Keep and KeepSingles HiddenSingle or NakedSingle,
	// lets a strict dig (no symmetry) that leaves Keep's reach in its
	// uniqueness-only pass swap givens, up to KeepSwaps times, instead of
	// being dropped (0: never; see SwapMoves and, for a ladder of hidden
	// singles, HiddenSwaps, which say how many pay on which geometry).
	KeepSwaps int
	// SwapsSkipBack, with KeepSwaps, makes no swap that would put back
	// the given the uniqueness-only pass just removed (the puzzle as it
	// was before the pass, which the redig would leave as it is): the
	// pass goes on to the next given instead, and a pass that ends
	// after such a given drops the dig (each given it can remove comes
	// back so: the walk is stuck). Only swaps that change the puzzle
	// count toward KeepSwaps. See SwapSkipsBack.
	SwapsSkipBack bool
	// KeepKicks, with SwapsSkipBack, lets a stuck dig go on instead of
	// being dropped, up to KeepKicks times: KickGivens givens of the
	// solution are put in on empty cells drawn from rng (the puzzle stays
	// in Keep's reach: it only gains givens), every given is dug again
	// with Keep, and the uniqueness-only pass runs anew. See Kicks.
	KeepKicks int
}

// The dig orders (Options.DigOrder).
const (
	// DigRandom tries the givens in a random order: the puzzles' givens
	// fall anywhere on the board alike.
	DigRandom = "random"
	// DigPeers tries first the cells with the fewest peers, so the cells
	// a variant constrains most (the diagonals of X, the middle of an
	// anti-knight board, an anti-king board's cells next to other boxes,
	// a Samurai's shared boxes) keep
	// their givens longest. A steered dig (Keep) then ends far more
	// often on a minimal puzzle within Keep's reach: SE's ladder takes
	// few steps on a variant's extra houses (singles and hidden subsets
	// on a diagonal, no locked candidates or naked subsets there), so a
	// puzzle of a band below the forcing chains needs those cells given.
	// Hard puzzles cost several times less CPU, and their givens crowd
	// those cells (docs/variants.md, "The dig order").
	DigPeers = "peers"
)

// DigOrders lists the values of Options.DigOrder.
var DigOrders = []string{DigRandom, DigPeers}

// Single is a kind of single KeepSingles may take.
type Single uint8

// The singles, each taking those before it too.
const (
	// NoSingle: Keep decides every removal.
	NoSingle Single = iota
	// HiddenSingle: some house of the cell has no other cell that can
	// take the value (a full house included).
	HiddenSingle
	// NakedSingle: also the cell's peers (and non-consecutive neighbours)
	// rule out every other value.
	NakedSingle
)

// Puzzle is one generated puzzle with its unique solution.
type Puzzle struct {
	// Geometry is the puzzle's board (for jigsaw: its own regions).
	Geometry *Geometry
	// Puzzle and Solution hold frame cells, 0 empty (and on unused cells).
	Puzzle, Solution []uint8
	// Givens counts the filled cells of Puzzle.
	Givens int
	// Minimal is true when no single given can be removed keeping the
	// solution unique. Without symmetry it holds by construction (a given
	// whose removal once allowed two solutions still does after later
	// removals); with symmetry it is checked given by given.
	Minimal bool
	// Symmetry is the clue pattern's symmetry ("none" without one).
	Symmetry string
}

// Generator makes puzzles of one variant spec. It is for one goroutine.
type Generator struct {
	spec   Spec
	opts   Options
	geo    *Geometry // nil: jigsaw with a fresh layout per puzzle
	solver *Solver
	// restarts is how many searches of NodeLimit nodes one full
	// solution may take (1 without a pair rule).
	restarts int
	// memo holds Keep's answers for the current solution (with Keep).
	memo *keepMemo
	// memoSol is the solution whose answers memo holds.
	memoSol []uint8
	// last is the solution of the last puzzle returned (Again, Harden),
	// lastPuzzle that puzzle (Harden).
	last       drawn
	lastPuzzle []uint8
	walk       hardenWalk
}

// PairRestarts is how many short searches (of 150 nodes, unless
// Options.NodeLimit says otherwise) a geometry with a pair rule tries for
// one full solution before the attempt fails. Measured on 9x9
// non-consecutive (25 solutions each, 2026-12-03): 100-200 nodes a
// search took 60-100 ms a solution, 2,000 nodes 185 ms, one search of
// 500,000 nodes 430 ms.
const PairRestarts = 1000

// pairNodeLimit is the node bound of one such search.
const pairNodeLimit = 150

// ErrNoPuzzle is returned when every attempt failed (no solution of the
// geometry was found, or no dig met the options).
var ErrNoPuzzle = errors.New("no puzzle met the options within the attempts")

// NewGenerator checks spec and opts. A jigsaw spec without regions makes a
// fresh random layout for every puzzle.
func NewGenerator(spec Spec, opts Options) (*Generator, error) {
	switch opts.DigOrder {
	case "", DigRandom, DigPeers:
	default:
		return nil, fmt.Errorf("dig order %q: expected %s", opts.DigOrder, strings.Join(DigOrders, " or "))
	}
	gen := &Generator{spec: spec, opts: opts, restarts: 1}
	if opts.Keep != nil {
		gen.memo = newKeepMemo()
	}
	if gen.opts.Attempts <= 0 {
		gen.opts.Attempts = 500
	}
	if has(spec.Variants, NonConsecutive) {
		gen.restarts = PairRestarts
	}
	if gen.opts.NodeLimit <= 0 {
		gen.opts.NodeLimit = 5_000
		if has(spec.Variants, NonConsecutive) {
			gen.opts.NodeLimit = pairNodeLimit
		}
	}
	vs, err := normalize(spec.Variants)
	if err != nil {
		return nil, err
	}
	gen.spec.Variants = vs
	if has(vs, Jigsaw) && spec.Regions == "" {
		// Check the rest of the spec on a box layout of the same size.
		probe := Spec{Size: spec.Size, Variants: vs, Regions: BoxRegions(spec.Size)}
		if _, err := Build(probe); err != nil {
			return nil, err
		}
		if _, err := ParseSymmetryName(opts.Symmetry); err != nil {
			return nil, err
		}
		return gen, nil
	}
	g, err := Build(spec)
	if err != nil {
		return nil, err
	}
	if _, err := checkSymmetry(g, opts.Symmetry, rand.New(rand.NewPCG(1, 1))); err != nil {
		return nil, err
	}
	gen.geo = g
	gen.solver = gen.newSolver(g)
	return gen, nil
}

// newSolver returns the dig's solver for g. Dug by peers, anti-knight's
// one-removal tests cost less on the 9x9 engine than on the general
// solver (three rounds of --tier hard --count 50: 0.79 of the CPU, the
// same records); in random order that measured within noise, so there
// they stay general (NewSolver).
func (gen *Generator) newSolver(g *Geometry) *Solver {
	s := NewSolver(g)
	if gen.opts.DigOrder == DigPeers && has(g.Variants, AntiKnight) && s.fast != nil {
		s.fastOther = true
	}
	return s
}

// ParseSymmetryName checks a symmetry name without a geometry.
func ParseSymmetryName(sym string) (string, error) {
	switch sym {
	case "", "none", "random":
		return sym, nil
	}
	for _, s := range Symmetries {
		if s == sym {
			return s, nil
		}
	}
	return "", fmt.Errorf("symmetry %q: expected one of none, rot180, rot90, mirror, flip, diagonal, antidiagonal, random", sym)
}

// Generate makes one puzzle, drawing every random choice from rng: the
// same rng state gives the same puzzle. A nil rng is an error.
func (gen *Generator) Generate(rng *rand.Rand) (Puzzle, error) {
	return gen.generate(rng, drawn{})
}

// Again digs the full solution of the last puzzle Generate or Again
// returned once more, in another order drawn from rng, as Generate digs
// a solution (a dig Keep drops is redug, up to Redigs times, then a
// fresh solution drawn). A run that keeps some tiers only asks for it
// when it drops a puzzle, where a fresh solution costs more than a dig
// (AgainPays). Without a last puzzle it is Generate.
func (gen *Generator) Again(rng *rand.Rand) (Puzzle, error) {
	return gen.generate(rng, gen.last)
}

// AgainPays reports whether another dig of a puzzle's solution (Again)
// costs less than a fresh one: on boards with non-consecutive pairs,
// whose full solutions take thousands of search nodes (about 2,900 in
// 20 restarts on 9x9, Solver.Full), and on jigsaw without fixed
// regions, whose every solution comes with a fresh layout to draw and
// build. Elsewhere a solution costs little, and one whose puzzle a run
// dropped measured no better than a fresh one (docs/lab/variants.md, "A
// dropped puzzle's solution dug again").
func (gen *Generator) AgainPays() bool {
	return gen.geo == nil || gen.restarts > 1
}

// drawn is a full solution with its board, its solver and the symmetry
// of its digs.
type drawn struct {
	g      *Geometry
	solver *Solver
	sol    []uint8
	sym    string
}

// generate is Generate, digging from's solution first when it has one.
func (gen *Generator) generate(rng *rand.Rand, from drawn) (Puzzle, error) {
	if rng == nil {
		return Puzzle{}, errors.New("variant: nil rng")
	}
	var (
		g      = from.g
		solver = from.solver
		sol    = from.sol
		sym    = from.sym
		redigs int // steered digs of sol dropped so far
	)
	if sol != nil {
		gen.memoFor(sol)
	}
	for attempt := range gen.opts.Attempts {
		if sol == nil || redigs >= Redigs {
			g, solver = gen.geo, gen.solver
			if g == nil {
				regions, err := randomLayout(gen.spec.Size, gen.opts.Symmetry, rng)
				if err != nil {
					return Puzzle{}, err
				}
				g, err = Build(Spec{Size: gen.spec.Size, Variants: gen.spec.Variants, Regions: regions})
				if err != nil {
					return Puzzle{}, err
				}
				solver = gen.newSolver(g)
			}
			var err error
			sym, err = checkSymmetry(g, gen.opts.Symmetry, rng)
			if err != nil {
				if gen.geo == nil {
					continue // this layout lacks the symmetry: draw another
				}
				return Puzzle{}, err
			}
			solver.SetLimit(gen.opts.NodeLimit)
			sol = make([]uint8, g.Cells())
			ok := solver.Full(rng, sol, gen.restarts)
			solver.SetLimit(0)
			if !ok {
				sol = nil
				continue
			}
			redigs = 0
			gen.memoFor(sol)
		}
		// A steered dig that its last pass would take out of Keep's reach
		// is dropped while attempts remain (the last one is kept whatever
		// it is), and the same solution dug again in another order, up to
		// Redigs times: a puzzle of the band then costs one grading, and
		// few full solutions (rare and costly with non-consecutive).
		strict := gen.opts.Keep != nil && attempt < gen.opts.Attempts-1
		keep := gen.keeper(solver, len(sol))
		p, ok := dig(g, solver, sol, symmetryPerm(g, sym), rng, keep, strict, gen.opts.DigOrder == DigPeers)
		if !ok {
			redigs++
			continue
		}
		last := drawn{g: g, solver: solver, sol: sol, sym: sym}
		sol = nil
		p.Symmetry = sym
		if !p.Minimal && gen.opts.RequireMinimal {
			continue
		}
		gen.last = last
		// Harden walks from puzzles Keep accepts: a steered dig's (the
		// last attempt's pass may take one out of its reach).
		gen.lastPuzzle = nil
		if keep.keep != nil && (strict || keep.minimal) {
			gen.lastPuzzle = p.Puzzle
		}
		return p, nil
	}
	return Puzzle{}, ErrNoPuzzle
}

// keeper returns the dig's Keep with its options, for a solution of n
// frame cells dug by solver.
func (gen *Generator) keeper(solver *Solver, n int) keeper {
	keep := keeper{keep: gen.opts.Keep, singles: gen.opts.KeepSingles, minimal: gen.opts.KeepMinimal,
		memo: gen.memo}
	if gen.opts.KeepSingles >= HiddenSingle {
		keep.swaps = gen.opts.KeepSwaps
		keep.skipBack = gen.opts.SwapsSkipBack
		if keep.skipBack {
			keep.kicks = gen.opts.KeepKicks
		}
	}
	keep.board = solver.logicEngine()
	if e := keep.board; e != nil && e.setLogicTop(gen.opts.KeepLogic) {
		// Solver.Singles computes the closure of singles on this engine
		// (non-consecutive boards too), so the logic starts from it.
		keep.logic = e
	}
	if e := keep.board; e != nil && !e.pairs && keep.keep != nil && keep.singles == HiddenSingle &&
		gen.opts.KeepLogic >= HiddenTop && gen.opts.KeepLogic < DirectTop {
		keep.hidden = e
	}
	if keep.keep != nil && (keep.singles >= NakedSingle || keep.swaps > 0) {
		keep.buf = make([]uint8, n)
	}
	return keep
}

// memoFor readies the memo of Keep's answers for sol's digs: it forgets
// the answers of another solution.
func (gen *Generator) memoFor(sol []uint8) {
	if gen.memo != nil && (len(gen.memoSol) == 0 || &gen.memoSol[0] != &sol[0]) {
		gen.memo.reset()
		gen.memoSol = sol
	}
}

// Redigs is how many steered digs of one full solution are dropped
// (Options.Keep) before a fresh solution is drawn.
const Redigs = 16

// dig removes givens from the full solution sol, orbit by orbit in random
// order, keeping each removal that leaves the solution unique, or with
// keep set, each that keep accepts (keep accepts unique puzzles only);
// then the orbits keep refused are tried again with the uniqueness test
// alone, so the puzzle ends minimal either way. With strict set, that
// pass stops at the first orbit it removes and dig returns false (the
// puzzle would leave keep's reach), unless a swap brings the puzzle
// back into keep's reach (up to keep.swaps times, without
// symmetry): see swapIn and redig. With keep.skipBack a swap that would
// put back the given just removed is not made and the pass goes on; a
// pass that ends after one is stuck, and the dig is kicked (kick, up to
// keep.kicks times) or dropped.
func dig(g *Geometry, s *Solver, sol []uint8, perm []int, rng *rand.Rand, keep keeper, strict, byPeers bool) (Puzzle, bool) {
	puzzle := append([]uint8(nil), sol...)
	// Uniqueness tests look for a second solution: one near sol is the
	// likeliest, so the searches try sol's values first.
	s.prefer(sol)
	defer s.prefer(nil)
	orbs := orbits(g, perm)
	rng.Shuffle(len(orbs), func(i, j int) { orbs[i], orbs[j] = orbs[j], orbs[i] })
	if byPeers {
		sortByPeers(g, orbs)
	}
	var refused [][]int
	for _, orb := range orbs {
		if digOrbit(g, s, puzzle, sol, orb, keep) == digRefused {
			refused = append(refused, orb)
		}
	}
	if !keep.minimal {
		if strict && (perm != nil || keep.swaps == 0) && passReversed {
			// A strict dig without swaps is dropped at the pass's first
			// removal and kept when it removes none, whatever the order
			// (the pass draws nothing from rng): the givens refused
			// last, with fewer givens gone since, are tried first, the
			// likeliest to go for uniqueness alone.
			slices.Reverse(refused)
		}
		swaps, kicks := 0, 0
		// inReach: the puzzle is known to be in keep's reach (the dig
		// and each swap's redig made it so; a kick's added givens need
		// not keep it there: the capped ladder is not monotone), so the
		// puzzle with the given a pass just removed is too.
		inReach := true
		for {
			back := false // a given of this pass came back (SwapsSkipBack)
			for i := 0; i < len(refused); i++ {
				if digOrbit(g, s, puzzle, sol, refused[i], keep.uniqueOnly()) != digRemoved || !strict {
					continue
				}
				// The puzzle left keep's reach. With sees cells, swap:
				// put another given in that brings it back, dig again
				// with keep, and test every given anew (see SwapMoves).
				if perm != nil || swaps >= keep.swaps {
					return Puzzle{}, false
				}
				// swapIn takes the given just removed unasked only where
				// the puzzle with it is known to be in keep's reach:
				// right after a kick it need not be (anti-knight --tier
				// hard --seed 2026 met such a puzzle at index 201, after
				// a dig's third kick), and keep is asked.
				backCell := -1
				if inReach {
					backCell = refused[i][0]
				}
				in := swapIn(g, s, puzzle, sol, rng, keep, backCell)
				inReach = in >= 0 // keep accepts the puzzle with in
				if in < 0 {
					return Puzzle{}, false
				}
				if keep.skipBack && in == refused[i][0] {
					// The given just removed is back: the puzzle is as
					// it was, and a redig would leave it so. The pass
					// goes on.
					back = true
					continue
				}
				swaps++
				back = false
				refused = redig(g, s, puzzle, sol, rng, keep, refused[:0])
				i = -1
			}
			if !back {
				break
			}
			// Every given the pass could remove came back: stuck. Kick
			// the puzzle (see Kicks) or drop the dig.
			if kicks >= keep.kicks {
				return Puzzle{}, false
			}
			kicks++
			refused = kick(g, s, puzzle, sol, rng, keep, refused[:0])
			inReach = false
		}
	}
	p := Puzzle{Geometry: g, Puzzle: puzzle, Solution: sol}
	for _, v := range puzzle {
		if v != 0 {
			p.Givens++
		}
	}
	p.Minimal = (perm == nil && !keep.minimal) || isMinimal(s, puzzle, keep.memo)
	return p, true
}

// passReversed says a strict dig without swaps runs its
// uniqueness-only pass from the last refused orbit back (false: a test
// compares the orders). HardMaker x instructions -0.65% (2026-12-05).
var passReversed = true

// sortByPeers orders orbs by the peers of their cells (an orbit counts
// its cell with the fewest), fewest first, keeping the order of ties
// (DigPeers).
func sortByPeers(g *Geometry, orbs [][]int) {
	type keyed struct {
		n   int32
		orb []int
	}
	ks := make([]keyed, len(orbs))
	for i, orb := range orbs {
		ks[i] = keyed{math.MaxInt32, orb}
		for _, f := range orb {
			c := g.index[f]
			ks[i].n = min(ks[i].n, g.pStart[c+1]-g.pStart[c])
		}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(a.n, b.n) })
	for i := range ks {
		orbs[i] = ks[i].orb
	}
}

// The outcomes of digOrbit.
const (
	digRemoved = iota // the orbit's givens are gone
	digNeeded         // removing them allows a second solution: they stay for good
	digRefused        // keep refused the puzzle without them: they stay for now
)

// digOrbit removes the givens of orb from puzzle when keep (if set)
// accepts the puzzle without them, or (keep nil) when the solution stays
// unique without them; else it puts them back. It says which. Second
// solutions its searches meet go into keep's memo, which then answers
// for them (keepMemo.refutes).
func digOrbit(g *Geometry, s *Solver, puzzle, sol []uint8, orb []int, keep keeper) int {
	for _, f := range orb {
		puzzle[f] = 0
	}
	if keep.keep != nil {
		if keep.single(g, puzzle, sol, orb) {
			return digRemoved
		}
		// A second solution met before (keepMemo.refutes) refuses the
		// removal as keep would (a ladder without uniqueness rules
		// solves no puzzle with two), before the closure of singles: no
		// sound rule places a cell some solution holds another value on.
		two := len(orb) == 1 && keep.memo.refutes(puzzle, orb[0])
		if two {
			for _, f := range orb {
				puzzle[f] = sol[f]
			}
			return digNeeded
		}
		if keep.singles >= NakedSingle {
			// The closure of singles: when it places the orbit, keep
			// would accept (see closed); else keep decides from the
			// closure's grid, which a ladder with the singles solves
			// exactly when it solves the puzzle (it reaches that grid
			// first, whatever its order), and sooner.
			if s.digSingles(puzzle, orb, keep.buf) {
				return digRemoved
			}
			if keep.logic != nil {
				keep.logic.keepClosure() // the probe below changes level 0
			}
			// A second solution met in a few nodes (the solver tries the
			// solution's values first) refuses the removal too (where the
			// board has a probe: refuteBound).
			if len(orb) == 1 && s.refute > 0 && s.twoWithin(puzzle, orb[0], sol[orb[0]], s.refute) {
				two = true
				keep.memo.addSecond(s)
			}
			if !two && keep.acceptsClosure(g, orb) {
				return digRemoved
			}
		} else if keep.accepts(g, puzzle) {
			return digRemoved
		}
		// Refused: back for now; the pass without keep tests uniqueness.
		for _, f := range orb {
			puzzle[f] = sol[f]
		}
		if two {
			// Needed for good: the puzzle only loses givens from here
			// on, and keeps the second solution.
			return digNeeded
		}
		return digRefused
	}
	unique := false
	if len(orb) == 1 {
		f := orb[0]
		// A puzzle holding a puzzle proved unique before is unique
		// (keepMemo.unique).
		unique = forced(g, puzzle, f, sol[f]) || keep.memo.unique(puzzle)
		if !unique && !keep.memo.refutes(puzzle, f) {
			unique = !s.other(puzzle, f, sol[f])
			if unique {
				keep.memo.addUnique(puzzle)
			} else {
				keep.memo.addSecond(s)
				keep.memo.addAlt(s, puzzle, f)
			}
		}
	} else {
		unique = s.Count(puzzle, 2) == 1
	}
	if unique {
		return digRemoved
	}
	for _, f := range orb {
		puzzle[f] = sol[f]
	}
	return digNeeded
}

// keeper is a dig's Keep with its KeepSingles.
type keeper struct {
	keep    func(*Geometry, []uint8) bool
	singles Single
	minimal bool // KeepMinimal: no uniqueness-only pass
	// swaps: how many times a strict dig that leaves keep's reach may
	// swap givens instead of being dropped (Options.KeepSwaps, with
	// KeepSingles HiddenSingle or NakedSingle; see SwapMoves and
	// HiddenSwaps).
	swaps int
	// skipBack: a swap that puts back the given just removed is none
	// (Options.SwapsSkipBack).
	skipBack bool
	// kicks: how many times a stuck dig is kicked (Options.KeepKicks).
	kicks int
	// hidden, when set (Options.KeepLogic from HiddenTop to below
	// DirectTop, KeepSingles HiddenSingle), is the solver's 9x9 engine,
	// whose closure of hidden singles answers for keep (bb9.hiddenSolves):
	// keep is that ladder.
	hidden *bb9
	// memo, when set, remembers keep's answers for the dig's solution,
	// and the second solutions the dig's searches met.
	memo *keepMemo
	// logic, when set (Options.KeepLogic), refuses what its logic
	// closure does not solve, and accepts what the closure's first phase
	// solves, before keep is asked.
	logic *bb9
	// board, when set, is the solver's 9x9 engine: single's hidden
	// single on its bitboards (bb9.hiddenGiven).
	board *bb9
	// buf holds the closure's grid handed to keep (frame cells).
	//
	// With singles NakedSingle, a removal whose orbit the closure of
	// singles (Solver.Singles) places is kept without asking keep: the
	// puzzle before it was accepted, and every candidate state the
	// closure reaches holds fewer candidates than that puzzle's givens
	// leave, so the puzzle stays unique, and a ladder that has the
	// singles (and whose other rules are monotone too, as SE's are up to
	// the forcing chains) still solves it.
	buf []uint8
}

// uniqueOnly is the keeper of a dig's uniqueness-only pass: no keep,
// the memo's second solutions (keepMemo.refutes) kept.
func (k keeper) uniqueOnly() keeper { return keeper{memo: k.memo} }

// accepts is keep's answer on grid (frame cells holding values of the
// dig's solution), remembered in the memo when there is one.
func (k keeper) accepts(g *Geometry, grid []uint8) bool {
	if k.hidden != nil {
		return k.hidden.hiddenSolves(grid)
	}
	a := logicUnsure
	if k.logic != nil {
		a = k.logic.logicSolves(grid)
	}
	return k.answer(g, grid, a)
}

// acceptsClosure is accepts on buf, the closure of singles the dig's
// solver just computed (kept by keepClosure when logic is set).
func (k keeper) acceptsClosure(g *Geometry, orb []int) bool {
	a := logicUnsure
	if k.logic != nil {
		var key set128
		if len(k.buf) <= 128 {
			key = filled(k.buf)
			if k.memo.logicOpen(key) {
				return false
			}
		}
		if len(orb) == 1 {
			a = k.logic.logicFor(orb[0])
		} else {
			a = k.logic.logicFromClosure()
		}
		if a == logicOpen && len(k.buf) <= 128 {
			// The cells the stalled closure placed (keepMemo.addOpen).
			k.memo.addOpen(k.logic.logic.done)
		}
	}
	return k.answer(g, k.buf, a)
}

// acceptsGrid is accepts on buf, the closure of singles Solver.Singles
// just computed: the logic closure starts from that state (the state a
// load of buf and singles would reach) and the memo of open grids
// answers first, as for a removal (acceptsClosure).
func (k keeper) acceptsGrid(g *Geometry) bool {
	if k.logic == nil || k.hidden != nil {
		return k.accepts(g, k.buf)
	}
	k.logic.keepClosure()
	return k.acceptsClosure(g, nil)
}

// answer is keep's answer on grid given the logic closure's: a refusal
// where the closure leaves a cell open, an acceptance where its first
// phase solves the grid, else keep's own (see logicRun).
func (k keeper) answer(g *Geometry, grid []uint8, a logicAnswer) bool {
	switch a {
	case logicOpen:
		return false
	case logicProven:
		return true
	}
	return k.memo.ask(k.keep, g, grid)
}

// single reports whether the remaining givens force the value of every
// cell of orb (a single orbit cell) by a single keep takes.
func (k keeper) single(g *Geometry, puzzle, sol []uint8, orb []int) bool {
	if k.singles == NoSingle || len(orb) != 1 {
		return false
	}
	f, v := orb[0], sol[orb[0]]
	var hidden bool
	if k.board != nil && len(puzzle) == 81 {
		hidden = k.board.hiddenGiven(puzzle, f, v)
	} else {
		hidden = hiddenSingle(g, puzzle, f, v)
	}
	return hidden || (k.singles >= NakedSingle && forced(g, puzzle, f, v))
}

// hiddenSingle reports whether some house of frame cell f (empty in
// puzzle) has no other cell that can take v: each is filled, or sees a
// given v, or has a non-consecutive neighbour given v-1 or v+1.
func hiddenSingle(g *Geometry, puzzle []uint8, f int, v uint8) bool {
	k := g.index[f]
	bit := uint32(1) << (v - 1)
houses:
	for _, h := range g.cHouse[g.cStart[k]:g.cStart[k+1]] {
		for _, c := range g.hCells[g.hStart[h]:g.hStart[h+1]] {
			if c != k && puzzle[g.used[c]] == 0 && !excludes(g, puzzle, c, bit) {
				continue houses
			}
		}
		return true
	}
	return false
}

// excludes reports whether the givens of puzzle rule value bit out of
// compact cell c (a peer holds it, or a non-consecutive neighbour holds a
// value it forbids).
func excludes(g *Geometry, puzzle []uint8, c int32, bit uint32) bool {
	for _, p := range g.peers[g.pStart[c]:g.pStart[c+1]] {
		if w := puzzle[g.used[p]]; w != 0 && 1<<(w-1) == bit {
			return true
		}
	}
	for q := g.qStart[c]; q < g.qStart[c+1]; q++ {
		if w := puzzle[g.used[g.qNbr[q]]]; w != 0 && g.forbid[g.qRule[q]][w-1]&bit != 0 {
			return true
		}
	}
	return false
}

// IsMinimal reports whether no single given of puzzle (which must have one
// solution) can be removed keeping the solution unique.
func IsMinimal(s *Solver, puzzle []uint8) bool { return isMinimal(s, puzzle, nil) }

// isMinimal is IsMinimal for a puzzle of memo's solution: a given whose
// removal the memo's second solutions refute is needed without a search,
// and the second solutions the searches meet go into memo.
func isMinimal(s *Solver, puzzle []uint8, memo *keepMemo) bool {
	q := append([]uint8(nil), puzzle...)
	for f, v := range puzzle {
		if v == 0 {
			continue
		}
		q[f] = 0
		if !memo.refutes(q, f) {
			if !s.other(q, f, v) {
				return false
			}
			memo.addSecond(s)
		}
		q[f] = v
	}
	return true
}

// forced reports whether the givens of puzzle around frame cell f (its
// peers, its pair neighbours) leave only the value v there: then removing
// the given v on f keeps the solution, so a unique puzzle stays unique.
func forced(g *Geometry, puzzle []uint8, f int, v uint8) bool {
	k := g.index[f]
	var seen uint32
	for _, p := range g.peers[g.pStart[k]:g.pStart[k+1]] {
		if w := puzzle[g.used[p]]; w != 0 {
			seen |= 1 << (w - 1)
		}
	}
	for q := g.qStart[k]; q < g.qStart[k+1]; q++ {
		if w := puzzle[g.used[g.qNbr[q]]]; w != 0 {
			seen |= g.forbid[g.qRule[q]][w-1]
		}
	}
	return seen|1<<(v-1) == g.full && seen&(1<<(v-1)) == 0
}

// SwapMoves returns how many swaps a strict steered dig takes on a
// geometry of these variants (Options.KeepSwaps; variantkind sets it; with
// KeepSingles NakedSingle, no symmetry), dug in this order
// (Options.DigOrder): 200 with anti-knight in random order (swaps that
// put back the given just removed not counted: SwapSkipsBack; a stuck
// dig is kicked: Kicks), 12 with anti-knight dug by peers, 2 with
// anti-king, else 0.
//
// There the dig steered by a capped ladder mostly ends far from
// minimal: 1,716 anti-knight --tier hard digs traced (2026-12-03) ended
// with a median of 10 of their 12-20 givens each removable for uniqueness
// alone, 10 digs with none. So when the uniqueness-only pass removes a
// given keep refused (the puzzle is unique but out of keep's reach), the
// dig does not drop the puzzle: it puts in one given of the solution that
// brings it back into keep's reach (swapIn), digs every given again with
// keep (redig) and runs the uniqueness-only pass anew. A swap ends a dig
// on a minimal puzzle when the redig removes a given the puzzle needed
// (then the given put in is needed too). A redig tests only the givens,
// so a swap costs far less than a fresh dig: on anti-knight boards a dig
// took up to 12 swaps (2 before 2026-12-05; 12 took 0.49-0.90x the CPU
// of 2 at --tier hard, median 0.73 in six rounds; 24 and 48 more than
// 12). Since swaps that put back the given just removed are skipped
// (SwapSkipsBack) and stuck digs kicked (Kicks), up to 200: a dig's walk
// mostly ends minimal before it (bounds 100 and 400, with 32 and 128
// kicks, cost the same in three rounds; without kicks 48 took less CPU
// than 12 and 24, 96 and no bound the same as 48).
// Anti-king's digs end near minimal (most with 0-3 removable givens): 2
// swaps took 0.82-0.95x the CPU of none in five rounds, 8 more than none.
// X's, also near minimal, gained nothing measurable (0.86-1.06x in five
// rounds): none.
// docs/lab/variants.md, "Swaps, as many as pay on each board" and "Swaps
// that put the same given back; kicks".
func SwapMoves(variants []string, order string) int {
	switch {
	case has(variants, AntiKnight) && order == DigPeers:
		return 12
	case has(variants, AntiKnight):
		return 200
	case has(variants, AntiKing):
		return 2
	}
	return 0
}

// SwapSkipsBack reports whether a strict steered dig on a geometry of
// these variants, dug in this order (Options.DigOrder), skips the swaps
// that put back the given just removed (Options.SwapsSkipBack;
// variantkind sets it): with anti-knight in random order. Dug by peers
// (DigPeers), where more digs end minimal, skips and kicks took more CPU
// (--tier hard --count 100, seeds 2026-2027: 1.86 and 2.16 CPU-s against
// 1.46 and 1.47) and spread the givens more (57-60% on the cells with
// more peers than the median against 72%): there the dig stays as it was.
//
// There, counted on --tier hard --count 30 --seed 2026 (2026-12-05), 54%
// of the swaps put back the very given the uniqueness-only pass had just
// removed (no other cell the closure of singles leaves empty brings the
// puzzle back into keep's reach before it): the puzzle is then as it
// was, its redig removes nothing, and the pass only starts again in
// another order. Those swaps spent the dig's bound and a redig each;
// and a dig whose every removable given comes back so is stuck (the
// same puzzle, the same answers) until the bound dropped it; now it
// is kicked (Kicks). docs/lab/variants.md, "Swaps that put the same given
// back; kicks".
func SwapSkipsBack(variants []string, order string) bool {
	return has(variants, AntiKnight) && order != DigPeers
}

// swapIn puts into puzzle (unique, refused by keep) the given of sol on
// one empty cell after which keep accepts it, and returns that cell (-1:
// there was none). Keep is asked on the closure of singles, or with
// keep.singles below NakedSingle (a ladder without naked singles) on the
// puzzle itself. Cells the closure of singles of puzzle places are skipped (the
// closure, and so keep's answer, would be the same); the others are tried
// in order of the cells the closure places with the given in, most first
// (ties in random order): a given that lets singles place more cells is
// the likeliest to bring the puzzle back into the ladder's reach, and
// with it in the redig finds more givens to take out.
//
// back is the given the uniqueness-only pass just removed, passed (else
// -1) only when the puzzle with it is known to be in keep's reach (dig's
// inReach: not right after a kick), so keep accepts it without being
// asked.
func swapIn(g *Geometry, s *Solver, puzzle, sol []uint8, rng *rand.Rand, keep keeper, back int) int {
	grid := keep.buf
	if !s.Singles(puzzle, nil, grid) {
		return -1
	}
	var cand []int
	for f := range puzzle {
		if g.Used(f) && grid[f] == 0 {
			cand = append(cand, f)
		}
	}
	rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	score := make([]int, len(puzzle))
	if e := s.fast; e != nil && len(puzzle) == 81 {
		// From the closure just computed (level 0), one placement each.
		base := e.stack[0]
		if back >= 0 && back < 81 && grid[back] == 0 {
			backScores(e, &base, cand, sol, back, score)
		} else {
			for _, f := range cand {
				score[f] = e.placedWith(&base, int32(f), int(sol[f]-1))
			}
		}
	} else {
		for _, f := range cand {
			puzzle[f] = sol[f]
			score[f] = placedCount(s, puzzle, grid)
			puzzle[f] = 0
		}
	}
	slices.SortStableFunc(cand, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	for _, f := range cand {
		puzzle[f] = sol[f]
		if f == back {
			return f
		}
		if keep.singles < NakedSingle {
			// A ladder without naked singles may not solve the closure's
			// puzzle: keep is asked on the puzzle itself.
			if keep.accepts(g, puzzle) {
				return f
			}
		} else if s.Singles(puzzle, nil, grid) && keep.acceptsGrid(g) {
			return f
		}
		puzzle[f] = 0
	}
	return -1
}

// placedCount returns how many cells the closure of singles of puzzle
// fills (its givens included; Solver.Singles, which writes it into
// grid), 0 on a contradiction.
func placedCount(s *Solver, puzzle, grid []uint8) int {
	n := 0
	if s.Singles(puzzle, nil, grid) {
		for _, v := range grid {
			if v != 0 {
				n++
			}
		}
	}
	return n
}

// backScores is swapIn's scores on the 9x9 engine when back, a cell of
// cand, is the given the pass just removed: keep accepts the puzzle
// with it, so swapIn returns back or a cell sorted before it, and the
// scores need only order the cells that sort before back as they would
// (the others get -1). back's score is the closure of the puzzle with
// it, closure(P). A cell c that closure places scores at most as much
// (the closure with c in is within closure(P), the least fixpoint), and
// as much exactly when that closure places back (then it is
// closure(P)): such a cell sorts before back only on a tie drawn
// before back, so a cell of closure(P) after back in cand's order needs
// no score, and one before it only whether its closure places back
// (placesWith, stopped there). The other cells get their full score.
// Counted on anti-knight --tier hard --count 100 --seed 2026
// (2026-12-05): 646,509 of swapIn's 837,265 scored cells were in
// closure(P), and 12,019 of its 14,315 calls had no cell scoring more
// than back.
func backScores(e *bb9, base *bbState, cand []int, sol []uint8, back int, score []int) {
	sb := e.placedWith(base, int32(back), int(sol[back]-1))
	inP := e.stack[1].done
	score[back] = sb
	before := true // cells of cand ahead of back
	for _, f := range cand {
		switch {
		case f == back:
			before = false
		case !inP.has(int32(f)):
			score[f] = e.placedWith(base, int32(f), int(sol[f]-1))
		case before && e.placesWith(base, int32(f), int(sol[f]-1), int32(back)):
			score[f] = sb
		default:
			score[f] = -1
		}
	}
}

// HiddenSwaps returns the swaps (Options.KeepSwaps), whether they skip
// the given put back (Options.SwapsSkipBack) and the kicks
// (Options.KeepKicks) of a strict dig steered by a ladder of hidden
// singles and full houses (KeepSingles HiddenSingle: SE's easy band,
// 1.0-1.5) on a geometry of these variants, dug in this order
// (Options.DigOrder; variantkind sets them): 200 swaps skipping the
// given put back and 64 kicks with anti-knight, X, anti-king or jigsaw
// regions in random order; dug by peers, anti-knight's SwapMoves (12)
// without skips or kicks; else none.
//
// There such a dig mostly ends far from minimal: the ladder needs more
// givens than uniqueness does, and the uniqueness-only pass removes one
// (anti-knight --tier easy --count 50 --seed 2026 before swaps: 375
// puzzles for 50 kept, each of the 325 dropped the last of 500 dug
// attempts, beyond the band). Swapping and kicking as at --tier hard
// (SwapMoves, SwapSkipsBack, Kicks; swapIn asks Keep on the puzzle
// itself, a ladder without naked singles) ends nearly every dig minimal
// and in the band: --tier easy, three interleaved rounds, medians of the
// CPU against none, anti-knight 0.024x, jigsaw 0.14x, X and anti-king
// 0.30x (docs/lab/variants.md, "Swaps at the easy band; hidden singles
// answer for Keep").
func HiddenSwaps(variants []string, order string) (swaps int, skipBack bool, kicks int) {
	switch {
	case has(variants, AntiKnight) && order == DigPeers:
		return SwapMoves(variants, order), false, 0
	case order == DigPeers:
		return 0, false, 0
	case has(variants, AntiKnight), has(variants, X), has(variants, AntiKing), has(variants, Jigsaw):
		return 200, true, 64
	}
	return 0, false, 0
}

// HiddenTop is SE's rating of a hidden single in a row, a column or a
// variant's extra house (1.2 in a box, a full house 1.0), DirectTop that
// of the next rule of SE's ladder, direct pointing: a ladder capped from
// the one to below the other has hidden singles and full houses alone
// (Options.KeepLogic).
const (
	HiddenTop = 1.5
	DirectTop = 1.7
)

// KickGivens is how many givens a kick puts in (Options.KeepKicks).
const KickGivens = 6

// Kicks returns how many times a strict steered dig on a geometry of
// these variants is kicked when stuck (Options.KeepKicks; variantkind
// sets it), dug in this order (Options.DigOrder): 64 where swaps skip
// the given just removed (SwapSkipsBack: anti-knight in random order),
// else none.
//
// With the swaps that put back the given just removed skipped, 86% of
// anti-knight's strict digs ended stuck (--tier hard --count 100 --seed
// 2026: 800 of 930 digs, after about 10 swaps each), and a fresh dig of
// the solution started again from all 81 cells. A kick puts KickGivens
// givens of the solution in on empty cells drawn at random, digs every
// given again with Keep and runs the pass anew: the walk goes on from a
// puzzle near the stuck one, in Keep's reach (it only gained givens).
// With 64 kicks (and SwapMoves 200) nearly every dig of a solution
// ends minimal (126 digs for 126 returned, seed 3001), after about six
// kicks. Of 4, 5, 6, 8 and 20 givens a kick, 6 cost least (4, 5 and 8
// 5-15% more, 20 about 1.5x); kicks alone, without swaps, 2-8x (docs/
// lab/variants.md, "Swaps that put the same given back; kicks").
func Kicks(variants []string, order string) int {
	if SwapSkipsBack(variants, order) {
		return 64
	}
	return 0
}

// kick puts KickGivens givens of sol into puzzle on empty cells drawn
// from rng, then digs every given again with keep (redig) and returns
// the cells keep refused, appended to refused.
func kick(g *Geometry, s *Solver, puzzle, sol []uint8, rng *rand.Rand, keep keeper, refused [][]int) [][]int {
	var empty []int
	for f, v := range puzzle {
		if v == 0 && g.Used(f) {
			empty = append(empty, f)
		}
	}
	rng.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	for _, f := range empty[:min(KickGivens, len(empty))] {
		puzzle[f] = sol[f]
	}
	return redig(g, s, puzzle, sol, rng, keep, refused)
}

// redig tries every given of puzzle again with keep (after a swap), in
// random order, and returns the cells keep refused as one-cell orbits,
// appended to refused.
func redig(g *Geometry, s *Solver, puzzle, sol []uint8, rng *rand.Rand, keep keeper, refused [][]int) [][]int {
	var fs []int
	for f, v := range puzzle {
		if v != 0 {
			fs = append(fs, f)
		}
	}
	rng.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
	for _, f := range fs {
		orb := []int{f}
		if digOrbit(g, s, puzzle, sol, orb, keep) == digRefused {
			refused = append(refused, orb)
		}
	}
	return refused
}
