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
// ladder without its uniqueness rules: singles, intersections and subsets
// on every layout; wings, aligned exclusion, fish and the forcing chains
// where the layout has a classic frame (see grade/doc.go); a puzzle those
// cannot finish is tier "beyond".
// Non-consecutive pairs are not a layout notion: after every step, each
// placed digit removes its neighbours' consecutive candidates (the pair
// rule's direct consequence, as a placement removes its peers'
// candidates, rated nothing), then the next step is searched.
//
// The HoDoKu profile is classic-only: asked for, the grader still rates on
// the SE scale and marks the record "hodoku": "classic-only" (as every
// graded variant record), never a HoDoKu level.
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
	return &grader{tiers: tiers, engines: sync.Pool{New: func() any { return grade.NewEngine(grade.SEProfile()) }}}, nil
}

type grader struct {
	tiers   *grade.Tiers
	engines sync.Pool
	layouts sync.Map // geometry name/size -> *grade.Layout (not jigsaw)
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
	res, err := gr.rate(p, solution)
	if err != nil {
		return err
	}
	rec.Rating, rec.RatingAtLeast = 0, 0
	if res.Solved {
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

// layout builds g's grading layout (variant.Layout: with boxes, the
// classic frame plus the extra houses, else every house with the used
// cells; sees pairs either way). Pair rules are not in it: rate applies
// non-consecutive's eliminations between steps.
func layout(g *variant.Geometry) (*grade.Layout, error) { return variant.Layout(g) }

// rate runs the SE ladder on p's layout.
func (gr *grader) rate(p *Puzzle, solution string) (grade.Result, error) {
	g := p.Geometry
	l, err := gr.layoutOf(g)
	if err != nil {
		return grade.Result{}, err
	}
	grid, err := grade.NewLayoutGrid(l, p.Cells)
	if err != nil {
		return grade.Result{}, err
	}
	var opt grade.Options
	if solution != "" {
		sol, err := readCells(g, solution, false)
		if err != nil {
			return grade.Result{}, fmt.Errorf("solution: %v", err)
		}
		opt.Solution = sol
	}
	e := gr.engines.Get().(*grade.Engine)
	defer gr.engines.Put(e)
	pairs := g.Data().Pairs
	if len(pairs) == 0 {
		return e.Solve(grid, opt)
	}
	return ratePairs(e, grid, pairs, opt)
}

// ratePairs is the loop with non-consecutive pairs: apply the pairs'
// eliminations from the placed digits, take one step, repeat; the
// results of the one-step runs are folded as the engine folds steps.
func ratePairs(e *grade.Engine, grid *grade.Grid, pairs []variant.Pair, opt grade.Options) (grade.Result, error) {
	total := grade.Result{Profile: e.Profile.Name, Givens: countFilled(grid)}
	er := math.Inf(-1)
	haveED, haveEP := false, false
	opt.MaxSteps = 1
	for {
		eliminatePairs(grid, pairs)
		if grid.Solved() {
			break
		}
		res, err := e.Solve(grid, opt)
		if err != nil {
			return total, err
		}
		if res.NSteps == 0 {
			break
		}
		total.NSteps++
		d := res.ER
		if d > er {
			er, total.Hardest = d, res.Hardest
		}
		if !haveED {
			total.ED, haveED = d, true
		}
		for _, c := range res.Counts {
			for range c.Count {
				total.Counts = appendCount(total.Counts, c.Tech)
			}
		}
		if !haveEP && res.Filled > res.Givens {
			total.EP, haveEP = er, true
		}
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
// and v+1 of its non-consecutive neighbours.
func eliminatePairs(g *grade.Grid, pairs []variant.Pair) {
	for _, p := range pairs {
		if p.Rule != variant.RuleNonConsecutive {
			continue
		}
		for _, ab := range [2][2]int{{p.A, p.B}, {p.B, p.A}} {
			v := g.Values[ab[0]]
			if v == 0 || g.Values[ab[1]] != 0 {
				continue
			}
			if v > 1 {
				g.Eliminate(ab[1], v-1)
			}
			if int(v) < g.L.N {
				g.Eliminate(ab[1], v+1)
			}
		}
	}
}
