// Package pool runs work on every core and hands the results back in the
// order the work came in: one producer fills items, workers handle them,
// and the caller's goroutine collects them in order. Items are recycled,
// so memory is bounded by the window (the items in flight), whatever the
// input size. It is the one ordered pool of the program: batch's puzzle
// makers (batch.Run), merge's and --exclude's line parsers, and the
// commands that read puzzles a line at a time (solve, grade, canon,
// explain, stats).
package pool

import (
	"context"
	"runtime"
	"sync"
)

// Options size a pool.
type Options struct {
	// Workers is the number of worker goroutines (0: GOMAXPROCS).
	Workers int
	// Window is the number of items in flight, produced but not yet
	// collected (0: 4 per worker). The producer waits for a free item.
	Window int
	// NoWait makes Run return at once on an error or cancellation
	// instead of waiting for workers in the middle of an item: they end
	// when it is done, and what they made is dropped. A command that
	// must exit on Ctrl-C while a worker grades a puzzle for seconds
	// sets it.
	NoWait bool
	// Drain makes Run, when ctx is done, still collect (in order) the
	// items the workers had already finished, without waiting for the
	// ones in progress, before it returns ctx's error: a batch run keeps
	// every puzzle made before Ctrl-C, whatever the scheduling. Without
	// it nothing is collected once Run sees ctx done.
	Drain bool
}

// Producer fills items in order. It calls get for a free item (false when
// the run is over: stop then), fills it, and calls send to hand it to the
// workers; items must be sent in the order they were gotten. It runs in
// its own goroutine; it may return early (the run ends once everything
// sent is collected).
type Producer[T any] func(get func() (T, bool), send func(T))

// Run runs produce, one worker made by newWorker per worker goroutine (a
// worker may keep work space across items), and collect, which gets every
// item sent, in the order sent, in the calling goroutine. An item is
// reused once collect returns: collect must not keep it.
//
// Run returns nil when every item sent is collected and produce has
// returned; the first error collect returns (nothing after it is
// collected); or ctx's error when ctx is done before that, even when the
// producer, its get refused, returned (nothing is collected after Run sees
// it, unless Options.Drain). On any return the workers have ended (unless
// Options.NoWait); the producer may still be blocked in a read it cannot
// leave, but get then returns false and send does not block.
func Run[T any](ctx context.Context, o Options, newItem func() T, produce Producer[T], newWorker func() func(T), collect func(T) error) error {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := o.Window
	if window <= 0 {
		window = 4 * workers
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel() // first: a worker waiting for work then returns
		if !o.NoWait {
			wg.Wait()
		}
	}()

	type slot struct {
		seq int
		v   T
	}
	free := make(chan *slot, window)
	for range window {
		free <- &slot{v: newItem()}
	}
	// work and done hold at most window slots each: no send on them
	// blocks once the slot is taken from free.
	work := make(chan *slot, window)
	done := make(chan *slot, window)
	// produced is closed when produce returns; sent is then the number of
	// items it sent.
	produced := make(chan struct{})
	sent := 0

	go func() {
		defer close(produced)
		defer close(work)
		var pending []*slot // gotten, not sent yet, in order
		seq := 0
		get := func() (T, bool) {
			var zero T
			select {
			case s := <-free:
				s.seq = seq
				seq++
				pending = append(pending, s)
				return s.v, true
			case <-ctx.Done():
				return zero, false
			}
		}
		send := func(v T) {
			if len(pending) == 0 {
				panic("pool: send without get")
			}
			s := pending[0]
			pending = pending[1:]
			s.v = v
			sent++
			work <- s
		}
		produce(get, send)
		if len(pending) > 0 {
			panic("pool: producer returned with items gotten and not sent")
		}
	}()

	for range workers {
		handle := newWorker()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case s, ok := <-work:
					if !ok {
						return
					}
					handle(s.v)
					done <- s
				case <-ctx.Done():
					return
				}
			}
		}()
	}

	ring := make([]*slot, window)
	next := 0
	// drain collects, once ctx is done, the items already finished that
	// come next in order, then returns ctx's error (Options.Drain).
	drain := func() error {
		for {
			for more := true; more; {
				select {
				case s := <-done:
					ring[s.seq%window] = s
				default:
					more = false
				}
			}
			s := ring[next%window]
			if s == nil || s.seq != next {
				return ctx.Err()
			}
			ring[next%window] = nil
			next++
			if err := collect(s.v); err != nil {
				return err
			}
		}
	}
	finished := false // produce returned: sent is final
	for {
		if finished && next == sent {
			// A producer stopped by ctx (its get returned false) is not a
			// finished input: say so, whichever case the select took.
			return ctx.Err()
		}
		s := ring[next%window]
		if s == nil || s.seq != next {
			select {
			case s = <-done:
				ring[s.seq%window] = s
			case <-produced:
				finished, produced = true, nil
			case <-ctx.Done():
				if o.Drain {
					return drain()
				}
				return ctx.Err()
			}
			continue
		}
		if ctx.Err() != nil {
			if o.Drain {
				return drain()
			}
			return ctx.Err()
		}
		ring[next%window] = nil
		next++
		if err := collect(s.v); err != nil {
			return err
		}
		free <- s
	}
}
