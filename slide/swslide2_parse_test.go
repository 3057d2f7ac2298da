package slide

import (
	"strings"
	"testing"
)

// TestSwslide2ParseKnownLength: a trailing number is the board's known
// optimal length, and a negative one is refused. -1, which Parse returns
// for "no length given", was taken as no length when the line gave it,
// so `1 2 3 4 5 6 7 0 8 -1` passed unchecked while -5 was refused. The
// board needs one move (the blank goes right), counted by hand.
func TestSwslide2ParseKnownLength(t *testing.T) {
	tests := []struct {
		line  string
		width int
		known int
		err   string
	}{
		{"1 2 3 4 5 6 7 0 8", 0, -1, ""},
		{"1 2 3 4 5 6 7 0 8 1", 0, 1, ""},
		{"1 2 3 4 5 6 7 0 8 0", 0, 0, ""},
		{"1 2 3 4 5 6 7 0 8 1", 3, 1, ""},
		{"1 2 3 4 5 6 7 0 8 -1", 0, 0, "optimal length -1 is negative"},
		{"1 2 3 4 5 6 7 0 8 -1", 3, 0, "optimal length -1 is negative"},
		{"1 2 3 4 5 6 7 0 8 -5", 0, 0, "optimal length -5 is negative"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 -1", 0, 0, "optimal length -1 is negative"},
	}
	for _, tc := range tests {
		b, known, err := Parse(tc.line, tc.width)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Parse(%q, %d): known %d, error %v; want %q", tc.line, tc.width, known, err, tc.err)
			}
			continue
		}
		if err != nil || known != tc.known || b.W != 3 {
			t.Errorf("Parse(%q, %d) = W %d, known %d, %v; want W 3, known %d", tc.line, tc.width, b.W, known, err, tc.known)
		}
	}
}

// TestSwslide2ParseBlankWrittenOtherwise: a blank written as "_", "." or
// "x" (as in other puzzle files), or tiles separated by ";", was refused
// with `number 8: "_" is not an integer` and no word of what a board line
// holds. The line now says it: tile numbers, 0 for the blank.
func TestSwslide2ParseBlankWrittenOtherwise(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"1 2 3 4 5 6 7 _ 8", `number 8: "_" is not an integer: expected tile numbers separated by spaces or commas, 0 for the blank`},
		{"1 2 3 4 5 6 7 . 8", `number 8: "." is not an integer: expected tile numbers`},
		{"1 2 3 4 5 6 7 x 8", `number 8: "x" is not an integer: expected tile numbers`},
		{"1;2;3;4;5;6;7;0;8", `number 1: "1;2;3;4;5;6;7;0;8" is not an integer: expected tile numbers separated by spaces or commas`},
	} {
		if _, _, err := Parse(tc.line, 0); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%q): %v; want %q", tc.line, err, tc.want)
		}
	}
}

// TestSwslide2OneNumberCount: a line or record of one number said "1
// numbers" and "1 tiles"; the counts are now English, as the parity
// message's "1 inversion" already was.
func TestSwslide2OneNumberCount(t *testing.T) {
	_, _, err1 := Parse("5", 0)
	_, _, err2 := Parse("5", 3)
	_, err3 := New(3, []int{1})
	_, err4 := FromRecord(0, []int{1}, "", "")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{err1, "wrong tile count: 1 number, expected 9, 16 or 25 tiles"},
		{err2, "wrong tile count: 1 number, expected 9 tiles for 3x3"},
		{err3, "wrong tile count: 1 tile, expected 9 for 3x3"},
		{err4, `wrong tile count: 1 tile and no "size", expected 9, 16 or 25 tiles`},
	} {
		if tc.err == nil || !strings.HasPrefix(tc.err.Error(), tc.want) {
			t.Errorf("error %v, want %q", tc.err, tc.want)
		}
	}
}
