package variantkind

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// TestVreqLadderTechniques: the ids --requires and --hardest take on a
// variant board are those the ladder can use there (docs/variants.md,
// "Grading"): on a board with a classic frame the uniqueness rules and
// SE's direct techniques too, on one without (jigsaw, Samurai) neither,
// the non-consecutive techniques only with non-consecutive pairs; never
// a HoDoKu-only id. And every technique the grader reports on puzzles of
// those boards is among them.
func TestVreqLadderTechniques(t *testing.T) {
	for _, tc := range []struct {
		list     []string
		size     int
		has, not []string
	}{
		{[]string{variant.X}, 9, []string{"x-wing", "unique-rectangle", "bug-1", "direct-pointing", "nested-forcing-chain"}, []string{TechLockedNC, "als-xz", "skyscraper", "brute-force"}},
		{[]string{variant.Windoku}, 9, []string{"swordfish", "unique-loop"}, []string{TechNCForcingCell}},
		{[]string{variant.NonConsecutive}, 9, []string{TechNCForcingCell, TechLockedNC, "x-wing"}, []string{"als-xz"}},
		{[]string{variant.Jigsaw}, 9, []string{"x-wing", "xy-wing", "forcing-x-chain"}, []string{"unique-rectangle", "bug-1", "direct-pointing"}},
		{[]string{variant.SamuraiName}, 0, []string{"swordfish", "dynamic-forcing-chain"}, []string{"unique-loop", "bug-2"}},
		{[]string{variant.AntiKnight, variant.X}, 6, []string{"x-wing"}, []string{"w-wing"}},
	} {
		ids, err := ladderTechniques(tc.list, tc.size)
		if err != nil {
			t.Fatalf("%v: %v", tc.list, err)
		}
		for _, id := range tc.has {
			if !slices.Contains(ids, id) {
				t.Errorf("%v %d: %s missing from %v", tc.list, tc.size, id, ids)
			}
		}
		for _, id := range tc.not {
			if slices.Contains(ids, id) {
				t.Errorf("%v %d: %s listed, the ladder never uses it there", tc.list, tc.size, id)
			}
		}
	}
	// The grader's own paths stay within the list.
	for _, spec := range []variant.Spec{
		{Size: 9, Variants: []string{variant.X}},
		{Size: 9, Variants: []string{variant.Jigsaw}},
		{Size: 6, Variants: []string{variant.NonConsecutive}},
	} {
		ids, err := ladderTechniques(spec.Variants, spec.Size)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range run(t, spec, variant.Options{}, 3, &kind.GradeOptions{}) {
			for id := range rec.Techniques {
				if !slices.Contains(ids, id) {
					t.Errorf("%v: record %s uses %s, not in the list %v", spec.Variants, rec.ID, id, ids)
				}
			}
		}
	}
}

// TestVreqTechniqueMakers: makers asked for a technique keep only
// puzzles whose full, uncapped grading (fullGrade) has that hardest step
// or uses that technique, with exactly the record's rating, hardest and
// techniques; the dropped ones are tallied by why.
func TestVreqTechniqueMakers(t *testing.T) {
	k, gr := variantKind(t)
	x := variant.Spec{Size: 9, Variants: []string{variant.X}}
	for _, tc := range []struct {
		name string
		o    Options
	}{
		{"hardest x-wing", Options{Spec: x, Grade: gr, Hardest: "x-wing"}},
		{"requires xy-wing, tier hard", Options{Spec: x, Grade: gr, Requires: []string{"xy-wing"}, Tiers: map[string]bool{"hard": true}}},
	} {
		m := newMaker(t, k, 5, tc.o)
		rng := rand.New(rand.NewPCG(5, 6))
		kept := 0
		var work batch.Work
		for i := int64(0); kept < 2 && i < 400; i++ {
			rec, err := m.Make(i, rng)
			if err != nil {
				t.Fatal(err)
			}
			w := m.(*maker).TakeWork()
			for r, n := range w.Dropped {
				work.Dropped[r] += n
			}
			if _, ok := tc.o.tech().verdict(&rec); !ok || (tc.o.Tiers != nil && !tc.o.Tiers[rec.Tier]) {
				continue
			}
			kept++
			full := fullGrade(t, k, gr, rec)
			if full.Rating != rec.Rating || full.Hardest != rec.Hardest || !maps.Equal(full.Techniques, rec.Techniques) {
				t.Errorf("%s #%d: record %v %s %v, full grading %v %s %v", tc.name, i, rec.Rating, rec.Hardest, rec.Techniques, full.Rating, full.Hardest, full.Techniques)
			}
			if tc.o.Hardest != "" && full.Hardest != tc.o.Hardest {
				t.Errorf("%s #%d: hardest %s", tc.name, i, full.Hardest)
			}
			for _, id := range tc.o.Requires {
				if full.Techniques[id] == 0 {
					t.Errorf("%s #%d: path without %s: %v", tc.name, i, id, full.Techniques)
				}
			}
		}
		if kept < 2 {
			t.Errorf("%s: %d kept in 400 indices", tc.name, kept)
		}
		// The steered band of a single technique drops puzzles below it
		// (graded or not), never by their tier alone.
		if tc.o.Hardest != "" && (work.Dropped[batch.ReasonBelow]+work.Dropped[batch.ReasonBasics] == 0 || work.Dropped[batch.ReasonTier] != 0) {
			t.Errorf("%s: dropped %v", tc.name, work.Dropped)
		}
		// The band of --requires xy-wing within hard is SE 4.2-4.4:
		// nothing kept below it.
		if tc.o.Requires != nil && work.Dropped[batch.ReasonBelow]+work.Dropped[batch.ReasonBasics] == 0 {
			t.Errorf("%s: dropped %v", tc.name, work.Dropped)
		}
	}
}

// TestVreqBand: the band a technique run aims at is the technique's SE
// rating within the kept tiers, without tier beyond; a run without
// techniques keeps the tiers' band as it was.
func TestVreqBand(t *testing.T) {
	_, kgr := variantKind(t)
	gr := kgr.(*grader)
	for _, tc := range []struct {
		name     string
		o        Options
		min, max float64
		beyond   bool
	}{
		{"hardest x-wing", Options{Hardest: "x-wing"}, 3.2, 3.2, false},
		{"hardest swordfish, tier hard", Options{Hardest: "swordfish", Tiers: map[string]bool{"hard": true}}, 3.8, 3.8, false},
		{"requires xy-wing, tier hard", Options{Requires: []string{"xy-wing"}, Tiers: map[string]bool{"hard": true}}, 4.2, 4.4, false},
		{"hardest locked-nc", Options{Hardest: TechLockedNC}, 2.5, 2.5, false},
		{"tier hard", Options{Tiers: map[string]bool{"hard": true}}, 2.9, 4.4, false},
	} {
		b := tc.o.band(gr)
		if b.min != tc.min || b.max != tc.max || b.beyond != tc.beyond {
			t.Errorf("%s: band %+v, want [%v, %v] beyond %v", tc.name, b, tc.min, tc.max, tc.beyond)
		}
	}
}
