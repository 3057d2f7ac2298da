package generate

import (
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/sudoku"
)

// benchMinimal generates minimal puzzles of one shape and reports
// puzzles per CPU-second of the benchmark goroutine (single worker).
func benchMinimal(b *testing.B, shape sudoku.Shape) {
	g, err := New(Options{Shape: shape, Minimal: true})
	if err != nil {
		b.Fatal(err)
	}
	givens := 0
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		p, err := g.Sudoku(rngFor(1, uint64(i)))
		if err != nil {
			b.Fatal(err)
		}
		givens += p.Givens()
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(b.N)/cpu.Seconds(), "puzzles/CPU-s")
	b.ReportMetric(float64(givens)/float64(b.N), "givens")
}

func BenchmarkMinimal9(b *testing.B)  { benchMinimal(b, sudoku.Shape9) }
func BenchmarkMinimal12(b *testing.B) { benchMinimal(b, sudoku.Shape12) }
func BenchmarkMinimal16(b *testing.B) { benchMinimal(b, sudoku.Shape16) }

// BenchmarkMinimal25 makes minimal 25x25 puzzles (tens of CPU-seconds
// each: run it with -benchtime 3x).
func BenchmarkMinimal25(b *testing.B) { benchMinimal(b, sudoku.Shape25) }

// TestTimes16 measures the CPU time per minimal 16x16 puzzle (p50, p90,
// p99, max) over SUDOGEN_TIMES puzzles (default 200). Long: runs only with
// SUDOGEN_LONG=1.
func TestTimes16(t *testing.T) {
	count := longTimes(t, "16x16 time percentiles", 200)
	times := timesFor(t, Options{Shape: sudoku.Shape16, Minimal: true}, count)
	t.Logf("16x16 minimal, %d puzzles, CPU time each: p50 %v  p90 %v  p99 %v  max %v  mean %v",
		count, pct(times, 50), pct(times, 90), pct(times, 99), times[len(times)-1], mean(times))
}

// TestTimes25 measures the CPU time per minimal 25x25 puzzle (p50, max)
// over SUDOGEN_TIMES puzzles (default 5), each proven minimal, proves them
// unique and minimal again with scripts/satcheck.py (an outside SAT
// solver; skipped without one), and checks them with sudocheck.py when
// SUDOGEN_CHECK25=1 (its depth-first count does not finish on 25x25).
// Long: runs only with SUDOGEN_LONG=1.
func TestTimes25(t *testing.T) {
	count := longTimes(t, "25x25 minimal generation", 5)
	o := Options{Shape: sudoku.Shape25, Minimal: true}
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	times := make([]time.Duration, count)
	var recs []checkRecord
	for i := range times {
		start := cpuTime()
		p, err := g.Sudoku(rngFor(2, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		times[i] = cpuTime() - start
		if !p.Minimal || !p.Puzzle.SolvedBy(p.Solution) {
			t.Fatalf("puzzle %d: minimal %v, solved by its solution %v", i, p.Minimal, p.Puzzle.SolvedBy(p.Solution))
		}
		t.Logf("puzzle %d: %d givens, %v CPU", i, p.Givens(), times[i])
		recs = append(recs, recordOf(p))
	}
	slices.Sort(times)
	t.Logf("25x25 minimal, %d puzzles, CPU time each: p50 %v  max %v  mean %v", count, pct(times, 50), times[len(times)-1], mean(times))
	// scripts/satcheck.py proves them unique and minimal with an outside
	// SAT solver (minutes); sudocheck.py's depth-first count does not
	// finish on minimal 25x25 puzzles.
	if out, ok := satCheck(t, recs, true); !ok {
		t.Fatalf("satcheck.py --minimal:\n%s", out)
	} else {
		t.Logf("%s", out)
	}
	if os.Getenv("SUDOGEN_CHECK25") == "1" {
		runChecker(t, recs, true)
	}
}

// longTimes skips t unless SUDOGEN_LONG=1 and returns the number of
// puzzles to time: SUDOGEN_TIMES, or def.
func longTimes(t *testing.T, what string, def int) int {
	if os.Getenv("SUDOGEN_LONG") != "1" {
		t.Skip("set SUDOGEN_LONG=1 to measure " + what)
	}
	if n, err := strconv.Atoi(os.Getenv("SUDOGEN_TIMES")); err == nil && n > 0 {
		return n
	}
	return def
}

// timesFor returns the sorted CPU times of count puzzles made with o.
func timesFor(t testing.TB, o Options, count int) []time.Duration {
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	times := make([]time.Duration, count)
	for i := range times {
		start := cpuTime()
		if _, err := g.Sudoku(rngFor(2, uint64(i))); err != nil {
			t.Fatal(err)
		}
		times[i] = cpuTime() - start
	}
	slices.Sort(times)
	return times
}

// pct returns the p-th percentile of sorted times (nearest rank).
func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(len(sorted)-1, i-1))]
}

// mean returns the mean of ts.
func mean(ts []time.Duration) time.Duration {
	var s time.Duration
	for _, t := range ts {
		s += t
	}
	return s / time.Duration(len(ts))
}

// cpuTime returns the user+system CPU time of this process. Benchmarks
// divide by it rather than by wall time: the machine is shared, and wall
// time counts other people's work.
func cpuTime() time.Duration { return cputime.Now() }
