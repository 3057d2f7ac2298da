package batch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// fakeMaker makes a record from the rng alone and takes a random short
// time doing it, so workers finish out of order.
type fakeMaker struct {
	calls *atomic.Int64
	fail  int64 // index that fails, or -1
	panic int64 // index that panics, or -1
}

func (m *fakeMaker) Make(i int64, rng *rand.Rand) (export.Record, error) {
	m.calls.Add(1)
	v := rng.Uint64()
	time.Sleep(time.Duration(v%50) * time.Microsecond)
	if i == m.fail {
		return export.Record{}, errors.New("boom")
	}
	if i == m.panic {
		panic("kaboom")
	}
	return export.Record{
		ID: fmt.Sprintf("f-%d", i), Kind: "fake", Puzzle: fmt.Sprintf("%016x", v),
		Givens: int(v % 30), Canonical: fmt.Sprint(v % 5), Index: i,
	}, nil
}

func makers(calls *atomic.Int64) func(context.Context) (Maker, error) {
	return func(context.Context) (Maker, error) { return &fakeMaker{calls: calls, fail: -1, panic: -1}, nil }
}

// recSink keeps what it is given.
type recSink struct {
	recs            []export.Record
	closed, aborted bool
}

func (s *recSink) Write(r *export.Record) error { s.recs = append(s.recs, *r); return nil }
func (s *recSink) Close() error                 { s.closed = true; return nil }
func (s *recSink) Abort() error                 { s.aborted = true; return nil }

func (s *recSink) text() string {
	var b strings.Builder
	for _, r := range s.recs {
		fmt.Fprintf(&b, "%s %s\n", r.ID, r.Puzzle)
	}
	return b.String()
}

func TestRunSameOutputForAnyWorkers(t *testing.T) {
	var want string
	for _, w := range []int{1, 2, 3, 4, 8} {
		var calls atomic.Int64
		s := &recSink{}
		st, err := Run(context.Background(), Options{Count: 300, Workers: w, Seed: 7, NewMaker: makers(&calls)}, s)
		if err != nil {
			t.Fatal(err)
		}
		if st.Accepted != 300 || len(s.recs) != 300 || !s.closed {
			t.Fatalf("workers %d: accepted %d, wrote %d, closed %v", w, st.Accepted, len(s.recs), s.closed)
		}
		if calls.Load() != 300 {
			t.Errorf("workers %d: %d Make calls for 300 puzzles without filter", w, calls.Load())
		}
		for i, r := range s.recs {
			if r.Index != int64(i) {
				t.Fatalf("workers %d: record %d has index %d", w, i, r.Index)
			}
		}
		if w == 1 {
			want = s.text()
		} else if got := s.text(); got != want {
			t.Fatalf("workers %d: output differs from workers 1", w)
		}
	}
	// The records must really come from the seeded stream of each index.
	var calls atomic.Int64
	s := &recSink{}
	Run(context.Background(), Options{Count: 3, Workers: 2, Seed: 7, NewMaker: makers(&calls)}, s)
	for i, r := range s.recs {
		if w := fmt.Sprintf("%016x", NewRNG(7, int64(i)).Uint64()); r.Puzzle != w {
			t.Errorf("record %d: %s, want %s from NewRNG(7, %d)", i, r.Puzzle, w, i)
		}
	}
}

func TestStreamSeedsDiffer(t *testing.T) {
	seen := map[[2]uint64]bool{}
	for _, seed := range []uint64{0, 1, 2, 7, 1 << 40} {
		for i := int64(0); i < 2000; i++ {
			a, b := StreamSeed(seed, i)
			if seen[[2]uint64{a, b}] {
				t.Fatalf("StreamSeed(%d, %d) repeats an earlier stream", seed, i)
			}
			seen[[2]uint64{a, b}] = true
		}
	}
}

type setDedupe map[string]bool

func (d setDedupe) Seen(k string) bool {
	if d[k] {
		return true
	}
	d[k] = true
	return false
}

