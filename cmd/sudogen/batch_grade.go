package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
)

// BatchGradeOptions are the grading flags of `sudogen batch`.
type BatchGradeOptions struct {
	Tier         string // comma-separated tier names, or any
	NoGrade      bool
	VerifySteps  bool
	NoUniqueness bool
	AsGiven      bool
	TiersFile    string
	Profile      string

	counter *tierCounter // tiers of the accepted records (a sink)
	// tiers and sel are the tier table and the kept tiers (sel nil: all),
	// for the target (batch_target.go).
	tiers *grade.Tiers
	sel   map[string]bool
	// seen counts the tiers of every graded record, accepted or not, when
	// --tier filters: the advice of a run that gives up names them.
	seen *tierCounter
}

func (o *BatchGradeOptions) addFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Tier, "tier", "any", "keep only puzzles of these tiers (comma-separated; any keeps all)")
	f.BoolVar(&o.NoGrade, "no-grade", false, "do not grade (raw generation speed; no rating, tier or techniques)")
	f.BoolVar(&o.VerifySteps, "verify-steps", false, "check every grading step against the solution (a wrong step stops the run)")
	f.BoolVar(&o.NoUniqueness, "no-uniqueness", false, "grade without uniqueness-based techniques")
	f.BoolVar(&o.AsGiven, "as-given", false, "rate each puzzle as generated, reproducing Sudoku Explainer exactly, instead of its canonical isomorph")
	f.StringVar(&o.TiersFile, "tiers", "", "tier table YAML file (default: the built-in configs/tiers.yaml)")
	f.StringVar(&o.Profile, "profile", "se", "profile whose solve path gives hardest and techniques: se or hodoku")
}

// plan checks the grading flags and sets up grading in the maker options
// and the tier filter in the run options.
func (o *BatchGradeOptions) plan(run *batch.Spec, so *batch.SudokuOptions) error {
	o.counter = &tierCounter{counts: map[string]int64{}}
	if o.NoGrade {
		if o.Tier != "" && o.Tier != "any" {
			return UsageErrorf("--tier %s needs grading: drop --no-grade", o.Tier)
		}
		return nil
	}
	tiers, err := tiersFlag(o.TiersFile)
	if err != nil {
		return err
	}
	gopts := grade.GraderOptions{Profile: o.Profile, NoUniqueness: o.NoUniqueness, VerifySteps: o.VerifySteps, GivenForm: o.AsGiven, Tiers: tiers}
	g, err := grade.NewGrader(gopts)
	if err != nil {
		return UsageErrorf("--profile: %v", err)
	}
	sel, err := g.Tiers().ParseSelection(o.Tier)
	if err != nil {
		return UsageErrorf("--tier: %v", err)
	}
	so.Grade = &gopts
	o.tiers, o.sel = g.Tiers(), sel
	o.counter.order = g.Tiers().Names()
	if sel != nil {
		o.seen = &tierCounter{counts: map[string]int64{}, order: o.counter.order}
		prev := run.Accept
		run.Accept = func(rec *export.Record) bool {
			o.seen.Write(rec)
			return sel[rec.Tier] && (prev == nil || prev(rec))
		}
	}
	return nil
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

// distribution is "easy 412 (41.2%), medium ...", in tier order; "" when
// nothing was counted.
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
			parts = append(parts, fmt.Sprintf("%s %d (%.1f%%)", n, c, 100*float64(c)/float64(t.total)))
		}
	}
	return strings.Join(parts, ", ")
}
