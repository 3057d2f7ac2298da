package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// BatchOptions are the flags of `sudogen batch`.
type BatchOptions struct {
	Count   int64
	Workers int64
	Seed    uint64
	SeedSet bool // false: a random seed is drawn and reported

	Size int64
	Box  string
	// Kind is --kind: the kind of the records (the default kind's run
	// unless a kind's own flag claims it, as --variant does).
	Kind string

	Output   string // file path, or "-" for stdout
	Progress string // auto, always, never
	Quiet    bool   // no summary
	// MaxAttempts bounds the puzzles tried when filters (tier, dedupe)
	// reject some; 0 means the kind's budget (batch.DefaultAttempts(Count)).
	MaxAttempts int64
	// Shard is --shard I/N or its default from the environment: the run
	// makes the indices I, I+N, ... and Count records of them.
	Shard shardOption
	// Resume is --resume and the run file (batch_resume.go).
	Resume batchResume

	// Grading holds the flags every kind's grading reads: --tier,
	// --no-grade, --tiers, --profile (batch_grade.go).
	Grading BatchGradeOptions
	// MaxTime is --max-time: the run stops after it, keeping what it
	// found (0: no limit).
	MaxTime time.Duration
	// Dedupe holds --exclude (batch_dedupe.go).
	Dedupe BatchDedupeOptions
	// kindFlags are the flags the registered kinds defined (batch_kind.go).
	kindFlags kindFlags
	// Export holds --format and the book flags (batch_export.go).
	Export batchExport

	Out, ErrOut io.Writer
	// ErrTerminal says whether ErrOut is a terminal on which --progress
	// auto draws the bar (not when the records go to the same terminal on
	// stdout: barFits).
	ErrTerminal bool
	// flags is the command's flag set, for the run file's fingerprint.
	flags *pflag.FlagSet
	// shardLine: the summary ends with the shard's line (slide runs,
	// whose summary line does not name it).
	shardLine bool
}

