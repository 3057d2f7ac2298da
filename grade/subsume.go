package grade

import "slices"

// A run whose caller reads only Result.Solved (Options.SolvedOnly) may
// skip a rule whose every step other rules of the run take too: the
// direct techniques of Sudoku Explainer (direct pointing and claiming,
// direct hidden pair and triple) place the single that their plain
// technique's eliminations leave, so where pointing, claiming, the hidden
// subsets and the singles run, a direct step is one of their steps and a
// single. Whether a capped run solves a puzzle does not depend on the
// order of its steps when every rule it runs is monotone (a step a grid
// allows stays allowed, or already done, on any grid with fewer
// candidates and the same solution: singles, locked candidates, subsets,
// basic fish, XY- and XYZ-wing): every order ends on the same grid, the
// one no rule changes. A grid no rule but a skipped one changes is such a
// grid, since the skipped rule's pattern is its plain rule's, which would
// change it. So the run solves exactly the puzzles the full run solves,
// and it never asks the direct finders, which scan every house after
// every single (a fifth of a steered variant dig's CPU).

// subsumer names a rule a SolvedOnly run may skip: the rules that take
// its steps (its plain technique and the singles it places) and the
// highest rating of their steps, which must be within the run's cap.
type subsumer struct {
	tech string
	by   []string
	max  float64
}

var subsumers = []subsumer{
	{"direct-pointing", []string{"pointing", "claiming", "hidden-single", "naked-single"}, 2.8},
	{"direct-hidden-pair", []string{"hidden-pair", "hidden-single"}, 3.4},
	{"direct-hidden-triple", []string{"hidden-triple", "hidden-single"}, 4.0},
}

// monotone lists the rules whose steps stay allowed (or done) as
// candidates go: a SolvedOnly run skips nothing unless every rule it may
// take a step of is one of them.
var monotone = map[string]bool{
	"full-house": true, "hidden-single": true, "naked-single": true,
	"direct-pointing": true, "direct-hidden-pair": true, "direct-hidden-triple": true,
	"pointing": true, "claiming": true,
	"naked-pair": true, "naked-triple": true, "naked-quad": true,
	"hidden-pair": true, "hidden-triple": true, "hidden-quad": true,
	"x-wing": true, "swordfish": true, "jellyfish": true,
	"xy-wing": true, "xyz-wing": true,
}

// skipKey is what a run's skipped rules depend on.
type skipKey struct {
	p      *Profile
	lay    *Layout
	max    float64
	noUniq bool
}

// skipped returns, per rule of the engine's profile, whether a run on
// layout l with options opt skips it (nil: none). Cached for the last
// key: a dig asks thousands of times with the same one.
func (e *Engine) skipped(l *Layout, opt *Options) []bool {
	if !opt.SolvedOnly || opt.MaxRating <= 0 {
		return nil
	}
	k := skipKey{e.Profile, l, opt.MaxRating, opt.NoUniqueness}
	if e.skipDone && e.skipKey == k {
		return e.skip
	}
	e.skipKey, e.skipDone = k, true
	e.skip = skipRules(e.Profile, l, opt)
	return e.skip
}

// skipRules computes Engine.skipped.
func skipRules(p *Profile, l *Layout, opt *Options) []bool {
	// Sudoku Explainer searches a hidden subset of k digits only in a
	// house with more than 2k empty cells, leaving the others to the
	// complementary naked subset; a house naked subsets skip
	// (SukakuExplainer's diagonals, girandola, asterisk, centre dot) then
	// has neither, and the order of the steps decides whether the pair is
	// taken before its house fills up: no rule is monotone there.
	if l.rules != nil && slices.Contains(l.rules.noNaked, true) {
		return nil
	}
	// Without a classic frame (Samurai, jigsaw) locked candidates do not
	// run and the direct rules are what place most digits early: skipping
	// them made a steered Samurai run take more instructions, not fewer
	// (callgrind, --tier hard --count 3: 14.2 G -> 22.8 G), so they stay.
	if l.Geo == nil {
		return nil
	}
	plain, framed := l.Plain(), true
	runs := make(map[string]bool, len(p.Rules))
	for i := range p.Rules {
		r := &p.Rules[i]
		if (opt.NoUniqueness && r.Uniqueness) || (!plain && !r.Houses && !(framed && r.Frame)) {
			continue
		}
		if above(r.Difficulty, opt.MaxRating) {
			continue
		}
		if !monotone[r.Tech] {
			return nil
		}
		runs[r.Tech] = true
	}
	var skip []bool
	for _, s := range subsumers {
		if !runs[s.tech] || above(s.max, opt.MaxRating) {
			continue
		}
		all := true
		for _, t := range s.by {
			all = all && runs[t]
		}
		if !all {
			continue
		}
		if skip == nil {
			skip = make([]bool, len(p.Rules))
		}
		for i := range p.Rules {
			if p.Rules[i].Tech == s.tech {
				skip[i] = true
			}
		}
	}
	return skip
}
