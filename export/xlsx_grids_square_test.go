package export

import (
	"math"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestXLSXGridsSquareCells: every grid of a grids sheet has about square
// cells, and digits that fit them, whatever else the corpus holds: a 9x9
// sudoku and a 4x4 sliding board beside a 16x16 (whose columns are
// narrow, on Large grids) too. Before, the small grids kept 30 pt rows in
// the narrow columns: cells 1.6 times as tall as wide in Excel
// (LibreOffice's PDF showed them tall beside the square variant boards).
func TestXLSXGridsSquareCells(t *testing.T) {
	sud := func(id string, r, c int) *Record {
		return &Record{ID: id, Kind: "sudoku", Size: r * c, Box: []int{r, c}, Puzzle: scalePuzzle(r, c)}
	}
	opt := 1
	slide := &Record{ID: "p4-1", Kind: "slide", Size: 4, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15},
		Goal: "blank-last", Optimal: &opt, MovePiece: "blank", Solution: "R", Tier: "easy", Rating: 1.0}
	for _, tc := range []struct {
		name string
		recs []*Record
	}{
		{"9x9 alone", []*Record{sud("s9", 3, 3)}},
		{"16x16 alone", []*Record{sud("s16", 4, 4)}},
		{"9x9, 16x16 and a 4x4 slide", []*Record{sud("s9", 3, 3), sud("s16", 4, 4), slide}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := writeOpenXLSX(t, tc.recs, XLSXOptions{Grids: len(tc.recs)})
			for _, r := range tc.recs {
				sheet, title := "", -1
				for _, s := range []string{"Grids", "Large grids"} {
					rows, _ := f.GetRows(s)
					for i, row := range rows {
						if len(row) > 0 && (row[0] == r.ID || strings.HasPrefix(row[0], r.ID+" ")) {
							sheet, title = s, i+1
						}
					}
				}
				if title < 0 {
					t.Fatalf("no title for %s", r.ID)
				}
				n := r.Size
				for i := 0; i < n; i++ {
					for j := 0; j < n; j++ {
						cell, _ := excelize.CoordinatesToCellName(j+1, title+2+i)
						col, _ := excelize.ColumnNumberToName(j + 1)
						w, _ := f.GetColWidth(sheet, col)
						h, _ := f.GetRowHeight(sheet, title+2+i)
						// Excel's pixels: a column of w characters of a
						// 7-pixel digit, a row of h points at 96 dpi.
						wpx := math.Trunc((256*w + math.Trunc(128.0/7)) / 256 * 7)
						hpx := h * 96 / 72
						if ratio := hpx / wpx; ratio < 0.8 || ratio > 1.25 {
							t.Fatalf("%s %s: a cell %.0f px wide and %.0f px tall (%.2f), want about square", r.ID, cell, wpx, hpx, ratio)
						}
						id, _ := f.GetCellStyle(sheet, cell)
						st, _ := f.GetStyle(id)
						if st.Font == nil || st.Font.Size > 0.6*h {
							t.Fatalf("%s %s: font %v in a %.0f pt row, want at most %.0f pt", r.ID, cell, st.Font, h, 0.6*h)
						}
					}
				}
			}
		})
	}
}
