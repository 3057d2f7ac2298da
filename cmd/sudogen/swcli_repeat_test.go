package main

import (
	"strings"
	"testing"
)

// TestRepeatedListFlags: a comma-list flag given twice (--tier easy --tier
// medium) is refused, saying to list both in one, where the second
// silently replaced the first (medium only) while --variant and --exclude
// add up when repeated. The same value twice is harmless; a flag of one
// value (export --format) keeps the last, as most tools do; and shell
// completion, which parses the line twice, still completes after one.
func TestRepeatedListFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "--tier", "easy", "--tier", "medium"}, `sudogen: invalid argument "medium" for "--tier" flag: --tier given twice (first "easy"): give one --tier with the list, comma-separated (--tier easy,medium)`},
		{[]string{"batch", "--format", "pdf", "--format=xlsx"}, `--format given twice (first "pdf"): give one --format with the list, comma-separated (--format pdf,xlsx)`},
		{[]string{"batch", "--requires", "x-wing", "--requires", "swordfish"}, `(--requires x-wing,swordfish)`},
		{[]string{"export", "c.jsonl", "--tier", "hard", "--tier", "expert", "-o", "x.jsonl"}, `(--tier hard,expert)`},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
	code, out, errOut := runCLI(t, "", "batch", "--count", "1", "--seed", "1", "--tier", "any", "--tier", "any", "-q")
	if code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("--tier any twice: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "export", "nothere.jsonl", "--format", "pdf", "--format", "jsonl", "-o", "-")
	if code != 1 || !strings.Contains(errOut, "nothere.jsonl") {
		t.Errorf("export --format twice: exit %d, stderr %q; want the last taken (jsonl to stdout) and the missing input said", code, errOut)
	}
	_, out, _ = runCLI(t, "", "__complete", "batch", "--tier", "easy", "--format", "")
	if !strings.Contains(out, "\npdf\n") {
		t.Errorf("completion after --tier easy: %q", out)
	}
}
