package export

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"
)

// scalePuzzle is a valid n x n sudoku puzzle (boxes r x c, n = r*c)
// from the pattern grid, with one cell of each row empty.
func scalePuzzle(r, c int) string {
	n := r * c
	var b strings.Builder
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if (i*n+j)%(n+1) == 0 { // one a row: a unique puzzle
				b.WriteByte('.')
				continue
			}
			v := ((i%r)*c+i/r+j)%n + 1
			b.WriteByte("123456789ABCDEFGHIJKLMNOP"[v-1])
		}
	}
	return b.String()
}

// TestXLSXGridsPrintScale: a grids sheet whose widest board would not
// fit a portrait page's width (25 columns of 3.6 characters, about 9 in
// against 6.3) gets a print scale that fits it, and a fixed scale (fit to
// page would drop the page break after each board); a sheet of 16x16
// boards keeps the default 100%, and so does Grids when the 25x25 is on
// Large grids beside it.
func TestXLSXGridsPrintScale(t *testing.T) {
	rec := func(id string, r, c int) *Record {
		return &Record{ID: id, Kind: "sudoku", Size: r * c, Box: []int{r, c}, Puzzle: scalePuzzle(r, c)}
	}
	for _, tc := range []struct {
		name  string
		recs  []*Record
		sheet string // the sheet of the widest board
		maxN  int
	}{
		{"9x9 and 16x16", []*Record{rec("a", 3, 3), rec("b", 4, 4)}, "Large grids", 0},
		{"16x16", []*Record{rec("b", 4, 4)}, "Grids", 0},
		{"9x9 and 25x25", []*Record{rec("a", 3, 3), rec("c", 5, 5)}, "Large grids", 25},
		{"16x16 and 25x25", []*Record{rec("b", 4, 4), rec("c", 5, 5)}, "Grids", 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, data := writeOpenXLSX(t, tc.recs, XLSXOptions{Grids: 2})
			if pl, err := f.GetPageLayout("Grids"); tc.sheet != "Grids" && (err != nil || pl.AdjustTo != nil && *pl.AdjustTo != 100) {
				t.Errorf("Grids, its boards 9x9: scale %v (%v), want 100%%", pl.AdjustTo, err)
			}
			pl, err := f.GetPageLayout(tc.sheet)
			if err != nil {
				t.Fatal(err)
			}
			scale := uint(100)
			if pl.AdjustTo != nil {
				scale = *pl.AdjustTo
			}
			if pl.FitToWidth != nil || pl.FitToHeight != nil {
				t.Errorf("fit to page set (%v, %v): the boards' page breaks would be ignored", pl.FitToWidth, pl.FitToHeight)
			}
			if tc.maxN == 0 {
				if scale != 100 {
					t.Errorf("scale %d%%, want 100%% for boards that fit", scale)
				}
				return
			}
			w, err := f.GetColWidth(tc.sheet, "A")
			if err != nil {
				t.Fatal(err)
			}
			// A column of w characters prints at most about w/10 in wide.
			printed := float64(tc.maxN) * w / 10 * float64(scale) / 100
			if scale >= 100 || printed > 6.3 {
				t.Errorf("scale %d%%: %d columns of %.1f print %.2f in wide, want at most 6.3", scale, tc.maxN, w, printed)
			}
			if got := worksheetBreaks(t, data); got != len(tc.recs) {
				t.Errorf("%d page breaks, want %d (one after each board)", got, len(tc.recs))
			}
		})
	}
}

// worksheetBreaks counts the manual page breaks in a workbook's sheets.
func worksheetBreaks(t *testing.T, data []byte) int {
	t.Helper()
	return strings.Count(zipText(t, data, "xl/worksheets/sheet"), "<brk ")
}

// zipText is the text of a workbook's entries whose names start with
// prefix, one after another ("xl/charts/chart": its charts).
func zipText(t *testing.T, data []byte, prefix string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, prefix) {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	return all.String()
}
