package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
)

// BatchTargetOptions are the targeted-generation flags of `sudogen batch`:
// techniques the solve path must use and when to stop. With --tier they
// make the run a targeted one (batch.Target): puzzles that cannot be kept
// are dropped before or during grading instead of after it.
type BatchTargetOptions struct {
	Requires string        // comma-separated technique ids
	Hardest  string        // technique id
	MaxTime  time.Duration // 0: no limit

	target *batch.TargetPlan // nil: not a targeted run
	// timedOut is set when --max-time ended the run.
	timedOut bool
}

func (o *BatchTargetOptions) addFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Requires, "requires", "", "keep only puzzles whose solve path (in --profile) uses each of these techniques (comma-separated ids, e.g. swordfish,xy-wing; see sudogen techniques)")
	f.StringVar(&o.Hardest, "hardest", "", "keep only puzzles whose hardest step is this technique (e.g. x-wing: solvable by a reader who knows X-Wings)")
	f.DurationVar(&o.MaxTime, "max-time", 0, "stop after this long (e.g. 90s, 10m) keeping the puzzles found, when the count cannot be filled in time")
}

// plan checks the flags and, when the run keeps only some puzzles (--tier,
// --requires, --hardest), turns grading into targeted grading.
func (o *BatchTargetOptions) plan(run *batch.Options, so *batch.SudokuOptions, g *BatchGradeOptions) error {
	if o.MaxTime < 0 {
		return UsageErrorf("--max-time %s: expected a positive duration, e.g. 90s or 10m", o.MaxTime)
	}
	var requires []string
	for _, id := range strings.Split(o.Requires, ",") {
		if id = strings.TrimSpace(id); id != "" {
			requires = append(requires, id)
		}
	}
	hardest := strings.TrimSpace(o.Hardest)
	if g.NoGrade {
		switch {
		case len(requires) > 0:
			return UsageErrorf("--requires needs grading: drop --no-grade")
		case hardest != "":
			return UsageErrorf("--hardest needs grading: drop --no-grade")
		}
		return nil
	}
	if g.sel == nil && len(requires) == 0 && hardest == "" {
		return nil // every graded puzzle is kept: nothing to target
	}
	plan, err := batch.PlanTarget(batch.Target{
		Tiers: g.tiers, Keep: g.sel,
		Requires: requires, Hardest: hardest,
		Profile: g.Profile, NoUniqueness: g.NoUniqueness,
	})
	if err != nil {
		return asUsage(err)
	}
	o.target = plan
	gopts := plan.GraderOptions(*so.Grade)
	so.Grade, so.Target = &gopts, plan
	prev := run.Accept
	run.Accept = func(rec *export.Record) bool {
		// The Makers drop what the target does not keep; this checks
		// the records they keep once more.
		return plan.Keeps(rec) && (prev == nil || prev(rec))
	}
	return nil
}

// withMaxTime returns the run's context, ended after --max-time.
func (o *BatchTargetOptions) withMaxTime(ctx context.Context) (context.Context, context.CancelFunc) {
	if o.MaxTime <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, o.MaxTime, errMaxTime)
}

// errMaxTime is the cause of a run's context ended by --max-time.
var errMaxTime = errors.New("--max-time reached")

// stoppedByMaxTime reports whether a run that ended with err was stopped by
// --max-time (rather than by the user) and records it.
func (o *BatchTargetOptions) stoppedByMaxTime(parent, runCtx context.Context, err error) bool {
	if parent.Err() == nil && errors.Is(err, batch.ErrInterrupted) && context.Cause(runCtx) == errMaxTime {
		o.timedOut = true
	}
	return o.timedOut
}

// summary prints what the targeting did: the puzzles generated and
// graded, and how many were dropped for what.
func (o *BatchTargetOptions) summary(w io.Writer, st *batch.Stats) {
	wk := &st.Work
	if o.target == nil || !wk.Any() {
		return
	}
	made := st.Made()
	fmt.Fprintf(w, "targeting: %d puzzles generated, %d graded (%s), %d kept (%s of generated)",
		wk.Generated, wk.Graded, batch.Percent(float64(wk.Graded)/float64(wk.Generated)), made, batch.Percent(float64(made)/float64(wk.Generated)))
	var parts []string
	for _, rc := range wk.Reasons() {
		parts = append(parts, fmt.Sprintf("%d %s", rc.Count, rc.Reason))
	}
	if st.Duplicates > 0 {
		parts = append(parts, fmt.Sprintf("%d duplicates", st.Duplicates))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "; dropped: %s", strings.Join(parts, ", "))
	}
	fmt.Fprintln(w)
}

// maxTimeLine says why a run ended early at --max-time.
func (o *BatchTargetOptions) maxTimeLine(w io.Writer, st *batch.Stats, count int64, resumable bool) {
	fmt.Fprintf(w, "stopped at --max-time %s: kept %d of the %d puzzles asked for", o.MaxTime, st.Accepted, count)
	if st.Made() > 0 && st.Attempts > 0 {
		need := time.Duration(float64(st.Elapsed) / float64(st.Made()) * float64(count-st.Accepted))
		fmt.Fprintf(w, " (at the rate seen, the other %d need about %s more", count-st.Accepted, need.Round(time.Second))
		if resumable {
			fmt.Fprint(w, "; the same command with --resume continues the run")
		}
		fmt.Fprint(w, ")")
	} else {
		fmt.Fprintf(w, " (none found in %d tries)", st.Attempts)
	}
	fmt.Fprintln(w)
}
