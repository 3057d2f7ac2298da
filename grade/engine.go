package grade

import (
	"fmt"
	"math"

	"github.com/sudogen/sudogen/configs"
	"github.com/sudogen/sudogen/sudoku"
)

// Beyond is the ER of a puzzle the profile cannot finish (SE's own value
// for "not solvable by these rules"), defined in configs so that export
// reads the same constant.
const Beyond = configs.BeyondRating

// Options tune one solving run.
type Options struct {
	// NoUniqueness drops the rules flagged Uniqueness.
	NoUniqueness bool
	// Solution, if set (row-major values of the known solution), checks
	// every step before it is applied: a placement of a wrong digit or an
	// elimination of a true digit stops the run with a *VerifyError.
	// A Solution of another length than the grid's cells is an error.
	Solution []uint8
	// KeepSteps keeps a copy of every applied step in Result.Steps.
	KeepSteps bool
	// MaxSteps stops a run after that many steps (0: no limit beyond the
	// natural one: every step removes at least one candidate).
	MaxSteps int
	// MaxRating, when > 0, stops the run as soon as its next step would
	// rate above it (on the profile's scale): when every rule still to be
	// tried rates above it, before running them, or when the step found
	// does. Result.Capped is then set, Solved is false and ER is a lower
	// bound of the rating (> MaxRating), never a guess. A rating at or
	// below MaxRating is exactly the one an uncapped run gives.
	MaxRating float64
	// MinRating, when > 0, sets Result.BelowMin for a run that solves the
	// puzzle with ER below it (the caller keeps only ratings in
	// [MinRating, MaxRating]); it does not change the run.
	MinRating float64
	// MaxWork, when > 0, bounds the work of the forcing-chain producers
	// (SE 7.5 and up) over the whole run, in chain nodes made (about
	// 10-30 million per CPU-second). A run that exhausts it stops there:
	// Result.Capped and OverBudget are set, ER is a lower bound (the
	// least rating of the producer that ran out), never a guess. The
	// result does not depend on the machine's speed.
	MaxWork int64
	// Parallel, when > 1, splits each forcing-chain search of the puzzle
	// among that many goroutines; the result is the sequential one (see
	// forcingFinder). Worth it for one hard puzzle; a batch already runs
	// one puzzle per core.
	Parallel int
	// SolvedOnly says the caller reads only Result.Solved (a steered
	// dig's Keep): with a cap (MaxRating) the run may skip rules whose
	// steps the others take (see subsume.go), so its other fields may
	// differ from a full run's; Solved does not.
	SolvedOnly bool
}

// TechCount is how many steps of one technique a solve used.
type TechCount struct {
	Tech  string
	Count int
}

// Result is the outcome of solving one puzzle with one profile.
type Result struct {
	// Profile is the profile's name.
	Profile string
	// Solved is true when every cell was filled; otherwise the profile got
	// stuck ("beyond") and ER is Beyond.
	Solved bool
	// ER, EP and ED are the raw step difficulties (SE semantics): ER the
	// hardest step (Beyond when stuck), ED the first step, EP the running
	// maximum at the first step that places a digit. Use Round1 to print.
	ER, EP, ED float64
	// Hardest is the technique id of the first step rated ER (empty when no
	// step was taken).
	Hardest string
	// Counts lists the steps per technique, in order of first use.
	Counts []TechCount
	// Score is the sum of the HoDoKu scores of the steps; Level the HoDoKu
	// level name ("" when the profile has no level table).
	Score int
	Level string
	// NSteps is the number of applied steps; Givens the filled cells at the
	// start, Filled at the end (how far a stuck solve got).
	NSteps, Givens, Filled int
	// Steps holds the applied steps when Options.KeepSteps is set.
	Steps []Step
	// Capped is set when the run stopped because its next step would
	// rate above Options.MaxRating; ER is then a lower bound of the
	// rating: the difficulty of that step when it was found, else the
	// least rating of the rules not run.
	Capped bool
	// BelowMin is set when the puzzle was solved with ER below
	// Options.MinRating.
	BelowMin bool
	// OverBudget is set (with Capped) when the run stopped because it
	// exhausted Options.MaxWork. Work is the work the run did (see
	// Options.MaxWork).
	OverBudget bool
	Work       int64
}

// Rating is ER rounded the way SE prints it.
func (r *Result) Rating() float64 { return Round1(r.ER) }

// CountMap returns Counts as a map (for JSON records).
func (r *Result) CountMap() map[string]int {
	m := make(map[string]int, len(r.Counts))
	for _, c := range r.Counts {
		m[c.Tech] += c.Count
	}
	return m
}

// Round1 rounds a difficulty as serate prints it: floor((x+0.05)*10)/10.
func Round1(x float64) float64 { return math.Floor((x+0.05)*10) / 10 }

