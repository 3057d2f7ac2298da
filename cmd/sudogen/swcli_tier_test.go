package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportTierAny: --tier any means every tier on export as on batch
// (the same flag, the same meaning): `export --tier any` writes the
// corpus as it is, where before it looked for records of a tier named
// "any" and failed with "no records of tier any: nothing to export".
func TestExportTierAny(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--count", "4", "--seed", "5", "--tier", "any", "-q", "-o", corpus); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	want, err := os.ReadFile(corpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range []string{"any", "hard,any"} {
		code, out, errOut := runCLI(t, "", "export", corpus, "--tier", tier, "-o", "-")
		if code != 0 || out != string(want) {
			t.Errorf("--tier %s: exit %d, stderr %q, %d bytes out; want the %d bytes of the corpus", tier, code, errOut, len(out), len(want))
		}
	}
}

// TestUnknownTierSaid: an unknown --tier is said the same way for each
// kind: what was expected, the names listed as words ("expected any or
// one of easy, medium, ..."), not a Go slice ("want one of [any easy
// medium ...]", a slide run's words until 2026-12-07).
func TestUnknownTierSaid(t *testing.T) {
	for _, args := range [][]string{
		{"batch", "--tier", "bogus"},
		{"batch", "--variant", "x", "--tier", "bogus"},
		{"batch", "--kind", "slide", "--size", "4", "--tier", "bogus"},
	} {
		code, _, errOut := runCLI(t, "", append(args, "--count", "1", "-o", "-")...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "[") ||
			!strings.Contains(errOut, `"bogus"`) || !strings.Contains(errOut, "expected any or one of easy, medium, hard, expert, extreme") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and the tiers expected, as words", args, code, errOut)
		}
	}
}
