package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/batch"
)

// TestEarlyAdvice: a run with advice of its own says it once, after
// adviceAfter with attempts made and none kept (by this session: resumed
// records do not count), and calls the progress hook it wraps every time;
// a run without advice keeps its hook as it is.
func TestEarlyAdvice(t *testing.T) {
	const advice = "--minimal=false (why)"
	for _, tc := range []struct {
		name  string
		stats []batch.Stats
		say   int // index of the call that says it, -1: none
	}{
		{"says once when a minute passed with nothing kept", []batch.Stats{
			{Attempts: 3, Elapsed: 10 * time.Second},
			{Attempts: 40, Elapsed: adviceAfter},
			{Attempts: 41, Elapsed: adviceAfter + time.Second},
		}, 1},
		{"kept a puzzle: nothing said", []batch.Stats{
			{Attempts: 40, Accepted: 1, Elapsed: 2 * adviceAfter},
		}, -1},
		{"resumed records are not kept by this run", []batch.Stats{
			{Attempts: 40, Accepted: 5, Resumed: 5, Elapsed: 2 * adviceAfter},
		}, 0},
		{"too early", []batch.Stats{
			{Attempts: 400, Elapsed: adviceAfter - time.Second},
		}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			calls := 0
			hook := earlyAdvice(&w, func(*batch.Stats) { calls++ }, advice)
			for i := range tc.stats {
				before := w.Len()
				hook(&tc.stats[i])
				said := w.Len() > before
				if said != (i == tc.say) {
					t.Errorf("call %d: said %v (%q), want %v", i, said, w.String(), i == tc.say)
				}
			}
			if calls != len(tc.stats) {
				t.Errorf("the wrapped hook ran %d times of %d", calls, len(tc.stats))
			}
			if tc.say >= 0 && (!strings.Contains(w.String(), advice) || strings.Count(w.String(), "\n") != 2) {
				t.Errorf("said %q: want one line naming %q", w.String(), advice)
			}
		})
	}
	if earlyAdvice(&bytes.Buffer{}, nil, "") != nil {
		t.Error("a run without advice got a hook")
	}
	// without a progress bar: the line alone
	var w bytes.Buffer
	earlyAdvice(&w, nil, advice)(&batch.Stats{Attempts: 9, Elapsed: adviceAfter})
	if got := w.String(); !strings.HasPrefix(got, "sudogen: no puzzle kept in 1m0s (9 tried)") || strings.Count(got, "\n") != 1 {
		t.Errorf("without a bar: said %q", got)
	}
}
