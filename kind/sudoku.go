package kind

import (
	"context"
	"fmt"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

func init() { MustRegister(Sudoku{}) }

// Sudoku is classic Sudoku of every box shape from 4x4 to 25x25: the
// sudoku, generate and grade packages behind the Kind interface.
type Sudoku struct{}

// Name is "sudoku".
func (Sudoku) Name() string { return export.KindSudoku }

// Export is the sudoku records' export kind (a grid of symbols, rated).
func (Sudoku) Export() export.RecordKind {
	k, _ := export.KindOf(export.KindSudoku)
	return k
}

// Parse reads the record's grid: its box shape from "box", else the
// standard one for "size", else the one its length implies; every symbol
// valid and no value twice in a row, column or box.
func (Sudoku) Parse(rec *export.Record) (Puzzle, error) {
	g, err := export.Item{Record: *rec}.Grid(nil)
	if err != nil {
		return nil, err
	}
	return SudokuPuzzle{g}, nil
}

// SudokuPuzzle is a parsed Sudoku.
type SudokuPuzzle struct{ Grid sudoku.Grid }

// Solve counts solutions up to limit with the exact solver and returns
// the first.
func (p SudokuPuzzle) Solve(limit int) (int, string, error) {
	n := sudoku.CountSolutions(p.Grid, limit)
	if n == 0 {
		return 0, "", nil
	}
	sol, _ := sudoku.Solve(p.Grid)
	return n, sol.String(), nil
}

// Canonical is the minlex form under the Sudoku group of its shape
// (band, stack, row and column permutations, transposition for square
// boxes, relabelling).
func (p SudokuPuzzle) Canonical() string { return sudoku.CanonicalString(p.Grid) }

// FillPuzzle writes kind, size, box, the puzzle in the record alphabet
// and givens.
func (p SudokuPuzzle) FillPuzzle(rec *export.Record) {
	g := p.Grid
	rec.Kind = export.KindSudoku
	rec.Size = g.Geo.N
	rec.Box = []int{g.Geo.BoxRows, g.Geo.BoxCols}
	rec.Puzzle = g.String()
	rec.Givens = g.Givens()
}

// MinimalNodeCap caps the branch nodes of one removal test of
// SudokuPuzzle.Minimal on boards above 16x16 (generate's own cap on
// 25x25 digging): a test that reaches it leaves minimality unknown.
const MinimalNodeCap = 20000

// Minimal tests each given: removed, does a solution avoid its value?
// One search a given, as batch's own check; ok is false when a 25x25
// test reached MinimalNodeCap.
func (p SudokuPuzzle) Minimal() (minimal, ok bool) {
	g := p.Grid
	s := sudoku.NewSolver(g.Geo.Shape)
	maxNodes := -1
	if g.Geo.N > 16 {
		maxNodes = MinimalNodeCap
	}
	q := append([]uint8(nil), g.Cells...)
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		q[i] = 0
		found, decided := true, true
		if maxNodes < 0 {
			found = s.SolveAvoiding(q, i, v) // 9x9: the counting engine
		} else {
			found, decided = s.SolveAvoidingWithin(q, i, v, maxNodes)
		}
		q[i] = v
		if !decided {
			return false, false
		}
		if !found {
			return false, true
		}
	}
	return true, true
}

// Symmetric checks the clue pattern under a generate symmetry name.
func (p SudokuPuzzle) Symmetric(name string) bool {
	if name == string(generate.SymNone) {
		return true
	}
	s, err := generate.ParseSymmetry(name)
	if err != nil || s == generate.SymRandom || s != generate.Symmetry(name) {
		return false
	}
	return generate.IsSymmetric(p.Grid, s)
}

// KeyCostly is false: the grader computes a Sudoku's key anyway
// (kind.Describer).
func (SudokuPuzzle) KeyCostly() bool { return false }

// Makers makes Sudoku records: spec.Options, a batch.SudokuOptions, says
// everything (grading, targets, searches); without it, minimal puzzles of
// spec.Size without grading (a tier needs the options' target plan).
func (Sudoku) Makers(spec Spec) (func(ctx context.Context) (batch.Maker, error), error) {
	var o batch.SudokuOptions
	switch opts := spec.Options.(type) {
	case batch.SudokuOptions:
		o = opts
	case nil:
		if spec.Tier != "" {
			return nil, fmt.Errorf("kind sudoku: tier %q needs batch.SudokuOptions with a target plan", spec.Tier)
		}
		size := spec.Size
		if size == 0 {
			size = 9
		}
		shape, err := sudoku.ShapeForSize(size)
		if err != nil {
			return nil, err
		}
		o.Generate = generate.Options{Shape: shape}
	default:
		return nil, fmt.Errorf("kind sudoku: options of type %T, expected batch.SudokuOptions", spec.Options)
	}
	o.Seed = spec.Seed
	return batch.SudokuMakers(o), nil
}

// Grader is the SE grader (with HoDoKu's profile when asked for).
func (Sudoku) Grader(opts GradeOptions) (Grader, error) {
	var tiers *grade.Tiers
	if opts.TiersFile != "" {
		t, err := SudokuTiers(opts.TiersFile)
		if err != nil {
			return nil, err
		}
		tiers = t
	}
	g, err := grade.NewGrader(grade.GraderOptions{Profile: opts.Profile, Tiers: tiers})
	if err != nil {
		return nil, err
	}
	return sudokuGrader{g}, nil
}

type sudokuGrader struct{ g *grade.Grader }

// Grade grades a SudokuPuzzle and writes the grading fields.
func (s sudokuGrader) Grade(p Puzzle, solution string, rec *export.Record) error {
	sp, ok := p.(SudokuPuzzle)
	if !ok {
		return fmt.Errorf("kind sudoku: cannot grade a %T", p)
	}
	sol, err := sudoku.Parse(solution, sp.Grid.Geo.Shape)
	if err != nil {
		return fmt.Errorf("solution: %v", err)
	}
	gr, err := s.g.GradeSolved(sp.Grid, sol)
	if err != nil {
		return err
	}
	batch.ApplyGrade(rec, &gr)
	return nil
}

// SudokuTiers reads classic Sudoku's tier table from a --tiers file:
// the section the kind names (its Name, "sudoku"), laid out as
// configs/tiers.yaml's.
func SudokuTiers(path string) (*grade.Tiers, error) {
	return grade.LoadTiersSection(path, Sudoku{}.Name())
}

// Tiers are the built-in tier table's names (configs/tiers.yaml); the
// same for every size.
func (Sudoku) Tiers(int) []string { return grade.DefaultTiers().Names() }
