package pool

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

type item struct {
	in, out int
	spin    int
}

// produceN sends items 0..n-1 with a random amount of work each.
func produceN(n int, seed uint64) Producer[*item] {
	return func(get func() (*item, bool), send func(*item)) {
		rng := rand.New(rand.NewPCG(seed, 1))
		for i := range n {
			it, ok := get()
			if !ok {
				return
			}
			it.in, it.out, it.spin = i, 0, rng.IntN(2000)
			send(it)
		}
	}
}

// square is a worker: out = in*in, after some busy work.
func square() func(*item) {
	return func(it *item) {
		x := 0
		for i := range it.spin {
			x += i
		}
		_ = x
		it.out = it.in * it.in
	}
}

// TestRunOrder: every item comes back once, in order, with its result,
// for any number of workers and windows, and no more items exist than the
// window.
func TestRunOrder(t *testing.T) {
	for _, c := range []struct{ n, workers, window int }{
		{0, 1, 1}, {1, 1, 1}, {100, 1, 1}, {1000, 4, 0}, {1000, 8, 3}, {5000, 3, 64}, {17, 16, 2},
	} {
		var made atomic.Int32
		next := 0
		err := Run(context.Background(), Options{Workers: c.workers, Window: c.window},
			func() *item { made.Add(1); return &item{} },
			produceN(c.n, uint64(c.n)), square,
			func(it *item) error {
				if it.in != next || it.out != next*next {
					t.Fatalf("n=%d workers=%d: got item %d (%d), want %d", c.n, c.workers, it.in, it.out, next)
				}
				next++
				return nil
			})
		if err != nil || next != c.n {
			t.Errorf("n=%d workers=%d window=%d: %d collected, err %v", c.n, c.workers, c.window, next, err)
		}
		want := c.window
		if want == 0 {
			want = 4 * c.workers
		}
		if int(made.Load()) != want {
			t.Errorf("n=%d: %d items made, window %d", c.n, made.Load(), want)
		}
	}
}

// TestRunCollectError: the first error of collect ends the run; nothing
// after it is collected, and the workers have ended when Run returns.
func TestRunCollectError(t *testing.T) {
	stop := errors.New("disk full")
	var running atomic.Int32
	seen := 0
	err := Run(context.Background(), Options{Workers: 4, Window: 8}, func() *item { return &item{} },
		produceN(100000, 2),
		func() func(*item) {
			h := square()
			return func(it *item) { running.Add(1); h(it); running.Add(-1) }
		},
		func(it *item) error {
			seen++
			if it.in == 500 {
				return stop
			}
			if it.in > 500 {
				t.Fatalf("collected %d after the error", it.in)
			}
			return nil
		})
	if !errors.Is(err, stop) || seen != 501 {
		t.Errorf("err %v after %d items, want %v after 501", err, seen, stop)
	}
	if n := running.Load(); n != 0 {
		t.Errorf("%d workers still running after Run returned", n)
	}
}

// TestRunCancel: cancelling ctx ends the run with ctx's error, even with
// a producer blocked in a read that never returns, and workers stuck on
// nothing.
func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	block := make(chan struct{})
	defer close(block)
	collected := 0
	err := Run(ctx, Options{Workers: 2}, func() *item { return &item{} },
		func(get func() (*item, bool), send func(*item)) {
			for i := 0; ; i++ {
				if i == 50 {
					<-block // a read that never returns
					return
				}
				it, ok := get()
				if !ok {
					return
				}
				it.in = i
				send(it)
			}
		}, square,
		func(it *item) error {
			collected++
			if it.in == 40 {
				cancel()
			}
			if it.in > 40 {
				t.Fatalf("collected %d after cancel", it.in)
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) || collected != 41 {
		t.Errorf("err %v after %d items, want canceled after 41", err, collected)
	}
}

// TestRunCancelBeforeStart: a ctx done already collects nothing.
func TestRunCancelBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Run(ctx, Options{}, func() *item { return &item{} }, produceN(1000, 3), square,
		func(*item) error { t.Fatal("collected after cancel"); return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
}

// TestRunSlowCollector: a collector slower than the workers still gets
// every item in order (the producer waits for free items).
func TestRunSlowCollector(t *testing.T) {
	next := 0
	err := Run(context.Background(), Options{Workers: 4, Window: 4}, func() *item { return &item{} },
		produceN(200, 4), square, func(it *item) error {
			if it.in != next {
				t.Fatalf("got %d, want %d", it.in, next)
			}
			next++
			if next%50 == 0 {
				time.Sleep(time.Millisecond)
			}
			return nil
		})
	if err != nil || next != 200 {
		t.Errorf("%d collected, err %v", next, err)
	}
}

// BenchmarkRun is the pool's cost per item with trivial work.
func BenchmarkRun(b *testing.B) {
	for b.Loop() {
		Run(context.Background(), Options{}, func() *item { return &item{} }, produceN(1000, 5),
			func() func(*item) { return func(it *item) { it.out = it.in } }, func(*item) error { return nil })
	}
}

// TestRunNoWait: with NoWait, a cancelled run returns while a worker is
// still in the middle of an item.
func TestRunNoWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Options{Workers: 1, Window: 1, NoWait: true}, func() *item { return &item{} },
			produceN(10, 6),
			func() func(*item) {
				return func(*item) {
					select {
					case started <- struct{}{}:
					default:
					}
					<-release
				}
			},
			func(*item) error { return nil })
	}()
	<-started
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("Run waited for the busy worker")
	}
	close(release)
}

// TestRunDrain: with Drain, a cancelled run still collects, in order, the
// items already finished (0-4 here, made before the worker started item
// 5, which never ends), and nothing after; without it, at most the item
// in the collector's hands when ctx ended.
func TestRunDrain(t *testing.T) {
	for _, drain := range []bool{true, false} {
		ctx, cancel := context.WithCancel(context.Background())
		gate := make(chan struct{})
		started5 := make(chan struct{})
		release := make(chan struct{})
		var got []int
		done := make(chan error, 1)
		go func() {
			done <- Run(ctx, Options{Workers: 1, Window: 8, NoWait: true, Drain: drain}, func() *item { return &item{} },
				produceN(8, 7),
				func() func(*item) {
					return func(it *item) {
						if it.in == 5 {
							close(started5)
							<-release
						}
						it.out = it.in * it.in
					}
				},
				func(it *item) error {
					if it.in == 0 {
						<-gate
					}
					if it.out != it.in*it.in {
						t.Errorf("item %d collected unfinished", it.in)
					}
					got = append(got, it.in)
					return nil
				})
		}()
		<-started5 // one worker: items 0-4 are finished and handed back
		cancel()
		close(gate)
		err := <-done
		close(release)
		want := []int{0, 1, 2, 3, 4}
		if !drain && len(got) <= 1 {
			want = got // item 0 may or may not have reached the collector
		}
		if !errors.Is(err, context.Canceled) || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("drain %v: err %v, collected %v, want %v", drain, err, got, want)
		}
	}
}
