package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// BatchTargetOptions are the targeted-generation flags of `sudogen batch`:
// techniques the solve path must use and when to stop. With --tier they
// make the run a targeted one (batch.Target): puzzles that cannot be kept
// are dropped before or during grading instead of after it.
type BatchTargetOptions struct {
	Requires string        // comma-separated technique ids
	Hardest  string        // technique id
	MaxTime  time.Duration // 0: no limit
	Search   string        // auto, random, vicinity
	From     string        // seed puzzles of the vicinity search
	Moves    string        // the vicinity's move, "-N+M"
	Climb    int64         // a climb past the first hit stops after this many steps without a higher hit; 0: off
	Plateau  int64         // with Climb: restart from the best puzzles after this many steps with every neighbour lower; 0: off
	Start    string        // random, tridagon: where vicinity searches start without --from
	Score    string        // rating, givens: the climb's score

	target    *batch.TargetPlan // nil: not a targeted run
	seeds     int               // seed puzzles read from --from
	searching bool              // the run searches the vicinity
}

func (o *BatchTargetOptions) addFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Requires, "requires", "", "keep only puzzles whose solve path (in --profile) uses each of these techniques (comma-separated ids, e.g. swordfish,xy-wing; see sudogen techniques)")
	f.StringVar(&o.Hardest, "hardest", "", "keep only puzzles whose hardest step is this technique (e.g. x-wing: solvable by a reader who knows X-Wings)")
	f.DurationVar(&o.MaxTime, "max-time", 0, "stop after this long (e.g. 90s, 10m) keeping the puzzles found, when the count cannot be filled in time")
	f.Var(newChoiceFlag(&o.Search, "auto", "auto", "random", "vicinity"), "search", "how targeted puzzles are found: random (keep the random puzzles that qualify), vicinity (climb from hard puzzles through their {-n+m} neighbours), auto (vicinity for nightmare ratings, else random)")
	f.StringVar(&o.From, "from", "", "start vicinity searches from the puzzles of this file (JSONL or plain lines; implies --search vicinity; they and their isomorphs are never output)")
	f.StringVar(&o.Moves, "vicinity", "-2+2", "the vicinity search's move {-n+m}: remove 1..n givens, add up to m, e.g. -1+1 or -3+2")
	f.Var(newIntFlag(&o.Plateau, 0, 0), "plateau", "with --climb: after this many steps in a row whose neighbours all rate lower, restart from the best-rated puzzle of the search not tried yet (0: stay until --climb runs out)")
	f.Var(newChoiceFlag(&o.Start, "random", "random", "tridagon"), "start", "where a vicinity search without --from starts: random (the best of 30 random minimal puzzles), tridagon (the best of 30 random 9x9 puzzles built around a tridagon, the pattern most of the hardest known puzzles hold; made from scratch)")
	f.Var(newChoiceFlag(&o.Score, "rating", "rating", "givens"), "climb-score", "what a vicinity search climbs: rating (the SE rating), givens (the SE rating, ties broken toward more givens: puzzles with more givens have more higher-rated neighbours)")
	f.Var(newIntFlag(&o.Climb, 0, 0), "climb", "with a vicinity search: climb on past the first hit until this many steps in a row find no higher rating, and keep the highest hit (0: the first hit ends the search)")
}

// autoVicinity is the lowest kept SE rating from which --search auto
// searches the vicinity of 9x9 puzzles: random ones rated 9.0 or more
// are about 1 in 800 and cost 1.5 CPU-s each to find, the search about
// two thirds of that (docs/generate.md). On other shapes such ratings
// are rarer than the search can help with.
const autoVicinity = 9.0

