package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestExplainPairRuleLinesUnnumbered: on a non-consecutive board the
// pair rule's eliminations between steps are no steps: they go
// unnumbered, so the last number is the summary's step count (the
// numbering ran to 121 beside "Solved in 99 steps"), and --next gives
// the first rated step after them (it gave only the pair rule's line).
func TestExplainPairRuleLinesUnnumbered(t *testing.T) {
	const p = "..5.........4.....1...3.9.......8...7.........3.27..6............................"
	code, out, errOut := runCLI(t, "", "explain", "--variant", "non-consecutive", p)
	if code != 0 {
		t.Fatalf("explain: exit %d: %s", code, errOut)
	}
	numbered := regexp.MustCompile(`(?m)^ *(\d+)\. `).FindAllStringSubmatch(out, -1)
	m := regexp.MustCompile(`Solved in (\d+) steps`).FindStringSubmatch(out)
	if m == nil || len(numbered) == 0 {
		t.Fatalf("no steps or no summary:\n%s", out)
	}
	for i, n := range numbered {
		if n[1] != fmt.Sprint(i+1) {
			t.Fatalf("step %d numbered %s", i+1, n[1])
		}
	}
	if last := numbered[len(numbered)-1][1]; last != m[1] {
		t.Errorf("the last step is numbered %s, the summary says %s steps", last, m[1])
	}
	if n := strings.Count(out, "non-consecutive: remove"); n == 0 || regexp.MustCompile(`(?m)^ *\d+\. non-consecutive`).MatchString(out) {
		t.Errorf("%d pair-rule lines, want some, none numbered:\n%.600s", n, out)
	}
	code, out, errOut = runCLI(t, "", "explain", "--next", "--variant", "non-consecutive", p)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "non-consecutive: remove") || !strings.Contains(lines[1], "[2.4]") {
		t.Errorf("explain --next: exit %d (%s), %q; want the pair rule's line, then the first rated step", code, errOut, lines)
	}
}
