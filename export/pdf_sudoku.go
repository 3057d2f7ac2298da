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

// sudokuRules is the how-to-play text of a book's sudoku records.
func sudokuRules(recs []*Record, key bool) []string {
	paras := []string{"Sudoku: fill every empty cell so that each row, each column and each outlined box " +
		"holds every symbol exactly once. A 9x9 grid uses 1 to 9, a 6x6 grid 1 to 6; grids larger " +
		"than 9x9 go on with letters (A for 10, B for 11, up to G for 16). Every puzzle has exactly one solution."}
	tiered, rated := false, false
	for _, r := range recs {
		tiered = tiered || r.Tier != ""
		rated = rated || r.Rating > 0
	}
	switch {
	case rated && tiered:
		paras = append(paras, "Each sudoku is labelled with its id, its difficulty tier and its rating "+
			"(the Sudoku Explainer scale: the hardest technique the puzzle needs).")
	case rated:
		paras = append(paras, "Each sudoku is labelled with its id and its rating "+
			"(the Sudoku Explainer scale: the hardest technique the puzzle needs).")
	case tiered:
		paras = append(paras, "Each sudoku is labelled with its id and its difficulty tier.")
	}
	if key {
		paras = append(paras, "In the sudoku solutions the given digits are bold.")
	}
	return paras
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

// drawSudoku draws the grid lines and the symbols: the givens for the
// puzzle, every cell for the answer (givens in bold, so a reader sees what
// was filled in).
func drawSudoku(c *Canvas, r *Record, answer bool, x, y, side float64) {
	s, err := sudokuShape(r)
	if err != nil {
		return // Check refused it before drawing
	}
	n := s.N()
	cell := side / float64(n)
	thin := clamp(cell*0.025, 0.25, 0.75)
	thick := clamp(cell*0.07, 0.8, 2.2)
	c.GridLines(x, y, side, n, s.BoxRows, s.BoxCols, thin, thick)
	size := c.DigitSize(cell)
	text := r.Puzzle
	if answer {
		text = r.Solution
	}
	given := func(i int) bool { return r.Puzzle[i] != '.' && r.Puzzle[i] != '0' }
	if !answer {
		c.CellSymbols(x, y, cell, n, text, FontRegular, size, given)
		return
	}
	// The answer: givens in bold, so a reader sees what was filled in.
	c.CellSymbols(x, y, cell, n, text, FontBold, size, given)
	c.CellSymbols(x, y, cell, n, text, FontRegular, size, func(i int) bool { return !given(i) })
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
