package kind

import (
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
)

// TestSlideSummary: a slide run's summary words its rate as every
// kind's does ("2000/s", not "2000.0/s"), says a stopped run's signal
// and count ("terminated: kept 1 of 10") and, with nothing kept, no
// figures of no board ("min 0 mean 0.0 max 0; tiers ;"); counts have
// thousands separators ("made 2,000"; until 2026-12-07 "made 2000").
func TestSlideSummary(t *testing.T) {
	one := func() *slideStats {
		s := &slideStats{tiers: map[string]int{}}
		opt := 24
		s.Write(&export.Record{Solution: strings.Repeat("L", 24), Tier: "hard", Optimal: &opt})
		return s
	}
	for _, tc := range []struct {
		name string
		s    *slideStats
		st   batch.Stats
		sum  BatchSummary
		want string
	}{
		{"made", one(), batch.Stats{Accepted: 2000, Attempts: 2000, Elapsed: time.Second}, BatchSummary{Seed: 1, Where: "s.jsonl", Count: 2000},
			"made 2,000 slide 3x3 (tier any) in 1s (2,000/s), seed 1; optimal length min 24 mean 24.0 max 24; tiers hard 1; 0 duplicates dropped; written to s.jsonl\n"},
		{"stopped", one(), batch.Stats{Accepted: 1, Attempts: 1, Elapsed: 20 * time.Second, Interrupted: true, Duplicates: 1}, BatchSummary{Seed: 1, Where: "s.jsonl", Count: 10, Stop: "terminated"},
			"terminated: kept 1 of 10 slide 3x3 (tier any) in 20s (180/h), seed 1; optimal length min 24 mean 24.0 max 24; tiers hard 1; 1 duplicate dropped; written to s.jsonl\n"},
		{"nothing", &slideStats{tiers: map[string]int{}}, batch.Stats{Elapsed: time.Second, Interrupted: true}, BatchSummary{Seed: 1, Where: "s.jsonl", Count: 10, Stop: "interrupted"},
			"interrupted: kept 0 of 10 slide 3x3 (tier any) in 1s, seed 1; nothing written\n"},
	} {
		var b strings.Builder
		st := tc.st
		tc.sum.Stats = &st
		tc.s.summary(&b, tc.sum, 3, "any")
		if b.String() != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, b.String(), tc.want)
		}
	}
}

// TestTierCounts: the slide summary's tier list names every tier a board
// was put in, a --tiers table's own names included (they were left out:
// "tiers ;"), built-in tiers first in their order.
func TestTierCounts(t *testing.T) {
	for _, c := range []struct {
		m    map[string]int
		want string
	}{
		{map[string]int{"hard": 2, "easy": 3, "": 1}, "easy 3, hard 2, none 1"},
		{map[string]int{"brutal": 4}, "brutal 4"},
		{map[string]int{"gentle": 1, "brutal": 2, "medium": 5, "": 0}, "medium 5, brutal 2, gentle 1"},
		{map[string]int{"expert": 1200}, "expert 1,200"},
	} {
		if got := tierCounts(c.m); got != c.want {
			t.Errorf("tierCounts(%v) = %q, want %q", c.m, got, c.want)
		}
	}
}
