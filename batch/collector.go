package batch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudogen/sudogen/export"
)

// collector is the single goroutine that owns the run's shared state: it
// puts the workers' results back in order, applies Accept and Dedupe in
// that order, writes the sinks, keeps the stats and decides when the run
// stops. Because every decision is taken in index order, the output does
// not depend on which worker made what or when.
type collector struct {
	opts  *Options
	sinks []Sink
	pool  *pool
	limit int64 // attempts allowed (0: unbounded)
	start time.Time

	ring []result // reorder buffer: the result of seq s waits in ring[s%len]
	next int64    // the seq to consume next
	st   Stats
}

// outcome is why collect stopped; when err and early are unset, the stats
// say it (count reached, interrupted, or every allowed attempt used).
type outcome struct {
	err   error // a Make or sink error: the run failed
	early bool  // gave up before the last attempt (giveup.go)
}

func newCollector(opts *Options, sinks []Sink, p *pool, window int, limit int64, start time.Time) *collector {
	return &collector{opts: opts, sinks: sinks, pool: p, limit: limit, start: start, ring: make([]result, window)}
}

// collect takes results until the run is decided. When ctx is cancelled it
// still takes the results the workers had already delivered (without
// waiting for more), so a record finished before the interruption is
// kept whatever the scheduling.
func (c *collector) collect(ctx context.Context) outcome {
	for {
		select {
		case r, ok := <-c.pool.results:
			if !ok {
				return outcome{} // every allowed attempt was made
			}
			if o, stop := c.add(ctx, r); stop {
				return o
			}
		case <-ctx.Done():
			for {
				select {
				case r, ok := <-c.pool.results:
					if !ok {
						return outcome{}
					}
					if o, stop := c.add(ctx, r); stop {
						return o
					}
				default:
					return outcome{}
				}
			}
		}
	}
}

// add stores r and consumes every result now ready in order. It reports
// whether the run is decided.
func (c *collector) add(ctx context.Context, r result) (outcome, bool) {
	w := int64(len(c.ring))
	r.done = true
	c.ring[r.seq%w] = r
	for {
		slot := &c.ring[c.next%w]
		if !slot.done || slot.seq != c.next {
			return outcome{}, false
		}
		cur := *slot
		*slot = result{}
		c.next++
		if o, stop := c.consume(ctx, &cur); stop {
			return o, true
		}
		c.pool.tokens <- struct{}{}
	}
}

// consume handles the next result in order and reports whether the run is
// decided.
func (c *collector) consume(ctx context.Context, r *result) (outcome, bool) {
	st := &c.st
	var rj *Rejection
	excluded := r.err != nil && errors.Is(r.err, ErrExcluded)
	if r.err != nil && !excluded && !errors.As(r.err, &rj) && ctx.Err() != nil {
		// A Maker stopped by the interruption (e.g. generate.ErrCanceled):
		// not a failure, and not a puzzle tried (the summary's count and
		// the index to go on from stay before it).
		return outcome{}, true
	}
	st.Next = r.index + c.pool.step
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
		return outcome{err: fmt.Errorf("puzzle %d: %w", r.index, r.err)}, true
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
