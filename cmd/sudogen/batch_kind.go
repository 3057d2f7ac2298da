package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
)

// kindFlags are the kinds' own flags of `sudogen batch` (kind.FlagDefiner):
// which kind defined each, and which flags of other kinds each kind's
// runs read. --kind takes the default kind and every kind.Batcher that
// names itself (kind.Batcher.BatchKind).
type kindFlags struct {
	owner map[string]string   // flag name -> the kind that defined it
	reads map[string][]string // kind name -> other kinds' flags it reads
	kinds []string            // the values --kind takes
}

// add defines --kind (into *kindName) and every registered kind's own
// batch flags on f.
func (kf *kindFlags) add(f *pflag.FlagSet, kindName *string) {
	kf.owner, kf.reads = map[string]string{}, map[string][]string{}
	kinds := []string{export.DefaultKind}
	var helps []string
	for _, b := range kind.Batchers() {
		if h := b.BatchKind(); h != "" {
			kinds = append(kinds, b.Name())
			helps = append(helps, b.Name()+": "+h)
		}
	}
	help := "puzzle kind: " + strings.Join(kinds, ", ")
	if len(helps) > 0 {
		help += " (" + strings.Join(helps, "; ") + ")"
	}
	kf.kinds = kinds
	f.Var(newChoiceFlag(kindName, export.DefaultKind, kinds...), "kind", help)
	for _, k := range kind.All() {
		d, ok := k.(kind.FlagDefiner)
		if !ok {
			continue
		}
		before := map[string]bool{}
		f.VisitAll(func(fl *pflag.Flag) { before[fl.Name] = true })
		kf.reads[k.Name()] = d.BatchFlags(f)
		f.VisitAll(func(fl *pflag.Flag) {
			if !before[fl.Name] {
				kf.owner[fl.Name] = k.Name()
			}
		})
	}
}

// runOf is the kind whose run the flags ask for: --kind's, or with the
// default kind a kind whose own flag claims the run (--variant), else the
// default kind (classic Sudoku).
func (kf *kindFlags) runOf(name string, fs *pflag.FlagSet) (kind.Batcher, error) {
	if name == "" || name == export.DefaultKind {
		for _, b := range kind.Batchers() {
			if c, ok := b.(kind.Claimer); ok && c.Claims(fs) {
				return c, nil
			}
		}
		name = export.DefaultKind
	}
	k, err := kind.Lookup(name)
	if err != nil {
		return nil, asUsage(err)
	}
	b, ok := k.(kind.Batcher)
	if !ok {
		return nil, UsageErrorf("--kind %s: sudogen batch does not make this kind", name)
	}
	return b, nil
}

// checkInputFiles is checkInputFlags for a batch run, before anything
// else is read. A run given another kind's flag (which may name a file:
// --from on a slide run) is left to be refused by refuse, with its own
// message.
func (kf *kindFlags) checkInputFiles(name string, fs *pflag.FlagSet) error {
	k, err := kf.runOf(name, fs)
	if err != nil || kf.refuse(k.Name(), fs) != nil {
		return nil
	}
	return checkInputFlags(fs)
}

// refuse refuses a flag of another kind set on a run of kind name,
// unless the run's kind reads it: "--hide-sums is for --kind killer".
func (kf *kindFlags) refuse(name string, fs *pflag.FlagSet) error {
	var err error
	fs.Visit(func(f *pflag.Flag) {
		owner, ok := kf.owner[f.Name]
		if err != nil || !ok || owner == name || slices.Contains(kf.reads[name], f.Name) {
			return
		}
		if !slices.Contains(kf.kinds, owner) { // a kind --kind does not name (--variant)
			err = UsageErrorf("--%s is not for --kind %s", f.Name, name)
			return
		}
		err = UsageErrorf("--%s is for --kind %s", f.Name, owner)
	})
	return err
}

