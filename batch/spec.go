package batch

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/sudogen/sudogen/export"
)

// Spec describes one batch run, whatever its kind: what it makes (a
// kind's Makers), how many, from which seed and shard, what it keeps
// (targets and tiers as Accept, duplicates and excluded corpora as
// Dedupe), how long it may try, what an interrupted run left to take up
// (Replay, checked against the run file's fingerprint, RunFile) and where
// the records go (Sinks). A command builds it from its flags, Validate
// checks it and Execute runs it: every `sudogen batch` run (classic,
// --variant, --kind killer, --kind slide) is parse -> Spec -> Execute, and
// a program can build a Spec directly.
type Spec struct {
	// Kind is the kind of the records (export kind name) and Size their
	// board size (9 for 9x9, 4 for the 15 puzzle): what a resumed run's
	// kept records must have.
	Kind string
	Size int
	// Name names the puzzles in messages: "9x9", "killer 9x9",
	// "variant x 9x9", "slide 4x4".
	Name string

	// Count is the number of records to accept (at least 1).
	Count int64
	// Workers is the number of generating goroutines (at least 1; more
	// than MaxWorkers are capped by Run).
	Workers int
	// Seed is the run seed (0 to export.MaxSeed): record index is made
	// from (Seed, index) alone.
	Seed uint64
	// Shard is the part of the run's indices this run makes (the zero
	// value: all).
	Shard Shard
	// MaxAttempts bounds the indices tried (0: DefaultAttempts(Count)).
	MaxAttempts int64
	// MaxTime, when positive, ends the run after that long, keeping what
	// it made (Result.TimedOut).
	MaxTime time.Duration

	// NewMaker gives each worker its Maker (Kind.Makers,
	// SudokuMakers, SlideMakers).
	NewMaker func(ctx context.Context) (Maker, error)
	// Accept keeps a record only if it returns true: the tier filter and
	// the target's check (nil: keep all).
	Accept func(rec *export.Record) bool
	// Dedupe drops records whose canonical key it has seen: the run's own
	// and the excluded corpora's (NewExcludingDedupe).
	Dedupe Deduper

	// Resume is the run file of a run that writes one JSONL file (nil:
	// none): Execute replays what it took up from an interrupted run
	// (Resume.Prepare checked the fingerprints), keeps the output's
	// temporary file when the run fails, and removes or keeps the run
	// file as the run ended.
	Resume *Resume
	// Replay gives the records an interrupted run of the same spec
	// already accepted (ScanPartial, PartialReader), nil for none; it is
	// Resume's when that has some. The caller checks that the runs are
	// the same (RunFile).
	Replay Replayer

	// Sinks receive the accepted records in index order (at least one).
	Sinks []Sink
	// Progress, when set, is called after each index handled.
	Progress func(st *Stats)
	// Finish, when set, is called once the run has ended, with whether
	// the sinks keep what was written (the run succeeded, or was
	// interrupted or timed out with records) and the run's error; it
	// returns the run's error (err, or its own when err is nil): batch
	// --format moves its finished files into place here.
	Finish func(keep bool, err error) error
}

// Result is what Execute reports besides the error.
type Result struct {
	Stats
	// TimedOut is set when MaxTime ended the run: it is then not an
	// interruption, and Execute's error is nil when records were kept.
	TimedOut bool
}

// ErrNoneInTime is wrapped by Execute's error when MaxTime ended a run
// that had kept nothing.
var ErrNoneInTime = errors.New("no puzzle found in the time allowed")

// DefaultAttempts is the attempt budget of a run whose filters (tier,
// dedupe, excluded corpora) may reject puzzles: 1,000 per puzzle asked
// plus 10,000, so a quota is given up when fewer than about 1 in 1,000
// puzzles tried is accepted. Run also stops sooner once the rate it sees
// makes the budget clearly insufficient.
func DefaultAttempts(count int64) int64 {
	const perPuzzle, base = 1000, 10000
	if count > (math.MaxInt64-base)/perPuzzle {
		return math.MaxInt64
	}
	return base + perPuzzle*count
}

