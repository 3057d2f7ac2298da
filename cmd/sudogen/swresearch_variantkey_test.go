package main

import (
	"strings"
	"testing"
)

// swresearchKeys are canonical fields of variant records as batch wrote
// them (sudogen batch --variant V --count 1 --no-grade, seed 2; the 6x6
// ones seed 3): each is a puzzle of its variant with one solution.
var swresearchKeys = []struct {
	name, key string
	grade     bool // cheap enough to grade in a test
}{
	{"x", "x:.................1......2...3..4......451...671.8..3.............81..5....9.5.4..", true},
	{"x6", "x:.....1.....2..3....4......4........5", true},
	{"windoku", "windoku:...........1..2.3...34....1........2.......5.5.67.4........3.2....1.....8.7.....4", true},
	{"anti-king", "anti-king:........1.231..4...1....2.......3..4..54...........6..6.......7.5.2.8.....9..4...", true},
	{"jigsaw", "jigsaw:111112222111122223444452333445553333455666367458666667458899777858999997888899777:........1..2....3.4..........5...14....3..56.......7..183...9............9..4...7", true},
	{"jigsaw6", "jigsaw:111111222233224335444335445555666666:.1....2......3...45..2......6....3..", true},
	{"samurai", "samurai:...........1..2....3..45..1....2..5...67..8..8.....4.6.1...8....9....6.52...............28..4.29....5...7......3..8...45.....3.612............5......8.16....9.........9.......13.....82...7.....47......1....2.56......21.7.....8........9......35.....7.143......6......................39...62.9..53.....7.3....4...253.7.....6.8..1..8.4.....8.......6.....9..7..6..........6", false},
}

// TestSwresearchVariantKeyRead: a variant record's canonical key is read
// back wherever a variant puzzle is read: solve finds its one solution,
// canon gives the key itself (the key is the least image over the group,
// so an image's key is the same string: a Samurai key put back in the
// wrong frame cells would not be), grade and explain rate it, merge
// keeps one of two copies and stats counts it as its variant. Before,
// every one of them refused it ("puzzle has 83 characters").
func TestSwresearchVariantKeyRead(t *testing.T) {
	for _, tc := range swresearchKeys {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.key + "\n"
			if code, out, errOut := runCLI(t, in, "solve", "--count"); code != 0 || out != "1\n" {
				t.Errorf("solve --count: exit %d, %q, %s", code, out, errOut)
			}
			// Anything after the key is ignored, as after a puzzle.
			tails := tc.key + ",8.3\n" + tc.key + "\tED=8.3/1.2/1.2\n" + tc.key + ";x\n"
			if tc.name != "samurai" {
				tails += tc.key + "#note\n"
			}
			if code, out, errOut := runCLI(t, tails, "solve", "--count"); code != 0 || strings.Trim(strings.ReplaceAll(out, "1\n", ""), "\n") != "" {
				t.Errorf("solve --count of the key with a tail: exit %d, %q, %s", code, out, errOut)
			}
			if code, out, errOut := runCLI(t, in, "canon"); code != 0 || out != in {
				t.Errorf("canon: exit %d, %q, want the key itself; %s", code, out, errOut)
			}
			if code, out, errOut := runCLI(t, in+"  "+tc.key+"  # again\n", "merge", "-q", "-o", "-", "-"); code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"canonical":"`+tc.key+`"`) {
				t.Errorf("merge of two copies: exit %d, %q, %s", code, out, errOut)
			}
			variant := tc.key[:strings.IndexByte(tc.key, ':')]
			if code, out, errOut := runCLI(t, in, "stats", "-"); code != 0 || !strings.Contains(out, "variant "+variant+" ") {
				t.Errorf("stats: exit %d, %q, %s", code, out, errOut)
			}
			if !tc.grade {
				return
			}
			if code, out, errOut := runCLI(t, in, "grade"); code != 0 || !strings.Contains(out, `"kind":"variant"`) || !strings.Contains(out, `"rating":`) {
				t.Errorf("grade: exit %d, %q, %s", code, out, errOut)
			}
			if code, out, errOut := runCLI(t, "", "explain", tc.key); code != 0 || !strings.Contains(out, "on the "+variant+" board") {
				t.Errorf("explain KEY: exit %d, %q, %s", code, out, errOut)
			}
		})
	}
}

// TestSwresearchVariantKeyBad: a key that is not one gets one line
// naming the line and what was expected; a key of another variant than
// --variant says is refused, not read as that variant.
func TestSwresearchVariantKeyBad(t *testing.T) {
	x := swresearchKeys[0].key
	for _, tc := range []struct {
		in   string
		args []string
		want string
	}{
		{"x:..:" + x[2:] + "\n", []string{"solve"}, "stdin:1: canonical key of x: expected NAMES:PUZZLE"},
		{"jigsaw:" + x[2:] + "\n", []string{"canon"}, "stdin:1: "},
		{x + "\n", []string{"canon", "--variant", "windoku"}, "stdin:1: canonical key of variant x, --variant says windoku"},
		{x + "\n", []string{"grade", "--variant", "anti-knight"}, "stdin:1: canonical key of variant x, --variant says anti-knight"},
	} {
		code, _, errOut := runCLI(t, tc.in, tc.args...)
		if code != 1 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v < %q: exit %d, stderr %q, want exit 1 and one line with %q", tc.args, tc.in, code, errOut, tc.want)
		}
	}
}
