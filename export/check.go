package export

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/slide"
	"github.com/sudogen/sudogen/sudoku"
)

// ErrNotUnique is CheckRecord's error for a Sudoku puzzle with more than
// one solution.
var ErrNotUnique = errors.New("puzzle has more than one solution")

// CheckMessage is the message of a record check's err for line readers:
// err's own, and for a plain puzzle line (plain: not a JSON record) with
// more than one solution a hint that a variant's line, which a txt or se
// export writes bare, reads as that variant with --variant (read as
// classic Sudoku, an X-Sudoku's or a windoku's line has many solutions).
func CheckMessage(err error, plain bool) string {
	if plain && errors.Is(err, ErrNotUnique) {
		return err.Error() + " (if it is a variant's line, as txt and se write them, read it with --variant and the variant's names)"
	}
	return err.Error()
}

// CheckRecord checks that r is fit to publish: in a book, a workbook or an
// HTML page a reader trusts that every puzzle has exactly one solution and
// that the printed solution is it. It returns one line without a position
// (the caller knows the file and line) and nil when r is fit.
//
// A sudoku record must have a known box shape, a puzzle of the right
// length and symbols with no value twice in a unit, exactly one solution,
// and, if it carries one, that solution in its solution field; its size,
// box and givens fields, when set, must agree with the puzzle. What a
// plain puzzle line lacks is filled in: size, box, givens and the
// solution (found by the solver). A slide record must hold a solvable
// board, and its solution, if any, must reach the goal in as many moves as
// its optimal or length field says. A kind not registered is refused.
// Every record's givens, when set, must be its puzzle's count (the
// characters neither '.' nor '#', whatever its kind), and its grading
// fields must agree with each other and with its kind's ladder and scale
// (CheckGrading); its tier against a run's own table is CheckTier's, its
// "minimal" CheckMinimal's.
//
// A record that passes is marked, and the book and workbook writers do
// not check a marked record (or a copy of it) again: change a record's
// puzzle or solution after checking it and call CheckRecord again.
//
// A record read from a grade line whose status says it has no solution
// or more than one is refused first, without solving it
// (CheckGradeStatus).
//
// CheckRecord is safe for concurrent use on different records. It writes
// r (the mark, and what it fills in), so no other goroutine may read or
// check r meanwhile: a record shared between goroutines is checked before
// it is shared, or copied first.
func CheckRecord(r *Record) error {
	err := CheckGradeStatus(r)
	if err == nil {
		err = checkKind(r)
	}
	if err == nil {
		err = checkGivens(r)
	}
	if err == nil {
		err = checkRun(r)
	}
	if err == nil {
		err = CheckGrading(r)
	}
	r.checked = err == nil
	return err
}

// checkGivens checks a record's givens against its puzzle for every kind
// with a "puzzle" (a kind's Check may not: a variant's did not): the
// characters that are neither '.' (empty) nor '#' (a Samurai frame's
// unused cell). A record without a puzzle (a killer without givens) has
// none.
func checkGivens(r *Record) error {
	if !r.HasGivens() {
		return nil
	}
	if r.Puzzle == "" {
		// a killer without givens has no "puzzle": its givens are 0
		if r.Givens != 0 {
			return fmt.Errorf("givens %d but the record has no puzzle (no given)", r.Givens)
		}
		return nil
	}
	n := len(r.Puzzle) - strings.Count(r.Puzzle, ".") - strings.Count(r.Puzzle, "#")
	if r.Givens != n {
		return fmt.Errorf("givens %d but the puzzle has %d", r.Givens, n)
	}
	return nil
}

// checkRun checks a record's seed and index against the record format:
// whole numbers from 0 to MaxSeed (docs/records.md); records written
// before format 1 (no "v") had no upper bound (seeds up to 2^64-1).
func checkRun(r *Record) error {
	if r.Unseeded {
		return nil
	}
	if r.Version >= 1 && r.Seed > MaxSeed {
		return fmt.Errorf("seed %d is above 2^53-1, expected a whole number from 0 to %d", r.Seed, uint64(MaxSeed))
	}
	if r.Index < 0 || (r.Version >= 1 && r.Index > MaxSeed) {
		return fmt.Errorf("index %d, expected a whole number from 0 to %d", r.Index, int64(MaxSeed))
	}
	return nil
}

// checkOnce is CheckRecord for a record not checked yet.
func checkOnce(r *Record) error {
	if r.checked {
		return nil
	}
	return CheckRecord(r)
}

// solvers keeps one pool of solvers per box shape: a solver holds work
// space that is worth reusing across thousands of records.
var solvers sync.Map // sudoku.Shape -> *sync.Pool

func solverFor(s sudoku.Shape) (*sudoku.Solver, func()) {
	p, ok := solvers.Load(s)
	if !ok {
		p, _ = solvers.LoadOrStore(s, &sync.Pool{New: func() any { return sudoku.NewSolver(s) }})
	}
	pool := p.(*sync.Pool)
	sv := pool.Get().(*sudoku.Solver)
	return sv, func() { pool.Put(sv) }
}

