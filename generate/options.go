package generate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Options say what puzzle to make. The zero value of every field but Shape
// means "no constraint": no symmetry, any number of givens, minimality
// reported but not required (without symmetry and without a givens range a
// dug puzzle is always minimal anyway).
type Options struct {
	// Shape is the box shape; it must be one of sudoku.Shapes.
	Shape sudoku.Shape

	// Symmetry is the symmetry of the clue pattern ("" means SymNone).
	Symmetry Symmetry

	// Minimal requires the puzzle to be minimal: no single given can be
	// removed keeping the solution unique. Without symmetry and without a
	// givens range digging always ends minimal. With symmetry or a range the
	// generator retries with fresh grids (at most Attempts) until the result
	// is minimal. Puzzle.Minimal is reported honestly either way.
	Minimal bool

	// MinGivens and MaxGivens bound the number of givens (inclusive); 0
	// means unbounded on that side. Without Minimal, digging stops at a
	// target drawn from [MinGivens, MaxGivens]; a grid whose digging cannot
	// get down to MaxGivens is replaced by a fresh one.
	MinGivens, MaxGivens int

	// Attempts bounds the fresh grids tried for one puzzle when a
	// constraint (givens range, minimal with symmetry) is not met; 0 means
	// DefaultAttempts, or SymmetricMinimalAttempts for Minimal with a
	// symmetry. When all fail, Sudoku returns an error; it returns one
	// sooner when the first digs all end so far above MaxGivens that the
	// rest would almost surely fail too (reach.go).
	Attempts int

	// Cancel, when closed, stops Sudoku early with ErrCanceled: it is
	// checked before each fresh grid and between removal tests, so a
	// cancel takes effect within one removal test (well under a second on
	// every shape the generator accepts). Nil means never. It draws nothing
	// from the rng, so an uncanceled run makes the same puzzles with or
	// without it.
	Cancel <-chan struct{}
}

// DefaultAttempts is the number of fresh grids Sudoku tries for one puzzle
// before giving up on an unreachable constraint.
const DefaultAttempts = 200

// SymmetricMinimalAttempts is the default bound when Minimal is asked for
// together with a symmetry: a symmetric dig ends minimal only rarely (about
// 1 in 7 on 6x6 and 1 in 30-100 on 9x9 for the mirror symmetries, far less
// for rot90 and for 12x12 and up), so the generator needs many grids.
const SymmetricMinimalAttempts = 3000

// knownMinGivens lists the proven minimum number of givens of a uniquely
// solvable puzzle, by grid side (4x4: 4, 6x6: 8, 9x9: 17). Other sides use
// the general bound N-1 (a unique puzzle shows at least N-1 distinct values).
var knownMinGivens = map[int]int{4: 4, 6: 8, 9: 17}

// proverBelow is, by grid side, the givens count below which the digger
// answers removal tests with the clause-learning sudoku.Prover instead of
// the node-capped search: on 25x25 a capped dig to 300-350 givens takes
// milliseconds, while below about 290 givens the capped search leaves most
// tests undecided and only the prover finishes (a minimal 25x25 puzzle,
// about 270 givens, in tens of CPU-seconds). Minimal puzzles and digs
// without a range always use the prover there.
var proverBelow = map[int]int{25: 300}

// minPossibleGivens returns the fewest givens a unique puzzle of side n can
// have, as far as is proven.
func minPossibleGivens(n int) int {
	if m, ok := knownMinGivens[n]; ok {
		return m
	}
	return n - 1
}

// check validates o and returns it with defaults filled in.
func (o Options) check() (Options, error) {
	if !o.Shape.Valid() {
		return o, fmt.Errorf("box %s: unsupported; expected one of %s", o.Shape, sudoku.ShapeNames())
	}
	if o.Symmetry == "" {
		o.Symmetry = SymNone
	}
	if _, err := ParseSymmetry(string(o.Symmetry)); err != nil {
		return o, err
	}
	n, cells := o.Shape.N(), o.Shape.Cells()
	lo, hi := o.MinGivens, o.MaxGivens
	rng := fmt.Sprintf("givens %d-%d", lo, hi)
	switch {
	case lo < 0 || hi < 0:
		return o, fmt.Errorf("%s: counts must not be negative", rng)
	case lo > cells:
		return o, fmt.Errorf("%s: a %dx%d grid has only %d cells", rng, n, n, cells)
	case hi > cells:
		return o, fmt.Errorf("%s: a %dx%d grid has only %d cells", rng, n, n, cells)
	case hi != 0 && lo > hi:
		return o, fmt.Errorf("%s: minimum is larger than maximum", rng)
	case hi != 0 && hi < minPossibleGivens(n):
		return o, fmt.Errorf("%s: a uniquely solvable %dx%d puzzle needs at least %d givens", rng, n, n, minPossibleGivens(n))
	}
	if o.MaxGivens == 0 {
		o.MaxGivens = cells
	}
	if o.Attempts < 0 {
		return o, fmt.Errorf("attempts %d: must not be negative", o.Attempts)
	}
	if o.Attempts == 0 {
		o.Attempts = DefaultAttempts
		if o.Minimal && o.Symmetry != SymNone {
			o.Attempts = SymmetricMinimalAttempts
		}
	}
	return o, nil
}

// ParseGivens reads a givens range written "MIN-MAX" (e.g. "30-35") or a
// single count "N" (meaning N-N). It checks the syntax and order only; New
// checks the range against the grid size.
func ParseGivens(text string) (min, max int, err error) {
	t := strings.TrimSpace(text)
	a, b, ranged := strings.Cut(t, "-")
	if !ranged {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if errors.Is(err1, strconv.ErrRange) || errors.Is(err2, strconv.ErrRange) {
		return 0, 0, fmt.Errorf("givens %q: too large: no grid has that many cells (25x25 has 625)", text)
	}
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("givens %q: expected MIN-MAX with whole numbers, e.g. 25-30", text)
	}
	if lo < 1 || hi < 1 {
		return 0, 0, fmt.Errorf("givens %q: counts must be at least 1", text)
	}
	if lo > hi {
		return 0, 0, fmt.Errorf("givens %q: minimum %d is larger than maximum %d", text, lo, hi)
	}
	return lo, hi, nil
}
