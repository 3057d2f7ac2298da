package grade

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
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
// set's cells lie in) included.
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
	rng := rand.New(rand.NewPCG(21, 4))
	type job struct {
		name      string
		puzzle    []uint8
		sol       []uint8
		maxRating float64
	}
	var jobs []job
	for _, name := range names {
		p, sol := layoutPuzzle(layouts[name], rng)
		// capped at the steering ladder's 4.4 (--tier hard), and at 6.2,
		// below the chains (the subset searches run on every step; the
		// chains would only make the test slow)
		jobs = append(jobs, job{name, p, sol, 4.4}, job{name, p, sol, 6.2})
	}
	// classic puzzles solved to the end (HoDoKu's ratings are scores, so
	// the caps above stop its runs before its subsets)
	for range 40 {
		p, sol := layoutPuzzle(classic, rng)
		jobs = append(jobs, job{"classic", p, sol, 0})
	}
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
