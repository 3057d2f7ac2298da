package export

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"
)

// gridSheet draws the first puzzles as grids, one per printed page, a
// title line with id, tier and rating above each: a classic grid with
// thick borders around boxes and the grid and its symbols centered, a
// sliding board as boxed tiles, another kind's board as drawBoard draws
// it. Boards up to 9x9 go on the Grids sheet and wider ones on Large
// grids, each sheet sized for its boards; when they are all of one
// kind of width they all go on Grids.
func (x *XLSXWriter) gridSheet() error {
	// Read the kinds' boards first, and sort the records by width.
	boards := map[*Record]*sheetBoard{}
	var small, large []*Record
	for _, r := range x.grids {
		n := 0
		switch {
		case isTiles(r.Kind):
			n = r.Size
		case kindOf(r.Kind).Cells == NoCells:
			if b, err := readSheetBoard(r, x.words.tr); err == nil {
				boards[r], n = b, b.n
			}
		default:
			if shape, err := sudokuShape(r); err == nil {
				n = shape.N()
			}
		}
		if n > 9 {
			large = append(large, r)
		} else {
			small = append(small, r)
		}
	}
	bold, err := x.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 12}})
	if err != nil {
		return err
	}
	d := &gridDrawer{looks: gridStyles{f: x.f}, bold: bold, tr: x.words.tr}
	// Boards up to 9 columns wide on Grids, wider boards (12x12 and up,
	// Samurai's 21 columns) on Large grids. A sheet's columns and print
	// scale are the sheet's, so a 9x9 killer on a sheet with a 16x16 got
	// the 16x16's narrow columns, 11 pt digits and 7 pt sums, and a
	// 25x25 shrank it to 70% in print.
	grids, largeGrids := x.words.sheet("grids"), x.words.sheet("large_grids")
	if len(small) == 0 {
		return x.drawGrids(d, grids, large, boards, true)
	}
	if err := x.drawGrids(d, grids, small, boards, false); err != nil {
		return err
	}
	if len(large) == 0 {
		return nil
	}
	return x.drawGrids(d, largeGrids, large, boards, true)
}

