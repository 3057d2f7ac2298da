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

// TestAndList: the joins sentences print (explain's steps, the play
// page's and the workbook's notes, flag messages).
func TestAndList(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{nil, ""},
		{[]string{"row 1"}, "row 1"},
		{[]string{"row 1", "box 2"}, "row 1 and box 2"},
		{[]string{"--page", "--per-page", "--grids"}, "--page, --per-page and --grids"},
	} {
		if got := AndList(tc.words); got != tc.want {
			t.Errorf("AndList(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}

// TestCount: a summary's "1 puzzle", never "1 puzzles", and a count a
// person reads with thousands separators (until 2026-12-07 "10000
// puzzles").
func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0 puzzles"},
		{1, "1 puzzle"},
		{2, "2 puzzles"},
		{999, "999 puzzles"},
		{1000, "1,000 puzzles"},
		{1234567, "1,234,567 puzzles"},
	} {
		if got := Count(tc.n, "puzzle"); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := Count(1, "input"); got != "1 input" {
		t.Errorf("Count(1, input) = %q", got)
	}
}

// TestRate: rates carry their unit; below 10/s they keep one
// decimal and below 0.1/s they are given per hour, so a slow run never
// reads "0/s"; from 1,000/s they have thousands separators, as the
// counts beside them (until 2026-12-07 "15000/s").
func TestRate(t *testing.T) {
	tests := []struct {
		rate float64
		want string
	}{
		{0.26, "0.3/s"},
		{3.42, "3.4/s"},
		{9.9, "9.9/s"},
		{9.96, "10/s"},
		{10, "10/s"},
		{123.6, "124/s"},
		{999.4, "999/s"},
		{999.6, "1,000/s"},
		{15000.2, "15,000/s"}, // thousands set off as Int's counts: "made 10,000 ... (15,000/s)"
		{1234567.8, "1,234,568/s"},
		{0.1, "0.1/s"},
		{0.05, "180/h"},
		{0.002, "7.2/h"},
		{1.0 / 3600, "1.0/h"},
	}
	for _, tc := range tests {
		if got := Rate(tc.rate); got != tc.want {
			t.Errorf("Rate(%v) = %q, want %q", tc.rate, got, tc.want)
		}
	}
}

// TestInt: counts with a comma between thousands.
func TestInt(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0"},
		{7, "7"},
		{999, "999"},
		{1000, "1,000"},
		{10000, "10,000"},
		{123456, "123,456"},
		{1234567, "1,234,567"},
		{-999, "-999"},
		{-1000, "-1,000"},
		{-9223372036854775808, "-9,223,372,036,854,775,808"},
	} {
		if got := Int(tc.n); got != tc.want {
			t.Errorf("Int(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
