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
	styles := map[int]int{}
	style := func(l, r, t, b bool, n int) (int, error) {
		key := n<<4 | b2i(l) | b2i(r)<<1 | b2i(t)<<2 | b2i(b)<<3
		if id, ok := styles[key]; ok {
			return id, nil
		}
		side := func(typ string, thick bool) excelize.Border {
			st := 1
			if thick {
				st = 5
			}
			return excelize.Border{Type: typ, Color: "000000", Style: st}
		}
		size := 16.0
		if n > 9 {
			size = 11
		}
		id, err := x.f.NewStyle(&excelize.Style{
			Border:    []excelize.Border{side("left", l), side("right", r), side("top", t), side("bottom", b)},
			Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center"},
			Font:      &excelize.Font{Size: size},
		})
		styles[key] = id
		return id, err
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

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