// Validate checks the spec: a count and workers of at least 1, a seed
// within export.MaxSeed, a valid shard, makers, at least one sink and no
// negative budget.
func (s *Spec) Validate() error {
	switch {
	case s.Count < 1:
		return fmt.Errorf("batch: count %d: must be at least 1", s.Count)
	case s.Workers < 1:
		return fmt.Errorf("batch: workers %d: must be at least 1", s.Workers)
	case s.Seed > export.MaxSeed:
		return fmt.Errorf("batch: seed %d: at most %d (2^53-1, so records' seeds read back exactly in any JSON reader)", s.Seed, uint64(export.MaxSeed))
	case !s.Shard.Whole() && (s.Shard.Index < 0 || s.Shard.Index >= s.Shard.Count):
		return fmt.Errorf("batch: shard %d/%d: the index must be from 0 to %d", s.Shard.Index, s.Shard.Count, s.Shard.Count-1)
	case s.NewMaker == nil:
		return errors.New("batch: no NewMaker")
	case len(s.Sinks) == 0:
		return errors.New("batch: no sink")
	case s.MaxAttempts < 0:
		return fmt.Errorf("batch: max attempts %d: must not be negative", s.MaxAttempts)
	case s.MaxTime < 0:
		return fmt.Errorf("batch: max time %s: must not be negative", s.MaxTime)
	}
	return nil
}

// Options are the Run options of the spec.
func (s *Spec) Options() Options {
	o := Options{
		Count:       s.Count,
		Workers:     s.Workers,
		Seed:        s.Seed,
		NewMaker:    s.NewMaker,
		Accept:      s.Accept,
		Dedupe:      s.Dedupe,
		MaxAttempts: s.MaxAttempts,
		Progress:    s.Progress,
		Replay:      s.Replay,
	}
	if o.MaxAttempts == 0 {
		o.MaxAttempts = DefaultAttempts(s.Count)
	}
	if rp := s.Resume.replayer(); rp != nil {
		o.Replay = rp
	}
	if !s.Shard.Whole() {
		o.Start, o.Step = s.Shard.Index, s.Shard.Count
	}
	return o
}

// errMaxTime is the cause of a run's context ended by Spec.MaxTime.
var errMaxTime = errors.New("max time reached")

// Execute validates spec and runs it (Run) to its sinks. The error is as
// Run's (wrapping ErrInterrupted after ctx ended, a *GiveUpError when the
// count is out of reach), except when MaxTime ended the run: then
// Result.TimedOut is set, Stats.Interrupted is not, and the error is nil
// when records were kept, else wraps ErrNoneInTime. Spec.Finish is called
// once the run has ended, then the run file is handled (Spec.Resume): a
// failure that kept records says so, and how to continue (Resume.Command).
func Execute(ctx context.Context, spec *Spec) (Result, error) {
	if err := spec.Validate(); err != nil {
		return Result{}, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if spec.MaxTime > 0 {
		runCtx, cancel = context.WithTimeoutCause(ctx, spec.MaxTime, errMaxTime)
	}
	defer cancel()
	if spec.Resume != nil {
		spec.Resume.keepOnFailure(spec.Sinks)
	}
	st, err := Run(runCtx, spec.Options(), spec.Sinks...)
	if spec.Finish != nil {
		err = spec.Finish(err == nil || (errors.Is(err, ErrInterrupted) && st.Accepted > 0), err)
	}
	res := Result{Stats: st}
	if ctx.Err() == nil && errors.Is(err, ErrInterrupted) && context.Cause(runCtx) == errMaxTime {
		// Not an interruption: the run kept what it found in the time
		// allowed.
		res.TimedOut = true
		res.Interrupted = false
		if st.Accepted > 0 {
			err = nil
		} else {
			err = fmt.Errorf("%w (%d tried); nothing written", ErrNoneInTime, st.Attempts)
		}
	}
	if r := spec.Resume; r != nil {
		r.written = st.Accepted
		interrupted := errors.Is(err, ErrInterrupted)
		if err != nil && !interrupted {
			var gu *GiveUpError
			var me *MakeError
			if errors.As(err, &me) {
				// resuming would fail the same way at the same
				// puzzle: say so instead of offering it
				err = fmt.Errorf("%w; nothing written (the same options and --seed fail the same way at this puzzle every time: change them)", err)
			}
			err = r.failed(err, errors.As(err, &gu) || me != nil)
		}
		r.Finish(err == nil && !res.TimedOut, interrupted || res.TimedOut)
	}
	return res, err
}
