package generate

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Puzzle is one generated puzzle with its unique solution.
type Puzzle struct {
	Puzzle, Solution sudoku.Grid
	// Minimal is true when no single given can be removed keeping the
	// solution unique. It is always checked, never assumed.
	Minimal bool
	// Symmetry is the symmetry of the clue pattern actually used ("none",
	// "rot180", ...); with Options.Symmetry "random" it is the one drawn.
	Symmetry string
	// Attempts is the number of full grids dug to get this puzzle (1 unless
	// a givens range or minimal-with-symmetry made the generator retry).
	Attempts int
}

// ErrCanceled is returned by Sudoku when Options.Cancel was closed.
var ErrCanceled = errors.New("generation canceled")

// canceled reports whether Options.Cancel has been closed.
func (g *Generator) canceled() bool {
	select {
	case <-g.opts.Cancel:
		return true
	default:
		return false
	}
}

// Givens counts the puzzle's givens.
func (p Puzzle) Givens() int { return p.Puzzle.Givens() }

// Generator makes puzzles of one set of options. It keeps work space, so
// use one per goroutine.
type Generator struct {
	opts Options
	geo  *sudoku.Geometry
	dig  *digger
	// orbits by symmetry, precomputed for the symmetries this generator
	// may use.
	orbits map[Symmetry][][]int

	// work space
	order  []int
	tested []bool // per cell: its own removal was tested and refused
}

// New returns a generator for opts, or an error naming the bad option.
func New(opts Options) (*Generator, error) {
	o, err := opts.check()
	if err != nil {
		return nil, err
	}
	geo := sudoku.GeometryOf(o.Shape)
	g := &Generator{
		opts:   o,
		geo:    geo,
		dig:    newDigger(geo),
		orbits: map[Symmetry][][]int{},
		tested: make([]bool, geo.Cells),
	}
	if below, ok := proverBelow[geo.N]; ok && (o.Minimal || o.MinGivens < below) {
		g.dig.pv = sudoku.NewProver(o.Shape)
		g.dig.pv.KeepLearnts()
		g.dig.pvAlt = sudoku.NewProver(o.Shape)
		g.dig.pvAlt.KeepLearnts()
		g.dig.pvAlt.HintFor(0)
	}
	syms := []Symmetry{o.Symmetry}
	if o.Symmetry == SymRandom {
		syms = randomChoices
	}
	for _, s := range syms {
		g.orbits[s] = orbits(o.Shape, s)
	}
	return g, nil
}

// Options returns the generator's options with defaults filled in.
func (g *Generator) Options() Options { return g.opts }

// Sudoku makes one puzzle, drawing every choice from rng, so the same rng
// state gives the same puzzle. It returns an error only when the options
// cannot be met within Options.Attempts fresh grids (a givens range below
// what digging reaches, or minimal with symmetry on a shape where that is
// rare; a range far below what the first digs reached is said after
// those, see digReach), or ErrCanceled when Options.Cancel was closed. A
// nil rng is an error.
func (g *Generator) Sudoku(rng *rand.Rand) (Puzzle, error) {
	if rng == nil {
		return Puzzle{}, errors.New("generate: Sudoku needs a random source (rng is nil)")
	}
	o := g.opts
	sym := o.Symmetry
	if sym == SymRandom {
		sym = randomChoices[rng.IntN(len(randomChoices))]
	}
	orbs := g.orbits[sym]
	fewest, most := g.geo.Cells+1, -1
	notMinimal := 0 // puzzles in the givens range that were not minimal
	// the digs' counts while every one ended above the range
	var reach *digReach
	if o.MaxGivens < g.geo.Cells {
		reach = &digReach{}
	}
	for attempt := 1; attempt <= o.Attempts; attempt++ {
		if g.canceled() {
			return Puzzle{}, ErrCanceled
		}
		p, err := g.attempt(rng, orbs)
		if err != nil {
			return Puzzle{}, err
		}
		p.Symmetry = string(sym)
		p.Attempts = attempt
		n := p.Givens()
		fewest, most = min(fewest, n), max(most, n)
		if n > o.MaxGivens && reach != nil {
			reach.add(n)
			if attempt < o.Attempts && reach.outOfReach(o.MaxGivens) {
				return Puzzle{}, reach.error(g.geo.N, g.wanted(sym), fewest, most, o.Attempts-attempt)
			}
		} else {
			reach = nil // a dig got down to the range
		}
		if n > o.MaxGivens || n < o.MinGivens {
			continue
		}
		if o.Minimal && !p.Minimal {
			notMinimal++
			continue
		}
		return p, nil
	}
	ranged := o.MinGivens > 0 || o.MaxGivens < g.geo.Cells
	what := g.wanted(sym)
	if notMinimal == o.Attempts {
		// The dig stopped in the range (at its floor, or at a
		// symmetric orbit) before the puzzle was minimal.
		var advice string
		switch {
		case ranged && sym != SymNone:
			advice = "minimal puzzles with that many are too rare to dig to; lower --givens, choose another --symmetry, or drop --minimal"
		case ranged:
			advice = "minimal puzzles with that many are too rare to dig to; lower --givens, or drop --minimal"
		default:
			// a dig without a range goes as far as it can: only the
			// symmetry's orbits stopped it
			advice = "minimal puzzles with that symmetry are too rare to dig to; choose another --symmetry, or drop --minimal"
		}
		return Puzzle{}, fmt.Errorf("no %dx%d puzzle with %s after %d grids: every one dug to %d-%d givens with a given still removable (%s)",
			g.geo.N, g.geo.N, what, o.Attempts, fewest, most, advice)
	}
	return Puzzle{}, fmt.Errorf("no %dx%d puzzle with %s after %d grids (they dug to %d-%d givens)",
		g.geo.N, g.geo.N, what, o.Attempts, fewest, most)
}

