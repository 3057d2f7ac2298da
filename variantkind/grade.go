package variantkind

import (
	"fmt"
	"math"
	"sync"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// Grader grades variant puzzles on the SE scale: grade's engine with the
// SE profile on a layout built from the variant's houses, sees pairs and
// used cells (grade.NewLayout). On such a layout the engine runs SE's
// ladder: singles, intersections and subsets on every layout; wings,
// aligned exclusion, fish, the forcing chains and (without sees pairs)
// unique loops where the layout has a classic frame, whose extra houses
// are used as SukakuExplainer uses them (see docs/variants.md, "Grading",
// and grade/doc.go); a puzzle those cannot finish is tier "beyond".
// Non-consecutive pairs are not a layout notion: after every step, each
// placed digit removes its neighbours' consecutive candidates (the pair
// rule's direct consequence, as a placement removes its peers'
// candidates, rated nothing), then the next step is searched.
//
// The HoDoKu profile is classic-only: asked for, the grader still rates on
// the SE scale and marks the record "hodoku": "classic-only" (as every
// graded variant record), never a HoDoKu level. With opts.MaxRating the
// ladder stops before a step rated above it: tier beyond, no rating,
// rating_at_least the rating reached (as classic's --max-rating).
func (Kind) Grader(opts kind.GradeOptions) (kind.Grader, error) {
	switch opts.Profile {
	case "", "se", "hodoku":
	default:
		return nil, fmt.Errorf("kind variant: profile %q: expected se (hodoku is classic-only)", opts.Profile)
	}
	tiers := grade.DefaultTiers()
	if opts.TiersFile != "" {
		t, err := grade.LoadTiers(opts.TiersFile)
		if err != nil {
			return nil, err
		}
		tiers = t
	}
	if err := grade.CheckMaxRating(opts.MaxRating); err != nil {
		return nil, fmt.Errorf("kind variant: max rating %v", err)
	}
	return &grader{tiers: tiers, maxRating: opts.MaxRating, engines: sync.Pool{New: func() any { return grade.NewEngine(grade.SEProfile()) }}}, nil
}

type grader struct {
	tiers     *grade.Tiers
	maxRating float64 // Grade's cap (GradeOptions.MaxRating; 0: none)
	engines   sync.Pool
	layouts   sync.Map // geometry name/size -> *grade.Layout (not jigsaw)
	nc        sync.Map // geometry name/size -> *ncBoard (not jigsaw)
}

// ncBoardOf returns g's non-consecutive tables (nil without pairs).
func (gr *grader) ncBoardOf(g *variant.Geometry) *ncBoard {
	if len(g.Data().Pairs) == 0 {
		return nil
	}
	if g.Regions != "" {
		return newNCBoard(g)
	}
	key := fmt.Sprintf("%s/%d", g.Name, g.N())
	if b, ok := gr.nc.Load(key); ok {
		return b.(*ncBoard)
	}
	b := newNCBoard(g)
	gr.nc.Store(key, b)
	return b
}

// layoutOf returns g's grading layout.
func (gr *grader) layoutOf(g *variant.Geometry) (*grade.Layout, error) {
	key := fmt.Sprintf("%s/%d", g.Name, g.N())
	if g.Regions == "" {
		if l, ok := gr.layouts.Load(key); ok {
			return l.(*grade.Layout), nil
		}
	}
	l, err := layout(g)
	if err != nil {
		return nil, err
	}
	if g.Regions == "" {
		gr.layouts.Store(key, l)
	}
	return l, nil
}

// Grade rates p and writes rating, ep, ed, tier, hardest, techniques and
// "hodoku": "classic-only" into rec.
func (gr *grader) Grade(kp kind.Puzzle, solution string, rec *export.Record) error {
	p, ok := kp.(*Puzzle)
	if !ok {
		return fmt.Errorf("kind variant: cannot grade a %T", kp)
	}
	return gr.gradeBounded(p, solution, rec, gr.maxRating)
}

// gradeBounded is Grade with the ladder capped at maxRating (0: none):
// a puzzle whose next step would rate above it stops there, tier
// beyond, rating 0 and rating_at_least the rating reached (a run keeping
// ratings up to maxRating drops it). A grading over MaxWork is tier
// beyond with neither rating.
func (gr *grader) gradeBounded(p *Puzzle, solution string, rec *export.Record, maxRating float64) error {
	res, err := gr.rateTrace(p, solution, nil, maxRating)
	if err != nil {
		return err
	}
	fillPuzzle(rec, p)
	rec.Rating, rec.RatingAtLeast = 0, 0
	switch {
	case res.Capped && !res.OverBudget:
		rec.RatingAtLeast = res.Rating()
	case res.Solved:
		rec.Rating = res.Rating()
	}
	rec.EP, rec.ED = grade.Round1(res.EP), grade.Round1(res.ED)
	rec.Tier = gr.tiers.OfResult(&res)
	rec.Hardest = res.Hardest
	rec.Techniques = res.CountMap()
	rec.Level, rec.Score = "", 0
	f := FieldsOf(rec)
	if f == nil {
		f = &Fields{Variants: p.Geometry.Variants, Regions: p.Geometry.Regions}
		rec.Fields = f
	}
	f.HoDoKu = HoDoKuNote
	return nil
}

// fillPuzzle writes what a record read from a plain line lacks: the
// size, the box shape (when the geometry has boxes), the puzzle in the
// record's alphabet ('.' empty, '#' unused) and the givens.
func fillPuzzle(rec *export.Record, p *Puzzle) {
	g := p.Geometry
	rec.Size = g.N()
	if g.BoxRows > 0 {
		rec.Box = []int{g.BoxRows, g.BoxCols}
	}
	rec.Puzzle = Format(g, p.Cells)
	rec.Givens = 0
	for _, v := range p.Cells {
		if v != 0 {
			rec.Givens++
		}
	}
}

// layout builds g's grading layout (variant.Layout: with boxes, the
// classic frame plus the extra houses, else every house with the used
// cells; sees pairs either way). Pair rules are not in it: rate applies
// non-consecutive's eliminations between steps.
func layout(g *variant.Geometry) (*grade.Layout, error) { return variant.Layout(g) }

// MaxWork is the forcing-chain work budget of one variant puzzle's
// grading, in chain nodes (grade.Options.MaxWork; about 10-30 million per
// CPU-second): on a sparse non-consecutive puzzle SE's nested forcing
// chains could otherwise search for hours. A puzzle
// that needs more is rated nothing and tiered beyond, as one the ladder
// cannot finish. Now that the forcing chains run on variant layouts, a
// sparse anti-knight+X puzzle (8 givens) spends the whole budget in
// nested chains: 100 million took 3.5 minutes wall here (shared, loaded
// machine), 10 million 18 s.
const MaxWork = 20_000_000

// KeepWork is the forcing-chain work budget of one call of a steered
// dig's Keep (keeper), in chain nodes. Only bands reaching the forcing
// chains spend it (steer: extreme and nightmare on boards with
// non-consecutive pairs); a Keep capped below SE 7.0 runs no chain. There
// most of the work goes to the removals Keep refuses: a puzzle the
// ladder cannot finish spends the whole budget. `batch --variant
// non-consecutive --tier nightmare --count 3 --workers 1`, seeds 1, 2, 3,
// CPU-s with this budget and with MaxWork's (2026-12-04, one run each,
// a scratch build reading Keep's budget from the environment, not
// committed):
// 24.9 / 95.8, 34.8 / 85.9, 30.4 / 101.7; seeds 1 and 3 wrote the same
// records both ways, seed 2 other nightmare puzzles. 2 million (seed 1:
// 12.0 CPU-s) refused removals a larger budget keeps and changed the
// records. Like MaxWork, the budget counts work, not time, so the records
// do not depend on the machine.
const KeepWork = 5_000_000

// rateTrace runs the SE ladder on p's layout, capped at maxRating (0:
// no cap; see grade.Options.MaxRating), phrasing every step into t when t
// is set.
func (gr *grader) rateTrace(p *Puzzle, solution string, t *tracer, maxRating float64) (grade.Result, error) {
	g := p.Geometry
	l, err := gr.layoutOf(g)
	if err != nil {
		return grade.Result{}, err
	}
	grid, err := grade.NewLayoutGrid(l, p.Cells)
	if err != nil {
		return grade.Result{}, err
	}
	opt := grade.Options{MaxRating: maxRating}
	if solution != "" {
		sol, err := readCells(g, solution, false)
		if err != nil {
			return grade.Result{}, fmt.Errorf("solution: %v", err)
		}
		opt.Solution = sol
	}
	opt.MaxWork = MaxWork
	e := gr.engines.Get().(*grade.Engine)
	defer gr.engines.Put(e)
	pairs := g.Data().Pairs
	if len(pairs) == 0 {
		if t == nil {
			return e.Solve(grid, opt)
		}
		opt.KeepSteps = true
		if t.next {
			opt.MaxSteps = 1
		}
		res, err := e.Solve(grid, opt)
		for i := range res.Steps {
			t.step(&res.Steps[i])
		}
		return res, err
	}
	return ratePairs(e, grid, gr.ncBoardOf(g), pairs, opt, t)
}

// ratePairs is the loop with non-consecutive pairs: apply the pairs'
// eliminations from the placed digits, take one step, repeat; the
// results of the one-step runs are folded as the engine folds steps.
// A step is the engine's when one rates at most the naked single's 2.3,
// else SukakuExplainer's non-consecutive techniques (nc.go: forcing cell
// 2.4, locked NC 2.5) when one applies, else the engine's next step, as
// SukakuExplainer orders its producers.
// With t set, the steps and the pairs' eliminations are phrased into it.
func ratePairs(e *grade.Engine, grid *grade.Grid, nb *ncBoard, pairs []variant.Pair, opt grade.Options, t *tracer) (grade.Result, error) {
	total := grade.Result{Profile: e.Profile.Name, Givens: countFilled(grid)}
	er := math.Inf(-1)
	haveED, haveEP := false, false
	opt.MaxSteps = 1
	opt.KeepSteps = t != nil
	var elims *[]grade.Candidate
	if t != nil {
		elims = new([]grade.Candidate)
	}
	// low runs the ladder up to the naked single, before the NC
	// techniques (with a cap below them, the techniques never apply).
	low := opt
	useNC := nb != nil && (opt.MaxRating == 0 || !above(ratingNCForcingCell, opt.MaxRating))
	if useNC {
		low.MaxRating = belowNC
	}
	var ncStep grade.Step
	var sc ncScratch
	fold := func(d float64, tech string, counts []grade.TechCount, placed bool) {
		total.NSteps++
		if d > er {
			er, total.Hardest = d, tech
		}
		if !haveED {
			total.ED, haveED = d, true
		}
		for _, c := range counts {
			for range c.Count {
				total.Counts = appendCount(total.Counts, c.Tech)
			}
		}
		if !haveEP && placed {
			total.EP, haveEP = er, true
		}
	}
	// Untraced on a board with its tables, the pair eliminations come
	// from the cells placed since the last round alone (the same removals
	// in another order: nothing records it).
	var done []bool
	if elims == nil && nb != nil {
		done = make([]bool, len(grid.Values))
	}
	for {
		if done != nil {
			nb.eliminatePlaced(grid, done)
		} else {
			eliminatePairs(grid, pairs, elims)
		}
		if t != nil {
			t.pairs(*elims)
			*elims = (*elims)[:0]
		}
		if grid.Solved() || (t != nil && t.full()) {
			break
		}
		res, err := e.Solve(grid, low)
		if err != nil {
			return total, err
		}
		total.Work += res.Work
		if useNC && res.NSteps == 0 && res.Capped && !res.OverBudget {
			if nb.step(grid, &ncStep, &sc) {
				if opt.MaxRating > 0 && above(ncStep.Difficulty, opt.MaxRating) {
					total.Capped = true
					break
				}
				if err := nb.apply(grid, &ncStep, opt.Solution, total.NSteps+1); err != nil {
					return total, err
				}
				if t != nil {
					t.step(&ncStep)
				}
				fold(ncStep.Difficulty, ncStep.Tech, []grade.TechCount{{Tech: ncStep.Tech, Count: 1}}, false)
				continue
			}
			if res, err = e.Solve(grid, opt); err != nil {
				return total, err
			}
			total.Work += res.Work
		}
		if res.OverBudget || res.Capped {
			total.OverBudget, total.Capped = res.OverBudget, true
			break
		}
		if opt.MaxWork -= res.Work; opt.MaxWork <= 0 {
			opt.MaxWork = 1 // spent: the next forcing-chain search stops at once
		}
		low.MaxWork = opt.MaxWork
		if res.NSteps == 0 {
			break
		}
		if t != nil {
			for i := range res.Steps {
				t.step(&res.Steps[i])
			}
		}
		// A one-step run that does not solve the grid has ER Beyond: the
		// step's own rating is its ED (the first step's).
		fold(res.ED, res.Hardest, res.Counts, res.Filled > res.Givens)
	}
	total.Filled = countFilled(grid)
	total.Solved = grid.Solved()
	switch {
	case !total.Solved:
		total.ER = grade.Beyond
	case total.NSteps == 0:
		total.ER = 0
	default:
		total.ER = er
	}
	return total, nil
}

// above reports whether rating d, rounded as SE prints it, is above the
// bound x (as the engine compares MaxRating).
func above(d, x float64) bool { return grade.Round1(d) > x+1e-9 }

func appendCount(cs []grade.TechCount, tech string) []grade.TechCount {
	for i := range cs {
		if cs[i].Tech == tech {
			cs[i].Count++
			return cs
		}
	}
	return append(cs, grade.TechCount{Tech: tech, Count: 1})
}

func countFilled(g *grade.Grid) int {
	n := 0
	for i, v := range g.Values {
		if v != 0 && (g.L.Used == nil || g.L.Used[i]) {
			n++
		}
	}
	return n
}

// eliminatePairs removes, for every placed digit v, the candidates v-1
// and v+1 of its non-consecutive neighbours; with elims set, the
// candidates removed are appended to it.
func eliminatePairs(g *grade.Grid, pairs []variant.Pair, elims *[]grade.Candidate) {
	for _, p := range pairs {
		if p.Rule != variant.RuleNonConsecutive {
			continue
		}
		for _, ab := range [2][2]int{{p.A, p.B}, {p.B, p.A}} {
			v := g.Values[ab[0]]
			if v == 0 || g.Values[ab[1]] != 0 {
				continue
			}
			for _, d := range [2]uint8{v - 1, v + 1} {
				if d >= 1 && int(d) <= g.L.N && g.Eliminate(ab[1], d) && elims != nil {
					*elims = append(*elims, grade.Candidate{Cell: ab[1], Digit: d})
				}
			}
		}
	}
}

// band is the rating band of a run's kept tiers: [min, max] on the SE
// scale, max +Inf when a kept tier has no top (or is beyond); beyond says
// the run keeps tier beyond.
type band struct {
	min, max float64
	beyond   bool
}

// band returns the band of the kept tiers keep (nil: every tier).
func (gr *grader) band(keep map[string]bool) band {
	b := band{min: math.Inf(1), max: math.Inf(-1)}
	if keep == nil || keep[gr.tiers.Beyond] {
		b.max, b.beyond = math.Inf(1), true
	}
	for _, t := range gr.tiers.Bands {
		if keep == nil || keep[t.Name] {
			b.min, b.max = math.Min(b.min, t.Min), math.Max(b.max, t.Max)
		}
	}
	if math.IsInf(b.min, 1) {
		b.min = 0
	}
	return b
}

// SteerBelow is the top of the bands whose runs steer the dig on every
// board (the ladder up to it, asked at every removal, has no forcing
// chains: SE rates them 7.0 and up, and they cost milliseconds a call).
const SteerBelow = 7.0

// steer reports whether a run of this band steers its dig; pairs says
// the board has non-consecutive pairs. There every band is steered but
// one keeping beyond: minimal non-consecutive puzzles are beyond the
// ladder (docs/variants.md, "Non-consecutive"), so an unsteered run of
// extreme or nightmare keeps none (2,341 digs in 2 minutes, all beyond,
// 2026-12-04), while a dig steered by the ladder capped at the band's top
// ends in the band: 0.1 CPU-s an extreme puzzle (see KeepWork).
func (b band) steer(pairs bool) bool { return b.max < SteerBelow || pairs && !b.beyond }

// singles are the singles a band's ladder has (SE: hidden singles and
// full houses 1.0-1.5, naked singles 2.3), which the steered dig takes
// without running the ladder (variant.Options.KeepSingles).
func (b band) singles() variant.Single {
	switch {
	case b.max >= 2.3:
		return variant.NakedSingle
	case b.max >= 1.5:
		return variant.HiddenSingle
	}
	return variant.NoSingle
}

// boundedGrader grades with the ladder capped at the top of a run's band.
type boundedGrader struct {
	gr  *grader
	max float64
}

// Grade is grader.Grade capped at the band's top (no cap when it has none).
func (b *boundedGrader) Grade(kp kind.Puzzle, solution string, rec *export.Record) error {
	p, ok := kp.(*Puzzle)
	if !ok {
		return fmt.Errorf("kind variant: cannot grade a %T", kp)
	}
	maxRating := b.max
	if math.IsInf(maxRating, 1) {
		maxRating = 0
	}
	return b.gr.gradeBounded(p, solution, rec, maxRating)
}

// keeper returns the dig's Keep (variant.Options.Keep) of a run whose
// band tops at maxRating: the ladder capped there, without uniqueness
// rules, solves the puzzle (which proves it unique).
// A dig steered by it removes a given only while the puzzle stays in
// reach of the band's techniques, so it ends on a puzzle rated at most
// maxRating far more often than a free dig (whose minimal variant
// puzzles mostly need chains), unless its last, unsteered pass (for
// minimality) removes more. The keeper is for one goroutine (the
// generator's): it holds one engine.
func (gr *grader) keeper(maxRating float64) func(*variant.Geometry, []uint8) bool {
	e := grade.NewEngine(grade.SEProfile())
	// Without uniqueness rules a solve proves the puzzle unique, as
	// Keep must (the dig skips its own proof when Keep accepts).
	// Only Solved is read, so the engine may skip the direct techniques
	// the plain ones and singles subsume (grade.Options.SolvedOnly).
	opt := grade.Options{MaxRating: maxRating, MaxWork: KeepWork, NoUniqueness: true, SolvedOnly: true}
	var lastG *variant.Geometry // a jigsaw's layout is built once per puzzle, not per call
	var l *grade.Layout
	var grid *grade.Grid // reused: the engine keeps no grid it solved
	return func(g *variant.Geometry, cells []uint8) bool {
		if g != lastG {
			var err error
			if l, err = gr.layoutOf(g); err != nil {
				lastG = nil
				return false
			}
			lastG = g
		}
		var err error
		if grid, err = grade.ResetLayoutGrid(grid, l, cells); err != nil {
			grid = nil
			return false
		}
		var res grade.Result
		if pairs := g.Data().Pairs; len(pairs) > 0 {
			res, err = ratePairs(e, grid, gr.ncBoardOf(g), pairs, opt, nil)
		} else {
			res, err = e.Solve(grid, opt)
		}
		return err == nil && res.Solved
	}
}
