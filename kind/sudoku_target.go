package kind

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/sudoku"
)

// sudokuTargetFlags defines classic Sudoku's targeted-generation flags of
// `sudogen batch`: techniques the solve path must use, and how rare
// targets are searched for. With --tier they make the run a targeted one
// (batch.Target): puzzles that cannot be kept are dropped before or
// during grading instead of after it.
func sudokuTargetFlags(f *pflag.FlagSet) {
	var search, start, score string
	var climb, plateau int64
	f.String("requires", "", "keep only puzzles whose solve path (in --profile) uses each of these techniques (comma-separated ids, e.g. swordfish,xy-wing; see sudogen techniques)")
	f.String("hardest", "", "keep only puzzles whose hardest step is this technique (e.g. x-wing: solvable by a reader who knows X-Wings)")
	f.Var(NewChoiceValue(&search, "auto", "auto", "random", "vicinity"), "search", "how targeted puzzles are found: random (keep the random puzzles that qualify), vicinity (climb from hard puzzles through their {-n+m} neighbours), auto (vicinity for nightmare ratings, else random)")
	f.String("from", "", "start vicinity searches from the puzzles of this file (JSONL or plain lines; implies --search vicinity; they and their isomorphs are never output)")
	f.String("vicinity", "-2+2", "the vicinity search's move {-n+m}: remove 1..n givens, add up to m, e.g. -1+1 or -3+2")
	f.Var(NewChoiceValue(&start, "random", "random", "tridagon"), "start", "where a vicinity search without --from starts: random (the best of 30 random minimal puzzles), tridagon (the best of 30 random 9x9 puzzles built around a tridagon, the pattern most of the hardest known puzzles hold; made from scratch)")
	f.Var(NewChoiceValue(&score, "rating", "rating", "givens"), "climb-score", "what a vicinity search climbs: rating (the SE rating), givens (the SE rating, ties broken toward more givens: puzzles with more givens have more higher-rated neighbours)")
	f.Var(NewIntValue(&plateau, 0, 0), "plateau", "with --climb: after this many steps in a row whose neighbours all rate lower, restart from the best-rated puzzle of the search not tried yet (0: stay until --climb runs out)")
	f.Var(NewIntValue(&climb, 0, 0), "climb", "with a vicinity search: climb on past the first hit until this many steps in a row find no higher rating, and keep the highest hit (0: the first hit ends the search)")
}

// autoVicinity is the lowest kept SE rating from which --search auto
// searches the vicinity of 9x9 puzzles: random ones rated 9.0 or more
// are about 1 in 800 and cost 1.5 CPU-s each to find, the search about
// two thirds of that (docs/generate.md). On other shapes such ratings
// are rarer than the search can help with.
const autoVicinity = 9.0

