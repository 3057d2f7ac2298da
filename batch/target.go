package batch

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/basics"
	"github.com/sudogen/sudogen/internal/suggest"
	"github.com/sudogen/sudogen/sudoku"
)

// Target says which graded Sudoku puzzles a run keeps: tiers, techniques
// the solve path must use, the technique of its hardest step. A targeted
// Maker drops the other puzzles as early as it can (early rejection):
//
//   - a cheap pre-filter first (basics.Basics): a puzzle that singles and
//     locked candidates solve can only have a path made of the first rules
//     of the profile, so it is dropped without grading when those cannot
//     reach the lowest kept rating or use the named techniques;
//   - then the grader with rating bounds (grade.GraderOptions MinRating,
//     MaxRating): it stops a puzzle as soon as its next step would rate
//     above the highest kept rating, and flags one solved below the lowest.
//
// A puzzle that passes both gets the same full grading as without a
// target, so a targeted run keeps exactly the records an untargeted run
// followed by the same filter would keep, only sooner.
type Target struct {
	// Tiers is the tier table; Keep the kept tier names (nil: every tier).
	Tiers *grade.Tiers
	Keep  map[string]bool
	// Requires lists technique ids the solve path must use; Hardest, when
	// set, is the technique of the path's hardest step.
	Requires []string
	Hardest  string
	// Profile is the profile of the path ("" means "se"); NoUniqueness
	// grades without uniqueness rules (as GraderOptions).
	Profile      string
	NoUniqueness bool
}

// Reason is why a targeted Maker dropped a puzzle.
type Reason uint8

// The reasons, in the order the summary lists them.
const (
	// ReasonBasics: singles and locked candidates solve it, so its rating
	// or path cannot be a kept one (dropped without grading).
	ReasonBasics Reason = iota
	// ReasonBelow: solved below the lowest kept rating.
	ReasonBelow
	// ReasonAbove: a step rated above the highest kept rating (the grader
	// stopped there).
	ReasonAbove
	// ReasonTier: a rating between kept tiers, or unfinished ("beyond").
	ReasonTier
	// ReasonRequires: the path lacks a required technique.
	ReasonRequires
	// ReasonHardest: the path's hardest step is another technique.
	ReasonHardest
	// ReasonSearch: a vicinity search ended without a kept puzzle.
	ReasonSearch
	numReasons
)

var reasonText = [numReasons]string{
	ReasonBasics:   "solved by singles and locked candidates (not graded)",
	ReasonBelow:    "rated below the lowest kept rating",
	ReasonAbove:    "rated above the highest kept rating (grading stopped early)",
	ReasonTier:     "in no kept tier",
	ReasonRequires: "path without a required technique",
	ReasonHardest:  "another technique as the hardest step",
	ReasonSearch:   "vicinity searches that found nothing",
}

// String says what the reason means.
func (r Reason) String() string {
	if r < numReasons {
		return reasonText[r]
	}
	return fmt.Sprintf("reason %d", r)
}

// Rejection is the error a targeted Maker returns for an index whose
// puzzle it dropped. The collector counts it as a rejection, not a failure.
type Rejection struct{ Reason Reason }

func (r *Rejection) Error() string { return "rejected: " + r.Reason.String() }

// rejections holds one Rejection per reason, so rejecting allocates
// nothing.
var rejections = func() (rs [numReasons]Rejection) {
	for i := range rs {
		rs[i].Reason = Reason(i)
	}
	return
}()

func reject(r Reason) error { return &rejections[r] }

// Work is the tally of what a targeted run did besides the indices:
// puzzles made and graded, and puzzles dropped by reason.
type Work struct {
	// Generated counts the puzzles made: random digs, and the unique (and,
	// where asked, minimal) neighbours of a vicinity search.
	Generated int64
	// Graded counts those the grader ran on (the others fell to the
	// pre-filter).
	Graded int64
	// Moves counts the {-n+m} moves vicinity searches tried (a move that
	// gives no unique new neighbour generates nothing).
	Moves int64
	// Dropped counts puzzles by the reason they were dropped.
	Dropped [numReasons]int64
	// Seen counts, by tier, the dropped puzzles whose tier is known: those
	// graded to the end, and the pre-filter's by the tiers their rating
	// can lie in ("easy to medium"); nil when none.
	Seen map[string]int64
}

func (w *Work) add(o *Work) {
	w.Generated += o.Generated
	w.Graded += o.Graded
	w.Moves += o.Moves
	for i := range w.Dropped {
		w.Dropped[i] += o.Dropped[i]
	}
	for t, n := range o.Seen {
		if w.Seen == nil {
			w.Seen = map[string]int64{}
		}
		w.Seen[t] += n
	}
}

