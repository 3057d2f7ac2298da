package slide

import (
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/cputime"
)

// BenchmarkBuildPDB6 builds one 6-tile pattern database of the 4x4 board
// (5,765,760 entries) from scratch.
func BenchmarkBuildPDB6(b *testing.B) {
	defer reportCPU(b, cputime.Now())
	for i := 0; i < b.N; i++ {
		if _, err := BuildPDB(4, partition4[0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTable3 builds the 3x3 breadth-first table.
func BenchmarkTable3(b *testing.B) {
	defer reportCPU(b, cputime.Now())
	for i := 0; i < b.N; i++ {
		buildTable3()
	}
}

// BenchmarkSolve4Korf solves the first ten of Korf's 100 boards on one
// goroutine (tables from the cache); ns/op is per ten boards.
func BenchmarkSolve4Korf(b *testing.B) {
	in := loadInstances(b, "korf100.txt")[:10]
	s, err := NewSolver(4, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Prepare(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	c0 := cputime.Now()
	var nodes int64
	for i := 0; i < b.N; i++ {
		for _, x := range in {
			r, err := s.Solve(x.board)
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	cpu := cputime.Now() - c0
	b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// BenchmarkSolve3 solves 3x3 boards from the exact table.
func BenchmarkSolve3(b *testing.B) {
	s, _ := NewSolver(3, Options{})
	_ = s.Prepare()
	bd, _, _ := Parse("8 6 7 2 5 4 3 0 1", 3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Solve(bd); err != nil {
			b.Fatal(err)
		}
	}
}

// reportCPU adds the process CPU time per op since c0 (the machine may be
// shared, so wall time alone says little).
func reportCPU(b *testing.B, c0 time.Duration) {
	b.ReportMetric(float64((cputime.Now()-c0).Milliseconds())/float64(b.N), "cpu-ms/op")
}
