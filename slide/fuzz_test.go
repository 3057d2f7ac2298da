package slide

import (
	"testing"
)

// FuzzParse: any board line (numbers, a known length, comments, any
// width) is read or refused with an error; a board read is a permutation
// that prints back to itself, and its solvability and canonical key are
// computed without a panic.
func FuzzParse(f *testing.F) {
	f.Add("8 6 7 2 5 4 3 0 1 31", uint8(0))
	f.Add("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", uint8(4))
	f.Add("12 3 9 22 1 18 24 4 14 19 21 5 15 0 10 8 13 6 2 17 7 23 16 20 11 95", uint8(5))
	f.Add("1,1,3 4 5 6 7 8 0 # comment", uint8(3))
	f.Add("99999999999999999999 -1 0", uint8(7))
	f.Fuzz(func(t *testing.T, line string, width uint8) {
		b, known, err := Parse(line, int(width%8))
		if err != nil {
			return
		}
		if known < -1 {
			t.Fatalf("%q: known length %d", line, known)
		}
		again, _, err := Parse(b.String(), b.W)
		if err != nil || again != b {
			t.Fatalf("%q: %v does not read back (%v)", line, b, err)
		}
		b.Solvable()
		b.Canonical()
		if _, err := New(b.W, b.Ints()); err != nil {
			t.Fatalf("%q: board's own tiles refused: %v", line, err)
		}
	})
}
