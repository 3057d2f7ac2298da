package main

import (
	"strings"
	"testing"
)

// TestFlagValueCompletion: flags of a fixed set of values complete to
// those values in the shell (cobra's __complete protocol), comma lists
// after the last comma.
func TestFlagValueCompletion(t *testing.T) {
	cases := []struct {
		args []string
		want []string // each must be offered
		not  []string // none of these
	}{
		{[]string{"batch", "--tier", ""}, []string{"easy", "nightmare", "any"}, nil},
		{[]string{"batch", "--tier", "ex"}, []string{"expert", "extreme"}, []string{"easy"}},
		{[]string{"batch", "--format", "jsonl,p"}, []string{"jsonl,pdf"}, []string{"pdf"}},
		{[]string{"export", "--page", ""}, []string{"a4", "letter", "6x9"}, nil},
		{[]string{"export", "--preset", ""}, []string{"kdp-8.5x11", "large-print"}, nil},
		{[]string{"batch", "--kind", ""}, []string{"sudoku", "slide"}, nil},
		{[]string{"grade", "--format", ""}, []string{"jsonl", "csv", "se"}, nil},
		{[]string{"batch", "--requires", "swordfish,x-w"}, []string{"swordfish,x-wing"}, nil},
		// the ids the run accepts: the --profile's path, a variant's board
		{[]string{"batch", "--requires", "sky"}, nil, []string{"skyscraper"}},
		{[]string{"batch", "--profile", "hodoku", "--requires", "sky"}, []string{"skyscraper"}, nil},
		{[]string{"batch", "--variant", "jigsaw", "--hardest", ""}, []string{"x-wing", "swordfish"}, []string{"unique-rectangle", "direct-pointing", "skyscraper"}},
		{[]string{"batch", "--variant", "non-consecutive", "--hardest", "lo"}, []string{"locked-nc"}, nil},
		{[]string{"batch", "--variant", "x", "--hardest", "lo"}, nil, []string{"locked-nc"}},
		{[]string{"techniques", "x-"}, []string{"x-wing", "x-cycle"}, []string{"swordfish"}},
		{[]string{"techniques", "cage-"}, []string{"cage-combination"}, nil},
		{[]string{"batch", "--lang", ""}, []string{"de", "ja"}, nil},
		{[]string{"merge", "--progress", ""}, []string{"auto", "never"}, nil},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"__complete"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := map[string]bool{}
			for _, l := range strings.Split(out, "\n") {
				got[l] = true
			}
			for _, w := range c.want {
				if !got[w] {
					t.Errorf("completion lacks %q; got %q", w, out)
				}
			}
			for _, n := range c.not {
				if got[n] {
					t.Errorf("completion offers %q; got %q", n, out)
				}
			}
		})
	}
}
