package export

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestXLSXSummaryOwnScale: records of a kind rated on a scale of its own
// (a killer's: grading rules that are not SE's) get their count and
// rating statistics per tier and in all, their histogram and its chart
// in the Summary, named by their scale and apart from SE's; a record of
// theirs without a rating (beyond) is counted but not rated, and lands
// on "no rating". A workbook of them alone has their histogram in
// column A and no SE one. Until 2026-12-07 they were left out: a
// killer-only workbook showed empty rating columns and histogram.
func TestXLSXSummaryOwnScale(t *testing.T) {
	RegisterKind(RecordKind{Name: "ownxl", Order: 9, Cells: NoCells, Check: func(*Record) error { return nil },
		Grading: &GradingRules{Min: 1, Max: 20}})
	own := func(i int, rating float64, tier string) *Record {
		return &Record{ID: fmt.Sprintf("o-%d", i), Kind: "ownxl", Size: 9, Rating: rating, Tier: tier, Seed: 1, Index: int64(i)}
	}
	owns := []*Record{own(0, 3.2, "hard"), own(1, 3.6, "hard"), own(2, 4.4, "expert"), own(3, 0, "beyond")}
	se := &Record{ID: "s", Kind: "sudoku", Size: 4, Box: []int{2, 2}, Puzzle: "2....1.2......14", Solution: "2341413214233214", Rating: 1.2, Tier: "easy", Seed: 1}
	for _, tc := range []struct {
		name string
		recs []*Record
		// want is the cells the Summary must show; absent, text it must not.
		want   map[string]string
		absent []string
	}{
		{"mixed", append([]*Record{se}, owns...), map[string]string{
			"C4": "SE rating min", "F4": "Ownxl puzzles", "G4": "Rating min (ownxl scale)", "H4": "Rating max (ownxl scale)", "I4": "Rating mean (ownxl scale)",
			"A5": "Easy", "B5": "1", "C5": "1.2", "F5": "0",
			"A6": "Hard", "F6": "2", "G6": "3.2", "H6": "3.6", "I6": "3.40",
			"A7": "Expert", "F7": "1", "G7": "4.4",
			"A8": "Beyond", "F8": "1", "G8": "",
			"A9": "Total", "B9": "5", "C9": "1.2", "D9": "1.2", "F9": "4", "G9": "3.2", "H9": "4.4", "I9": "3.73",
			"A11": "SE rating", "B11": "Puzzles", "A12": "1.0–1.4", "B12": "1",
			"D11": "Rating (ownxl scale)", "E11": "Ownxl puzzles", "D12": "3.0–3.4", "E12": "1", "D13": "3.5–3.9", "E13": "1", "D14": "4.0–4.4", "E14": "1", "D15": "no rating", "E15": "1",
		}, nil},
		{"own only", owns, map[string]string{
			"F4": "Ownxl puzzles", "F8": "4",
			"A10": "Rating (ownxl scale)", "B10": "Ownxl puzzles", "A11": "3.0–3.4", "B11": "1", "A14": "no rating", "B14": "1",
		}, []string{"SE rating", "Puzzles by SE rating"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, data := writeOpenXLSX(t, tc.recs, XLSXOptions{})
			for cell, want := range tc.want {
				if got, _ := f.GetCellValue("Summary", cell); got != want {
					t.Errorf("Summary %s = %q, want %q", cell, got, want)
				}
			}
			rows, _ := f.GetRows("Summary")
			for _, bad := range tc.absent {
				for _, r := range rows {
					if slices.Contains(r, bad) {
						t.Errorf("Summary has %q: %q", bad, r)
					}
				}
			}
			if !strings.Contains(zipText(t, data, "xl/charts/chart"), "Ownxl puzzles by rating (ownxl scale)") {
				t.Error("no chart titled \"Ownxl puzzles by rating (ownxl scale)\"")
			}
			if strings.Contains(fmt.Sprint(rows), "Untiered") {
				t.Errorf("Summary has an Untiered row: %q", rows)
			}
		})
	}
}
