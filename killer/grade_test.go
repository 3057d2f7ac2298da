package killer

import (
	"math/bits"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// checkSteps replays a grade's steps on the true solution: no step may
// remove the solution's digit from a cell or place a wrong digit.
func checkSteps(t *testing.T, p *Puzzle, sol []int8, r Result) {
	t.Helper()
	for i, st := range r.Steps {
		for _, pl := range st.Placements {
			if int(sol[pl.Cell]) != pl.Digit {
				t.Fatalf("step %d (%s) places %d in %s, the solution has %d: %s", i, st.Technique, pl.Digit, p.Geo.CellName(pl.Cell), sol[pl.Cell], st.Text)
			}
		}
		for _, e := range st.Eliminations {
			if e.Digits>>(sol[e.Cell]-1)&1 != 0 {
				t.Fatalf("step %d (%s) removes the solution's %d from %s: %s", i, st.Technique, sol[e.Cell], p.Geo.CellName(e.Cell), st.Text)
			}
		}
		if st.Text == "" || len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("step %d (%s) is empty or unexplained", i, st.Technique)
		}
		if msg := checkPattern(p, st); msg != "" {
			t.Fatalf("step %d (%s): pattern %v: %s: %s", i, st.Technique, [][]int{st.Houses, st.Cages, st.Cells, st.Digits}, msg, st.Text)
		}
	}
	for c, v := range r.Grid {
		if v != 0 && v != sol[c] {
			t.Fatalf("grade's grid has %d at %s, solution %d", v, p.Geo.CellName(c), sol[c])
		}
	}
}

func TestGradeSound(t *testing.T) {
	cases := []struct {
		name string
		opt  Options
		n    int
	}{
		{"9x9", Options{}, 6},
		{"9x9 small cages", Options{CageMin: 2, CageMax: 3}, 4},
		{"9x9 X", Options{X: true}, 3},
		{"6x6", Options{Shape: sudoku.Shape6}, 12},
		{"8x8", Options{Shape: sudoku.Shape8}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, 4))
			solved := 0
			for i := 0; i < tc.n; i++ {
				p, sol, _, err := Generate(rng, tc.opt)
				if err != nil {
					t.Fatal(err)
				}
				r := Grade(p)
				checkSteps(t, p, sol, r)
				if r.Solved {
					solved++
				}
				if r.Tier != TierOf(r.Rating, r.Solved) {
					t.Fatalf("tier %s for rating %.1f", r.Tier, r.Rating)
				}
			}
			if solved != tc.n {
				t.Fatalf("%d of %d solved without guessing: Generate promises all", solved, tc.n)
			}
		})
	}
}

