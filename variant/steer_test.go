package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// singlesKeep is a Keep written from the naive model, not from Geometry:
// it fills naked singles (a cell whose differ-peers and non-consecutive
// neighbours leave one value) and hidden singles of the rows, columns and
// boxes until none is left, and accepts the puzzle when the grid is full
// and keeps every rule (which proves it unique).
func singlesKeep(m naiveModel) func(*Geometry, []uint8) bool { return singlesKeepOf(m, true) }

// hiddenKeep is singlesKeep without naked singles: a ladder of hidden
// singles (and full houses) in the rows, columns and boxes.
func hiddenKeep(m naiveModel) func(*Geometry, []uint8) bool { return singlesKeepOf(m, false) }

// singlesKeepOf is singlesKeep, with naked singles or without.
func singlesKeepOf(m naiveModel, naked bool) func(*Geometry, []uint8) bool {
	pc := plainFromNaive(m)
	can := func(grid []int, i, w int) bool {
		if grid[i] != 0 {
			return false
		}
		for _, p := range pc.differ[i] {
			if grid[p] == w {
				return false
			}
		}
		for _, p := range pc.nc[i] {
			if grid[p] != 0 && abs(grid[p]-w) == 1 {
				return false
			}
		}
		return true
	}
	return func(_ *Geometry, cells []uint8) bool {
		grid := toInts(cells)
		for progress := true; progress; {
			progress = false
			for i := range grid {
				if !naked {
					break
				}
				free := 0
				for w := 1; w <= m.n; w++ {
					if can(grid, i, w) {
						if free != 0 {
							free = -1
							break
						}
						free = w
					}
				}
				if free > 0 {
					grid[i], progress = free, true
				}
			}
			for _, h := range pc.houses {
				for w := 1; w <= m.n; w++ {
					at, n := -1, 0
					for _, i := range h {
						if can(grid, i, w) {
							at, n = i, n+1
						}
					}
					if n == 1 {
						grid[at], progress = w, true
					}
				}
			}
		}
		for _, v := range grid {
			if v == 0 {
				return false
			}
		}
		return pc.validFull(grid)
	}
}

// TestSteeredDig: a dig steered by Keep (here singles, from the naive
// model) still makes unique, minimal puzzles (the plain counter checks
// both), and each is one Keep accepts, with the KeepSingles shortcut
// too where Keep has the singles it takes (the test's hidden singles see
// rows, columns and boxes only: not with X or windoku).
func TestSteeredDig(t *testing.T) {
	for _, tc := range []struct {
		size     int
		variants []string
		singles  Single
		count    int
		full     bool // minimality checked given by given
	}{
		{6, []string{X}, NoSingle, 4, true},
		{6, []string{AntiKnight}, NakedSingle, 3, true},
		{6, []string{NonConsecutive}, HiddenSingle, 2, true},
		{9, []string{AntiKing}, NakedSingle, 2, false},
		{9, []string{Windoku}, NoSingle, 2, false},
	} {
		m := newNaive(tc.size, tc.variants, "")
		keep := singlesKeep(m)
		calls := 0
		gen, err := NewGenerator(Spec{Size: tc.size, Variants: tc.variants}, Options{
			Keep:        func(g *Geometry, c []uint8) bool { calls++; return keep(g, c) },
			KeepSingles: tc.singles,
		})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, uint64(tc.size)))
		for i := range tc.count {
			p, err := gen.Generate(rng)
			if err != nil {
				t.Fatalf("%v %dx%d: %v", tc.variants, tc.size, tc.size, err)
			}
			if !p.Minimal {
				t.Fatalf("%v %dx%d #%d: not minimal", tc.variants, tc.size, tc.size, i)
			}
			checkPuzzle(t, "steered", plainFromNaive(m), p, tc.full)
			if !keep(p.Geometry, p.Puzzle) {
				t.Errorf("%v %dx%d #%d: singles do not solve the steered puzzle", tc.variants, tc.size, tc.size, i)
			}
		}
		if calls == 0 {
			t.Errorf("%v: Keep never asked", tc.variants)
		}
	}
}

