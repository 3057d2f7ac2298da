package variantkind

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// techTarget is what `batch --variant --requires/--hardest` ask of a
// record's solve path (as classic's batch.Target): techniques it must
// use, the technique of its hardest step. Only puzzles the ladder solves
// are kept: an unfinished path (tier beyond) has no hardest step.
type techTarget struct {
	Requires []string
	Hardest  string
}

// any reports whether t asks for anything.
func (t techTarget) any() bool { return len(t.Requires) > 0 || t.Hardest != "" }

// ratingRange is the SE rating band t implies: a path using technique T
// rates at least T's lowest rating; one whose hardest step is T rates
// within T's range (hi +Inf when a bonus can raise it).
func (t techTarget) ratingRange() (lo, hi float64) {
	lo, hi = 0, math.Inf(1)
	for _, id := range t.Requires {
		r, _ := techRange(id)
		lo = math.Max(lo, r)
	}
	if t.Hardest != "" {
		r, s := techRange(t.Hardest)
		lo, hi = math.Max(lo, r), math.Min(hi, s)
	}
	return lo, hi
}

// techRange is the lowest and highest SE rating of the variant ladder's
// steps of technique id: SE's (grade.Technique.SERange), or
// SukakuExplainer's for the two non-consecutive techniques ([0, +Inf]
// for an id SE has no rule for, which the ladder never reports).
func techRange(id string) (lo, hi float64) {
	switch id {
	case TechNCForcingCell:
		return ratingNCForcingCell, ratingNCForcingCell
	case TechLockedNC:
		return ratingLockedNC, ratingLockedNC
	}
	if t, ok := grade.TechniqueByID(id); ok {
		if lo, hi, ok := t.SERange(); ok {
			return lo, hi
		}
	}
	return 0, math.Inf(1)
}

// verdict says whether a graded record meets t: its ladder solved it,
// its path uses every required technique and its hardest step is the
// named one; if not, why.
func (t techTarget) verdict(rec *export.Record) (batch.Reason, bool) {
	switch {
	case rec.RatingAtLeast > 0:
		// Stopped at a step above the band (boundedGrader).
		return batch.ReasonAbove, false
	case rec.Rating <= 0:
		// Beyond the ladder: an unfinished path is no solve path.
		return batch.ReasonTier, false
	}
	for _, id := range t.Requires {
		if rec.Techniques[id] == 0 {
			return batch.ReasonRequires, false
		}
	}
	if t.Hardest != "" && rec.Hardest != t.Hardest {
		return batch.ReasonHardest, false
	}
	return 0, true
}

// techFlags reads --requires and --hardest of a variant run on the
// variants list at side size and checks every id against the
// techniques the variant ladder can use on that board (ladderTechniques).
func techFlags(fs *pflag.FlagSet, list []string, size int) (techTarget, error) {
	var t techTarget
	for _, id := range strings.Split(kind.FlagValue(fs, "requires"), ",") {
		if id = strings.TrimSpace(id); id != "" {
			t.Requires = append(t.Requires, id)
		}
	}
	if kind.FlagChanged(fs, "requires") && len(t.Requires) == 0 {
		return t, fmt.Errorf("--requires %q: expected technique ids separated by commas, e.g. x-wing,xy-wing (see sudogen techniques)", kind.FlagValue(fs, "requires"))
	}
	t.Hardest = strings.TrimSpace(kind.FlagValue(fs, "hardest"))
	if kind.FlagChanged(fs, "hardest") && t.Hardest == "" {
		return t, fmt.Errorf("--hardest %q: expected a technique id, e.g. x-wing (see sudogen techniques)", kind.FlagValue(fs, "hardest"))
	}
	if !t.any() {
		return t, nil
	}
	valid, err := ladderTechniques(list, size)
	if err != nil {
		return t, err
	}
	board := strings.Join(list, ",")
	if !IsSamurai(list) {
		board += fmt.Sprintf(" %dx%d", size, size)
	}
	check := func(flag, id string) error {
		if slices.Contains(valid, id) {
			return nil
		}
		if why, known := unusedWhy(id); known {
			return fmt.Errorf("%s %s: the variant grader's ladder never uses it on %s (%s); expected one of: %s", flag, id, board, why, strings.Join(valid, ", "))
		}
		return fmt.Errorf("%s %q: unknown technique%s; expected one of: %s", flag, id, batch.DidYouMean(id, valid), strings.Join(valid, ", "))
	}
	return t, batch.CheckTechniqueFlags(t.Requires, t.Hardest, check)
}

