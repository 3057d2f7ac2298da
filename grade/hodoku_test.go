package grade

import (
	"os"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// readPuzzles reads up to max puzzles (first field of each non-comment
// line) of a shared test file.
func readPuzzles(t testing.TB, rel string, max int) []sudoku.Grid {
	t.Helper()
	var out []sudoku.Grid
	for _, fields := range testdata.Fields(t, rel) {
		if max > 0 && len(out) >= max {
			break
		}
		p, err := sudoku.Parse(fields[0], sudoku.Shape9)
		if err != nil {
			continue // header lines of the TSV
		}
		out = append(out, p)
	}
	return out
}

// checkProfileSteps solves every puzzle with the profile, checking each
// step against the solution from the exact solver.
func checkProfileSteps(t *testing.T, p *Profile, puzzles []sudoku.Grid) (solved int) {
	t.Helper()
	e := NewEngine(p)
	for i, pz := range puzzles {
		sol, n := sudoku.Solve(pz)
		if n != 1 {
			t.Fatalf("puzzle %d: %d solutions", i+1, n)
		}
		g := NewGrid(pz)
		res, err := e.Solve(g, Options{Solution: sol.Cells})
		if err != nil {
			t.Fatalf("puzzle %d %s: %v", i+1, pz.String(), err)
		}
		if res.Solved {
			solved++
		}
	}
	return solved
}

// TestHoDoKuStepsTrue runs the HoDoKu profile over hard and random puzzles:
// no step may place a wrong digit or remove a true one, and every puzzle
// is finished.
func TestHoDoKuStepsTrue(t *testing.T) {
	nTop, nCB := 12, 300 // TestHoDoKuWholeSets runs every puzzle
	if os.Getenv("SUDOGEN_LONG") != "" {
		nTop, nCB = 0, 0
	}
	for _, set := range []struct {
		file string
		max  int
	}{{"sudoku/top1465.txt", nTop}, {"sudoku/cb-ser-dev.tsv", nCB}} {
		pz := readPuzzles(t, set.file, set.max)
		solved := checkProfileSteps(t, HoDoKuProfile(), pz)
		t.Logf("%s: %d puzzles, %d solved", set.file, len(pz), solved)
		if solved != len(pz) {
			t.Errorf("%s: %d of %d puzzles not finished (brute force ends every valid puzzle)", set.file, len(pz)-solved, len(pz))
		}
	}
}

// BenchmarkHoDoKuProfileCB rates random minimal puzzles (cb-ser-dev) with
// the HoDoKu profile; puzzles/op is the number per iteration.
func BenchmarkHoDoKuProfileCB(b *testing.B) {
	pz := readPuzzles(b, "sudoku/cb-ser-dev.tsv", 2000)
	e := NewEngine(HoDoKuProfile())
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for i := 0; i < b.N; i++ {
		for _, p := range pz {
			if _, err := e.Rate(p, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(pz)*b.N)/cpu, "puzzles/cpu-s")
	}
}

// BenchmarkHoDoKuLow rates the cb-ser-dev puzzles SE rates <= 6.9 with the
// HoDoKu profile (one op = one puzzle), like BenchmarkSELow.
func BenchmarkHoDoKuLow(b *testing.B) {
	benchRate(b, HoDoKuProfile(), serPuzzles(b, func(i int, c serCase) bool { return c.ser <= 6.9 }))
}

// TestHoDoKuDefault: a technique HoDoKu scores is "on by default" exactly
// when the HoDoKu profile has a rule for it or for the technique whose
// finder reports it; the ones HoDoKu leaves off are off.
func TestHoDoKuDefault(t *testing.T) {
	rules := map[string]bool{}
	for _, r := range HoDoKuProfile().Rules {
		rules[r.Tech] = true
	}
	for _, tc := range Techniques() {
		if tc.HoDoKuScore == 0 {
			continue
		}
		maker := tc.ID
		if tc.MadeBy != "" {
			maker = tc.MadeBy
		}
		if got := HoDoKuDefault(tc.ID); got != rules[maker] {
			t.Errorf("%s: HoDoKuDefault %v, the profile has a rule for %s: %v", tc.ID, got, maker, rules[maker])
		}
	}
	for _, id := range []string{"death-blossom", "kraken-fish-1", "finned-mutant-x-wing"} {
		if HoDoKuDefault(id) {
			t.Errorf("%s: HoDoKu leaves it off by default", id)
		}
	}
	for _, id := range []string{"x-wing", "forcing-net-verity", "brute-force"} {
		if !HoDoKuDefault(id) {
			t.Errorf("%s: HoDoKu uses it by default", id)
		}
	}
}
