package kind

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// BatchFlags defines classic Sudoku's own flags of `sudogen batch`: the
// generator's --symmetry, --minimal and --givens (read by
// SudokuGenerate; the variants read --symmetry and --minimal, killer
// reads --givens), the SE grader's --verify-steps, --no-uniqueness and
// --as-given, and the targets' and the vicinity search's flags
// (sudokuTargetFlags). The flags every kind reads (--tier, --no-grade,
// --tiers, --profile, --max-time) are the command's.
func (Sudoku) BatchFlags(fs *pflag.FlagSet) []string {
	fs.String("symmetry", "none", "clue pattern symmetry: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, or random (one per puzzle)")
	fs.Bool("minimal", true, "require minimal puzzles (no given can be removed); default on without --symmetry and --givens; with --variant and --tier, --minimal=false lets a puzzle keep givens its tier's ladder needs (non-consecutive always does)")
	fs.String("givens", "", "givens range MIN-MAX (or N): stop digging inside it, e.g. 30-35 for easier puzzles")
	fs.Bool("verify-steps", false, "check every grading step against the solution (a wrong step stops the run)")
	fs.Bool("no-uniqueness", false, "grade without uniqueness-based techniques")
	fs.Bool("as-given", false, "rate each puzzle as generated, reproducing Sudoku Explainer and HoDoKu exactly, instead of its canonical isomorph")
	sudokuTargetFlags(fs)
	return nil
}

// BatchKind is "": classic Sudoku is the default kind, first in --kind's
// list.
func (Sudoku) BatchKind() string { return "" }

// BatchRun is classic Sudoku's run of `sudogen batch`: grids of --size
// or --box dug by the generator (--symmetry, --minimal, --givens), graded
// on the SE scale (unless --no-grade) and, with --tier, --requires or
// --hardest, targeted (sudokuTarget): puzzles that cannot be kept are
// dropped before or during grading, rare ones found by a vicinity search.
func (Sudoku) BatchRun(in BatchInput) (*BatchRun, error) {
	fs := in.Flags
	shape, err := SudokuShape(fs)
	if err != nil {
		return nil, err
	}
	gopts, err := SudokuGenerate(fs, shape)
	if err != nil {
		return nil, err
	}
	so := batch.SudokuOptions{Generate: gopts}
	n := shape.N()
	name := fmt.Sprintf("%dx%d", n, n)
	run := &BatchRun{
		Size:        n,
		Name:        name,
		SummaryName: "sudoku " + name,
		Shape:       fmt.Sprintf("%s (%dx%d boxes)", name, shape.BoxRows, shape.BoxCols),
		Givens:      true,
		DedupeFirst: true,
		RunFile:     [][2]string{{"minimal", strconv.FormatBool(gopts.Minimal)}},
	}
	gr, err := sudokuGrading(fs, run, &so)
	if err != nil {
		return nil, err
	}
	if err := sudokuTarget(in, run, &so, gr); err != nil {
		return nil, err
	}
	if in.Exclude != nil {
		// Excluded puzzles are dropped before grading (the command
		// fills the set before the run).
		so.Exclude = in.Exclude
	}
	run.Options = so
	return run, nil
}

// sudokuGrade is what sudokuGrading decided, for the target.
type sudokuGrade struct {
	noGrade bool
	tiers   *grade.Tiers    // the tier table (nil with --no-grade)
	sel     map[string]bool // the kept tiers (nil: all)
	profile string
	noUniq  bool
}

// RefuseGradingFlags fails when a run with --no-grade was also given a
// flag only grading reads (--tiers, --profile, --verify-steps,
// --no-uniqueness, --as-given), which it would silently ignore.
func RefuseGradingFlags(fs *pflag.FlagSet) error {
	for _, name := range []string{"tiers", "profile", "verify-steps", "no-uniqueness", "as-given"} {
		if FlagChanged(fs, name) {
			return fmt.Errorf("--%s is for grading: drop --no-grade (or --%s)", name, name)
		}
	}
	return nil
}

