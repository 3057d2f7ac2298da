package killer

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// bruteCount counts the solutions of p up to limit by plain backtracking
// cell by cell, checking houses and cages only as digits are written:
// the independent truth the Solver's counts are checked against.
func bruteCount(p *Puzzle, limit int) int {
	g := p.Geo
	cageOf := p.CageOf()
	grid := make([]int, g.Cells)
	left := make([]int, len(p.Cages)) // cells still empty per cage
	rem := make([]int, len(p.Cages))  // sum still missing per cage
	for k, cg := range p.Cages {
		left[k], rem[k] = len(cg.Cells), cg.Sum
	}
	count := 0
	var rec func(c int)
	rec = func(c int) {
		if count >= limit {
			return
		}
		if c == g.Cells {
			count++
			return
		}
		for v := 1; v <= g.N; v++ {
			if p.Givens != nil && p.Givens[c] != 0 && int(p.Givens[c]) != v {
				continue
			}
			ok := true
			for _, q := range g.Peers[c] {
				if grid[q] == v {
					ok = false
					break
				}
			}
			k := cageOf[c]
			if ok && k >= 0 {
				for _, q := range p.Cages[k].Cells {
					if grid[q] == v {
						ok = false
					}
				}
				if rem[k]-v < 0 || (left[k] == 1 && rem[k] != v) {
					ok = false
				}
			}
			if !ok {
				continue
			}
			grid[c] = v
			if k >= 0 {
				left[k]--
				rem[k] -= v
			}
			rec(c + 1)
			if k >= 0 {
				left[k]++
				rem[k] += v
			}
			grid[c] = 0
		}
	}
	rec(0)
	return count
}

// randomKiller covers a random full grid with random cages (sizes lo..hi),
// no uniqueness step: puzzles with any number of solutions.
func randomKiller(t testing.TB, s sudoku.Shape, x bool, lo, hi int, rng *rand.Rand) *Puzzle {
	g, err := geometry(s, x)
	if err != nil {
		t.Fatal(err)
	}
	sol := bruteSolution(g, rng)
	p := &Puzzle{Geo: g, Cages: growCages(g, sol, lo, hi, rng)}
	p.Sort()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	return p
}

// bruteSolution draws a full grid by plain randomized backtracking.
func bruteSolution(g *Geometry, rng *rand.Rand) []int8 {
	grid := make([]int8, g.Cells)
	var rec func(c int) bool
	rec = func(c int) bool {
		if c == g.Cells {
			return true
		}
		for _, v0 := range rng.Perm(g.N) {
			v := int8(v0 + 1)
			ok := true
			for _, q := range g.Peers[c] {
				if grid[q] == v {
					ok = false
					break
				}
			}
			if ok {
				grid[c] = v
				if rec(c + 1) {
					return true
				}
				grid[c] = 0
			}
		}
		return false
	}
	rec(0)
	return grid
}

func TestSolverAgreesWithBruteForce(t *testing.T) {
	cases := []struct {
		name   string
		shape  sudoku.Shape
		x      bool
		lo, hi int
		n      int
	}{
		{"4x4 cages 1-3", sudoku.Shape4, false, 1, 3, 200},
		{"4x4 cages 2-4", sudoku.Shape4, false, 2, 4, 200},
		{"4x4 X cages 2-4", sudoku.Shape4, true, 2, 4, 200},
		{"6x6 cages 2-4", sudoku.Shape6, false, 2, 4, 40},
		{"6x6 cages 3-6", sudoku.Shape6, false, 3, 6, 15},
		{"6x6 X cages 2-5", sudoku.Shape6, true, 2, 5, 15},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(tc.n)))
			seen := map[int]int{}
			for i := 0; i < tc.n; i++ {
				p := randomKiller(t, tc.shape, tc.x, tc.lo, tc.hi, rng)
				const limit = 50
				want := bruteCount(p, limit)
				got := NewSolver(p).Count(limit)
				if got != want {
					t.Fatalf("puzzle %d: solver counts %d, brute force %d\n%s", i, got, want, Format(p))
				}
				for _, sol := range NewSolver(p).Solutions(3) {
					if err := p.CheckSolution(sol); err != nil {
						t.Fatalf("puzzle %d: solver's solution breaks a rule: %v", i, err)
					}
				}
				seen[min(want, 3)]++
			}
			t.Logf("solution counts (3 = 3 or more): %v", seen)
			if seen[1] == 0 || seen[2]+seen[3] == 0 {
				t.Errorf("the sample should hold unique and non-unique puzzles: %v", seen)
			}
		})
	}
}

func TestSolverTwoSolutions(t *testing.T) {
	// Every 2x2 box a cage of sum 10: any 4x4 Sudoku is a solution, and
	// there are 288 of them.
	p, err := Parse("aabb aabb ccdd ccdd a=10 b=10 c=10 d=10")
	if err != nil {
		t.Fatal(err)
	}
	if got := NewSolver(p).Count(1000); got != 288 {
		t.Fatalf("box cages of 4x4: %d solutions, want 288", got)
	}
	// A puzzle with exactly two solutions, found by brute force.
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; ; i++ {
		p := randomKiller(t, sudoku.Shape6, false, 2, 5, rng)
		if bruteCount(p, 3) != 2 {
			continue
		}
		sv := NewSolver(p)
		if got := sv.Count(2); got != 2 {
			t.Fatalf("two-solution puzzle: Count(2) = %d\n%s", got, Format(p))
		}
		sols := sv.Solutions(5)
		if len(sols) != 2 || SolutionString(sols[0]) == SolutionString(sols[1]) {
			t.Fatalf("two-solution puzzle: Solutions gave %d", len(sols))
		}
		break
	}
}

func TestCombos(t *testing.T) {
	cases := []struct {
		n, size, sum int
		want         []string
	}{
		{9, 2, 3, []string{"12"}},
		{9, 2, 17, []string{"89"}},
		{9, 3, 6, []string{"123"}},
		{9, 3, 24, []string{"789"}},
		{9, 2, 10, []string{"19", "28", "37", "46"}},
		{9, 4, 10, []string{"1234"}},
		{9, 9, 45, []string{"123456789"}},
		{6, 2, 11, []string{"56"}},
		{9, 2, 2, nil},
		{9, 3, 25, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, m := range Combos(tc.n, tc.size, tc.sum) {
			got = append(got, digitsString(m))
		}
		if len(got) != len(tc.want) {
			t.Errorf("Combos(%d,%d,%d) = %v, want %v", tc.n, tc.size, tc.sum, got, tc.want)
			continue
		}
		have := map[string]bool{}
		for _, s := range got {
			have[s] = true
		}
		for _, s := range tc.want {
			if !have[s] {
				t.Errorf("Combos(%d,%d,%d) = %v, want %v", tc.n, tc.size, tc.sum, got, tc.want)
			}
		}
	}
}

func BenchmarkSolverCount(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []*Puzzle
	for i := 0; i < 20; i++ {
		p, _, _, err := Generate(rng, Options{})
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if NewSolver(ps[i%len(ps)]).Count(2) != 1 {
			b.Fatal("not unique")
		}
	}
}
