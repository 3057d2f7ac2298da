package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/internal/outfile"
)

// batchResume is `sudogen batch --resume` and the run file behind it.
//
// Every batch run that writes one JSONL file keeps a run file beside it,
// ".NAME.run.json", holding the options that decide its records (flags,
// the seed actually used, the shard, digests of the tier table and of the
// excluded corpora, the sudogen version). It is written when the run
// starts, kept when the run is interrupted or killed, and removed when the
// run ends (kept with --resume, so resuming a finished run again is a
// harmless no-op, as a restarted Kubernetes pod or requeued Slurm task
// needs).
//
// With --resume the run reads the run file and refuses, naming the option,
// when this run's options differ (an absent --seed takes the run file's),
// then takes the longest valid prefix among the interrupted run's files
// (its stale temporary files after a kill, the output itself after Ctrl-C;
// batch.ScanPartial) and replays it before going on. Without a run file and
// without any output it simply starts: the same command line serves the
// first start and every restart.
type batchResume struct {
	On bool // --resume

	runPath string        // the run file, "" when the output is not a file
	runFile batch.RunFile // this run's options (fingerprint)
	prev    *batch.RunFile
	wrote   bool // this run started fresh and wrote the run file
	ended   bool // finish was called
	partial *batch.PartialReader
	from    batch.Partial
	step    int64 // the run's index step (its shard count)
	shape   batch.RunShape

	// file is the run's JSONL output, set to keep its temporary file on a
	// failure (keepOnFailure); kept is that file once a failure kept it.
	file *flushingFile
	kept string
}

func (r *batchResume) addFlag(f *pflag.FlagSet) {
	f.BoolVar(&r.On, "resume", false, "continue an interrupted run of the same options to the same -o file (after Ctrl-C, kill -9 or a lost node): its records are kept and the output ends byte-identical to an uninterrupted run; starts afresh when there is nothing to resume")
}

// runFilePath is the run file of output path.
func runFilePath(output string) string {
	return outfile.Beside(output, "."+filepath.Base(output)+".run.json")
}

// fileOutput reports whether the run writes one regular JSONL file (the
// only output that can be resumed or needs a run file).
func (opts *BatchOptions) fileOutput() bool {
	if opts.Output == "-" || opts.Output == "" || opts.Export.formats != "" {
		return false
	}
	st, err := os.Stat(opts.Output)
	return err != nil || st.Mode().IsRegular()
}

// loadSeed reads the run file of a --resume run before the run is planned:
// an absent --seed takes the interrupted run's. Without --seed and without
// a run file, the random seed is drawn here, so the run file can record it.
func (r *batchResume) loadSeed(opts *BatchOptions) error {
	if r.On && !opts.fileOutput() {
		return UsageErrorf("--resume needs -o naming one JSONL file (not stdout, not --format)")
	}
	if !opts.fileOutput() {
		return nil
	}
	r.runPath = runFilePath(opts.Output)
	if r.On {
		rf, err := batch.ReadRunFile(r.runPath)
		switch {
		case errors.Is(err, batch.ErrNoRunFile):
		case err != nil:
			return err
		default:
			r.prev = &rf
			if v, ok := rf.Value("--seed"); ok && !opts.SeedSet {
				seed, err := strconv.ParseUint(v, 10, 64)
				if err != nil {
					return fmt.Errorf("%s: bad --seed %q", r.runPath, v)
				}
				opts.Seed, opts.SeedSet = seed, true
			}
		}
	}
	if !opts.SeedSet {
		// Below 2^32: short to type back, and exact in JSON readers
		// that use doubles.
		opts.Seed, opts.SeedSet = rand.Uint64N(1<<32-1)+1, true
	}
	return nil
}

// notRecordFlags are the batch flags that do not change the records: the
// run file leaves them out, so they may differ on resume. (--count may grow:
// the first records of a longer run are the shorter run's.) The book flags
// (only with --format, which --resume refuses) are left out too.
var notRecordFlags = []string{"count", "workers", "output", "progress", "quiet", "max-attempts", "max-time", "resume",
	"verify-steps", "cache-dir", "no-cache", "help", "format"}

