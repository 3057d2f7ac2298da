package export_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
	"github.com/sudogen/sudogen/variantkind"
)

// The tests of this file check the Grids sheet's variant and killer
// boards against facts taken from the records themselves (regions,
// cages, diagonals, Samurai's five grids), not against the writer's own
// helpers: they read the workbook back with excelize.

// variantRecord generates a variant puzzle of vs (size 9) as its record,
// with id.
func variantRecord(t *testing.T, vs []string, seed uint64, id string) *export.Record {
	t.Helper()
	gen, err := variant.NewGenerator(variant.Spec{Size: 9, Variants: vs}, variant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Generate(rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := variantkind.Record(p, nil, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec.ID = id
	return &rec
}

// killerRecord generates a 9x9 killer (Killer-X with x) with givens given
// digits and up to hide hidden sums, as the record a corpus line reads
// back to.
func killerRecord(t *testing.T, x bool, givens, hide int, seed uint64, id string) (*export.Record, killer.Record) {
	t.Helper()
	p, sol, _, err := killer.Generate(rand.New(rand.NewPCG(seed, 2)), killer.Options{Shape: sudoku.Shape9, X: x, Givens: givens, HideSums: hide})
	if err != nil {
		t.Fatal(err)
	}
	kr := killer.NewRecord(p, sol, nil)
	kr.ID = id
	line, err := json.Marshal(kr)
	if err != nil {
		t.Fatal(err)
	}
	var r export.Record
	if err := export.DecodeRecord(line, &r); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return &r, kr
}

// gridsBook writes recs as a workbook with a Grids sheet for all of them
// and opens it; notes are what the writer said.
func gridsBook(t *testing.T, recs []*export.Record) (f *excelize.File, notes []string) {
	t.Helper()
	var buf bytes.Buffer
	o := export.XLSXOptions{Grids: len(recs), Note: func(m string) { notes = append(notes, m) }}
	if err := export.WriteXLSX(&buf, recs, o); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if !slices.Contains(f.GetSheetList(), "Grids") {
		t.Fatalf("sheets %v: no Grids sheet", f.GetSheetList())
	}
	return f, notes
}

// sheetGrid is one board as the Grids sheet holds it: its title's row;
// the grid starts two rows under it, in column A.
type sheetGrid struct {
	f     *excelize.File
	title int
}

// findGrid finds the board titled with id.
func findGrid(t *testing.T, f *excelize.File, id string) sheetGrid {
	t.Helper()
	rows, err := f.GetRows("Grids")
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		if len(row) > 0 && (row[0] == id || strings.HasPrefix(row[0], id+" ")) {
			return sheetGrid{f, i + 1}
		}
	}
	t.Fatalf("Grids: no board titled %s", id)
	return sheetGrid{}
}

// cell is the sheet's name of the board's cell (row, col), from 0.
func (g sheetGrid) cell(row, col int) string {
	name, _ := excelize.CoordinatesToCellName(col+1, g.title+2+row)
	return name
}

// value is the text of the board's cell (row, col).
func (g sheetGrid) value(row, col int) string {
	v, _ := g.f.GetCellValue("Grids", g.cell(row, col))
	return v
}

// rule is the line between the title and the grid.
func (g sheetGrid) rule() string {
	v, _ := g.f.GetCellValue("Grids", fmt.Sprintf("A%d", g.title+1))
	return v
}

// look is the borders (side to excelize border style) and fill of the
// board's cell (row, col).
func (g sheetGrid) look(t *testing.T, row, col int) (borders map[string]int, filled bool) {
	t.Helper()
	id, err := g.f.GetCellStyle("Grids", g.cell(row, col))
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.f.GetStyle(id)
	if err != nil {
		t.Fatal(err)
	}
	borders = map[string]int{}
	for _, b := range st.Border {
		if b.Style != 0 {
			borders[b.Type] = b.Style
		}
	}
	return borders, len(st.Fill.Color) > 0
}

// between is the border style between the board's cell (row, col) and
// its right (right true) or lower neighbour: both cells' sides, which
// must agree.
func (g sheetGrid) between(t *testing.T, row, col int, right bool) int {
	t.Helper()
	a, _ := g.look(t, row, col)
	var b map[string]int
	var s int
	if right {
		b, _ = g.look(t, row, col+1)
		s = a["right"]
		if b["left"] != s {
			t.Errorf("%s right side %d, %s left side %d: a line drawn two ways", g.cell(row, col), s, g.cell(row, col+1), b["left"])
		}
	} else {
		b, _ = g.look(t, row+1, col)
		s = a["bottom"]
		if b["top"] != s {
			t.Errorf("%s bottom side %d, %s top side %d: a line drawn two ways", g.cell(row, col), s, g.cell(row+1, col), b["top"])
		}
	}
	return s
}

// Border styles as excelize numbers them.
const (
	thin, medium, dashed, thick, mediumDashed = 1, 2, 3, 5, 8
)

// givensAt checks that the board's cells hold r's givens and nothing
// else (size n, the puzzle one symbol a cell of the frame).
func givensAt(t *testing.T, g sheetGrid, puzzle string, n int) {
	t.Helper()
	for i := 0; i < n*n; i++ {
		want := string(puzzle[i])
		if want == "." || want == "0" {
			want = ""
		}
		if got := g.value(i/n, i%n); got != want {
			t.Errorf("%s = %q, want %q", g.cell(i/n, i%n), got, want)
		}
	}
}

// TestXLSXGridsVariants: the Grids sheet draws variant boards as the
// book does. A jigsaw's lines are thick exactly between cells of
// different regions (the record's "regions"); X-Sudoku shades exactly the
// two diagonals; anti-knight is a plain grid (no shading, thick lines
// between the 3x3 boxes) under its rule; Samurai's 21x21 frame leaves the
// cells of none of its five grids blank and without lines. No note says
// a record was not drawn.
func TestXLSXGridsVariants(t *testing.T) {
	jig := variantRecord(t, []string{variant.Jigsaw}, 3, "t-jigsaw")
	x := variantRecord(t, []string{variant.X}, 4, "t-x")
	ak := variantRecord(t, []string{variant.AntiKnight}, 5, "t-anti-knight")
	sam := variantRecord(t, []string{variant.SamuraiName}, 6, "t-samurai")
	f, notes := gridsBook(t, []*export.Record{jig, x, ak, sam})
	if len(notes) != 0 {
		t.Errorf("notes %q, want none: every board is drawn", notes)
	}

	// board finds r's board, under its rule (which starts with rule),
	// holding its givens.
	board := func(r *export.Record, rule string) sheetGrid {
		g := findGrid(t, f, r.ID)
		if !strings.HasPrefix(g.rule(), rule) {
			t.Errorf("%s: rule line %q, want %q...", r.ID, g.rule(), rule)
		}
		if r != sam {
			givensAt(t, g, r.Puzzle, 9)
		}
		return g
	}
	g := board(jig, "Jigsaw:")
	regions := variantkind.FieldsOf(jig).Regions
	if len(regions) != 81 {
		t.Fatalf("jigsaw regions %q", regions)
	}
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		if col < 8 {
			want := thin
			if regions[i] != regions[i+1] {
				want = thick
			}
			if got := g.between(t, row, col, true); got != want {
				t.Errorf("jigsaw %s|%s (regions %c %c): border %d, want %d", g.cell(row, col), g.cell(row, col+1), regions[i], regions[i+1], got, want)
			}
		}
		if row < 8 {
			want := thin
			if regions[i] != regions[i+9] {
				want = thick
			}
			if got := g.between(t, row, col, false); got != want {
				t.Errorf("jigsaw %s/%s (regions %c %c): border %d, want %d", g.cell(row, col), g.cell(row+1, col), regions[i], regions[i+9], got, want)
			}
		}
		b, filled := g.look(t, row, col)
		if filled {
			t.Errorf("jigsaw %s shaded", g.cell(row, col))
		}
		for side, edge := range map[string]bool{"left": col == 0, "right": col == 8, "top": row == 0, "bottom": row == 8} {
			if edge && b[side] != thick {
				t.Errorf("jigsaw %s: %s border %d, want thick", g.cell(row, col), side, b[side])
			}
		}
	}

	g = board(x, "X-Sudoku:")
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		if _, filled := g.look(t, row, col); filled != (row == col || row+col == 8) {
			t.Errorf("X %s: shaded %v, want %v", g.cell(row, col), filled, !filled)
		}
	}

	g = board(ak, "Anti-knight:")
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		if _, filled := g.look(t, row, col); filled {
			t.Errorf("anti-knight %s shaded", g.cell(row, col))
		}
		if col < 8 {
			if got, want := g.between(t, row, col, true), map[bool]int{false: thin, true: thick}[col%3 == 2]; got != want {
				t.Errorf("anti-knight %s right border %d, want %d", g.cell(row, col), got, want)
			}
		}
	}

	g = board(sam, "Samurai:")
	// The five 9x9 grids: top-left, top-right, centre, bottom-left,
	// bottom-right of the 21x21 frame.
	inGrid := func(row, col int) bool {
		for _, o := range [][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}} {
			if row >= o[0] && row < o[0]+9 && col >= o[1] && col < o[1]+9 {
				return true
			}
		}
		return false
	}
	if len(sam.Puzzle) != 441 {
		t.Fatalf("samurai puzzle of %d cells", len(sam.Puzzle))
	}
	unused := 0
	for i := 0; i < 441; i++ {
		row, col := i/21, i%21
		b, filled := g.look(t, row, col)
		v := g.value(row, col)
		if !inGrid(row, col) {
			unused++
			if len(b) != 0 || filled || v != "" {
				t.Errorf("samurai %s, in no grid: borders %v, shaded %v, value %q; want a blank cell", g.cell(row, col), b, filled, v)
			}
			continue
		}
		if len(b) != 4 {
			t.Errorf("samurai %s: borders %v, want four sides", g.cell(row, col), b)
		}
		want := string(sam.Puzzle[i])
		if want == "." || want == "0" {
			want = ""
		}
		if v != want {
			t.Errorf("samurai %s = %q, want %q", g.cell(row, col), v, want)
		}
		// a grid's outer side, where the frame's next cell is in no grid, is thick
		if col+1 < 21 && !inGrid(row, col+1) && b["right"] != thick {
			t.Errorf("samurai %s: right border %d beside an unused cell, want thick", g.cell(row, col), b["right"])
		}
	}
	if unused != 441-5*81+4*9 {
		t.Errorf("samurai: %d unused cells, want %d", unused, 441-5*81+4*9)
	}
}

