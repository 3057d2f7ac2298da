package grade

import "slices"

// A run whose caller reads only Result.Solved (Options.SolvedOnly) may
// skip a rule whose steps other rules of the run take too: the direct
// techniques of Sudoku Explainer (direct pointing and claiming, direct
// hidden pair and triple) place the single that their plain technique's
// eliminations leave, so where pointing, claiming, the hidden subsets and
// the singles run, a direct step is one of their steps and a single.
//
// Why the run still solves exactly the puzzles the full run solves. Call
// a rule monotone when a step it allows on a grid stays allowed, or its
// effect is reached by the rules before it, on every grid with fewer
// candidates and the same solution (singles, locked candidates, subsets,
// basic fish, XY- and XYZ-wing; not a hidden subset in a house without
// naked subsets, see below). Take the longest run of monotone rules at
// the head of the profile's order (the prefix). The loop applies a rule
// after the prefix only on a grid no prefix rule changes, the prefix's
// closure, and that closure is one grid whatever the order of the prefix
// steps; without a skipped rule it is the same grid, because the skipped
// rule's pattern is its plain rule's, which would change the grid. So the
// full run and the run without the skipped rules reach the same closures,
// apply the same later steps there and end on the same grid, provided the
// skipped rule and the rules that take its steps all lie in the prefix.
// The direct finders scan every changed house after every single (about
// a fifth of X's --tier hard run in a profile, docs/lab/variants.md).

// subsumer names a rule a SolvedOnly run may skip and the rules that
// take its steps (its plain technique and the singles it places); every
// one of them must lie in the prefix, whose rules rate within the cap.
type subsumer struct {
	tech string
	by   []string
}

var subsumers = []subsumer{
	{"direct-pointing", []string{"pointing", "claiming", "hidden-single", "naked-single"}},
	{"direct-hidden-pair", []string{"hidden-pair", "hidden-single"}},
	{"direct-hidden-triple", []string{"hidden-triple", "hidden-single"}},
}

// monotone lists the monotone rules (on a layout whose every house takes
// naked subsets; hiddenSets are not monotone otherwise) with the highest
// rating of their steps: a prefix rule must never stop a capped run.
var monotone = map[string]float64{
	"full-house": 1.0, "hidden-single": 1.5, "naked-single": 2.3,
	"direct-pointing": 1.9, "direct-hidden-pair": 2.0, "direct-hidden-triple": 2.5,
	"pointing": 2.8, "claiming": 2.8,
	"naked-pair": 3.0, "naked-triple": 3.6, "naked-quad": 5.0,
	"hidden-pair": 3.4, "hidden-triple": 4.0, "hidden-quad": 5.4,
	"x-wing": 3.2, "swordfish": 3.8, "jellyfish": 5.2,
	"xy-wing": 4.2, "xyz-wing": 4.4,
}

// hiddenSets are the rules Sudoku Explainer runs only in a house with more
// than 2k empty cells, leaving the others to the complementary naked
// subset. In a house naked subsets skip (SukakuExplainer's diagonals,
// girandola, asterisk, centre dot) such a house has neither, so whether
// the subset is taken depends on whether it comes before the house fills
// up: the order of the steps decides (TestSolvedOnlyDiagonals).
var hiddenSets = map[string]bool{"hidden-pair": true, "hidden-triple": true, "hidden-quad": true}

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
	// Without a classic frame (Samurai, jigsaw) locked candidates do not
	// run, so only the direct hidden subsets could go, and they place
	// digits no other rule this cheap does: a steered Samurai run without
	// them took no less (callgrind, --tier hard --count 3 --seed 2026:
	// 22.8-28.0 G against 14.2-20.7 G, counts that vary between runs of
	// one build), jigsaw's the same. They stay there.
	if l.Geo == nil {
		return nil
	}
	noNaked := l.rules != nil && slices.Contains(l.rules.noNaked, true)
	plain := l.Plain()
	// prefix maps the rules of the monotone prefix that run to their
	// index in the profile.
	prefix := make(map[string]int, len(p.Rules))
	for i := range p.Rules {
		r := &p.Rules[i]
		if !r.runsOn(opt, plain, true) {
			continue
		}
		top, ok := monotone[r.Tech]
		if !ok || above(top, opt.MaxRating) || (noNaked && hiddenSets[r.Tech]) {
			break // a rule whose step could stop the run, or not monotone
		}
		prefix[r.Tech] = i
	}
	var skip []bool
	for _, s := range subsumers {
		i, ok := prefix[s.tech]
		if !ok {
			continue
		}
		all := true
		for _, t := range s.by {
			_, in := prefix[t]
			all = all && in
		}
		if !all {
			continue
		}
		if skip == nil {
			skip = make([]bool, len(p.Rules))
		}
		skip[i] = true
	}
	return skip
}
