package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// addKillerFlags defines the killer's own batch flags: --cage-sizes and
// --hide-sums.
func addKillerFlags(f *pflag.FlagSet, opts *BatchOptions) {
	f.Var(newIntFlag(&opts.HideSums, 0, 0), "hide-sums", "killer: hide the sums of up to N cages, each only while the puzzle stays unique and solvable by the killer techniques (a record's cage without \"sum\"); 0: every cage shows its sum")
	f.StringVar(&opts.CageSizes, "cage-sizes", "", "killer: the sizes cages are drawn with, MIN-MAX (e.g. 2-5; default by --tier: easy 2-3, medium 2-4, hard 2-5, expert and harder 3-6)")
}

// parseCageSizes reads --cage-sizes: "MIN-MAX" or "N".
func parseCageSizes(s string, n int) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > n {
		return 0, 0, UsageErrorf("--cage-sizes %q: expected MIN-MAX with 1 <= MIN <= MAX <= %d, e.g. 2-5", s, n)
	}
	return lo, hi, nil
}

// killerBatchUnsupported are batch flags a killer run does not take.
var killerBatchUnsupported = []string{"requires", "hardest", "from", "search", "vicinity", "as-given", "verify-steps", "no-uniqueness", "symmetry", "minimal", "profile"}

// killerBatchRun is batch --kind killer: the killer kind's makers
// (through the kind registry; each record generated, proven unique and
// graded on the killer scale), the tier filter and the run's dedupe by
// the killer's canonical key.
func killerBatchRun(ctx context.Context, opts *BatchOptions) error {
	for _, name := range killerBatchUnsupported {
		if opts.flags != nil && opts.flags.Changed(name) {
			return UsageErrorf("--kind killer does not take --%s", name)
		}
	}
	o := killer.Options{}
	switch {
	case len(opts.Variant) == 1 && opts.Variant[0] == "x":
		o.X = true
	case len(opts.Variant) > 0:
		return UsageErrorf("--kind killer takes --variant x (Killer-X) only")
	}
	shape := sudoku.Shape9
	if opts.Box != "" || opts.Size != 0 {
		s, err := shapeFromFlags(opts.Size, opts.Box)
		if err != nil {
			return err
		}
		shape = s
	}
	if n := shape.N(); n != 4 && n != 6 && n != 8 && n != 9 {
		return UsageErrorf("--kind killer: size %d, expected 6, 8 or 9", n)
	}
	o.Shape = shape
	tier := opts.Grading.Tier
	if tier == "any" {
		tier = ""
	}
	if opts.CageSizes != "" {
		lo, hi, err := parseCageSizes(opts.CageSizes, shape.N())
		if err != nil {
			return err
		}
		o.CageMin, o.CageMax = lo, hi
	} else {
		o.CageMin, o.CageMax = killer.DefaultCageSizes(tier)
	}
	o.Tier = tier // steers the generator into the tier (no effect for beyond)
	o.HideSums = int(opts.HideSums)
	if opts.Givens != "" {
		n, err := strconv.Atoi(strings.TrimSpace(opts.Givens))
		if err != nil || n < 0 || n > shape.Cells() {
			return UsageErrorf("--givens %q: --kind killer takes one number of givens, 0..%d (default 0: none)", opts.Givens, shape.Cells())
		}
		o.Givens = n
	}
	if opts.Grading.NoGrade && tier != "" {
		return UsageErrorf("--tier %s needs grading: drop --no-grade", tier)
	}
	if err := opts.checkCounts(); err != nil {
		return err
	}
	k, err := kind.Lookup(killer.KindName)
	if err != nil {
		return err
	}
	if tier != "" && !slices.Contains(k.Tiers(shape.N()), tier) {
		return UsageErrorf("--tier %s: the killer tiers are %s", tier, strings.Join(k.Tiers(shape.N()), ", "))
	}
	end, err := opts.beginRun(ctx)
	if err != nil {
		return err
	}
	defer end()
	mo := killer.MakeOptions{Options: o}
	if len(opts.Dedupe.Exclude) > 0 {
		// Filled by prepareResume, before the run: excluded killers are
		// dropped before grading.
		mo.Exclude = opts.Dedupe.excludedSet()
	}
	g := &opts.Grading
	g.counter = &tierCounter{counts: map[string]int64{}, order: k.Tiers(shape.N())}
	run, err := kindRun(opts, k, mo)
	if err != nil {
		return err
	}
	if tier != "" {
		run.Accept = func(rec *export.Record) bool { return rec.Tier == tier }
	}
	name := "killer"
	if o.X {
		name = "killer-x"
	}
	fpShape := fmt.Sprintf("%s %dx%d (%dx%d boxes)", name, shape.N(), shape.N(), shape.BoxRows, shape.BoxCols)
	if err := opts.prepareResume(ctx, fpShape, nil, killer.KindName, shape.N(), run); err != nil {
		return err
	}
	sinks, where, err := opts.Export.sinks(opts.Output, opts.Out, opts.ErrOut, opts.Quiet)
	if err != nil {
		return err
	}
	run.Kind, run.Size = killer.KindName, shape.N()
	run.Name = fmt.Sprintf("%s %dx%d", name, shape.N(), shape.N())
	summary := kindRunSummary(ctx, opts, run, where, o.Givens > 0, g.counter)
	return runBatch(ctx, opts, run, append(sinks, g.counter), func(st *batch.Stats) {
		summary(st)
		opts.Dedupe.summary(opts.ErrOut, st)
	})
}

