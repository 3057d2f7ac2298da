package killer

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/export"
)

// The PDF board of killer records: the look of published killers. The
// grid's cell lines are light grey and its box lines black; each cage is a
// dashed outline inset from the cell borders, with its sum small in the
// cage's top-left cell on a white patch that breaks the outline; givens
// (usually none) in the cells. The answer key prints the solution over the
// same cages. Killer-X draws both diagonals in grey, broken behind the
// digits on them.
//
// This file's init runs after kind.go's (files initialise in name order),
// so RegisterBoard adds the board to the kind registered there.
func init() {
	export.RegisterBoard(KindName, export.Board{
		Check:      checkBoard,
		Cells:      func(r *export.Record) int { return r.Size },
		DigitScale: digitScale,
		KeyCells:   keyCells,
		Draw:       drawKiller,
		Rules:      killerRules,
		Figure:     cageTable,
		Section:    killerSection,
		Title:      "Killer Sudoku",
		Keywords:   "killer sudoku, sum sudoku, logic puzzles",
	})
}

// digitScale is the fraction of the book's digit size a killer's digits
// are drawn at, clear of the cage sums in the cells' corners.
const digitScale = 0.9

// checkBoard refuses what a book cannot print (checkRecord has already
// checked the cages, the solution and uniqueness).
func checkBoard(r *export.Record, answer bool) error {
	f, ok := r.Fields.(recordFields)
	if !ok || len(f.Cages) == 0 {
		return fmt.Errorf(`killer record has no "cages"`)
	}
	if r.Size < 4 || r.Size > 12 {
		return fmt.Errorf("size %d: PDF books print killers from 4x4 to 12x12", r.Size)
	}
	if len(r.Box) != 2 || r.Box[0]*r.Box[1] != r.Size {
		return fmt.Errorf("box %v does not fit size %d", r.Box, r.Size)
	}
	if answer && len(r.Solution) != r.Size*r.Size {
		return fmt.Errorf("no solution for the answer key (use --solutions none to print without one)")
	}
	return nil
}

// killerRules is the how-to-play text of a book's killers: the rules,
// the cages, hidden sums and Killer-X when the book has them, a way in,
// what Beyond means when a puzzle is beyond, and how the key reads.
func killerRules(tr *export.Language, recs []*export.Record, key bool) []string {
	x, hidden, beyond := false, false, false
	n := 0 // the largest grid: the "way in" counts a house of it
	for _, r := range recs {
		beyond = beyond || r.Tier == "beyond"
		n = max(n, r.Size)
		if f, ok := r.Fields.(recordFields); ok {
			x = x || f.Variant == "x"
			for _, cg := range f.Cages {
				hidden = hidden || cg.Hidden()
			}
		}
	}
	paras := []string{tr.Text("book.killer.rules"), tr.Text("book.killer.cages")}
	if hidden {
		paras = append(paras, tr.Text("book.killer.hidden"))
	}
	if x {
		paras = append(paras, tr.Text("book.killer.x"))
	}
	if n < 1 {
		n = 9
	}
	paras = append(paras, tr.Text("book.killer.start", "side", fmt.Sprintf("%d×%d", n, n), "total", n*(n+1)/2))
	if beyond {
		// the same paragraph as a sudoku book's: the book prints it once
		paras = append(paras, tr.Text("book.sudoku.beyond"))
	}
	if key {
		paras = append(paras, tr.Text("book.killer.key"))
	}
	return paras
}

// killerSection gives every killer section the cage rule under its head,
// and Killer-X puzzles sections of their own with the diagonals' rule too;
// a puzzle that hides a cage's sum adds the hidden-sum sentence last, so
// its rule extends its section's and the section prints it (Board.Section).
func killerSection(tr *export.Language, r *export.Record) (title, rule string, perPage int) {
	rule = tr.Text("book.killer.cages")
	f, ok := r.Fields.(recordFields)
	if ok && f.Variant == "x" {
		x := tr.Text("book.killer.x")
		title = x
		if i := strings.IndexAny(x, ":："); i >= 0 {
			title = strings.TrimRight(x[:i], " \u00a0")
		}
		rule = export.Sentences(rule, x)
	}
	if ok && slices.ContainsFunc(f.Cages, Cage.Hidden) {
		rule = export.Sentences(rule, tr.Text("book.killer.hidden"))
	}
	return title, rule, 0
}

