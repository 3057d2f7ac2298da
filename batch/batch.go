package batch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/sudogen/sudogen/export"
)

// Maker makes the puzzle of one index. A Maker belongs to one worker, so it
// may keep work space (generator, solver, grader) between calls.
type Maker interface {
	// Make returns the record of puzzle index, drawing every random choice
	// from rng, which is seeded from (run seed, index) alone. It must set
	// the record's fields itself (including Seed and Index).
	Make(index int64, rng *rand.Rand) (export.Record, error)
}

// Deduper remembers canonical keys. Seen reports whether key was seen
// before and records it. It is called from the collector only.
type Deduper interface {
	Seen(key string) bool
}

// Sink receives the accepted records, in index order, from the collector.
type Sink interface {
	Write(rec *export.Record) error
	// Close finishes the output: for a file, flush, sync and rename it to
	// its final name. Run calls Close on success and on interruption.
	Close() error
}

// Aborter is a Sink that can throw its output away; Run calls Abort instead
// of Close when the run fails (an error, or a quota it gave up on), so a
// failed run leaves an existing output file as it was.
type Aborter interface {
	Abort() error
}

// Options configure a run.
type Options struct {
	// Count is the number of records to accept (at least 1).
	Count int64
	// Workers is the number of generating goroutines; 0 means
	// runtime.NumCPU().
	Workers int
	// Seed is the run seed, at most export.MaxSeed (so every record's
	// seed reads back exactly in any JSON reader).
	Seed uint64
	// Start is the first index (0 normally) and Step the distance between
	// the indices the run makes (0 means 1): shard I of N makes Start I,
	// Step N, that is the indices I, I+N, I+2N, ... of the unsharded run.
	Start, Step int64
	// NewMaker returns the Maker of one worker; it is called once per
	// worker, before any puzzle is made. Its ctx is done as soon as the
	// run needs no more puzzles (count reached, interrupted, failed): a
	// Maker should stop the puzzle in progress then (generate.Options
	// Cancel, slide.Options Cancel), since Run does not wait for it.
	NewMaker func(ctx context.Context) (Maker, error)
	// Accept, when set, keeps a record only if it returns true (a tier
	// filter, say). It runs in the collector and may change the record.
	Accept func(rec *export.Record) bool
	// Dedupe, when set, drops records whose Canonical key it has seen.
	Dedupe Deduper
	// MaxAttempts bounds the number of indices tried when filters reject
	// records (0: Count when there is no filter, else unbounded). With a
	// bound, the run also gives up early once the acceptance rate it has
	// seen makes Count clearly unreachable within it (see giveup.go).
	MaxAttempts int64
	// Progress, when set, is called by the collector after each index it
	// handles, with the running totals.
	Progress func(s *Stats)
	// Window bounds how far workers may run ahead of the collector, in
	// puzzles (0: 64 per worker). Memory is O(Window), not O(Count).
	Window int
	// Replay, when set, gives the records an interrupted run of the same
	// options already accepted (batch --resume, see resume.go). Run feeds
	// them to the dedupe set, the stats and the sinks first, as if it had
	// just made them, then goes on from the index after the last one: the
	// output is the uninterrupted run's, byte for byte.
	Replay Replayer
}

// WorkersPerCPU bounds Options.Workers: CPU-bound goroutines past a few
// per CPU only cost memory (each holds a generator and a grader) and
// switching.
const WorkersPerCPU = 4

// MaxWorkers is the most workers a run uses: WorkersPerCPU per CPU.
func MaxWorkers() int { return WorkersPerCPU * runtime.NumCPU() }

// ErrInterrupted is returned (wrapped) by Run when the context was
// cancelled; the sinks are closed and hold every record accepted so far.
var ErrInterrupted = errors.New("interrupted")

