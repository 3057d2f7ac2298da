package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// startProgress shows the progress of a batch run as a bar on opts.ErrOut,
// labelled desc, when --progress asks for it (always, or auto on a
// terminal), by hooking run.Progress. The bar counts accepted puzzles;
// its label adds how many were tried and the share accepted once filters
// drop some, then the rate and an ETA from the run's average (nothing made
// up before the first puzzle is accepted: "ETA ?", no "0/s"). The returned func
// removes the bar; call it when the run ends.
func startProgress(opts *BatchOptions, run *batch.Spec, desc string) (stop func()) {
	if opts.Progress != "always" && (opts.Progress != "auto" || !opts.ErrTerminal) {
		return func() {}
	}
	bar := progressbar.NewOptions64(run.Count,
		progressbar.OptionSetWriter(opts.ErrOut),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)
	var last time.Time
	run.Progress = func(s *batch.Stats) {
		if now := time.Now(); now.Sub(last) >= 100*time.Millisecond || s.Accepted >= run.Count {
			last = now
			label := progressLabel(desc, s, run.Count)
			if mt := opts.MaxTime; mt > 0 {
				label += fmt.Sprintf(", --max-time in %s", max(mt-s.Elapsed, 0).Round(time.Second))
			}
			bar.Describe(label)
		}
		bar.Set64(s.Accepted)
	}
	return func() {
		bar.Exit()
		bar.Clear() // the summary line takes its place
	}
}

// progressLabel is the bar's label: "9x9", then "tried 5,321, 18.8% kept"
// when filters dropped puzzles, then the rate and the ETA.
func progressLabel(desc string, s *batch.Stats, count int64) string {
	label := desc
	if s.Attempts > s.Made() {
		label += fmt.Sprintf(" tried %s, %s kept", numfmt.Int(s.Attempts), numfmt.Percent(s.AcceptRate()))
	}
	if s.Made() == 0 {
		return label + ", ETA ?"
	}
	left := time.Duration(float64(s.Elapsed) / float64(s.Made()) * float64(count-s.Accepted))
	return fmt.Sprintf("%s, %s, ETA %s", label, numfmt.Rate(s.Rate()), left.Round(time.Second))
}
