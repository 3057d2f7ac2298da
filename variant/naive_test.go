package variant

import (
	"math/rand/v2"
	"testing"
)

// The naive model below is written from the variants' definitions, not
// from Geometry: it is the independent truth the solver, the generator and
// the catalogue are checked against.

// naiveModel says, for an n x n grid, whether two cells must differ and
// whether two values may stand on two cells.
type naiveModel struct {
	n        int
	box      [2]int // box shape, 0 for jigsaw
	regions  string
	variants map[string]bool
}

func newNaive(n int, variants []string, regions string) naiveModel {
	m := naiveModel{n: n, regions: regions, variants: map[string]bool{}}
	for _, v := range variants {
		m.variants[v] = true
	}
	switch n {
	case 4:
		m.box = [2]int{2, 2}
	case 6:
		m.box = [2]int{2, 3}
	case 8:
		m.box = [2]int{2, 4}
	case 9:
		m.box = [2]int{3, 3}
	case 12:
		m.box = [2]int{3, 4}
	}
	if regions != "" {
		m.box = [2]int{}
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// inList reports whether cell (r, c) of a 9x9 grid is in the 0-based index
// list (the published cell sets, written out again here by row and
// column).
func inCells(r, c int, rc [][2]int) bool {
	for _, x := range rc {
		if x[0] == r && x[1] == c {
			return true
		}
	}
	return false
}

// The extra houses of the 9x9 variants by (row, column), 0-based, written
// from the pictures of the variants (Asterisk: the eight cells around the
// centre at distance 3 along lines and the "star" points; Girandola: the
// four corners, the centre and four cells at distance 3 from it; Center
// Dot: the centre of each box).
var (
	naiveAsterisk  = [][2]int{{1, 4}, {2, 2}, {2, 6}, {4, 1}, {4, 4}, {4, 7}, {6, 2}, {6, 6}, {7, 4}}
	naiveGirandola = [][2]int{{0, 0}, {0, 8}, {1, 4}, {4, 1}, {4, 4}, {4, 7}, {7, 4}, {8, 0}, {8, 8}}
	naiveCenterDot = [][2]int{{1, 1}, {1, 4}, {1, 7}, {4, 1}, {4, 4}, {4, 7}, {7, 1}, {7, 4}, {7, 7}}
)

// regionOf names the box or jigsaw region of cell (r, c).
func (m naiveModel) regionOf(r, c int) byte {
	if m.box[0] > 0 {
		return byte(r/m.box[0]*(m.n/m.box[1]) + c/m.box[1])
	}
	return m.regions[r*m.n+c]
}

// differ reports whether cells (r1,c1) and (r2,c2) must hold different
// values.
func (m naiveModel) differ(r1, c1, r2, c2 int) bool {
	n := m.n
	if r1 == r2 && c1 == c2 {
		return false
	}
	if r1 == r2 || c1 == c2 {
		return true
	}
	if m.box[0] > 0 {
		if r1/m.box[0] == r2/m.box[0] && c1/m.box[1] == c2/m.box[1] {
			return true
		}
	} else if m.regions[r1*n+c1] == m.regions[r2*n+c2] {
		return true
	}
	v := m.variants
	if v[X] && (r1 == c1 && r2 == c2 || r1+c1 == n-1 && r2+c2 == n-1) {
		return true
	}
	if v[DisjointGroups] && r1%m.box[0] == r2%m.box[0] && c1%m.box[1] == c2%m.box[1] {
		return true
	}
	if v[Windoku] {
		// Window bands: rows 1-3, 5-7 (0-based); with boxes also the
		// implied bands {0, 4, 8}.
		band := func(x int) int {
			switch {
			case x >= 1 && x <= 3:
				return 0
			case x >= 5 && x <= 7:
				return 1
			}
			return 2
		}
		b1, b2, s1, s2 := band(r1), band(r2), band(c1), band(c2)
		if b1 == b2 && s1 == s2 && (m.box[0] > 0 || b1 < 2 && s1 < 2) {
			return true
		}
	}
	for name, cells := range map[string][][2]int{Asterisk: naiveAsterisk, Girandola: naiveGirandola, CenterDot: naiveCenterDot} {
		if v[name] && inCells(r1, c1, cells) && inCells(r2, c2, cells) {
			return true
		}
	}
	dr, dc := abs(r1-r2), abs(c1-c2)
	if v[AntiKnight] && (dr == 1 && dc == 2 || dr == 2 && dc == 1) {
		return true
	}
	if v[AntiKing] && dr <= 1 && dc <= 1 {
		return true
	}
	return false
}

// allowed reports whether values a on (r1,c1) and b on (r2,c2) can stand
// together.
func (m naiveModel) allowed(r1, c1, a, r2, c2, b int) bool {
	if a == b && m.differ(r1, c1, r2, c2) {
		return false
	}
	if m.variants[NonConsecutive] && abs(r1-r2)+abs(c1-c2) == 1 && abs(a-b) == 1 {
		return false
	}
	return true
}

// count counts the completions of grid (n*n, 0 empty) up to limit by
// plain backtracking in cell order, checking every filled cell.
func (m naiveModel) count(grid []int, limit int) int {
	n := m.n
	for i := range grid {
		for j := i + 1; j < len(grid); j++ {
			if grid[i] != 0 && grid[j] != 0 && !m.allowed(i/n, i%n, grid[i], j/n, j%n, grid[j]) {
				return 0
			}
		}
	}
	total := 0
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < n*n && grid[i] != 0 {
			i++
		}
		if i == n*n {
			total++
			return total >= limit
		}
		for v := 1; v <= n; v++ {
			ok := true
			for j := range grid {
				if grid[j] != 0 && !m.allowed(i/n, i%n, v, j/n, j%n, grid[j]) {
					ok = false
					break
				}
			}
			if ok {
				grid[i] = v
				if rec(i + 1) {
					grid[i] = 0
					return true
				}
				grid[i] = 0
			}
		}
		return false
	}
	rec(0)
	return total
}

// valid reports whether a full grid keeps every rule of the model.
func (m naiveModel) valid(grid []int) bool {
	for _, a := range grid {
		if a < 1 || a > m.n {
			return false
		}
	}
	return m.count(append([]int(nil), grid...), 1) == 1
}

func toInts(cells []uint8) []int {
	out := make([]int, len(cells))
	for i, v := range cells {
		out[i] = int(v)
	}
	return out
}

// TestCatalogueMatchesNaive: for every variant on every size it is defined
// on, two cells are peers in the geometry (or a pair rule joins them)
// exactly when the naive model says so.
func TestCatalogueMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range Names {
		if name == SamuraiName {
			continue
		}
		for _, n := range Sizes(name) {
			regions := ""
			if name == Jigsaw {
				var err error
				regions, err = RandomRegions(n, "", rng)
				if err != nil {
					t.Fatal(err)
				}
			}
			g, err := Build(Spec{Size: n, Variants: []string{name}, Regions: regions})
			if err != nil {
				t.Fatalf("%s %d: %v", name, n, err)
			}
			m := newNaive(n, []string{name}, regions)
			peer := map[[2]int]bool{}
			for i := range g.m {
				for _, p := range g.peers[g.pStart[i]:g.pStart[i+1]] {
					peer[[2]int{int(g.used[i]), int(g.used[p])}] = true
				}
			}
			pair := map[[2]int]bool{}
			for _, p := range g.Data().Pairs {
				pair[[2]int{p.A, p.B}], pair[[2]int{p.B, p.A}] = true, true
			}
			for a := range n * n {
				for b := range n * n {
					if a == b {
						continue
					}
					if want := m.differ(a/n, a%n, b/n, b%n); peer[[2]int{a, b}] != want {
						t.Fatalf("%s %dx%d: cells %d,%d peers=%v, naive says %v", name, n, n, a, b, peer[[2]int{a, b}], want)
					}
					want := m.variants[NonConsecutive] && abs(a/n-b/n)+abs(a%n-b%n) == 1
					if pair[[2]int{a, b}] != want {
						t.Fatalf("%s %dx%d: cells %d,%d pair=%v, naive says %v", name, n, n, a, b, pair[[2]int{a, b}], want)
					}
				}
			}
		}
	}
}

