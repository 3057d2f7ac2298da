package killer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/gridsheet"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/xuri/excelize/v2"
)

// TestXLSXCages writes killer records (6x6, Killer-X among them, both
// under one id as two runs' files can have) as a workbook and reads it
// back with excelize: the Cages sheet has one row per cage (id, number,
// sum, cells r1c1 style, count, the record's row in Puzzles, which tells
// the two apart) whose named cells,
// read back as row and column, are the cage's and add up in the solution
// to its sum; Puzzles' "fields" column holds the variant and cages as
// JSON that decodes to the record's, its "puzzle" column the killer's
// one-line cage map and sums; with Grids the sheet draws both killers,
// with no note.
func TestXLSXCages(t *testing.T) {
	recs, krs := xlsxKillers(t, 7, func(int) string { return "k6-0000000" }, Options{Shape: sudoku.Shape6}, Options{Shape: sudoku.Shape6, X: true})
	var buf bytes.Buffer
	var notes []string
	if err := export.WriteXLSX(&buf, recs, export.XLSXOptions{Grids: 5, Note: func(m string) { notes = append(notes, m) }}); err != nil {
		t.Fatal(err)
	}
	// --grids: killers are drawn (export's TestXLSXGridsKillers checks
	// how), so the run has nothing to say
	if len(notes) != 0 {
		t.Errorf("notes %q, want none", notes)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !slices.Contains(f.GetSheetList(), "Cages") {
		t.Fatalf("sheets %v: no Cages", f.GetSheetList())
	}
	rows, err := f.GetRows("Cages")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(f.GetSheetList(), "Grids") {
		t.Errorf("sheets %v: no Grids sheet for the killers", f.GetSheetList())
	}
	if want := []string{"id", "cage", "sum", "cells", "count", "puzzles_row"}; !slices.Equal(rows[0], want) {
		t.Fatalf("Cages header %q, want %q", rows[0], want)
	}
	row := 1
	for rec, kr := range krs {
		for k, cg := range kr.Cages {
			if row >= len(rows) {
				t.Fatalf("Cages has %d rows, ends before %s cage %d", len(rows), kr.ID, k+1)
			}
			got := rows[row]
			row++
			// the record's row in Puzzles: after the header, in corpus order
			if len(got) != 6 || got[0] != kr.ID || got[1] != strconv.Itoa(k+1) || got[2] != strconv.Itoa(cg.Sum) || got[4] != strconv.Itoa(len(cg.Cells)) || got[5] != strconv.Itoa(rec+2) {
				t.Fatalf("Cages row %d: %q, want %s cage %d sum %d of %d cells, Puzzles row %d", row, got, kr.ID, k+1, cg.Sum, len(cg.Cells), rec+2)
			}
			var cells []int
			sum := 0
			for _, name := range bytes.Fields([]byte(got[3])) {
				var r, c int
				if _, err := fmt.Sscanf(string(name), "r%dc%d", &r, &c); err != nil || r < 1 || r > 6 || c < 1 || c > 6 {
					t.Fatalf("Cages row %d: cell %q", row, name)
				}
				cells = append(cells, (r-1)*6+c-1)
				sum += int(kr.Solution[(r-1)*6+c-1] - '0')
			}
			if !slices.Equal(cells, cg.Cells) || sum != cg.Sum {
				t.Errorf("Cages row %d: cells %q are %v adding up to %d, want %v and %d", row, got[3], cells, sum, cg.Cells, cg.Sum)
			}
		}
	}
	if row != len(rows) {
		t.Errorf("Cages has %d rows, want %d", len(rows), row)
	}
	prows, err := f.GetRows("Puzzles")
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(prows[0], "fields")
	if col < 0 {
		t.Fatalf("Puzzles header %q has no fields column", prows[0])
	}
	// The puzzle column is the killer's line, as csv's and the txt
	// format's, which the readers read back as the killer: not its
	// givens (none, a row of dots).
	pcol := slices.Index(prows[0], "puzzle")
	for i, kr := range krs {
		p, _, err := kr.Decode()
		if err != nil {
			t.Fatal(err)
		}
		if got := prows[i+1][pcol]; got != FormatLine(p) || !TextLine([]byte(got)) {
			t.Errorf("%s: puzzle cell %q, want the killer's line %q", kr.ID, got, FormatLine(p))
		}
	}
	for i, kr := range krs {
		var v struct {
			Variant string `json:"variant"`
			Cages   []Cage `json:"cages"`
		}
		if col >= len(prows[i+1]) {
			t.Fatalf("%s: no fields cell", kr.ID)
		}
		if err := json.Unmarshal([]byte(prows[i+1][col]), &v); err != nil {
			t.Fatalf("%s: fields %q: %v", kr.ID, prows[i+1][col], err)
		}
		if v.Variant != kr.Variant || len(v.Cages) != len(kr.Cages) {
			t.Errorf("%s: fields variant %q with %d cages, want %q with %d", kr.ID, v.Variant, len(v.Cages), kr.Variant, len(kr.Cages))
		}
		for k := range v.Cages {
			if k < len(kr.Cages) && (v.Cages[k].Sum != kr.Cages[k].Sum || !slices.Equal(v.Cages[k].Cells, kr.Cages[k].Cells)) {
				t.Errorf("%s: fields cage %d is %v, want %v", kr.ID, k, v.Cages[k], kr.Cages[k])
			}
		}
	}
}

// TestXLSXSummaryKillerScale: a workbook of graded killers has their
// count and ratings on the killer scale in its Summary, headed so (the
// killer RecordKind's grading rules are its own, not SE's); until
// 2026-12-07 its rating columns were empty.
func TestXLSXSummaryKillerScale(t *testing.T) {
	var recs []*export.Record
	lo, hi := 99.0, 0.0
	for i := range 2 {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(11, uint64(i))), Options{Shape: sudoku.Shape6})
		if err != nil {
			t.Fatal(err)
		}
		res := Grade(p)
		kr := NewRecord(p, sol, &res)
		kr.ID = fmt.Sprintf("k6-%07d", i)
		r := toExport(kr)
		r.ID = kr.ID
		recs = append(recs, &r)
		lo, hi = min(lo, r.Rating), max(hi, r.Rating)
	}
	rows := summaryRows(t, recs)
	var total []string
	if i := slices.IndexFunc(rows, func(r []string) bool { return len(r) > 0 && r[0] == "Total" }); i >= 0 {
		total = rows[i]
	}
	want := []string{"Total", "2", "", "", "", "2", strconv.FormatFloat(lo, 'f', 1, 64), strconv.FormatFloat(hi, 'f', 1, 64)}
	if len(rows) < 4 || !slices.Equal(rows[3][5:7], []string{"Killer puzzles", "Rating min (killer scale)"}) || len(total) < 8 || !slices.Equal(total[:8], want) {
		t.Errorf("Summary heads %q, Total %q; want heads Killer puzzles, Rating min (killer scale) from F and Total %q", rows[3], total, want)
	}
}

// summaryRows are the Summary sheet's rows of the workbook of recs.
func summaryRows(t *testing.T, recs []*export.Record) [][]string {
	t.Helper()
	f, err := gridsheet.Workbook(recs, export.XLSXOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Summary")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