// TestSwapDig: on a geometry with sees cells a strict steered dig that
// leaves Keep's reach swaps givens (swapIn, redig) instead of being
// dropped, up to its bound. Each full solution is dug in the same order
// with no swaps, one swap and SwapMoves (and, on anti-knight, twice that):
// the digs draw the same until a bound stops one, so a dig kept with
// fewer swaps is kept with more, as the same puzzle; a puzzle only a
// swapping dig returns is unique and minimal (the plain counter, given by
// given) and one Keep (singles, from the naive model) accepts. It fails
// when no swap ever rescues a dig (as when the swaps are ignored), or
// when on anti-knight a larger bound rescues no dig a smaller one
// dropped (as when the bound is not honoured).
func TestSwapDig(t *testing.T) {
	for _, tc := range []struct {
		size     int
		variants []string
		digs     int
	}{
		{6, []string{AntiKnight}, 150},
		{9, []string{AntiKing}, 60},
	} {
		m := newNaive(tc.size, tc.variants, "")
		keepFn := singlesKeep(m)
		g, err := Build(Spec{Size: tc.size, Variants: tc.variants})
		if err != nil {
			t.Fatal(err)
		}
		s := NewSolver(g)
		rng := rand.New(rand.NewPCG(9, uint64(tc.size)))
		// The plain swaps' bounds: anti-knight dug by peers (in random
		// order its swaps skip back: TestSwapSkipBack).
		bounds := []int{0, 1, SwapMoves(tc.variants, DigPeers)}
		if has(tc.variants, AntiKnight) {
			bounds = append(bounds, 2*SwapMoves(tc.variants, DigPeers))
		}
		kept := make([]int, len(bounds))
		for i := range tc.digs {
			sol := make([]uint8, g.Cells())
			s.SetLimit(5_000)
			for !s.Random(rng, nil, sol) {
			}
			s.SetLimit(0)
			seed := rng.Uint64()
			var prev []uint8 // the puzzle kept with the last bound
			for b, bound := range bounds {
				k := keeper{keep: keepFn, singles: NakedSingle, buf: make([]uint8, len(sol)), swaps: bound}
				name := fmt.Sprintf("%v %dx%d dig %d, %d swaps", tc.variants, tc.size, tc.size, i, bound)
				p, ok := digMonotone(t, name, g, s, sol, seed, k, prev)
				if !ok {
					continue
				}
				kept[b]++
				if prev == nil && b > 0 {
					if !p.Minimal {
						t.Fatalf("%s: not minimal", name)
					}
					checkPuzzle(t, name, plainFromNaive(m), p, true)
					if !keepFn(g, p.Puzzle) {
						t.Fatalf("%s: Keep refuses the puzzle", name)
					}
				}
				prev = p.Puzzle
			}
		}
		t.Logf("%v %dx%d: %d digs, kept with %v swaps: %v", tc.variants, tc.size, tc.size, tc.digs, bounds, kept)
		if kept[len(kept)-1] == kept[0] {
			t.Errorf("%v %dx%d: no dig rescued by a swap", tc.variants, tc.size, tc.size)
		}
		if has(tc.variants, AntiKnight) && kept[2] == kept[1] {
			t.Errorf("%v %dx%d: %d swaps rescue no dig more than one", tc.variants, tc.size, tc.size, bounds[2])
		}
	}
}

// digMonotone digs sol strictly with k (rng from seed) and checks it
// against prev, the puzzle the same dig kept with a smaller swap bound
// (nil: none): a dig kept with fewer swaps is kept with more, as the
// same puzzle. It returns the puzzle and whether the dig kept it.
func digMonotone(t *testing.T, name string, g *Geometry, s *Solver, sol []uint8, seed uint64, k keeper, prev []uint8) (Puzzle, bool) {
	t.Helper()
	p, ok := dig(g, s, sol, nil, rand.New(rand.NewPCG(seed, 1)), k, true, false)
	switch {
	case prev != nil && !ok:
		t.Fatalf("%s: dropped, kept with fewer", name)
	case prev != nil && !slices.Equal(prev, p.Puzzle):
		t.Fatalf("%s: another puzzle than with fewer", name)
	}
	return p, ok
}

// TestProbeBoundSame: the node bound of a steered dig's second-solution
// probe moves cost only: a second solution it misses makes Keep refuse,
// and the last pass finds the given needed. Digs of 9x9 anti-knight (with
// swaps) and X steered by the logic closure, with probe bounds 1, 16 and
// 64 and their own (none on anti-knight: refuteKnight), return the same
// puzzles. It fails when a board without a probe counts one as having
// found a second solution.
func TestProbeBoundSame(t *testing.T) {
	defer func() { refuteOverride = 0 }()
	for _, vs := range [][]string{{AntiKnight}, {X}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		ks := NewSolver(g) // Keep: the logic closure (it proves uniqueness)
		keep := func(_ *Geometry, c []uint8) bool { return ks.LogicSolves(c, LogicTop) }
		var first []string
		for _, bound := range []int64{1, 16, 64, 0} { // 0: the board's own (none on anti-knight)
			refuteOverride = bound
			gen, err := NewGenerator(Spec{Size: 9, Variants: vs}, Options{Keep: keep, KeepSingles: NakedSingle, KeepSwaps: SwapMoves(vs, DigRandom)})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(8, 8))
			for i := range 2 {
				p, err := gen.Generate(rng)
				if err != nil {
					t.Fatal(err)
				}
				got := fmt.Sprint(p.Puzzle)
				if bound == 1 {
					first = append(first, got)
				} else if got != first[i] {
					t.Fatalf("%v puzzle %d: bound %d gives %s, bound 1 %s", vs, i, bound, got, first[i])
				}
			}
		}
	}
}

