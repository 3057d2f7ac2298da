package sudoku

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// canonLoadGrids parses every puzzle of a whole published set.
func canonLoadGrids(b *testing.B, rel string) []Grid {
	b.Helper()
	lines := testdata.FullFields(b, rel)
	gs := make([]Grid, len(lines))
	for i, f := range lines {
		gs[i] = canonMustParse(b, f[0])
	}
	return gs
}

// canonBenchCanon canonicalizes gs round-robin and reports puzzles per second.
func canonBenchCanon(b *testing.B, s Shape, gs []Grid) {
	c := NewCanonicalizer(s)
	buf := make([]byte, 0, s.Cells())
	b.ReportAllocs()
	n, start := 0, cpuTime()
	for b.Loop() {
		buf = c.Append(buf[:0], gs[n%len(gs)])
		n++
	}
	perCPUSecond(b, n, start, "puzzles/cpu-s")
}

// BenchmarkCanon17Clue: target >= 200,000 puzzles per CPU-second.
func BenchmarkCanon17Clue(b *testing.B) {
	canonBenchCanon(b, Shape9, canonLoadGrids(b, "sudoku/17-clue.txt"))
}

// BenchmarkCanonHardest: target >= 100,000 puzzles per CPU-second.
func BenchmarkCanonHardest(b *testing.B) {
	canonBenchCanon(b, Shape9, canonLoadGrids(b, "sudoku/forum-hardest-11plus.txt"))
}

// BenchmarkCanonGrid9: full grids, target >= 20,000 per CPU-second.
func BenchmarkCanonGrid9(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	gs := make([]Grid, 2000)
	for i := range gs {
		gs[i] = canonRandomGrid(Shape9, rng)
	}
	canonBenchCanon(b, Shape9, gs)
}

// BenchmarkCanon12: random 12x12 puzzles (45% of a grid's cells kept).
func BenchmarkCanon12(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	gs := make([]Grid, 50)
	for i := range gs {
		gs[i] = canonRandomPuzzle(Shape12, rng, 0.45)
	}
	canonBenchCanon(b, Shape12, gs)
}

// BenchmarkCanonNearFull25: near-full 25x25 puzzles (a random grid with
// 1 to 10 cells emptied, a pattern grid with 90% of its cells kept),
// which the dense search takes.
func BenchmarkCanonNearFull25(b *testing.B) {
	rng := rand.New(rand.NewPCG(25, 25))
	gs := make([]Grid, 20)
	for i := range gs {
		if i%2 == 0 {
			gs[i] = canonBlank(canonRandomGrid(Shape25, rng), 1+i/2, rng)
			continue
		}
		g := canonPatternGrid(Shape25)
		for j := range g.Cells {
			if rng.Float64() >= 0.9 {
				g.Cells[j] = 0
			}
		}
		gs[i] = RandomTransform(Shape25, rng).Apply(g)
	}
	canonBenchCanon(b, Shape25, gs)
}
