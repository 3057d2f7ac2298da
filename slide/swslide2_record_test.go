package slide

import (
	"strings"
	"testing"
)

// TestSwslide2FromRecord: the checks every reader of a slide record
// makes, in one place. A record without "size" takes its width from its
// tile count (9 tiles: 3x3, 16: 4x4); a count no width has is named as
// such, not measured against the nearest board; a missing "tiles", a
// foreign goal or move piece and a bad tile list are refused with the
// lines the docs quote.
func TestSwslide2FromRecord(t *testing.T) {
	goal3 := []int{1, 2, 3, 4, 5, 6, 7, 8, 0}
	goal4 := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}
	tests := []struct {
		name            string
		size            int
		tiles           []int
		goal, movePiece string
		wantW           int
		err             string
	}{
		{"3x3 with size", 3, goal3, "", "", 3, ""},
		{"3x3 without size", 0, goal3, "blank-last", "blank", 3, ""},
		{"4x4 without size", 0, goal4, "", "", 4, ""},
		{"no tiles", 3, nil, "", "", 0, `slide record has no "tiles"`},
		{"no tiles, no size", 0, nil, "", "", 0, `slide record has no "tiles"`},
		{"8 tiles, no size", 0, goal3[:8], "", "", 0, `wrong tile count: 8 tiles and no "size", expected 9, 16 or 25 tiles (3x3, 4x4, 5x5)`},
		{"10 tiles, no size", 0, append(append([]int{}, goal3...), 9), "", "", 0, `wrong tile count: 10 tiles and no "size", expected 9, 16 or 25 tiles`},
		{"9 tiles, size 4", 4, goal3, "", "", 0, "wrong tile count: 9 tiles, expected 16 for 4x4"},
		{"size 6", 6, goal3, "", "", 0, "size 6 not supported: expected 3, 4 or 5"},
		{"blank-first goal", 3, goal3, "blank-first", "", 0, `goal "blank-first": only "blank-last"`},
		{"tile moves", 3, goal3, "", "tile", 0, `move_piece "tile": only "blank"`},
		{"repeated tile", 3, []int{1, 2, 3, 4, 5, 6, 7, 7, 0}, "", "", 0, "repeated tile 7 at cells 7 and 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := FromRecord(tc.size, tc.tiles, tc.goal, tc.movePiece)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || b.W != tc.wantW || !b.IsGoal() {
				t.Fatalf("board %v (W %d), error %v; want the %dx%d goal", b, b.W, err, tc.wantW, tc.wantW)
			}
		})
	}
}
