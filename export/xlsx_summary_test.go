package export

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestXLSXSummaryFormats: the Summary sheet's counts show thousands
// separators, as stats prints them, and its rating minimum and maximum
// their one decimal; the cells stay numbers (a sum or a chart reads
// them). Until 2026-12-07 a 10,000-puzzle workbook showed 10000, and a
// tier whose easiest puzzle rated 2.0 showed 2.
func TestXLSXSummaryFormats(t *testing.T) {
	const n = 1200
	recs := make([]*Record, n)
	for i := range recs {
		recs[i] = &Record{ID: fmt.Sprintf("s4-%07d", i), Kind: "sudoku", Size: 4, Box: []int{2, 2},
			Puzzle: "2....1.2......14", Solution: "2341413214233214", Rating: 2.0, Tier: "medium", Index: int64(i), Seed: 1}
	}
	recs[0].Rating, recs[0].Tier = 1.2, "easy"
	f, _ := writeOpenXLSX(t, recs, XLSXOptions{})
	rows, err := f.GetRows("Summary")
	if err != nil {
		t.Fatal(err)
	}
	find := func(label string) int {
		for i, r := range rows {
			if len(r) > 0 && r[0] == label {
				return i + 1
			}
		}
		t.Fatalf("Summary has no %q row: %q", label, rows)
		return 0
	}
	for _, tc := range []struct {
		cell, shown string
		raw         float64
	}{
		{"B2", "1,200", n}, // the puzzle count
		{fmt.Sprintf("B%d", find("Medium")), "1,199", n - 1},  // a tier's count
		{fmt.Sprintf("C%d", find("Medium")), "2.0", 2},        // its rating min
		{fmt.Sprintf("D%d", find("Medium")), "2.0", 2},        // and max
		{fmt.Sprintf("B%d", find("Total")), "1,200", n},       // the Total row
		{fmt.Sprintf("B%d", find("2.0–2.4")), "1,199", n - 1}, // a histogram bin
	} {
		shown, err := f.GetCellValue("Summary", tc.cell)
		if err != nil {
			t.Fatal(err)
		}
		if shown != tc.shown {
			t.Errorf("Summary %s shows %q, want %q", tc.cell, shown, tc.shown)
		}
		raw, _ := f.GetCellValue("Summary", tc.cell, excelize.Options{RawCellValue: true})
		if v, err := strconv.ParseFloat(raw, 64); err != nil || v != tc.raw {
			t.Errorf("Summary %s holds %q, want the number %v", tc.cell, raw, tc.raw)
		}
	}
}

// TestXLSXRatingsOneDecimal: the Puzzles and tier sheets show every
// rating with its one decimal, as the records and csv write it (2.0,
// not 2), and the cells stay numbers.
func TestXLSXRatingsOneDecimal(t *testing.T) {
	r := &Record{ID: "a", Kind: "sudoku", Size: 4, Box: []int{2, 2}, Puzzle: "2....1.2......14", Solution: "2341413214233214",
		Rating: 2.0, EP: 2.0, ED: 1.0, Tier: "medium", Seed: 1}
	f, _ := writeOpenXLSX(t, []*Record{r}, XLSXOptions{})
	for _, sheet := range []string{"Puzzles", "Medium"} {
		hdr, _ := f.GetRows(sheet)
		for col, name := range hdr[0] {
			want, ok := map[string]string{"rating": "2.0", "ep": "2.0", "ed": "1.0"}[name]
			if !ok {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(col+1, 2)
			shown, _ := f.GetCellValue(sheet, cell)
			raw, _ := f.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
			if _, err := strconv.ParseFloat(raw, 64); shown != want || err != nil {
				t.Errorf("%s %s (%s) shows %q holding %q, want %q, a number", sheet, cell, name, shown, raw, want)
			}
		}
	}
}
