package sudoku

import (
	"math/rand/v2"
	"testing"
)

// benchUnique counts each puzzle of a set to 2 and reports puzzles/s (the
// benchmark runs on one goroutine, so this is per CPU-second).
func benchUnique(b *testing.B, rel string) {
	ps := loadPuzzles(b, rel)
	s := NewSolver(Shape9)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		if s.Count(ps[n%len(ps)], 2, nil) != 1 {
			b.Fatal("not unique")
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

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
			n := 0
			for b.Loop() {
				clear(g)
				if !s.Random(g, rng, g) {
					b.Fatal("no grid")
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "grids/s")
		})
	}
}
