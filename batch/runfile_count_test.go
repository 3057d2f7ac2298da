package batch

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
)

// TestResumeFailedCounts: a failed resumed run's message counts the
// records still safe as the rest of the CLI counts (numfmt.Count: "1
// record is", "12,345 records are"). Until 2026-12-07 it printed them
// with %d: "1 records are still safe", "12345 records".
func TestResumeFailedCounts(t *testing.T) {
	for _, c := range []struct {
		n           int64
		safe, again string
	}{
		{1, "the interrupted run's 1 record is still safe in run.jsonl.tmp;", "writes its 1 record again"},
		{2, "the interrupted run's 2 records are still safe in run.jsonl.tmp;", "writes its 2 records again"},
		{12345, "the interrupted run's 12,345 records are still safe in run.jsonl.tmp;", "writes its 12,345 records again"},
	} {
		r := &Resume{Command: "sudogen batch --resume", from: Partial{Path: "run.jsonl.tmp", Records: c.n}, partial: &PartialReader{}}
		msg := r.failed(fmt.Errorf("write: %w", syscall.ENOSPC), false).Error()
		if !strings.Contains(msg, c.safe) || !strings.Contains(msg, c.again) {
			t.Errorf("%d records: %q; want %q and %q", c.n, msg, c.safe, c.again)
		}
		if msg := r.failed(errors.New("boom"), false).Error(); !strings.Contains(msg, c.safe) {
			t.Errorf("%d records: %q; want %q", c.n, msg, c.safe)
		}
	}
}