// kindRunSummary is the summary line of a batch run of a registered
// kind (variant, killer): what was made, how fast, the seed, what was
// tried, the givens when withGivens, where it went; then the tiers. The
// puzzles are named by run.Name.
func kindRunSummary(ctx context.Context, opts *BatchOptions, run *batch.Spec, where string, withGivens bool, counter *tierCounter) func(st *batch.Stats) {
	return func(st *batch.Stats) {
		head := fmt.Sprintf("made %d", st.Accepted)
		if st.Interrupted {
			head = fmt.Sprintf("%s: kept %d of %d", stopWord(ctx), st.Accepted, run.Count)
		}
		if st.Resumed > 0 {
			head += fmt.Sprintf(" (%d resumed)", st.Resumed)
		}
		line := fmt.Sprintf("%s %s in %s", head, run.Name, st.Elapsed.Round(time.Millisecond))
		if st.Made() > 0 {
			line += fmt.Sprintf(" (%s)", formatRate(st.Rate()))
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
		counter.summary(opts.ErrOut)
	}
}

// kindRun builds a registered kind's batch run: the run's seed (random
// unless --seed), the kind's makers for options, dedupe by canonical key.
// It does not touch the outputs.
func kindRun(opts *BatchOptions, k kind.Kind, options any) (*batch.Spec, error) {
	if !opts.SeedSet {
		opts.Seed = uint64(time.Now().UnixNano())%(1<<32-1) + 1
	}
	makers, err := k.Makers(kind.Spec{Seed: opts.Seed, Options: options})
	if err != nil {
		return nil, asUsage(err)
	}
	return &batch.Spec{
		Count:    opts.Count,
		Workers:  int(opts.Workers),
		Seed:     opts.Seed,
		NewMaker: makers,
		Dedupe:   batch.NewCanonSet(int(min(opts.Count, 1<<20))),
	}, nil
}

// killerExplain is explain for a killer given in one of its text forms:
// the cage map, then the steps and the closing line of the killer kind's
// Explain (the same as for a killer record). The classic Sudoku flags
// do not apply.
func killerExplain(opts *ExplainOptions, p *killer.Puzzle) error {
	switch {
	case opts.NoUniqueness, opts.MaxRating != 0, opts.MaxWork != 0, opts.Profile != "se":
		return UsageErrorf("explain: --profile, --no-uniqueness, --max-rating and --work-budget are for classic Sudoku")
	}
	kp := killer.KindPuzzle{P: p}
	count, sol, err := kp.Solve(2)
	switch {
	case err != nil:
		return err
	case count == 0:
		return fmt.Errorf("killer has no solution")
	case count > 1:
		return fmt.Errorf("killer has more than one solution: explain needs exactly one")
	}
	steps, summary, err := killer.Kind{}.Explain(kp, sol, kind.GradeOptions{}, opts.Next)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(opts.Out)
	defer w.Flush()
	if opts.Next {
		if len(steps) == 0 {
			fmt.Fprintln(w, "no step found: the killer ladder cannot make progress here")
			return nil
		}
		fmt.Fprintln(w, steps[0])
		return nil
	}
	fmt.Fprintln(w, kp.Pretty(""))
	width := len(fmt.Sprint(len(steps)))
	for i, st := range steps {
		fmt.Fprintf(w, "%*d. %s\n", width, i+1, st)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, summary)
	return nil
}
