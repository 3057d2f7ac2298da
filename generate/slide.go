package generate

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/slide"
)

// SlideOptions say what sliding puzzles to make.
type SlideOptions struct {
	Size  int    // board width, 3..5
	Tier  string // "" or "any": uniform random boards; else a tier name
	Tiers SlideTiers
	// Solver solves the boards; nil makes one with default options.
	Solver *slide.Solver
}

// Slide methods, as reported in SlidePuzzle.Method.
const (
	MethodUniform = "uniform"   // uniform random solvable board
	MethodTable   = "table"     // uniform among the 3x3 boards of the tier
	MethodWalk    = "walk"      // random walk from the goal
	MethodClimb   = "climb"     // hill-climb from a random board on the heuristic
	MethodReject  = "rejection" // uniform boards until one is in the tier
	maxAttempts   = 1_000_000   // guard against tiers no method can reach
	climbSteps    = 4000        // 3-cycles tried per climb before a restart
	walkMaxExtra  = 16          // walk lengths go up to the tier's max plus this
	bulkLo4       = 46          // 4x4 uniform boards mostly lie in [46, 65]
	bulkHi4       = 65          //
	bulkLo5       = 76          // 5x5 uniform boards mostly have a proven
	bulkHi5       = 95          // lower bound in [76, 95]
)

// SlidePuzzle is one generated, solved board.
type SlidePuzzle struct {
	Board  slide.Board
	Result slide.Result
	Tier   string // tier of the board's length ("" if none covers it)
	Method string
	// Tried counts the boards solved to get this one.
	Tried int
}

// SlideGenerator makes sliding puzzles of one set of options. It is cheap
// to copy the options into many generators; the solver tables are shared.
type SlideGenerator struct {
	opts   SlideOptions
	tier   SlideTier
	any    bool
	method string
	ranks3 []int32 // 3x3 boards of the tier, for MethodTable
	heur   *slide.Heuristic
}

// NewSlide returns a generator for opts.
func NewSlide(opts SlideOptions) (*SlideGenerator, error) {
	if err := slide.CheckWidth(opts.Size); err != nil {
		return nil, err
	}
	if opts.Tiers == nil {
		opts.Tiers = DefaultSlideTiers()
	}
	if opts.Solver == nil {
		s, err := slide.NewSolver(opts.Size, slide.Options{})
		if err != nil {
			return nil, err
		}
		opts.Solver = s
	}
	if opts.Solver.Width() != opts.Size {
		return nil, fmt.Errorf("solver is for %dx%d, want %dx%d", opts.Solver.Width(), opts.Solver.Width(), opts.Size, opts.Size)
	}
	g := &SlideGenerator{opts: opts, any: opts.Tier == "" || opts.Tier == "any"}
	if g.any {
		g.method = MethodUniform
		return g, nil
	}
	t, err := opts.Tiers.Find(opts.Size, opts.Tier)
	if err != nil {
		return nil, err
	}
	g.tier = t
	g.method = chooseMethod(opts.Size, t)
	switch g.method {
	case MethodTable:
		g.ranks3 = slide.Exact3().SampleAtDistance(t.Min, t.Max, nil)
		if len(g.ranks3) == 0 {
			return nil, fmt.Errorf("no 3x3 board has an optimal length in %d..%d (the maximum is 31)", t.Min, t.Max)
		}
	case MethodClimb:
		h, err := opts.Solver.Heuristic()
		if err != nil {
			return nil, err
		}
		g.heur = h
	}
	return g, nil
}

// chooseMethod picks how a tier is reached: the exact table on 3x3,
// random walks from the goal below the bulk of uniform boards, climbing on
// the heuristic above it, rejection sampling inside it.
func chooseMethod(w int, t SlideTier) string {
	lo, hi := bulkLo4, bulkHi4
	switch w {
	case 3:
		return MethodTable
	case 5:
		lo, hi = bulkLo5, bulkHi5
	}
	switch {
	case t.Max < lo:
		return MethodWalk
	case t.Min > hi:
		return MethodClimb
	}
	return MethodReject
}

// Method returns how this generator reaches its tier.
func (g *SlideGenerator) Method() string { return g.method }

