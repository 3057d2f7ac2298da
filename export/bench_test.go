package export

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// bigCorpus returns n distinct 9x9 records: 100 generated puzzles, each
// relabelled by random digit permutations (a relabelled puzzle is still a
// valid puzzle with the relabelled solution).
func bigCorpus(b testing.TB, n int) []*Record {
	base := makeRecords(b, sudoku.Shape9, 100)
	rng := rand.New(rand.NewPCG(7, 7))
	out := make([]*Record, n)
	for i := range out {
		src := base[i%len(base)]
		perm := rng.Perm(9)
		relabel := func(s string) string {
			bs := []byte(s)
			for j, c := range bs {
				if c >= '1' && c <= '9' {
					bs[j] = byte('1' + perm[c-'1'])
				}
			}
			return string(bs)
		}
		r := *src
		r.ID = fmt.Sprintf("s9-%s-%07d", tierOrNone(src.Tier), i)
		r.Puzzle, r.Solution, r.Canonical = relabel(src.Puzzle), relabel(src.Solution), ""
		r.Index = int64(i)
		out[i] = &r
	}
	return out
}

// BenchmarkPDFBook10k: a 10,000-puzzle 9x9 book, 4 per page, answer key at
// the back, as one 3,000-page stream (over KDP's 828-page limit, so
// forced: a file would be split into volumes). Reports the file size.
func BenchmarkPDFBook10k(b *testing.B) {
	recs := bigCorpus(b, 10000)
	o := DefaultBookOptions()
	o.MaxPages, o.Force = 100000, true
	b.ResetTimer()
	for b.Loop() {
		var buf bytes.Buffer
		if err := WritePDF(&buf, recs, o); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(buf.Len())/1e6, "MB")
	}
}

// BenchmarkPDFBook1k is the same at 1,000 puzzles, for quick comparisons.
func BenchmarkPDFBook1k(b *testing.B) {
	recs := bigCorpus(b, 1000)
	o := DefaultBookOptions()
	for b.Loop() {
		if err := WritePDF(io.Discard, recs, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPDFVolumes10k: the same 10,000 puzzles written as files, so
// split into volumes of at most 828 pages (KDP's limit), as sudogen
// export writes them.
func BenchmarkPDFVolumes10k(b *testing.B) {
	recs := bigCorpus(b, 10000)
	o := DefaultBookOptions()
	dir := b.TempDir()
	b.ResetTimer()
	for b.Loop() {
		paths, err := WritePDFFiles(filepath.Join(dir, "book.pdf"), recs, o)
		if err != nil {
			b.Fatal(err)
		}
		if len(paths) != 4 {
			b.Fatalf("%d volumes, want 4", len(paths))
		}
	}
}
