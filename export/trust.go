package export

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/sudogen/sudogen/grade"
)

// GradingRules are what the grading fields of one kind's records may
// hold, beyond the rules every record keeps (CheckGrading). A kind sets
// them in RecordKind.Grading (its Export, through the kind plug). A kind
// marked Rated without rules of its own gets Sudoku Explainer's scale
// and ep/ed rules but no check of its technique ids (its ladder may have
// techniques of its own that export cannot know).
type GradingRules struct {
	// Ladder names the technique ids in messages ("the SE ladder").
	Ladder string
	// Technique reports whether id is a technique the kind's graders
	// write in "techniques" and "hardest".
	Technique func(id string) bool
	// Min and Max bound "rating", "rating_at_least", "ep" and "ed"
	// (inclusive); every rating has one decimal.
	Min, Max float64
	// SE says ep and ed are Sudoku Explainer's EP and ED: ed <= ep <=
	// rating (or rating_at_least).
	SE bool
	// Tier, if set, is the tier of a grading under the only tier table the
	// kind's records are ever written with (finished false: rating_at_least
	// or no rating). Unset, the tier name is not checked here: a run's
	// table can be any (--tiers), and only the run knows it (CheckTier).
	Tier func(rating float64, finished bool) string
}

// seGrading are the rules of the kinds rated on Sudoku Explainer's scale
// (classic Sudoku and the variants): grade's technique ids, 1.0 to 20.0.
var seGrading = GradingRules{
	Ladder:    "the SE/HoDoKu ladder (sudogen techniques)",
	Technique: func(id string) bool { return gradeIDs()[id] },
	Min:       1, Max: 20, SE: true,
}

// seScale are seGrading without the technique ids: a Rated kind's
// rules when it registered none.
var seScale = GradingRules{Min: 1, Max: 20, SE: true}

// gradeIDs is the set of grade's technique ids, read once (grade
// registers its techniques in init): a map read a technique, no lock.
var gradeIDs = sync.OnceValue(func() map[string]bool {
	ids := map[string]bool{}
	for _, t := range grade.Techniques() {
		ids[t.ID] = true
	}
	return ids
})

// SEGrading returns classic Sudoku's rules (Sudoku Explainer's scale,
// ep and ed, grade's technique ids), for a kind rated on the same scale
// whose ladder may add techniques to grade's.
func SEGrading() GradingRules { return seGrading }

// gradingOf is the rules of r's kind, nil when it has none.
func gradingOf(kind string) *GradingRules {
	k := kindOf(kind)
	switch {
	case k.Grading != nil:
		return k.Grading
	case k.Rated:
		return &seScale
	}
	return nil
}

// hodokuLevels are the levels HoDoKu gives ("level").
var hodokuLevels = []string{"Easy", "Medium", "Hard", "Unfair", "Extreme"}

// CheckGrading checks that the grading fields of r agree with each other
// and with its kind's ladder and scale (GradingRules), without grading
// the puzzle: a few comparisons a record. It returns one line without a
// position, nil when they agree. CheckRecord calls it.
//
// Every kind: each count of "techniques" is a whole number >= 1;
// "hardest" is one of "techniques" when both are there; "rating" and
// "rating_at_least" are not both there; "score" goes with "level", which
// is one of HoDoKu's. With the kind's rules: every technique id is one of
// its ladder, the ratings are on its scale with one decimal, ed <= ep <=
// rating (or rating_at_least) on the SE scale, and the tier is the one
// its fixed tier table gives (a kind with such a table: killer).
func CheckGrading(r *Record) error {
	g := gradingOf(r.Kind)
	for id, n := range r.Techniques {
		if n < 1 {
			return fmt.Errorf("techniques: %q counts %d steps, expected a whole number >= 1", id, n)
		}
		if g != nil && g.Technique != nil && !g.Technique(id) {
			return fmt.Errorf("techniques: %q is not a technique of %s, expected one of its ids", id, g.Ladder)
		}
	}
	if r.Hardest != "" {
		if r.Techniques != nil {
			if _, ok := r.Techniques[r.Hardest]; !ok {
				return fmt.Errorf("hardest %q is not among techniques, expected one of its ids", r.Hardest)
			}
		} else if g != nil && g.Technique != nil && !g.Technique(r.Hardest) {
			return fmt.Errorf("hardest %q is not a technique of %s, expected one of its ids", r.Hardest, g.Ladder)
		}
	}
	if r.Rating != 0 && r.RatingAtLeast != 0 {
		return fmt.Errorf("rating %s and rating_at_least %s, expected one of them (rating_at_least only when grading was cut off)", num(r.Rating), num(r.RatingAtLeast))
	}
	if r.Score != 0 && r.Level == "" {
		return fmt.Errorf("score %d without level, expected both (HoDoKu's) or neither", r.Score)
	}
	if r.Level != "" {
		if !slices.Contains(hodokuLevels, r.Level) {
			return fmt.Errorf("level %q, expected one of HoDoKu's: Easy, Medium, Hard, Unfair, Extreme", r.Level)
		}
		if r.Score < 1 {
			return fmt.Errorf("level %s with score %d, expected a score >= 1", r.Level, r.Score)
		}
	}
	if g == nil {
		return nil
	}
	for _, f := range [...]struct {
		name string
		v    float64
	}{{"rating", r.Rating}, {"rating_at_least", r.RatingAtLeast}, {"ep", r.EP}, {"ed", r.ED}} {
		if f.v == 0 {
			continue
		}
		if !(f.v >= g.Min && f.v <= g.Max) {
			return fmt.Errorf("%s %s is off the %s scale, expected %s to %s", f.name, num(f.v), r.Kind, num1(g.Min), num1(g.Max))
		}
		if t := f.v * 10; math.Abs(t-math.Round(t)) > 1e-6 {
			return fmt.Errorf("%s %s, expected one decimal", f.name, num(f.v))
		}
	}
	if g.SE {
		top, topName := r.Rating, "rating"
		if top == 0 {
			top, topName = r.RatingAtLeast, "rating_at_least"
		}
		switch {
		case r.ED != 0 && r.EP != 0 && r.ED > r.EP:
			return fmt.Errorf("ed %s is above ep %s, expected ed <= ep (SE: ED is the first step, EP the hardest up to the first placement)", num1(r.ED), num1(r.EP))
		case r.EP != 0 && top != 0 && r.EP > top:
			return fmt.Errorf("ep %s is above %s %s, expected ep <= %s (SE: EP is the hardest step up to the first placement, ER the hardest of all)", num1(r.EP), topName, num1(top), topName)
		case r.ED != 0 && top != 0 && r.ED > top:
			return fmt.Errorf("ed %s is above %s %s, expected ed <= %s (SE: ED is the first step, ER the hardest)", num1(r.ED), topName, num1(top), topName)
		}
	} else if r.EP != 0 || r.ED != 0 {
		return fmt.Errorf("ep or ed on a %s record, expected neither (its scale is not SE's)", r.Kind)
	}
	if g.Tier != nil && r.Tier != "" && (r.Rating != 0 || r.RatingAtLeast != 0) {
		want := g.Tier(r.Rating, r.Rating != 0)
		if r.Tier != want {
			return fmt.Errorf("tier %q but %s, expected tier %q", r.Tier, ratingPhrase(r), want)
		}
	}
	return nil
}