func TestRunAcceptAndDedupe(t *testing.T) {
	var calls atomic.Int64
	s := &recSink{}
	opts := Options{Count: 20, Workers: 3, Seed: 1, NewMaker: makers(&calls),
		Accept: func(r *export.Record) bool { return r.Index%3 == 0 }}
	st, err := Run(context.Background(), opts, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.recs) != 20 || st.Rejected != 2*19 || st.Attempts != 58 {
		t.Fatalf("accept: wrote %d, rejected %d, attempts %d; want 20, 38, 58", len(s.recs), st.Rejected, st.Attempts)
	}
	for i, r := range s.recs {
		if r.Index != int64(3*i) {
			t.Fatalf("record %d has index %d, want %d", i, r.Index, 3*i)
		}
	}

	// Only 5 distinct canonical keys exist: asking for 6 must stop at
	// MaxAttempts with a clear error and abort the sink (a failed run
	// leaves its output as it was).
	s = &recSink{}
	opts = Options{Count: 6, Workers: 2, Seed: 1, NewMaker: makers(&calls), Dedupe: setDedupe{}, MaxAttempts: 200}
	st, err = Run(context.Background(), opts, s)
	var gu *GiveUpError
	if !errors.As(err, &gu) || !strings.Contains(err.Error(), "gave up: 5 of 6 puzzles accepted in 200 attempts") {
		t.Fatalf("dedupe: err %v", err)
	}
	if len(s.recs) != 5 || st.Duplicates != 195 || s.closed || !s.aborted || gu.Stats.Accepted != 5 {
		t.Fatalf("dedupe: wrote %d, duplicates %d, closed %v, aborted %v", len(s.recs), st.Duplicates, s.closed, s.aborted)
	}
}

func TestRunMakerErrorAborts(t *testing.T) {
	for _, tc := range []struct{ fail, panic int64 }{{37, -1}, {-1, 37}} {
		var calls atomic.Int64
		s := &recSink{}
		opts := Options{Count: 100, Workers: 4, Seed: 1, NewMaker: func(context.Context) (Maker, error) {
			return &fakeMaker{calls: &calls, fail: tc.fail, panic: tc.panic}, nil
		}}
		_, err := Run(context.Background(), opts, s)
		if err == nil || !strings.Contains(err.Error(), "puzzle 37") {
			t.Fatalf("err = %v, want one naming puzzle 37", err)
		}
		if !s.aborted || s.closed || len(s.recs) != 37 {
			t.Fatalf("aborted %v closed %v wrote %d", s.aborted, s.closed, len(s.recs))
		}
	}
	if _, err := Run(context.Background(), Options{Count: 0, NewMaker: makers(new(atomic.Int64))}); err == nil {
		t.Error("count 0 accepted")
	}
}

func TestRunInterruptKeepsWritten(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	s := &recSink{}
	opts := Options{Count: 1_000_000, Workers: 4, Seed: 3, NewMaker: makers(&calls),
		Progress: func(st *Stats) {
			if st.Accepted == 50 {
				cancel()
			}
		}}
	st, err := Run(ctx, opts, s)
	if !errors.Is(err, ErrInterrupted) || !st.Interrupted {
		t.Fatalf("err %v, interrupted %v", err, st.Interrupted)
	}
	if !s.closed || s.aborted || int64(len(s.recs)) != st.Accepted || st.Accepted < 50 {
		t.Fatalf("closed %v aborted %v wrote %d accepted %d", s.closed, s.aborted, len(s.recs), st.Accepted)
	}
	if c := calls.Load(); c > 50+64*4+4 {
		t.Errorf("%d puzzles made for 50 accepted: the window does not bound the workers", c)
	}
}

// blockMaker holds index 0 until released, to see how far the other
// workers run ahead.
type blockMaker struct {
	release chan struct{}
	mu      *sync.Mutex
	max     *int64
}

func (m *blockMaker) Make(i int64, rng *rand.Rand) (export.Record, error) {
	if i == 0 {
		<-m.release
	}
	m.mu.Lock()
	if i > *m.max {
		*m.max = i
	}
	m.mu.Unlock()
	return export.Record{Index: i}, nil
}

func TestRunWindowBoundsMemory(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	var max int64
	done := make(chan error)
	s := &recSink{}
	go func() {
		_, err := Run(context.Background(), Options{Count: 10_000, Workers: 4, Window: 32, NewMaker: func(context.Context) (Maker, error) {
			return &blockMaker{release: release, mu: &mu, max: &max}, nil
		}}, s)
		done <- err
	}()
	// Let the workers fill the window (poll: the machine may be loaded),
	// then give them time to overrun it if they could.
	var ahead int64
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		ahead = max
		mu.Unlock()
		if ahead >= 31 {
			break
		}
	}
	time.Sleep(50 * time.Millisecond)
	mu.Lock()
	ahead = max
	mu.Unlock()
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ahead >= 32 {
		t.Errorf("while index 0 was held, workers reached index %d; window is 32", ahead)
	}
	if ahead < 31 {
		t.Errorf("while index 0 was held, workers reached only index %d; they should fill the window of 32", ahead)
	}
	if len(s.recs) != 10_000 {
		t.Errorf("wrote %d", len(s.recs))
	}
}