// parseMoves reads a --vicinity value "-N+M".
func parseMoves(v string) (remove, add int, err error) {
	bad := UsageErrorf("--vicinity %q: expected -N+M with whole numbers, N from 1 to 9 removed and M from 0 to 9 added, e.g. -2+2", v)
	t := strings.TrimSpace(v)
	if !strings.HasPrefix(t, "-") {
		return 0, 0, bad
	}
	a, b, ok := strings.Cut(t[1:], "+")
	if !ok {
		return 0, 0, bad
	}
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 || n > 9 || m < 0 || m > 9 {
		return 0, 0, bad
	}
	return n, m, nil
}

// plan checks the flags and, when the run keeps only some puzzles (--tier,
// --requires, --hardest), turns grading into targeted grading.
func (o *BatchTargetOptions) plan(run *batch.Spec, so *batch.SudokuOptions, g *BatchGradeOptions, gen *BatchOptions) error {
	if o.MaxTime < 0 {
		return UsageErrorf("--max-time %s: expected a positive duration, e.g. 90s or 10m", o.MaxTime)
	}
	var requires []string
	for _, id := range strings.Split(o.Requires, ",") {
		if id = strings.TrimSpace(id); id != "" {
			requires = append(requires, id)
		}
	}
	hardest := strings.TrimSpace(o.Hardest)
	if o.Plateau > 0 && o.Climb == 0 {
		return UsageErrorf("--plateau goes on with a climb: give --climb N")
	}
	// --start goes on with a vicinity search, as --climb does.
	noSearch := func() error {
		if o.Climb > 0 {
			return UsageErrorf("--climb goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)")
		}
		if o.Start != "random" {
			return UsageErrorf("--start %s goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)", o.Start)
		}
		if o.Score != "rating" {
			return UsageErrorf("--climb-score %s goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)", o.Score)
		}
		return nil
	}
	if g.NoGrade {
		switch {
		case len(requires) > 0:
			return UsageErrorf("--requires needs grading: drop --no-grade")
		case hardest != "":
			return UsageErrorf("--hardest needs grading: drop --no-grade")
		case o.Climb > 0:
			return UsageErrorf("--climb needs grading: drop --no-grade")
		case o.Start != "random":
			return UsageErrorf("--start %s needs grading: drop --no-grade", o.Start)
		case o.Score != "rating":
			return UsageErrorf("--climb-score %s needs grading: drop --no-grade", o.Score)
		}
		return nil
	}
	vicinity := o.Search == "vicinity" || o.From != ""
	if o.From != "" && o.Search == "random" {
		return UsageErrorf("--from starts vicinity searches: drop --search random")
	}
	if g.sel == nil && len(requires) == 0 && hardest == "" {
		if vicinity {
			return UsageErrorf("a vicinity search needs something to look for: give --tier, --requires or --hardest")
		}
		if err := noSearch(); err != nil {
			return err
		}
		return nil // every graded puzzle is kept: nothing to target
	}
	plan, err := batch.PlanTarget(batch.Target{
		Tiers: g.tiers, Keep: g.sel,
		Requires: requires, Hardest: hardest,
		Profile: g.Profile, NoUniqueness: g.NoUniqueness,
	})
	if err != nil {
		return asUsage(err)
	}
	o.target = plan
	gopts := plan.GraderOptions(*so.Grade)
	so.Grade, so.Target = &gopts, plan
	if o.Search == "auto" && plan.Min >= autoVicinity && so.Generate.Shape == sudoku.Shape9 {
		vicinity = true
	}
	if vicinity {
		if err := o.planSearch(so, gen); err != nil {
			return err
		}
	} else if err := noSearch(); err != nil {
		return err
	}
	prev := run.Accept
	run.Accept = func(rec *export.Record) bool {
		// The Makers drop what the target does not keep; this checks
		// the records they keep once more.
		return plan.Keeps(rec) && (prev == nil || prev(rec))
	}
	return nil
}

