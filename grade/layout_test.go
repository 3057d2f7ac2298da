package grade

import (
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// layoutSolve counts the solutions of values on l up to limit by plain
// backtracking over the layout's sees relation (an independent check: it
// uses Peers only, none of the grader's finders), and returns the first.
func layoutSolve(l *Layout, values []uint8, limit int) ([]uint8, int) {
	b := newPeerBoard(l, values)
	var first []uint8
	n := 0
	var rec func() bool
	rec = func() bool {
		best, bestM := b.choose()
		if best == -2 {
			return false
		}
		if best < 0 {
			n++
			if first == nil {
				first = slices.Clone(b.v)
			}
			return n >= limit
		}
		for m := bestM; m != 0; m &= m - 1 {
			b.set(best, uint8(bits.TrailingZeros32(m)+1))
			if rec() {
				return true
			}
			b.set(best, 0)
		}
		return false
	}
	rec()
	return first, n
}

// peerBoard is the backtracking state of layoutSolve and fillRandom: the
// values, and per cell how many of the cells in its Peers hold each digit
// (kept as values are set, so that a cell's free digits are read without
// walking its peers: the same choices as walking them, in a tenth of the
// time).
type peerBoard struct {
	l     *Layout
	v     []uint8
	seen  [][]uint8 // seen[c][d]: cells of Peers[c] holding digit d+1
	mask  []uint32  // digits held by some cell of Peers[c]
	watch [][]int   // watch[x]: the cells whose Peers hold x
}

func newPeerBoard(l *Layout, values []uint8) *peerBoard {
	b := &peerBoard{l: l, v: make([]uint8, len(values)), seen: make([][]uint8, len(values)),
		mask: make([]uint32, len(values)), watch: make([][]int, len(values))}
	for c := range values {
		b.seen[c] = make([]uint8, 32)
		for _, p := range l.Peers[c] {
			b.watch[p] = append(b.watch[p], c)
		}
	}
	for c, d := range values {
		if d != 0 {
			b.set(c, d)
		}
	}
	return b
}

// set puts d in cell x (0: empties it).
func (b *peerBoard) set(x int, d uint8) {
	if old := b.v[x]; old != 0 {
		for _, c := range b.watch[x] {
			if b.seen[c][old-1]--; b.seen[c][old-1] == 0 {
				b.mask[c] &^= 1 << (old - 1)
			}
		}
	}
	b.v[x] = d
	if d != 0 {
		for _, c := range b.watch[x] {
			if b.seen[c][d-1]++; b.seen[c][d-1] == 1 {
				b.mask[c] |= 1 << (d - 1)
			}
		}
	}
}

// choose returns the first empty used cell with the fewest free digits and
// those digits; -1 when every cell is filled, -2 when a cell has none.
func (b *peerBoard) choose() (int, uint32) {
	best, bestM, bestC := -1, uint32(0), 99
	for c := range b.v {
		if b.v[c] != 0 || (b.l.Used != nil && !b.l.Used[c]) {
			continue
		}
		m := b.l.All &^ b.mask[c]
		if k := bits.OnesCount32(m); k < bestC {
			best, bestM, bestC = c, m, k
			if k == 0 {
				return -2, 0
			}
		}
	}
	return best, bestM
}

// fillRandom fills the empty grid v with a solution of l: a depth-first
// search taking the cell with fewest candidates, values in random order.
// False when it finds none within limit nodes (0: no limit).
func fillRandom(l *Layout, v []uint8, rng *rand.Rand, limit int) bool {
	b := newPeerBoard(l, v)
	nodes := 0
	var fill func() bool
	fill = func() bool {
		if nodes++; limit > 0 && nodes > limit {
			return false
		}
		best, bestM := b.choose()
		if best == -2 {
			rng.Perm(l.N) // the draw a dead end always made: the same stream, the same grids
			return false
		}
		if best < 0 {
			return true
		}
		for _, d := range rng.Perm(l.N) {
			if bestM&(1<<d) != 0 {
				b.set(best, uint8(d+1))
				if fill() {
					return true
				}
			}
		}
		b.set(best, 0)
		return false
	}
	ok := fill()
	copy(v, b.v)
	return ok
}

// layoutPuzzle makes a puzzle with one solution on l: a random full grid
// (backtracking in random digit order), then givens removed in random
// order while the solution stays unique.
func layoutPuzzle(l *Layout, rng *rand.Rand) (puzzle, sol []uint8) {
	v := make([]uint8, l.Cells)
	if !fillRandom(l, v, rng, 0) {
		panic("layout without a solution")
	}
	sol = slices.Clone(v)
	for _, c := range rng.Perm(l.Cells) {
		if v[c] == 0 {
			continue
		}
		d := v[c]
		v[c] = 0
		if _, n := layoutSolve(l, v, 2); n != 1 {
			v[c] = d
		}
	}
	return v, sol
}

// partGrid is a state part-way through puzzle p on l: the givens plus
// each other cell of the solution with chance 1/oneIn, candidates from
// the sees relation.
func partGrid(t *testing.T, l *Layout, p, sol []uint8, oneIn int, rng *rand.Rand) *Grid {
	t.Helper()
	v := slices.Clone(p)
	for c := range v {
		if v[c] == 0 && rng.IntN(oneIn) == 0 {
			v[c] = sol[c]
		}
	}
	g, err := NewLayoutGrid(l, v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// testLayouts are non-classic layouts: X-sudoku (the two diagonals as
// extra houses), windoku (four extra 3x3 windows) and anti-knight (extra
// sees pairs).
func testLayouts(t testing.TB) map[string]*Layout {
	t.Helper()
	diag := func(geo *sudoku.Geometry) [][]int {
		n := geo.N
		var a, b []int
		for i := 0; i < n; i++ {
			a = append(a, i*n+i)
			b = append(b, i*n+n-1-i)
		}
		return [][]int{a, b}
	}
	knight := func(geo *sudoku.Geometry) [][2]int {
		n := geo.N
		var out [][2]int
		for c := 0; c < geo.Cells; c++ {
			r, col := c/n, c%n
			for _, d := range [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}} {
				r2, c2 := r+d[0], col+d[1]
				if r2 < n && c2 >= 0 && c2 < n {
					out = append(out, [2]int{c, r2*n + c2})
				}
			}
		}
		return out
	}
	g9 := sudoku.GeometryOf(sudoku.Shape9)
	var windows [][]int
	for _, o := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {5, 5}} {
		var w []int
		for i := 0; i < 9; i++ {
			w = append(w, (o[0]+i/3)*9+o[1]+i%3)
		}
		windows = append(windows, w)
	}
	specs := map[string]LayoutSpec{
		"x-sudoku":    {Classic: g9, Houses: diag(g9)},
		"windoku":     {Classic: g9, Houses: windows},
		"anti-knight": {Classic: g9, Sees: knight(g9)},
	}
	out := map[string]*Layout{}
	for name, spec := range specs {
		l, err := NewLayout(spec)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if l.Plain() {
			t.Fatalf("%s: layout with extra constraints reports Plain", name)
		}
		out[name] = l
	}
	return out
}

// TestLayoutErrors checks that NewLayout names what is wrong.
func TestLayoutErrors(t *testing.T) {
	g4 := sudoku.GeometryOf(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	for _, tc := range []struct {
		name string
		spec LayoutSpec
	}{
		{"short house", LayoutSpec{Classic: g4, Houses: [][]int{{0, 1, 2}}}},
		{"cell twice", LayoutSpec{Classic: g4, Houses: [][]int{{0, 1, 2, 2}}}},
		{"cell off board", LayoutSpec{Classic: g4, Houses: [][]int{{0, 1, 2, 16}}}},
		{"self pair", LayoutSpec{Classic: g4, Sees: [][2]int{{3, 3}}}},
		{"no digits", LayoutSpec{N: 0, Cells: 4}},
		{"mask length", LayoutSpec{N: 2, Cells: 4, Used: []bool{true}}},
		{"unused cell in house", LayoutSpec{N: 2, Cells: 4, Houses: [][]int{{0, 1}}, Used: []bool{true, false, true, true}}},
	} {
		if _, err := NewLayout(tc.spec); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	if !ClassicLayout(g4).Plain() {
		t.Error("classic layout is not Plain")
	}
}

// plainLayout4x5 is a layout with no classic frame: a 4x5 board, column 4
// unused; its houses are the 4x4 square's rows, columns and 2x2 boxes,
// given as plain lists.
func plainLayout4x5(t *testing.T) *Layout {
	t.Helper()
	const w = 5
	used := make([]bool, 4*w)
	var houses [][]int
	for r := 0; r < 4; r++ {
		var row, col, box []int
		for i := 0; i < 4; i++ {
			row = append(row, r*w+i)
			col = append(col, i*w+r)
			box = append(box, (r/2*2+i/2)*w+r%2*2+i%2)
		}
		houses = append(houses, row, col, box)
	}
	for c := range used {
		used[c] = c%w != 4
	}
	l, err := NewLayout(LayoutSpec{N: 4, Cells: 4 * w, Houses: houses, Used: used})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLayoutPlainData builds a layout with no classic frame from plain
// data (a 4x4 board with its rows, columns and boxes given as lists, and
// two unused cells of a 5-cell-wide board) and solves puzzles on it with
// both profiles: the houses finders alone must fill it, every step true.
func TestLayoutPlainData(t *testing.T) {
	l := plainLayout4x5(t)
	rng := rand.New(rand.NewPCG(4, 5))
	for i := 0; i < 20; i++ {
		p, sol := layoutPuzzle(l, rng)
		for _, prof := range []*Profile{SEProfile(), HoDoKuProfile()} {
			g, err := NewLayoutGrid(l, p)
			if err != nil {
				t.Fatal(err)
			}
			res, err := NewEngine(prof).Solve(g, Options{Solution: sol})
			if err != nil {
				t.Fatalf("%s %v: %v", prof.Name, p, err)
			}
			if !res.Solved || !slices.Equal(g.Values, sol) {
				t.Fatalf("%s %v: not solved (%d of %d filled)", prof.Name, p, res.Filled, 16)
			}
		}
	}
}

// TestHousesFindersBruteForce checks every technique marked Houses on
// non-classic layouts against brute force: on grids part-way through a
// solve, each finder's eliminations and placements (HoDoKu and SE scan)
// must be exactly those the technique's definition gives when every
// house of the layout is tried, and every step of full solves with both
// profiles must agree with the puzzle's solution.
func TestHousesFindersBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2))
	extraUsed := 0
	per := 1 // puzzles per layout; SUDOGEN_LONG=1: 8
	if os.Getenv("SUDOGEN_LONG") != "" {
		per = 8
	}
	for _, name := range slices.Sorted(maps.Keys(testLayouts(t))) {
		l := testLayouts(t)[name]
		for i := 0; i < per; i++ {
			p, sol := layoutPuzzle(l, rng)
			for _, prof := range []*Profile{SEProfile(), HoDoKuProfile()} {
				g, _ := NewLayoutGrid(l, p)
				res, err := NewEngine(prof).Solve(g, Options{Solution: sol, KeepSteps: true})
				if err != nil {
					t.Fatalf("%s %s: %v", name, prof.Name, err)
				}
				for _, s := range res.Steps {
					if !onLayouts(s.Tech) {
						t.Fatalf("%s %s: step %s on a variant layout is neither a houses nor a frame technique", name, prof.Name, s.Tech)
					}
					for _, u := range s.Units {
						if u >= 3*l.Geo.N {
							extraUsed++
						}
					}
				}
			}
			// states part-way: the givens plus a random share of the
			// solution, candidates from the sees relation
			for k := 0; k < 4; k++ {
				checkHousesFinders(t, name, partGrid(t, l, p, sol, 3, rng))
			}
		}
	}
	if extraUsed == 0 {
		t.Error("no step used an extra house: the finders do not see them")
	}
}

// checkHousesFinders compares the houses finders with brute force on g.
func checkHousesFinders(t *testing.T, name string, g *Grid) {
	t.Helper()
	l := g.L
	want := map[string]map[Candidate]bool{}
	add := func(tech string, c Candidate) {
		if want[tech] == nil {
			want[tech] = map[Candidate]bool{}
		}
		want[tech][c] = true
	}
	for c, m := range g.Cand {
		if bits.OnesCount32(m) == 1 {
			add("naked-single", Candidate{c, digitOf(m)})
		}
	}
	for _, h := range l.Houses {
		var empty []int
		for _, c := range h {
			if g.Values[c] == 0 {
				empty = append(empty, c)
			}
		}
		if len(empty) == 1 {
			var used uint32
			for _, c := range h {
				if g.Values[c] != 0 {
					used |= 1 << (g.Values[c] - 1)
				}
			}
			if m := l.All &^ used; g.Cand[empty[0]]&m != 0 {
				add("full-house", Candidate{empty[0], digitOf(m)})
			}
		}
		for d := 0; d < l.N; d++ {
			var at []int
			for _, c := range h {
				if g.Cand[c]&(1<<d) != 0 {
					at = append(at, c)
				}
			}
			if len(at) == 1 && len(empty) > 0 {
				add("hidden-single", Candidate{at[0], uint8(d + 1)})
			}
		}
		for k := 2; k <= 4; k++ {
			// naked: k empty cells with 2..k candidates, k digits together
			forSubsets(len(empty), k, func(pick []int) {
				var u uint32
				for _, i := range pick {
					n := bits.OnesCount32(g.Cand[empty[i]])
					if n < 2 || n > k {
						return
					}
					u |= g.Cand[empty[i]]
				}
				if bits.OnesCount32(u) != k {
					return
				}
				for i, c := range empty {
					if !slices.Contains(pick, i) {
						for m := g.Cand[c] & u; m != 0; m &= m - 1 {
							add(subsetTech[0][k], Candidate{c, digitOf(m)})
						}
					}
				}
			})
			// hidden: k digits with 2..k places, k cells together, in a
			// house with more than k empty cells
			if len(empty) <= k {
				continue
			}
			forSubsets(l.N, k, func(pick []int) {
				var digits uint32
				var cells []int
				for _, d := range pick {
					n := 0
					for _, c := range h {
						if g.Cand[c]&(1<<d) != 0 {
							n++
							if !slices.Contains(cells, c) {
								cells = append(cells, c)
							}
						}
					}
					if n < 2 || n > k {
						return
					}
					digits |= 1 << d
				}
				if len(cells) != k {
					return
				}
				for _, c := range cells {
					for m := g.Cand[c] &^ digits; m != 0; m &= m - 1 {
						add(subsetTech[1][k], Candidate{c, digitOf(m)})
					}
				}
			})
		}
	}
	// locked candidates: a digit whose places (>= 2) in one house all lie
	// in another leaves the rest of that one (pointing and claiming
	// between them find every pair)
	for h1, cells1 := range l.Houses {
		for d := 0; d < l.N; d++ {
			var at []int
			for _, c := range cells1 {
				if g.Cand[c]&(1<<d) != 0 {
					at = append(at, c)
				}
			}
			if len(at) < 2 {
				continue
			}
			for h2, cells2 := range l.Houses {
				if h2 == h1 || slices.ContainsFunc(at, func(c int) bool { return !slices.Contains(cells2, c) }) {
					continue
				}
				for _, c := range cells2 {
					if g.Cand[c]&(1<<d) != 0 && !slices.Contains(cells1, c) {
						add("locked", Candidate{c, uint8(d + 1)})
					}
				}
			}
		}
	}
	// XY-Wing: a pivot {x,y} seeing bivalue pincers {x,z} and {y,z}
	// leaves z out of every other cell seeing both pincers; XYZ-Wing: a
	// pivot {x,y,z} seeing two different bivalue pincers inside it that
	// share z leaves z out of every cell seeing all three
	sees := func(a, b int) bool { return slices.Contains(l.Peers[a], b) }
	for p, pm := range g.Cand {
		for _, a := range l.Peers[p] {
			for _, b := range l.Peers[p] {
				am, bm := g.Cand[a], g.Cand[b]
				if a == b || bits.OnesCount32(am) != 2 || bits.OnesCount32(bm) != 2 || am == bm {
					continue
				}
				z := am & bm
				tech := ""
				switch {
				case bits.OnesCount32(pm) == 2 && bits.OnesCount32(z) == 1 && z&pm == 0 && am^bm == pm:
					tech = "xy-wing"
				case bits.OnesCount32(pm) == 3 && (am|bm) == pm:
					tech = "xyz-wing"
				default:
					continue
				}
				for c, cm := range g.Cand {
					if cm&z != 0 && c != p && sees(c, a) && sees(c, b) && (tech == "xy-wing" || sees(c, p)) {
						add(tech, Candidate{c, digitOf(z)})
					}
				}
			}
		}
	}
	// basic fish: k base lines (rows of the square board, or columns)
	// sharing no cell, holding the digit in 1..k places each, whose
	// places k cover lines hold together, leave the rest of the cover
	// lines and the places in two cover lines
	for _, lines := range boardLines(l) {
		base, cover := lines[0], lines[1]
		for k := 2; k <= 4; k++ {
			tech := [...]string{"", "", "x-wing", "swordfish", "jellyfish"}[k]
			for d := 0; d < l.N; d++ {
				var places [][]int // per base line holding the digit 1..k times
				for _, h := range base {
					var at []int
					for _, c := range l.Houses[h] {
						if g.Cand[c]&(1<<d) != 0 {
							at = append(at, c)
						}
					}
					if len(at) > 0 && len(at) <= k {
						places = append(places, at)
					}
				}
				forSubsets(len(places), k, func(pick []int) {
					var cells []int
					for _, b := range pick {
						for _, c := range places[b] {
							if slices.Contains(cells, c) {
								return
							}
							cells = append(cells, c)
						}
					}
					var meet []int // the cover lines holding a base cell
					for _, h := range cover {
						if slices.ContainsFunc(l.Houses[h], func(c int) bool { return slices.Contains(cells, c) }) {
							meet = append(meet, h)
						}
					}
					in := make([]int, l.Cells) // cover lines holding each cell
					forSubsets(len(meet), k, func(cp []int) {
						clear(in)
						for _, i := range cp {
							for _, c := range l.Houses[meet[i]] {
								if g.Cand[c]&(1<<d) != 0 {
									in[c]++
								}
							}
						}
						for _, c := range cells {
							if in[c] == 0 {
								return
							}
						}
						for c, times := range in {
							if times > 0 && (!slices.Contains(cells, c) || times > 1) {
								add(tech, Candidate{c, uint8(d + 1)})
							}
						}
					})
				})
			}
		}
	}
	for _, sc := range []Scan{ScanHoDoKu, ScanSE} {
		got := map[Candidate]bool{}
		for _, id := range []string{"pointing", "claiming"} {
			for _, s := range All(mustTech(id).Finder(sc), g) {
				for _, x := range s.Eliminations {
					got[x] = true
				}
			}
		}
		if d := diffCands(got, want["locked"]); d != "[]" {
			t.Errorf("%s locked candidates scan %d: finder %d, brute force %d: %s", name, sc, len(got), len(want["locked"]), d)
		}
	}
	for _, tech := range techList {
		if !tech.Houses || tech.Find == nil || tech.Family == "intersections" || tech.Family == "exclusion" || tech.Family == "chains" {
			continue // exclusion and chains: checked against the solution (checkSound)
		}
		for _, sc := range []Scan{ScanHoDoKu, ScanSE} {
			got := map[Candidate]bool{}
			for _, s := range All(tech.Finder(sc), g) {
				for _, x := range append(s.Placements, s.Eliminations...) {
					got[x] = true
				}
			}
			w := want[tech.ID]
			if sc == ScanSE && (tech.Family == "subsets" || tech.Family == "fish") {
				// SE's pruning (2k empty cells, digits placed at most
				// N-2k times) finds a subset of these
				for x := range got {
					if !w[x] {
						t.Errorf("%s %s SE: %v not found by brute force", name, tech.ID, x)
					}
				}
				continue
			}
			if tech.ID == "hidden-single" && sc == ScanSE {
				continue // SE leaves last cells of a house to full house
			}
			if d := diffCands(got, w); d != "[]" {
				t.Errorf("%s %s scan %d: finder %d results, brute force %d: %s", name, tech.ID, sc, len(got), len(w), d)
			}
		}
	}
}

func diffCands(a, b map[Candidate]bool) string {
	var out []string
	for x := range a {
		if !b[x] {
			out = append(out, fmt.Sprintf("+%v", x))
		}
	}
	for x := range b {
		if !a[x] {
			out = append(out, fmt.Sprintf("-%v", x))
		}
	}
	slices.Sort(out)
	return fmt.Sprint(out)
}

// forSubsets calls f with every k-subset of 0..n-1 (ascending).
func forSubsets(n, k int, f func([]int)) {
	pick := make([]int, k)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == k {
			f(pick)
			return
		}
		for x := from; x < n; x++ {
			pick[i] = x
			rec(i+1, x+1)
		}
	}
	rec(0, 0)
}