// TestXLSXGridsKillers: the Grids sheet draws killers with their cages.
// Every cage's sum is in its first (top-left) cell, small at the top
// left, and only there: each cell holds its cage's sum if it is the
// cage's first (and the sum is not hidden), then its given if it has one,
// and nothing else. The line between two cells is dashed exactly when
// they are in different cages, medium or dashed-medium exactly between
// boxes, thick around the grid. Killer-X shades exactly its diagonals, a
// plain killer nothing.
func TestXLSXGridsKillers(t *testing.T) {
	plain, kp := killerRecord(t, false, 3, 2, 8, "t-killer")
	x, kx := killerRecord(t, true, 0, 0, 9, "t-killer-x")
	f, notes := gridsBook(t, []*export.Record{plain, x})
	if len(notes) != 0 {
		t.Errorf("notes %q, want none: every board is drawn", notes)
	}
	hidden, givenSum := 0, 0
	for _, c := range []struct {
		r  *export.Record
		kr killer.Record
		x  bool
	}{{plain, kp, false}, {x, kx, true}} {
		g := findGrid(t, f, c.r.ID)
		if !strings.Contains(g.rule(), "cages") || c.x != strings.Contains(g.rule(), "Killer-X") {
			t.Errorf("%s: rule line %q", c.r.ID, g.rule())
		}
		const n = 9
		cage := make([]int, n*n)
		for i := range cage {
			cage[i] = -1
		}
		want := make([]string, n*n)
		for k, cg := range c.kr.Cages {
			for _, i := range cg.Cells {
				cage[i] = k
			}
			if cg.Sum == 0 {
				hidden++
				continue
			}
			want[slices.Min(cg.Cells)] = strconv.Itoa(cg.Sum)
		}
		for i := range cage {
			if cage[i] < 0 {
				t.Fatalf("%s: cell %d in no cage", c.r.ID, i)
			}
		}
		for i := 0; i < n*n; i++ {
			if v := c.kr.Puzzle[i]; v != '.' {
				if want[i] != "" {
					want[i] += " "
					givenSum++
				}
				want[i] += string(v)
			}
			row, col := i/n, i%n
			if got := g.value(row, col); got != want[i] {
				t.Errorf("%s %s = %q, want %q", c.r.ID, g.cell(row, col), got, want[i])
			}
			b, filled := g.look(t, row, col)
			if diag := row == col || row+col == n-1; filled != (c.x && diag) {
				t.Errorf("%s %s: shaded %v", c.r.ID, g.cell(row, col), filled)
			}
			for side, edge := range map[string]bool{"left": col == 0, "right": col == n-1, "top": row == 0, "bottom": row == n-1} {
				if edge && b[side] != thick {
					t.Errorf("%s %s: %s border %d, want thick", c.r.ID, g.cell(row, col), side, b[side])
				}
			}
			for _, right := range []bool{true, false} {
				j, box := i+1, col%3 == 2
				if !right {
					j, box = i+n, row%3 == 2
				}
				if right && col == n-1 || !right && row == n-1 {
					continue
				}
				s := g.between(t, row, col, right)
				isDashed := s == dashed || s == mediumDashed
				heavy := s == medium || s == mediumDashed
				if isDashed != (cage[i] != cage[j]) || heavy != box {
					t.Errorf("%s cells %d|%d (cages %d %d, box line %v): border %d", c.r.ID, i, j, cage[i], cage[j], box, s)
				}
			}
		}
	}
	if hidden == 0 || givenSum == 0 {
		t.Logf("the killers have %d hidden sums and %d givens in a sum's cell: those cases untested", hidden, givenSum)
	}
}
