package sudoku

import (
	"math/rand/v2"
	"testing"
)

// loadGrids parses every puzzle of a test data file.
func loadGrids(b *testing.B, rel string) []Grid {
	b.Helper()
	lines := readLines(b, rel)
	gs := make([]Grid, len(lines))
	for i, f := range lines {
		gs[i] = mustParse(b, f[0])
	}
	return gs
}

// benchCanon canonicalizes gs round-robin and reports puzzles per second.
func benchCanon(b *testing.B, s Shape, gs []Grid) {
	c := NewCanonicalizer(s)
	buf := make([]byte, 0, s.Cells())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = c.Append(buf[:0], gs[i%len(gs)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkCanon17Clue: target >= 200,000 puzzles per CPU-second.
func BenchmarkCanon17Clue(b *testing.B) {
	benchCanon(b, Shape9, loadGrids(b, "sudoku/17-clue.txt"))
}

// BenchmarkCanonHardest: target >= 100,000 puzzles per CPU-second.
func BenchmarkCanonHardest(b *testing.B) {
	benchCanon(b, Shape9, loadGrids(b, "sudoku/forum-hardest-11plus.txt"))
}

// BenchmarkCanonGrid9: full grids, target >= 20,000 per CPU-second.
func BenchmarkCanonGrid9(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	gs := make([]Grid, 2000)
	for i := range gs {
		gs[i] = randomGrid(Shape9, rng)
	}
	benchCanon(b, Shape9, gs)
}

// minimalPuzzle digs a random full grid of shape s to a minimal puzzle
// with a unique solution (the way the generator does).
func minimalPuzzle(s Shape, rng *rand.Rand) Grid {
	sv := NewSolver(s)
	g := NewGrid(s)
	sv.Random(g.Cells, rng, g.Cells)
	for _, i := range rng.Perm(len(g.Cells)) {
		v := g.Cells[i]
		g.Cells[i] = 0
		if sv.Count(g.Cells, 2, nil) != 1 {
			g.Cells[i] = v
		}
	}
	return g
}

// BenchmarkCanon16: generated 16x16 puzzles, target >= 100 per CPU-second.
func BenchmarkCanon16(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 2))
	gs := make([]Grid, 20)
	for i := range gs {
		gs[i] = minimalPuzzle(Shape16, rng)
	}
	benchCanon(b, Shape16, gs)
}

// BenchmarkCanon12: generated 12x12 puzzles.
func BenchmarkCanon12(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	gs := make([]Grid, 50)
	for i := range gs {
		gs[i] = minimalPuzzle(Shape12, rng)
	}
	benchCanon(b, Shape12, gs)
}
