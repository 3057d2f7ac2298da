package export

import (
	"archive/zip"
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestXLSXDimension: no worksheet states a used range (<dimension>)
// smaller than the cells it holds. A reader may take the range as the
// sheet's size: until 2026-12-07 every sheet said "A1", and openpyxl's
// read-only mode read the Puzzles sheet as the one cell "id".
func TestXLSXDimension(t *testing.T) {
	opt := 1
	recs := []*Record{
		{ID: "a", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: scalePuzzle(3, 3), Tier: "easy", Rating: 1.2},
		{ID: "b", Kind: "sudoku", Size: 16, Box: []int{4, 4}, Puzzle: scalePuzzle(4, 4), Tier: "hard", Rating: 4.2},
		{ID: "p", Kind: "slide", Size: 4, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15}, Goal: "blank-last", Optimal: &opt, MovePiece: "blank", Solution: "R", Tier: "easy"},
	}
	_, data := writeOpenXLSX(t, recs, XLSXOptions{Grids: 3})
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	cellRef := regexp.MustCompile(`<c r="([A-Z]+)([0-9]+)"`)
	dim := regexp.MustCompile(`<dimension ref="([^"]+)"`)
	sheets := 0
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
			continue
		}
		sheets++
		rc, _ := zf.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		maxCol, maxRow := 0, 0
		for _, m := range cellRef.FindAllSubmatch(b, -1) {
			c, r, err := excelize.CellNameToCoordinates(string(m[1]) + string(m[2]))
			if err != nil {
				t.Fatal(err)
			}
			maxCol, maxRow = max(maxCol, c), max(maxRow, r)
		}
		m := dim.FindSubmatch(b)
		if m == nil {
			continue // readers find the rows themselves
		}
		last := string(m[1])
		if i := strings.LastIndex(last, ":"); i >= 0 {
			last = last[i+1:]
		}
		c, r, err := excelize.CellNameToCoordinates(last)
		if err != nil || c < maxCol || r < maxRow {
			t.Errorf("%s: dimension %s, but it holds cells to column %d row %d", zf.Name, m[1], maxCol, maxRow)
		}
	}
	if sheets < 5 {
		t.Errorf("%d worksheets, want Puzzles, two tiers, Summary, Grids and Large grids", sheets)
	}
}