// Any reports whether anything was tallied.
func (w *Work) Any() bool { return w.Generated > 0 }

// Reasons lists the drop reasons with their counts, in order, skipping
// zero counts.
func (w *Work) Reasons() []ReasonCount {
	var out []ReasonCount
	for i, n := range w.Dropped {
		if n > 0 {
			out = append(out, ReasonCount{Reason(i), n})
		}
	}
	return out
}

// ReasonCount is one line of Work.Reasons.
type ReasonCount struct {
	Reason Reason
	Count  int64
}

// worker is a Maker that also tallies its Work; the worker loop takes the
// tally of each Make (TakeWork returns it and starts a new one).
type worker interface {
	TakeWork() Work
}

// TargetPlan is a checked Target: the rating bounds for the grader and the
// pre-filter's verdict per basic level. It is read-only and shared by the
// workers.
type TargetPlan struct {
	Target
	// Min and Max bound the SE rating of a kept puzzle (0: no bound).
	Min, Max float64
	// dropBasic says, per basic level, whether a puzzle of that level is
	// dropped without grading; basicTier names the tier (or tier range,
	// "easy to medium") its SE rating lies in.
	dropBasic [basics.BasicBeyond + 1]bool
	basicTier [basics.BasicBeyond + 1]string
}

// PlanTarget checks t and works out its bounds. It refuses technique ids
// the profile's path cannot contain, naming the valid ones, and a
// combination no puzzle can meet.
func PlanTarget(t Target) (*TargetPlan, error) {
	if t.Tiers == nil {
		t.Tiers = grade.DefaultTiers()
	}
	if t.Profile == "" {
		t.Profile = "se"
	}
	prof, ok := grade.ProfileByName(t.Profile)
	if !ok {
		return nil, fmt.Errorf("unknown profile %q: expected one of %v", t.Profile, grade.ProfileNames())
	}
	valid := ProfileTechniques(prof)
	check := func(flag, id string) error {
		if slices.Contains(valid, id) {
			return nil
		}
		if tq, known := grade.TechniqueByID(id); known {
			why := ""
			if tq.SENote != "" && t.Profile == "se" {
				why = " (" + tq.SENote + ")"
			}
			return fmt.Errorf("%s %s: the %s profile's path never uses it%s; try --profile hodoku, or one of: %s", flag, id, t.Profile, why, strings.Join(valid, ", "))
		}
		return fmt.Errorf("%s %q: unknown technique%s; expected one of: %s", flag, id, DidYouMean(id, valid), strings.Join(valid, ", "))
	}
	if err := CheckTechniqueFlags(t.Requires, t.Hardest, check); err != nil {
		return nil, err
	}
	p := &TargetPlan{Target: t}
	lo, hi := t.keptRange()
	// The path's techniques bound the SE rating only on the SE path.
	if t.Profile == "se" {
		for _, id := range t.Requires {
			if r, _, ok := seRange(id); ok {
				lo = math.Max(lo, r)
			}
		}
		if t.Hardest != "" {
			if r, s, ok := seRange(t.Hardest); ok {
				lo, hi = math.Max(lo, r), math.Min(hi, s)
			}
		}
	}
	if lo > hi+1e-9 {
		return nil, fmt.Errorf("no puzzle can be kept: %s", t.describe())
	}
	if lo > 0 {
		p.Min = lo
	}
	if !math.IsInf(hi, 1) {
		p.Max = hi
	}
	// The pre-filter: a basic level is dropped when the path's rules up to
	// its last rule cannot rate at least Min (on the SE path) or cannot use
	// a named technique.
	for lv := basics.BasicHiddenSingles; lv < basics.BasicBeyond; lv++ {
		techs, top := prefix(prof, lv)
		drop := false
		if t.Profile == "se" && top < lo-1e-9 {
			drop = true
		}
		if sp := grade.SEProfile(); t.Profile != "se" && lo > 0 {
			// Tiers bound the SE rating whatever the path's profile.
			if _, seTop := prefix(sp, lv); seTop < lo-1e-9 {
				drop = true
			}
		}
		for _, id := range t.Requires {
			drop = drop || !techs[id]
		}
		if t.Hardest != "" && !techs[t.Hardest] {
			drop = true
		}
		p.dropBasic[lv] = drop
		_, seTop := prefix(grade.SEProfile(), lv)
		p.basicTier[lv] = rangeName(t.Tiers, seTop)
	}
	return p, nil
}

// rangeName names the tiers of the ratings from 0 to top: one tier's name,
// or "FIRST to LAST".
func rangeName(t *grade.Tiers, top float64) string {
	first, last := t.Of(0), t.Of(top)
	if first == last || math.IsInf(top, 1) {
		return first
	}
	return first + " to " + last
}

