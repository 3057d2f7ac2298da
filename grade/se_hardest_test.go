package grade

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSEHardest rates forum-hardest-1106.txt (375 of the hardest known
// puzzles, SE 10-11.9) with the SE profile in given form, every step
// checked against the solution: every puzzle must be rated. It logs the
// rating distribution and the CPU time per puzzle (median, p90, max; the
// process's user+system clock around each rating), the figures
// docs/grading.md reports. Several CPU-minutes: SUDOGEN_LONG=1 only;
// SUDOGEN_STRIDE=k rates every k-th puzzle; SUDOGEN_HARDEST_OUT=FILE writes
// a line per puzzle (line number, rating, hardest step, CPU-s) to compare
// two builds.
func TestSEHardest(t *testing.T) {
	if os.Getenv("SUDOGEN_LONG") == "" {
		t.Skip("SUDOGEN_LONG=1: about 15 CPU-minutes")
	}
	stride := 1
	if s := os.Getenv("SUDOGEN_STRIDE"); s != "" {
		stride, _ = strconv.Atoi(s)
		stride = max(stride, 1)
	}
	ps := readPuzzles(t, "sudoku/forum-hardest-1106.txt", 0)
	e := NewEngine(SEProfile())
	var out *os.File
	if f := os.Getenv("SUDOGEN_HARDEST_OUT"); f != "" {
		var err error
		if out, err = os.Create(f); err != nil {
			t.Fatal(err)
		}
		defer out.Close()
	}
	var times []float64
	ratings := map[float64]int{}
	hardest := map[string]int{}
	for i := 0; i < len(ps); i += stride {
		p := ps[i]
		sol, n := sudoku.Solve(p)
		if n != 1 {
			t.Fatalf("puzzle %d: %d solutions", i+1, n)
		}
		t0 := cputime.Now()
		res, err := e.Rate(p, Options{Solution: sol.Cells})
		dt := (cputime.Now() - t0).Seconds()
		if err != nil {
			t.Fatalf("puzzle %d %s: %v", i+1, p, err)
		}
		if !res.Solved {
			t.Errorf("puzzle %d %s: not rated (%s)", i+1, p, res.Hardest)
			continue
		}
		times = append(times, dt)
		if out != nil {
			fmt.Fprintf(out, "%d\t%.1f\t%s\t%.3f\n", i+1, res.Rating(), res.Hardest, dt)
		}
		ratings[res.Rating()]++
		hardest[res.Hardest]++
	}
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	n := len(times)
	var sum float64
	for _, x := range times {
		sum += x
	}
	var rs []string
	for _, r := range slices.Sorted(maps.Keys(ratings)) {
		rs = append(rs, fmt.Sprintf("%.1f:%d", r, ratings[r]))
	}
	t.Logf("%d puzzles rated; ratings %s", n, strings.Join(rs, " "))
	t.Logf("hardest steps %v", hardest)
	t.Logf("CPU-s per puzzle: median %.2f, p90 %.2f, max %.2f, total %.0f", times[n/2], times[n*9/10], times[n-1], sum)
}
