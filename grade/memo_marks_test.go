package grade

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestHouseMarksSameSteps checks the per-house marks (gridMemo.ver,
// houseMarks: a subset search skips a house that has not changed since it
// last went through it without a step) against the full scans: one engine
// per profile grades puzzles of several layouts in turn (classic 9x9,
// X-Sudoku, windoku and anti-knight untyped, X-Sudoku and windoku with
// SukakuExplainer types, a jigsaw), so the memo is carried from puzzle to
// puzzle and from layout to layout, and every step of every run must be
// the step of a run without marks. It also checks that the marks were
// used, HoDoKu's naked and locked sets' (which read the other houses the
// set's cells lie in) included. The puzzles are made by layoutPuzzle from
// a fixed seed and kept in testdata/housemarks-puzzles.txt (houseMarksJobs).
func TestHouseMarksSameSteps(t *testing.T) {
	layouts := testLayouts(t)
	for name, l := range testLayouts(t) {
		if name == "anti-knight" {
			continue
		}
		// a second copy with SukakuExplainer's house types
		types := make([]HouseType, len(l.Houses)-27)
		for i := range types {
			types[i] = HouseWindow
			if name == "x-sudoku" {
				types[i] = HouseDiagonal
			}
		}
		if err := l.SetHouseTypes(types, nil); err != nil {
			t.Fatal(err)
		}
		layouts[name+"-typed"] = l
	}
	layouts["jigsaw"] = framelessLayouts(t)["jigsaw"]
	classic, err := NewLayout(LayoutSpec{Classic: sudoku.GeometryOf(sudoku.Shape9)})
	if err != nil {
		t.Fatal(err)
	}
	layouts["classic"] = classic
	names := make([]string, 0, len(layouts))
	for name := range layouts {
		names = append(names, name)
	}
	sort.Strings(names)
	jobs := houseMarksJobs(t, layouts, names, classic)
	for _, prof := range []*Profile{SEProfile(), HoDoKuProfile()} {
		marked := NewEngine(prof)
		for i, j := range jobs {
			l := layouts[j.name]
			if prof.Name == "hodoku" && !l.Plain() {
				continue
			}
			run := func(e *Engine) (Result, error) {
				g, err := NewLayoutGrid(l, j.puzzle)
				if err != nil {
					t.Fatal(err)
				}
				return e.Solve(g, Options{Solution: j.sol, KeepSteps: true, MaxRating: j.maxRating})
			}
			got, err := run(marked)
			if err != nil {
				t.Fatalf("%s job %d (%s): %v", prof.Name, i, j.name, err)
			}
			houseMarksOff = true
			want, err := run(NewEngine(prof))
			houseMarksOff = false
			if err != nil {
				t.Fatalf("%s job %d (%s) without marks: %v", prof.Name, i, j.name, err)
			}
			if g, w := stepsText(got.Steps), stepsText(want.Steps); !slices.Equal(g, w) {
				for k := range min(len(g), len(w)) {
					if g[k] != w[k] {
						t.Fatalf("%s job %d (%s): step %d is %s, without marks %s", prof.Name, i, j.name, k+1, g[k], w[k])
					}
				}
				t.Fatalf("%s job %d (%s): %d steps, without marks %d", prof.Name, i, j.name, len(g), len(w))
			}
			if got.ER != want.ER || got.Capped != want.Capped {
				t.Fatalf("%s job %d (%s): ER %v capped %v, without marks %v %v", prof.Name, i, j.name, got.ER, got.Capped, want.ER, want.Capped)
			}
		}
		used, shared := 0, 0
		for s := range marked.memo.clean {
			for _, v := range marked.memo.clean[s] {
				if v != 0 {
					used++
					if houseScan(s) >= scanSharedNaked2 {
						shared++
					}
				}
			}
		}
		if used == 0 {
			t.Fatalf("%s: no house was ever marked: the marks were not used", prof.Name)
		}
		// HoDoKu's naked and locked sets read the houses the cells share
		// too (their marks sum those houses' versions)
		if shared == 0 && prof.Name == "hodoku" {
			t.Fatalf("%s: no house was marked by the naked or locked sets", prof.Name)
		}
	}
}

// stepsText renders steps for comparison: technique, placements,
// eliminations, in order.
func stepsText(steps []Step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = fmt.Sprintf("%s %v %v %v", s.Tech, s.Placements, s.Eliminations, s.Units)
	}
	return out
}

