package grade

import (
	"errors"
	"fmt"

	"github.com/sudogen/sudogen/sudoku"
)

// GraderOptions configure a Grader.
type GraderOptions struct {
	// Profile picks the profile whose solve path gives Hardest and the
	// technique counts ("se", the default, or another registered one such
	// as "hodoku"). The SE rating and tier always come from the SE
	// profile; the HoDoKu level and score from the "hodoku" profile when
	// it is registered.
	Profile string
	// NoUniqueness drops uniqueness-based rules in every profile.
	NoUniqueness bool
	// VerifySteps checks every step against the solution (a wrong step is
	// an error naming the technique and the candidate).
	VerifySteps bool
	// Tiers is the tier table (nil: DefaultTiers()).
	Tiers *Tiers
	// GivenForm grades the puzzle exactly as given. By default the grader
	// rates the puzzle's canonical isomorph (sudoku.Canonicalizer), so a
	// puzzle and all its relabelings and permutations get the same rating,
	// hardest technique and counts. SE's own ER is not isomorph-invariant
	// (SE-RULES.md 6.3: scan orders pick different equal-rated steps); on
	// cb-ser-dev the given form moves under a random isomorph for 0.04% of
	// puzzles (docs/grading.md).
	GivenForm bool
	// MaxRating and MinRating bound the SE rating a caller keeps (0: no
	// bound; see Options). NewGrader does not check them: a value that is
	// not above 0 (negative, NaN) is no bound either, and a cap of 20.0 or
	// more never stops a run; CheckMaxRating refuses such a cap, as the
	// commands do. A puzzle whose next step would rate above
	// MaxRating stops there: Grade.SE.Capped, tier beyond, ER a lower
	// bound. A puzzle solved below MinRating has Grade.SE.BelowMin. The
	// HoDoKu profile is not run for either (the caller drops them).
	MaxRating, MinRating float64
	// MaxWork bounds the forcing-chain work per puzzle (Options.MaxWork):
	// 0 takes DefaultMaxWork for the puzzle's size, < 0 means no bound.
	// A puzzle that exhausts it gets tier beyond and an honest lower
	// bound (Grade.SE.OverBudget).
	MaxWork int64
	// Keep, when set, is asked once the SE profile has run, with the
	// grade so far (SE, Tier, and Path when the chosen profile is SE, else
	// nil); false returns that grade without running the other profiles
	// (the caller drops the puzzle, so their cost is saved). A batch
	// looking for one technique drops most puzzles here.
	Keep func(*Grade) bool
}

// CheckMaxRating reports a rating cap no run takes (Options.MaxRating): it
// must be 0 (no cap) or a rating below Beyond (20.0, "beyond", is no rating
// a run can stop below); NaN is refused too.
func CheckMaxRating(r float64) error {
	if r >= 0 && r < Beyond {
		return nil
	}
	return fmt.Errorf("%g: expected 0 (no cap) or a rating below %.1f", r, Beyond)
}

// DefaultMaxWork is the default forcing-chain work budget per puzzle of a
// box shape (Options.MaxWork): none up to 12x12, so every such puzzle
// gets its full rating; 16x16 stops after a few CPU-seconds of forcing
// chains (5 on the machine docs/grading.md was measured on), 25x25 after
// about 2 (docs/grading.md reports the fraction that finishes).
func DefaultMaxWork(shape sudoku.Shape) int64 {
	switch n := shape.N(); {
	case n <= 12:
		return 0
	case n <= 16:
		return 100_000_000
	}
	return 10_000_000
}

// Status of a graded puzzle.
const (
	StatusOK         = ""
	StatusNoSolution = "no solution"
	StatusMultiple   = "multiple solutions"
)

// Grade is the grading of one puzzle.
type Grade struct {
	// Status is StatusOK, or why the puzzle was not graded (grading needs
	// exactly one solution).
	Status   string
	Solution sudoku.Grid
	// SE is the SE-profile result; HoDoKu the HoDoKu one (nil when that
	// profile is not registered); Path the result of the chosen profile.
	SE     Result
	HoDoKu *Result
	Path   *Result
	// Tier is the tier of the SE result.
	Tier string
	// Canonical is the canonical (minlex) isomorph that was rated; its
	// Geo is nil when the puzzle was rated as given (GivenForm).
	Canonical sudoku.Grid
}

// Rating is the SE ER, rounded as SE prints it; 0 (no rating) when the
// run was capped by MaxRating or MaxWork (see RatingAtLeast), 20.0 when
// the techniques could not finish the puzzle.
func (g *Grade) Rating() float64 {
	if g.SE.Capped {
		return 0
	}
	return g.SE.Rating()
}

// RatingAtLeast is the lower bound of the rating of a capped run (0 when
// the run was not capped): the puzzle rates at least this.
func (g *Grade) RatingAtLeast() float64 {
	if !g.SE.Capped {
		return 0
	}
	return g.SE.Rating()
}

// Grader grades puzzles: checks the solution is unique, runs the profiles
// and assigns the tier. It keeps scratch space; use one per goroutine.
// The zero value is not usable: make one with NewGrader.
type Grader struct {
	opt     GraderOptions
	se, hod *Engine
	path    *Engine
	solvers map[sudoku.Shape]*sudoku.Solver
	canons  map[sudoku.Shape]*sudoku.Canonicalizer
}

