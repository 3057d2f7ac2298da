package export

import (
	"fmt"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestXLSXGridsKindBoard: the Grids sheet draws a kind without a classic
// grid from the board it gives the play page (RecordKind.Play, its
// BoardGeometry): a 4x4 frame with one cell unused (blank, no lines), a
// shaded house, two regions (thick between them) and a given. A kind with no such board is passed over, and the note names it
// and the kinds the sheet does draw.
func TestXLSXGridsKindBoard(t *testing.T) {
	// Regions: the left two columns and the right two; cell 15 unused.
	region := []int{0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, -1}
	pass := func(*Record) error { return nil }
	RegisterKind(RecordKind{Name: "plate", Order: 7, Check: pass, Play: func(r *Record) (PlayBoard, error) {
		return PlayBoard{Geometry: BoardGeometry{W: 4, H: 4, N: 4, Houses: [][]int{{0, 1, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14}, {0, 5, 10}},
			Kinds: []string{"region", "region", "diagonal"}, Region: region, Shade: []int{2}}, Cells: "3bcdabcdabcdabc-"}, nil
	}})
	RegisterKind(RecordKind{Name: "boardless", Order: 8, Check: pass})
	defer func() {
		unregisterKind("plate")
		unregisterKind("boardless")
	}()
	var notes []string
	recs := []*Record{{ID: "p1", Kind: "plate", Size: 4}, {ID: "b1", Kind: "boardless"}, {ID: "b2", Kind: "boardless"}}
	f, _ := writeOpenXLSX(t, recs, XLSXOptions{Grids: 3, Note: func(m string) { notes = append(notes, m) }})
	// The kinds drawn, in book order (this test binary registers no
	// other kind with a board); never boardless.
	want := "grids: 2 boardless records not drawn: the Grids sheet draws sudoku, slide and plate boards"
	if !slices.Equal(notes, []string{want}) {
		t.Errorf("notes %q, want %q", notes, want)
	}
	title, _ := f.GetCellValue("Grids", "A1")
	if title != "p1" {
		t.Fatalf("Grids A1 = %q, want the plate's title", title)
	}
	for i := 0; i < 16; i++ {
		cell, _ := excelize.CoordinatesToCellName(i%4+1, 3+i/4)
		v, _ := f.GetCellValue("Grids", cell)
		id, _ := f.GetCellStyle("Grids", cell)
		st, _ := f.GetStyle(id)
		b := map[string]int{}
		for _, s := range st.Border {
			b[s.Type] = s.Style
		}
		filled := len(st.Fill.Color) > 0
		if i == 15 {
			if v != "" || len(b) != 0 || filled {
				t.Errorf("%s, unused: value %q borders %v shaded %v", cell, v, b, filled)
			}
			continue
		}
		if want := map[bool]string{true: "3", false: ""}[i == 0]; v != want {
			t.Errorf("%s = %q, want %q", cell, v, want)
		}
		if want := i == 0 || i == 5 || i == 10; filled != want {
			t.Errorf("%s shaded %v, want %v", cell, filled, want)
		}
		wantRight := 1
		if i%4 == 1 || i%4 == 3 || i == 14 {
			wantRight = 5 // between regions, at the frame, beside the unused cell
		}
		if b["right"] != wantRight {
			t.Errorf("%s right border %d, want %d (%v)", cell, b["right"], wantRight, fmt.Sprint(b))
		}
	}
}
