package export

import (
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestXLSXGridsSlideOutline: a sliding board's outline on the Grids
// sheet is unbroken wherever its blank is, as the book's frame: every
// cell on the board's edge has a thick outer side, the blank's too, and
// the blank holds nothing. Until 2026-12-07 the blank had no lines at
// all, so a blank on the edge left a gap in the outline.
func TestXLSXGridsSlideOutline(t *testing.T) {
	one, two := 1, 2
	for _, tc := range []struct {
		name  string
		tiles []int
		moves string
		opt   *int
	}{
		{"blank on the bottom edge", []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15}, "R", &one},
		{"blank on the right edge", []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12}, "D", &one},
		{"blank in the middle", []int{1, 2, 3, 4, 0, 5, 7, 8, 6}, "RD", &two},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 3
			if len(tc.tiles) == 16 {
				n = 4
			}
			r := &Record{ID: "p1", Kind: "slide", Size: n, Tiles: tc.tiles, Goal: "blank-last", Optimal: tc.opt, MovePiece: "blank", Solution: tc.moves, Tier: "easy"}
			f, _ := writeOpenXLSX(t, []*Record{r}, XLSXOptions{Grids: 1})
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					cell, _ := excelize.CoordinatesToCellName(j+1, 3+i)
					id, _ := f.GetCellStyle("Grids", cell)
					st, _ := f.GetStyle(id)
					sides := map[string]int{}
					for _, b := range st.Border {
						sides[b.Type] = b.Style
					}
					for side, on := range map[string]bool{"left": j == 0, "right": j == n-1, "top": i == 0, "bottom": i == n-1} {
						if on && sides[side] != 5 {
							t.Errorf("%s, on the board's %s edge: %s side %d, want thick (%v)", cell, side, side, sides[side], fmt.Sprint(sides))
						}
					}
					v, _ := f.GetCellValue("Grids", cell)
					if tile := tc.tiles[i*n+j]; tile == 0 && v != "" {
						t.Errorf("%s, the blank, holds %q", cell, v)
					} else if tile != 0 && v != fmt.Sprint(tile) {
						t.Errorf("%s = %q, want tile %d", cell, v, tile)
					}
				}
			}
		})
	}
}