// drawGrids draws recs on a new sheet s, with d's styles: wide says a
// board is wider than 9x9 (the columns are then narrow, and a board's
// rows low, to keep its cells square).
func (x *XLSXWriter) drawGrids(d *gridDrawer, s string, recs []*Record, boards map[*Record]*sheetBoard, wide bool) error {
	if _, err := x.f.NewSheet(s); err != nil {
		return err
	}
	if err := noDimension(x.f, s); err != nil {
		return err
	}
	d.sheet, d.wide, d.rules = s, wide, nil
	bold := d.bold
	style := func(l, r, t, b bool, n int) (int, error) {
		side := func(thick bool) gridLine {
			if thick {
				return gridLine{5, black}
			}
			return gridLine{1, black}
		}
		return d.looks.id(gridLook{left: side(l), right: side(r), top: side(t), bottom: side(b), size: d.digits(n)})
	}
	maxN := 0
	row := 1
	for _, r := range recs {
		if isTiles(r.Kind) {
			b, err := slideBoard(r)
			if err != nil {
				continue // not drawable; the Puzzles sheet still has it
			}
			// Tiles as boxed cells (every side thick), the blank empty
			// inside the board's outline (its sides on the board's edge
			// thick, as the book's frame), the move count in the title.
			n := b.W
			maxN = max(maxN, n)
			title := gridTitle(d.tr, r, slideCaptionIn(d.tr, r))
			x.f.SetCellValue(s, fmt.Sprintf("A%d", row), title)
			x.f.SetCellStyle(s, fmt.Sprintf("A%d", row), fmt.Sprintf("A%d", row), bold)
			row += 2
			st, err := style(true, true, true, true, n)
			if err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				x.f.SetRowHeight(s, row+i, d.rowHeight(n))
				for j := 0; j < n; j++ {
					cell, _ := excelize.CoordinatesToCellName(j+1, row+i)
					if t := b.Tiles[i*n+j]; t != 0 {
						x.f.SetCellValue(s, cell, int(t))
						x.f.SetCellStyle(s, cell, cell, st)
						continue
					}
					edge := func(on bool) gridLine {
						if on {
							return gridLine{5, black}
						}
						return gridLine{}
					}
					look := gridLook{left: edge(j == 0), right: edge(j == n-1), top: edge(i == 0), bottom: edge(i == n-1), size: d.digits(n)}
					if look.left.style+look.right.style+look.top.style+look.bottom.style == 0 {
						continue // inside: the tiles around it draw its sides
					}
					blank, err := d.looks.id(look)
					if err != nil {
						return err
					}
					x.f.SetCellStyle(s, cell, cell, blank)
				}
			}
			row += n
			if err := x.f.InsertPageBreak(s, fmt.Sprintf("A%d", row)); err != nil {
				return err
			}
			row++
			continue
		}
		if kindOf(r.Kind).Cells == NoCells {
			// A variant or killer board, drawn from its kind's board.
			b := boards[r]
			if b == nil {
				continue // not drawable; the Puzzles sheet still has it
			}
			maxN = max(maxN, b.n)
			var err error
			if row, err = d.drawBoard(row, r, b); err != nil {
				return err
			}
			continue
		}
		shape, err := sudokuShape(r)
		if err != nil || len(r.Puzzle) != shape.N()*shape.N() {
			continue // not drawable; the Puzzles sheet still has it
		}
		n := shape.N()
		maxN = max(maxN, n)
		x.f.SetCellValue(s, fmt.Sprintf("A%d", row), gridTitle(d.tr, r, ""))
		x.f.SetCellStyle(s, fmt.Sprintf("A%d", row), fmt.Sprintf("A%d", row), bold)
		row += 2
		for i := 0; i < n; i++ {
			x.f.SetRowHeight(s, row+i, d.rowHeight(n))
			for j := 0; j < n; j++ {
				st, err := style(j%shape.BoxCols == 0, (j+1)%shape.BoxCols == 0, i%shape.BoxRows == 0, (i+1)%shape.BoxRows == 0, n)
				if err != nil {
					return err
				}
				cell, _ := excelize.CoordinatesToCellName(j+1, row+i)
				if v := r.Puzzle[i*n+j]; v != '.' && v != '0' {
					setSymbol(x.f, s, cell, v)
				}
				x.f.SetCellStyle(s, cell, cell, st)
			}
		}
		row += n
		// Each grid on its own printed page.
		if err := x.f.InsertPageBreak(s, fmt.Sprintf("A%d", row)); err != nil {
			return err
		}
		row++
	}
	if maxN > 0 {
		// The columns a rule line spans beyond its board take the
		// boards' width too.
		cols := maxN
		for _, r := range d.rules {
			cols = max(cols, r.n)
		}
		last, _ := excelize.ColumnNumberToName(cols)
		w := 5.0
		if maxN > 9 {
			w = 3.6
		}
		x.f.SetColWidth(s, "A", last, w)
		d.ruleHeights(w)
		if scale := gridPrintScale(maxN, w); scale < 100 {
			// A fixed scale, not fit-to-page: spreadsheets ignore the
			// manual page breaks (a board a page) when fitting.
			if err := x.f.SetPageLayout(s, &excelize.PageLayoutOptions{AdjustTo: &scale}); err != nil {
				return err
			}
		}
	}
	return nil
}

// gridPrintWidth is the width, in inches, a Grids board may take on a
// printed page: A4's 8.27 in less LibreOffice's default margins (0.79 in
// a side; Excel's are 0.7 in, and Letter is wider), less a safety margin.
const gridPrintWidth = 6.3

// gridPrintScale is the print scale, in percent, that fits the widest
// board (maxN columns of width w characters) on a portrait page: 100
// up to 16 columns, 83 for Samurai's 21, 70 for 25x25. A column of w
// characters prints about w/10 in wide (Excel: (7w+5)/96 in, 0.31 in at
// 3.6; LibreOffice about 0.35 in), so this errs on the small side.
func gridPrintScale(maxN int, w float64) uint {
	need := float64(maxN) * w / 10
	if need <= gridPrintWidth {
		return 100
	}
	return uint(100 * gridPrintWidth / need)
}

// gridTitle is the line above a puzzle on the Grids sheet: its id, tier
// and rating (where it has a real one) in the language of tr, then more
// (a slide's move count; "" for none), set off by " · " as in the book's
// label.
func gridTitle(tr *Language, r *Record, more string) string {
	var parts []string
	for _, p := range []string{r.ID, (&bookLayout{tr: tr}).puzzleInfo(r), more} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " · ")
}

