package main

import (
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/sudogen/sudogen/batch"
)

// startProgress shows the progress of a batch run as a bar on opts.ErrOut,
// labelled desc, when --progress asks for it (always, or auto on a
// terminal), by hooking run.Progress. The returned func removes the bar; call
// it when the run ends.
func startProgress(opts *BatchOptions, run *batch.Options, desc string) (stop func()) {
	if opts.Progress != "always" && (opts.Progress != "auto" || !opts.ErrTerminal) {
		return func() {}
	}
	bar := progressbar.NewOptions64(opts.Count,
		progressbar.OptionSetWriter(opts.ErrOut),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("puzzles"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)
	run.Progress = func(s *batch.Stats) { bar.Set64(s.Accepted) }
	return func() { bar.Exit() }
}