// unusedWhy says why the variant ladder does not use a known technique
// id on a board (known false: no technique has that id).
func unusedWhy(id string) (why string, known bool) {
	if id == TechNCForcingCell || id == TechLockedNC {
		return "it works on non-consecutive pairs", true
	}
	tq, known := grade.TechniqueByID(id)
	if !known {
		return "", false
	}
	for _, r := range grade.SEProfile().Rules {
		if r.Tech == id || r.Tech == tq.MadeBy {
			if r.Frame {
				return "it needs a board of rows, columns and boxes", true
			}
			return "it needs a classic board without extra houses or sees cells", true
		}
	}
	if tq.SENote != "" {
		return tq.SENote, true
	}
	return "SE's ladder has no rule for it", true
}

// ladderTechniques lists the technique ids the variant grader's path can
// hold on the board of list at side size, in the SE profile's order: the
// SE rules the engine runs on the board's layout (every rule on a plain
// layout, else those marked Houses, and Frame ones where the layout has a
// classic frame: grade.Technique), the ids their finders report
// (grade.Technique.MadeBy), and SukakuExplainer's two non-consecutive
// techniques on boards with non-consecutive pairs.
func ladderTechniques(list []string, size int) ([]string, error) {
	spec := variant.Spec{Size: size, Variants: list}
	if slices.Contains(list, variant.Jigsaw) {
		// Any layout of regions will do: a jigsaw's layout has no
		// classic frame whatever its regions (variant.Layout).
		spec.Regions = variant.BoxRegions(size)
	}
	g, err := variant.Build(spec)
	if err != nil {
		return nil, fmt.Errorf("--variant: %v", err)
	}
	l, err := variant.Layout(g)
	if err != nil {
		return nil, err
	}
	ids := batch.RuleTechniques(grade.SEProfile(), func(r *grade.Rule) bool {
		return l.Plain() || r.Houses || l.Geo != nil && r.Frame
	})
	if variant.HasPairs(list) {
		ids = append(ids, TechNCForcingCell, TechLockedNC)
	}
	return ids, nil
}

// checkBand refuses up front a run of o that can keep no puzzle: the
// techniques asked for rate outside every kept tier (e.g. --tier easy
// with --hardest x-wing, SE 3.2), or only tier beyond is kept with them.
func checkBand(o Options, tiers *grade.Tiers) error {
	t := o.tech()
	if !t.any() {
		return nil
	}
	lo, hi := t.ratingRange()
	if lo > hi+1e-9 {
		return fmt.Errorf("no puzzle can be kept: %s", t.describe())
	}
	if o.Tiers == nil {
		return nil
	}
	var kept []string
	for _, b := range tiers.Bands {
		if !o.Tiers[b.Name] {
			continue
		}
		kept = append(kept, fmt.Sprintf("%s (SE %.1f-%.1f)", b.Name, b.Min, b.Max))
		if math.IsInf(b.Max, 1) {
			kept[len(kept)-1] = fmt.Sprintf("%s (SE %.1f+)", b.Name, b.Min)
		}
		if b.Min <= hi+1e-9 && lo <= b.Max+1e-9 {
			return nil
		}
	}
	if len(kept) == 0 {
		return fmt.Errorf("no puzzle can be kept: --tier %s with %s: a puzzle of tier %s is one the ladder does not finish, whose path has no hardest step", tiers.Beyond, t.describe(), tiers.Beyond)
	}
	return fmt.Errorf("no puzzle can be kept: tier %s with %s", strings.Join(kept, ", "), t.describe())
}

// describe says what t asks for with the SE ratings it implies, for
// messages: "requires xy-wing (SE 4.2+) with hardest x-wing (SE 3.2)".
func (t techTarget) describe() string {
	return strings.Join(batch.TechniqueTerms(t.Requires, t.Hardest, techRange), " with ")
}

// Techniques lists the technique ids `batch --variant` accepts in
// --requires and --hardest for the variants list (as --variant takes it,
// comma-separated) on a board of side size: those the variant grader's
// path can hold there, in the SE profile's order.
func Techniques(variants string, size int) ([]string, error) {
	list, err := variant.ParseVariants(variants)
	if err != nil {
		return nil, err
	}
	return ladderTechniques(list, size)
}