// Run makes puzzles until opts.Count records are accepted, writing them to
// every sink in index order. On success it closes the sinks.
//
// It returns as soon as the outcome is known, without waiting for the
// puzzles still in progress: their Makers' ctx is cancelled and their
// workers exit when Make returns, delivering nothing more. So reaching the
// count, an interruption and a failure all take effect at once, even when
// another worker is in the middle of a puzzle that takes seconds.
//
// When ctx is cancelled, the results already delivered are still taken in
// order, the sinks are closed (keeping what was written; aborted when
// nothing was) and Run returns an error wrapping ErrInterrupted along with
// the stats; a Make error after
// the cancellation counts as part of the interruption. When the quota is
// out of reach it returns a *GiveUpError; on that and on any other error it
// aborts the sinks that can be aborted.
func Run(ctx context.Context, opts Options, sinks ...Sink) (Stats, error) {
	start := time.Now()
	step := opts.Step
	if step <= 0 {
		step = 1
	}
	st := Stats{Next: opts.Start}
	if opts.Count < 1 {
		return st, fmt.Errorf("batch: count %d: must be at least 1", opts.Count)
	}
	if opts.NewMaker == nil {
		return st, errors.New("batch: no NewMaker")
	}
	if opts.Seed > export.MaxSeed {
		return st, fmt.Errorf("batch: seed %d: at most %d (2^53-1, so records' seeds read back exactly in any JSON reader)", opts.Seed, uint64(export.MaxSeed))
	}
	if opts.Replay != nil {
		next, err := replay(&opts, &st, step, sinks)
		if err != nil {
			abort(sinks)
			return st, err
		}
		opts.Start = next
		if st.Accepted >= opts.Count {
			st.Elapsed = time.Since(start)
			return st, closeAll(sinks)
		}
	}

	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, MaxWorkers())
	limit := opts.MaxAttempts
	if limit <= 0 && opts.Accept == nil && opts.Dedupe == nil {
		limit = opts.Count - st.Accepted // every attempt is accepted
	}
	if limit > 0 && limit < int64(workers) {
		workers = int(limit)
	}
	window := opts.Window
	if window <= 0 {
		window = 64 * workers
	}
	if window < workers {
		window = workers
	}

	// wctx is done when the run needs no more puzzles, whatever the
	// reason; the workers and their Makers watch it.
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	makers := make([]Maker, workers)
	for w := range makers {
		m, err := opts.NewMaker(wctx)
		if err != nil {
			abort(sinks)
			return st, err
		}
		makers[w] = m
	}

	c := newCollector(ctx, &opts, sinks, step, limit, start)
	c.st = st
	outcome := makeAll(wctx, makers, opts.Seed, opts.Start, step, limit, window, c)
	stop()
	st = c.st
	st.Elapsed = time.Since(start)

	switch {
	case outcome.err != nil:
		abort(sinks)
		return st, outcome.err
	case st.Accepted >= opts.Count:
		return st, closeAll(sinks)
	case ctx.Err() != nil:
		st.Interrupted = true
		if st.Accepted == 0 {
			// Nothing to keep: leave an existing output as it was.
			abort(sinks)
		} else if err := closeAll(sinks); err != nil {
			return st, err
		}
		return st, fmt.Errorf("%w after %d of %d puzzles", ErrInterrupted, st.Accepted, opts.Count)
	default:
		// The attempts ran out, or the rate seen says they will: the
		// quota cannot be met. Leave the outputs as they were.
		abort(sinks)
		return st, &GiveUpError{Stats: st, Count: opts.Count, MaxAttempts: limit, Early: outcome.early}
	}
}

// makeOne runs m.Make, turning a panic into an error so one bad puzzle
// cannot take the process down without the sinks being handled.
func makeOne(m Maker, i int64, rng *rand.Rand) (rec export.Record, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return m.Make(i, rng)
}

func closeAll(sinks []Sink) error {
	var first error
	for _, s := range sinks {
		if err := s.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func abort(sinks []Sink) {
	for _, s := range sinks {
		if a, ok := s.(Aborter); ok {
			a.Abort()
		} else {
			s.Close()
		}
	}
}
