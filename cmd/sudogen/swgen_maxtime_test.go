package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/batch"
)

// TestSwgenNoneInTimeSaysWhy: a run that finds nothing within --max-time
// says why, as a run that gives up does: every 4x4 puzzle is solved by
// singles (tier easy in configs/tiers.yaml, 0.0-1.5), so --tier hard is
// out of reach on 4x4, and the one line says the tiers seen and what to
// change instead of only "no puzzle found (N tried)", which read as a run
// that was merely slow. Exit 1, nothing written.
func TestSwgenNoneInTimeSaysWhy(t *testing.T) {
	out := filepath.Join(t.TempDir(), "none.jsonl")
	code, stdout, errOut := runCLI(t, "", "batch", "--box", "2x2", "--tier", "hard", "--count", "1", "--seed", "1",
		"--max-attempts", "1000000000", "--max-time", "300ms", "--progress", "never", "-o", out)
	line := strings.TrimSpace(errOut)
	for _, w := range []string{"no puzzle found within --max-time 300ms (", "tiers seen: easy ", "ask for a tier seen here", "allow more time", "nothing written"} {
		if !strings.Contains(line, w) {
			t.Errorf("stderr %q lacks %q", line, w)
		}
	}
	if code != 1 || stdout != "" || strings.Contains(line, "\n") {
		t.Errorf("exit %d, stdout %q, stderr %q: want exit 1 and one line", code, stdout, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s written", out)
	}
}

// TestSwgenNoneInTimeNoAttempt: when not one attempt finished within
// --max-time (a minimal 25x25 dig takes seconds), the line says so and
// to allow more time, not "(0 tried)", which read as a run that did
// nothing. Exit 1, nothing written.
func TestSwgenNoneInTimeNoAttempt(t *testing.T) {
	out := filepath.Join(t.TempDir(), "none.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "--size", "25", "--count", "1", "--seed", "3", "--no-grade",
		"--max-time", "100ms", "--progress", "never", "-o", out)
	line := strings.TrimSpace(errOut)
	want := "sudogen: no puzzle found within --max-time 100ms: no attempt finished in that time (one attempt of these options takes longer); allow more time; nothing written"
	if code != 1 || line != want {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, errOut, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s written", out)
	}
}

// TestSwgenAskTier: a run whose drops name no tier (every puzzle rated
// above the highest kept one: grading stopped before its tier was known,
// as 16x16 --tier easy does) is told to ask for another tier, not "for a
// tier seen here" with no tier listed; with tiers seen, it is pointed at
// them. Both for a run that gave up and one that ran out of --max-time.
func TestSwgenAskTier(t *testing.T) {
	above := batch.Work{Generated: 30, Graded: 30}
	above.Dropped[batch.ReasonAbove] = 30
	below := batch.Work{Generated: 30, Graded: 30, Seen: map[string]int64{"easy": 30}}
	below.Dropped[batch.ReasonBelow] = 30
	for _, c := range []struct {
		name       string
		work       batch.Work
		want, lack string
	}{
		{"none known", above, "ask for another tier", "tiers seen"},
		{"easy seen", below, "tiers seen: easy 30 (100.0%); ask for a tier seen here", "another tier"},
	} {
		st := batch.Stats{Attempts: 30, Rejected: 30, Work: c.work}
		opts := &BatchOptions{MaxTime: time.Second, Grading: BatchGradeOptions{Tier: "hard",
			counter: &tierCounter{counts: map[string]int64{}, order: []string{"easy", "medium", "hard"}}}}
		gave := opts.giveUpError(&batch.GiveUpError{Stats: st, Count: 1, MaxAttempts: 30}, "16x16").Error()
		timed := opts.noneInTimeError(&st).Error()
		for _, msg := range []string{gave, strings.Replace(timed, "): ask", "; ask", 1)} {
			if !strings.Contains(msg, c.want) || strings.Contains(msg, c.lack) {
				t.Errorf("%s: %q: want %q and no %q", c.name, msg, c.want, c.lack)
			}
		}
	}
}
