package export

import (
	"strings"
	"testing"
)

// TestRecordLengthNamesItsSize: a record whose puzzle fits no grid is
// told the length its own "size" expects (a size-9 record with 3
// characters was told "expected 16 for 4x4", the nearest grid); without
// a size, or with one that is no Sudoku size, the nearest grid is named.
func TestRecordLengthNamesItsSize(t *testing.T) {
	cases := []struct {
		size   int
		puzzle string
		want   string
	}{
		{9, "1..", "puzzle has 3 characters, expected 81 for size 9 (9x9)"},
		{16, strings.Repeat(".", 80), "puzzle has 80 characters, expected 256 for size 16 (16x16)"},
		{4, "1", "puzzle has 1 character, expected 16 for size 4 (4x4)"},
		{0, "1..", "puzzle has 3 characters, expected 16 for 4x4 (other sizes: 36, 64, 81, 144, 256, 625)"},
		{7, "1..", "puzzle has 3 characters, expected 16 for 4x4 (other sizes: 36, 64, 81, 144, 256, 625)"},
		{9, strings.Repeat(".", 16), "size 9 but the puzzle is 4x4"},
	}
	for _, tc := range cases {
		it := Item{Record: Record{Kind: KindSudoku, Size: tc.size, Puzzle: tc.puzzle}}
		_, err := it.Grid(nil)
		if got := errText(err); got != tc.want {
			t.Errorf("size %d, %d characters: %q, want %q", tc.size, len(tc.puzzle), got, tc.want)
		}
	}
}