// black is the colour of a Grids cell's lines unless it says otherwise.
const black = "000000"

// gridLine is one side of a cell of the Grids sheet: an excelize border
// style (0 none, 1 thin, 2 medium, 3 dashed, 5 thick, 8 medium dashed)
// in a colour, RRGGBB.
type gridLine struct {
	style int
	color string
}

// gridLook is how one cell of the Grids sheet looks: each distinct look
// is one workbook style (gridStyles), however many cells have it.
type gridLook struct {
	left, right, top, bottom gridLine
	fill                     string  // RRGGBB, "" for none
	size                     float64 // font size, points
	corner                   bool    // text at the top left (a cage's sum), not centered
}

// gridStyles makes each look of the Grids sheet a style once.
type gridStyles struct {
	f   *excelize.File
	ids map[gridLook]int
}

// id is the style of look l.
func (g *gridStyles) id(l gridLook) (int, error) {
	if id, ok := g.ids[l]; ok {
		return id, nil
	}
	var border []excelize.Border
	for i, side := range [4]gridLine{l.left, l.right, l.top, l.bottom} {
		if side.style != 0 {
			border = append(border, excelize.Border{Type: [4]string{"left", "right", "top", "bottom"}[i], Color: side.color, Style: side.style})
		}
	}
	st := &excelize.Style{
		Border:    border,
		Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center"},
		Font:      &excelize.Font{Size: l.size},
	}
	if l.corner {
		st.Alignment = &excelize.Alignment{Horizontal: "left", Vertical: "top"}
	}
	if l.fill != "" {
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{l.fill}}
	}
	id, err := g.f.NewStyle(st)
	if err != nil {
		return 0, err
	}
	if g.ids == nil {
		g.ids = map[gridLook]int{}
	}
	g.ids[l] = id
	return id, nil
}

// digits is the font size of the symbols of a classic or sliding grid of
// side n: 11 pt in a grid wider than 9x9 or on a sheet with one (narrow
// columns), else 16 pt.
func (d *gridDrawer) digits(n int) float64 {
	if n > 9 || d.wide {
		return 11
	}
	return 16
}

// rowHeight is the height, in points, of the rows of a classic or
// sliding grid of side n: 20 pt, about square in the narrow columns of a
// sheet with a grid wider than 9x9 (3.6 characters, 25 pixels: 19 pt),
// else 30 pt, square in 5-character columns. A small grid on a sheet
// with a wide one took 30 pt rows in 25-pixel columns, cells 1.6 times
// as tall as wide.
func (d *gridDrawer) rowHeight(n int) float64 {
	if n > 9 || d.wide {
		return 20
	}
	return 30
}

// sheetBoard is the board of a kind without a classic grid (a variant,
// a killer) as the Grids sheet draws it, read from the board the kind
// gives the play page (RecordKind.Play): the same houses, regions,
// shading and cages the PDF book draws.
type sheetBoard struct {
	n int
	// cells has one character per frame cell, as PlayBoard.Cells: a
	// given's symbol, a lower-case letter for an empty cell, '-' for a
	// cell no grid uses (Samurai's corners).
	cells string
	// region is each cell's box or jigsaw region, -1 for an unused cell.
	region []int
	// shade marks the cells of the shaded houses (X's diagonals,
	// Windoku's windows, the asterisk, girandola and center-dot cells).
	shade []bool
	// cage is each cell's killer cage, -1 when it is in none (every
	// cell of a board without cages).
	cage []int
	// sums are the cages' sums, 0 for a hidden one, by cage.
	sums []int
	// rule is the one-line rule the book prints under the section's
	// title, in the workbook's language ("" for none).
	rule string
}