// TestRunFlatMemory: the pipeline's own memory (reorder ring, channels,
// workers) does not grow with Count. 200,000 cheap records go through a
// discarding sink while the collector samples the live heap.
func TestRunFlatMemory(t *testing.T) {
	var peak uint64
	var ms runtime.MemStats
	sample := func(st *Stats) {
		if st.Attempts%20000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak {
				peak = ms.HeapAlloc
			}
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	st, err := Run(context.Background(), Options{Count: 200_000, Workers: 4, Seed: 1, Progress: sample,
		NewMaker: func(context.Context) (Maker, error) { return cheapMaker{}, nil }}, &countSink{})
	if err != nil || st.Accepted != 200_000 {
		t.Fatalf("accepted %d, %v", st.Accepted, err)
	}
	if grown := int64(peak) - int64(base); grown > 4<<20 {
		t.Errorf("live heap grew by %d bytes over 200,000 records; the pipeline should hold O(window) records", grown)
	}
}

type cheapMaker struct{}

func (cheapMaker) Make(i int64, rng *rand.Rand) (export.Record, error) {
	return export.Record{Kind: "fake", Puzzle: "0123456789abcdef", Givens: int(rng.Uint64() % 30), Index: i}, nil
}

type countSink struct{ n int }

func (s *countSink) Write(*export.Record) error { s.n++; return nil }
func (s *countSink) Close() error               { return nil }

// funcMaker makes puzzles with a function.
type funcMaker func(i int64) (export.Record, error)

func (f funcMaker) Make(i int64, _ *rand.Rand) (export.Record, error) { return f(i) }

// TestRunInterruptDoesNotWaitForMake: once interrupted, Run returns without
// waiting for a puzzle still in progress (a 25x25 grading takes seconds).
func TestRunInterruptDoesNotWaitForMake(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hold := make(chan struct{})
	defer close(hold)
	slow := func(context.Context) (Maker, error) {
		return funcMaker(func(i int64) (export.Record, error) {
			if i > 0 {
				<-hold // a puzzle that takes "forever"
			}
			return export.Record{Index: i}, nil
		}), nil
	}
	s := &recSink{}
	type ret struct {
		st  Stats
		err error
	}
	done := make(chan ret, 1)
	go func() {
		st, err := Run(ctx, Options{Count: 10, Workers: 2, NewMaker: slow,
			Progress: func(st *Stats) { cancel() }}, s)
		done <- ret{st, err}
	}()
	select {
	case r := <-done:
		if !errors.Is(r.err, ErrInterrupted) || r.st.Accepted != 1 || !s.closed || s.aborted {
			t.Fatalf("err %v accepted %d closed %v aborted %v", r.err, r.st.Accepted, s.closed, s.aborted)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run still waiting for a puzzle in progress 5s after the interruption")
	}
}

// TestRunCanceledMakeIsInterruption: a Maker that fails because the run was
// interrupted (generate.ErrCanceled) does not turn the interruption into a
// failure that throws the output away.
func TestRunCanceledMakeIsInterruption(t *testing.T) {
	for range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		m := func(context.Context) (Maker, error) {
			return funcMaker(func(i int64) (export.Record, error) {
				if i == 0 {
					return export.Record{Index: i}, nil
				}
				cancel()
				return export.Record{}, errors.New("generation canceled")
			}), nil
		}
		s := &recSink{}
		st, err := Run(ctx, Options{Count: 5, Workers: 1, NewMaker: m}, s)
		cancel()
		if !errors.Is(err, ErrInterrupted) || !s.closed || s.aborted || st.Accepted != 1 {
			t.Fatalf("err %v closed %v aborted %v accepted %d", err, s.closed, s.aborted, st.Accepted)
		}
		// The puzzle stopped half made was not tried (audit 26: the
		// interrupted summary's "tried" was one too many).
		if st.Attempts != 1 || st.Next != 1 {
			t.Fatalf("attempts %d, next %d; want 1 and 1", st.Attempts, st.Next)
		}
	}
}

// TestSudokuMakerCanceled: with Generate.Cancel closed, Make stops with
// generate.ErrCanceled instead of making (and grading) a puzzle.
func TestSudokuMakerCanceled(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	for _, shape := range []sudoku.Shape{sudoku.Shape9, sudoku.Shape25} {
		opts := SudokuOptions{Generate: generate.Options{Shape: shape, MinGivens: 300, MaxGivens: 350, Cancel: closed}}
		if shape == sudoku.Shape9 {
			opts.Generate.MinGivens, opts.Generate.MaxGivens = 0, 0
		}
		m, err := NewSudokuMaker(opts)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Make(0, rand.New(rand.NewPCG(1, 0))); !errors.Is(err, generate.ErrCanceled) {
			t.Errorf("%s: err %v, want generate.ErrCanceled", shape, err)
		}
	}
}

func timeAfter(seconds int) <-chan time.Time { return time.After(time.Duration(seconds) * time.Second) }

func sleepMillis(ms int) { time.Sleep(time.Duration(ms) * time.Millisecond) }
