package batch

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/sudogen/sudogen/export"
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
	done  bool // the ring slot holds a result (collector.go)
}

// pool hands out the run's indices to the workers.
//
// A worker takes a token before each puzzle and the collector gives one
// back each time it consumes the next result in order, so at most
// len(tokens) (the window) results are ever pending: every pending seq is
// below the collector's next seq + window, and the collector's reorder
// buffer is a fixed ring of window slots.
type pool struct {
	seed        uint64
	start, step int64
	limit       int64 // attempts allowed (0: unbounded)
	next        atomic.Int64
	tokens      chan struct{}
	results     chan result // closed when every worker has exited
}

// index returns the puzzle index of position seq.
func (p *pool) index(seq int64) int64 { return p.start + seq*p.step }

// startWorkers starts one goroutine per Maker. They stop when ctx is done
// (without delivering what they were making) or when the attempts run out;
// results is closed once all have stopped.
func (p *pool) startWorkers(ctx context.Context, makers []Maker) {
	var wg sync.WaitGroup
	for _, m := range makers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.work(ctx, m)
		}()
	}
	go func() {
		wg.Wait()
		close(p.results)
	}()
}

func (p *pool) work(ctx context.Context, m Maker) {
	pcg := rand.NewPCG(0, 0)
	rng := rand.New(pcg)
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.tokens:
		}
		seq := p.next.Add(1) - 1
		if p.limit > 0 && seq >= p.limit {
			return
		}
		i := p.index(seq)
		pcg.Seed(StreamSeed(p.seed, i))
		rec, err := makeOne(m, i, rng)
		var work Work
		if wm, ok := m.(worker); ok {
			work = wm.TakeWork()
		}
		select {
		case p.results <- result{seq: seq, index: i, rec: rec, err: err, work: work}:
		case <-ctx.Done():
			return
		}
	}
}
