package batch

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/pool"
)

// result is one made puzzle on its way to the collector. seq is its
// position in the run (0, 1, 2, ...), index = start + seq*step its puzzle
// index.
type result struct {
	seq   int64
	index int64
	rec   export.Record
	err   error
	work  Work // what a targeted Maker did for this index (target.go)
}

// errDecided ends the pool's run once the collector has decided it (the
// count reached, the attempts used up, given up early, or a failure): the
// collector's outcome says which.
var errDecided = errors.New("batch: run decided")

// makeAll makes the run's puzzles on the program's ordered pool
// (internal/pool): a producer hands out the positions 0, 1, 2, ... (up to
// limit when it is set), one goroutine per Maker makes each position's
// puzzle, and the collector gets the results in position order. At most
// window results are in flight: workers run at most that far ahead of the
// collector, so memory is O(window), not O(Count).
//
// wctx is done when the run needs no more puzzles; makeAll then returns
// without waiting for a worker in the middle of a puzzle (pool NoWait):
// its Maker watches wctx and its result is dropped. When ctx (the
// caller's) ends first, the results the workers had already delivered are
// still collected in order (pool Drain), so a record finished before the
// interruption is kept whatever the scheduling.
func makeAll(wctx context.Context, makers []Maker, seed uint64, start, step, limit int64, window int, c *collector) outcome {
	var out outcome
	next := 0
	pool.Run(wctx, pool.Options{Workers: len(makers), Window: window, NoWait: true, Drain: true},
		func() *result { return &result{} },
		func(get func() (*result, bool), send func(*result)) {
			for seq := int64(0); limit <= 0 || seq < limit; seq++ {
				r, ok := get()
				if !ok {
					return
				}
				*r = result{seq: seq, index: start + seq*step}
				send(r)
			}
		},
		func() func(*result) {
			m := makers[next]
			next++
			pcg := rand.NewPCG(0, 0)
			rng := rand.New(pcg)
			return func(r *result) {
				pcg.Seed(StreamSeed(seed, r.index))
				r.rec, r.err = makeOne(m, r.index, rng)
				if wm, ok := m.(worker); ok {
					r.work = wm.TakeWork()
				}
			}
		},
		func(r *result) error {
			cur := *r // the sinks and filters get a record of their own
			if o, stop := c.consume(&cur); stop {
				out = o
				return errDecided
			}
			return nil
		})
	return out
}
