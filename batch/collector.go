package batch

import (
	"context"
	"errors"
	"time"

	"github.com/sudogen/sudogen/export"
)

// collector owns the run's shared state, in the goroutine that runs the
// pool (makeAll): it gets the workers' results in order, applies Accept and
// Dedupe in that order, writes the sinks, keeps the stats and decides when
// the run stops. Because every decision is taken in index order, the output
// does not depend on which worker made what or when.
type collector struct {
	ctx   context.Context // the caller's: a Maker error after it ended is part of the interruption
	opts  *Options
	sinks []Sink
	step  int64
	limit int64 // attempts allowed (0: unbounded)
	start time.Time
	st    Stats
}

// outcome is why the run stopped; when err and early are unset, the stats
// say it (count reached, interrupted, or every allowed attempt used).
type outcome struct {
	err   error // a Make or sink error: the run failed
	early bool  // gave up before the last attempt (giveup.go)
}

func newCollector(ctx context.Context, opts *Options, sinks []Sink, step, limit int64, start time.Time) *collector {
	return &collector{ctx: ctx, opts: opts, sinks: sinks, step: step, limit: limit, start: start}
}

// consume handles the next result in order and reports whether the run is
// decided.
func (c *collector) consume(r *result) (outcome, bool) {
	st := &c.st
	var rj *Rejection
	excluded := r.err != nil && errors.Is(r.err, ErrExcluded)
	if r.err != nil && !excluded && !errors.As(r.err, &rj) && c.ctx.Err() != nil {
		// A Maker stopped by the interruption (e.g. generate.ErrCanceled):
		// not a failure, and not a puzzle tried (the summary's count and
		// the index to go on from stay before it).
		return outcome{}, true
	}
	st.Next = r.index + c.step
	st.Attempts++
	switch {
	case excluded:
		// In an excluded corpus, dropped before grading (sudoku.go):
		// the duplicate the Deduper would have found.
		st.Duplicates++
	case rj != nil:
		// A targeted Maker dropped the puzzle early (target.go).
		st.Rejected++
	case r.err != nil:
		return outcome{err: &MakeError{Index: r.index, Err: r.err}}, true
	}
	st.Work.add(&r.work)
	if r.err == nil && c.keep(&r.rec) {
		for _, s := range c.sinks {
			if err := s.Write(&r.rec); err != nil {
				return outcome{err: err}, true
			}
		}
		st.countAccepted(&r.rec)
	}
	if c.opts.Progress != nil {
		st.Elapsed = time.Since(c.start)
		c.opts.Progress(st)
	}
	switch {
	case st.Accepted >= c.opts.Count:
		return outcome{}, true
	case c.limit > 0 && st.Attempts >= c.limit:
		return outcome{}, true
	case c.limit > 0 && st.unreachable(c.opts.Count, c.limit):
		return outcome{early: true}, true
	}
	return outcome{}, false
}

// keep applies Accept, then Dedupe, counting what each drops. A record the
// filter rejects does not enter the dedupe set.
func (c *collector) keep(rec *export.Record) bool {
	if c.opts.Accept != nil && !c.opts.Accept(rec) {
		c.st.Rejected++
		return false
	}
	if c.opts.Dedupe != nil && rec.Canonical != "" && c.opts.Dedupe.Seen(rec.Canonical) {
		c.st.Duplicates++
		return false
	}
	return true
}
