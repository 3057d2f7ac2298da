package main

import (
	"strings"
	"testing"
)

// TestVreqSmallTiers: a 4x4 variant run asking for a tier or technique
// no puzzle of its board reaches is refused up front, in one line, exit
// 2, naming the tiers reached (it spent 5.5 CPU-s and gave up); a tier
// reached, and a 4x4 jigsaw run (whose puzzles reach expert), go on.
func TestVreqSmallTiers(t *testing.T) {
	const why = "4x4 puzzle rates above SE %s: every one is solved by full houses and hidden singles (established by enumeration"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "x", "--tier", "medium"}, "--tier medium: no x " + strings.Replace(why, "%s", "1.5", 1)},
		{[]string{"--variant", "anti-knight", "--tier", "hard,expert"}, "--tier hard,expert: no anti-knight " + strings.Replace(why, "%s", "1.2", 1)},
		{[]string{"--variant", "x,disjoint-groups", "--tier", "beyond"}, "the tiers reached: easy"},
		{[]string{"--variant", "x", "--hardest", "naked-single"}, "no puzzle can be kept: hardest naked-single (SE 2.3): no x 4x4 puzzle rates above SE 1.5"},
	} {
		args := append([]string{"batch", "--size", "4", "-n", "3"}, c.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, errOut, c.want)
		}
	}
	for _, args := range [][]string{
		{"--variant", "x", "--tier", "easy,medium", "-n", "2"},
		{"--variant", "disjoint-groups", "--requires", "hidden-single", "-n", "2"},
	} {
		if code, _, errOut := runCLI(t, "", append([]string{"batch", "--size", "4", "-q"}, args...)...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
	// Jigsaw is left to run (one attempt: kept or given up).
	code, _, errOut := runCLI(t, "", "batch", "--size", "4", "--variant", "jigsaw", "--tier", "medium", "-n", "1", "--max-attempts", "1", "--seed", "1", "-q")
	if code == 2 {
		t.Errorf("jigsaw 4x4 medium: exit %d: %s", code, errOut)
	}
}