// keptRange is the lowest and highest SE rating of the kept tiers
// ([0, +Inf] when every tier is kept; "beyond" counts as +Inf, the rating
// of an unfinished puzzle being unknown).
func (t *Target) keptRange() (lo, hi float64) {
	if t.Keep == nil {
		return 0, math.Inf(1)
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, b := range t.Tiers.Bands {
		if t.Keep[b.Name] {
			lo, hi = math.Min(lo, b.Min), math.Max(hi, b.Max)
		}
	}
	if t.Keep[t.Tiers.Beyond] {
		lo, hi = math.Min(lo, grade.Beyond), math.Inf(1)
	}
	return lo, hi
}

// describe says what t keeps, for messages.
func (t *Target) describe() string {
	var parts []string
	if t.Keep != nil {
		var names []string
		for _, n := range t.Tiers.Names() {
			if t.Keep[n] {
				names = append(names, n)
			}
		}
		parts = append(parts, "tier "+strings.Join(names, ","))
	}
	parts = append(parts, TechniqueTerms(t.Requires, t.Hardest, func(id string) (lo, hi float64) {
		lo, hi, _ = seRange(id)
		return lo, hi
	})...)
	return strings.Join(parts, " with ")
}

// TechniqueTerms says, for messages, what --requires and --hardest ask
// for with the SE ratings rangeOf gives each technique ("requires
// xy-wing (SE 4.2+)", "hardest x-wing (SE 3.2)"; hi +Inf: no top), as
// classic and variant runs word it.
func TechniqueTerms(requires []string, hardest string, rangeOf func(id string) (lo, hi float64)) []string {
	var parts []string
	for _, id := range requires {
		lo, _ := rangeOf(id)
		parts = append(parts, fmt.Sprintf("requires %s (SE %.1f+)", id, lo))
	}
	if hardest != "" {
		lo, hi := rangeOf(hardest)
		r := fmt.Sprintf("%.1f", lo)
		switch {
		case math.IsInf(hi, 1):
			r += "+"
		case hi != lo:
			r += fmt.Sprintf("-%.1f", hi)
		}
		parts = append(parts, fmt.Sprintf("hardest %s (SE %s)", hardest, r))
	}
	return parts
}

// seRange returns the least and greatest SE rating of the steps of
// technique id (hi is +Inf when a bonus can raise it); ok is false when
// SE has no rule of its own for it.
func seRange(id string) (lo, hi float64, ok bool) {
	t, known := grade.TechniqueByID(id)
	if !known {
		return 0, math.Inf(1), false
	}
	return t.SERange()
}

// CheckTechniqueFlags calls check on each --requires id, then on the
// --hardest id when there is one, and returns the first error (classic
// and variant runs check their ids this way, each with its own check).
func CheckTechniqueFlags(requires []string, hardest string, check func(flag, id string) error) error {
	for _, id := range requires {
		if err := check("--requires", id); err != nil {
			return err
		}
	}
	if hardest != "" {
		return check("--hardest", hardest)
	}
	return nil
}

// ProfileTechniques lists the technique ids a profile's path can contain:
// its rules' and those their finders report (Technique.MadeBy), in the
// profile's order.
func ProfileTechniques(p *grade.Profile) []string { return RuleTechniques(p, nil) }

// RuleTechniques lists the technique ids a path of profile p can contain
// when only the rules runs accepts are run (nil: every rule): those
// rules' ids and the ids their finders report (Technique.MadeBy), in the
// profile's order.
func RuleTechniques(p *grade.Profile, runs func(*grade.Rule) bool) []string {
	var ids []string
	all := grade.Techniques()
	for i := range p.Rules {
		r := &p.Rules[i]
		if runs != nil && !runs(r) {
			continue
		}
		if !slices.Contains(ids, r.Tech) {
			ids = append(ids, r.Tech)
		}
		for _, t := range all {
			if t.MadeBy == r.Tech && !slices.Contains(ids, t.ID) {
				ids = append(ids, t.ID)
			}
		}
	}
	return ids
}

// prefix returns the techniques a path of profile p can use on a puzzle of
// basic level lv (the rules up to the last one of lv's techniques, and
// what their finders report) and the highest SE rating among them (+Inf
// when one has no fixed rating).
func prefix(p *grade.Profile, lv basics.Basic) (map[string]bool, float64) {
	last := -1
	for i, r := range p.Rules {
		if slices.Contains(lv.Techniques(), r.Tech) {
			last = i
		}
	}
	techs := map[string]bool{}
	for _, r := range p.Rules[:last+1] {
		techs[r.Tech] = true
	}
	for _, t := range grade.Techniques() {
		if techs[t.MadeBy] {
			techs[t.ID] = true
		}
	}
	top := 0.0
	for id := range techs {
		_, hi, ok := seRange(id)
		if !ok {
			hi = math.Inf(1)
		}
		top = math.Max(top, hi)
	}
	return techs, top
}

// GraderOptions returns o with the plan's rating bounds set.
func (p *TargetPlan) GraderOptions(o grade.GraderOptions) grade.GraderOptions {
	o.MinRating, o.MaxRating = p.Min, p.Max
	o.Profile, o.NoUniqueness = p.Profile, p.NoUniqueness
	o.Keep = p.keepSE
	return o
}

// keepSE is the grader's Keep: once the SE profile has run, a puzzle
// whose SE path already fails the verdict is dropped before the HoDoKu
// run (on 9x9 puzzles rated 3.8 and up it costs about twice the SE run).
// With another path profile (gr.Path nil) the verdict waits for it.
func (p *TargetPlan) keepSE(gr *grade.Grade) bool {
	if gr.Path == nil {
		return true
	}
	_, ok := p.verdict(gr)
	return ok
}

// judge applies the plan to one worker's puzzles.
type judge struct {
	plan   *TargetPlan
	basics *basics.Basics
	grader *grade.Grader
	work   Work
}

func newJudge(plan *TargetPlan, shape sudoku.Shape, gopts grade.GraderOptions) (*judge, error) {
	g, err := grade.NewGrader(plan.GraderOptions(gopts))
	if err != nil {
		return nil, err
	}
	return &judge{plan: plan, basics: basics.NewBasics(shape), grader: g}, nil
}

// rate grades puzzle p (unique solution sol) as far as the plan needs: ok
// is false with the reason when p cannot be kept, else gr is its full
// grading. It tallies the work.
func (j *judge) rate(p, sol sudoku.Grid) (gr grade.Grade, why Reason, ok bool, err error) {
	return j.rateWith(j.grader, p, sol)
}

// rateWith is rate with grader g (a climb's SE-only grader, vicinity.go).
func (j *judge) rateWith(g *grade.Grader, p, sol sudoku.Grid) (gr grade.Grade, why Reason, ok bool, err error) {
	j.work.Generated++
	if lv := j.basics.Level(p.Cells); j.plan.dropBasic[lv] {
		j.seen(j.plan.basicTier[lv])
		return gr, j.drop(ReasonBasics), false, nil
	}
	j.work.Graded++
	gr, err = g.GradeSolved(p, sol)
	if err != nil {
		return gr, 0, false, err
	}
	why, ok = j.plan.verdict(&gr)
	if !ok {
		j.drop(why)
		if !gr.SE.Capped {
			j.seen(gr.Tier)
		}
	}
	return gr, why, ok, nil
}

// seen counts a dropped puzzle of known tier.
func (j *judge) seen(tier string) {
	if j.work.Seen == nil {
		j.work.Seen = map[string]int64{}
	}
	j.work.Seen[tier]++
}

func (j *judge) drop(r Reason) Reason {
	j.work.Dropped[r]++
	return r
}

// verdict says whether a graded puzzle is kept, and if not why.
func (p *TargetPlan) verdict(gr *grade.Grade) (Reason, bool) {
	switch {
	case gr.SE.Capped:
		return ReasonAbove, false
	case gr.SE.BelowMin:
		return ReasonBelow, false
	case p.Keep != nil && !p.Keep[gr.Tier]:
		return ReasonTier, false
	}
	for _, id := range p.Requires {
		if !uses(gr.Path, id) {
			return ReasonRequires, false
		}
	}
	if p.Hardest != "" && gr.Path.Hardest != p.Hardest {
		return ReasonHardest, false
	}
	return 0, true
}

// uses reports whether a solve path has a step of technique id.
func uses(r *grade.Result, id string) bool {
	for _, c := range r.Counts {
		if c.Tech == id {
			return true
		}
	}
	return false
}

// Keeps reports whether a graded record meets the target: its tier is
// kept, its path uses every required technique and its hardest step is
// the named one.
func (p *TargetPlan) Keeps(rec *export.Record) bool {
	if p.Keep != nil && !p.Keep[rec.Tier] {
		return false
	}
	for _, id := range p.Requires {
		if rec.Techniques[id] == 0 {
			return false
		}
	}
	return p.Hardest == "" || rec.Hardest == p.Hardest
}

// DidYouMean is the hint after "unknown technique" for an id a user
// typed: " (did you mean x-wing?)" when one of valid is near it
// (suggest.Nearest: "xwing", "X-Wing", "swordfsh"), else "".
func DidYouMean(id string, valid []string) string {
	if n := suggest.Nearest(id, valid); n != "" {
		return " (did you mean " + n + "?)"
	}
	return ""
}
