package export

import (
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// cagedKind registers a kind "caged" whose board is a 9x9 of 3x3 boxes
// with two cages (sums 3 and 17, in cells 0-1 and 2-3), as a killer's,
// and returns its unregistering.
func cagedKind() func() {
	region := make([]int, 81)
	for c := range region {
		region[c] = c/27*3 + c%9/3
	}
	RegisterKind(RecordKind{Name: "caged", Order: 7, Check: func(*Record) error { return nil }, Play: func(r *Record) (PlayBoard, error) {
		return PlayBoard{Geometry: BoardGeometry{W: 9, H: 9, N: 9, Region: region, Shade: []int{},
			Cages: [][]int{{3, 0, 1}, {17, 2, 3}}}, Cells: strings.Repeat("a", 81)}, nil
	}})
	return func() { unregisterKind("caged") }
}

// TestXLSXGridsLargeSheet: boards wider than 9x9 go on their own sheet,
// Large grids, so the boards up to 9x9 on Grids keep a 9x9's columns
// (5 characters), 30 pt rows, 16 pt digits and 8 pt cage sums and print
// at full size whatever else the corpus holds. Until 2026-12-07 a 9x9
// killer beside a 16x16 took its narrow columns, 11 pt digits and 7 pt
// sums, and beside a 25x25 printed at 70% (sums under 5 pt on paper).
// A corpus of one width keeps its one Grids sheet.
func TestXLSXGridsLargeSheet(t *testing.T) {
	defer cagedKind()()
	sud := func(id string, r, c int) *Record {
		return &Record{ID: id, Kind: "sudoku", Size: r * c, Box: []int{r, c}, Puzzle: scalePuzzle(r, c)}
	}
	killer := &Record{ID: "k9", Kind: "caged", Size: 9}
	for _, tc := range []struct {
		name        string
		recs        []*Record
		grids       []string // the boards on Grids
		large       []string // the boards on Large grids
		largeColumn float64
	}{
		{"small only", []*Record{killer, sud("s9", 3, 3)}, []string{"k9", "s9"}, nil, 0},
		{"large only", []*Record{sud("s16", 4, 4)}, nil, []string{"s16"}, 3.6},
		{"mixed", []*Record{sud("s16", 4, 4), killer, sud("s25", 5, 5), sud("s9", 3, 3)}, []string{"k9", "s9"}, []string{"s16", "s25"}, 3.6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := writeOpenXLSX(t, tc.recs, XLSXOptions{Grids: len(tc.recs)})
			sheets := f.GetSheetList()
			titles := func(sheet string) []string {
				if !slices.Contains(sheets, sheet) {
					return nil
				}
				rows, _ := f.GetRows(sheet)
				var out []string
				for _, row := range rows {
					if len(row) == 0 {
						continue
					}
					if id, _, _ := strings.Cut(row[0], " "); slices.ContainsFunc(tc.recs, func(r *Record) bool { return r.ID == id }) {
						out = append(out, id)
					}
				}
				return out
			}
			gridSheet, largeSheet := "Grids", "Large grids"
			if tc.grids == nil {
				// one width: its boards on Grids, as ever
				gridSheet, largeSheet = "", "Grids"
			}
			if got := titles(largeSheet); !slices.Equal(got, tc.large) {
				t.Errorf("%s holds %q, want %q (sheets %q)", largeSheet, got, tc.large, sheets)
			}
			if tc.grids == nil {
				if slices.Contains(sheets, "Large grids") {
					t.Errorf("sheets %q: a Large grids sheet for boards of one width", sheets)
				}
				return
			}
			if got := titles(gridSheet); !slices.Equal(got, tc.grids) {
				t.Errorf("Grids holds %q, want %q", got, tc.grids)
			}
			if tc.large == nil && slices.Contains(sheets, "Large grids") {
				t.Errorf("sheets %q: a Large grids sheet without a board wider than 9x9", sheets)
			}
			if w, _ := f.GetColWidth("Grids", "A"); w != 5 {
				t.Errorf("Grids column width %v, want 5 (a 9x9's)", w)
			}
			if pl, _ := f.GetPageLayout("Grids"); pl.AdjustTo != nil && *pl.AdjustTo != 100 {
				t.Errorf("Grids prints at %d%%, want 100%%", *pl.AdjustTo)
			}
			if tc.large != nil {
				if w, _ := f.GetColWidth("Large grids", "A"); w != tc.largeColumn {
					t.Errorf("Large grids column width %v, want %v", w, tc.largeColumn)
				}
			}
			// The killer: 30 pt rows, its sums 8 pt in the cages' first
			// cells, its other cells 16 pt.
			rows, _ := f.GetRows("Grids")
			top := slices.IndexFunc(rows, func(r []string) bool { return len(r) > 0 && r[0] == "k9" }) + 3
			if h, _ := f.GetRowHeight("Grids", top); h != 30 {
				t.Errorf("killer row %d: %v pt, want 30", top, h)
			}
			for _, c := range []struct {
				col   int
				value string
				size  float64
				what  string
			}{{1, "3", 8, "a sum"}, {3, "17", 8, "a sum"}, {2, "", 16, "a cage's other cell"}, {5, "", 16, "a cell"}} {
				cell, _ := excelize.CoordinatesToCellName(c.col, top)
				v, _ := f.GetCellValue("Grids", cell)
				id, _ := f.GetCellStyle("Grids", cell)
				st, _ := f.GetStyle(id)
				if v != c.value || st.Font == nil || st.Font.Size != c.size {
					t.Errorf("killer %s (%s) = %q in %v, want %q at %v pt", cell, c.what, v, st.Font, c.value, c.size)
				}
			}
		})
	}
}
