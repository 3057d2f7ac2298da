// Package gridsheet reads back the boards of a workbook's Grids and
// Large grids sheets (export's XLSXOptions.Grids, `export --grids`) for
// the tests that check them against the records themselves: where a
// board is, its cells' values, borders and shading, as excelize reads
// them.
package gridsheet

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/sudogen/sudogen/export"
)

// Border styles as excelize numbers them.
const (
	Thin         = 1
	Medium       = 2
	Dashed       = 3
	Thick        = 5
	MediumDashed = 8
)

// Write writes recs as a workbook with a Grids sheet for all of them and
// opens it (Close it when done); notes are what the writer said.
func Write(recs []*export.Record) (f *excelize.File, notes []string, err error) {
	o := export.XLSXOptions{Grids: len(recs), Note: func(m string) { notes = append(notes, m) }}
	if f, err = Workbook(recs, o); err != nil {
		return nil, nil, err
	}
	if !slices.Contains(f.GetSheetList(), "Grids") {
		f.Close()
		return nil, notes, fmt.Errorf("sheets %v: no Grids sheet", f.GetSheetList())
	}
	return f, notes, nil
}

// Workbook writes recs as a workbook with options o and opens it (Close
// it when done), for tests that read any of its sheets.
func Workbook(recs []*export.Record, o export.XLSXOptions) (*excelize.File, error) {
	var buf bytes.Buffer
	if err := export.WriteXLSX(&buf, recs, o); err != nil {
		return nil, err
	}
	return excelize.OpenReader(&buf)
}

// Sheets are the sheets boards are drawn on: boards up to 9x9 on the
// first, wider ones on the second when the workbook has both.
var Sheets = []string{"Grids", "Large grids"}

// Board is one board of a Grids sheet: its title is in column A of row
// Title of Sheet, its rule line in the row under it, its grid from
// column A two rows under it.
type Board struct {
	f     *excelize.File
	Sheet string
	Title int
}

// Find finds the board titled with id (the title is the id, or starts
// with the id and a space) on either Grids sheet.
func Find(f *excelize.File, id string) (Board, error) {
	for _, s := range Sheets {
		if !slices.Contains(f.GetSheetList(), s) {
			continue
		}
		rows, err := f.GetRows(s)
		if err != nil {
			return Board{}, err
		}
		for i, row := range rows {
			if len(row) > 0 && (row[0] == id || strings.HasPrefix(row[0], id+" ")) {
				return Board{f, s, i + 1}, nil
			}
		}
	}
	return Board{}, fmt.Errorf("grids: no board titled %s", id)
}

// Cell is the sheet's name of the board's cell (row, col), from 0.
func (b Board) Cell(row, col int) string {
	name, _ := excelize.CoordinatesToCellName(col+1, b.Title+2+row)
	return name
}

// Value is the text of the board's cell (row, col).
func (b Board) Value(row, col int) string {
	v, _ := b.f.GetCellValue(b.Sheet, b.Cell(row, col))
	return v
}

// Rule is the line between the title and the grid.
func (b Board) Rule() string {
	v, _ := b.f.GetCellValue(b.Sheet, fmt.Sprintf("A%d", b.Title+1))
	return v
}

// Look is the borders (side name to border style) and whether the
// board's cell (row, col) is filled.
func (b Board) Look(row, col int) (borders map[string]int, filled bool, err error) {
	id, err := b.f.GetCellStyle(b.Sheet, b.Cell(row, col))
	if err != nil {
		return nil, false, err
	}
	st, err := b.f.GetStyle(id)
	if err != nil {
		return nil, false, err
	}
	borders = map[string]int{}
	for _, s := range st.Border {
		if s.Style != 0 {
			borders[s.Type] = s.Style
		}
	}
	return borders, len(st.Fill.Color) > 0, nil
}

// Between is the border style between the board's cell (row, col) and
// its right (right true) or lower neighbour: the two cells' sides, an
// error when they differ (a line drawn two ways).
func (b Board) Between(row, col int, right bool) (int, error) {
	a, _, err := b.Look(row, col)
	if err != nil {
		return 0, err
	}
	r2, c2, mine, theirs := row+1, col, "bottom", "top"
	if right {
		r2, c2, mine, theirs = row, col+1, "right", "left"
	}
	o, _, err := b.Look(r2, c2)
	if err != nil {
		return 0, err
	}
	if a[mine] != o[theirs] {
		return 0, fmt.Errorf("%s %s side %d, %s %s side %d: a line drawn two ways", b.Cell(row, col), mine, a[mine], b.Cell(r2, c2), theirs, o[theirs])
	}
	return a[mine], nil
}