// NewGrader returns a grader, or an error for an unknown profile name.
func NewGrader(opt GraderOptions) (*Grader, error) {
	if opt.Tiers == nil {
		opt.Tiers = DefaultTiers()
	}
	if opt.Profile == "" {
		opt.Profile = "se"
	}
	g := &Grader{opt: opt, se: NewEngine(SEProfile()), solvers: map[sudoku.Shape]*sudoku.Solver{}, canons: map[sudoku.Shape]*sudoku.Canonicalizer{}}
	if p, ok := ProfileByName("hodoku"); ok {
		g.hod = NewEngine(p)
	}
	switch opt.Profile {
	case "se":
		g.path = g.se
	case "hodoku":
		if g.hod == nil {
			return nil, fmt.Errorf("profile hodoku is not available in this build")
		}
		g.path = g.hod
	default:
		p, ok := ProfileByName(opt.Profile)
		if !ok {
			return nil, fmt.Errorf("unknown profile %q: expected one of %v", opt.Profile, ProfileNames())
		}
		g.path = NewEngine(p)
	}
	return g, nil
}

// Tiers returns the grader's tier table.
func (g *Grader) Tiers() *Tiers { return g.opt.Tiers }

// Grade grades puzzle p. A puzzle with no or several solutions gets a
// Status and no rating (so does a grid of the wrong length or with a value
// above N: StatusNoSolution); an error means p has no shape (the zero
// Grid) or a step failed verification (a bug).
func (g *Grader) Grade(p sudoku.Grid) (Grade, error) {
	if p.Geo == nil {
		return Grade{}, p.Check()
	}
	sv := g.solvers[p.Geo.Shape]
	if sv == nil {
		sv = sudoku.NewSolver(p.Geo.Shape)
		g.solvers[p.Geo.Shape] = sv
	}
	sol := sudoku.NewGrid(p.Geo.Shape)
	switch sv.Count(p.Cells, 2, sol.Cells) {
	case 0:
		return Grade{Status: StatusNoSolution}, nil
	case 1:
	default:
		return Grade{Status: StatusMultiple}, nil
	}
	return g.GradeSolved(p, sol)
}

// GradeSolved grades a puzzle whose unique solution sol is already known
// (batch workers have it from generation). p and sol must pass
// sudoku.Grid.Check and have the same shape, and sol must solve p (full,
// no value twice in a unit, every given kept: p.SolvedBy(sol)); otherwise
// GradeSolved returns an error. That sol is p's only solution is taken on
// trust: Grade checks it.
func (g *Grader) GradeSolved(p, sol sudoku.Grid) (Grade, error) {
	if err := p.Check(); err != nil {
		return Grade{}, err
	}
	if err := sol.Check(); err != nil {
		return Grade{}, fmt.Errorf("solution: %w", err)
	}
	if sol.Geo != p.Geo {
		return Grade{}, fmt.Errorf("solution is %dx%d, puzzle %dx%d", sol.Geo.N, sol.Geo.N, p.Geo.N, p.Geo.N)
	}
	if !p.SolvedBy(sol) {
		if err := sol.Conflict(); err != nil {
			return Grade{}, fmt.Errorf("solution: %w", err)
		}
		return Grade{}, errors.New("solution does not solve the puzzle: it has an empty cell or changes a given")
	}
	gr := Grade{Solution: sol}
	if !g.opt.GivenForm {
		cz := g.canons[p.Geo.Shape]
		if cz == nil {
			cz = sudoku.NewCanonicalizer(p.Geo.Shape)
			g.canons[p.Geo.Shape] = cz
		}
		var tr sudoku.Transform
		p, tr = cz.Canonical(p)
		sol = tr.Apply(sol)
		gr.Canonical = p
	}
	opt := Options{NoUniqueness: g.opt.NoUniqueness}
	if g.opt.VerifySteps {
		opt.Solution = sol.Cells
	}
	seOpt := opt
	seOpt.MaxRating, seOpt.MinRating = g.opt.MaxRating, g.opt.MinRating
	switch {
	case g.opt.MaxWork > 0:
		seOpt.MaxWork = g.opt.MaxWork
	case g.opt.MaxWork == 0:
		seOpt.MaxWork = DefaultMaxWork(p.Geo.Shape)
	}
	var err error
	if gr.SE, err = g.se.Rate(p, seOpt); err != nil {
		return gr, fmt.Errorf("se profile: %w", err)
	}
	gr.Path = &gr.SE
	if gr.SE.Capped || gr.SE.BelowMin {
		gr.Tier = g.opt.Tiers.OfResult(&gr.SE)
		return gr, nil
	}
	if g.opt.Keep != nil {
		gr.Tier = g.opt.Tiers.OfResult(&gr.SE)
		if g.path != g.se {
			gr.Path = nil
		}
		if !g.opt.Keep(&gr) {
			return gr, nil
		}
		gr.Path = &gr.SE
	}
	if g.hod != nil {
		r, err := g.hod.Rate(p, opt)
		if err != nil {
			return gr, fmt.Errorf("hodoku profile: %w", err)
		}
		gr.HoDoKu = &r
		if g.path == g.hod {
			gr.Path = gr.HoDoKu
		}
	}
	if g.path != g.se && g.path != g.hod {
		r, err := g.path.Rate(p, opt)
		if err != nil {
			return gr, fmt.Errorf("%s profile: %w", g.path.Profile.Name, err)
		}
		gr.Path = &r
	}
	gr.Tier = g.opt.Tiers.OfResult(&gr.SE)
	return gr, nil
}

func init() { RegisterProfile("hodoku", HoDoKuProfile) }
