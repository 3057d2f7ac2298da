package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/killer"
)

// TestExplainKiller: explain takes a killer in its text forms and prints
// the killer ladder's steps, the rating and the tier; --next prints one
// step; a killer with two solutions is refused.
func TestExplainKiller(t *testing.T) {
	p, _, _, err := killer.Generate(rand.New(rand.NewPCG(4, 4)), killer.Options{Tier: "medium", CageMin: 2, CageMax: 4})
	if err != nil {
		t.Fatal(err)
	}
	r := killer.Grade(p)
	bd, err := killer.FormatSudokuWiki(p)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("killer rating %.1f, tier %s.", r.Rating, r.Tier)
	for _, text := range []string{killer.FormatLine(p), "bd=" + bd} {
		code, out, errOut := runCLI(t, "", "explain", text)
		if code != 0 {
			t.Fatalf("explain %s: exit %d: %s", text, code, errOut)
		}
		if !strings.Contains(out, fmt.Sprintf("Solved in %d steps", len(r.Steps))) || !strings.Contains(out, want) || !strings.Contains(out, "1. Cage combinations: cage ") {
			t.Fatalf("explain %s:\n%s\nwant %d steps and %q", text, out, len(r.Steps), want)
		}
		code, out, _ = runCLI(t, "", "explain", "--next", text)
		if code != 0 || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, r.Steps[0].Text) {
			t.Fatalf("explain --next: exit %d: %q, want the first step %q", code, out, r.Steps[0].Text)
		}
	}
	if code, _, errOut := runCLI(t, "", "explain", "aabb aabb ccdd ccdd a=10,b=10,c=10,d=10"); code != 1 || !strings.Contains(errOut, "more than one solution") {
		t.Fatalf("a killer with many solutions: exit %d: %s", code, errOut)
	}
}
