package sudoku

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// loadPuzzles reads a one-puzzle-per-line 9x9 file of the repository's
// test data (internal/testdata), skipping comments.
func loadPuzzles(tb testing.TB, rel string) [][]uint8 {
	tb.Helper()
	return loadPuzzleFile(tb, testdata.Path(tb, rel))
}

// loadPuzzleFile reads a one-puzzle-per-line 9x9 file, skipping comments.
func loadPuzzleFile(tb testing.TB, path string) [][]uint8 {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out [][]uint8
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		if len(text) > 81 {
			text = text[:81]
		}
		g, err := Parse(text, Shape9)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, g.Cells)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return out
}

// validSolution is an independent check: sol is a full grid with every
// value once in each row, column and box (computed here from coordinates,
// not from Geometry), agreeing with the givens of puzzle.
func validSolution(s Shape, puzzle, sol []uint8) bool {
	n := s.N()
	if len(sol) != n*n {
		return false
	}
	for i, v := range puzzle {
		if v != 0 && sol[i] != v {
			return false
		}
	}
	for a := 0; a < n; a++ {
		var row, col, box uint64
		for b := 0; b < n; b++ {
			r := (a/s.BoxRows)*s.BoxRows + b/s.BoxCols
			c := (a%s.BoxRows)*s.BoxCols + b%s.BoxCols
			for _, x := range []struct {
				set *uint64
				v   uint8
			}{{&row, sol[a*n+b]}, {&col, sol[b*n+a]}, {&box, sol[r*n+c]}} {
				if x.v < 1 || int(x.v) > n {
					return false
				}
				*x.set |= 1 << x.v
			}
		}
		full := uint64(1)<<(n+1) - 2
		if row != full || col != full || box != full {
			return false
		}
	}
	return true
}

func TestUniqueSets(t *testing.T) {
	for _, rel := range []string{"sudoku/17-clue.txt", "sudoku/top1465.txt", "sudoku/forum-hardest-1106.txt"} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			ps := loadPuzzles(t, rel)
			s := NewSolver(Shape9)
			sol := make([]uint8, 81)
			for i, p := range ps {
				clear(sol)
				if n := s.Count(p, 2, sol); n != 1 {
					t.Fatalf("puzzle %d %s: %d solutions, want 1", i+1, Grid{GeometryOf(Shape9), p}, n)
				}
				if !validSolution(Shape9, p, sol) {
					t.Fatalf("puzzle %d: bad solution %s", i+1, Grid{GeometryOf(Shape9), sol})
				}
			}
		})
	}
}

func TestMultiSolutionSet(t *testing.T) {
	ps := loadPuzzles(t, "sudoku/serg-multi-solution.txt")
	s := NewSolver(Shape9)
	sol := make([]uint8, 81)
	for i, p := range ps {
		if n := s.Count(p, 2, sol); n != 2 {
			t.Fatalf("puzzle %d %s: count %d, want 2", i+1, Grid{GeometryOf(Shape9), p}, n)
		}
		if !validSolution(Shape9, p, sol) {
			t.Fatalf("puzzle %d: bad first solution", i+1)
		}
	}
}

// refCount is a tiny independent reference: plain backtracking over cells in
// order, checking each value against the row, column and box by scanning.
func refCount(s Shape, p []uint8, limit int) int {
	n := s.N()
	g := append([]uint8(nil), p...)
	ok := func(i int, v uint8) bool {
		r, c := i/n, i%n
		br, bc := r/s.BoxRows*s.BoxRows, c/s.BoxCols*s.BoxCols
		for k := 0; k < n; k++ {
			if (k != c && g[r*n+k] == v) || (k != r && g[k*n+c] == v) {
				return false
			}
			rr, cc := br+k/s.BoxCols, bc+k%s.BoxCols
			if (rr != r || cc != c) && g[rr*n+cc] == v {
				return false
			}
		}
		return true
	}
	for i, v := range g {
		if v != 0 && !ok(i, v) {
			return 0
		}
	}
	count := 0
	var rec func(i int)
	rec = func(i int) {
		for i < len(g) && g[i] != 0 {
			i++
		}
		if i == len(g) {
			count++
			return
		}
		for v := uint8(1); int(v) <= n && count < limit; v++ {
			if ok(i, v) {
				g[i] = v
				rec(i + 1)
				g[i] = 0
			}
		}
	}
	rec(0)
	return count
}