// TestSwapSkipBack: with skipBack (Options.SwapsSkipBack) a strict
// steered dig makes no swap that puts back the given its pass just
// removed; a pass that ends after one is stuck, and the dig is dropped,
// or with kicks (Options.KeepKicks) kicked. Each full solution of 6x6
// anti-knight is dug in the same order plainly, with the skip, and with
// the skip and Kicks (Keep: singles from the naive model), at bounds 0,
// 1 and SwapMoves: in each way a dig kept with fewer swaps is kept with
// more as the same puzzle, and every puzzle kept is unique and minimal
// (the plain counter, given by given) and one Keep accepts; a dig kept
// without swaps is the same puzzle every way, and one kept with the
// skip is the same with kicks (a kick only comes where the dig was
// dropped). It fails when a stuck dig is returned instead of dropped (a
// given can go), when the skip is never taken (every dig the same as
// without it), and when no kick is made or a kick is made on a dig
// that was not stuck.
func TestSwapSkipBack(t *testing.T) {
	const size, digs = 6, 150
	vs := []string{AntiKnight}
	for _, c := range []struct {
		variants []string
		order    string
		want     bool
	}{
		{vs, DigRandom, true}, {vs, "", true}, {[]string{X, AntiKnight}, DigRandom, true},
		{vs, DigPeers, false}, {[]string{AntiKing}, DigRandom, false}, {[]string{X}, DigRandom, false},
	} {
		if got := SwapSkipsBack(c.variants, c.order); got != c.want {
			t.Errorf("SwapSkipsBack(%v, %q) = %v, want %v", c.variants, c.order, got, c.want)
		}
		if got := Kicks(c.variants, c.order) > 0; got != c.want {
			t.Errorf("Kicks(%v, %q) = %d", c.variants, c.order, Kicks(c.variants, c.order))
		}
	}
	if SwapMoves(vs, DigPeers) != 12 || SwapMoves(vs, DigRandom) != 200 || SwapMoves([]string{AntiKing}, DigRandom) != 2 {
		t.Errorf("SwapMoves: anti-knight by peers %d, in random order %d, anti-king %d", SwapMoves(vs, DigPeers), SwapMoves(vs, DigRandom), SwapMoves([]string{AntiKing}, DigRandom))
	}
	m := newNaive(size, vs, "")
	keepFn := singlesKeep(m)
	pc := plainFromNaive(m)
	g, err := Build(Spec{Size: size, Variants: vs})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSolver(g)
	rng := rand.New(rand.NewPCG(19, 6))
	bounds := []int{0, 1, SwapMoves(vs, DigRandom)}
	ways := []struct {
		name  string
		skip  bool
		kicks int
	}{{"plain", false, 0}, {"skip", true, 0}, {"kicks", true, Kicks(vs, DigRandom)}}
	kept := make([][3]int, len(ways))
	differ := 0
	for i := range digs {
		sol := make([]uint8, g.Cells())
		s.SetLimit(5_000)
		for !s.Random(rng, nil, sol) {
		}
		s.SetLimit(0)
		seed := rng.Uint64()
		got := make([][]uint8, len(ways))  // at the largest bound
		none := make([][]uint8, len(ways)) // without swaps
		for w, way := range ways {
			var prev []uint8
			for b, bound := range bounds {
				k := keeper{keep: keepFn, singles: NakedSingle, buf: make([]uint8, len(sol)), swaps: bound, skipBack: way.skip, kicks: way.kicks}
				name := fmt.Sprintf("dig %d, %s, %d swaps", i, way.name, bound)
				p, ok := digMonotone(t, name, g, s, sol, seed, k, prev)
				if !ok {
					continue
				}
				kept[w][b]++
				if !p.Minimal {
					t.Fatalf("%s: not said minimal", name)
				}
				checkPuzzle(t, name, pc, p, true)
				if !keepFn(g, p.Puzzle) {
					t.Fatalf("%s: Keep refuses the puzzle", name)
				}
				prev = p.Puzzle
				if b == 0 {
					none[w] = p.Puzzle
				}
				if b == len(bounds)-1 {
					got[w] = p.Puzzle
				}
			}
		}
		if !slices.Equal(got[0], got[1]) {
			differ++
		}
		if !slices.Equal(none[0], none[1]) || !slices.Equal(none[0], none[2]) {
			t.Fatalf("dig %d without swaps: another puzzle with the skip or kicks", i)
		}
		if got[1] != nil && !slices.Equal(got[1], got[2]) {
			t.Fatalf("dig %d: kept with the skip, another puzzle with kicks", i)
		}
	}
	t.Logf("%d digs kept at bounds %v: plain %v, skip %v, kicks %v; %d differ with the skip", digs, bounds, kept[0], kept[1], kept[2], differ)
	if differ == 0 {
		t.Errorf("no dig changed by the skip")
	}
	if kept[2][2] <= kept[1][2] {
		t.Errorf("kicks keep %d digs, the skip alone %d", kept[2][2], kept[1][2])
	}
}

