package main

import (
	"slices"
	"strings"
	"testing"
)

// TestCompletionOffersRealValues: the shell completes every flag that
// takes a fixed set with the values the command accepts, checked here
// against what the command then does with them, and offers no value it
// refuses: before, --variant, --box, --per-page and solve's --format
// offered nothing, --tier offered classic Sudoku's tiers to a killer
// run (no fiendish) and no untiered to export, and export --sort
// offered an empty value.
func TestCompletionOffersRealValues(t *testing.T) {
	cases := []struct {
		args []string
		want []string // exactly these, in this order
	}{
		{[]string{"batch", "--variant", ""}, []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot", "anti-knight", "anti-king", "non-consecutive", "jigsaw", "samurai"}},
		{[]string{"solve", "--variant", "x,anti-k"}, []string{"x,anti-knight", "x,anti-king"}},
		{[]string{"batch", "--box", ""}, []string{"2x2", "2x3", "2x4", "3x3", "3x4", "4x4", "5x5"}},
		{[]string{"export", "--per-page", ""}, []string{"1", "2", "4", "6"}},
		{[]string{"solve", "--format", ""}, []string{"text", "jsonl"}},
		{[]string{"export", "--sort", ""}, []string{"rating", "-rating", "id", "-id"}},
		{[]string{"batch", "--kind", "killer", "--tier", ""}, []string{"easy", "medium", "hard", "expert", "extreme", "fiendish", "nightmare", "beyond", "any"}},
		{[]string{"batch", "--kind", "slide", "--tier", "e"}, []string{"easy", "expert", "extreme"}},
		{[]string{"batch", "--tier", "easy,n"}, []string{"easy,nightmare"}},
		{[]string{"export", "--tier", "u"}, []string{"untiered"}},
		{[]string{"export", "--tier", "a"}, []string{"any"}},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"__complete"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				if !strings.HasPrefix(l, ":") {
					got = append(got, l)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("offered %q, want %q", got, c.want)
			}
		})
	}
}

// TestCompletedValuesAccepted: each value completion offers for a flag
// is one the command takes (exit 0 on a real run), so the lists are the
// commands' own, not a copy that drifts.
func TestCompletedValuesAccepted(t *testing.T) {
	for _, c := range []struct {
		flag string
		run  func(v string) []string
	}{
		{"--variant", func(v string) []string {
			return []string{"solve", "--variant", v}
		}},
		{"--box", func(v string) []string { return []string{"solve", "--box", v} }},
	} {
		_, out, _ := runCLI(t, "", "__complete", "batch", c.flag, "")
		for _, v := range strings.Split(strings.TrimSpace(out), "\n") {
			if strings.HasPrefix(v, ":") {
				continue
			}
			// an empty input is a usage error only for a value the
			// flag refuses; an empty corpus is exit 1
			code, _, errOut := runCLI(t, "", c.run(v)...)
			if code == 2 {
				t.Errorf("%s %s offered but refused: %s", c.flag, v, errOut)
			}
		}
	}
}