// TestCountEmpty4x4: the solver counts every solution grid of the empty
// 4x4 board as plain backtracking does, for each 4x4 variant and some
// combinations.
func TestCountEmpty4x4(t *testing.T) {
	cases := [][]string{{X}, {DisjointGroups}, {AntiKnight}, {AntiKing}, {NonConsecutive}, {X, AntiKnight}, {X, DisjointGroups}, {Jigsaw}}
	for _, vs := range cases {
		regions := ""
		if vs[0] == Jigsaw {
			regions = "1112122233343444"
		}
		g, err := Build(Spec{Size: 4, Variants: vs, Regions: regions})
		if err != nil {
			t.Fatal(err)
		}
		want := newNaive(4, vs, regions).count(make([]int, 16), 1<<30)
		got := NewSolver(g).Count(make([]uint8, 16), 1<<30)
		if got != want {
			t.Errorf("%v: solver counts %d grids, backtracking %d", vs, got, want)
		}
		t.Logf("%v: %d grids", vs, got)
	}
}

// buildRandom builds the geometry of variants vs on side n (a jigsaw's
// regions drawn from rng) and the plain backtracking model of the same
// puzzle kind.
func buildRandom(t *testing.T, n int, vs []string, rng *rand.Rand) (*Geometry, naiveModel) {
	t.Helper()
	regions := ""
	if vs[0] == Jigsaw {
		var err error
		if regions, err = RandomRegions(n, "", rng); err != nil {
			t.Fatal(err)
		}
	}
	g, err := Build(Spec{Size: n, Variants: vs, Regions: regions})
	if err != nil {
		t.Fatal(err)
	}
	return g, newNaive(n, vs, regions)
}

