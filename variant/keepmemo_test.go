package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeepMemoTable: the memo's answers match a map kept beside it over
// random grids of a few shapes, across resets (a fresh solution forgets
// every answer) and past memoMax entries (then Keep is asked again), and
// Keep is asked once per grid while the memo has room.
func TestKeepMemoTable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells int
		grids int // distinct grids per solution
	}{
		{"9x9 few", 81, 50},
		{"6x6", 36, 300},
		{"9x9 full table", 81, memoMax + 500},
		{"big board, no memo", 369, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(tc.cells)))
			m := newKeepMemo()
			for sol := range 3 {
				m.reset()
				answer := map[string]bool{}
				asked := map[string]int{}
				keep := func(_ *Geometry, grid []uint8) bool {
					asked[string(grid)]++
					return answer[string(grid)]
				}
				var grids [][]uint8
				for range tc.grids {
					g := make([]uint8, tc.cells)
					for i := range g {
						if rng.IntN(3) == 0 {
							g[i] = uint8(1 + (i+sol)%9) // the solution's value
						}
					}
					if _, ok := answer[string(g)]; ok {
						continue
					}
					answer[string(g)] = rng.IntN(2) == 0
					grids = append(grids, g)
				}
				for round := range 3 {
					for _, g := range grids {
						if got := m.ask(keep, nil, g); got != answer[string(g)] {
							t.Fatalf("solution %d round %d: memo says %v, Keep %v", sol, round, got, !got)
						}
					}
				}
				for i, g := range grids {
					n, want := asked[string(g)], 1
					if tc.cells > 128 || i >= memoMax {
						want = 3
					}
					if n != want {
						t.Fatalf("solution %d grid %d: Keep asked %d times, want %d", sol, i, n, want)
					}
				}
			}
		})
	}
}

// TestKeepMemoSameDigs: a steered generator with the memo makes the same
// puzzles, from the same seeds, as one without it (Keep answers the same
// whether asked or remembered), and asks Keep fewer times where the dig
// swaps givens (anti-knight's redigs meet closures again; X's digs here
// never repeat one). Anti-knight digs as its random-order runs do: swaps
// that put back the given just removed skipped, stuck digs kicked. Keep
// is singles from the naive model.
func TestKeepMemoSameDigs(t *testing.T) {
	for _, tc := range []struct {
		size     int
		variants []string
		count    int
		swaps    int
	}{
		{6, []string{AntiKnight}, 30, SwapMoves([]string{AntiKnight}, DigRandom)},
		{9, []string{AntiKnight}, 3, SwapMoves([]string{AntiKnight}, DigRandom)},
		{9, []string{X}, 4, 0},
	} {
		m := newNaive(tc.size, tc.variants, "")
		keepFn := singlesKeep(m)
		var runs [2][]string
		var calls [2]int
		for with := range 2 {
			gen, err := NewGenerator(Spec{Size: tc.size, Variants: tc.variants}, Options{
				Keep:        func(g *Geometry, c []uint8) bool { calls[with]++; return keepFn(g, c) },
				KeepSingles: NakedSingle, KeepSwaps: tc.swaps,
				SwapsSkipBack: SwapSkipsBack(tc.variants, DigRandom), KeepKicks: Kicks(tc.variants, DigRandom),
			})
			if err != nil {
				t.Fatal(err)
			}
			if with == 0 {
				gen.memo = nil
			}
			rng := rand.New(rand.NewPCG(11, uint64(tc.size)))
			for range tc.count {
				p, err := gen.Generate(rng)
				if err != nil {
					t.Fatal(err)
				}
				runs[with] = append(runs[with], string(p.Puzzle))
			}
		}
		if !slices.Equal(runs[0], runs[1]) {
			t.Errorf("%v %dx%d: the memo changed the puzzles", tc.variants, tc.size, tc.size)
		}
		t.Logf("%v %dx%d: %d Keep calls without the memo, %d with", tc.variants, tc.size, tc.size, calls[0], calls[1])
		if calls[1] > calls[0] || (tc.swaps > 0 && calls[1] == calls[0]) {
			t.Errorf("%v %dx%d: %d Keep calls with the memo, %d without", tc.variants, tc.size, tc.size, calls[1], calls[0])
		}
	}
}

