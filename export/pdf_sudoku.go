package export

import (
	"fmt"

	"github.com/sudogen/sudogen/sudoku"
)

func init() {
	RegisterBoard("sudoku", Board{
		Check:    checkSudoku,
		Cells:    func(r *Record) int { return r.Size },
		Draw:     drawSudoku,
		Rules:    sudokuRules,
		Title:    "Sudoku",
		Keywords: "sudoku puzzles",
	})
}

// sudokuRules is the how-to-play text of a book's sudoku records: the
// rules, the sizes the book holds, and what a rating means when any
// puzzle carries a real one.
func sudokuRules(recs []*Record, key bool) []string {
	var sizes []string
	seen := map[string]bool{}
	rated, beyond := false, false
	for _, r := range recs {
		rated = rated || realRating(r)
		beyond = beyond || r.Tier == "beyond"
		s, err := sudokuShape(r)
		if err != nil {
			continue
		}
		d := sizeDescription(s.N(), s.BoxRows, s.BoxCols)
		if !seen[d] {
			seen[d] = true
			sizes = append(sizes, d)
		}
	}
	what := "This book's grids are " + joinAnd(sizes) + "."
	if len(sizes) == 1 {
		what = "Every grid in this book is " + sizes[0] + "."
	}
	paras := []string{"Sudoku: fill every empty cell so that each row, each column and each outlined box " +
		"holds every symbol exactly once. " + what + " Every puzzle has exactly one solution."}
	if rated {
		paras = append(paras, "The rating beside a sudoku's tier is its Sudoku Explainer rating: the difficulty "+
			"of the hardest technique it needs, from 1.0 (only hidden singles) to about 11 (nested forcing chains). "+
			"Puzzles without a rating printed have none.")
	}
	if beyond {
		paras = append(paras, "Beyond: puzzles that none of the grader's techniques finishes, or whose grading was "+
			"stopped at a cap (they show the least rating they have, as \"rating ≥\"); each still has exactly one solution.")
	}
	if key {
		paras = append(paras, "In the sudoku solutions the given digits are bold and grey and the digits to find are black.")
	}
	return paras
}

// sizeDescription says what a grid of side n with boxes of br by bc cells
// looks like and which symbols it uses: "9x9 (digits 1 to 9)", "6x6
// (boxes of 2 rows by 3 columns, digits 1 to 6)", "16x16 (1 to 9, then A
// to G for 10 to 16)".
func sizeDescription(n, br, bc int) string {
	boxes := ""
	if br != bc {
		boxes = fmt.Sprintf("boxes of %d rows by %d columns, ", br, bc)
	}
	symbols := fmt.Sprintf("digits 1 to %d", n)
	if n > 9 {
		symbols = fmt.Sprintf("1 to 9, then A to %c for 10 to %d", 'A'+rune(n-10), n)
	}
	return fmt.Sprintf("%dx%d (%s%s)", n, n, boxes, symbols)
}

// sudokuShape is the box shape of a sudoku record: its box field, or the
// standard shape for its size.
func sudokuShape(r *Record) (sudoku.Shape, error) {
	if len(r.Box) == 2 {
		s := sudoku.Shape{BoxRows: r.Box[0], BoxCols: r.Box[1]}
		if !s.Valid() || s.N() != r.Size {
			return sudoku.Shape{}, fmt.Errorf("box %v does not fit size %d: expected e.g. [3,3] for 9, [2,3] for 6", r.Box, r.Size)
		}
		return s, nil
	}
	if len(r.Box) != 0 {
		return sudoku.Shape{}, fmt.Errorf("box %v: expected [rows, cols]", r.Box)
	}
	return sudoku.ShapeForSize(r.Size)
}

// checkSudoku refuses what a book cannot print. CheckRecord has already
// checked the puzzle and its solution and filled in a missing solution.
func checkSudoku(r *Record, answer bool) error {
	s, err := sudokuShape(r)
	if err != nil {
		return err
	}
	if s.N() > 16 {
		return fmt.Errorf("size %d: PDF books print sudoku up to 16x16", s.N())
	}
	if answer && len(r.Solution) != s.Cells() {
		return fmt.Errorf("no solution for the answer key (use --solutions none to print without one)")
	}
	return nil
}

// keyGivenGrey is the grey of the given digits in the answer key: they
// are bold and grey, the digits the reader filled in regular and black,
// so the two differ by weight and by tone.
const keyGivenGrey = 0.45

// drawSudoku draws the grid lines and the symbols: the givens for the
// puzzle, every cell for the answer (see keyGivenGrey).
func drawSudoku(c *Canvas, r *Record, answer bool, x, y, side float64) {
	s, err := sudokuShape(r)
	if err != nil {
		return // Check refused it before drawing
	}
	n := s.N()
	cell := side / float64(n)
	thin := clamp(cell*0.025, 0.4, 0.75)
	thick := clamp(cell*0.07, 1.2, 2.2)
	c.GridLines(x, y, side, n, s.BoxRows, s.BoxCols, thin, thick)
	size := c.DigitSize(cell)
	given := func(i int) bool { return r.Puzzle[i] != '.' && r.Puzzle[i] != '0' }
	if !answer {
		c.CellSymbols(x, y, cell, n, r.Puzzle, FontRegular, size, 0, given)
		return
	}
	c.CellSymbols(x, y, cell, n, r.Solution, FontBold, size, keyGivenGrey, given)
	c.CellSymbols(x, y, cell, n, r.Solution, FontRegular, size, 0, func(i int) bool { return !given(i) })
}

func clamp(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