// recordShape is the box shape of a sudoku record: its box field, else the
// standard shape for its size, else the shape its puzzle's length implies.
func recordShape(r *Record) (sudoku.Shape, error) {
	if len(r.Box) == 0 && r.Size == 0 {
		s, err := sudoku.ShapeForCells(len(r.Puzzle))
		if err != nil {
			return s, lengthError(len(r.Puzzle))
		}
		return s, nil
	}
	s, err := sudokuShape(r)
	if err != nil {
		return s, err
	}
	if r.Size != 0 && r.Size != s.N() {
		return s, fmt.Errorf("size %d but box %v makes a %dx%d grid", r.Size, r.Box, s.N(), s.N())
	}
	return s, nil
}

func checkSudokuRecord(r *Record) error {
	if r.Puzzle == "" {
		return fmt.Errorf(`sudoku record has no "puzzle"`)
	}
	s, err := recordShape(r)
	if err != nil {
		return err
	}
	if !s.Valid() {
		return fmt.Errorf("box %v: not a supported shape", r.Box)
	}
	if n := s.Cells(); len(r.Puzzle) != n {
		return fmt.Errorf("puzzle has %s, expected %d for %dx%d", numfmt.Count(len(r.Puzzle), "character"), n, s.N(), s.N())
	}
	g, err := sudoku.Parse(r.Puzzle, s)
	if err != nil {
		return fmt.Errorf("puzzle: %v", err)
	}
	if err := g.Conflict(); err != nil {
		return fmt.Errorf("puzzle: %v", err)
	}
	if r.HasGivens() && r.Givens != g.Givens() {
		return fmt.Errorf("givens %d but the puzzle has %d", r.Givens, g.Givens())
	}
	sol := sudoku.NewGrid(s)
	sv, done := solverFor(s)
	n := sv.Count(g.Cells, 2, sol.Cells)
	done()
	switch n {
	case 0:
		return fmt.Errorf("puzzle has no solution")
	case 1:
	default:
		return ErrNotUnique
	}
	if r.Solution != "" {
		given, err := sudoku.Parse(r.Solution, s)
		if err != nil {
			return fmt.Errorf("solution: %v", err)
		}
		for i, v := range given.Cells {
			if v != sol.Cells[i] {
				got := "empty"
				if v != 0 {
					got = string(sudoku.Symbols[v-1])
				}
				return fmt.Errorf("solution is wrong: %s is %s, the puzzle's only solution has %c there",
					g.Geo.CellName(i), got, sudoku.Symbols[sol.Cells[i]-1])
			}
		}
	} else {
		r.Solution = sol.String()
	}
	r.Size = s.N()
	if len(r.Box) == 0 {
		r.Box = []int{s.BoxRows, s.BoxCols}
	}
	if r.Givens == 0 {
		r.Givens = g.Givens()
	}
	return nil
}

func checkSlideRecord(r *Record) error {
	b, err := slideBoard(r)
	if err != nil {
		return err
	}
	r.Size = b.W // a record without "size": its board's
	if r.MovePiece != "" && r.MovePiece != slide.MovesName {
		return fmt.Errorf("move_piece %q: only %q (letters name the blank's direction) is supported", r.MovePiece, slide.MovesName)
	}
	if r.Solution != "" {
		if err := checkSlideSolution(r, b); err != nil {
			return err
		}
	}
	if b.W == 3 && r.Optimal != nil {
		// every 3x3 board's optimum is known (slide.Exact3, built once in
		// about 20 ms): the tier follows it, so a wrong one is refused
		if d := slide.Exact3().Distance(b); *r.Optimal != d {
			return fmt.Errorf("optimal %d but the board's optimum is %d moves", *r.Optimal, d)
		}
	}
	return nil
}

// checkSlideSolution checks that r's solution takes board b to the goal in
// as many moves as its length or optimal field says, and no fewer than its
// lower bound.
func checkSlideSolution(r *Record, b slide.Board) error {
	end, err := b.Apply(r.Solution)
	if err != nil {
		return fmt.Errorf("solution: %v", err)
	}
	if !end.IsGoal() {
		return fmt.Errorf("solution does not reach the goal")
	}
	n := len(r.Solution)
	switch {
	case r.Length != nil && *r.Length != n:
		return fmt.Errorf("length %d but the solution has %d moves", *r.Length, n)
	case r.Length == nil && r.Optimal != nil && *r.Optimal != n:
		return fmt.Errorf("optimal %d but the solution has %d moves", *r.Optimal, n)
	}
	if r.LowerBound != nil && *r.LowerBound > n {
		return fmt.Errorf("lower_bound %d is above the solution's %d moves", *r.LowerBound, n)
	}
	return nil
}