// sudokuGrading reads the grading flags into so.Grade and the tier
// filter into run.Accept.
func sudokuGrading(fs *pflag.FlagSet, run *BatchRun, so *batch.SudokuOptions) (*sudokuGrade, error) {
	tier := FlagValue(fs, "tier")
	if FlagBool(fs, "no-grade") {
		if tier != "" && tier != "any" {
			return nil, fmt.Errorf("--tier %s needs grading: drop --no-grade", tier)
		}
		if err := RefuseGradingFlags(fs); err != nil {
			return nil, err
		}
		return &sudokuGrade{noGrade: true}, nil
	}
	var tiers *grade.Tiers
	if file := FlagValue(fs, "tiers"); file != "" {
		t, err := SudokuTiers(file)
		if err != nil {
			return nil, fmt.Errorf("--tiers: %v", err)
		}
		tiers = t
	}
	gopts := grade.GraderOptions{Profile: FlagValue(fs, "profile"), NoUniqueness: FlagBool(fs, "no-uniqueness"),
		VerifySteps: FlagBool(fs, "verify-steps"), GivenForm: FlagBool(fs, "as-given"), Tiers: tiers}
	g, err := grade.NewGrader(gopts)
	if err != nil {
		return nil, fmt.Errorf("--profile: %v", err)
	}
	sel, err := g.Tiers().ParseSelection(tier)
	if err != nil {
		return nil, fmt.Errorf("--tier: %v", err)
	}
	so.Grade = &gopts
	run.Tiers, run.BookTiers = g.Tiers().Names(), g.Tiers().Names()
	run.Beyond = g.Tiers().Beyond
	run.TierOf = func(rec *export.Record) error { return export.CheckTier(rec, g.Tiers()) }
	if sel != nil {
		run.Accept, run.SeenTiers = CountTiers(func(rec *export.Record) bool { return sel[rec.Tier] })
	}
	return &sudokuGrade{tiers: g.Tiers(), sel: sel, profile: gopts.Profile, noUniq: gopts.NoUniqueness}, nil
}

// CountTiers wraps a run's tier filter keep (BatchRun.Accept) so that the
// tier of every record it is asked about is counted: seen is then the
// run's BatchRun.SeenTiers, which a run that gives up names ("tiers
// seen: easy 9573 (94.1%), ...") beside its advice to ask for one.
func CountTiers(keep func(*export.Record) bool) (accept func(*export.Record) bool, seen func() map[string]int64) {
	t := &tierSeen{counts: map[string]int64{}}
	return func(rec *export.Record) bool {
		t.add(rec.Tier)
		return keep(rec)
	}, t.snapshot
}

// tierSeen counts the tiers of the graded records a run saw.
type tierSeen struct {
	mu     sync.Mutex
	counts map[string]int64
}

// add counts a record of tier ("" too: the advice's shares are of every
// record seen).
func (t *tierSeen) add(tier string) {
	t.mu.Lock()
	t.counts[tier]++
	t.mu.Unlock()
}

func (t *tierSeen) snapshot() map[string]int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return maps.Clone(t.counts)
}

// SudokuGenerate reads --symmetry, --minimal and --givens for grids of
// shape. Minimal is on by default only without symmetry and without a
// givens range: digging with a symmetry removes whole orbits, and a range
// stops early, so neither usually ends minimal; asking for --minimal with
// them makes the generator retry until the puzzle is minimal too. The
// error is one line naming the flag.
func SudokuGenerate(fs *pflag.FlagSet, shape sudoku.Shape) (generate.Options, error) {
	g := generate.Options{Shape: shape}
	sym, err := generate.ParseSymmetry(FlagValue(fs, "symmetry"))
	if err != nil {
		return g, fmt.Errorf("--%v", err) // "--symmetry \"x\": expected ..."
	}
	g.Symmetry = sym
	givens := FlagValue(fs, "givens")
	if givens != "" {
		lo, hi, err := generate.ParseGivens(givens)
		if err != nil {
			return g, fmt.Errorf("--%v", err) // "--givens \"x\": ..."
		}
		g.MinGivens, g.MaxGivens = lo, hi
	}
	g.Minimal = FlagBool(fs, "minimal")
	if !FlagChanged(fs, "minimal") {
		g.Minimal = sym == generate.SymNone && givens == ""
	}
	if _, err := generate.New(g); err != nil {
		if strings.HasPrefix(err.Error(), "givens ") {
			return g, fmt.Errorf("--%v", err) // "--givens 90-95: a 9x9 grid has only 81 cells"
		}
		return g, err
	}
	return g, nil
}

// SudokuShape resolves --size and --box (--size not given: 9, or the
// box's size).
func SudokuShape(fs *pflag.FlagSet) (sudoku.Shape, error) {
	size := int64(0)
	if FlagChanged(fs, "size") {
		size = FlagInt(fs, "size")
	}
	if box := FlagValue(fs, "box"); box != "" {
		s, err := sudoku.ParseShape(box)
		if err != nil {
			return s, fmt.Errorf("--box: %v", err)
		}
		if size != 0 && int64(s.N()) != size {
			return s, fmt.Errorf("--box %s makes %dx%d grids, but --size is %d", box, s.N(), s.N(), size)
		}
		return s, nil
	}
	if size == 0 {
		size = 9
	}
	s, err := sudoku.ShapeForSize(int(size))
	if err != nil {
		return s, fmt.Errorf("--size: %v", err)
	}
	return s, nil
}