// drawKiller draws r's grid, cages and sums, with the givens (answer
// false) or the whole solution (answer true).
func drawKiller(c *export.Canvas, r *export.Record, answer bool, x, y, side float64) {
	f, ok := r.Fields.(recordFields)
	if !ok || len(r.Box) != 2 {
		return // checkBoard refused it before drawing
	}
	n := r.Size
	cell := side / float64(n)
	pdf := c.PDF()

	// Cell lines light, then the diagonals of Killer-X, then the box
	// lines and the border in black (GridLines with boxes of one cell
	// would draw every line thick, so the box lines are drawn here).
	pdf.SetLineCapStyle("butt")
	pdf.SetDrawColor(170, 170, 170)
	pdf.SetLineWidth(math.Max(0.3, cell*0.012))
	for i := 1; i < n; i++ {
		p := float64(i) * cell
		pdf.Line(x+p, y, x+p, y+side)
		pdf.Line(x, y+p, x+side, y+p)
	}
	if f.Variant == "x" {
		pdf.SetDrawColor(150, 150, 150)
		pdf.SetLineWidth(math.Max(0.5, cell*0.02))
		pdf.Line(x, y, x+side, y+side)
		pdf.Line(x+side, y, x, y+side)
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(clampf(cell*0.06, 1.0, 2.0))
	for i := r.Box[1]; i < n; i += r.Box[1] {
		p := x + float64(i)*cell
		pdf.Line(p, y, p, y+side)
	}
	for i := r.Box[0]; i < n; i += r.Box[0] {
		p := y + float64(i)*cell
		pdf.Line(x, p, x+side, p)
	}
	pdf.SetLineJoinStyle("miter")
	pdf.Rect(x, y, side, side, "D")

	// Cages: dashed outlines inset by a tenth of a cell.
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	for k, cg := range f.Cages {
		for _, i := range cg.Cells {
			if i >= 0 && i < len(owner) {
				owner[i] = k
			}
		}
	}
	inset := cell * 0.1
	dash := math.Max(1.2, cell*0.06)
	pdf.SetLineWidth(math.Max(0.45, cell*0.018))
	pdf.SetDashPattern([]float64{dash, dash * 0.8}, 0)
	in := func(k, row, col int) bool {
		return row >= 0 && row < n && col >= 0 && col < n && owner[row*n+col] == k
	}
	for i, k := range owner {
		if k < 0 {
			continue
		}
		row, col := i/n, i%n
		x0, y0 := x+float64(col)*cell, y+float64(row)*cell
		x1, y1 := x0+cell, y0+cell
		// Each side the cage does not continue past gets a line; its ends
		// stop short at an outer corner, meet the neighbour's line where
		// the cage goes straight on, and reach past the border to meet the
		// perpendicular line at an inner corner.
		end := func(along, diag bool, edge, d float64) float64 {
			switch {
			case !along:
				return edge + d
			case diag:
				return edge - d
			}
			return edge
		}
		if !in(k, row-1, col) { // top
			a := end(in(k, row, col-1), in(k, row-1, col-1), x0, inset)
			b := end(in(k, row, col+1), in(k, row-1, col+1), x1, -inset)
			pdf.Line(a, y0+inset, b, y0+inset)
		}
		if !in(k, row+1, col) { // bottom
			a := end(in(k, row, col-1), in(k, row+1, col-1), x0, inset)
			b := end(in(k, row, col+1), in(k, row+1, col+1), x1, -inset)
			pdf.Line(a, y1-inset, b, y1-inset)
		}
		if !in(k, row, col-1) { // left
			a := end(in(k, row-1, col), in(k, row-1, col-1), y0, inset)
			b := end(in(k, row+1, col), in(k, row+1, col-1), y1, -inset)
			pdf.Line(x0+inset, a, x0+inset, b)
		}
		if !in(k, row, col+1) { // right
			a := end(in(k, row-1, col), in(k, row-1, col+1), y0, inset)
			b := end(in(k, row+1, col), in(k, row+1, col+1), y1, -inset)
			pdf.Line(x1-inset, a, x1-inset, b)
		}
	}
	pdf.SetDashPattern([]float64{}, 0)

	// Sums: small, in the top-left cell of each cage, on a white patch.
	// Large print: at least 10 pt where the cell holds it (a third of a
	// cell and more would crowd the digit), e.g. 4 per page on Letter.
	sumSize := cell * 0.24
	if c.LargePrint {
		sumSize = clampf(10, cell*0.28, cell*0.36)
	}
	size := c.DigitSize(cell) * digitScale
	drop := 0.0 // how far the key's digits sit below the cells' centres
	if answer {
		// The key: the digits of every key (keyCells: a key cell is
		// smaller than this killer's cells), sums of at least keySum
		// points, the digits moved down clear of the sums' patches.
		size = c.DigitSize(side/float64(keyCells(r))) * digitScale
		sumSize = math.Max(keySum, sumSize)
		drop = math.Max(0, inset*0.5+sumSize*0.95+0.3-(cell/2-size*digitInk/2))
	}
	pdf.SetFont(export.FontRegular, "", sumSize)
	pdf.SetFillColor(255, 255, 255)
	pdf.SetTextColor(0, 0, 0)
	// The answer key leaves the sums out should a two-digit sum still
	// touch the cell's digit, or the digit the cage's outline: the
	// outlines still show the cages, and the solution is what the key is
	// read for.
	sums := !answer || (!sumHitsDigit(inset*0.5+pdf.GetStringWidth("88")+sumSize*0.2, inset*0.5+sumSize*0.95-drop, cell, size) &&
		cell/2+drop+size*digitInk/2 <= cell-inset)
	if !sums {
		drop = 0
	}
	for _, cg := range f.Cages {
		if len(cg.Cells) == 0 || !sums || cg.Hidden() {
			continue
		}
		first := cg.Cells[0]
		for _, i := range cg.Cells {
			first = min(first, i)
		}
		s := strconv.Itoa(cg.Sum)
		w := pdf.GetStringWidth(s)
		cx := x + float64(first%n)*cell + inset*0.5
		cy := y + float64(first/n)*cell + inset*0.5
		pdf.Rect(cx, cy, w+sumSize*0.2, sumSize*0.95, "F")
		pdf.Text(cx+sumSize*0.1, cy+sumSize*0.8, s)
	}

	// Digits: the givens, or the solution in the key (givens bold grey).
	given := func(i int) bool { return i < len(r.Puzzle) && r.Puzzle[i] != '.' && r.Puzzle[i] != '0' }
	if f.Variant == "x" {
		// Killer-X: a digit on a diagonal sits on a white patch that
		// breaks the grey line, which would otherwise strike it through
		pdf.SetFillColor(255, 255, 255)
		w, h := size*0.8, size*(digitInk+0.24)
		for i := 0; i < n*n; i++ {
			row, col := i/n, i%n
			if (row != col && row+col != n-1) || !answer && !given(i) {
				continue
			}
			cx, cy := x+(float64(col)+0.5)*cell, y+drop+(float64(row)+0.5)*cell
			pdf.Rect(cx-w/2, cy-h/2, w, h, "F")
		}
	}
	if !answer {
		c.CellSymbols(x, y, cell, n, r.Puzzle, export.FontRegular, size, 0, given)
		return
	}
	c.CellSymbols(x, y+drop, cell, n, r.Solution, export.FontBold, size, 0.45, given)
	c.CellSymbols(x, y+drop, cell, n, r.Solution, export.FontRegular, size, 0, func(i int) bool { return !given(i) })
}

// keySum is the smallest size, in points, of a cage sum in the answer key.
const keySum = 5.5

// digitInk is the height of a Go digit's ink, in ems.
const digitInk = 0.74

// keyCells is the side of a killer's solution in the answer key, in key
// cells: two more than its cells, so that its cells are larger than the
// key's (size+2 key cells across size cells) and hold a legible sum
// (keySum) above the digit, which keeps the size of every key's digits.
func keyCells(r *export.Record) int { return r.Size + 2 }

// sumHitsDigit reports whether a sum's patch reaching right and bottom
// from a cell's top-left corner overlaps the ink of a digit of size
// points centered in the cell (Go digits: ink about 0.6 em wide and 0.73
// em high, with a margin).
func sumHitsDigit(right, bottom, cell, size float64) bool {
	return right > cell/2-size*0.3 && bottom > cell/2-size*0.37
}

func clampf(v, lo, hi float64) float64 {
	return math.Max(lo, math.Min(hi, v))
}
