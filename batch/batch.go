// Package batch is the generation pipeline: worker goroutines make puzzles
// in parallel, one collector puts them back in index order, filters and
// deduplicates them, and streams them to the sinks.
//
// Puzzle number i of a run draws its randomness from (seed, i) alone and the
// collector handles results strictly in index order, so a run's output is
// the same byte for byte whatever the number of workers.
package batch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
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
// of Close when the run fails.
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
	// Seed is the run seed.
	Seed uint64
	// Start is the first index (0 normally); a later shard or a resumed run
	// starts further on.
	Start int64
	// NewMaker returns the Maker of one worker; it is called once per
	// worker, before any puzzle is made.
	NewMaker func() (Maker, error)
	// Accept, when set, keeps a record only if it returns true (a tier
	// filter, say). It runs in the collector and may change the record.
	Accept func(rec *export.Record) bool
	// Dedupe, when set, drops records whose Canonical key it has seen.
	Dedupe Deduper
	// MaxAttempts bounds the number of indices tried when filters reject
	// records (0: Count when there is no filter, else unbounded).
	MaxAttempts int64
	// Progress, when set, is called by the collector after each index it
	// handles, with the running totals.
	Progress func(s *Stats)
	// Window bounds how far workers may run ahead of the collector, in
	// puzzles (0: 64 per worker). Memory is O(Window), not O(Count).
	Window int
}

// Stats are the totals of a run.
type Stats struct {
	Accepted   int64 // records written
	Attempts   int64 // indices handled by the collector
	Rejected   int64 // dropped by Accept
	Duplicates int64 // dropped by Dedupe
	// Givens statistics over the accepted sudoku records.
	GivensMin, GivensMax int
	GivensSum            int64
	Elapsed              time.Duration
	// Interrupted is true when the context was cancelled before Count
	// records were accepted.
	Interrupted bool
	// Next is the index after the last one handled; a run resumed from
	// there continues the same sequence.
	Next int64
}

// GivensMean is the mean number of givens of the accepted records.
func (s *Stats) GivensMean() float64 {
	if s.Accepted == 0 {
		return 0
	}
	return float64(s.GivensSum) / float64(s.Accepted)
}

// Rate is accepted records per wall-clock second.
func (s *Stats) Rate() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Accepted) / s.Elapsed.Seconds()
}

// ErrInterrupted is returned (wrapped) by Run when the context was
// cancelled; the sinks are closed and hold every record accepted so far.
var ErrInterrupted = errors.New("interrupted")

type result struct {
	index int64
	rec   export.Record
	err   error
	done  bool
}

// Run makes puzzles until opts.Count records are accepted, writing them to
// every sink in index order. On success it closes the sinks. When ctx is
// cancelled it stops the workers (without waiting for the puzzles in
// progress), closes the sinks (keeping what was written) and returns an
// error wrapping ErrInterrupted along with the stats; a Make error after
// the cancellation counts as part of the interruption. On any other error
// it aborts the sinks that can be aborted.
func Run(ctx context.Context, opts Options, sinks ...Sink) (Stats, error) {
	start := time.Now()
	st := Stats{Next: opts.Start}
	if opts.Count < 1 {
		return st, fmt.Errorf("batch: count %d: must be at least 1", opts.Count)
	}
	if opts.NewMaker == nil {
		return st, errors.New("batch: no NewMaker")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	limit := opts.MaxAttempts
	if limit <= 0 && opts.Accept == nil && opts.Dedupe == nil {
		limit = opts.Count
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

	makers := make([]Maker, workers)
	for w := range makers {
		m, err := opts.NewMaker()
		if err != nil {
			abort(sinks)
			return st, err
		}
		makers[w] = m
	}

	wctx, stop := context.WithCancel(ctx)
	defer stop()
	// tokens bounds the indices handed out but not yet consumed by the
	// collector, so every pending index is < next+window.
	tokens := make(chan struct{}, window)
	for range window {
		tokens <- struct{}{}
	}
	results := make(chan result, window)
	var counter atomic.Int64
	counter.Store(opts.Start)
	end := int64(-1)
	if limit > 0 {
		end = opts.Start + limit
	}
	var wg sync.WaitGroup
	for _, m := range makers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pcg := rand.NewPCG(0, 0)
			rng := rand.New(pcg)
			for {
				select {
				case <-wctx.Done():
					return
				case <-tokens:
				}
				i := counter.Add(1) - 1
				if end >= 0 && i >= end {
					return
				}
				pcg.Seed(StreamSeed(opts.Seed, i))
				rec, err := makeOne(m, i, rng)
				select {
				case results <- result{index: i, rec: rec, err: err}:
				case <-wctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make([]result, window)
	next := opts.Start
	var runErr error
collect:
	for {
		var r result
		var ok bool
		select {
		case r, ok = <-results:
		case <-ctx.Done():
			break collect
		}
		if !ok {
			break
		}
		pending[r.index%int64(window)] = r
		pending[r.index%int64(window)].done = true
		for {
			slot := &pending[next%int64(window)]
			if !slot.done || slot.index != next {
				break
			}
			cur := *slot
			*slot = result{}
			next++
			st.Next = next
			st.Attempts++
			if cur.err != nil {
				if ctx.Err() != nil {
					// A Maker stopped by the interruption (e.g.
					// generate.ErrCanceled): not a failure.
					break collect
				}
				runErr = fmt.Errorf("puzzle %d: %w", cur.index, cur.err)
				break collect
			}
			if keep(&cur.rec, opts, &st) {
				for _, s := range sinks {
					if err := s.Write(&cur.rec); err != nil {
						runErr = err
						break collect
					}
				}
				countAccepted(&cur.rec, &st)
			}
			if opts.Progress != nil {
				st.Elapsed = time.Since(start)
				opts.Progress(&st)
			}
			if st.Accepted >= opts.Count {
				break collect
			}
			tokens <- struct{}{}
		}
	}
	stop()
	if ctx.Err() == nil {
		// Let the workers see the cancellation and exit; they never block
		// on a full results channel once wctx is done.
		for range results {
		}
	}
	// When interrupted, Run does not wait for the puzzles in progress (a
	// 25x25 grading takes seconds): their workers deliver nothing more and
	// exit on their own when their Make returns.
	st.Elapsed = time.Since(start)

	if runErr != nil {
		abort(sinks)
		return st, runErr
	}
	if st.Accepted < opts.Count {
		if ctx.Err() != nil {
			st.Interrupted = true
			if err := closeAll(sinks); err != nil {
				return st, err
			}
			return st, fmt.Errorf("%w after %d of %d puzzles", ErrInterrupted, st.Accepted, opts.Count)
		}
		// Every allowed attempt was used.
		if err := closeAll(sinks); err != nil {
			return st, err
		}
		return st, fmt.Errorf("batch: only %d of %d puzzles accepted in %d attempts", st.Accepted, opts.Count, st.Attempts)
	}
	return st, closeAll(sinks)
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

func keep(rec *export.Record, opts Options, st *Stats) bool {
	if opts.Accept != nil && !opts.Accept(rec) {
		st.Rejected++
		return false
	}
	if opts.Dedupe != nil && rec.Canonical != "" && opts.Dedupe.Seen(rec.Canonical) {
		st.Duplicates++
		return false
	}
	return true
}

func countAccepted(rec *export.Record, st *Stats) {
	if st.Accepted == 0 || rec.Givens < st.GivensMin {
		st.GivensMin = rec.Givens
	}
	if rec.Givens > st.GivensMax {
		st.GivensMax = rec.Givens
	}
	st.GivensSum += int64(rec.Givens)
	st.Accepted++
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
