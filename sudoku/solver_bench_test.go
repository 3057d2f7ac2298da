package sudoku

import (
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/testdata"
)

// cpuTime returns the process's user+system CPU time. The machine these
// benchmarks run on is shared, so wall time says little; the benchmarks
// report items per CPU-second from this instead.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// perCPUSecond reports n items over the CPU time since start as unit.
func perCPUSecond(b *testing.B, n int, start time.Duration, unit string) {
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), unit)
	}
}

// benchUnique counts each puzzle of a whole published set to 2 and reports
// puzzles/s (the benchmark runs on one goroutine, so this is per
// CPU-second).
func benchUnique(b *testing.B, rel string) {
	ps := loadPuzzleFile(b, testdata.Full(b, rel))
	s := NewSolver(Shape9)
	n, nodes, start := 0, 0, cpuTime()
	for b.Loop() {
		if s.Count(ps[n%len(ps)], 2, nil) != 1 {
			b.Fatal("not unique")
		}
		nodes += s.c9.nodes // Count without sol: the counting engine (count9.go)
		n++
	}
	perCPUSecond(b, n, start, "puzzles/cpu-s")
	b.ReportMetric(float64(nodes)/float64(n), "nodes/puzzle")
}

// nodes9 returns the branch nodes of the 9x9 engine's last uncapped call
// (its budget counts down from -1), a clock-free measure of the search.
func nodes9(s *Solver) int { return -1 - s.s9.nodesLeft }

// BenchmarkUnique17Clue: uniqueness check (count to 2) on the 17-clue set.
func BenchmarkUnique17Clue(b *testing.B) { benchUnique(b, "sudoku/17-clue.txt") }

// BenchmarkUniqueHardest: uniqueness check on forum-hardest-11plus.
func BenchmarkUniqueHardest(b *testing.B) { benchUnique(b, "sudoku/forum-hardest-11plus.txt") }

// BenchmarkUniqueTop1465: uniqueness check on top1465.
func BenchmarkUniqueTop1465(b *testing.B) { benchUnique(b, "sudoku/top1465.txt") }

// BenchmarkRandomFill makes random full grids of every shape.
func BenchmarkRandomFill(b *testing.B) {
	for _, shape := range Shapes {
		b.Run(shape.String(), func(b *testing.B) {
			s := NewSolver(shape)
			rng := rand.New(rand.NewPCG(1, 2))
			g := make([]uint8, shape.Cells())
			n, start := 0, cpuTime()
			for b.Loop() {
				clear(g)
				if !s.Random(g, rng, g) {
					b.Fatal("no grid")
				}
				n++
			}
			perCPUSecond(b, n, start, "grids/cpu-s")
		})
	}
}

// digMinimal makes one minimal puzzle the way the generator does: a random
// full grid, then each cell in random order is emptied unless a solution
// avoiding its value appears (SolveAvoiding), which would break uniqueness.
func digMinimal(s *Solver, rng *rand.Rand, full, p []uint8, order []int) {
	clear(full)
	s.Random(full, rng, full)
	copy(p, full)
	for i := range order {
		order[i] = i
	}
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	for _, c := range order {
		p[c] = 0
		if s.SolveAvoiding(p, c, full[c]) {
			p[c] = full[c]
		}
		if s.s9 != nil {
			digNodes += nodes9(s)
		}
	}
}

// digNodes counts the 9x9 removal tests' branch nodes (BenchmarkDigMinimal).
var digNodes int

// BenchmarkDigMinimal measures the solver side of minimal-puzzle generation:
// one random fill and one SolveAvoiding per cell, per puzzle. From 12x12 up
// it also reports the median and 99th percentile CPU time per puzzle.
func BenchmarkDigMinimal(b *testing.B) {
	for _, shape := range []Shape{Shape9, Shape12, Shape16} {
		b.Run(shape.String(), func(b *testing.B) {
			s := NewSolver(shape)
			rng := rand.New(rand.NewPCG(5, 6))
			full, p := make([]uint8, shape.Cells()), make([]uint8, shape.Cells())
			order := make([]int, shape.Cells())
			var each []time.Duration
			digNodes = 0
			n, start := 0, cpuTime()
			for b.Loop() {
				if shape.N() >= 12 {
					t0 := cpuTime()
					digMinimal(s, rng, full, p, order)
					each = append(each, cpuTime()-t0)
				} else {
					digMinimal(s, rng, full, p, order)
				}
				n++
			}
			perCPUSecond(b, n, start, "puzzles/cpu-s")
			if shape == Shape9 {
				b.ReportMetric(float64(digNodes)/float64(n), "test-nodes/puzzle")
			}
			if len(each) > 0 {
				slices.Sort(each)
				b.ReportMetric(float64(each[len(each)/2].Microseconds())/1000, "p50-cpu-ms")
				b.ReportMetric(float64(each[len(each)*99/100].Microseconds())/1000, "p99-cpu-ms")
			}
		})
	}
}
