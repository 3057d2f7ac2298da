package batch

import (
	"bytes"
	"context"
	"io"
	"os"
	"testing"
)

// BenchmarkMerge merges the JSONL file named by SUDOGEN_MERGE_BENCH (a
// batch run's output) into io.Discard and reports records per second.
func BenchmarkMerge(b *testing.B) {
	name := os.Getenv("SUDOGEN_MERGE_BENCH")
	if name == "" {
		b.Skip("set SUDOGEN_MERGE_BENCH to a JSONL corpus")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	n := bytes.Count(data, []byte{'\n'})
	for b.Loop() {
		_, err := Merge(context.Background(), MergeOptions{Memory: 64 << 20, TempDir: b.TempDir()},
			[]MergeInput{{Name: name, R: bytes.NewReader(data), Size: int64(len(data))}}, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "records/s")
}
