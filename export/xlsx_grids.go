package export

import (
	"fmt"

	"github.com/xuri/excelize/v2"
)

// gridSheet draws the first puzzles as grids: one per printed page, thick
// borders around boxes and the grid, symbols centered, a title line with
// id, tier and rating above each.
func (x *XLSXWriter) gridSheet() error {
	const s = "Grids"
	if _, err := x.f.NewSheet(s); err != nil {
		return err
	}
	looks := gridStyles{f: x.f}
	style := func(l, r, t, b bool, n int) (int, error) {
		side := func(thick bool) gridLine {
			if thick {
				return gridLine{5, black}
			}
			return gridLine{1, black}
		}
		return looks.id(gridLook{left: side(l), right: side(r), top: side(t), bottom: side(b), size: gridDigits(n)})
	}
	bold, err := x.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 12}})
	if err != nil {
		return err
	}
	maxN := 0
	row := 1
	for _, r := range x.grids {
		if isTiles(r.Kind) {
			b, err := slideBoard(r)
			if err != nil {
				continue // not drawable; the Puzzles sheet still has it
			}
			// Tiles as boxed cells (every side thick), the blank empty,
			// the move count in the title.
			n := b.W
			maxN = max(maxN, n)
			title := gridTitle(r)
			if c := slideCaption(r); c != "" {
				title += "  ·  " + c
			}
			x.f.SetCellValue(s, fmt.Sprintf("A%d", row), title)
			x.f.SetCellStyle(s, fmt.Sprintf("A%d", row), fmt.Sprintf("A%d", row), bold)
			row += 2
			st, err := style(true, true, true, true, n)
			if err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				x.f.SetRowHeight(s, row+i, 30)
				for j := 0; j < n; j++ {
					cell, _ := excelize.CoordinatesToCellName(j+1, row+i)
					if t := b.Tiles[i*n+j]; t != 0 {
						x.f.SetCellValue(s, cell, int(t))
						x.f.SetCellStyle(s, cell, cell, st)
					}
				}
			}
			row += n
			if err := x.f.InsertPageBreak(s, fmt.Sprintf("A%d", row)); err != nil {
				return err
			}
			row++
			continue
		}
		shape, err := sudokuShape(r)
		if err != nil || len(r.Puzzle) != shape.N()*shape.N() {
			continue // not drawable; the Puzzles sheet still has it
		}
		n := shape.N()
		maxN = max(maxN, n)
		x.f.SetCellValue(s, fmt.Sprintf("A%d", row), gridTitle(r))
		x.f.SetCellStyle(s, fmt.Sprintf("A%d", row), fmt.Sprintf("A%d", row), bold)
		row += 2
		height := 30.0
		if n > 9 {
			height = 20
		}
		for i := 0; i < n; i++ {
			x.f.SetRowHeight(s, row+i, height)
			for j := 0; j < n; j++ {
				st, err := style(j%shape.BoxCols == 0, (j+1)%shape.BoxCols == 0, i%shape.BoxRows == 0, (i+1)%shape.BoxRows == 0, n)
				if err != nil {
					return err
				}
				cell, _ := excelize.CoordinatesToCellName(j+1, row+i)
				if v := r.Puzzle[i*n+j]; v != '.' && v != '0' {
					// Digits as numbers, letters (16x16) as text.
					if v >= '1' && v <= '9' {
						x.f.SetCellValue(s, cell, int(v-'0'))
					} else {
						x.f.SetCellValue(s, cell, string(v))
					}
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
		last, _ := excelize.ColumnNumberToName(maxN)
		w := 5.0
		if maxN > 9 {
			w = 3.6
		}
		x.f.SetColWidth(s, "A", last, w)
	}
	return nil
}

// gridTitle is the line above a puzzle on the Grids sheet: its id, tier
// and rating (where it has a real one).
func gridTitle(r *Record) string {
	if info := puzzleInfo(r); info != "" {
		return r.ID + "  ·  " + info
	}
	return r.ID
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

// gridDigits is the font size of the symbols of a grid of side n.
func gridDigits(n int) float64 {
	if n > 9 {
		return 11
	}
	return 16
}
