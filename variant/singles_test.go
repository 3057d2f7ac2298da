package variant

import (
	"math/rand/v2"
	"testing"
)

// naiveSingles is the closure of naked and hidden singles written from
// the naive model: a cell's candidates are the values allowed beside every
// filled cell (peers, sees, pair rules); a hidden single is a value with
// one place left in a row, a column, a box or region, or (X) a diagonal.
// It fills grid in place.
func (m naiveModel) naiveSingles(grid []int) {
	n := m.n
	cand := func(i int) []int {
		var vs []int
		for v := 1; v <= n; v++ {
			ok := true
			for j, w := range grid {
				if w != 0 && j != i && !m.allowed(i/n, i%n, v, j/n, j%n, w) {
					ok = false
					break
				}
			}
			if ok {
				vs = append(vs, v)
			}
		}
		return vs
	}
	var houses [][]int
	for r := range n {
		var row, col []int
		for c := range n {
			row, col = append(row, r*n+c), append(col, c*n+r)
		}
		houses = append(houses, row, col)
	}
	regs := map[byte][]int{}
	for i := range n * n {
		regs[m.regionOf(i/n, i%n)] = append(regs[m.regionOf(i/n, i%n)], i)
	}
	for _, cells := range regs {
		houses = append(houses, cells)
	}
	if m.variants[X] {
		var d1, d2 []int
		for k := range n {
			d1, d2 = append(d1, k*n+k), append(d2, k*n+n-1-k)
		}
		houses = append(houses, d1, d2)
	}
	for progress := true; progress; {
		progress = false
		for i := range grid {
			if vs := cand(i); grid[i] == 0 && len(vs) == 1 {
				grid[i], progress = vs[0], true
			}
		}
		for _, h := range houses {
			for v := 1; v <= n; v++ {
				at, places := -1, 0
				for _, i := range h {
					if grid[i] == v {
						places = 2 // placed already
						break
					}
					if grid[i] == 0 {
						for _, w := range cand(i) {
							if w == v {
								at, places = i, places+1
							}
						}
					}
				}
				if places == 1 {
					grid[at], progress = v, true
				}
			}
		}
	}
}

// TestSinglesMatchesNaive: on random dug puzzles of variants whose houses
// are rows, columns, boxes or regions and diagonals (with sees and pair
// rules), Solver.Singles places a cell exactly when the naive closure
// does, its closure grid is the naive one, and what it places is the
// solution's value.
func TestSinglesMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := []struct {
		n  int
		vs []string
	}{{9, []string{X}}, {9, []string{AntiKnight}}, {9, []string{AntiKing}}, {9, []string{NonConsecutive}}, {9, []string{Jigsaw}}, {6, []string{X}}, {6, []string{NonConsecutive}}}
	for _, tc := range cases {
		g, m := buildRandom(t, tc.n, tc.vs, rng)
		s := NewSolver(g)
		s.SetLimit(500_000)
		cells := tc.n * tc.n
		sol := make([]uint8, cells)
		placedSome, leftSome := 0, 0
		for trial := range 4 {
			if !s.Random(rng, nil, sol) {
				t.Fatalf("%v: no solution", tc.vs)
			}
			puzzle := append([]uint8(nil), sol...)
			for _, i := range rng.Perm(cells)[2+trial*cells/10:] {
				puzzle[i] = 0
			}
			want := toInts(puzzle)
			m.naiveSingles(want)
			out := make([]uint8, cells)
			s.Singles(puzzle, nil, out)
			for i := range cells {
				if int(out[i]) != want[i] {
					t.Fatalf("%v: %v: closure grid %v, naive closure %v", tc.vs, puzzle, out, want)
				}
			}
			for i := range cells {
				if puzzle[i] != 0 {
					continue
				}
				got := s.Singles(puzzle, []int{i}, nil)
				if got != (want[i] != 0) {
					t.Fatalf("%v: %v cell %d: Singles %v, naive closure placed %d", tc.vs, puzzle, i, got, want[i])
				}
				if want[i] != 0 && want[i] != int(sol[i]) {
					t.Fatalf("%v: cell %d: closure placed %d, solution %d", tc.vs, i, want[i], sol[i])
				}
				if got {
					placedSome++
				} else {
					leftSome++
				}
			}
		}
		if placedSome == 0 || leftSome == 0 {
			t.Errorf("%v: cases not both met: %d placed, %d left", tc.vs, placedSome, leftSome)
		}
	}
}

