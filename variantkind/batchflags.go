package variantkind

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// BatchFlags defines --variant on `sudogen batch`: a variant run is asked
// for by it (Claims), not by --kind. A variant run also reads --symmetry
// and --minimal, --requires and --hardest, and --from with the vicinity
// search's flags (classic Sudoku's flags; fromFlags).
func (Kind) BatchFlags(fs *pflag.FlagSet) []string {
	fs.StringSlice("variant", nil, "make Sudoku variants: "+strings.Join(variant.Names, ", ")+
		" (repeat or comma-separate to combine, e.g. x,anti-knight; samurai alone); the records then have kind "+Name)
	var order string
	fs.Var(kind.NewChoiceValue(&order, variant.DigRandom, variant.DigOrders...), "dig-order",
		"variants: the order givens are dug in: random (givens anywhere alike), or peers (cells with the fewest peers first: --tier hard and medium runs take several times less CPU, and the givens crowd the cells the variant constrains most, such as X's diagonals)")
	return []string{"symmetry", "minimal", "requires", "hardest", "from", "vicinity", "climb", "plateau", "start", "climb-score"}
}

// BatchKind is "": --kind does not name the variants; --variant asks for
// them (Claims).
func (Kind) BatchKind() string { return "" }

// Claims reports whether the flags ask for a variant run: --variant given.
func (Kind) Claims(fs *pflag.FlagSet) bool { return len(kind.FlagList(fs, "variant")) > 0 }

// batchUnsupported are the batch flags a variant run does not take.
var batchUnsupported = []string{"box", "givens", "search", "as-given", "verify-steps", "no-uniqueness"}

// BatchRun is `sudogen batch --variant LIST`: the variant makers, graded
// by the variant grader (unless --no-grade), aimed at the kept tiers and
// filtered by them.
func (k Kind) BatchRun(in kind.BatchInput) (*kind.BatchRun, error) {
	fs := in.Flags
	for _, name := range batchUnsupported {
		if kind.FlagChanged(fs, name) {
			return nil, fmt.Errorf("--%s is not supported with --variant", name)
		}
	}
	list, err := variant.ParseVariants(strings.Join(kind.FlagList(fs, "variant"), ","))
	if err != nil {
		return nil, fmt.Errorf("--variant: %v", err)
	}
	size := 9
	if kind.FlagChanged(fs, "size") {
		size = int(kind.FlagInt(fs, "size"))
	}
	if IsSamurai(list) && size != 9 {
		return nil, fmt.Errorf("--variant samurai: --size %d, the Samurai board is made of 9x9 grids", size)
	}
	vo := Options{
		Spec: variant.Spec{Size: size, Variants: list},
		Generate: variant.Options{Symmetry: kind.FlagValue(fs, "symmetry"), RequireMinimal: kind.FlagChanged(fs, "minimal") && kind.FlagBool(fs, "minimal"),
			DigOrder: kind.FlagValue(fs, "dig-order")},
	}
	if IsSamurai(list) {
		vo.Spec.Size = 0
	}
	if err := checkJigsawSymmetry(vo.Spec, vo.Generate.Symmetry); err != nil {
		return nil, err
	}
	name := fmt.Sprintf("%s %dx%d", strings.Join(list, ","), size, size)
	// Named as stats names the group ("variant x 9x9", "variant samurai
	// 9x9": a Samurai by the size of its grids, its record's size): "x
	// 9x9" alone read as a product ("made 2 x 9x9"). Shape, part of a
	// resumed run's fingerprint, stays as it was.
	run := &kind.BatchRun{Size: size, Name: Name + " " + name, Shape: name, Givens: true}
	if kind.FlagChanged(fs, "minimal") {
		// --minimal changes the records (RequireMinimal, LadderMinimal),
		// so a resume must be asked with the same value. Only when given:
		// the run files of runs without it stay as they were.
		run.RunFile = [][2]string{{"minimal", strconv.FormatBool(kind.FlagBool(fs, "minimal"))}}
	}
	tech, err := techFlags(fs, list, size)
	if err != nil {
		return nil, err
	}
	from, err := fromFlags(fs, vo.Generate.Symmetry)
	if err != nil {
		return nil, err
	}
	tier := kind.FlagValue(fs, "tier")
	if kind.FlagBool(fs, "no-grade") {
		if from != "" {
			return nil, errors.New("--from starts searches for graded targets, which need grading: drop --no-grade")
		}
		if tier != "" && tier != "any" {
			return nil, fmt.Errorf("--tier %s needs grading: drop --no-grade", tier)
		}
		if len(tech.Requires) > 0 {
			return nil, errors.New("--requires needs grading: drop --no-grade")
		}
		if tech.Hardest != "" {
			return nil, errors.New("--hardest needs grading: drop --no-grade")
		}
		if err := kind.RefuseGradingFlags(fs); err != nil {
			return nil, err
		}
		run.Options = vo
		return run, nil
	}
	tiersFile := kind.FlagValue(fs, "tiers")
	gr, err := k.Grader(kind.GradeOptions{Profile: kind.FlagValue(fs, "profile"), TiersFile: tiersFile})
	if err != nil {
		return nil, fmt.Errorf("--variant: %v", err)
	}
	vo.Grade = gr
	tiers := grade.DefaultTiers()
	if tiersFile != "" {
		if tiers, err = grade.LoadTiers(tiersFile); err != nil {
			return nil, fmt.Errorf("--tiers: %v", err)
		}
	}
	sel, err := tiers.ParseSelection(tier)
	if err != nil {
		return nil, fmt.Errorf("--tier: %v", err)
	}
	vo.Tiers = sel // the makers target the kept tiers' band (Options.Tiers)
	vo.Requires, vo.Hardest = tech.Requires, tech.Hardest
	if err := checkBand(vo, tiers); err != nil {
		return nil, err
	}
	if err := checkSmall(vo, tiers, tier); err != nil {
		return nil, err
	}
	// --minimal=false: a steered dig may end minimal for the ladder only.
	vo.LadderMinimal = kind.FlagChanged(fs, "minimal") && !kind.FlagBool(fs, "minimal")
	if vo.steersStrict(gr) {
		// Where the band's minimal puzzles are out of the capped ladder's
		// reach (x,anti-knight, 12x12 anti-knight easy), this is the way.
		run.Advice = LadderMinimalAdvice
	}
	if from != "" {
		if !vo.targeted() {
			return nil, errFromTarget
		}
		if err := fromSetup(in, &vo, list, size, from); err != nil {
			return nil, err
		}
	}
	run.Options, run.Tiers, run.Beyond = vo, tiers.Names(), tiers.Beyond
	run.TierOf = func(rec *export.Record) error { return export.CheckTier(rec, tiers) }
	if vo.targeted() {
		run.Accept = func(rec *export.Record) bool {
			_, ok := tech.verdict(rec)
			return (sel == nil || sel[rec.Tier]) && (!tech.any() || ok)
		}
		// The targeting line, the dropped puzzles by tier too (maker.TakeWork).
		names := tiers.Names()
		run.Report = func(w io.Writer, st *batch.Stats) {
			if vo.From != nil {
				writeFromSearch(w, st, vo.From, kind.FlagValue(fs, "vicinity"))
			}
			kind.WriteTargeting(w, st, names)
		}
	}
	return run, nil
}
