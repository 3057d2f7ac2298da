package batch

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// TestRateUpperCoverage: the optimistic bound must hardly ever fall below
// the true rate, or a feasible run would be judged hopeless. Simulated
// binomial draws at several true rates: the bound may miss the true rate
// in at most a few per thousand draws (its nominal miss rate is 0.05%).
func TestRateUpperCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		p float64
		n int
	}{{0.5, 1000}, {0.05, 1000}, {0.01, 2000}, {0.002, 5000}, {0.001, 1000}} {
		misses := 0
		const draws = 2000
		for range draws {
			k := 0
			for range c.n {
				if rng.Float64() < c.p {
					k++
				}
			}
			if rateUpper(int64(k), int64(c.n)) < c.p {
				misses++
			}
		}
		if misses > draws*4/1000 {
			t.Errorf("p %g n %d: bound below the true rate in %d of %d draws", c.p, c.n, misses, draws)
		}
	}
	// No observation allows any rate; nothing accepted in n allows about
	// 10.8/n (the 99.9% "rule of three").
	if rateUpper(0, 0) != 1 {
		t.Errorf("rateUpper(0, 0) = %g", rateUpper(0, 0))
	}
	if u := rateUpper(0, 1000); u < 0.0100 || u > 0.0110 {
		t.Errorf("rateUpper(0, 1000) = %g, want about 0.0107", u)
	}
	if u := rateUpper(1000, 1000); u != 1 {
		t.Errorf("rateUpper(1000, 1000) = %g, want 1", u)
	}
}

// rateMaker makes records of which one in every `every` passes rateAccept.
type rateMaker struct{ every uint64 }

func (m rateMaker) Make(i int64, rng *rand.Rand) (export.Record, error) {
	tier := "common"
	if rng.Uint64N(m.every) == 0 {
		tier = "rare"
	}
	return export.Record{Kind: "fake", Tier: tier, Index: i}, nil
}

func rateAccept(rec *export.Record) bool { return rec.Tier == "rare" }

// TestRunGivesUp: a quota whose rate is far below what the attempt budget
// allows stops early with a *GiveUpError and aborts the sinks; one whose
// rate fits the budget runs to the end whatever the seed.
func TestRunGivesUp(t *testing.T) {
	run := func(every uint64, count, budget int64, seed uint64) (*recSink, Stats, error) {
		s := &recSink{}
		st, err := Run(context.Background(), Options{Count: count, Workers: 2, Seed: seed, MaxAttempts: budget,
			Accept:   rateAccept,
			NewMaker: func(context.Context) (Maker, error) { return rateMaker{every}, nil }}, s)
		return s, st, err
	}
	// 1 in 20,000 accepted, 100 asked, 30,000 attempts allowed: hopeless.
	s, st, err := run(20000, 100, 30000, 1)
	var gu *GiveUpError
	if !errors.As(err, &gu) || !gu.Early {
		t.Fatalf("err %v, want an early *GiveUpError", err)
	}
	if st.Attempts >= 15000 || st.Attempts < minSample {
		t.Errorf("gave up after %d attempts; the rate was clear well before half the budget", st.Attempts)
	}
	if !s.aborted || s.closed {
		t.Errorf("aborted %v closed %v: a run that gives up must abort its sinks", s.aborted, s.closed)
	}
	if !strings.Contains(err.Error(), "past the limit of 30000") {
		t.Errorf("message %q", err)
	}
	// 1 in 20 accepted, 100 asked (about 2,000 attempts), 3,000 allowed:
	// must never give up early.
	for seed := uint64(1); seed <= 20; seed++ {
		_, st, err := run(20, 100, 3000, seed)
		if err != nil {
			var gu *GiveUpError
			if errors.As(err, &gu) && !gu.Early {
				continue // the budget itself ran out: allowed, if unlucky
			}
			t.Fatalf("seed %d: %v after %d attempts", seed, err, st.Attempts)
		}
	}
}

// TestRunCountReachedCancelsInFlight: once the count is reached, Run
// returns without waiting for puzzles in progress, and their Makers see
// their ctx cancelled (so a 25x25 generation stops instead of running on).
func TestRunCountReachedCancelsInFlight(t *testing.T) {
	var sawCancel atomic.Int64
	release := make(chan struct{})
	defer close(release)
	started := make(chan struct{}, 8)
	newMaker := func(ctx context.Context) (Maker, error) {
		return funcMaker(func(i int64) (export.Record, error) {
			if i == 0 {
				<-started // index 1 is in progress before index 0 is done
				return export.Record{Index: i}, nil
			}
			started <- struct{}{}
			select {
			case <-ctx.Done():
				sawCancel.Add(1)
				return export.Record{}, ctx.Err()
			case <-release:
				return export.Record{Index: i}, nil
			}
		}), nil
	}
	done := make(chan error, 1)
	go func() {
		// MaxAttempts lets both workers start (without a filter, a run of
		// count 1 would use one worker).
		_, err := Run(context.Background(), Options{Count: 1, Workers: 2, MaxAttempts: 10, NewMaker: newMaker}, &recSink{})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-timeAfter(5):
		t.Fatal("Run still waiting for the surplus puzzle 5 s after its count was reached")
	}
	for range 500 {
		if sawCancel.Load() > 0 {
			return
		}
		sleepMillis(10)
	}
	t.Fatal("the surplus puzzle's Maker never saw its ctx cancelled")
}
