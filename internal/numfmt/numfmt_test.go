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
