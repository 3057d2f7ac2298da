package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

func TestBatchGrading(t *testing.T) {
	code, out, errOut := runCLI(t, "", "batch", "--count", "12", "--seed", "5", "--workers", "2", "--tier", "easy,medium,hard", "--verify-steps", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d records", len(lines))
	}
	for _, l := range lines {
		var r struct {
			Puzzle, Solution, Tier, Hardest string
			Rating, EP, ED                  float64
			Techniques                      map[string]int
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Tier != "easy" && r.Tier != "medium" && r.Tier != "hard" {
			t.Errorf("tier %q kept", r.Tier)
		}
		if r.Rating < 1 || r.Rating > 4.4 || r.ED < 1 || r.EP < r.ED-1e-9 || r.Hardest == "" || len(r.Techniques) == 0 {
			t.Errorf("grading fields: %s", l)
		}
		p, _ := sudoku.ParseAuto(r.Puzzle)
		s, _ := sudoku.ParseAuto(r.Solution)
		if !p.SolvedBy(s) {
			t.Errorf("solution does not solve the puzzle: %s", l)
		}
	}
	if !strings.Contains(errOut, "tiers: ") {
		t.Errorf("summary without tier distribution: %q", errOut)
	}
	// --no-grade makes records without grading fields; --tier needs grading.
	code, out, _ = runCLI(t, "", "batch", "--count", "3", "--seed", "5", "--no-grade", "-o", "-")
	if code != 0 || strings.Contains(out, `"rating"`) {
		t.Errorf("--no-grade: code %d out %q", code, out)
	}
	if code, _, _ = runCLI(t, "", "batch", "--count", "3", "--no-grade", "--tier", "hard", "-o", "-"); code != 2 {
		t.Errorf("--no-grade --tier: exit %d, want 2", code)
	}
	if code, _, _ = runCLI(t, "", "batch", "--count", "3", "--tier", "brutal", "-o", "-"); code != 2 {
		t.Errorf("--tier brutal: exit %d, want 2", code)
	}
}