// TestHiddenSwapDig: a strict dig steered by a ladder of hidden singles
// (KeepSingles HiddenSingle, the easy band) swaps and is kicked as
// HiddenSwaps says, asking Keep on the puzzle itself. Full solutions
// are dug strictly with the generator's keeper, plainly (no swaps) and
// with HiddenSwaps': every puzzle kept is one Keep accepts (hidden
// singles from the naive model), unique and minimal (the plain counter,
// given by given), and the swaps keep at least 1.5 times the plain digs. It
// fails when the easy band's digs take no swaps, or when swapIn asks
// Keep on the closure of naked and hidden singles (a given it puts in
// then leaves the puzzle out of reach).
func TestHiddenSwapDig(t *testing.T) {
	const size, digs = 6, 40
	vs := []string{AntiKing}
	m := newNaive(size, vs, "")
	keep := hiddenKeep(m)
	swaps, skip, kicks := HiddenSwaps(vs, DigRandom)
	var kept [2]int
	for w, o := range []Options{
		{Keep: keep, KeepSingles: HiddenSingle},
		{Keep: keep, KeepSingles: HiddenSingle, KeepSwaps: swaps, SwapsSkipBack: skip, KeepKicks: kicks},
	} {
		gen, err := NewGenerator(Spec{Size: size, Variants: vs}, o)
		if err != nil {
			t.Fatal(err)
		}
		g, s := gen.geo, gen.solver
		rng := rand.New(rand.NewPCG(11, size))
		for i := range digs {
			sol := make([]uint8, g.Cells())
			s.SetLimit(5_000)
			for !s.Random(rng, nil, sol) {
			}
			s.SetLimit(0)
			gen.memoFor(sol)
			p, ok := dig(g, s, sol, nil, rng, gen.keeper(s, len(sol)), true, false)
			if !ok {
				continue
			}
			kept[w]++
			name := fmt.Sprintf("%v %dx%d dig %d, %d swaps", vs, size, size, i, o.KeepSwaps)
			if !keep(g, p.Puzzle) {
				t.Fatalf("%s: hidden singles do not solve the puzzle (%d givens)", name, p.Givens)
			}
			checkPuzzle(t, name, plainFromNaive(m), p, true)
		}
	}
	t.Logf("%v %dx%d: %d digs, kept plainly %d, with swaps %d", vs, size, size, digs, kept[0], kept[1])
	if 2*kept[1] < 3*kept[0] || kept[1] == 0 {
		t.Errorf("%v %dx%d: swaps kept %d digs, plainly %d", vs, size, size, kept[1], kept[0])
	}
}

// TestHiddenSwaps: the boards and dig orders whose easy-band digs swap,
// as measured (HiddenSwaps' comment).
func TestHiddenSwaps(t *testing.T) {
	for _, c := range []struct {
		variants []string
		order    string
		swaps    int
		skip     bool
		kicks    int
	}{
		{[]string{AntiKnight}, DigRandom, 200, true, 64},
		{[]string{AntiKnight}, DigPeers, 12, false, 0},
		{[]string{X}, "", 200, true, 64},
		{[]string{AntiKing}, DigRandom, 200, true, 64},
		{[]string{Jigsaw}, DigRandom, 200, true, 64},
		{[]string{X}, DigPeers, 0, false, 0},
		{[]string{Windoku}, DigRandom, 0, false, 0},
		{[]string{NonConsecutive}, DigRandom, 0, false, 0},
	} {
		sw, sk, ki := HiddenSwaps(c.variants, c.order)
		if sw != c.swaps || sk != c.skip || ki != c.kicks {
			t.Errorf("HiddenSwaps(%v, %q) = %d, %v, %d, want %d, %v, %d", c.variants, c.order, sw, sk, ki, c.swaps, c.skip, c.kicks)
		}
	}
}

