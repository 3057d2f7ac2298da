package sudoku

import (
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// BenchmarkCount9 counts the puzzles of a published set to 2 with the
// counting engine (what Count without sol runs) and with solver9 (what it
// ran before), in one process, so the two are measured in the same
// sitting; both report puzzles per CPU-second and branch nodes per puzzle
// (the same tree: the nodes must agree).
func BenchmarkCount9(b *testing.B) {
	for _, set := range []struct{ name, rel string }{
		{"17clue", "sudoku/17-clue.txt"},
		{"hardest", "sudoku/forum-hardest-11plus.txt"},
	} {
		ps := loadPuzzleFile(b, testdata.Full(b, set.rel))
		b.Run(set.name+"/counter9", func(b *testing.B) {
			c := newCounter9()
			n, nodes, start := 0, 0, cpuTime()
			for b.Loop() {
				if c.count(ps[n%len(ps)], 2) != 1 {
					b.Fatal("not unique")
				}
				nodes += c.nodes
				n++
			}
			perCPUSecond(b, n, start, "puzzles/cpu-s")
			b.ReportMetric(float64(nodes)/float64(n), "nodes/puzzle")
		})
		b.Run(set.name+"/solver9", func(b *testing.B) {
			s := NewSolver(Shape9)
			n, nodes, start := 0, 0, cpuTime()
			for b.Loop() {
				if s.run(ps[n%len(ps)], 2, nil, nil, -1, 0, -1) != 1 {
					b.Fatal("not unique")
				}
				nodes += nodes9(s)
				n++
			}
			perCPUSecond(b, n, start, "puzzles/cpu-s")
			b.ReportMetric(float64(nodes)/float64(n), "nodes/puzzle")
		})
	}
}