// readSheetBoard reads r's board for the Grids sheet, its rule in the
// language of tr, and fails for a kind that gives none or a board the
// sheet cannot draw (not square).
func readSheetBoard(r *Record, tr *Language) (*sheetBoard, error) {
	k := kindOf(r.Kind)
	if k.Play == nil {
		return nil, fmt.Errorf("kind %q has no board to draw", r.Kind)
	}
	pb, err := k.Play(r)
	if err != nil {
		return nil, err
	}
	g := &pb.Geometry
	n := g.W
	if n < 1 || g.H != n || len(pb.Cells) != n*n || len(g.Region) != n*n {
		return nil, fmt.Errorf("a %dx%d board of %d cells: the Grids sheet draws square boards", g.W, g.H, len(pb.Cells))
	}
	b := &sheetBoard{n: n, cells: pb.Cells, region: g.Region, shade: make([]bool, n*n), cage: make([]int, n*n)}
	for _, h := range g.Shade {
		if h < 0 || h >= len(g.Houses) {
			return nil, fmt.Errorf("shaded house %d of %d", h, len(g.Houses))
		}
		for _, c := range g.Houses[h] {
			if c >= 0 && c < n*n {
				b.shade[c] = true
			}
		}
	}
	for i := range b.cage {
		b.cage[i] = -1
	}
	for k, cg := range g.Cages {
		if len(cg) < 2 {
			return nil, fmt.Errorf("cage %d without cells", k+1)
		}
		for _, c := range cg[1:] {
			if c < 0 || c >= n*n {
				return nil, fmt.Errorf("cage %d: cell %d of %d", k+1, c, n*n)
			}
			b.cage[c] = k
		}
		b.sums = append(b.sums, cg[0])
	}
	if bd := k.Board; bd.Section != nil {
		_, b.rule, _ = bd.Section(tr, r)
	}
	return b, nil
}

// used reports whether cell i of the frame belongs to a grid.
func (b *sheetBoard) used(i int) bool { return b.cells[i] != '-' }

// side is the line between used cell i and its neighbour j (-1 outside
// the frame), as the book draws it: thick around the board and between
// boxes or jigsaw regions, thin (grey) inside them; on a killer, where
// the two cells are in different cages, dashed, medium between boxes
// (the book's box lines are solid black and its cage outlines dashed: a
// cell side has one line, so its weight says box and its dashes cage).
func (b *sheetBoard) side(i, j int) gridLine {
	switch {
	case j < 0 || !b.used(j):
		return gridLine{5, black}
	case len(b.sums) == 0 && b.region[i] != b.region[j]:
		return gridLine{5, black}
	case len(b.sums) == 0:
		return gridLine{1, "6E6E6E"}
	case b.region[i] != b.region[j] && b.cage[i] != b.cage[j]:
		return gridLine{8, black}
	case b.region[i] != b.region[j]:
		return gridLine{2, black}
	case b.cage[i] != b.cage[j]:
		return gridLine{3, black}
	}
	return gridLine{1, "AAAAAA"}
}

// drawBoard draws r's board b at row (its title there, its rule line
// under it, the grid under that) and returns the row after the page
// break that follows it.
func (d *gridDrawer) drawBoard(row int, r *Record, b *sheetBoard) (int, error) {
	f, s := d.looks.f, d.sheet
	n := b.n
	f.SetCellValue(s, fmt.Sprintf("A%d", row), gridTitle(d.tr, r, ""))
	f.SetCellStyle(s, fmt.Sprintf("A%d", row), fmt.Sprintf("A%d", row), d.bold)
	if b.rule != "" {
		if err := d.ruleLine(row+1, n, b.rule); err != nil {
			return row, err
		}
	}
	row += 2
	height, size, sumSize := 30.0, 16.0, 8.0
	if d.wide {
		height, size, sumSize = 20, 11, 7
	}
	// The cell each cage's sum goes in: its first (top-left), as the book.
	sumAt := map[int]int{}
	for i := n*n - 1; i >= 0; i-- {
		if k := b.cage[i]; k >= 0 && b.sums[k] > 0 {
			sumAt[k] = i
		}
	}
	sumOf := make(map[int]int, len(sumAt))
	for k, i := range sumAt {
		sumOf[i] = b.sums[k]
	}
	for i := 0; i < n; i++ {
		f.SetRowHeight(s, row+i, height)
		for j := 0; j < n; j++ {
			c := i*n + j
			if !b.used(c) {
				continue // Samurai's corners: blank, no lines
			}
			at := func(di, dj int) int {
				if i+di < 0 || i+di >= n || j+dj < 0 || j+dj >= n {
					return -1
				}
				return c + di*n + dj
			}
			look := gridLook{left: b.side(c, at(0, -1)), right: b.side(c, at(0, 1)), top: b.side(c, at(-1, 0)), bottom: b.side(c, at(1, 0)), size: size}
			if b.shade[c] {
				look.fill = "DEDEDE"
			}
			cell, _ := excelize.CoordinatesToCellName(j+1, row+i)
			v := b.cells[c]
			given := v < 'a' || v > 'z'
			sum, hasSum := sumOf[c]
			switch {
			case hasSum && given:
				// A given in a sum's cell: the sum small, then the digit.
				if err := f.SetCellRichText(s, cell, []excelize.RichTextRun{
					{Text: fmt.Sprintf("%d ", sum), Font: &excelize.Font{Size: sumSize}},
					{Text: string(v), Font: &excelize.Font{Size: size}},
				}); err != nil {
					return row, err
				}
			case hasSum:
				f.SetCellValue(s, cell, sum)
				look.corner, look.size = true, sumSize
			case given:
				setSymbol(f, s, cell, v)
			}
			st, err := d.looks.id(look)
			if err != nil {
				return row, err
			}
			f.SetCellStyle(s, cell, cell, st)
		}
	}
	row += n
	if err := f.InsertPageBreak(s, fmt.Sprintf("A%d", row)); err != nil {
		return row, err
	}
	return row + 1, nil
}