func TestGradeExplains(t *testing.T) {
	// The explanations' arithmetic is checked against the solution: an
	// innie or outie step names the cell, the sums and the digit.
	innie := regexp.MustCompile(`^(innie|outie) of (box|row|column) (\d)( \(its cages add up to \d+\))?: (r\dc\d) = (\d+) - (\d+) = (\d)$`)
	combo := regexp.MustCompile(`^cage (\d+)\((\d)\) at r\dc\d: `)
	rng := rand.New(rand.NewPCG(2, 2))
	found := map[string]int{}
	for i := 0; i < 20; i++ {
		p, sol, _, err := Generate(rng, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range Grade(p).Steps {
			if m := innie.FindStringSubmatch(st.Text); m != nil {
				a, _ := strconv.Atoi(m[6])
				b, _ := strconv.Atoi(m[7])
				d, _ := strconv.Atoi(m[8])
				if a-b != d || st.Placements[0].Digit != d || p.Geo.CellName(st.Placements[0].Cell) != m[5] {
					t.Fatalf("bad arithmetic: %s", st.Text)
				}
				c := st.Placements[0].Cell
				if int(sol[c]) != d {
					t.Fatalf("%s, but the solution has %d", st.Text, sol[c])
				}
				found[m[1]]++
			}
			if m := combo.FindStringSubmatch(st.Text); m != nil && st.Technique == "cage-combination" {
				found["combination"]++
			}
		}
	}
	t.Logf("checked steps: %v", found)
	if found["innie"] == 0 || found["combination"] == 0 {
		t.Fatalf("expected one-cell innie and combination steps among 20 puzzles: %v", found)
	}
}

func TestRegionFactsSums(t *testing.T) {
	// every fact's sum is the sum of its cells in the solution
	rng := rand.New(rand.NewPCG(8, 8))
	for i := 0; i < 4; i++ {
		p, sol, _, err := Generate(rng, Options{X: i%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		facts := regionFacts(p)
		if len(facts) == 0 {
			t.Fatal("no rule-of-45 facts on a 9x9 killer")
		}
		for _, f := range facts {
			s := 0
			for _, c := range f.cells {
				s += int(sol[c])
			}
			if s != f.sum {
				t.Fatalf("%s = %d, but the solution's cells add up to %d", f.why, f.sum, s)
			}
		}
	}
}

func TestTierOf(t *testing.T) {
	cases := []struct {
		r      float64
		solved bool
		want   string
	}{{1.0, true, "easy"}, {1.8, true, "easy"}, {2.0, true, "medium"}, {2.6, true, "medium"}, {3.2, true, "hard"}, {3.8, true, "expert"}, {4.1, true, "extreme"}, {1.2, false, "beyond"}}
	for _, tc := range cases {
		if got := TierOf(tc.r, tc.solved); got != tc.want {
			t.Errorf("TierOf(%.1f, %v) = %s, want %s", tc.r, tc.solved, got, tc.want)
		}
	}
	for i := 1; i < len(Techniques); i++ {
		if Techniques[i].Rating < Techniques[i-1].Rating {
			t.Errorf("ladder out of order at %s", Techniques[i].ID)
		}
	}
	_ = bits.OnesCount16
}

func BenchmarkGrade9(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []*Puzzle
	for i := 0; i < 10; i++ {
		p, _, _, err := Generate(rng, Options{})
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Grade(ps[i%len(ps)])
	}
}

// checkPattern checks a step's pattern fields: indexes in range, cells
// present, a single's cell in its house, a cage step's cells in its cage.
func checkPattern(p *Puzzle, st Step) string {
	g := p.Geo
	if len(st.Cells) == 0 {
		return "no cells"
	}
	var in CellSet
	for _, c := range st.Cells {
		if c < 0 || c >= g.Cells {
			return "cell out of range"
		}
		in.Add(c)
	}
	for _, d := range st.Digits {
		if d < 1 || d > g.N {
			return "digit out of range"
		}
	}
	var houses CellSet
	for _, h := range st.Houses {
		if h < 0 || h >= len(g.Houses) {
			return "house out of range"
		}
		houses = houses.Union(g.HouseMask[h])
	}
	var cages CellSet
	for _, k := range st.Cages {
		if k < 0 || k >= len(p.Cages) {
			return "cage out of range"
		}
		cages = cages.Union(Set(p.Cages[k].Cells))
	}
	switch st.Technique {
	case "full-house", "hidden-single", "hidden-pair", "hidden-triple", "pointing", "claiming":
		if len(st.Houses) == 0 || !in.SubsetOf(houses) {
			return "cells outside the houses"
		}
	case "cage-single", "cage-combination", "cage-pointing", "hidden-cage-combination":
		if len(st.Cages) != 1 || !in.SubsetOf(cages) {
			return "cells outside the cage"
		}
	case "innie-outie", "innie-outie-union", "innies-outies", "cage-splitting":
		if len(st.Houses) == 0 {
			return "no region"
		}
	case "killer-pair", "killer-triple":
		if len(st.Cages) == 0 || !in.SubsetOf(houses) {
			return "no cage, or cells outside the house"
		}
	}
	for _, pl := range st.Placements {
		if (st.Technique == "full-house" || st.Technique == "hidden-single" || st.Technique == "naked-single" || st.Technique == "cage-single") && !in.Has(pl.Cell) {
			return "the placed cell is not in the pattern"
		}
	}
	return ""
}
