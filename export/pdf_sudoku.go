package export

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sudogen/sudogen/sudoku"
)

func init() {
	RegisterBoard(KindSudoku, Board{
		Check:     checkSudoku,
		CheckSize: checkSudokuSize,
		Cells:     func(r *Record) int { return r.Size },
		Draw:      drawSudoku,
		Rules:     sudokuRules,
		Figure:    sudokuExample,
		Title:     "Sudoku",
		Keywords:  "sudoku puzzles",
	})
}

// sudokuRules is the how-to-play text of a book's sudoku records: the
// rules, the sizes the book holds (smallest first), and what a rating means when any
// puzzle carries a real one.
func sudokuRules(tr *Language, recs []*Record, key bool) []string {
	var shapes []sudoku.Shape
	rated, beyond := false, false
	for _, r := range recs {
		rated = rated || realRating(r)
		beyond = beyond || r.Tier == "beyond"
		if s, err := sudokuShape(r); err == nil && !slices.Contains(shapes, s) {
			shapes = append(shapes, s)
		}
	}
	// Smallest first, whatever order the sections put them in.
	slices.SortFunc(shapes, func(a, b sudoku.Shape) int {
		return cmp.Or(cmp.Compare(a.N(), b.N()), cmp.Compare(a.BoxRows, b.BoxRows))
	})
	var sizes []string
	for _, s := range shapes {
		sizes = append(sizes, SizeDescription(tr, s.N(), s.BoxRows, s.BoxCols))
	}
	paras := []string{Sentences(tr.Text("book.sudoku.rules"), SizesSentence(tr, sizes), tr.Text("book.sudoku.unique"))}
	if rated {
		paras = append(paras, tr.Text("book.sudoku.rating"))
	}
	if beyond {
		paras = append(paras, tr.Text("book.sudoku.beyond"))
	}
	if key {
		paras = append(paras, tr.Text("book.sudoku.key"))
	}
	return paras
}

// SizesSentence names a book's grid sizes, each a SizeDescription: "Every
// grid in this book is 9×9 (digits 1 to 9)." for one, "This book's grids
// are ..." for more.
func SizesSentence(tr *Language, sizes []string) string {
	if len(sizes) == 1 {
		return tr.Text("book.sudoku.sizes_one", "size", sizes[0])
	}
	return tr.Text("book.sudoku.sizes_many", "sizes", tr.List(sizes))
}

// SizeDescription says what a grid of side n with boxes of br by bc cells
// looks like and which symbols it uses: "9×9 (digits 1 to 9)", "6×6
// (boxes of 2 rows by 3 columns, digits 1 to 6)", "16×16 (1 to 9, then A
// to G for 10 to 16)". Square boxes (br == bc; 0 for a grid without
// boxes, as a jigsaw's) are not described.
func SizeDescription(tr *Language, n, br, bc int) string {
	side := fmt.Sprintf("%d×%d", n, n)
	key := "book.sudoku.size_"
	var args []any
	if br != bc {
		key += "boxes_"
		args = append(args, "rows", tr.Plural("book.sudoku.rows", br), "cols", tr.Plural("book.sudoku.columns", bc))
	}
	if n > 9 {
		key += "letters"
		args = append(args, "last", string(rune('A'+n-10)))
	} else {
		key += "digits"
	}
	return tr.Text(key, append(args, "side", side, "n", n)...)
}

// exampleSudoku is the 4x4 puzzle the how-to-play page shows with its
// solution: the rules at a glance (each row, column and 2x2 box holds 1
// to 4 once). A test checks it has exactly this one solution.
const (
	examplePuzzle   = ".2..3.1..1.3..2."
	exampleSolution = "1234341221434321"
)

// sudokuExample draws the how-to-play page's example: a small 4x4 sudoku
// and its solution side by side, under a line saying so.
func sudokuExample(c *Canvas, _ []*Record, x, y, w, h float64) float64 {
	tr := c.Lang()
	size := 9.0
	if c.LargePrint {
		size = 13
	}
	lines := c.wrap(tr.Text("book.sudoku.example"), false, size, w)
	capH := float64(len(lines)) * size * 1.3
	side := math.Min(90, math.Min((w-24)/2, h-capH-size*2.2-6))
	if side < 40 {
		return 0
	}
	a, _ := c.extents(false)
	for i, ln := range lines {
		c.Text(false, size, x, y+size*a+float64(i)*size*1.3, ln)
	}
	top := y + capH + 4
	rec := &Record{Kind: KindSudoku, Size: 4, Box: []int{2, 2}, Puzzle: examplePuzzle, Solution: exampleSolution}
	gx := x
	for i, answer := range []bool{false, true} {
		drawSudoku(c, rec, answer, gx, top, side)
		label := tr.Text("book.sudoku.example_puzzle")
		if i == 1 {
			label = tr.Text("book.sudoku.example_solution")
		}
		c.CenteredLabel(gx+side/2, top+side+size*1.1, label, false, size)
		gx += side + 24
	}
	return capH + 4 + side + size*2.2
}

// sudokuShape is the box shape of a sudoku record: its box field (which
// must make a grid of its size, when it has one: size 0 is none), or the
// standard shape for its size.
func sudokuShape(r *Record) (sudoku.Shape, error) {
	if len(r.Box) == 2 {
		s := sudoku.Shape{BoxRows: r.Box[0], BoxCols: r.Box[1]}
		if !s.Valid() || r.Size != 0 && s.N() != r.Size {
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
	if err := checkSudokuSize(r); err != nil {
		return err
	}
	if answer && len(r.Solution) != s.Cells() {
		return fmt.Errorf("no solution for the answer key (use --solutions none to print without one)")
	}
	return nil
}

// checkSudokuSize refuses a sudoku larger than a book prints (16x16),
// by its size fields alone (Board.CheckSize); a record whose shape they
// do not give passes, for checkSudoku to refuse.
func checkSudokuSize(r *Record) error {
	s, err := sudokuShape(r)
	if err == nil && s.N() > 16 {
		return fmt.Errorf("size %d: PDF books print sudoku up to 16x16", s.N())
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
