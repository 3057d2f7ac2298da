package grade

import (
	"os"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// benchGrids returns the candidate grids of the regression library: varied
// mid-solve 9x9 states.
func benchGrids(b *testing.B) []*Grid {
	data, err := os.ReadFile(testdata.Path(b, "reglib/reglib-dev.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var out []*Grid
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, ":") {
			rc, err := ParseRegCase(strings.TrimSpace(line), i+1)
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, rc.Grid)
		}
	}
	return out
}

// BenchmarkFinderAll runs each technique's find-all over the library's 576
// grids; ns/op is per grid.
func BenchmarkFinderAll(b *testing.B) {
	grids := benchGrids(b)
	for _, id := range hodokuOrder {
		tq, _ := TechniqueByID(id)
		b.Run(id, func(b *testing.B) {
			n := 0
			for i := 0; i < b.N; i++ {
				g := grids[i%len(grids)]
				tq.Finder(ScanHoDoKu).Find(g, func(*Step) bool { n++; return true })
			}
		})
	}
}

// BenchmarkFinderFirst is BenchmarkFinderAll stopping at the first step
// (what the solving loop asks for).
func BenchmarkFinderFirst(b *testing.B) {
	grids := benchGrids(b)
	for _, id := range hodokuOrder {
		tq, _ := TechniqueByID(id)
		b.Run(id, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				tq.Finder(ScanHoDoKu).Find(grids[i%len(grids)], func(*Step) bool { return false })
			}
		})
	}
}
