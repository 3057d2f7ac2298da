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

// TestBatchBeyondNote: a run that keeps every tier says when more than a
// quarter of its puzzles are beyond the grader (untargeted minimal
// non-consecutive puzzles are), naming the kind's other tiers; a run
// with --tier, or with few beyond, does not.
func TestBatchBeyondNote(t *testing.T) {
	code, _, errOut := runCLI(t, "", "batch", "--variant", "non-consecutive", "--count", "1", "--seed", "1", "--workers", "1", "-o", "-")
	want := "note: 1 of 1 puzzle is tier beyond: the grader's techniques could not finish it, so it has no rating; --tier with the other tiers (--tier easy,medium,hard,expert,extreme,nightmare) makes only puzzles they solve"
	if code != 0 || !strings.Contains(errOut, want) {
		t.Errorf("non-consecutive, every tier: exit %d, stderr %q, want %q", code, errOut, want)
	}
	if code, _, errOut = runCLI(t, "", "batch", "--count", "3", "--seed", "5", "-o", "-"); code != 0 || strings.Contains(errOut, "note:") {
		t.Errorf("classic, none beyond: exit %d, stderr %q", code, errOut)
	}
	for _, c := range []struct {
		counts map[string]int64
		total  int64
		note   bool
	}{
		{map[string]int64{"beyond": 1, "hard": 3}, 4, false}, // a quarter: no note
		{map[string]int64{"beyond": 2, "hard": 5}, 7, true},
		{map[string]int64{"hard": 5}, 5, false},
	} {
		tc := &tierCounter{counts: c.counts, total: c.total, order: []string{"hard", "fiendish", "beyond"}}
		var b strings.Builder
		tc.beyondNote(&b, "beyond")
		if got := b.String(); (got != "") != c.note || c.note && !strings.Contains(got, "(--tier hard,fiendish)") {
			t.Errorf("%v of %d: note %q", c.counts, c.total, got)
		}
		b.Reset()
		tc.beyondNote(&b, "") // a kind without a beyond tier (slide)
		if b.Len() > 0 {
			t.Errorf("no beyond tier: note %q", b.String())
		}
	}
}
