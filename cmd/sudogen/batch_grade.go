package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// BatchGradeOptions are the grading flags of `sudogen batch` that every
// kind's run reads (by name, kind.FlagValue): --tier, --no-grade, --tiers
// and --profile. The kinds' own grading flags (classic Sudoku's
// --verify-steps, --no-uniqueness, --as-given) are theirs
// (kind.FlagDefiner).
type BatchGradeOptions struct {
	Tier      string // comma-separated tier names, or any
	NoGrade   bool
	TiersFile string
	Profile   string

	counter *tierCounter // tiers of the accepted records (a sink)
	// seen counts the tiers of every graded record, accepted or not, when
	// the kind counts them (kind.BatchRun.SeenTiers): the advice of a run
	// that gives up names them.
	seen func() map[string]int64
	// advice is the kind's own advice for a run that gives up
	// (kind.BatchRun.Advice).
	advice string
}

func (o *BatchGradeOptions) addFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Tier, "tier", "any", "keep only puzzles of these tiers (comma-separated; --kind killer: one tier; any keeps all)")
	f.BoolVar(&o.NoGrade, "no-grade", false, "do not grade (raw generation speed; no rating, tier or techniques)")
	f.StringVar(&o.TiersFile, "tiers", "", "tier table YAML file (default: the built-in configs/tiers.yaml)")
	f.Var(newChoiceFlag(&o.Profile, "se", "se", "hodoku"), "profile", "profile whose solve path gives hardest and techniques: se or hodoku")
}

// tierCounter is a Sink that counts the accepted records per tier for the
// summary.
type tierCounter struct {
	mu     sync.Mutex
	counts map[string]int64
	order  []string
	total  int64
}

func (t *tierCounter) Write(rec *export.Record) error {
	t.mu.Lock()
	if rec.Tier != "" {
		t.counts[rec.Tier]++
	}
	t.total++
	t.mu.Unlock()
	return nil
}

func (t *tierCounter) Close() error { return nil }

// summary prints the tier distribution ("tiers: easy 412 (41.2%), ...").
func (t *tierCounter) summary(w io.Writer) {
	if d := t.distribution(); d != "" {
		fmt.Fprintf(w, "tiers: %s\n", d)
	}
}

// beyondNote tells a run that kept every tier when more than a quarter
// of its puzzles are in tier beyond (the grader's techniques could not
// finish them: no rating), and how to make puzzles they solve. Minimal
// non-consecutive puzzles, for one, almost all are.
func (t *tierCounter) beyondNote(w io.Writer, beyond string) {
	if t == nil || beyond == "" {
		return
	}
	n := t.counts[beyond]
	if n == 0 || 4*n <= t.total {
		return
	}
	others := slices.DeleteFunc(slices.Clone(t.order), func(s string) bool { return s == beyond })
	are, them := "are", "them, so they have"
	if n == 1 {
		are, them = "is", "it, so it has"
	}
	fmt.Fprintf(w, "note: %s of %s %s tier %s: the grader's techniques could not finish %s no rating; --tier with the other tiers (--tier %s) makes only puzzles they solve\n", numfmt.Int(n), numfmt.Count(t.total, "puzzle"), are, beyond, them, strings.Join(others, ","))
}

// distribution is "easy 412 (41.2%), medium ...", in tier order ("<0.1%"
// for a tier with a share that rounds to 0.0); "" when nothing was
// counted.
func (t *tierCounter) distribution() string {
	if t == nil || len(t.counts) == 0 || t.total == 0 {
		return ""
	}
	names := append([]string(nil), t.order...)
	var extra []string // tiers outside the table's order, sorted
	for n := range t.counts {
		if !slices.Contains(names, n) {
			extra = append(extra, n)
		}
	}
	slices.Sort(extra)
	names = append(names, extra...)
	var parts []string
	for _, n := range names {
		if c := t.counts[n]; c > 0 {
			share := fmt.Sprintf("%.1f%%", 100*float64(c)/float64(t.total))
			if share == "0.0%" {
				share = "<0.1%" // 4 of 10,177: there are some
			}
			parts = append(parts, fmt.Sprintf("%s %s (%s)", n, numfmt.Int(c), share))
		}
	}
	return strings.Join(parts, ", ")
}