// VerifyError reports a step that contradicts the known solution.
type VerifyError struct {
	StepNo    int // 1-based step number
	Tech      string
	Cand      Candidate
	Placement bool  // a wrong placement (else a true digit eliminated)
	Want      uint8 // the solution's digit in that cell
	Geo       *sudoku.Geometry
}

func (e *VerifyError) Error() string {
	what := "eliminates the true digit"
	if e.Placement {
		what = fmt.Sprintf("places a wrong digit (solution has %c)", sudoku.Symbols[e.Want-1])
	}
	return fmt.Sprintf("step %d: %s %s %s", e.StepNo, e.Tech, what, e.Cand.Name(e.Geo))
}

// Engine runs the solving loop of one profile. It keeps scratch buffers so
// that repeated solves do not allocate per step; an Engine is not safe for
// concurrent use (make one per worker; Profiles are shared read-only).
// The zero value is not usable: make one with NewEngine.
type Engine struct {
	Profile *Profile
	step    Step // scratch copy of the current step
	grid    *Grid
	memo    gridMemo
	ctx     Ctx        // what every finder of the run gets
	work    workBudget // the run's budget (Options.MaxWork)
	minFrom []float64
	// skip caches skipped's answer for skipKey.
	skip     []bool
	skipKey  skipKey
	skipDone bool
}

// NewEngine returns an engine for p.
func NewEngine(p *Profile) *Engine { return &Engine{Profile: p} }

// Rate grades puzzle from its starting candidates. A puzzle that
// sudoku.Grid.Check refuses (no shape, the wrong length, a value above N)
// is an error.
func (e *Engine) Rate(puzzle sudoku.Grid, opt Options) (Result, error) {
	if err := puzzle.Check(); err != nil {
		return Result{}, err
	}
	if e.grid == nil || e.grid.Geo != puzzle.Geo {
		e.grid = &Grid{Geo: puzzle.Geo, L: ClassicLayout(puzzle.Geo), Values: make([]uint8, puzzle.Geo.Cells), Cand: make([]uint32, puzzle.Geo.Cells)}
	}
	copy(e.grid.Values, puzzle.Cells)
	e.grid.Reset()
	return e.Solve(e.grid, opt)
}

// Solve runs the loop on g (which it modifies): apply the first step of the
// first rule that finds one, log it, restart from the first rule; until the
// grid is solved or no rule applies. Every applied step must change the
// grid (a finder reporting an unproductive step is an error), so the loop
// always ends.
func (e *Engine) Solve(g *Grid, opt Options) (Result, error) {
	if opt.Solution != nil && len(opt.Solution) != len(g.Values) {
		return Result{}, fmt.Errorf("grade: solution of %d values, grid of %d cells", len(opt.Solution), len(g.Values))
	}
	p := e.Profile
	res := Result{Profile: p.Name, Givens: g.used() - g.Empty}
	er := math.Inf(-1)
	haveED, haveEP := false, false
	maxLevel := -1
	var found bool
	var cur *Rule
	emit := func(s *Step) bool {
		e.copyStep(s)
		found = true
		return false
	}
	e.memo.invalidate()
	e.memo.hq = nil
	e.work.limit = opt.MaxWork
	e.work.used.Store(0)
	e.work.exhausted.Store(false)
	e.ctx = Ctx{Scan: p.Scan, KeepProofs: opt.KeepSteps, Parallel: opt.Parallel, work: &e.work, fc: e.ctx.fc}
	g.memo = &e.memo
	defer func() { g.memo = nil }()
	if p.Prepare != nil {
		p.Prepare(g)
	}
	// minFrom[i] is the least rating of rule i and the rules after it
	// (Rule.Difficulty is the least rating of a rule's steps).
	minFrom := e.minFrom[:0]
	if opt.MaxRating > 0 {
		minFrom = append(minFrom, make([]float64, len(p.Rules)+1)...)
		minFrom[len(p.Rules)] = math.Inf(1)
		for i := len(p.Rules) - 1; i >= 0; i-- {
			minFrom[i] = minFrom[i+1]
			if r := &p.Rules[i]; !(opt.NoUniqueness && r.Uniqueness) && r.Difficulty < minFrom[i] {
				minFrom[i] = r.Difficulty
			}
		}
		e.minFrom = minFrom
	}
	capped := math.Inf(-1)
	plain := g.lay().Plain()
	framed := g.lay().Geo != nil
	skip := e.skipped(g.lay(), &opt)
	for !g.Solved() {
		if opt.MaxSteps > 0 && res.NSteps >= opt.MaxSteps {
			break
		}
		found = false
		for i := range p.Rules {
			r := &p.Rules[i]
			if !r.runsOn(&opt, plain, framed) || (skip != nil && skip[i]) {
				continue
			}
			if opt.MaxRating > 0 && above(minFrom[i], opt.MaxRating) {
				capped = minFrom[i]
				break
			}
			if r.find != nil {
				r.find(g, &e.ctx, emit)
			} else {
				r.Finder.Find(g, emit)
			}
			if e.work.exhausted.Load() {
				capped = math.Max(er, r.Difficulty)
				res.OverBudget = true
				break
			}
			if found {
				cur = r
				break
			}
		}
		if !found {
			break
		}
		s := &e.step
		if s.Tech == "" {
			s.Tech = cur.Tech
		}
		p.rate(s, cur)
		if opt.MaxRating > 0 && above(s.Difficulty, opt.MaxRating) {
			capped = s.Difficulty
			break
		}
		if !s.Productive(g) {
			return res, fmt.Errorf("step %d: %s changes nothing (%s)", res.NSteps+1, s.Tech, s.Summary(g.Geo))
		}
		if opt.Solution != nil {
			if err := verifyStep(s, opt.Solution, res.NSteps+1, g.Geo); err != nil {
				return res, err
			}
		}
		res.NSteps++
		if s.Difficulty > er {
			er = s.Difficulty
			res.Hardest = s.Tech
		}
		if !haveED {
			res.ED, haveED = s.Difficulty, true
		}
		if !haveEP && len(s.Placements) > 0 {
			res.EP, haveEP = er, true
		}
		res.Score += s.Score
		if cur.Level > maxLevel {
			maxLevel = cur.Level
		}
		res.addCount(s.Tech)
		if opt.KeepSteps {
			res.Steps = append(res.Steps, cloneStep(s))
		}
		s.Apply(g)
	}
	res.Filled = g.used() - g.Empty
	res.Solved = g.Solved()
	res.Work = e.work.used.Load()
	switch {
	case capped > math.Inf(-1):
		res.Capped = true
		res.ER = math.Max(capped, er)
	case !res.Solved:
		res.ER = Beyond
	case res.NSteps == 0:
		res.ER = 0
	default:
		res.ER = er
	}
	res.BelowMin = res.Solved && opt.MinRating > 0 && Round1(res.ER) < opt.MinRating-1e-9
	if l := p.levelOf(maxLevel, res.Score); l >= 0 {
		res.Level = p.Levels[l].Name
	}
	return res, nil
}

