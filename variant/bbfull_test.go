package variant

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestRandomSame checks that the 9x9 engine's random search draws what
// the general solver draws: the same solution, node count and abort for
// the same rng, and the rng left in the same state, on boards with
// non-consecutive pairs (alone and with extra houses, sees cells) and on
// every board the engine serves (with and without locked candidates),
// from the empty board and from givens, with and without a node bound.
func TestRandomSame(t *testing.T) {
	type tc struct {
		name string
		g    *Geometry
		runs int
	}
	var cases []tc
	for _, vs := range [][]string{{NonConsecutive}, {X, NonConsecutive}, {AntiKnight, NonConsecutive}, {DisjointGroups, NonConsecutive}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tc{strings.Join(vs, ","), g, 24})
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, vs := range bb9Cases {
		g, _ := buildRandom(t, 9, vs, rng)
		cases = append(cases, tc{strings.Join(vs, ","), g, 12})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.g
			fast, ref := NewSolver(g), NewSolver(g)
			if fast.pairRand == nil && fast.fast == nil {
				t.Fatal("no 9x9 engine for this board")
			}
			ref.pairRand, ref.fast = nil, nil
			var sol []uint8
			found, aborted := 0, 0
			for run := range c.runs {
				limits := []int64{150, 20, 0}
				if fast.pairRand != nil {
					// Unbounded non-consecutive searches can take seconds.
					limits = []int64{150, 40, 2000}
				}
				for _, limit := range limits {
					var puzzle []uint8
					if sol != nil && run%2 == 1 {
						// Givens: a third of a known solution's cells.
						puzzle = make([]uint8, 81)
						r := rand.New(rand.NewPCG(uint64(run), 9))
						for _, c := range r.Perm(81)[:27] {
							puzzle[c] = sol[c]
						}
					}
					a, b := make([]uint8, 81), make([]uint8, 81)
					ra := rand.New(rand.NewPCG(uint64(run), uint64(limit)))
					rb := rand.New(rand.NewPCG(uint64(run), uint64(limit)))
					fast.SetLimit(limit)
					ref.SetLimit(limit)
					okA, okB := fast.Random(ra, puzzle, a), ref.Random(rb, puzzle, b)
					if okA != okB || fast.Nodes() != ref.Nodes() || fast.Aborted() != ref.Aborted() || !slices.Equal(a, b) {
						t.Fatalf("run %d limit %d: engine %v %d nodes aborted %v, general %v %d nodes aborted %v\n%v\n%v",
							run, limit, okA, fast.Nodes(), fast.Aborted(), okB, ref.Nodes(), ref.Aborted(), a, b)
					}
					if ra.Uint64() != rb.Uint64() {
						t.Fatalf("run %d limit %d: the rng is left in another state", run, limit)
					}
					if okA {
						found++
						if err := g.Check(a); err != nil {
							t.Fatalf("run %d: %v", run, err)
						}
						if puzzle == nil {
							sol = a
						}
					}
					if fast.Aborted() {
						aborted++
					}
				}
			}
			if found == 0 {
				t.Fatal("no search found a solution")
			}
			t.Logf("%d found, %d cut", found, aborted)
		})
	}
}

// TestLockedOtherSame checks the 9x9 engine's answer to the dig's
// uniqueness test with locked candidates (Solver.other, unbounded)
// against the general solver's, on puzzles of 17 to 40 givens of
// random solutions of boards where it is used (jigsaw, anti-knight,
// x with anti-knight, non-consecutive), with and without a preferred
// solution; on anti-knight boards its search branches on the cell's
// peers first (focusOther), with the same answers, and Random draws
// after those searches what a fresh solver draws.
func TestLockedOtherSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	regions, err := RandomRegions(9, "", rng)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []Spec{
		{Size: 9, Variants: []string{Jigsaw}, Regions: regions},
		{Size: 9, Variants: []string{AntiKnight}},
		{Size: 9, Variants: []string{X, AntiKnight}},
		{Size: 9, Variants: []string{NonConsecutive}},
	} {
		t.Run(spec.Variants[len(spec.Variants)-1], func(t *testing.T) {
			g, err := Build(spec)
			if err != nil {
				t.Fatal(err)
			}
			fast, ref := NewSolver(g), NewSolver(g)
			if fast.lockEngine() == nil || fast.fastOther || !fast.lockCount {
				t.Fatal("other does not go to the engine on this board")
			}
			if knight := has(spec.Variants, AntiKnight); fast.lockEngine().focusOther != knight {
				t.Fatalf("lockedOther branches on the cell's peers first: %v, want %v (anti-knight boards)", !knight, knight)
			}
			ref.fast, ref.pairRand = nil, nil
			sol := make([]uint8, 81)
			yes, no := 0, 0
			for run := range 16 {
				fast.SetLimit(pairNodeLimit)
				for try := 0; !fast.Random(rng, nil, sol); try++ {
					if try == PairRestarts {
						t.Fatal("no solution")
					}
				}
				fast.SetLimit(0)
				pref := sol
				if run%2 == 1 {
					pref = nil
				}
				fast.prefer(pref)
				ref.prefer(pref)
				for _, n := range []int{17, 22, 26, 30, 40} {
					puzzle := make([]uint8, 81)
					perm := rng.Perm(81)
					for _, c := range perm[:n] {
						puzzle[c] = sol[c]
					}
					for _, f := range perm[n : n+5] {
						a, b := fast.other(puzzle, f, sol[f]), ref.other(puzzle, f, sol[f])
						if a != b {
							t.Fatalf("run %d, %d givens, cell %d: engine %v, general %v", run, n, f, a, b)
						}
						if a {
							yes++
						} else {
							no++
						}
					}
				}
				// The draws after those searches are a fresh solver's.
				fresh := NewSolver(g)
				seed := rng.Uint64()
				drawn, want := make([]uint8, 81), make([]uint8, 81)
				fast.SetLimit(5_000)
				fresh.SetLimit(5_000)
				a := fast.Random(rand.New(rand.NewPCG(seed, 3)), nil, drawn)
				b := fresh.Random(rand.New(rand.NewPCG(seed, 3)), nil, want)
				fast.SetLimit(0)
				if a != b || !slices.Equal(drawn, want) || fast.Nodes() != fresh.Nodes() {
					t.Fatalf("run %d: a draw after the searches differs from a fresh solver's", run)
				}
			}
			if yes == 0 || no == 0 {
				t.Fatalf("%d yes, %d no: both answers should be met", yes, no)
			}
			t.Logf("%d yes, %d no", yes, no)
		})
	}
}