// kindBatchRun is a batch run of a registered kind that makes its runs
// from its flags (kind.Batcher: classic Sudoku, --kind killer, --kind
// slide, --variant): the kind reads its flags (BatchRun), and the command
// adds what every run has: counts, seed, shard, the run file, dedupe and
// --exclude, the outputs, the progress bar and the summary.
func kindBatchRun(ctx context.Context, opts *BatchOptions, k kind.Batcher) error {
	in := kind.BatchInput{Flags: opts.flags, Ctx: ctx}
	if !opts.Quiet {
		in.Logf = func(f string, a ...any) { fmt.Fprintf(opts.ErrOut, "sudogen: "+f+"\n", a...) }
	}
	if len(opts.Dedupe.Exclude) > 0 {
		// Filled by prepareResume, before the run: a kind's makers may
		// drop excluded puzzles before grading.
		in.Exclude = opts.Dedupe.excludedSet()
	}
	in.ExcludeFile = func(flag, path string) (*batch.CanonSet, error) {
		if err := checkOutputsNotInputs(opts.Export.outputPaths(opts.Output), flag, []string{path}); err != nil {
			return nil, err
		}
		opts.Dedupe.addOther(path)
		return opts.Dedupe.excludedSet(), nil
	}
	br, err := k.BatchRun(in)
	var fe *kind.FailureError
	if errors.As(err, &fe) {
		return fe.Err
	}
	if err != nil {
		return asUsage(err)
	}
	if err := opts.kindFlags.refuse(k.Name(), opts.flags); err != nil {
		return err
	}
	if err := opts.checkCounts(); err != nil {
		return err
	}
	end, err := opts.beginRun(ctx)
	if err != nil {
		return err
	}
	defer end()
	if !opts.SeedSet {
		// Below 2^32: short to type back, and exact in JSON readers
		// that use doubles. (A run to a file draws it in loadSeed.)
		opts.Seed = rand.Uint64N(1<<32-1) + 1
	}
	makers, err := k.Makers(kind.Spec{Seed: opts.Seed, Options: br.Options})
	if err != nil {
		return asUsage(err)
	}
	run := &batch.Spec{
		Kind:        k.Name(),
		Size:        br.Size,
		Name:        br.Name,
		Count:       opts.Count,
		Workers:     int(opts.Workers),
		Seed:        opts.Seed,
		NewMaker:    makers,
		Accept:      br.Accept,
		MaxAttempts: br.MaxAttempts,
		Dedupe:      batch.NewCanonSet(int(min(opts.Count, 1<<20))),
	}
	if err := opts.prepareResume(ctx, br.Shape, br.RunFile, k.Name(), br.Size, br.TierOf, run); err != nil {
		return err
	}
	if br.Prepare != nil {
		if err := untilDone(ctx, func() error { return br.Prepare(ctx) }); err != nil {
			return err
		}
	}
	if f := opts.flags.Lookup("title"); br.Title != "" && f != nil && !f.Changed {
		opts.Export.opts.Title = br.Title
	}
	if br.BookTiers != nil { // a book's sections follow the tier table
		opts.Export.opts.TierOrder = br.BookTiers
	}
	sinks, where, err := opts.Export.sinks(opts.Output, opts.Out, opts.ErrOut, opts.Quiet)
	if err != nil {
		return err
	}
	counter := &tierCounter{counts: map[string]int64{}, order: br.Tiers}
	opts.Grading.counter = counter // the give-up advice reads its order
	opts.Grading.advice = br.Advice
	opts.Grading.seen = br.SeenTiers
	opts.shardLine = br.ShardLine
	return runBatch(ctx, opts, run, append(append(sinks, br.Sinks...), counter), func(st *batch.Stats) {
		if br.Summary != nil {
			sum := kind.BatchSummary{Stats: st, Seed: run.Seed, Where: opts.Export.wrote(where), Count: run.Count}
			if st.Interrupted {
				sum.Stop = stopWord(ctx)
			}
			br.Summary(opts.ErrOut, sum)
			return
		}
		name := run.Name
		if br.SummaryName != "" {
			name = br.SummaryName
		}
		kindRunSummary(ctx, opts, run, name, opts.Export.wrote(where), br.Givens, st)
		if br.DedupeFirst {
			opts.Dedupe.summary(opts.ErrOut, st)
			counter.summary(opts.ErrOut)
		} else {
			counter.summary(opts.ErrOut)
			opts.Dedupe.summary(opts.ErrOut, st)
		}
		if t := opts.Grading.Tier; t == "" || t == "any" {
			counter.beyondNote(opts.ErrOut, br.Beyond)
		}
		if br.Report != nil {
			br.Report(opts.ErrOut, st)
		}
	})
}

// kindRunSummary is the summary line of a batch run of a registered
// kind: what was made, how fast, the seed, what was tried, the givens
// when withGivens, where it went. The puzzles are named by name.
func kindRunSummary(ctx context.Context, opts *BatchOptions, run *batch.Spec, name, where string, withGivens bool, st *batch.Stats) {
	head := "made " + numfmt.Int(st.Accepted)
	if st.Interrupted {
		head = fmt.Sprintf("%s: kept %s of %s", stopWord(ctx), numfmt.Int(st.Accepted), numfmt.Int(run.Count))
	}
	if st.Resumed > 0 {
		head += fmt.Sprintf(" (%s resumed)", numfmt.Int(st.Resumed))
	}
	line := fmt.Sprintf("%s %s in %s", head, name, st.Elapsed.Round(time.Millisecond))
	if st.Made() > 0 {
		line += fmt.Sprintf(" (%s)", numfmt.Rate(st.Rate()))
	}
	line += fmt.Sprintf(", seed %d", run.Seed)
	if sh := opts.Shard.describe(); sh != "" {
		line += ", " + sh
	}
	if t := triedSummary(st); t != "" {
		line += "; " + t
	}
	w := "nothing written"
	if st.Accepted > 0 {
		if withGivens {
			line += fmt.Sprintf("; givens min %d mean %.1f max %d", st.GivensMin, st.GivensMean(), st.GivensMax)
		}
		w = "written to " + where
	}
	fmt.Fprintf(opts.ErrOut, "%s; %s\n", line, w)
}