// TestPreferCounts: a solver that tries a known solution's values first
// (the dig's uniqueness tests) counts random partial 6x6 grids as plain
// backtracking does, and its other agrees with backtracking with the cell
// fixed away from its value.
func TestPreferCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, vs := range [][]string{{X}, {AntiKnight}, {NonConsecutive}, {DisjointGroups}} {
		g, err := Build(Spec{Size: 6, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		m := newNaive(6, vs, "")
		s := NewSolver(g)
		sol := make([]uint8, 36)
		for trial := range 10 {
			if !s.Random(rng, nil, sol) {
				t.Fatalf("%v: no solution", vs)
			}
			s.prefer(sol)
			puzzle := append([]uint8(nil), sol...)
			for _, i := range rng.Perm(36)[6+trial:] {
				puzzle[i] = 0
			}
			if got, want := s.Count(puzzle, 50), m.count(toInts(puzzle), 50); got != want {
				t.Fatalf("%v: %v: count %d with preference, backtracking %d", vs, puzzle, got, want)
			}
			f := rng.IntN(36)
			v := sol[f]
			puzzle[f] = 0
			want := otherSolution(m, puzzle, f, v)
			if got := s.other(puzzle, f, v); got != want {
				t.Fatalf("%v: %v cell %d: other %v with preference, backtracking %v", vs, puzzle, f, got, want)
			}
			s.prefer(nil)
		}
	}
}

// TestTwoWithin: the dig's second-solution probe (from the givens, and
// from the closure Singles just computed) says "found" only when
// backtracking finds a solution with another value on the cell, and
// with no bound it says so whenever backtracking does; jigsaw boards
// (locked candidates in counting searches, not in the probe) included.
func TestTwoWithin(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, vs := range [][]string{{X}, {Jigsaw}, {AntiKnight}, {NonConsecutive}, {DisjointGroups}} {
		g, m := buildRandom(t, 6, vs, rng)
		s := NewSolver(g)
		sol := make([]uint8, 36)
		buf := make([]uint8, 36)
		for trial := range 24 {
			if !s.Random(rng, nil, sol) {
				t.Fatalf("%v: no solution", vs)
			}
			s.prefer(sol)
			puzzle := append([]uint8(nil), sol...)
			for _, i := range rng.Perm(36)[8+trial%10:] {
				puzzle[i] = 0
			}
			f := rng.IntN(36)
			v := sol[f]
			puzzle[f] = 0
			want := otherSolution(m, puzzle, f, v)
			if got := s.Count(puzzle, 50); got != m.count(toInts(puzzle), 50) {
				t.Fatalf("%v: %v: count %d, backtracking %d", vs, puzzle, got, m.count(toInts(puzzle), 50))
			}
			for _, nodes := range []int64{0, 1, 4, 16} {
				for _, closed := range []bool{false, true} {
					if closed && s.Singles(puzzle, []int{f}, buf) {
						if want {
							t.Fatalf("%v: %v: singles place cell %d, backtracking finds another value", vs, puzzle, f)
						}
						continue
					}
					got := s.twoWithin(puzzle, f, v, nodes)
					if got && !want || nodes == 0 && got != want {
						t.Fatalf("%v: %v cell %d, bound %d, from the closure %v: probe %v, backtracking %v", vs, puzzle, f, nodes, closed, got, want)
					}
				}
			}
			s.prefer(nil)
		}
	}
}
