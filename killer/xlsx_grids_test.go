package killer

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/gridsheet"
	"github.com/sudogen/sudogen/sudoku"
)

// TestXLSXGrids: the workbook's Grids sheet draws killers with their
// cages, checked against the records' cages read back with excelize.
// Every cage's sum is in its first (top-left) cell and only there: each
// cell holds its cage's sum if it is the cage's first and the sum is not
// hidden, then its given if it has one, and nothing else. The line
// between two cells is dashed exactly when they are in different cages,
// medium (solid or dashed) exactly across a box line, thick around the
// grid. Killer-X shades exactly its diagonals, a plain killer nothing;
// each has the cage rule above it. No note says a record was not drawn.
func TestXLSXGrids(t *testing.T) {
	recs, krs := xlsxKillers(t, 8, func(i int) string { return "t-killer-" + strconv.Itoa(i) },
		Options{Shape: sudoku.Shape9, Givens: 8, HideSums: 2}, Options{Shape: sudoku.Shape9, X: true})
	f, notes, err := gridsheet.Write(recs)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if len(notes) != 0 {
		t.Errorf("notes %q, want none: every board is drawn", notes)
	}
	hidden, givenSum := 0, 0
	for _, kr := range krs {
		x := kr.Variant == "x"
		g, err := gridsheet.Find(f, kr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(g.Rule(), "cages") || x != strings.Contains(g.Rule(), "Killer-X") {
			t.Errorf("%s: rule line %q", kr.ID, g.Rule())
		}
		const n = 9
		cage := make([]int, n*n)
		for i := range cage {
			cage[i] = -1
		}
		want := make([]string, n*n)
		for k, cg := range kr.Cages {
			for _, i := range cg.Cells {
				cage[i] = k
			}
			if cg.Sum == 0 {
				hidden++
				continue
			}
			want[slices.Min(cg.Cells)] = strconv.Itoa(cg.Sum)
		}
		if slices.Contains(cage, -1) {
			t.Fatalf("%s: a cell in no cage", kr.ID)
		}
		for i := 0; i < n*n; i++ {
			if v := kr.Puzzle[i]; v != '.' {
				if want[i] != "" {
					want[i] += " "
					givenSum++
				}
				want[i] += string(v)
			}
			row, col := i/n, i%n
			if got := g.Value(row, col); got != want[i] {
				t.Errorf("%s %s = %q, want %q", kr.ID, g.Cell(row, col), got, want[i])
			}
			b, filled, err := g.Look(row, col)
			if err != nil {
				t.Fatal(err)
			}
			if diag := row == col || row+col == n-1; filled != (x && diag) {
				t.Errorf("%s %s: shaded %v", kr.ID, g.Cell(row, col), filled)
			}
			for side, edge := range map[string]bool{"left": col == 0, "right": col == n-1, "top": row == 0, "bottom": row == n-1} {
				if edge && b[side] != gridsheet.Thick {
					t.Errorf("%s %s: %s border %d, want thick", kr.ID, g.Cell(row, col), side, b[side])
				}
			}
			for _, right := range []bool{true, false} {
				j, box, ok := i+1, col%3 == 2, col < n-1
				if !right {
					j, box, ok = i+n, row%3 == 2, row < n-1
				}
				if !ok {
					continue
				}
				s, err := g.Between(row, col, right)
				if err != nil {
					t.Error(err)
				}
				dashed := s == gridsheet.Dashed || s == gridsheet.MediumDashed
				medium := s == gridsheet.Medium || s == gridsheet.MediumDashed
				if dashed != (cage[i] != cage[j]) || medium != box {
					t.Errorf("%s cells %d and %d (cages %d %d, box line %v): border %d", kr.ID, i, j, cage[i], cage[j], box, s)
				}
			}
		}
	}
	if hidden == 0 || givenSum == 0 {
		t.Errorf("the killers have %d hidden sums and %d givens in a sum's cell: want some of each, to test them", hidden, givenSum)
	}
}

// xlsxKillers generates a killer for each of opts (the i-th from seed
// and i), as an export record and as its killer record, with id(i).
func xlsxKillers(t *testing.T, seed uint64, id func(i int) string, opts ...Options) ([]*export.Record, []Record) {
	t.Helper()
	var recs []*export.Record
	var krs []Record
	for i, o := range opts {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(seed, uint64(i))), o)
		if err != nil {
			t.Fatal(err)
		}
		kr := NewRecord(p, sol, nil)
		kr.ID = id(i)
		r := toExport(kr)
		r.ID = kr.ID
		recs, krs = append(recs, &r), append(krs, kr)
	}
	return recs, krs
}