// ratingPhrase is "rating 3.2" or "rating_at_least 3.2".
func ratingPhrase(r *Record) string {
	if r.Rating != 0 {
		return "rating " + num1(r.Rating)
	}
	return "rating_at_least " + num1(r.RatingAtLeast)
}

// num writes a number as short as it reads back exactly.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// num1 writes a rating with one decimal (3.0).
func num1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// CheckTier checks the tier of a record rated on the SE scale against
// the tier table its run was made with (a run knows its table; a reader
// of a corpus does not, since --tiers can give any): a finished rating
// has its band's tier, and a grading cut off (rating_at_least), or one
// the ladder could not finish (no rating, or SE's 20.0), has the table's
// beyond tier. A record without a tier, or of a kind not on the SE
// scale, passes. One line without a position, as CheckRecord's.
func CheckTier(r *Record, t *grade.Tiers) error {
	if r.Tier == "" || t == nil || gradingOf(r.Kind) == nil || !gradingOf(r.Kind).SE {
		return nil
	}
	want := t.Beyond
	if r.Rating != 0 {
		band := t.Of(r.Rating)
		// SE's 20.0 is its "not finished"; a finished puzzle rated 20.0
		// would be in the top band.
		if r.Tier == band || r.Rating >= 20 && r.Tier == t.Beyond {
			return nil
		}
		want = band
	} else if r.Tier == want {
		return nil
	}
	what := "no rating"
	if r.Rating != 0 || r.RatingAtLeast != 0 {
		what = ratingPhrase(r)
	}
	return fmt.Errorf("tier %q but %s, expected %q by the run's tier table", r.Tier, what, want)
}

// CheckMinimal checks r's "minimal" against its puzzle, with its kind's
// test (RecordKind.Minimal: one second-solution search a given). A
// record without the field, of a kind without a test, or whose test
// cannot decide (a 25x25 search over its node cap, a Samurai board)
// passes; so does "minimal": false above 16x16, where a run writes false
// for a puzzle it could not prove minimal within its node cap. r should
// have passed CheckRecord. One line without a position.
func CheckMinimal(r *Record) error {
	k := kindOf(r.Kind)
	// Above 16x16 "minimal": false is never refused: sudogen's own test
	// is capped there (generate writes false for a puzzle it could not
	// prove minimal in its node budget), so it is not tested either (136
	// ms a 25x25 record).
	if r.Minimal == nil || k.Minimal == nil || !*r.Minimal && r.Size > 16 {
		return nil
	}
	m, ok := k.Minimal(r)
	switch {
	case !ok || m == *r.Minimal:
		return nil
	case *r.Minimal:
		return fmt.Errorf("minimal true, but a given can be removed keeping the solution unique: expected false")
	}
	return fmt.Errorf("minimal false, but no given can be removed keeping the solution unique: expected true")
}