// onLayouts reports whether technique id runs on a variant layout with a
// classic frame: marked Houses or Frame (or made by such a finder).
func onLayouts(id string) bool {
	d := techByID(id)
	if d != nil && d.MadeBy != "" {
		d = techByID(d.MadeBy)
	}
	return d != nil && (d.Houses || d.Frame)
}

// boardLines returns the rows and the columns of a square board's layout
// (houses whose cells share a row, or a column, of the board), as
// {rows, columns} and {columns, rows}.
func boardLines(l *Layout) [2][2][]int {
	w := 1
	for w*w < l.Cells {
		w++
	}
	var rows, cols []int
	for h, cells := range l.Houses {
		sameRow, sameCol := true, true
		for _, c := range cells {
			sameRow = sameRow && c/w == cells[0]/w
			sameCol = sameCol && c%w == cells[0]%w
		}
		if sameRow {
			rows = append(rows, h)
		}
		if sameCol {
			cols = append(cols, h)
		}
	}
	return [2][2][]int{{rows, cols}, {cols, rows}}
}

// TestResetLayoutGrid checks that a grid reused through ResetLayoutGrid
// (after a solve left it filled) equals NewLayoutGrid's for the next
// puzzle, and grades the same: on a frameless layout with an unused
// column, puzzles in turn through one grid.
func TestResetLayoutGrid(t *testing.T) {
	l := plainLayout4x5(t)
	rng := rand.New(rand.NewPCG(6, 7))
	var reused *Grid
	for i := 0; i < 20; i++ {
		p, sol := layoutPuzzle(l, rng)
		fresh, err := NewLayoutGrid(l, p)
		if err != nil {
			t.Fatal(err)
		}
		if reused, err = ResetLayoutGrid(reused, l, p); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(fresh.Values, reused.Values) || !slices.Equal(fresh.Cand, reused.Cand) ||
			!slices.Equal(fresh.Given, reused.Given) || fresh.Empty != reused.Empty {
			t.Fatalf("%v: reset grid differs from a new one", p)
		}
		want, err := NewEngine(SEProfile()).Solve(fresh, Options{Solution: sol})
		if err != nil {
			t.Fatal(err)
		}
		got, err := NewEngine(SEProfile()).Solve(reused, Options{Solution: sol})
		if err != nil {
			t.Fatal(err)
		}
		if got.ER != want.ER || got.Solved != want.Solved || !slices.Equal(reused.Values, sol) {
			t.Fatalf("%v: reused grid rated %v (solved %v), new %v", p, got.ER, got.Solved, want.ER)
		}
	}
	// the reset from the givens' peers against Reset's from every cell's,
	// on layouts with extra houses, sees pairs and no frame: random
	// values (Reset does not read conflicts), sparse to dense
	layouts := testLayouts(t)
	for name, fl := range framelessLayouts(t) {
		layouts[name] = fl
	}
	for name, ll := range layouts {
		for trial := 0; trial < 50; trial++ {
			v := make([]uint8, ll.Cells)
			fill := rng.IntN(ll.Cells)
			for c := range v {
				if rng.IntN(ll.Cells) < fill && (ll.Used == nil || ll.Used[c]) {
					v[c] = uint8(rng.IntN(ll.N) + 1)
				}
			}
			want := &Grid{Geo: ll.Geo, L: ll, Values: slices.Clone(v), Cand: make([]uint32, ll.Cells)}
			want.Reset()
			got, err := ResetLayoutGrid(reused, ll, v)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(want.Cand, got.Cand) || !slices.Equal(want.Given, got.Given) || want.Empty != got.Empty {
				t.Fatalf("%s trial %d: reset from the givens differs from Reset", name, trial)
			}
			reused = got
		}
	}
	bad := make([]uint8, l.Cells)
	bad[4] = 1 // the unused column
	if _, err := ResetLayoutGrid(reused, l, bad); err == nil {
		t.Fatal("a given on an unused cell was taken")
	}
}
