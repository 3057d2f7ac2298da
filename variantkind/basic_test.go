package variantkind

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// TestBasicRanges: the ratings basicRange gives each basic level are
// SE's: the profile's rules up to claiming, the last of the locked level,
// rate at most ProveLocked and come before every other rule; those but
// full houses and hidden singles rate DirectTop or more, those HiddenTop
// at most; SukakuExplainer's non-consecutive techniques lie in between.
func TestBasicRanges(t *testing.T) {
	hidden := []string{"full-house", "hidden-single"}
	locked := []string{"full-house", "hidden-single", "direct-pointing", "direct-hidden-pair", "naked-single", "direct-hidden-triple", "pointing", "claiming"}
	rules := grade.SEProfile().Rules
	if len(rules) < len(locked) {
		t.Fatalf("SE profile of %d rules", len(rules))
	}
	for i, r := range rules {
		tq, ok := grade.TechniqueByID(r.Tech)
		lo, hi, ok2 := tq.SERange()
		if !ok || !ok2 {
			t.Fatalf("rule %d %s: no SE rating", i, r.Tech)
		}
		if i >= len(locked) {
			if lo <= variant.ProveLocked {
				t.Errorf("rule %d %s after claiming rates from %.1f", i, r.Tech, lo)
			}
			continue
		}
		if r.Tech != locked[i] {
			t.Errorf("rule %d is %s, want %s", i, r.Tech, locked[i])
		}
		if hi > variant.ProveLocked {
			t.Errorf("rule %s rates up to %.1f, above ProveLocked", r.Tech, hi)
		}
		if slices.Contains(hidden, r.Tech) && hi > variant.HiddenTop {
			t.Errorf("rule %s rates up to %.1f, above HiddenTop", r.Tech, hi)
		}
		if !slices.Contains(hidden, r.Tech) && lo < variant.DirectTop {
			t.Errorf("rule %s rates from %.1f, below DirectTop", r.Tech, lo)
		}
	}
	for _, d := range []float64{ratingNCForcingCell, ratingLockedNC} {
		if d < variant.DirectTop || d > variant.ProveLocked {
			t.Errorf("non-consecutive technique rated %.1f, outside DirectTop-ProveLocked", d)
		}
	}
	for lv := variant.BasicHidden; lv < variant.BasicBeyond; lv++ {
		if lo, hi := basicRange(lv); lo > hi {
			t.Errorf("level %d: range %.1f-%.1f", lv, lo, hi)
		}
	}
	// The hard band drops both levels, each of one tier; medium's only
	// hidden singles; easy's none.
	tiers := grade.DefaultTiers()
	if f := newBasicFilter(tiers, 2.9); f == nil || f.tier != [2]string{"easy", "medium"} || f.known != [2]bool{true, true} {
		t.Errorf("hard band's filter %+v", f)
	}
	if f := newBasicFilter(tiers, 1.6); f == nil || f.drop != [2]bool{true, false} {
		t.Errorf("medium band's filter %+v", f)
	}
	if f := newBasicFilter(tiers, 0); f != nil {
		t.Errorf("easy band's filter %+v", f)
	}
}

// spyGrader passes a maker's gradings on and keeps the puzzles graded.
type spyGrader struct {
	g       kind.Grader
	puzzles []*Puzzle
}

func (s *spyGrader) Grade(p kind.Puzzle, solution string, rec *export.Record) error {
	s.puzzles = append(s.puzzles, p.(*Puzzle))
	return s.g.Grade(p, solution, rec)
}

// TestBasicFilterOracle: every puzzle a --tier hard maker grades (digs,
// digs again, walks' moves) is asked of a fresh pre-filter; each one it
// drops is graded in full, uncapped, and must rate below the band (at most
// ProveLocked; hidden singles' at most HiddenTop, the others DirectTop or
// more) in the tier the filter counts it in. And the maker with the
// filter makes the same records from the same seed as without it, with
// the same tally but for the puzzles graded.
func TestBasicFilterOracle(t *testing.T) {
	k, gr := variantKind(t)
	tiers := grade.DefaultTiers()
	for _, c := range []struct {
		v     string
		makes int
	}{
		{variant.X, 12}, {variant.NonConsecutive, 8}, {variant.AntiKnight, 4},
		{variant.Windoku, 12}, {variant.Jigsaw, 8}, {variant.AntiKing, 8},
	} {
		o := Options{Spec: variant.Spec{Size: 9, Variants: []string{c.v}}, Grade: gr, Tiers: map[string]bool{"hard": true}}
		plain := newMaker(t, k, 5, o).(*maker)
		if plain.filter == nil {
			t.Fatalf("%s: no pre-filter at --tier hard", c.v)
		}
		plain.filter = nil
		spy := &spyGrader{g: plain.grader}
		plain.grader = spy
		filtered := newMaker(t, k, 5, o).(*maker)
		r1, r2 := rand.New(rand.NewPCG(5, 6)), rand.New(rand.NewPCG(5, 6))
		var graded1, graded2 int64
		for i := range int64(c.makes) {
			a, err1 := plain.Make(i, r1)
			b, err2 := filtered.Make(i, r2)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if a.Puzzle != b.Puzzle || a.Solution != b.Solution || a.Tier != b.Tier || (a.Tier == "hard" && a.Rating != b.Rating) {
				t.Errorf("%s #%d: %s %s (%.1f) without the filter, %s %s (%.1f) with it", c.v, i, a.Puzzle, a.Tier, a.Rating, b.Puzzle, b.Tier, b.Rating)
			}
			w1, w2 := plain.TakeWork(), filtered.TakeWork()
			if w1.Generated != w2.Generated || w1.Dropped != w2.Dropped || !maps.Equal(w1.Seen, w2.Seen) || w2.Graded > w1.Graded {
				t.Errorf("%s #%d: work %+v without the filter, %+v with it", c.v, i, w1, w2)
			}
			graded1, graded2 = graded1+w1.Graded, graded2+w2.Graded
		}
		if graded2 >= graded1 {
			t.Errorf("%s: %d puzzles graded without the filter, %d with it", c.v, graded1, graded2)
		}
		f := newBasicFilter(tiers, 2.9)
		dropped, below := 0, 0
		for _, p := range spy.puzzles {
			vp := variant.Puzzle{Geometry: p.Geometry, Puzzle: p.Cells}
			lv, ok := f.level(&vp)
			full := export.Record{}
			if err := gr.Grade(p, "", &full); err != nil {
				t.Fatal(err)
			}
			if full.Rating > 0 && full.Rating < 2.9 {
				below++
			}
			if !ok {
				continue
			}
			dropped++
			lo, hi := basicRange(lv)
			if full.Tier != f.tier[lv] || full.Rating > hi || full.Rating < lo || full.Rating == 0 {
				t.Errorf("%s: %s dropped at level %d (%s, %.1f-%.1f), full grading %.1f (%s)", c.v, Format(p.Geometry, p.Cells), lv, f.tier[lv], lo, hi, full.Rating, full.Tier)
			}
		}
		if below > 0 && dropped == 0 {
			t.Errorf("%s: the filter dropped %d of %d puzzles, %d of them below the band", c.v, dropped, len(spy.puzzles), below)
		}
		t.Logf("%s: %d graded without the filter, %d below the band, %d dropped by it", c.v, len(spy.puzzles), below, dropped)
	}
}
