package slide

import (
	"strings"
	"testing"
)

// TestSweepParseHugeNumber: a number too large for an int may be the
// trailing known length as well as a tile, so the message names both
// (number 10 of a 3x3 line is the length; it said "for a tile number").
func TestSweepParseHugeNumber(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"1 2 3 4 5 6 0 7 8 99999999999999999999", "number 10: 99999999999999999999 is far too large for a tile (at most 24) or an optimal length"},
		{"99999999999999999999 2 3 4 5 6 0 7 8", "number 1: 99999999999999999999 is far too large for a tile (at most 24) or an optimal length"},
	} {
		_, _, err := Parse(tc.line, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v; want %q", tc.line, err, tc.want)
		}
	}
}
