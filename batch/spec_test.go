package batch

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
)

func validSpec() Spec {
	var calls atomic.Int64
	return Spec{Count: 10, Workers: 2, Seed: 7, NewMaker: makers(&calls), Sinks: []Sink{&recSink{}}}
}

// TestSpecValidate: each field out of range is refused, naming it; a
// complete spec passes.
func TestSpecValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*Spec)
		want string // "" valid
	}{
		{"valid", func(*Spec) {}, ""},
		{"count", func(s *Spec) { s.Count = 0 }, "count 0"},
		{"workers", func(s *Spec) { s.Workers = 0 }, "workers 0"},
		{"seed", func(s *Spec) { s.Seed = export.MaxSeed + 1 }, "seed"},
		{"shard", func(s *Spec) { s.Shard = Shard{Index: 3, Count: 3} }, "shard 3/3"},
		{"whole shard", func(s *Spec) { s.Shard = Shard{Index: 0, Count: 1} }, ""},
		{"makers", func(s *Spec) { s.NewMaker = nil }, "NewMaker"},
		{"sinks", func(s *Spec) { s.Sinks = nil }, "no sink"},
		{"attempts", func(s *Spec) { s.MaxAttempts = -1 }, "max attempts"},
		{"time", func(s *Spec) { s.MaxTime = -time.Second }, "max time"},
	} {
		s := validSpec()
		c.edit(&s)
		err := s.Validate()
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestExecuteIsRun: a spec's run is Run of the same options, record for
// record, for a shard too; the default attempt budget applies.
func TestExecuteIsRun(t *testing.T) {
	for _, sh := range []Shard{{}, {Index: 1, Count: 3}} {
		var calls atomic.Int64
		want := &recSink{}
		if _, err := Run(context.Background(), Options{Count: 50, Workers: 3, Seed: 11, Start: sh.Index, Step: sh.Count, NewMaker: makers(&calls)}, want); err != nil {
			t.Fatal(err)
		}
		got := &recSink{}
		finished := 0
		spec := Spec{Count: 50, Workers: 2, Seed: 11, Shard: sh, NewMaker: makers(&calls), Sinks: []Sink{got},
			Finish: func(keep bool, err error) error {
				finished++
				if !keep || err != nil {
					t.Errorf("finish(%v, %v) after a run that succeeded", keep, err)
				}
				return err
			}}
		if o := spec.Options(); o.MaxAttempts != DefaultAttempts(50) {
			t.Errorf("max attempts %d, want %d", o.MaxAttempts, DefaultAttempts(50))
		}
		res, err := Execute(context.Background(), &spec)
		if err != nil || res.TimedOut || res.Accepted != 50 || finished != 1 {
			t.Fatalf("shard %v: %v, %+v, finished %d", sh, err, res, finished)
		}
		if got.text() != want.text() {
			t.Errorf("shard %v: Execute's records differ from Run's", sh)
		}
	}
}

// slowMaker makes index 0 at once and blocks on every other index until
// its ctx is done.
type slowMaker struct{ ctx context.Context }

func (m slowMaker) Make(i int64, rng *rand.Rand) (export.Record, error) {
	if i < 2 {
		return export.Record{ID: "r", Index: i, Canonical: string(rune('a' + i))}, nil
	}
	<-m.ctx.Done()
	return export.Record{}, m.ctx.Err()
}

// TestExecuteMaxTime: MaxTime ends the run without it being an
// interruption; the records made are kept (nil error), and a run that
// made none fails with ErrNoneInTime; Finish is told to keep only then.
func TestExecuteMaxTime(t *testing.T) {
	for _, first := range []int64{0, 2} { // index 0 and 1 made at once, or none
		s := &recSink{}
		var kept []bool
		spec := Spec{Count: 5, Workers: 1, Seed: 1, Shard: Shard{Index: first, Count: 3}, MaxTime: 50 * time.Millisecond,
			NewMaker: func(ctx context.Context) (Maker, error) { return slowMaker{ctx}, nil },
			Sinks:    []Sink{s},
			Finish:   func(keep bool, err error) error { kept = append(kept, keep); return err }}
		res, err := Execute(context.Background(), &spec)
		if !res.TimedOut || res.Interrupted {
			t.Errorf("first %d: timed out %v, interrupted %v", first, res.TimedOut, res.Interrupted)
		}
		switch first {
		case 0:
			if err != nil || res.Accepted != 1 || len(s.recs) != 1 || !s.closed || len(kept) != 1 || !kept[0] {
				t.Errorf("with a record: %v, accepted %d, %d written, closed %v, finish %v", err, res.Accepted, len(s.recs), s.closed, kept)
			}
		default:
			if !errors.Is(err, ErrNoneInTime) || res.Accepted != 0 || len(kept) != 1 || kept[0] {
				t.Errorf("with none: %v, accepted %d, finish %v", err, res.Accepted, kept)
			}
		}
	}
}

// TestExecuteInterrupted: a cancelled ctx is an interruption, not a
// timeout, even with MaxTime set.
func TestExecuteInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	spec := Spec{Count: 5, Workers: 1, Seed: 1, MaxTime: time.Hour,
		NewMaker: func(ctx context.Context) (Maker, error) { return slowMaker{ctx}, nil },
		Sinks:    []Sink{&recSink{}}}
	res, err := Execute(ctx, &spec)
	if !errors.Is(err, ErrInterrupted) || res.TimedOut {
		t.Errorf("%v, timed out %v", err, res.TimedOut)
	}
}