// runsOn reports whether a run with options opt asks rule r on a layout
// that is plain (the classic one) or framed (has a classic frame).
func (r *Rule) runsOn(opt *Options, plain, framed bool) bool {
	return !(opt.NoUniqueness && r.Uniqueness) && (plain || r.Houses || (framed && r.Frame))
}

// above reports whether difficulty d, rounded as SE prints it, is above
// the bound x (bounds are compared with printed ratings, as tiers are).
func above(d, x float64) bool { return Round1(d) > x+1e-9 }

func (r *Result) addCount(tech string) {
	for i := range r.Counts {
		if r.Counts[i].Tech == tech {
			r.Counts[i].Count++
			return
		}
	}
	r.Counts = append(r.Counts, TechCount{tech, 1})
}

// copyStep copies s into the engine's scratch step, reusing its slices.
func (e *Engine) copyStep(s *Step) {
	d := &e.step
	pl, el, un, ce, su, ch, di, gr := d.Placements[:0], d.Eliminations[:0], d.Units[:0], d.Cells[:0], d.Support[:0], d.Chain[:0], d.Digits[:0], d.Groups[:0]
	*d = *s
	d.Placements = append(pl, s.Placements...)
	d.Eliminations = append(el, s.Eliminations...)
	d.Units = append(un, s.Units...)
	d.Cells = append(ce, s.Cells...)
	d.Support = append(su, s.Support...)
	d.Chain = append(ch, s.Chain...)
	d.Digits = append(di, s.Digits...)
	d.Groups = append(gr, s.Groups...)
}

func cloneStep(s *Step) Step {
	c := *s
	c.Placements = append([]Candidate(nil), s.Placements...)
	c.Eliminations = append([]Candidate(nil), s.Eliminations...)
	c.Units = append([]int(nil), s.Units...)
	c.Cells = append([]int(nil), s.Cells...)
	c.Support = append([]Candidate(nil), s.Support...)
	c.Chain = append([]Node(nil), s.Chain...)
	c.Digits = append([]uint8(nil), s.Digits...)
	c.Groups = append([]ChainGroup(nil), s.Groups...)
	return c
}

func verifyStep(s *Step, sol []uint8, n int, geo *sudoku.Geometry) error {
	for _, p := range s.Placements {
		if sol[p.Cell] != p.Digit {
			return &VerifyError{StepNo: n, Tech: s.Tech, Cand: p, Placement: true, Want: sol[p.Cell], Geo: geo}
		}
	}
	for _, x := range s.Eliminations {
		if sol[x.Cell] == x.Digit {
			return &VerifyError{StepNo: n, Tech: s.Tech, Cand: x, Want: sol[x.Cell], Geo: geo}
		}
	}
	return nil
}
