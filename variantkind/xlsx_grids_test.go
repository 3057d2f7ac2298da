package variantkind

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/gridsheet"
	"github.com/sudogen/sudogen/variant"
)

// gridRecord generates a variant puzzle of vs (size 9) as its record,
// with id.
func gridRecord(t *testing.T, vs []string, seed uint64, id string) *export.Record {
	t.Helper()
	gen, err := variant.NewGenerator(variant.Spec{Size: 9, Variants: vs}, variant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Generate(rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Record(p, nil, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec.ID = id
	return &rec
}

// TestXLSXGrids: the workbook's Grids sheet draws variant boards as the
// book does, checked against facts taken from the records (not from the
// writer's helpers) read back with excelize. A jigsaw's lines are thick
// exactly between cells of different regions (the record's "regions");
// X-Sudoku shades exactly the two diagonals; anti-knight is a plain grid
// (no shading, thick lines between the 3x3 boxes); each board has its
// givens and its variant's rule above it; Samurai's 21x21 frame leaves
// the cells of none of its five grids blank and without lines. No note
// says a record was not drawn.
func TestXLSXGrids(t *testing.T) {
	jig := gridRecord(t, []string{variant.Jigsaw}, 3, "t-jigsaw")
	x := gridRecord(t, []string{variant.X}, 4, "t-x")
	ak := gridRecord(t, []string{variant.AntiKnight}, 5, "t-anti-knight")
	sam := gridRecord(t, []string{variant.SamuraiName}, 6, "t-samurai")
	f, notes, err := gridsheet.Write([]*export.Record{jig, x, ak, sam})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if len(notes) != 0 {
		t.Errorf("notes %q, want none: every board is drawn", notes)
	}
	// board finds r's board, under its rule (which starts with rule),
	// holding its givens.
	board := func(r *export.Record, rule string) gridsheet.Board {
		g, err := gridsheet.Find(f, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(g.Rule(), rule) {
			t.Errorf("%s: rule line %q, want %q...", r.ID, g.Rule(), rule)
		}
		if r == sam {
			return g
		}
		for i := 0; i < 81; i++ {
			want := string(r.Puzzle[i])
			if want == "." || want == "0" {
				want = ""
			}
			if got := g.Value(i/9, i%9); got != want {
				t.Errorf("%s %s = %q, want %q", r.ID, g.Cell(i/9, i%9), got, want)
			}
		}
		return g
	}
	look := func(g gridsheet.Board, row, col int) (map[string]int, bool) {
		b, filled, err := g.Look(row, col)
		if err != nil {
			t.Fatal(err)
		}
		return b, filled
	}
	between := func(g gridsheet.Board, row, col int, right bool) int {
		s, err := g.Between(row, col, right)
		if err != nil {
			t.Error(err)
		}
		return s
	}

	g := board(jig, "Jigsaw:")
	regions := FieldsOf(jig).Regions
	if len(regions) != 81 {
		t.Fatalf("jigsaw regions %q", regions)
	}
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		for _, right := range []bool{true, false} {
			j, ok := i+1, col < 8
			if !right {
				j, ok = i+9, row < 8
			}
			if !ok {
				continue
			}
			want := gridsheet.Thin
			if regions[i] != regions[j] {
				want = gridsheet.Thick
			}
			if got := between(g, row, col, right); got != want {
				t.Errorf("jigsaw cells %d and %d (regions %c %c): border %d, want %d", i, j, regions[i], regions[j], got, want)
			}
		}
		b, filled := look(g, row, col)
		if filled {
			t.Errorf("jigsaw %s shaded", g.Cell(row, col))
		}
		for side, edge := range map[string]bool{"left": col == 0, "right": col == 8, "top": row == 0, "bottom": row == 8} {
			if edge && b[side] != gridsheet.Thick {
				t.Errorf("jigsaw %s: %s border %d, want thick", g.Cell(row, col), side, b[side])
			}
		}
	}

	g = board(x, "X-Sudoku:")
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		if _, filled := look(g, row, col); filled != (row == col || row+col == 8) {
			t.Errorf("X %s: shaded %v, want %v", g.Cell(row, col), filled, !filled)
		}
	}

	g = board(ak, "Anti-knight:")
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		if _, filled := look(g, row, col); filled {
			t.Errorf("anti-knight %s shaded", g.Cell(row, col))
		}
		if col < 8 {
			want := gridsheet.Thin
			if col%3 == 2 {
				want = gridsheet.Thick
			}
			if got := between(g, row, col, true); got != want {
				t.Errorf("anti-knight %s right border %d, want %d", g.Cell(row, col), got, want)
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
		b, filled := look(g, row, col)
		v := g.Value(row, col)
		if !inGrid(row, col) {
			unused++
			if len(b) != 0 || filled || v != "" {
				t.Errorf("samurai %s, in no grid: borders %v, shaded %v, value %q; want a blank cell", g.Cell(row, col), b, filled, v)
			}
			continue
		}
		if len(b) != 4 {
			t.Errorf("samurai %s: borders %v, want four sides", g.Cell(row, col), b)
		}
		want := string(sam.Puzzle[i])
		if want == "." || want == "0" {
			want = ""
		}
		if v != want {
			t.Errorf("samurai %s = %q, want %q", g.Cell(row, col), v, want)
		}
		// a grid's outer side, where the frame's next cell is in no grid, is thick
		if col+1 < 21 && !inGrid(row, col+1) && b["right"] != gridsheet.Thick {
			t.Errorf("samurai %s: right border %d beside an unused cell, want thick", g.Cell(row, col), b["right"])
		}
	}
	if want := 441 - 5*81 + 4*9; unused != want {
		t.Errorf("samurai: %d unused cells, want %d", unused, want)
	}
}