// TestHiddenSolves: the 9x9 engine's closure of hidden singles
// (bb9.hiddenSolves, which answers for Keep at the easy band) solves
// exactly the puzzles hidden singles from the naive model solve: random
// subsets of full solutions of 9x9 anti-knight and anti-king boards
// (the naive model's hidden singles see rows, columns and boxes),
// of 22-40 givens, both answers met. It fails when a house or a sees
// cell is missed, or a house whose digit was placed is taken for one
// without a place.
func TestHiddenSolves(t *testing.T) {
	for _, vs := range [][]string{{AntiKnight}, {AntiKing}} {
		m := newNaive(9, vs, "")
		keep := hiddenKeep(m)
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		s := NewSolver(g)
		e := s.logicEngine()
		if e == nil {
			t.Fatalf("%v: no 9x9 engine", vs)
		}
		rng := rand.New(rand.NewPCG(12, uint64(len(vs))))
		solved := 0
		const n = 300
		for i := range n {
			sol := make([]uint8, g.Cells())
			s.SetLimit(5_000)
			for !s.Random(rng, nil, sol) {
			}
			s.SetLimit(0)
			p := append([]uint8(nil), sol...)
			cells := rng.Perm(81)
			for _, f := range cells[:81-(22+rng.IntN(19))] {
				p[f] = 0
			}
			got, want := e.hiddenSolves(p), keep(g, p)
			if got != want {
				t.Fatalf("%v puzzle %d %v: hiddenSolves %v, naive hidden singles %v", vs, i, p, got, want)
			}
			if got {
				solved++
			}
		}
		t.Logf("%v: %d of %d solved", vs, solved, n)
		if solved == 0 || solved == n {
			t.Errorf("%v: %d of %d solved: both answers wanted", vs, solved, n)
		}
	}
}

// TestSwapInBack: swapIn told the given the pass just removed (back)
// returns the cell it returns untold, from the same rng state, leaving
// the same puzzle: 9x9 boards where the engine scores the cells
// (backScores), Keep singles from the naive model, puzzles dug with
// Keep until no given can go (each in Keep's reach), each without one
// of its givens whose removal leaves it unique (as the pass removes
// one). Both outcomes are met: back itself and another cell. It fails
// when swapIn returns back without trying the cells sorted before it.
func TestSwapInBack(t *testing.T) {
	for _, vs := range [][]string{{AntiKnight}, {X, AntiKnight}, {AntiKing}} {
		t.Run(fmt.Sprint(vs), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(47, 48))
			g, m := buildRandom(t, 9, vs, rng)
			keepFn := singlesKeep(m)
			s := NewSolver(g)
			if s.fast == nil {
				t.Fatal("no 9x9 engine")
			}
			sol := make([]uint8, 81)
			back, other := 0, 0
			for range 12 {
				randomGrid(t, s, rng, sol)
				k := keeper{keep: keepFn, singles: NakedSingle, minimal: true, buf: make([]uint8, 81)}
				p, _ := dig(g, s, sol, nil, rng, k, false, false)
				for f, v := range p.Puzzle {
					if v == 0 {
						continue
					}
					q := slices.Clone(p.Puzzle)
					q[f] = 0
					if s.Count(q, 2) != 1 {
						continue
					}
					seed := rng.Uint64()
					q1, q2 := slices.Clone(q), slices.Clone(q)
					told := swapIn(g, s, q1, sol, rand.New(rand.NewPCG(seed, 1)), k, f)
					untold := swapIn(g, s, q2, sol, rand.New(rand.NewPCG(seed, 1)), k, -1)
					if told != untold || !slices.Equal(q1, q2) {
						t.Fatalf("%v without r%dc%d: swapIn told puts in %d, untold %d", p.Puzzle, f/9+1, f%9+1, told, untold)
					}
					if told == f {
						back++
					} else {
						other++
					}
				}
			}
			t.Logf("%d swaps put back the given removed, %d another", back, other)
			if back == 0 || other == 0 {
				t.Errorf("%d back, %d other: both should be met", back, other)
			}
		})
	}
}