// houseMarksJob is a run of TestHouseMarksSameSteps: a puzzle of a
// layout, its solution and the rating cap (0: none).
type houseMarksJob struct {
	name      string
	puzzle    []uint8
	sol       []uint8
	maxRating float64
}

// houseMarksFile keeps TestHouseMarksSameSteps' puzzles: making them
// (layoutPuzzle's backtracking fill and dig) took nine tenths of the
// test's time, the runs compared a tenth.
const houseMarksFile = "testdata/housemarks-puzzles.txt"

// houseMarksJobs returns TestHouseMarksSameSteps' runs: a puzzle per
// layout (in names' order), run capped at the steering ladder's 4.4
// (--tier hard) and at 6.2, below the chains (the subset searches run on
// every step; the chains would only make the test slow), then 40 classic
// puzzles solved to the end (HoDoKu's ratings are scores, so the caps
// stop its runs before its subsets). The puzzles are layoutPuzzle's from
// one seed, read from houseMarksFile, each checked to have one solution,
// the one kept; with SUDOGEN_LONG=1 they are made again and must be the
// file's, and SUDOGEN_WRITE_HOUSEMARKS=1 writes the file anew (after a
// change of the layouts or of layoutPuzzle).
func houseMarksJobs(t *testing.T, layouts map[string]*Layout, names []string, classic *Layout) []houseMarksJob {
	t.Helper()
	type made struct {
		name     string
		p, sol   []uint8
		withCaps bool
	}
	var want []made
	long, write := os.Getenv("SUDOGEN_LONG") != "", os.Getenv("SUDOGEN_WRITE_HOUSEMARKS") != ""
	if long || write {
		rng := rand.New(rand.NewPCG(21, 4))
		for _, name := range names {
			p, sol := layoutPuzzle(layouts[name], rng)
			want = append(want, made{name, p, sol, true})
		}
		for range 40 {
			p, sol := layoutPuzzle(classic, rng)
			want = append(want, made{"classic", p, sol, false})
		}
	}
	digits := func(v []uint8) string {
		b := make([]byte, len(v))
		for i, d := range v {
			b[i] = '0' + d
		}
		return string(b)
	}
	if write {
		var out strings.Builder
		out.WriteString("# TestHouseMarksSameSteps' puzzles (layoutPuzzle, seed PCG(21, 4)): layout, capped (the runs at 4.4 and 6.2) or to the end, puzzle, solution\n")
		for _, m := range want {
			kind := "end"
			if m.withCaps {
				kind = "capped"
			}
			fmt.Fprintf(&out, "%s\t%s\t%s\t%s\n", m.name, kind, digits(m.p), digits(m.sol))
		}
		if err := os.WriteFile(houseMarksFile, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(houseMarksFile)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []houseMarksJob
	k := 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("%s: bad line %q", houseMarksFile, line)
		}
		l := layouts[f[0]]
		if l == nil || (f[1] != "capped" && f[1] != "end") || len(f[2]) != l.Cells || len(f[3]) != l.Cells {
			t.Fatalf("%s: bad line %q", houseMarksFile, line)
		}
		if want != nil {
			if k >= len(want) || want[k].name != f[0] || want[k].withCaps != (f[1] == "capped") ||
				digits(want[k].p) != f[2] || digits(want[k].sol) != f[3] {
				t.Fatalf("%s: line %d is not the puzzle made again (SUDOGEN_WRITE_HOUSEMARKS=1 writes the file anew)", houseMarksFile, k+1)
			}
			k++
		}
		p, sol := make([]uint8, l.Cells), make([]uint8, l.Cells)
		for i := range p {
			p[i], sol[i] = f[2][i]-'0', f[3][i]-'0'
		}
		if first, n := layoutSolve(l, p, 2); n != 1 || !slices.Equal(first, sol) {
			t.Fatalf("%s: the %s puzzle %s has %d solutions or not the one kept", houseMarksFile, f[0], f[2], n)
		}
		if f[1] == "capped" {
			jobs = append(jobs, houseMarksJob{f[0], p, sol, 4.4}, houseMarksJob{f[0], p, sol, 6.2})
		} else {
			jobs = append(jobs, houseMarksJob{f[0], p, sol, 0})
		}
	}
	if want != nil && k != len(want) {
		t.Fatalf("%s: %d puzzles, made again %d", houseMarksFile, k, len(want))
	}
	if len(jobs) != 2*len(names)+40 {
		t.Fatalf("%s: %d runs, want %d", houseMarksFile, len(jobs), 2*len(names)+40)
	}
	return jobs
}
