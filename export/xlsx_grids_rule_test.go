package export

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestXLSXGridsRuleWidth: a small board's rule line spans at least nine
// columns (a 9x9 board's width), in the boards' column width, so a 4x4
// killer's rule (the book's, 208 characters) reads as a few lines above
// the grid, not as tall as it. Across the grid's four columns it wrapped
// into ten lines, a narrow column taller than the grid (seen in
// LibreOffice's PDF).
func TestXLSXGridsRuleWidth(t *testing.T) {
	const rule = "The dashed outlines are cages: the digits in a cage add up to the small number in its corner, and no digit repeats within a cage. A cage without a number hides its sum: its digits only differ from each other."
	pass := func(*Record) error { return nil }
	// A 4x4 killer: boxes of 2x2, cages of two cells side by side.
	region := []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}
	cages := [][]int{{3, 0, 1}, {7, 2, 3}, {0, 4, 5}, {5, 6, 7}, {4, 8, 9}, {6, 10, 11}, {0, 12, 13}, {0, 14, 15}}
	RegisterKind(RecordKind{Name: "cage4", Order: 7, Check: pass,
		Play: func(r *Record) (PlayBoard, error) {
			return PlayBoard{Geometry: BoardGeometry{W: 4, H: 4, Region: region, Cages: cages}, Cells: "abcdabcdabcdabcd"}, nil
		},
		Board: Board{Section: func(*Language, *Record) (string, string, int) { return "", rule, 0 }},
	})
	defer unregisterKind("cage4")
	f, _ := writeOpenXLSX(t, []*Record{{ID: "k4", Kind: "cage4", Size: 4}}, XLSXOptions{Grids: 1})
	if v, _ := f.GetCellValue("Grids", "A2"); v != rule {
		t.Fatalf("A2 = %q, want the rule", v)
	}
	merged, err := f.GetMergeCells("Grids")
	if err != nil || len(merged) != 1 || !strings.HasPrefix(merged[0].GetStartAxis(), "A2") {
		t.Fatalf("merged %v (%v), want the rule's row", merged, err)
	}
	end := merged[0].GetEndAxis()
	col, row, _ := excelize.CellNameToCoordinates(end)
	if row != 2 || col < 9 {
		t.Errorf("the rule spans A2:%s, want at least nine columns", end)
	}
	wA, _ := f.GetColWidth("Grids", "A")
	for c := 1; c <= col; c++ {
		name, _ := excelize.ColumnNumberToName(c)
		if w, _ := f.GetColWidth("Grids", name); w != wA {
			t.Errorf("column %s %.2f wide, want the board's %.2f", name, w, wA)
		}
	}
	grid := 0.0
	for r := 3; r < 3+4; r++ {
		h, _ := f.GetRowHeight("Grids", r)
		grid += h
	}
	if h, _ := f.GetRowHeight("Grids", 2); h >= grid {
		t.Errorf("the rule's row is %.0f pt tall, as tall as the %.0f pt grid under it or taller", h, grid)
	}
}
