package batch

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/sudoku"
)

// discard is a Sink that encodes nothing.
type discard struct{ n int64 }

func (d *discard) Write(*export.Record) error { d.n++; return nil }
func (d *discard) Close() error               { return nil }

// benchRun runs whole batches of per puzzles through the pipeline on
// every CPU and reports puzzles per CPU-second and per wall second (the
// ratio of the two shows how well the workers scale).
func benchRun(b *testing.B, so SudokuOptions, per int64) {
	n, cpu0, wall0 := int64(0), cputime.Now(), time.Now()
	for b.Loop() {
		st, err := Run(context.Background(), Options{Count: per, Workers: runtime.NumCPU(), Seed: uint64(n) + 1, NewMaker: SudokuMakers(so)}, &discard{})
		if err != nil {
			b.Fatal(err)
		}
		n += st.Accepted
	}
	if cpu := cputime.Now() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "puzzles/cpu-s")
	}
	b.ReportMetric(float64(n)/time.Since(wall0).Seconds(), "puzzles/s")
}

// BenchmarkBatch runs the pipeline (generate, order, sink) for minimal
// puzzles of several sizes, without grading.
func BenchmarkBatch(b *testing.B) {
	for _, c := range []struct {
		shape sudoku.Shape
		per   int64
	}{{sudoku.Shape9, 200}, {sudoku.Shape12, 20}} {
		b.Run(c.shape.String(), func(b *testing.B) {
			benchRun(b, SudokuOptions{Generate: generate.Options{Shape: c.shape}}, c.per)
		})
	}
}

// BenchmarkBatchGraded runs the 9x9 pipeline with grading, as `sudogen
// batch` does by default.
func BenchmarkBatchGraded(b *testing.B) {
	benchRun(b, SudokuOptions{Generate: generate.Options{Shape: sudoku.Shape9}, Grade: &grade.GraderOptions{}}, 100)
}