// fingerprint is the run file of this run: every flag not in
// notRecordFlags, with effective values where the flag alone does not say
// (seed, shard, shape, minimal), the tier table's digest and the excluded
// canonical forms' digest. shape is "9x9 (3x3 boxes)" or "slide 4x4".
func (opts *BatchOptions) fingerprint(shape string, minimal *bool, excluded *batch.CanonSet) (batch.RunFile, error) {
	v := readVersion()
	rf := batch.RunFile{Sudogen: v.Version}
	if v.Commit != "" {
		rf.Sudogen += " " + v.Commit
	}
	if v.Modified {
		rf.Sudogen += " (modified)"
	}
	skip := slices.Clone(notRecordFlags)
	book := pflag.NewFlagSet("book", pflag.ContinueOnError)
	(&bookFlags{}).add(book)
	book.VisitAll(func(f *pflag.Flag) { skip = append(skip, f.Name) })
	skip = append(skip, "size", "box", "seed", "shard", "exclude", "minimal", "tiers")
	add := func(name, value string) { rf.Options = append(rf.Options, [2]string{"--" + name, value}) }
	add("seed", strconv.FormatUint(opts.Seed, 10))
	add("shape", shape)
	sh := opts.Shard.Shard
	if sh.Whole() {
		sh = batch.Shard{Index: 0, Count: 1}
	}
	add("shard", fmt.Sprintf("%d/%d", sh.Index, sh.Count))
	if opts.flags != nil {
		opts.flags.VisitAll(func(f *pflag.Flag) {
			if !slices.Contains(skip, f.Name) {
				add(f.Name, f.Value.String())
			}
		})
	}
	// Values the flags above decide between them, after them, so that a
	// difference is named by the flag the user changed.
	if minimal != nil {
		add("minimal", strconv.FormatBool(*minimal))
	}
	if path := opts.Grading.TiersFile; path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return rf, fmt.Errorf("cannot read %s: %v", path, unwrapPathError(err))
		}
		add("tiers", fmt.Sprintf("%x", sha256.Sum256(b)))
	}
	if excluded != nil {
		add("exclude", excluded.Digest())
	}
	return rf, nil
}

// check refuses, before the run is planned further, a --resume run whose
// options differ from the run file's in anything but the excluded corpora
// (which are known only once loaded; prepare checks them).
func (r *batchResume) check(opts *BatchOptions, now batch.RunFile) error {
	if !r.On || r.prev == nil {
		return nil
	}
	if d := r.prev.Diff(now, "--exclude"); d != "" {
		return UsageErrorf("cannot resume %s with these options: %s (the run file is %s)", opts.Output, d, r.runPath)
	}
	return nil
}

// prepare checks a --resume run against the run file and opens the part of
// the interrupted run's output to keep, before the output is created
// (which removes stale temporary files). kind, size and seed are what every
// record must have.
func (r *batchResume) prepare(ctx context.Context, opts *BatchOptions, now batch.RunFile, kind string, size int) error {
	r.runFile = now
	r.shape = batch.RunShape{Kind: kind, Size: size, Seed: opts.Seed, Shard: opts.Shard.Shard, Cancel: ctx.Done()}
	if r.runPath == "" {
		return nil
	}
	if !r.On || r.prev == nil {
		return r.writeRunFile(opts)
	}
	if d := r.prev.Diff(now); d != "" {
		return UsageErrorf("cannot resume %s with these options: %s (the run file is %s)", opts.Output, d, r.runPath)
	}
	sources := outfile.StaleTemps(opts.Output)
	final, finalErr := os.Stat(opts.Output)
	// The output itself counts when it is newer than the run file: the
	// interrupted run renamed it after starting (Ctrl-C). An older one is
	// an earlier run's, which this run replaces.
	if rs, err := os.Stat(r.runPath); err == nil && finalErr == nil && !final.ModTime().Before(rs.ModTime()) {
		sources = append(sources, opts.Output)
	}
	shape := r.shape
	best := batch.Partial{Last: -1}
	for _, src := range sources {
		p, err := batch.ScanPartial(src, shape)
		if errors.Is(err, batch.ErrInterrupted) {
			msg := fmt.Sprintf("interrupted while checking %s; nothing written, the run can still be resumed", src)
			fmt.Fprintf(opts.ErrOut, "sudogen: %s\n", msg)
			return &interruptedError{msg}
		}
		if err != nil {
			return fmt.Errorf("cannot resume from %s: %v", src, unwrapPathError(err))
		}
		if p.Records > best.Records || best.Path == "" {
			best = p
		}
	}
	r.from, r.step = best, max(opts.Shard.Shard.Count, 1)
	if best.Records == 0 {
		return nil
	}
	pr, err := best.Open()
	if err != nil {
		return fmt.Errorf("cannot resume from %s: %v", best.Path, unwrapPathError(err))
	}
	r.partial = pr
	return nil
}

// writeRunFile starts a run afresh: it writes the run file before the
// output is created, so that whenever a temporary output exists its run
// file does too. With --resume and no run file, what is there must hold
// nothing to lose (no output, only empty temporary files: a run killed
// before its first block reached the disk); anything else is refused.
func (r *batchResume) writeRunFile(opts *BatchOptions) error {
	if r.On {
		_, finalErr := os.Stat(opts.Output)
		nonEmpty := finalErr == nil
		for _, src := range outfile.StaleTemps(opts.Output) {
			if st, err := os.Stat(src); err == nil && st.Size() > 0 {
				nonEmpty = true
			}
		}
		if nonEmpty {
			return UsageErrorf("cannot resume %s: there is no run file %s saying what run wrote it (it is finished, or was not written by sudogen batch); run without --resume to start over", opts.Output, r.runPath)
		}
	}
	if err := outfile.CheckPath(opts.Output); err != nil {
		return err // the output's own message, not the run file's
	}
	f, err := outfile.Create(r.runPath)
	if err != nil {
		return err
	}
	if _, err := f.Write(r.runFile.Encode()); err != nil {
		f.Abort()
		return err
	}
	if err := f.Commit(); err != nil {
		return err
	}
	r.wrote = true
	return nil
}

