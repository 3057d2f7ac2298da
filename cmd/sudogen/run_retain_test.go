package main

import (
	"runtime"
	"testing"
)

// TestRunsRetainNothing: a command run in process leaves nothing of its
// command tree behind. cobra keeps every flag given a completion function
// in a map for the life of the process, so registering completions on
// every run kept each run's flags and what they reach (about 90 KB a
// run, 175 KB a batch run; the package's test process grew to a live
// heap of about 180 MB, its collector the busier for it); they are
// registered only for a shell's completion request now.
func TestRunsRetainNothing(t *testing.T) {
	live := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	runCLI(t, "", "version") // once-only state (templates, tables) first
	before := live()
	const runs = 40
	for range runs {
		if code, _, e := runCLI(t, "", "version"); code != 0 {
			t.Fatalf("version: exit %d: %s", code, e)
		}
	}
	after := live()
	if grown := int64(after) - int64(before); grown > 1<<20 {
		t.Errorf("%d runs left %.1f MB more live heap (%.0f KB a run), want about none", runs, float64(grown)/(1<<20), float64(grown)/1024/runs)
	}
}