// NewCmdBatch returns the batch command.
func NewCmdBatch() *cobra.Command {
	opts := &BatchOptions{}
	seed := &seedFlag{v: &opts.Seed}
	cmd := &cobra.Command{
		Use:   "batch [flags]",
		Short: "Generate many uniquely solvable puzzles on every core",
		Long: `Generate puzzles in parallel and stream them as JSONL, one record per
line, in index order.

Puzzle i of a run depends only on the seed and i, so the same --seed gives
byte-identical output for any --workers. Without --seed a random seed is
drawn; the summary and every record show it, so any run can be repeated.

The output file is written under a temporary name in its folder and
renamed when complete. Ctrl-C stops the run, keeps every puzzle already
written (the file is renamed to its final name) and says how many; the
exit code is then 130.

Besides classic Sudoku (--size, --box) it makes Sudoku variants
(--variant: x, windoku, jigsaw, anti-knight, samurai, ..., and
combinations such as x,anti-knight), Killer Sudoku (--kind killer, with
--variant x for Killer-X) and sliding-tile puzzles (--kind slide --size
3, 4 or 5); docs/variants.md, docs/records.md and docs/slide.md.

--tier, --requires and --hardest make a targeted run: a puzzle that
cannot be kept is dropped as early as possible (a cheap pre-filter, then
grading that stops at the first step above the highest kept rating), and
rare targets (--tier nightmare, or --search vicinity, or --from FILE) are
found by climbing from hard puzzles through their neighbours. The summary
says how many puzzles were generated, graded and dropped for what.
--max-time ends a run that cannot fill its count in time, keeping what it
found.

When filters (--tier, duplicates, --exclude) reject most puzzles, the
progress bar shows how many were tried and the share accepted. A run whose
count is out of reach (--max-attempts, or sooner when the rate seen makes
that clear) stops with exit code 1, saying what was asked, how many were
tried, the rate seen and what to change; it writes nothing, so an existing
output file is left as it was.`,
		Example: `  # 1000 minimal 9x9 puzzles into a file, progress bar on a terminal
  sudogen batch --count 1000 -o puzzles.jsonl

  # the same run again, byte for byte, on one core
  sudogen batch --count 1000 --seed 42 --workers 1 -o again.jsonl

  # symmetric puzzles with 30-34 givens, for an easy book
  sudogen batch --symmetry rot180 --givens 30-34 --count 200 -o easy.jsonl

  # 16x16 puzzles to stdout
  sudogen batch --size 16 --count 10 -o - | head -n 1

  # 6x6 with 2x3 boxes
  sudogen batch --box 2x3 --count 50 -o six.jsonl

  # a hard book: puzzles of other tiers are dropped before or during grading
  sudogen batch --count 10000 --tier hard -o hard.jsonl

  # a nightmare book (SE 9.0+, found by vicinity search), within an hour
  sudogen batch --count 100 --tier nightmare --max-time 1h -o nightmare.jsonl

  # an X-Wing book: the hardest step of every puzzle is an X-Wing
  sudogen batch --count 500 --hardest x-wing -o xwing.jsonl

  # puzzles near the hardest known ones
  sudogen batch --count 20 --tier nightmare --from hardest.txt -o near.jsonl

  # Sudoku variants, Killer Sudoku, sliding-tile puzzles
  sudogen batch --variant x --count 100 -o x.jsonl
  sudogen batch --variant jigsaw --size 6 --count 50 -o jigsaw6.jsonl
  sudogen batch --kind killer --count 100 --tier hard -o killer.jsonl
  sudogen batch --kind slide --size 4 --count 100 -o slide.jsonl`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.SeedSet = seed.set
			opts.flags = cmd.Flags()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			opts.ErrTerminal = barFits(opts.ErrOut, opts.Out, opts.Output == "-")
			if opts.MaxTime < 0 {
				return UsageErrorf("--max-time %s: expected %s", opts.MaxTime, durationExpected)
			}
			if !cmd.Flags().Changed("size") {
				opts.Size = 0
			}
			if err := opts.kindFlags.checkInputFiles(opts.Kind, cmd.Flags()); err != nil {
				return err
			}
			if err := opts.Export.resolve(cmd.Context(), cmd.Flags()); err != nil {
				return err
			}
			if err := opts.Export.checkOutput(opts.Output); err != nil {
				return err
			}
			if err := opts.Export.checkKind(opts.Kind, int(opts.Size), opts.Box); err != nil {
				return err
			}
			return batchRun(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.VarP(newIntFlag(&opts.Count, 100, 1), "count", "n", "number of puzzles to make")
	f.VarP(newIntFlag(&opts.Workers, int64(runtime.NumCPU()), 1), "workers", "w", "generating goroutines; the default is one per CPU of this machine")
	f.Var(seed, "seed", "run seed: the same seed gives the same output; random if not given, shown in the summary")
	f.Var(newIntFlag(&opts.Size, 9, 1), "size", "grid side: 4, 6, 8, 9, 12, 16 or 25 (a minimal 25x25 takes from about 3 CPU-s to over 5 minutes, median about 30; --givens 300-350 milliseconds)")
	f.StringVar(&opts.Box, "box", "", "box shape RxC (2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5); sets the size")
	f.StringVarP(&opts.Output, "output", "o", "-", "output JSONL file, or - for stdout; with --format, the folder the formats are written to (or one file of the one format)")
	f.Var(newChoiceFlag(&opts.Progress, "auto", "auto", "always", "never"), "progress", "progress bar on stderr: auto (only on a terminal), always, never")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary on stderr")
	opts.Resume.addFlag(f)
	opts.Shard.addFlag(f, "make only the puzzle indices i with i mod N = I, byte-identical to those records of the unsharded run; --count is this shard's count")
	f.Var(newIntFlag(&opts.MaxAttempts, 0, 1), "max-attempts", "give up after trying this many puzzles, or sooner when the acceptance rate seen shows the count is out of reach (default 10000 + 1000 per puzzle asked)")
	opts.Grading.addFlags(f)
	f.DurationVar(&opts.MaxTime, "max-time", 0, "stop after this long (e.g. 90s, 10m) keeping the puzzles found, when the count cannot be filled in time; 0: no limit")
	opts.Dedupe.addFlags(f)
	opts.Export.addFlags(f)
	opts.kindFlags.add(f, &opts.Kind)
	return cmd
}

// barFits reports whether --progress auto may draw a bar on errOut: errOut
// is a terminal and the records do not go to a terminal stdout too, where
// the bar's redraws would land between the record lines.
func barFits(errOut, out io.Writer, recordsToOut bool) bool {
	return isTerminal(errOut) && !(recordsToOut && isTerminal(out))
}

// isTerminal reports whether w is a terminal (seen through the
// checkedWriter run puts around stdout).
func isTerminal(w io.Writer) bool {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// capWorkers is --workers n bounded by batch.MaxWorkers: goroutines past
// a few per CPU only cost memory and switching (100000 took 1.3 GB and 25 s
// for 20 puzzles). A capped value is said on errOut.
func capWorkers(n int64, errOut io.Writer) int {
	m := int64(batch.MaxWorkers())
	if n <= m {
		return int(n)
	}
	if errOut != nil {
		fmt.Fprintf(errOut, "sudogen: --workers %d: using %d (%d per CPU at most; more only cost memory)\n", n, m, batch.WorkersPerCPU)
	}
	return int(m)
}

// checkCounts rejects a --count or --workers below 1 (sudoku and slide runs).
func (opts *BatchOptions) checkCounts() error {
	if opts.Count < 1 {
		return UsageErrorf("--count %d: expected a whole number, at least 1", opts.Count)
	}
	if opts.Workers < 1 {
		return UsageErrorf("--workers %d: expected a whole number, at least 1", opts.Workers)
	}
	opts.Workers = int64(capWorkers(opts.Workers, opts.ErrOut))
	return nil
}

// outputSink opens the batch output: a JSONL file written atomically, or
// stdout for "-".
func outputSink(path string, stdout io.Writer) (batch.Sink, string, error) {
	if path == "-" {
		w := export.NewJSONLWriter(stdout)
		w.FlushEach(true)
		return w, "stdout", nil
	}
	f, err := export.CreateJSONL(path)
	if err != nil {
		return nil, "", err
	}
	return &flushingFile{JSONLFile: f}, path, nil
}

// flushEvery is how often a batch's JSONL file is flushed to the disk at
// least: a run that is killed (kill -9, a lost node) loses at most the
// records of the last tenth of a second, which --resume makes again,
// instead of up to a 64 KiB buffer (minutes of 25x25 grading).
const flushEvery = 100 * time.Millisecond

// flushingFile is a JSONL file sink flushed every flushEvery.
type flushingFile struct {
	*export.JSONLFile
	last time.Time
}

func (f *flushingFile) Write(rec *export.Record) error {
	if err := f.JSONLFile.Write(rec); err != nil {
		return err
	}
	if now := time.Now(); now.Sub(f.last) >= flushEvery {
		f.last = now
		return f.Flush()
	}
	return nil
}

func batchRun(ctx context.Context, opts *BatchOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	k, err := opts.kindFlags.runOf(opts.Kind, opts.flags)
	if err != nil {
		return err
	}
	return kindBatchRun(ctx, opts, k)
}

// beginRun does what every batch run that may write a file does before
// it is planned: the outputs must not be its inputs (--exclude, --tiers),
// the shard is resolved, the seed read from the run file of a --resume
// run (or drawn), the output held for this process, and the run put on as
// many Ps as workers. end, called deferred, undoes it (and removes the
// run file of a fresh run that failed before it started).
func (opts *BatchOptions) beginRun(ctx context.Context) (end func(), err error) {
	if err := checkOutputsNotInputs(opts.Export.outputPaths(opts.Output), "--exclude", opts.Dedupe.Exclude); err != nil {
		return nil, err
	}
	if t := opts.Grading.TiersFile; t != "" {
		if err := checkOutputsNotInputs(opts.Export.outputPaths(opts.Output), "--tiers", []string{t}); err != nil {
			return nil, err
		}
	}
	if err := opts.Shard.resolve(); err != nil {
		return nil, err
	}
	if err := opts.Resume.loadSeed(opts); err != nil {
		return nil, err
	}
	hold, err := opts.holdOutput(ctx)
	if err != nil {
		return nil, err
	}
	procs := 0
	// With fewer workers than CPUs, the collector and writer goroutines
	// wake for every puzzle and the runtime spins a spare P up for them:
	// with one worker that cost a quarter of the run's CPU time (futex,
	// findRunnable, stealWork) and saved no wall time. Run on as many Ps
	// as workers.
	if n := int(opts.Workers); n >= 1 && n < runtime.GOMAXPROCS(0) {
		procs = runtime.GOMAXPROCS(n)
	}
	return func() {
		if procs > 0 {
			runtime.GOMAXPROCS(procs)
		}
		opts.Resume.abandon()
		hold.Release()
	}, nil
}

// prepareResume fingerprints a run whose records are of kind and size
// (shape and decided as fingerprint takes them; tierOf is the kind's
// kind.BatchRun.TierOf), refuses a --resume run
// whose options differ from its run file's before the excluded corpora are
// loaded, loads them into run (Dedupe.plan), then checks the run file
// again with their digest and takes up what an interrupted run left
// (Resume.prepare). Call it before the outputs are created.
func (opts *BatchOptions) prepareResume(ctx context.Context, shape string, decided [][2]string, kind string, size int, tierOf func(*export.Record) error, run *batch.Spec) error {
	if fp, err := opts.fingerprint(shape, decided, nil); err != nil {
		return err
	} else if err := opts.Resume.check(fp); err != nil {
		return err // before the excluded corpora are loaded
	}
	if err := opts.Dedupe.plan(run, opts.ErrOut, opts.Quiet, kind); err != nil {
		return err
	}
	var excluded *batch.CanonSet
	if len(opts.Dedupe.Exclude) > 0 {
		excluded = opts.Dedupe.set
	}
	fp, err := opts.fingerprint(shape, decided, excluded)
	if err != nil {
		return err
	}
	check := opts.keptCheck(kind, decided, tierOf)
	return opts.Resume.prepare(ctx, opts, fp, kind, size, check)
}

// holdOutput takes the run's output for this process (outfile.HoldOutput)
// before anything is written, the run file included: a second run to the
// same -o is refused, naming the first. With --format the folder is held
// when it exists (a folder made by this run is new to every other run).
func (opts *BatchOptions) holdOutput(ctx context.Context) (*outfile.Hold, error) {
	what := commandLine(ctx, opts)
	switch {
	case opts.fileOutput():
		return outfile.HoldOutput(opts.Output, what)
	case opts.Export.formats != "" && opts.Output != "-" && opts.Output != "":
		if st, err := os.Stat(opts.Output); err == nil && st.IsDir() {
			return outfile.HoldFolder(opts.Output, what)
		}
	}
	return nil, nil
}

// runBatch runs the batch described by spec (batch.Execute), with the
// progress bar labelled spec.Name when --progress asks for it, then prints
// the summary on stderr unless --quiet (always after an interruption,
// which it returns as an interruptedError). Every kind's run (classic,
// --variant, --kind killer, --kind slide) is parsed into a spec by
// kindBatchRun and ends here. A run that gives up returns one line of advice.
func runBatch(ctx context.Context, opts *BatchOptions, spec *batch.Spec, sinks []batch.Sink, summary func(st *batch.Stats)) error {
	if opts.MaxAttempts > 0 {
		spec.MaxAttempts = opts.MaxAttempts
	}
	spec.Shard = opts.Shard.Shard
	spec.MaxTime = opts.MaxTime
	spec.Sinks = sinks
	opts.Resume.start(spec)
	spec.Finish = opts.Export.finishRun
	stopBar := startProgress(opts, spec, spec.Name)
	spec.Progress = earlyAdvice(opts.ErrOut, spec.Progress, opts.Grading.advice)
	res, err := batch.Execute(ctx, spec)
	stopBar()
	st := res.Stats
	if errors.Is(err, batch.ErrNoneInTime) {
		err = opts.noneInTimeError(&st)
	}
	interrupted := errors.Is(err, batch.ErrInterrupted)
	if err != nil && !(interrupted && st.Accepted > 0) {
		opts.Export.dropMadeFolders() // nothing was written
	}
	var gu *batch.GiveUpError
	if errors.As(err, &gu) {
		return opts.giveUpError(gu, spec.Name)
	}
	if err != nil && !interrupted {
		return err
	}
	if !opts.Quiet || interrupted {
		summary(&st)
		opts.Resume.summary(opts.ErrOut, &st, opts.Count)
		if opts.shardLine && !opts.Shard.Shard.Whole() {
			fmt.Fprintln(opts.ErrOut, opts.Shard.describe())
		}
	}
	if res.TimedOut {
		opts.maxTimeLine(&st, spec.Count)
	}
	if interrupted {
		fmt.Fprintln(opts.ErrOut, resumeHint(opts, st.Accepted))
		return &interruptedError{err.Error()}
	}
	return nil
}

// resumeHint is the line after an interrupted run's summary: how to go on
// from the records kept, or, when none were, that there is nothing to go
// on from.
func resumeHint(opts *BatchOptions, kept int64) string {
	if kept == 0 {
		return "nothing was kept to continue from: the same command starts over"
	}
	if opts.fileOutput() {
		return "to continue: the same command with --resume (it keeps these records and ends byte-identical to an uninterrupted run)"
	}
	return "to continue a run later, write it to a file (-o FILE.jsonl): the same command with --resume then goes on from where it stopped"
}

// triedSummary is "5321 tried, 18.8% accepted" when filters dropped
// puzzles, "" when every puzzle tried was accepted.
func triedSummary(st *batch.Stats) string {
	if st.Attempts == st.Made() {
		return ""
	}
	if st.Made() == 0 {
		return numfmt.Int(st.Attempts) + " tried, none accepted"
	}
	return fmt.Sprintf("%s tried, %s accepted", numfmt.Int(st.Attempts), numfmt.Percent(st.AcceptRate()))
}

// timeLeft words a time to come of ns nanoseconds, rounded to the second;
// past what a time.Duration holds (292 years: a --count near 2^63) in
// years, not as the negative duration the conversion would give.
func timeLeft(ns float64) string {
	if ns >= float64(math.MaxInt64) {
		return fmt.Sprintf("%.3g years", ns/float64(365*24*time.Hour))
	}
	return time.Duration(ns).Round(time.Second).String()
}

// maxTimeLine says why a run ended early at --max-time.
func (opts *BatchOptions) maxTimeLine(st *batch.Stats, count int64) {
	w := opts.ErrOut
	fmt.Fprintf(w, "stopped at --max-time %s: kept %s of the %s puzzles asked for", opts.MaxTime, numfmt.Int(st.Accepted), numfmt.Int(count))
	if st.Made() > 0 && st.Attempts > 0 {
		fmt.Fprintf(w, " (at the rate seen, the other %s need about %s more", numfmt.Int(count-st.Accepted),
			timeLeft(float64(st.Elapsed)/float64(st.Made())*float64(count-st.Accepted)))
		if opts.fileOutput() {
			fmt.Fprint(w, "; the same command with --resume continues the run")
		}
		fmt.Fprint(w, ")")
	} else {
		fmt.Fprintf(w, " (none found in %s tries)", numfmt.Int(st.Attempts))
	}
	fmt.Fprintln(w)
}
