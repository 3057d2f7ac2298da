package variantkind

import (
	"strings"
	"testing"
)

// TestSwlibFormatBadValue: Format writes a value with no symbol as '?'
// (as sudoku.Grid.String does) and cells past the frame as '#', instead
// of indexing past the symbols.
func TestSwlibFormatBadValue(t *testing.T) {
	g, err := Geometry([]string{"x"}, 4, "")
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]uint8, 18)
	cells[0], cells[1], cells[2] = 1, 4, 200
	want := "14?" + strings.Repeat(".", 13) + "##"
	if got := Format(g, cells); got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}
