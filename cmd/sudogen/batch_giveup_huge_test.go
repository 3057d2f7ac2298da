package main

import (
	"math"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/batch"
)

// TestGiveUpAdviceWithinFlag: the advice of a run that gave up names a
// --max-attempts the flag takes (up to 2^63-1); for a count near the
// flag's own limit, where the rate seen needs more than that, it says to
// ask for fewer instead of naming 226804230414461698048.
func TestGiveUpAdviceWithinFlag(t *testing.T) {
	for _, c := range []struct {
		count int64
		want  string
	}{
		{1000, "about --max-attempts 16129 at the rate seen"},
		{math.MaxInt64, "ask for fewer (at the rate seen no --max-attempts reaches this count)"},
	} {
		opts := &BatchOptions{}
		gu := &batch.GiveUpError{Stats: batch.Stats{Attempts: 1000, Accepted: 93}, Count: c.count, MaxAttempts: math.MaxInt64, Early: true}
		msg := opts.giveUpError(gu, "9x9").Error()
		if !strings.Contains(msg, c.want) || strings.Contains(msg, "e+") && c.count != math.MaxInt64 {
			t.Errorf("count %d: %q, want %q", c.count, msg, c.want)
		}
		if c.count == math.MaxInt64 && strings.Contains(msg, "--max-attempts 2") {
			t.Errorf("count %d: %q names a --max-attempts the flag cannot take", c.count, msg)
		}
	}
}