// wanted says what the options ask of a puzzle dug with symmetry sym,
// for the line of one not found: "minimal, givens 30-35, symmetry
// rot180" (the givens range only when one was asked for: the default is
// every count, 0 to the cells), "these options" when they ask nothing.
func (g *Generator) wanted(sym Symmetry) string {
	o := g.opts
	var what []string
	if o.Minimal {
		what = append(what, "minimal")
	}
	if o.MinGivens > 0 || o.MaxGivens < g.geo.Cells {
		what = append(what, fmt.Sprintf("givens %d-%d", o.MinGivens, o.MaxGivens))
	}
	if sym != SymNone {
		what = append(what, "symmetry "+string(sym))
	}
	if len(what) == 0 {
		return "these options"
	}
	return strings.Join(what, ", ")
}

// attempt digs one fresh random grid.
func (g *Generator) attempt(rng *rand.Rand, orbs [][]int) (Puzzle, error) {
	o := g.opts
	geo := g.geo
	if !g.dig.randomGrid(rng) {
		return Puzzle{}, fmt.Errorf("internal error: no random %dx%d grid", geo.N, geo.N)
	}
	sol := sudoku.NewGrid(o.Shape)
	copy(sol.Cells, g.dig.sol)
	p := sol.Clone()
	givens := geo.Cells
	// Without Minimal, stop at a target drawn from the givens range.
	target := 0
	if !o.Minimal && o.MinGivens > 0 {
		target = o.MinGivens + rng.IntN(o.MaxGivens-o.MinGivens+1)
	}
	g.order = g.order[:0]
	for i := range orbs {
		g.order = append(g.order, i)
	}
	rng.Shuffle(len(g.order), func(a, b int) { g.order[a], g.order[b] = g.order[b], g.order[a] })
	for i := range g.tested {
		g.tested[i] = false
	}
	g.dig.start()
	for _, k := range g.order {
		if givens <= target {
			break
		}
		if g.opts.Cancel != nil && g.canceled() {
			return Puzzle{}, ErrCanceled
		}
		orb := orbs[k]
		if givens-len(orb) < o.MinGivens {
			continue
		}
		g.dig.undecided = false
		if g.dig.tryRemove(orb) {
			givens -= len(orb)
		} else if len(orb) == 1 && !g.dig.undecided {
			g.tested[orb[0]] = true
		}
	}
	copy(p.Cells, g.dig.puzzle())
	minimal, ok := g.minimal()
	if !ok {
		return Puzzle{}, ErrCanceled
	}
	return Puzzle{Puzzle: p, Solution: sol, Minimal: minimal}, nil
}

// minimal reports whether no given of the dug puzzle can be removed. A
// given whose own removal was refused while digging stays necessary (fewer
// givens never restore uniqueness), so only the others are tested. A test
// that reached the node cap (25x25) leaves minimality unproven: false. ok
// is false when Options.Cancel was closed before the answer was known.
func (g *Generator) minimal() (minimal, ok bool) {
	p := g.dig.puzzle()
	for i, v := range p {
		if v == 0 || g.tested[i] {
			continue
		}
		if g.opts.Cancel != nil && g.canceled() {
			return false, false
		}
		g.dig.undecided = false
		if g.dig.removable(i) || g.dig.undecided {
			return false, true
		}
	}
	return true, true
}