// TestLogicOpenMonotone: where the logic closure leaves a cell open on
// a puzzle, it leaves one open on every puzzle with fewer of its givens
// (what keepMemo.logicOpen relies on), at the hard band's cap and below,
// on boards with sees cells, extra houses and jigsaw regions; and the
// memo answers from a remembered grid for its subsets only, until reset.
func TestLogicOpenMonotone(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, vs := range [][]string{{AntiKnight}, {X}, {AntiKing}, {Jigsaw}} {
		g, _ := buildRandom(t, 9, vs, rng)
		s := NewSolver(g)
		e := s.fast
		sol := make([]uint8, 81)
		open, checked := 0, 0
		for trial := range 40 {
			puzzle := cutPuzzle(t, s, rng, sol, 22+trial%10)
			e.setLogicTop([]float64{4.4, 4.0, 2.8}[trial%3])
			if e.logicSolves(puzzle) != logicOpen {
				continue
			}
			open++
			for range 5 {
				q := append([]uint8(nil), puzzle...)
				for _, c := range rng.Perm(81)[:6] {
					q[c] = 0
				}
				if a := e.logicSolves(q); a != logicOpen {
					t.Fatalf("%v: the closure leaves %v open, not %v (fewer givens): %v", vs, puzzle, q, a)
				}
				checked++
			}
		}
		if open == 0 {
			t.Fatalf("%v: no open puzzle met", vs)
		}
		t.Logf("%v: %d open puzzles, %d subsets checked", vs, open, checked)
	}
	m := newKeepMemo()
	r := set128{0b1011, 1}
	m.addOpen(r)
	for _, c := range []struct {
		key  set128
		want bool
	}{{r, true}, {set128{0b0011, 1}, true}, {set128{0b1000, 0}, true}, {set128{0b0111, 1}, false}, {set128{0b1011, 3}, false}} {
		if got := m.logicOpen(c.key); got != c.want {
			t.Errorf("logicOpen(%v) after addOpen(%v) = %v, want %v", c.key, r, got, c.want)
		}
	}
	m.reset()
	if m.logicOpen(r) {
		t.Error("reset kept an open grid")
	}
}

// TestFilledWords: filled (the memo's key, read eight cells a word) holds
// exactly the filled cells of grids of every length up to 128.
func TestFilledWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for n := range 129 {
		grid := make([]uint8, n)
		for range 4 {
			var want set128
			for i := range grid {
				grid[i] = 0
				if rng.IntN(3) > 0 {
					grid[i] = uint8(1 + rng.IntN(16))
					want = want.or(bit128(i))
				}
			}
			if got := filled(grid); got != want {
				t.Fatalf("%d cells %v: filled %x, want %x", n, grid, got, want)
			}
		}
	}
}

// TestKeepMemoUnique: the memo of puzzles proved unique answers yes only
// for a puzzle holding every given of one remembered (the plain counter
// finds one solution for each such puzzle), and yes for each of those,
// until reset; on boards above 128 cells it remembers nothing. Random
// puzzles of a drawn solution, each remembered when the plain counter
// finds it unique. It fails when the memo answers for a subset of a
// remembered puzzle instead of a superset (the plain counter then finds
// two solutions), or when reset keeps the puzzles.
func TestKeepMemoUnique(t *testing.T) {
	for _, tc := range []struct {
		size   int
		vs     []string
		givens int // per remembered puzzle
		memo   bool
	}{
		{6, []string{AntiKnight}, 9, true},
		{6, []string{X}, 10, true},
		{9, []string{AntiKnight}, 30, true},
		{12, []string{X}, 80, false},
	} {
		t.Run(fmt.Sprintf("%dx%d %v", tc.size, tc.size, tc.vs), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(41, uint64(tc.size)))
			g, err := Build(Spec{Size: tc.size, Variants: tc.vs})
			if err != nil {
				t.Fatal(err)
			}
			pc := plainFromNaive(newNaive(tc.size, tc.vs, ""))
			s := NewSolver(g)
			m := newKeepMemo()
			sol := make([]uint8, g.Cells())
			yes, unique := 0, 0
			for round := range 3 {
				m.reset()
				s.SetLimit(5_000)
				for !s.Random(rng, nil, sol) {
				}
				s.SetLimit(0)
				var kept [][]uint8
				for range 40 {
					p := make([]uint8, len(sol))
					for _, c := range rng.Perm(len(sol))[:tc.givens] {
						p[c] = sol[c]
					}
					if m.unique(p) {
						t.Fatalf("round %d: a puzzle said unique before any was remembered", round)
					}
					if tc.size <= 9 && pc.count(toInts(p), 2) == 1 {
						m.addUnique(p)
						kept = append(kept, p)
						unique++
					} else if tc.size > 9 {
						// not counted (too big for the plain counter):
						// the memo must not answer anyway
						m.addUnique(p)
						kept = append(kept, p)
					}
				}
				for range 400 {
					q := make([]uint8, len(sol))
					n := tc.givens - 3 + rng.IntN(12)
					if len(kept) > 0 && rng.IntN(2) == 0 {
						// a superset of a remembered puzzle
						copy(q, kept[rng.IntN(len(kept))])
						n = 1 + rng.IntN(4)
					}
					for _, c := range rng.Perm(len(sol))[:n] {
						q[c] = sol[c]
					}
					want := false
					for _, k := range kept {
						sup := true
						for c, v := range k {
							if v != 0 && q[c] == 0 {
								sup = false
							}
						}
						want = want || sup
					}
					got := m.unique(q)
					if got != (want && tc.memo) {
						t.Fatalf("round %d: unique(%v) = %v, want %v", round, q, got, want && tc.memo)
					}
					if got {
						yes++
						if tc.size <= 9 && pc.count(toInts(q), 2) != 1 {
							t.Fatalf("round %d: %v said unique, the plain counter finds two solutions", round, q)
						}
					}
				}
				if len(kept) > 0 {
					m.reset()
					if m.unique(kept[0]) {
						t.Fatalf("round %d: reset kept a unique puzzle", round)
					}
				}
			}
			t.Logf("%d puzzles remembered, %d supersets answered", unique, yes)
			if tc.memo && yes == 0 {
				t.Error("no puzzle answered from the memo")
			}
		})
	}
}