// planSearch sets up the vicinity search: the move, and the seeds of
// --from (which the run then excludes from its output, as --exclude
// does).
func (o *BatchTargetOptions) planSearch(so *batch.SudokuOptions, opts *BatchOptions) error {
	if so.Generate.Symmetry != generate.SymNone || kind.FlagValue(opts.flags, "givens") != "" {
		return UsageErrorf("the vicinity search adds and removes single givens: it makes no --symmetry and no --givens range; use --search random")
	}
	n, m, err := parseMoves(o.Moves)
	if err != nil {
		return err
	}
	sopts := &batch.SearchOptions{Vicinity: generate.VicinityOptions{Remove: n, Add: m}}
	sopts.Vicinity.Climb = int(o.Climb)
	sopts.Vicinity.Plateau = int(o.Plateau)
	if o.Start == "tridagon" {
		switch {
		case o.From != "":
			return UsageErrorf("--start tridagon makes the starts of the search: drop --from (or --start)")
		case so.Generate.Shape != sudoku.Shape9:
			return UsageErrorf("--start tridagon makes 9x9 puzzles (3x3 boxes); this run makes %dx%d", so.Generate.Shape.N(), so.Generate.Shape.N())
		}
		sopts.Tridagon = true
	}
	sopts.TieGivens = o.Score == "givens"
	if o.From != "" {
		if err := checkOutputsNotInputs(opts.Export.outputPaths(opts.Output), "--from", []string{o.From}); err != nil {
			return err
		}
		f, err := os.Open(o.From)
		if err != nil {
			return fmt.Errorf("cannot read %s: %v", o.From, unwrapPathError(err))
		}
		seeds, err := batch.ReadSeeds(f, o.From, so.Generate.Shape)
		f.Close()
		if err != nil {
			return err
		}
		sopts.Seeds = seeds
		opts.Dedupe.Exclude = append(opts.Dedupe.Exclude, o.From)
		o.seeds = seeds.Len()
	}
	so.Search = sopts
	o.searching = true
	return nil
}

// summary prints what the targeting did: the puzzles generated and
// graded, and how many were dropped for what.
func (o *BatchTargetOptions) summary(w io.Writer, st *batch.Stats) {
	wk := &st.Work
	if o.target == nil || !wk.Any() {
		return
	}
	made := st.Made()
	if o.searching {
		fmt.Fprintf(w, "vicinity search: %d searches, %d found; %d {%s} moves tried",
			st.Attempts, made, wk.Moves, o.Moves)
		if o.seeds > 0 {
			fmt.Fprintf(w, ", starting from the %d puzzles of %s", o.seeds, o.From)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "targeting: %d puzzles generated, %d graded (%s), %d kept (%s of generated)",
		wk.Generated, wk.Graded, numfmt.Percent(float64(wk.Graded)/float64(wk.Generated)), made, numfmt.Percent(float64(made)/float64(wk.Generated)))
	var parts []string
	for _, rc := range wk.Reasons() {
		parts = append(parts, fmt.Sprintf("%d %s", rc.Count, rc.Reason))
	}
	if st.Duplicates > 0 {
		parts = append(parts, fmt.Sprintf("%d duplicates", st.Duplicates))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "; dropped: %s", strings.Join(parts, ", "))
	}
	fmt.Fprintln(w)
}

// maxTimeLine says why a run ended early at --max-time.
func (o *BatchTargetOptions) maxTimeLine(w io.Writer, st *batch.Stats, count int64, resumable bool) {
	fmt.Fprintf(w, "stopped at --max-time %s: kept %d of the %d puzzles asked for", o.MaxTime, st.Accepted, count)
	if st.Made() > 0 && st.Attempts > 0 {
		need := time.Duration(float64(st.Elapsed) / float64(st.Made()) * float64(count-st.Accepted))
		fmt.Fprintf(w, " (at the rate seen, the other %d need about %s more", count-st.Accepted, need.Round(time.Second))
		if resumable {
			fmt.Fprint(w, "; the same command with --resume continues the run")
		}
		fmt.Fprint(w, ")")
	} else {
		fmt.Fprintf(w, " (none found in %d tries)", st.Attempts)
	}
	fmt.Fprintln(w)
}
