package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchMakeErrorWritesNothing: a run whose generator cannot meet the
// options at some puzzle (--givens 21: no dig of puzzle 1 of seed 1
// reaches 21 givens in its attempts) fails the same way at the same
// puzzle every time, resumed or not. It leaves nothing (no output, no
// temporary file, no run file) and says to change the options, instead
// of keeping the records made and offering --resume, which failed again
// at once (found by the swgen sweep).
func TestBatchMakeErrorWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "g21.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "--givens", "21", "--count", "40", "--seed", "1", "--no-grade", "-q", "--progress", "never", "-o", out)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	if !strings.Contains(errOut, "puzzle 1: no 9x9 puzzle with givens 21-21") || !strings.Contains(errOut, "nothing written (the same options and --seed fail the same way at this puzzle every time: change them)") || strings.Contains(errOut, "--resume") {
		t.Errorf("stderr %q: want puzzle 1's error, nothing written, change the options, no --resume", errOut)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("the failed run left %v", names)
	}
}

// TestTierDistributionSmallShare: a tier with a share that rounds to
// 0.0% is shown as "<0.1%" (4 of 10,177 read "medium 4 (0.0%)", as if
// none; found by the swgen sweep); other shares keep one decimal.
func TestTierDistributionSmallShare(t *testing.T) {
	tc := &tierCounter{counts: map[string]int64{"easy": 10173, "medium": 4}, total: 10177, order: []string{"easy", "medium"}}
	if got, want := tc.distribution(), "easy 10,173 (100.0%), medium 4 (<0.1%)"; got != want {
		t.Errorf("distribution %q, want %q", got, want)
	}
}
