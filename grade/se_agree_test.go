package grade

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

type serCase struct {
	line     int
	puzzle   string
	ser, noU float64
}

func loadSER(t testing.TB) []serCase {
	f, err := os.Open(testdata.Path(t, "sudoku/cb-ser-dev.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []serCase
	sc := bufio.NewScanner(f)
	ln := 0
	for sc.Scan() {
		ln++
		s := sc.Text()
		if s == "" || s[0] == '#' {
			continue
		}
		fs := strings.Split(s, "\t")
		if len(fs) < 3 {
			t.Fatalf("cb-ser-dev.tsv:%d: want 3 columns", ln)
		}
		a, err1 := strconv.ParseFloat(fs[1], 64)
		b, err2 := strconv.ParseFloat(fs[2], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("cb-ser-dev.tsv:%d: bad rating", ln)
		}
		out = append(out, serCase{ln, fs[0], a, b})
	}
	return out
}

// seBandNames are the SE bands of the confusion table (GRADING.md tiers).
var seBandNames = []string{"<=1.5", "1.6-2.8", "2.9-4.4", "4.5-6.9", "7.0-8.9", ">=9.0", "beyond"}

func seBand(er float64) int {
	switch {
	case er >= Beyond:
		return 6
	case er <= 1.5:
		return 0
	case er <= 2.8:
		return 1
	case er <= 4.4:
		return 2
	case er <= 6.9:
		return 3
	case er <= 8.9:
		return 4
	}
	return 5
}

// TestSEAgreement rates cb-ser-dev puzzles with the SE profile (every step
// checked against the solution) and asserts the agreement docs/grading.md
// reports. Default: every 10th puzzle SE rates <= 6.9 and every 50th of
// the others (those are slower: chains and forcing chains); with
// SUDOGEN_LONG=1 all 20,000.
func TestSEAgreement(t *testing.T) {
	cases := loadSER(t)
	stride, highStride := 10, 50
	if os.Getenv("SUDOGEN_LONG") != "" {
		stride, highStride = 1, 1
	}
	noU := os.Getenv("SUDOGEN_NOU") != ""
	// SUDOGEN_CANON=1 grades each puzzle's canonical isomorph (what the
	// Grader does by default) instead of the given form.
	var cz *sudoku.Canonicalizer
	if os.Getenv("SUDOGEN_CANON") != "" {
		cz = sudoku.NewCanonicalizer(sudoku.Shape9)
	}
	e := NewEngine(SEProfile())
	// per side (0: SE <= 6.9, 1: SE >= 7.0): puzzles, exact, within 0.3
	var total, exact, near [2]int
	var beyond, highBad int
	var conf [7][7]int
	var misses []string
	for i := 0; i < len(cases); i++ {
		c := cases[i]
		if (c.ser <= 6.9 && i%stride != 0) || (c.ser > 6.9 && i%highStride != 0) {
			continue
		}
		p, err := sudoku.ParseAuto(c.puzzle)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		if cz != nil {
			p, _ = cz.Canonical(p)
		}
		sol, n := sudoku.Solve(p)
		if n != 1 {
			t.Fatalf("line %d: %d solutions", c.line, n)
		}
		want := c.ser
		if noU {
			want = c.noU
		}
		res, err := e.Rate(p, Options{Solution: sol.Cells, NoUniqueness: noU})
		if err != nil {
			t.Fatalf("line %d %s: %v", c.line, c.puzzle, err)
		}
		got := res.Rating()
		conf[seBand(want)][seBand(got)]++
		side := 0
		if want >= 7.0 {
			side = 1
		}
		total[side]++
		if !res.Solved {
			beyond++
		}
		switch {
		case math.Abs(got-want) < 0.05:
			exact[side]++
		case len(misses) < 40:
			misses = append(misses, fmt.Sprintf("line %d %s SE %.1f got %.1f (%s)", c.line, c.puzzle, want, got, res.Hardest))
		}
		if math.Abs(got-want) < 0.3+1e-9 {
			near[side]++
		}
		if want >= 7.0 && got < 7.0 {
			highBad++
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "confusion (rows SE band, columns ours):\n%-9s", "")
	for _, b := range seBandNames {
		fmt.Fprintf(&sb, "%9s", b)
	}
	sb.WriteByte('\n')
	for i, row := range conf[:6] {
		fmt.Fprintf(&sb, "%-9s", seBandNames[i])
		for _, v := range row {
			fmt.Fprintf(&sb, "%9d", v)
		}
		sb.WriteByte('\n')
	}
	t.Log(sb.String())
	for _, m := range misses {
		t.Log(m)
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	for side, name := range [2]string{"SE <= 6.9", "SE >= 7.0"} {
		t.Logf("%s: %d puzzles, exact %d (%.2f%%), within 0.3 %d (%.2f%%)", name, total[side], exact[side], pct(exact[side], total[side]), near[side], pct(near[side], total[side]))
	}
	t.Logf("beyond: %d; SE >= 7.0 rated below 7.0: %d", beyond, highBad)
	// The given form reproduces SE's path exactly (docs/grading.md): every
	// puzzle is rated, each exactly as SE rates it. The canonical isomorph
	// is another puzzle to SE (its ER is not isomorph-invariant,
	// SE-RULES.md 6.3): on all of cb-ser-dev 2 of 13,749 SE <= 6.9
	// isomorphs and 69 of 6,251 SE >= 7.0 ones (1.1%, mostly multiple
	// forcing chains 0.1 apart) take another path there, 3 of those by
	// more than 0.3 and 2 to below 7.0; allow 0.1% and 1.2% exact misses,
	// 0.1% beyond 0.3, 0.1% below 7.0 (rounded up, for samples).
	var allowed, allowedFar [2]int
	if cz != nil {
		allowed = [2]int{(total[0] + 999) / 1000, (total[1]*12 + 999) / 1000}
		allowedFar = [2]int{(total[0] + 999) / 1000, (total[1] + 999) / 1000}
	}
	if beyond > 0 || total[0]-exact[0] > allowed[0] || total[1]-exact[1] > allowed[1] ||
		total[0]-near[0] > allowedFar[0] || total[1]-near[1] > allowedFar[1] || highBad > allowedFar[1] {
		t.Errorf("agreement below the documented level: SE <= 6.9 %d of %d exact, %d within 0.3; SE >= 7.0 %d of %d exact, %d within 0.3 (allowed misses %v, beyond 0.3 %v); beyond %d; SE >= 7.0 below 7.0: %d",
			exact[0], total[0], near[0], exact[1], total[1], near[1], allowed, allowedFar, beyond, highBad)
	}
}

// BenchmarkSELow grades cb-ser-dev puzzles that SE rates <= 6.9 (one op =
// one puzzle).
func BenchmarkSELow(b *testing.B) {
	benchRate(b, SEProfile(), serPuzzles(b, func(i int, c serCase) bool { return c.ser <= 6.9 }))
}

// serPuzzles returns the cb-ser-dev puzzles for which keep (given the case
// and its index) is true.
func serPuzzles(b *testing.B, keep func(i int, c serCase) bool) []sudoku.Grid {
	var ps []sudoku.Grid
	for i, c := range loadSER(b) {
		if keep(i, c) {
			p, _ := sudoku.ParseAuto(c.puzzle)
			ps = append(ps, p)
		}
	}
	return ps
}

// benchRate rates ps in turn with the profile (one op = one puzzle) and
// reports puzzles per CPU-second.
func benchRate(b *testing.B, prof *Profile, ps []sudoku.Grid) {
	e := NewEngine(prof)
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for i := 0; i < b.N; i++ {
		if _, err := e.Rate(ps[i%len(ps)], Options{}); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu, "puzzles/cpu-s")
	}
}

// cpuSeconds is the process's user+system CPU time (the machine is shared,
// so wall time per op says little).
func cpuSeconds() float64 {
	return cputime.Now().Seconds()
}

// BenchmarkGraderLow is BenchmarkSELow through the Grader: canonical
// isomorph (minlex), SE and HoDoKu profiles, tier; the solution is known
// (as in batch workers).
func BenchmarkGraderLow(b *testing.B) {
	type ps struct{ p, sol sudoku.Grid }
	var cases []ps
	for _, c := range loadSER(b) {
		if c.ser <= 6.9 {
			p, _ := sudoku.ParseAuto(c.puzzle)
			sol, _ := sudoku.Solve(p)
			cases = append(cases, ps{p, sol})
		}
	}
	for _, name := range []string{"se-canonical", "se-given"} {
		b.Run(name, func(b *testing.B) {
			g, _ := NewGrader(GraderOptions{GivenForm: name == "se-given"})
			g.hod = nil // SE only: the HoDoKu profile is benchmarked by its owner
			cpu0 := cpuSeconds()
			for i := 0; i < b.N; i++ {
				c := &cases[i%len(cases)]
				if _, err := g.GradeSolved(c.p, c.sol); err != nil {
					b.Fatal(err)
				}
			}
			if cpu := cpuSeconds() - cpu0; cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu, "puzzles/cpu-s")
			}
		})
	}
}

// BenchmarkSEHigh grades every 10th cb-ser-dev puzzle SE rates >= 7.0
// (chains at every late step; many end "beyond" after a full failed
// producer-21 search).
func BenchmarkSEHigh(b *testing.B) {
	benchRate(b, SEProfile(), serPuzzles(b, func(i int, c serCase) bool { return c.ser >= 7.0 && i%10 == 0 }))
}

// BenchmarkGraderSE7 is the `sudogen grade --workers 1` row of issue 26
// (scripts/bench.sh --anchors "SE 7"): the first 200 cb-ser-dev puzzles SE
// rates 7.0 or more through the Grader with its defaults (uniqueness
// check, canonical isomorph, SE and HoDoKu profiles, tier). One op = one
// puzzle.
func BenchmarkGraderSE7(b *testing.B) {
	var ps []sudoku.Grid
	for _, c := range loadSER(b) {
		if c.ser >= 7.0 && len(ps) < 200 {
			p, _ := sudoku.ParseAuto(c.puzzle)
			ps = append(ps, p)
		}
	}
	g, err := NewGrader(GraderOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for i := 0; i < b.N; i++ {
		if _, err := g.Grade(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu, "puzzles/cpu-s")
	}
}
