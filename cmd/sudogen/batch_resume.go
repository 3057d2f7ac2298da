package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// batchResume is `sudogen batch --resume` and the run file behind it
// (batch.Resume, which says what the run file holds and when it is kept;
// Execute replays what it took up). This side reads the flag, takes the
// seed of the interrupted run, builds the fingerprint from the flags and
// words the library's refusals as usage errors.
type batchResume struct {
	On bool // --resume

	r *batch.Resume // nil when the output is not one JSONL file
}

func (r *batchResume) addFlag(f *pflag.FlagSet) {
	f.BoolVar(&r.On, "resume", false, "continue an interrupted run of the same options to the same -o file (after Ctrl-C, kill -9 or a lost node): its records are kept and the output ends byte-identical to an uninterrupted run; starts afresh when the output does not exist yet (an output left without its run file, a finished one, is refused)")
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
	var err error
	if r.r, err = batch.OpenResume(opts.Output, r.On); err != nil {
		return err
	}
	if rf := r.r.Prev; rf != nil {
		if v, ok := rf.Value("--seed"); ok && !opts.SeedSet {
			seed, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("cannot resume %s: its run file %s cannot be read (--seed %q: expected a whole number); remove the run file, then run without --resume to start over", opts.Output, r.r.Path, v)
			}
			opts.Seed, opts.SeedSet = seed, true
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
// (seed, shard, shape, and the kind's decided entries: classic Sudoku's
// minimal), the tier table's digest and the excluded canonical forms'
// digest. shape is "9x9 (3x3 boxes)" or "slide 4x4".
func (opts *BatchOptions) fingerprint(shape string, decided [][2]string, excluded *batch.CanonSet) (batch.RunFile, error) {
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
	for _, d := range decided {
		add(d[0], d[1])
	}
	if path := opts.Grading.TiersFile; path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return rf, fmt.Errorf("cannot read %s: %s", path, outfile.Reason(err))
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
func (r *batchResume) check(now batch.RunFile) error {
	return resumeError(r.r.Check(now, "--exclude"), nil)
}

// prepare checks a --resume run against the run file and opens the part of
// the interrupted run's output to keep (batch.Resume.Prepare), before the
// output is created. kind, size and seed are what every record must have,
// and check what the run alone knows of them (keptCheck).
func (r *batchResume) prepare(ctx context.Context, opts *BatchOptions, now batch.RunFile, kind string, size int, check func(*export.Record) error) error {
	if r.r == nil {
		return nil
	}
	r.r.Command = resumeCommand(ctx, opts)
	shape := batch.RunShape{Kind: kind, Size: size, Seed: opts.Seed, Shard: opts.Shard.Shard, Cancel: ctx.Done(), Check: check}
	return resumeError(r.r.Prepare(now, shape), opts.ErrOut)
}

// resumeError words an error of batch.Resume for the command line: a
// refusal is a usage error, an interrupted scan is said on errOut and
// exits 130.
func resumeError(err error, errOut io.Writer) error {
	var re *batch.RefusedError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &re):
		return asUsage(err)
	case errors.Is(err, batch.ErrInterrupted):
		fmt.Fprintf(errOut, "sudogen: %s\n", err)
		return &interruptedError{err.Error()}
	}
	return err
}

// start hands the run file to the run, once the outputs exist.
func (r *batchResume) start(spec *batch.Spec) {
	if r.r != nil {
		spec.Resume = r.r
	}
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
func (r *batchResume) abandon() { r.r.Abandon() }

// summary says what the run took from the interrupted one; count is the
// run's --count, which may be below the records the file held.
func (r *batchResume) summary(w io.Writer, st *batch.Stats, count int64) {
	if !r.On || r.r == nil || r.r.Prev == nil {
		return
	}
	from := r.r.From()
	if st.Resumed == 0 {
		why := r.r.Why()
		if st.ReplayStop != "" {
			why = st.ReplayStop
		}
		fmt.Fprintf(w, "resumed: nothing usable was left by the interrupted run (%s); started from the beginning\n", why)
		return
	}
	fmt.Fprintf(w, "resumed: kept the %s of %s", numfmt.Count(st.Resumed, "record"), from.Path)
	switch {
	case st.ReplayStop != "":
		fmt.Fprintf(w, "; %s: dropped it and the records after it, made again", st.ReplayStop)
	case from.Records > st.Resumed && st.Resumed >= count:
		// A smaller --count ends the run inside the kept records: the
		// output is the uninterrupted run of this count, without them.
		fmt.Fprintf(w, "; it held %s: dropped the other %s, past --count %s (--count %s makes them again)",
			numfmt.Int(from.Records), numfmt.Int(from.Records-st.Resumed), numfmt.Int(count), numfmt.Int(from.Records))
	case from.Stop != "" && st.Accepted > st.Resumed:
		fmt.Fprintf(w, "; %s", from.Stop)
		if !strings.Contains(from.Stop, "cut short") {
			fmt.Fprintf(w, ": dropped it and the lines after it, made again")
		}
	}
	if st.Accepted > st.Resumed {
		fmt.Fprintf(w, "; went on from index %d", from.Last+max(r.r.Step(), 1))
	}
	fmt.Fprintln(w)
}

// keptCheck is what a resumed run checks of each record it keeps beyond
// every reader's checks (batch.RunShape.Check): what only the run knows.
// A record must be the one the uninterrupted run writes, so:
//   - a --no-grade run's records on the SE scale carry no grading field
//     (a killer or slide run grades anyway);
//   - a graded run's tier is the one the run's tier table gives its
//     rating: tierOf, the kind's kind.BatchRun.TierOf (nil: no table of
//     the run's own);
//   - "minimal" is true in a run that keeps minimal puzzles only (decided
//     minimal true): its puzzle is the one the run made (the readers'
//     checks and the canonical form tell an edited puzzle), so it is not
//     searched again. In other runs (--symmetry, --givens) it is tested
//     against the puzzle (export.CheckMinimal: one second-solution search
//     a given), since there an edit of the field alone would pass.
//
// nil when the run does not resume.
func (opts *BatchOptions) keptCheck(kindName string, decided [][2]string, tierOf func(*export.Record) error) func(*export.Record) error {
	if opts.Resume.r == nil || !opts.Resume.On {
		return nil
	}
	rk, _ := export.KindOf(kindName)
	requireMinimal := slices.Contains(decided, [2]string{"minimal", "true"})
	noGrade := opts.Grading.NoGrade && rk.Rated // killer and slide grade anyway
	return func(rec *export.Record) error {
		if noGrade {
			if f := gradingField(rec); f != "" {
				return fmt.Errorf("%s on a record of a --no-grade run, expected no grading fields", f)
			}
		}
		if tierOf != nil {
			if err := tierOf(rec); err != nil {
				return err
			}
		}
		if requireMinimal {
			if rec.Minimal == nil || !*rec.Minimal {
				return fmt.Errorf("minimal is not true, expected true in a run that keeps minimal puzzles only")
			}
			// The puzzle is the run's (its canonical form is checked),
			// so it is minimal: no search (they would cost more than
			// making a --no-grade record again).
			return nil
		}
		return export.CheckMinimal(rec)
	}
}

// gradingField names a grading field rec has, "" when it has none.
func gradingField(rec *export.Record) string {
	switch {
	case rec.Rating != 0:
		return "rating"
	case rec.RatingAtLeast != 0:
		return "rating_at_least"
	case rec.EP != 0 || rec.ED != 0:
		return "ep/ed"
	case rec.Tier != "":
		return "tier"
	case rec.Hardest != "" || len(rec.Techniques) != 0:
		return "hardest/techniques"
	case rec.Level != "" || rec.Score != 0:
		return "level/score"
	}
	return ""
}
