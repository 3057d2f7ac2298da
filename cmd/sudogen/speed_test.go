package main

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// TestCommandsAtEngineSpeed (issue #15 item 13): solve --count --limit 2
// and canon, run end to end as the CLI runs them (input file, flags,
// reading, parsing, ordered output), spend at most 1/0.8 of the engine's
// CPU time per puzzle. Both sides run in this process, alternately, so
// they see the same machine and the same compiled code (two binaries lay
// the same loop out differently, which alone moves a tight loop by 10%).
// One worker, as the engine runs on one goroutine: the test measures what
// the command path costs, not how well two cores share a cache (bench.sh
// has the all-cores figures).
func TestCommandsAtEngineSpeed(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector slows the two sides differently")
	}
	if os.Getenv("SUDOGEN_LONG") == "" {
		t.Skip("a timed comparison: SUDOGEN_LONG=1 runs it (on a loaded machine its ratio drifts below the bar; scripts/bench.sh has the figures)")
	}
	// One P as well: with a second core idle, the pool's reader, worker
	// and writer goroutines hand chunks across cores, and the wake-ups and
	// cache misses of that hand-off (not the command path's work) moved
	// the measured ratio between 0.66 and 0.93 from run to run.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var lines []string
	for _, f := range testdata.Fields(t, "sudoku/17-clue.txt") {
		lines = append(lines, f[0])
	}
	var sb strings.Builder
	// Rounds of about a tenth of a CPU-second per side (the command's
	// start-up, 0.3 ms, weighs under 1%).
	const reps, rounds = 4, 21
	for range reps {
		for _, l := range lines {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	in := filepath.Join(t.TempDir(), "p.txt")
	os.WriteFile(in, []byte(sb.String()), 0o644)
	grids := make([]sudoku.Grid, len(lines))
	for i, l := range lines {
		grids[i], _ = sudoku.ParseAuto(l)
	}
	sv := sudoku.NewSolver(sudoku.Shape9)
	cz := sudoku.NewCanonicalizer(sudoku.Shape9)
	buf := make([]byte, 0, 81)
	outPath := filepath.Join(t.TempDir(), "out.txt")
	for _, c := range []struct {
		args   []string
		engine func(g sudoku.Grid)
	}{
		{[]string{"solve", "--count", "--limit", "2", "--workers", "1", in}, func(g sudoku.Grid) { sv.Count(g.Cells, 2, nil) }},
		{[]string{"canon", "--workers", "1", in}, func(g sudoku.Grid) { buf = cz.Append(buf[:0], g) }},
	} {
		engineRun := func() float64 {
			start := cputime.Now()
			for range reps {
				for _, g := range grids {
					c.engine(g)
				}
			}
			return (cputime.Now() - start).Seconds()
		}
		commandRun := func() float64 {
			// Output to a file, as a user redirects it: an in-memory
			// buffer growing to megabytes each round adds copying and
			// garbage collections of the test's own heap to the command.
			out, err := os.Create(outPath)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			var errOut strings.Builder
			start := cputime.Now()
			if code := run(context.Background(), c.args, strings.NewReader(""), out, &errOut); code != 0 {
				t.Fatalf("%v: exit %d %s", c.args, code, errOut.String())
			}
			return (cputime.Now() - start).Seconds()
		}
		// Many short rounds, engine and command alternately, and the
		// median of the rounds' ratios. The test used to take each
		// side's least CPU time of 5 rounds of half a second, and canon
		// then looked bimodal across processes (0.85-1.13, or 0.66-0.77
		// in some; the per-round figures it printed were running minima,
		// so they could not show a process recovering). The cause was
		// that estimator on a shared machine, not the command or its
		// memory layout: split by pprof labels over 20 alternations in
		// each of 10 processes, the canonical-form search costs the same
		// on both sides (within 3%) and the command adds 9-12% (parsing
		// and checking the line, reading, writing); but single rounds
		// of either side run up to 40% slow in spells lasting from a
		// tenth of a second to whole rounds, and when such spells touch
		// all 5 command rounds but spare one engine round, the least
		// times compare a slow command with a fast engine. Paired short
		// rounds cancel a spell that spans both halves of a round, and
		// the median drops the rounds a spell hit on one side only.
		ratios := make([]float64, rounds)
		for i := range ratios {
			ratios[i] = engineRun() / commandRun()
		}
		slices.Sort(ratios)
		ratio := ratios[rounds/2]
		t.Logf("%s: command/engine speed per CPU-second %.2f (median of %d rounds; lowest %.2f, highest %.2f)", c.args[0], ratio, rounds, ratios[0], ratios[rounds-1])
		if ratio < 0.8 {
			t.Errorf("%s: end to end at %.2f of the engine's speed per CPU-second (median of %d alternate rounds), want at least 0.80", c.args[0], ratio, rounds)
		}
	}
}
