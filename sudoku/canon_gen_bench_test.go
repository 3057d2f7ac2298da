package sudoku_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// BenchmarkCanon16Generated canonicalizes 16x16 puzzles made by our
// generator; target >= 100 per CPU-second. (An external test package, as
// generate imports sudoku.)
func BenchmarkCanon16Generated(b *testing.B) {
	gen, err := generate.New(generate.Options{Shape: sudoku.Shape16})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	gs := make([]sudoku.Grid, 20)
	for i := range gs {
		p, err := gen.Sudoku(rng)
		if err != nil {
			b.Fatal(err)
		}
		gs[i] = p.Puzzle
	}
	c := sudoku.NewCanonicalizer(sudoku.Shape16)
	buf := make([]byte, 0, 256)
	n, start := 0, sudoku.CPUTimeForBench()
	for b.Loop() {
		buf = c.Append(buf[:0], gs[n%len(gs)])
		n++
	}
	if cpu := sudoku.CPUTimeForBench() - start; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "puzzles/cpu-s")
	}
}