// Slide makes one puzzle, drawing every choice from rng, so the same rng
// state gives the same puzzle. A nil rng is an error.
func (g *SlideGenerator) Slide(rng *rand.Rand) (SlidePuzzle, error) {
	w := g.opts.Size
	if err := checkSlideArgs(w, rng); err != nil {
		return SlidePuzzle{}, err
	}
	switch g.method {
	case MethodTable:
		b, err := slide.BoardOfRank(int(g.ranks3[rng.IntN(len(g.ranks3))]))
		if err != nil {
			return SlidePuzzle{}, err
		}
		return g.finish(b, 1)
	case MethodUniform:
		b, err := UniformSlide(w, rng)
		if err != nil {
			return SlidePuzzle{}, err
		}
		return g.finish(b, 1)
	}
	for tried := 1; tried <= maxAttempts; tried++ {
		var b slide.Board
		var err error
		switch g.method {
		case MethodWalk:
			// Walks of at least half the tier's maximum: a tier like
			// "up to 35 moves" then holds puzzles worth printing, not
			// mostly 1- and 2-move ones.
			lo := max(g.tier.Min, g.tier.Max/2, 1)
			b, err = WalkSlide(w, lo+rng.IntN(g.tier.Max+walkMaxExtra-lo+1), rng)
		case MethodClimb:
			b, err = g.climb(rng)
		default:
			b, err = UniformSlide(w, rng)
		}
		if err != nil {
			return SlidePuzzle{}, err
		}
		p, err := g.finish(b, tried)
		if err != nil {
			return p, err
		}
		if p.Tier == g.tier.Name {
			return p, nil
		}
	}
	return SlidePuzzle{}, fmt.Errorf("no %dx%d board of tier %q found in %d tries", w, w, g.tier.Name, maxAttempts)
}

// finish solves b and fills in its tier.
func (g *SlideGenerator) finish(b slide.Board, tried int) (SlidePuzzle, error) {
	r, err := g.opts.Solver.Solve(b)
	if err != nil {
		return SlidePuzzle{}, err
	}
	n := r.Length
	if !r.Optimal {
		n = r.LowerBound
	}
	return SlidePuzzle{Board: b, Result: r, Tier: g.opts.Tiers.Of(g.opts.Size, n), Method: g.method, Tried: tried}, nil
}

// climb starts from a uniform random board and applies random 3-cycles of
// tiles (which keep the board solvable) that do not lower the heuristic,
// until the heuristic reaches the tier's minimum less a margin (the optimum
// is usually a few moves above the heuristic).
func (g *SlideGenerator) climb(rng *rand.Rand) (slide.Board, error) {
	w := g.opts.Size
	n := w * w
	target := g.tier.Min - 6
	b, err := UniformSlide(w, rng)
	if err != nil {
		return b, err
	}
	h := g.heur.Estimate(b)
	for step := 0; step < climbSteps && h < target; step++ {
		x, y, z := rng.IntN(n), rng.IntN(n), rng.IntN(n)
		if x == y || y == z || x == z || b.Tiles[x] == 0 || b.Tiles[y] == 0 || b.Tiles[z] == 0 {
			continue
		}
		c := b
		c.Tiles[x], c.Tiles[y], c.Tiles[z] = b.Tiles[y], b.Tiles[z], b.Tiles[x]
		if hc := g.heur.Estimate(c); hc >= h {
			b, h = c, hc
		}
	}
	return b, nil
}

// UniformSlide returns a uniformly random solvable board of width w: a
// random permutation, with the two highest tiles swapped if it is
// unsolvable (a bijection between the two parity classes, so the result is
// uniform over solvable boards). A width other than 3, 4 or 5, or a nil
// rng, is an error.
func UniformSlide(w int, rng *rand.Rand) (slide.Board, error) {
	if err := checkSlideArgs(w, rng); err != nil {
		return slide.Board{}, err
	}
	b := slide.Board{W: w}
	n := w * w
	for i := 0; i < n; i++ {
		b.Tiles[i] = uint8(i)
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i]
	}
	return b.MakeSolvable(), nil
}

// WalkSlide returns the board reached from the goal by a random walk of
// length moves that never undoes its previous move (the goal itself when
// length is 0 or less). A width other than 3, 4 or 5, or a nil rng, is an
// error.
func WalkSlide(w, length int, rng *rand.Rand) (slide.Board, error) {
	if err := checkSlideArgs(w, rng); err != nil {
		return slide.Board{}, err
	}
	b := slide.Goal(w)
	var prev slide.Move
	for i := 0; i < length; i++ {
		var opts [4]slide.Move
		k := 0
		for _, m := range [...]slide.Move{slide.Up, slide.Down, slide.Left, slide.Right} {
			if m == prev.Inverse() && prev != 0 {
				continue
			}
			if _, err := b.Apply(string(m)); err == nil {
				opts[k] = m
				k++
			}
		}
		m := opts[rng.IntN(k)]
		b, _ = b.Apply(string(m))
		prev = m
	}
	return b, nil
}

// checkSlideArgs refuses what UniformSlide and WalkSlide cannot use: a
// width slide does not support, or no random source.
func checkSlideArgs(w int, rng *rand.Rand) error {
	if err := slide.CheckWidth(w); err != nil {
		return err
	}
	if rng == nil {
		return errors.New("generate: a random source is needed (rng is nil)")
	}
	return nil
}