// TestOpenMemoPlaced: a steered keeper with the memo (which remembers,
// of each grid the logic closure leaves open, the cells the closure
// placed) answers every removal of a dig as one without it, over digs
// of the same solution in several orders, on boards with sees cells,
// extra houses and jigsaw regions: a grid of the solution within the
// cells an open closure placed is open too. It fails when the memo
// remembers more cells than the closure placed.
func TestOpenMemoPlaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	hits := 0
	for _, vs := range [][]string{{AntiKnight}, {X}, {AntiKing}, {Jigsaw}} {
		g, s, e := logicBoard(t, vs, rng)
		e.setLogicTop(LogicTop)
		ref := NewSolver(g).logicEngine()
		ref.setLogicTop(LogicTop)
		keepFn := func(_ *Geometry, grid []uint8) bool { return ref.logicSolves(grid) != logicOpen }
		sol := make([]uint8, 81)
		for range 2 {
			randomGrid(t, s, rng, sol)
			m := newKeepMemo()
			with := keeper{keep: keepFn, singles: NakedSingle, logic: e, memo: m, buf: make([]uint8, 81)}
			plain := keeper{keep: keepFn, singles: NakedSingle, logic: e, buf: make([]uint8, 81)}
			for range 6 {
				puzzle := slices.Clone(sol)
				for _, f := range rng.Perm(81) {
					puzzle[f] = 0
					orb := []int{f}
					if s.digSingles(puzzle, orb, with.buf) {
						continue
					}
					e.keepClosure()
					key := filled(with.buf)
					remembered := m.logicOpen(key)
					a := with.acceptsClosure(g, orb)
					s.digSingles(puzzle, orb, plain.buf)
					e.keepClosure()
					if b := plain.acceptsClosure(g, orb); a != b {
						t.Fatalf("%v: %v without r%dc%d: %v with the memo, %v without", vs, puzzle, f/9+1, f%9+1, a, b)
					}
					if remembered {
						hits++
					}
					if !a {
						puzzle[f] = sol[f]
					}
				}
			}
		}
	}
	t.Logf("%d answers from the memo", hits)
	if hits == 0 {
		t.Error("no answer from the memo")
	}
}

// TestAcceptsGrid: swapIn's Keep test on the closure Singles just
// computed (acceptsGrid: the logic closure from that state, the memo of
// open grids first) answers as accepts on the closure's grid, loaded
// anew, without a memo, over grids of the same solution with fewer and
// fewer givens. It fails when the logic closure starts from a state
// kept before (keepClosure not called).
func TestAcceptsGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 60))
	yes, no := 0, 0
	for _, vs := range [][]string{{AntiKnight}, {X, AntiKnight}, {AntiKing}} {
		g, s, e := logicBoard(t, vs, rng)
		e.setLogicTop(LogicTop)
		ref := NewSolver(g).logicEngine()
		ref.setLogicTop(LogicTop)
		keepFn := func(_ *Geometry, grid []uint8) bool { return ref.logicSolves(grid) != logicOpen }
		plainE := NewSolver(g).logicEngine()
		plainE.setLogicTop(LogicTop)
		sol := make([]uint8, 81)
		for range 3 {
			randomGrid(t, s, rng, sol)
			with := keeper{keep: keepFn, singles: NakedSingle, logic: e, memo: newKeepMemo(), buf: make([]uint8, 81)}
			plain := keeper{keep: keepFn, singles: NakedSingle, logic: plainE, buf: make([]uint8, 81)}
			for range 4 {
				puzzle := slices.Clone(sol)
				for _, f := range rng.Perm(81)[:60] {
					puzzle[f] = 0
					if !s.Singles(puzzle, nil, with.buf) {
						t.Fatalf("%v: no closure", vs)
					}
					got := with.acceptsGrid(g)
					copy(plain.buf, with.buf)
					if want := plain.accepts(g, plain.buf); got != want {
						t.Fatalf("%v: %v: acceptsGrid %v, accepts %v", vs, puzzle, got, want)
					}
					if got {
						yes++
					} else {
						no++
					}
				}
			}
		}
	}
	t.Logf("%d accepted, %d refused", yes, no)
	if yes == 0 || no == 0 {
		t.Errorf("%d accepted, %d refused: both should be met", yes, no)
	}
}
