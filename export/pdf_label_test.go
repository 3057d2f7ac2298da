package export

import "testing"

// TestPuzzleInfo: the label under a puzzle gives a real rating, the bound
// of a grading that was cut off, and nothing for the grader's "beyond"
// value.
func TestPuzzleInfo(t *testing.T) {
	for _, c := range []struct {
		rec  Record
		want string
	}{
		{Record{Kind: "sudoku", Tier: "hard", Rating: 4.2}, "Hard · rating 4.2"},
		{Record{Kind: "sudoku", Tier: "beyond", RatingAtLeast: 9.25}, "Beyond · rating ≥ 9.2"},
		{Record{Kind: "sudoku", Tier: "beyond", Rating: 20}, "Beyond"},
		{Record{Kind: "slide", Tier: "hard"}, "Hard"},
	} {
		if got := puzzleInfo(&c.rec); got != c.want {
			t.Errorf("%+v: label %q, want %q", c.rec, got, c.want)
		}
	}
	if a, b := difficulty(&Record{Kind: "sudoku", RatingAtLeast: 9.3}), difficulty(&Record{Kind: "sudoku", Rating: 20}); !(a < b) {
		t.Errorf("a cut-off puzzle (at least 9.3) sorts at %v, after an unfinished one (%v)", a, b)
	}
}
