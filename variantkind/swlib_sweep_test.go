package variantkind

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/variant"
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

// TestSwlibRecordZeroPuzzle: Record of the zero variant.Puzzle (no
// geometry) is an error, not a nil dereference in building its id.
func TestSwlibRecordZeroPuzzle(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Record(zero Puzzle) panicked: %v", r)
		}
	}()
	if _, err := Record(variant.Puzzle{}, nil, 1, 0); err == nil || !strings.Contains(err.Error(), "without a geometry") {
		t.Errorf("Record(zero Puzzle) = %v, want a no-geometry error", err)
	}
}
