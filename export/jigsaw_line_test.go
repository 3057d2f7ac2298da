package export

import (
	"strings"
	"testing"
)

// TestJigsawLineRefused reads plain lines without --variant: a jigsaw
// line as --format txt writes it (puzzle, space, regions) is refused with
// a line naming --variant jigsaw (read as a classic puzzle it lost its
// regions and had many solutions); a classic puzzle followed by its
// solution, a rating or a comment is read as before.
func TestJigsawLineRefused(t *testing.T) {
	const (
		puzzle6  = "..4....6.....36............321...53."
		regions6 = "115222315242315442315466315466335466" // a generated 6x6 jigsaw's
		sol6     = "254163563412136245312654645321421536"
		classic4 = "1...........4..3"
	)
	cases := []struct {
		line   string
		refuse bool
	}{
		{puzzle6 + " " + regions6, true},
		{puzzle6 + "\t" + regions6 + "  # seed 5", true},
		{"  " + puzzle6 + " " + strings.Map(func(r rune) rune { return r - '1' + 'a' }, regions6), true}, // letters name regions too
		{puzzle6 + " " + sol6, false},                                                                    // a solution: no digit's cells side by side
		{classic4 + " 1234341221434321", false},                                                          // the same on 4x4
		{puzzle6, false},
		{puzzle6 + " 2.5 hard", false},
		{puzzle6 + " " + regions6 + "x", false}, // one word longer than the grid
		{puzzle6 + " " + regions6[:35], false},  // one cell short
		{puzzle6 + " " + "11522231524231544231546631546633546!", false},
		{puzzle6 + " " + "115222315242315442315466315466335467", false}, // a region of 5 and one of 1
	}
	for _, tc := range cases {
		it, ok, err := ParseLine("in.txt", 4, []byte(tc.line))
		if !ok {
			t.Fatalf("%q: read as blank", tc.line)
		}
		if tc.refuse {
			if err == nil || !strings.Contains(err.Error(), "in.txt:4: looks like a jigsaw puzzle line") || !strings.Contains(err.Error(), "--variant jigsaw") {
				t.Errorf("%q: error %v, want the jigsaw line named with --variant jigsaw", tc.line, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: refused: %v", tc.line, err)
		} else if want := strings.Fields(tc.line)[0]; it.Record.Puzzle != want {
			t.Errorf("%q: puzzle %q, want %q", tc.line, it.Record.Puzzle, want)
		}
		if JigsawLineError("in.txt", 4, []byte(tc.line)) != nil {
			t.Errorf("%q: JigsawLineError says a jigsaw line", tc.line)
		}
	}
}