// TestFullPairs checks the generator's full solutions (Solver.Full). On
// 9x9 boards with non-consecutive pairs they are the pair engine's own
// draw (drawPairs, not Random's solutions: TestRandomSame checks Random
// alone): every one a solution of the board; the same rng state draws
// the same solution and nodes (on the first 40 draws); over many draws
// every digit meets every cell and no grid repeats (random-looking, not a small pool). On the
// other boards Full is Random restarted, as the generator drew before:
// the same solution and rng state after, so their seeds' records stay
// as they were.
func TestFullPairs(t *testing.T) {
	for _, vs := range [][]string{{NonConsecutive}, {X, NonConsecutive}, {AntiKnight, NonConsecutive}, {DisjointGroups, NonConsecutive}} {
		t.Run(strings.Join(vs, ","), func(t *testing.T) {
			g, err := Build(Spec{Size: 9, Variants: vs})
			if err != nil {
				t.Fatal(err)
			}
			a, b := NewSolver(g), NewSolver(g)
			if a.pairRand == nil {
				t.Fatal("no pair engine for this board")
			}
			a.SetLimit(pairNodeLimit)
			b.SetLimit(pairNodeLimit)
			draws := 40
			if len(vs) == 1 {
				draws = 300
			}
			ra, rb := rand.New(rand.NewPCG(31, 32)), rand.New(rand.NewPCG(31, 32))
			var seen [81][9]bool
			grids := map[string]bool{}
			x, y := make([]uint8, 81), make([]uint8, 81)
			// The same rng state's draw is checked on the first 40 draws
			// (the second solver draws them again); the 300 on the plain
			// board are for the spread.
			twins := min(draws, 40)
			for i := range draws {
				if !a.Full(ra, x, PairRestarts) {
					t.Fatalf("draw %d: no solution", i)
				}
				if i < twins {
					if !b.Full(rb, y, PairRestarts) {
						t.Fatalf("draw %d: no solution on the second solver", i)
					}
					if !slices.Equal(x, y) || a.Nodes() != b.Nodes() {
						t.Fatalf("draw %d: the same rng drew another solution or other nodes (%d, %d)", i, a.Nodes(), b.Nodes())
					}
					if i == twins-1 && ra.Uint64() != rb.Uint64() {
						t.Fatal("the rngs are left in other states")
					}
				}
				if err := g.Check(x); err != nil {
					t.Fatalf("draw %d: %v", i, err)
				}
				for c, v := range x {
					seen[c][v-1] = true
				}
				grids[string(x)] = true
			}
			if len(grids) != draws {
				t.Fatalf("%d distinct grids in %d draws", len(grids), draws)
			}
			if len(vs) == 1 {
				for c := range seen {
					for d, ok := range seen[c] {
						if !ok {
							t.Fatalf("digit %d never drawn on cell %d in %d draws", d+1, c, draws)
						}
					}
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(33, 34))
	for _, vs := range [][]string{{AntiKing}, {X}, {AntiKnight}, {Jigsaw}, {Windoku}} {
		t.Run("restarts "+strings.Join(vs, ","), func(t *testing.T) {
			g, _ := buildRandom(t, 9, vs, rng)
			a, b := NewSolver(g), NewSolver(g)
			if a.pairRand != nil {
				t.Fatal("a pair engine on a board without pairs")
			}
			for _, limit := range []int64{20, 5000} {
				a.SetLimit(limit)
				b.SetLimit(limit)
				ra, rb := rand.New(rand.NewPCG(35, uint64(limit))), rand.New(rand.NewPCG(35, uint64(limit)))
				for range 5 {
					x, y := make([]uint8, 81), make([]uint8, 81)
					okA := a.Full(ra, x, 4)
					okB := false
					for try := 0; try < 4 && !okB; try++ {
						okB = b.Random(rb, nil, y)
					}
					if okA != okB || !slices.Equal(x, y) || ra.Uint64() != rb.Uint64() {
						t.Fatalf("limit %d: Full %v, Random restarted %v, or the rngs differ", limit, okA, okB)
					}
				}
			}
		})
	}
}

// TestBB9AssignPairs: a placement on a board with pairs (assignPairs,
// which leaves the test of the placed digits next to d to place's test
// that c can take d) answers and leaves what a placement testing the pair
// neighbours first does, along random sequences of placements and
// removed candidates from the empty board, most of them broken.
func TestBB9AssignPairs(t *testing.T) {
	for _, vs := range [][]string{{NonConsecutive}, {X, NonConsecutive}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		e := newBB9Pairs(g)
		rng := rand.New(rand.NewPCG(41, 42))
		checked := func(st *bbState, c int32, d int) bool {
			nb := e.nbr[c]
			if d > 0 && !st.dig[d-1].and(nb).empty() || d < 8 && !st.dig[d+1].and(nb).empty() {
				return false
			}
			if !e.place(st, c, d) {
				return false
			}
			for _, w := range []int{d - 1, d + 1} {
				if w >= 0 && w < 9 {
					st.cand[w] = st.cand[w].andNot(nb)
				}
			}
			return true
		}
		refused := 0
		for range 300 {
			var st bbState
			e.loadInto(&st, nil)
			for range 200 {
				c, d := int32(rng.IntN(81)), rng.IntN(9)
				if rng.IntN(4) == 0 {
					st.cand[d] = st.cand[d].andNot(bit128(int(c)))
					continue
				}
				got, want := st, st
				okGot, okWant := e.assignPairs(&got, c, d), checked(&want, c, d)
				if okGot != okWant || got != want {
					t.Fatalf("%v: r%dc%d=%d: assignPairs %v, checked %v (or the states differ)", vs, c/9+1, c%9+1, d+1, okGot, okWant)
				}
				if okWant {
					st = got
				} else if d > 0 && !st.dig[d-1].and(e.nbr[c]).empty() || d < 8 && !st.dig[d+1].and(e.nbr[c]).empty() {
					refused++
				}
			}
		}
		if refused < 1000 {
			t.Fatalf("%v: only %d placements next to a placed neighbour digit tried", vs, refused)
		}
	}
}

// TestPairClosureAgrees: on boards with non-consecutive pairs the closure
// of singles (Solver.Singles, on the pair engine) is the general
// solver's: the same answer and grid, on random subsets of random
// solutions from dense to sparse and on puzzles with a broken given.
func TestPairClosureAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for _, vs := range [][]string{{NonConsecutive}, {X, NonConsecutive}, {AntiKnight, NonConsecutive}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		fast, slow := NewSolver(g), NewSolver(g)
		if fast.pairRand == nil || fast.fast != nil {
			t.Fatalf("%v: no pair engine", vs)
		}
		slow.pairRand = nil
		fast.SetLimit(pairNodeLimit)
		sol := make([]uint8, 81)
		outF, outS := make([]uint8, 81), make([]uint8, 81)
		placed, broken := 0, 0
		for trial := range 60 {
			if trial%4 == 0 && !fast.Full(rng, sol, PairRestarts) { // a draw costs some ms
				t.Fatal("no solution")
			}
			puzzle := append([]uint8(nil), sol...)
			for _, f := range rng.Perm(81)[8+trial:] {
				puzzle[f] = 0
			}
			if trial%3 == 2 { // a broken given (or one of the solution's)
				puzzle[rng.IntN(81)] = uint8(rng.IntN(9) + 1)
			}
			cells := rng.Perm(81)[:3]
			if okF, okS := fast.Singles(puzzle, cells, nil), slow.Singles(puzzle, cells, nil); okF != okS {
				t.Fatalf("%v: %v: closure places r%dc%d, r%dc%d, r%dc%d: %v, general solver %v", vs, puzzle, cells[0]/9+1, cells[0]%9+1, cells[1]/9+1, cells[1]%9+1, cells[2]/9+1, cells[2]%9+1, okF, okS)
			} else if okF {
				placed++
			}
			okF, okS := fast.Singles(puzzle, nil, outF), slow.Singles(puzzle, nil, outS)
			if okF != okS || okF && string(outF) != string(outS) {
				t.Fatalf("%v: %v: closure %v %v, general solver %v %v", vs, puzzle, okF, outF, okS, outS)
			}
			if !okF {
				broken++
			}
		}
		if placed < 5 || broken < 5 {
			t.Fatalf("%v: %d closures placed the cells asked, %d met a contradiction: want both", vs, placed, broken)
		}
	}
}