// randomPuzzle returns a random full grid of the solver's shape (checked
// independently) and a copy with the given number of random cells emptied.
func randomPuzzle(t testing.TB, s *Solver, rng *rand.Rand, holes int) (full, p []uint8) {
	geo := s.Geometry()
	full = make([]uint8, geo.Cells)
	if !s.Random(full, rng, full) || !validSolution(geo.Shape, nil, full) {
		t.Fatalf("%v: Random gave no valid full grid: %s", geo.Shape, Grid{geo, full})
	}
	p = append([]uint8(nil), full...)
	for _, c := range rng.Perm(geo.Cells)[:holes] {
		p[c] = 0
	}
	return full, p
}

func TestCountMatchesReference(t *testing.T) {
	for _, shape := range []Shape{Shape4, Shape6} {
		s := NewSolver(shape)
		locked := newGenericSolver(shape, 99) // locked candidates to a fixed point
		rng := rand.New(rand.NewPCG(2, uint64(shape.N())))
		cells := shape.Cells()
		seen := map[int]int{}
		for trial := 0; trial < 300; trial++ {
			_, p := randomPuzzle(t, s, rng, cells/2+rng.IntN(cells/2))
			// Sometimes add a random (possibly conflicting) given.
			if trial%3 == 0 {
				p[rng.IntN(cells)] = uint8(1 + rng.IntN(shape.N()))
			}
			want := refCount(shape, p, 1000)
			seen[min(want, 2)]++
			if got := s.Count(p, 1000, nil); got != want {
				t.Fatalf("%v %s: Count = %d, reference %d", shape, Grid{GeometryOf(shape), p}, got, want)
			}
			if got := locked.Count(p, 1000, nil); got != want {
				t.Fatalf("%v %s: Count with locked candidates = %d, reference %d", shape, Grid{GeometryOf(shape), p}, got, want)
			}
		}
		if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
			t.Fatalf("%v: cases not varied enough: %v", shape, seen)
		}
	}
}