// start hands the partial records to the run, once the outputs exist.
func (r *batchResume) start(run *batch.Spec) {
	if r.partial != nil {
		run.Replay = r.partial
	}
}

// finish removes the run file when the run is over: after success unless
// --resume (which keeps it, so the same command run again is a no-op), and
// after a failure of a run that started fresh. An interrupted run keeps it.
func (r *batchResume) finish(ok, interrupted bool) {
	r.ended = true
	if r.partial != nil {
		r.partial.Close()
	}
	if r.runPath == "" || interrupted || r.kept != "" {
		return
	}
	if (ok && !r.On) || (!ok && r.wrote) {
		os.Remove(r.runPath)
	}
}

// keepOnFailure makes the run's JSONL output keep its temporary file when
// the run fails (a full disk, a failed rename), so --resume can take up
// every record that reached the disk. Only a run with a run file can be
// resumed, so only its output is kept.
func (r *batchResume) keepOnFailure(sinks []batch.Sink) {
	if r.runPath == "" {
		return
	}
	for _, s := range sinks {
		if f, ok := s.(*flushingFile); ok {
			f.Keep()
			r.file = f
		}
	}
}

// failed handles a run that failed with err. A run that gave up writes
// nothing, so its kept temporary file is removed. Any other failure keeps
// the temporary file and the run file, and the error says how many records
// are safe and the exact command that continues the run.
func (r *batchResume) failed(ctx context.Context, opts *BatchOptions, err error, gaveUp bool) error {
	if r.file == nil || r.file.Kept() == "" {
		return err
	}
	if gaveUp {
		os.Remove(r.file.Kept())
		return err
	}
	r.kept = r.file.Kept()
	p, scanErr := batch.ScanPartial(r.kept, r.shape)
	if scanErr != nil {
		return fmt.Errorf("%v; what was written is kept in %s; to continue once the cause is fixed, run: %s", err, r.kept, resumeCommand(ctx, opts))
	}
	return fmt.Errorf("%v; %d records are safe in %s; to continue once the cause is fixed (free some space), run: %s", err, p.Records, r.kept, resumeCommand(ctx, opts))
}

// resumeCommand is the command line that continues this run: the one the
// user typed with --seed (when it was drawn at random) and --resume added,
// quoted for a POSIX shell.
func resumeCommand(ctx context.Context, opts *BatchOptions) string {
	words := []string{commandLine(ctx, opts)}
	hasSeed, hasResume := false, false
	for _, a := range argsOf(ctx) {
		switch {
		case a == "--seed" || strings.HasPrefix(a, "--seed="):
			hasSeed = true
		case a == "--resume" || a == "--resume=true":
			hasResume = true
		}
	}
	if !hasSeed {
		words = append(words, "--seed", strconv.FormatUint(opts.Seed, 10))
	}
	if !hasResume {
		words = append(words, "--resume")
	}
	return strings.Join(words, " ")
}

// commandLine is the command line of this run, quoted for a POSIX shell
// ("sudogen batch -o OUT" when not run from one).
func commandLine(ctx context.Context, opts *BatchOptions) string {
	args := argsOf(ctx)
	if args == nil { // called in-process, not from the command line
		args = []string{"batch", "-o", opts.Output}
	}
	words := []string{"sudogen"}
	for _, a := range args {
		words = append(words, shellQuote(a))
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// abandon removes the run file of a fresh run that failed before it
// started (its outputs could not be created); call it deferred.
func (r *batchResume) abandon() {
	if !r.ended {
		r.finish(false, false)
	}
}

// summary says what the run took from the interrupted one.
func (r *batchResume) summary(w io.Writer, st *batch.Stats) {
	if !r.On || r.prev == nil {
		return
	}
	if st.Resumed == 0 {
		fmt.Fprintf(w, "resumed: nothing usable was left by the interrupted run; started from the beginning\n")
		return
	}
	fmt.Fprintf(w, "resumed: kept the %d records of %s", st.Resumed, r.from.Path)
	switch {
	case st.ReplayStop != "":
		fmt.Fprintf(w, "; %s: dropped it and the records after it, made again", st.ReplayStop)
	case r.from.Stop != "" && st.Accepted > st.Resumed:
		fmt.Fprintf(w, "; %s", r.from.Stop)
		if !strings.Contains(r.from.Stop, "cut short") {
			fmt.Fprintf(w, ": dropped it and the lines after it, made again")
		}
	}
	if st.Accepted > st.Resumed {
		fmt.Fprintf(w, "; went on from index %d", r.from.Last+r.step)
	}
	fmt.Fprintln(w)
}