// otherSolution reports whether backtracking finds a solution of puzzle
// (cell f empty) with a value other than v on f.
func otherSolution(m naiveModel, puzzle []uint8, f int, v uint8) bool {
	for w := 1; w <= m.n; w++ {
		if uint8(w) != v {
			q := toInts(puzzle)
			q[f] = w
			if m.count(q, 1) > 0 {
				return true
			}
		}
	}
	return false
}

// TestCountPartial6x6: on random partial 6x6 grids of each variant, the
// solver's count (up to 50) equals plain backtracking's.
func TestCountPartial6x6(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cases := [][]string{{X}, {DisjointGroups}, {AntiKnight}, {AntiKing}, {NonConsecutive}, {DisjointGroups, AntiKnight}, {Jigsaw}}
	for _, vs := range cases {
		g, m := buildRandom(t, 6, vs, rng)
		s := NewSolver(g)
		sol := make([]uint8, 36)
		for trial := range 12 {
			if !s.Random(rng, nil, sol) {
				t.Fatalf("%v: no solution found", vs)
			}
			if !m.valid(toInts(sol)) {
				t.Fatalf("%v: random solution breaks a rule: %v", vs, sol)
			}
			puzzle := append([]uint8(nil), sol...)
			keep := 8 + trial%8
			for _, i := range rng.Perm(36)[keep:] {
				puzzle[i] = 0
			}
			if trial%4 == 3 { // sometimes a conflicting given
				puzzle[rng.IntN(36)] = uint8(1 + rng.IntN(6))
			}
			want := m.count(toInts(puzzle), 50)
			got := s.Count(puzzle, 50)
			if got != want {
				t.Fatalf("%v: %v: solver counts %d, backtracking %d", vs, puzzle, got, want)
			}
		}
	}
}