// Test9x9EnginesAgree compares the 9x9 bitboard engine with the generic one
// on random puzzles with few clues (many solutions) and exact counts.
func Test9x9EnginesAgree(t *testing.T) {
	fast, gen, locked := NewSolver(Shape9), newGenericSolver(Shape9, 0), newGenericSolver(Shape9, 99)
	rng := rand.New(rand.NewPCG(3, 9))
	sol := make([]uint8, 81)
	for trial := 0; trial < 400; trial++ {
		_, p := randomPuzzle(t, fast, rng, 50+rng.IntN(10))
		if trial%4 == 0 {
			p[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		a, b, c := fast.Count(p, 300, sol), gen.Count(p, 300, nil), locked.Count(p, 300, nil)
		if a != b || a != c {
			t.Fatalf("%s: 9x9 engine %d, generic %d, generic with locked candidates %d", Grid{GeometryOf(Shape9), p}, a, b, c)
		}
		if a > 0 && !validSolution(Shape9, p, sol) {
			t.Fatalf("%s: bad solution", Grid{GeometryOf(Shape9), p})
		}
	}
}

// TestLockedCandidatesAgree checks the generic engine with and without
// locked candidates on 8x8 and 12x12 puzzles with many solutions (exact
// counts up to a limit), and every solution returned is valid.
func TestLockedCandidatesAgree(t *testing.T) {
	for _, shape := range []Shape{Shape8, Shape12} {
		plain, locked := newGenericSolver(shape, 0), newGenericSolver(shape, 99)
		rng := rand.New(rand.NewPCG(6, uint64(shape.N())))
		sol := make([]uint8, shape.Cells())
		several := 0
		for trial := 0; trial < 100; trial++ {
			_, p := randomPuzzle(t, plain, rng, shape.Cells()*3/5+rng.IntN(shape.Cells()/10))
			a, b := plain.Count(p, 50, nil), locked.Count(p, 50, sol)
			if a != b {
				t.Fatalf("%v %s: %d solutions without locked candidates, %d with", shape, Grid{GeometryOf(shape), p}, a, b)
			}
			if b > 0 && !validSolution(shape, p, sol) {
				t.Fatalf("%v: bad solution", shape)
			}
			if b > 1 {
				several++
			}
		}
		if several < 10 {
			t.Fatalf("%v: only %d puzzles with several solutions; the check is too weak", shape, several)
		}
	}
}

// TestBandEngineAgrees compares the band engine (NewSolver for 4x4 up to
// 16x16 but 9x9) with the generic engine on puzzles with many solutions.
func TestBandEngineAgrees(t *testing.T) {
	for _, shape := range []Shape{Shape8, Shape12, Shape16} {
		band, gen := NewSolver(shape), newGenericSolver(shape, 0)
		if band.band == nil {
			t.Fatalf("%v: NewSolver does not use the band engine", shape)
		}
		rng := rand.New(rand.NewPCG(7, uint64(shape.N())))
		sol := make([]uint8, shape.Cells())
		several, trials, holes := 0, 100, shape.Cells()*3/5
		if shape.N() == 16 {
			trials, holes = 20, shape.Cells()/2
		}
		for trial := 0; trial < trials; trial++ {
			_, p := randomPuzzle(t, gen, rng, holes+rng.IntN(shape.Cells()/10))
			if trial%4 == 0 {
				p[rng.IntN(len(p))] = uint8(1 + rng.IntN(shape.N()))
			}
			a, b := band.Count(p, 30, sol), gen.Count(p, 30, nil)
			if a != b {
				t.Fatalf("%v %s: band engine %d solutions, generic %d", shape, Grid{GeometryOf(shape), p}, a, b)
			}
			if a > 0 && !validSolution(shape, p, sol) {
				t.Fatalf("%v: bad solution", shape)
			}
			if a > 1 {
				several++
			}
		}
		if several < trials/10 {
			t.Fatalf("%v: only %d puzzles with several solutions; the check is too weak", shape, several)
		}
	}
}

func TestConflictingGivens(t *testing.T) {
	for _, shape := range Shapes {
		n := shape.N()
		for _, s := range []*Solver{NewSolver(shape), newGenericSolver(shape, 0), newGenericSolver(shape, 99)} {
			cases := map[string][2]int{
				"row": {0, 1}, "column": {0, n}, "box": {0, n + 1},
			}
			for name, c := range cases {
				p := make([]uint8, n*n)
				p[c[0]], p[c[1]] = 1, 1
				if got := s.Count(p, 2, nil); got != 0 {
					t.Errorf("%v %s conflict: Count = %d, want 0", shape, name, got)
				}
				if s.SolveAvoiding(p, 5, 2) {
					t.Errorf("%v %s conflict: SolveAvoiding true", shape, name)
				}
			}
			p := make([]uint8, n*n)
			p[3] = uint8(n + 1)
			if got := s.Count(p, 2, nil); got != 0 {
				t.Errorf("%v out-of-range value: Count = %d", shape, got)
			}
		}
	}
}

// TestEveryShape makes random puzzles of every shape and checks that the
// solver returns a valid solution containing the givens.
func TestEveryShape(t *testing.T) {
	for _, shape := range Shapes {
		s := NewSolver(shape)
		rng := rand.New(rand.NewPCG(4, uint64(shape.N())))
		sol := make([]uint8, shape.Cells())
		trials, holes := 20, shape.Cells()*3/5
		if shape.N() >= 16 {
			// Far fewer clues make the count-to-2 of a 25x25 an
			// exponential search; the generator digs with SolveAvoiding.
			trials, holes = 3, shape.Cells()*2/5
		}
		for trial := 0; trial < trials; trial++ {
			full, p := randomPuzzle(t, s, rng, holes)
			n := s.Count(p, 2, sol)
			if n < 1 || !validSolution(shape, p, sol) {
				t.Fatalf("%v: count %d, solution valid %v", shape, n, validSolution(shape, p, sol))
			}
			// The known full grid's values cannot all be avoided.
			c := rng.IntN(shape.Cells())
			if p[c] == 0 && n == 1 && s.SolveAvoiding(p, c, full[c]) {
				t.Fatalf("%v: unique puzzle has a solution avoiding its own value", shape)
			}
		}
	}
}

// TestRandomDeterministic checks that the same rng state gives the same grid.
func TestRandomDeterministic(t *testing.T) {
	for _, shape := range Shapes {
		s := NewSolver(shape)
		a, b := make([]uint8, shape.Cells()), make([]uint8, shape.Cells())
		s.Random(a, rand.New(rand.NewPCG(9, 9)), a)
		s.Random(b, rand.New(rand.NewPCG(9, 9)), b)
		if string(a) != string(b) {
			t.Fatalf("%v: Random not deterministic", shape)
		}
	}
}

// TestAPIEdges covers the documented edge cases of the API on every engine:
// sol may alias puzzle, a given at the avoided cell is honoured, a limit
// below 1 counts nothing, and a wrong-length puzzle has no solution.
func TestAPIEdges(t *testing.T) {
	for _, shape := range []Shape{Shape6, Shape9, Shape12, Shape25} {
		for _, s := range []*Solver{NewSolver(shape), newGenericSolver(shape, 1)} {
			rng := rand.New(rand.NewPCG(8, uint64(shape.N())))
			full, p := randomPuzzle(t, s, rng, shape.Cells()/3)
			q := append([]uint8(nil), p...)
			if n := s.Count(q, 2, q); n < 1 || !validSolution(shape, p, q) {
				t.Fatalf("%v: Count into the puzzle itself: n=%d, valid %v", shape, n, validSolution(shape, p, q))
			}
			c := 0
			for p[c] == 0 {
				c++
			}
			if s.SolveAvoiding(p, c, p[c]) {
				t.Errorf("%v: SolveAvoiding found a solution avoiding a given", shape)
			}
			other := p[c]%uint8(shape.N()) + 1
			if !s.SolveAvoiding(p, c, other) {
				t.Errorf("%v: SolveAvoiding(given cell, other value) = false on a solvable puzzle", shape)
			}
			if s.Count(p, 0, nil) != 0 {
				t.Errorf("%v: Count with limit 0 is not 0", shape)
			}
			if s.Count(p[:len(p)-1], 2, nil) != 0 {
				t.Errorf("%v: wrong-length puzzle counted", shape)
			}
			// A puzzle without solutions: Random's restarts must still end.
			for c := range p {
				if p[c] != 0 {
					continue
				}
				q := append([]uint8(nil), p...)
				q[c] = full[c]%uint8(shape.N()) + 1
				if s.Count(q, 1, nil) == 0 {
					if s.Random(q, rng, q) {
						t.Errorf("%v: Random solved a puzzle without solutions", shape)
					}
					break
				}
			}
			if !s.Unique(full) || s.Unique(make([]uint8, shape.Cells())) {
				t.Errorf("%v: Unique wrong on a full grid or the empty grid", shape)
			}
		}
	}
}

// TestWithinBudget checks the capped searches: with no cap or a generous
// one they agree with the uncapped calls; with a cap of 0 nodes a puzzle
// that needs branching is reported undecided.
func TestWithinBudget(t *testing.T) {
	ps := loadPuzzles(t, "sudoku/forum-hardest-1106.txt")[:50]
	for _, s := range []*Solver{NewSolver(Shape9), newGenericSolver(Shape9, 1)} {
		undecided := 0
		for _, p := range ps {
			want := s.Count(p, 2, nil)
			if n, ok := s.CountWithin(p, 2, nil, -1); !ok || n != want {
				t.Fatalf("CountWithin no cap = %d, %v; Count = %d", n, ok, want)
			}
			if n, ok := s.CountWithin(p, 2, nil, 1<<30); !ok || n != want {
				t.Fatalf("CountWithin large cap = %d, %v; Count = %d", n, ok, want)
			}
			if _, ok := s.CountWithin(p, 2, nil, 0); !ok {
				undecided++
			}
			// The puzzle is unique: no solution avoids its solution's
			// value at an empty cell.
			c := 0
			for p[c] != 0 {
				c++
			}
			sol := make([]uint8, 81)
			s.Count(p, 1, sol)
			found, ok := s.SolveAvoidingWithin(p, c, sol[c], -1)
			if !ok || found != s.SolveAvoiding(p, c, sol[c]) || found {
				t.Fatalf("SolveAvoidingWithin on a unique puzzle: found %v decided %v", found, ok)
			}
			if found, ok := s.SolveAvoidingWithin(p, c, sol[c], 0); ok && found {
				t.Fatal("SolveAvoidingWithin with no nodes found a solution avoiding the unique one")
			}
		}
		if undecided == 0 {
			t.Fatal("a cap of 0 nodes never stopped the search on the hardest puzzles")
		}
	}
}

// TestLoadSequence: the 9x9 engine keeps the last puzzle's givens and
// redoes only what changed. A walk of puzzles that differ from the one
// before in one to three cells (now and then a whole new puzzle, a repeated
// value in a unit, an out-of-range value, two cells of a row swapping
// values) must count exactly as the generic engine, which loads every
// puzzle from scratch, and as a fresh solver.
func TestLoadSequence(t *testing.T) {
	reused, gen := NewSolver(Shape9), newGenericSolver(Shape9, 0)
	rng := rand.New(rand.NewPCG(8, 1))
	_, p := randomPuzzle(t, reused, rng, 30)
	conflicts := 0
	for step := 0; step < 3000; step++ {
		switch k := rng.IntN(40); {
		case k == 0:
			_, p = randomPuzzle(t, reused, rng, 25+rng.IntN(30))
		case k == 1:
			p[rng.IntN(81)] = 10 + uint8(rng.IntN(5)) // out of range
		case k < 6: // two cells of a row swap values: a digit moves within a unit
			r, a, b := rng.IntN(9), rng.IntN(9), rng.IntN(9)
			p[r*9+a], p[r*9+b] = p[r*9+b], p[r*9+a]
		default:
			for n := 1 + rng.IntN(3); n > 0; n-- {
				c := rng.IntN(81)
				if p[c] != 0 && rng.IntN(3) > 0 {
					p[c] = 0
				} else {
					p[c] = uint8(1 + rng.IntN(9))
				}
			}
		}
		avoid, value := -1, uint8(0)
		if step%3 == 0 {
			avoid, value = rng.IntN(81), uint8(1+rng.IntN(9))
		}
		got := reused.run(p, 3, nil, nil, avoid, value, -1)
		want := gen.run(p, 3, nil, nil, avoid, value, -1)
		fresh := NewSolver(Shape9).run(p, 3, nil, nil, avoid, value, -1)
		if got != want || fresh != want {
			t.Fatalf("step %d, %s avoiding %d at %d: reused 9x9 engine %d, fresh %d, generic %d", step, Grid{GeometryOf(Shape9), p}, value, avoid, got, fresh, want)
		}
		if want == 0 { // keep the walk mostly solvable
			conflicts++
			for c, v := range p {
				if v > 9 || rng.IntN(8) == 0 {
					p[c] = 0
				}
			}
		}
	}
	if conflicts < 100 {
		t.Fatalf("only %d steps without a solution: the walk does not test rejections", conflicts)
	}
}