// sudokuTarget checks the target flags and, when the run keeps only some
// puzzles (--tier, --requires, --hardest), turns grading into targeted
// grading (so.Target, and so.Search for a vicinity search) and adds the
// target's check to run.Accept and its lines to the summary.
func sudokuTarget(in BatchInput, run *BatchRun, so *batch.SudokuOptions, g *sudokuGrade) error {
	fs := in.Flags
	var requires []string
	for _, id := range strings.Split(FlagValue(fs, "requires"), ",") {
		if id = strings.TrimSpace(id); id != "" {
			requires = append(requires, id)
		}
	}
	if FlagChanged(fs, "requires") && len(requires) == 0 {
		return fmt.Errorf("--requires %q: expected technique ids separated by commas, e.g. swordfish,xy-wing (see sudogen techniques)", FlagValue(fs, "requires"))
	}
	hardest := strings.TrimSpace(FlagValue(fs, "hardest"))
	if FlagChanged(fs, "hardest") && hardest == "" {
		return fmt.Errorf("--hardest %q: expected a technique id, e.g. x-wing (see sudogen techniques)", FlagValue(fs, "hardest"))
	}
	climb, plateau := FlagInt(fs, "climb"), FlagInt(fs, "plateau")
	search, from := FlagValue(fs, "search"), FlagValue(fs, "from")
	start, score := FlagValue(fs, "start"), FlagValue(fs, "climb-score")
	if plateau > 0 && climb == 0 {
		return errors.New("--plateau goes on with a climb: give --climb N")
	}
	// A --vicinity given is checked whether or not it is used.
	movesSet := FlagChanged(fs, "vicinity")
	if movesSet {
		if _, _, err := batch.ParseMoves(FlagValue(fs, "vicinity")); err != nil {
			return err
		}
	}
	// --start goes on with a vicinity search, as --climb and --vicinity do.
	noSearch := func() error {
		if climb > 0 {
			return errors.New("--climb goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)")
		}
		if movesSet {
			return fmt.Errorf("--vicinity %s goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)", FlagValue(fs, "vicinity"))
		}
		if start != "random" {
			return fmt.Errorf("--start %s goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)", start)
		}
		if score != "rating" {
			return fmt.Errorf("--climb-score %s goes on with a vicinity search: give --search vicinity (or a nightmare --tier with --search auto)", score)
		}
		return nil
	}
	if g.noGrade {
		switch {
		case len(requires) > 0:
			return errors.New("--requires needs grading: drop --no-grade")
		case hardest != "":
			return errors.New("--hardest needs grading: drop --no-grade")
		case climb > 0:
			return errors.New("--climb needs grading: drop --no-grade")
		case start != "random":
			return fmt.Errorf("--start %s needs grading: drop --no-grade", start)
		case score != "rating":
			return fmt.Errorf("--climb-score %s needs grading: drop --no-grade", score)
		case from != "":
			return errors.New("--from starts searches for graded targets, which need grading: drop --no-grade")
		case search == "vicinity":
			return errors.New("--search vicinity needs grading: drop --no-grade")
		case movesSet:
			return fmt.Errorf("--vicinity %s needs grading: drop --no-grade", FlagValue(fs, "vicinity"))
		}
		return nil
	}
	vicinity := search == "vicinity" || from != ""
	if from != "" && search == "random" {
		return errors.New("--from starts vicinity searches: drop --search random")
	}
	if g.sel == nil && len(requires) == 0 && hardest == "" {
		if vicinity {
			return errors.New("a vicinity search needs something to look for: give --tier, --requires or --hardest")
		}
		if err := noSearch(); err != nil {
			return err
		}
		return nil // every graded puzzle is kept: nothing to target
	}
	plan, err := batch.PlanTarget(batch.Target{
		Tiers: g.tiers, Keep: g.sel,
		Requires: requires, Hardest: hardest,
		Profile: g.profile, NoUniqueness: g.noUniq,
	})
	if err != nil {
		return err
	}
	gopts := plan.GraderOptions(*so.Grade)
	so.Grade, so.Target = &gopts, plan
	if search == "auto" && plan.Min >= autoVicinity && so.Generate.Shape == sudoku.Shape9 {
		vicinity = true
	}
	sum := &targetSummary{plan: plan, moves: FlagValue(fs, "vicinity"), from: from}
	if vicinity {
		if err := sudokuSearch(in, so, sum, climb, plateau); err != nil {
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
	run.Report = sum.write
	return nil
}

// sudokuSearch sets up the vicinity search: the move, and the seeds of
// --from (which the run then excludes from its output, as --exclude
// does).
func sudokuSearch(in BatchInput, so *batch.SudokuOptions, sum *targetSummary, climb, plateau int64) error {
	if so.Generate.Symmetry != generate.SymNone || FlagValue(in.Flags, "givens") != "" {
		if sum.from != "" {
			// --search random is refused with --from: say what to drop.
			return errors.New("the vicinity search of --from adds and removes single givens: it makes no --symmetry and no --givens range; drop them (or --from)")
		}
		return errors.New("the vicinity search adds and removes single givens: it makes no --symmetry and no --givens range; use --search random")
	}
	n, m, err := batch.ParseMoves(sum.moves)
	if err != nil {
		return err
	}
	sopts := &batch.SearchOptions{Vicinity: generate.VicinityOptions{Remove: n, Add: m}}
	sopts.Vicinity.Climb = int(climb)
	sopts.Vicinity.Plateau = int(plateau)
	if FlagValue(in.Flags, "start") == "tridagon" {
		switch {
		case sum.from != "":
			return errors.New("--start tridagon makes the starts of the search: drop --from (or --start)")
		case so.Generate.Shape != sudoku.Shape9:
			return fmt.Errorf("--start tridagon makes 9x9 puzzles (3x3 boxes); this run makes %dx%d", so.Generate.Shape.N(), so.Generate.Shape.N())
		}
		sopts.Tridagon = true
	}
	sopts.TieGivens = FlagValue(in.Flags, "climb-score") == "givens"
	if from := sum.from; from != "" {
		set, err := FromFile(in, from)
		if err != nil {
			return err
		}
		f, err := os.Open(from)
		if err != nil {
			return Failure(fmt.Errorf("cannot read %s: %s", from, outfile.Reason(err)))
		}
		seeds, err := batch.ReadSeeds(f, from, so.Generate.Shape)
		f.Close()
		if err != nil {
			return Failure(err)
		}
		sopts.Seeds = seeds
		so.Exclude = set
		sum.seeds = seeds.Len()
	}
	so.Search = sopts
	sum.searching = true
	return nil
}

// targetSummary says what a targeted run did.
type targetSummary struct {
	plan      *batch.TargetPlan
	moves     string // the --vicinity move
	from      string // --from
	seeds     int    // seed puzzles read from --from
	searching bool   // the run searched the vicinity
}

// write prints what the targeting did: the puzzles generated and
// graded, and how many were dropped for what.
func (o *targetSummary) write(w io.Writer, st *batch.Stats) {
	if !st.Work.Any() {
		return
	}
	if o.searching {
		made, wk := st.Made(), &st.Work
		fmt.Fprintf(w, "vicinity search: %d searches, %d found; %d {%s} moves tried",
			st.Attempts, made, wk.Moves, o.moves)
		if o.seeds > 0 {
			fmt.Fprintf(w, ", starting from the %d puzzles of %s", o.seeds, o.from)
		}
		fmt.Fprintln(w)
	}
	WriteTargeting(w, st, nil)
}

// WriteTargeting writes the line a targeted run ends with (batch.Stats'
// Work, as its makers tallied it): the puzzles generated and graded, how
// many were kept, and the dropped ones by reason. With tiers (a tier
// table's names, in order) the puzzles in no kept tier are counted
// by tier too, from Work.Seen: "67 in no kept tier (medium 67)".
// Nothing when no work was tallied.
func WriteTargeting(w io.Writer, st *batch.Stats, tiers []string) {
	wk := &st.Work
	if !wk.Any() {
		return
	}
	made := st.Made()
	fmt.Fprintf(w, "targeting: %s generated, %s graded (%s), %s kept (%s of generated)",
		numfmt.Count(wk.Generated, "puzzle"), numfmt.Int(wk.Graded), numfmt.Percent(float64(wk.Graded)/float64(wk.Generated)), numfmt.Int(made), numfmt.Percent(float64(made)/float64(wk.Generated)))
	var parts []string
	for _, rc := range wk.Reasons() {
		part := fmt.Sprintf("%s %s", numfmt.Int(rc.Count), rc.Reason)
		if rc.Reason == batch.ReasonTier && tiers != nil {
			var by []string
			for _, t := range tiers {
				if n := wk.Seen[t]; n > 0 {
					by = append(by, t+" "+numfmt.Int(n))
				}
			}
			if len(by) > 0 {
				part += " (" + strings.Join(by, ", ") + ")"
			}
		}
		parts = append(parts, part)
	}
	if st.Duplicates > 0 {
		parts = append(parts, fmt.Sprintf("%d duplicates", st.Duplicates))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "; dropped: %s", strings.Join(parts, ", "))
	}
	fmt.Fprintln(w)
}

// FromFile checks the file of --from, which a run reads twice (its seeds,
// then their canonical forms by the exclusion set: a pipe would give the
// second read nothing), and adds it to the corpora the run excludes
// (in.ExcludeFile): the seeds and their isomorphs are never output. It
// returns the set their keys are loaded into.
func FromFile(in BatchInput, from string) (*batch.CanonSet, error) {
	if in.ExcludeFile == nil {
		return nil, errors.New("--from needs a run that can exclude its seed puzzles")
	}
	st, err := os.Stat(from)
	switch {
	case err != nil:
		return nil, fmt.Errorf("--from: cannot read %s: %s", from, outfile.Reason(err))
	case st.IsDir():
		return nil, fmt.Errorf("--from: cannot read %s: it is a folder; expected a corpus (JSONL or puzzle lines)", from)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("--from %s: not a regular file (a pipe or a device); --from reads its file twice, for the seeds and for the forms never to output: give a file", from)
	}
	return in.ExcludeFile("--from", from)
}
