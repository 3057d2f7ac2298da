package export

import (
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// TestXLSXHeadersFit: every table sheet's column is wide enough for its
// header in bold (Calibri's bold lower case runs under a digit's width
// a letter) beside the filter button (16 pixels, about two and a half
// digits, at the cell's right), so no header is cut: until 2026-12-07 "rating_at_least"
// showed as "rating_a" and "size" hid under its button.
func TestXLSXHeadersFit(t *testing.T) {
	f, _ := writeOpenXLSX(t, []*Record{{ID: "a", Kind: "sudoku", Puzzle: scalePuzzle(3, 3), Tier: "easy", Rating: 1.2}}, XLSXOptions{})
	for _, sheet := range []string{"Puzzles", "Easy"} {
		for col := 1; ; col++ {
			name, _ := excelize.ColumnNumberToName(col)
			header, _ := f.GetCellValue(sheet, name+"1")
			if header == "" {
				break
			}
			w, err := f.GetColWidth(sheet, name)
			if err != nil {
				t.Fatal(err)
			}
			if need := float64(utf8.RuneCountInString(header)) + 2.5; w < need {
				t.Errorf("%s column %s %q: width %g, want at least %.1f", sheet, name, header, w, need)
			}
		}
	}
}
