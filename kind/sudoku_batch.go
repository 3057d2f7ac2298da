package kind

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// BatchFlags defines classic Sudoku's generator flags of `sudogen batch`:
// --symmetry, --minimal and --givens (read by SudokuGenerate; the
// variants read --symmetry and --minimal, killer reads --givens).
func (Sudoku) BatchFlags(fs *pflag.FlagSet) []string {
	fs.String("symmetry", "none", "clue pattern symmetry: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, or random (one per puzzle)")
	fs.Bool("minimal", true, "require minimal puzzles (no given can be removed); default on without --symmetry and --givens")
	fs.String("givens", "", "givens range MIN-MAX (or N): stop digging inside it, e.g. 30-35 for easier puzzles")
	return nil
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
