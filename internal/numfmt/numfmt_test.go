package numfmt

import "testing"

// TestOrList: the joins messages print.
func TestOrList(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a or b"},
		{[]string{"16", "36", "64", "81", "144"}, "16, 36, 64, 81 or 144"},
	} {
		if got := OrList(tc.words); got != tc.want {
			t.Errorf("OrList(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}

// TestCount: a summary's "1 puzzle", never "1 puzzles".
func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0 puzzles"},
		{1, "1 puzzle"},
		{2, "2 puzzles"},
		{1000, "1000 puzzles"},
	} {
		if got := Count(tc.n, "puzzle"); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := Count(1, "input"); got != "1 input" {
		t.Errorf("Count(1, input) = %q", got)
	}
}