// setSymbol writes a grid's symbol in cell: a digit as a number, a
// letter (boards over 9x9) as text.
func setSymbol(f *excelize.File, s, cell string, v byte) {
	if v >= '1' && v <= '9' {
		f.SetCellValue(s, cell, int(v-'0'))
	} else {
		f.SetCellValue(s, cell, string(v))
	}
}

// ruleCols is the fewest columns a rule line spans: a 9x9 board's width.
// Across a 4x4 killer's four columns the rule wrapped into nine lines,
// a narrow column taller than the grid under it.
const ruleCols = 9

// ruleLine writes a board's rule in row, across the grid's n columns (at
// least ruleCols), wrapped, the row as tall as its lines (estimated: a
// merged cell does not grow to fit its text).
func (d *gridDrawer) ruleLine(row, n int, rule string) error {
	f, s := d.looks.f, d.sheet
	n = max(n, ruleCols)
	last, _ := excelize.ColumnNumberToName(n)
	from, to := fmt.Sprintf("A%d", row), fmt.Sprintf("%s%d", last, row)
	if err := f.MergeCell(s, from, to); err != nil {
		return err
	}
	f.SetCellValue(s, from, rule)
	if d.ruleStyle == 0 {
		id, err := f.NewStyle(&excelize.Style{
			Font:      &excelize.Font{Size: 10, Italic: true},
			Alignment: &excelize.Alignment{Horizontal: "left", Vertical: "top", WrapText: true},
		})
		if err != nil {
			return err
		}
		d.ruleStyle = id
	}
	f.SetCellStyle(s, from, to, d.ruleStyle)
	d.rules = append(d.rules, ruleRow{row, n, cellWidth(rule)})
	return nil
}

// gridDrawer draws boards on the Grids sheet, with the styles made so far.
type gridDrawer struct {
	sheet string
	looks gridStyles
	bold  int // the titles' style
	// tr is the workbook's language: the titles' and rule lines' words.
	tr        *Language
	ruleStyle int // the rule lines' style, 0 until one is written
	// wide is set when a grid of the sheet is wider than 9x9: the
	// columns are narrow, and a board's rows low to keep its cells square.
	wide  bool
	rules []ruleRow
}

// ruleRow is a row holding a rule line: the columns it spans and the rule's
// length, to make the row as tall as its lines once the sheet's column
// width is known.
type ruleRow struct{ row, n, chars int }

// ruleHeights makes each rule line's row as tall as its wrapped lines at
// column width w (in characters of the default font's digits): 10 pt
// italic prose fits about 1.1 characters a unit (its letters run
// narrower than 11 pt digits; the lines are cut at spaces), and a line
// is 13 pt.
func (d *gridDrawer) ruleHeights(w float64) {
	for _, r := range d.rules {
		perLine := max(1, int(float64(r.n)*w*1.1))
		lines := (r.chars + perLine - 1) / perLine
		d.looks.f.SetRowHeight(d.sheet, r.row, float64(lines)*13+3)
	}
}
