package variant

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// bb9Cases are the 9x9 variant lists the bitboard engine serves (every
// one without pair rules), jigsaw with drawn regions.
var bb9Cases = [][]string{{X}, {Windoku}, {DisjointGroups}, {Asterisk}, {Girandola}, {CenterDot}, {AntiKnight}, {AntiKing}, {X, AntiKnight}, {Jigsaw}}

// TestBB9Serves: the engine serves exactly the 9x9 boards of 81 used
// cells without pair rules.
func TestBB9Serves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, vs := range bb9Cases {
		g, _ := buildRandom(t, 9, vs, rng)
		if NewSolver(g).fast == nil {
			t.Errorf("%v: no 9x9 engine", vs)
		}
	}
	// The dig's one-removal uniqueness test (other) goes to the engine
	// where counting searches take no locked candidates, and on anti-king
	// boards; anti-knight and jigsaw keep the general solver's.
	for _, c := range []struct {
		vs   []string
		fast bool
	}{{[]string{X}, true}, {[]string{Windoku}, true}, {[]string{AntiKing}, true}, {[]string{X, AntiKing}, true},
		{[]string{AntiKnight}, false}, {[]string{AntiKing, AntiKnight}, false}, {[]string{Jigsaw}, false}} {
		g, _ := buildRandom(t, 9, c.vs, rng)
		if got := NewSolver(g).fastOther; got != c.fast {
			t.Errorf("%v: one-removal test on the 9x9 engine %v, want %v", c.vs, got, c.fast)
		}
	}
	for _, spec := range []Spec{{Size: 9, Variants: []string{NonConsecutive}}, {Size: 6, Variants: []string{X}}, {Variants: []string{SamuraiName}}} {
		var g *Geometry
		var err error
		if spec.Variants[0] == SamuraiName {
			g = Samurai()
		} else if g, err = Build(spec); err != nil {
			t.Fatal(err)
		}
		if NewSolver(g).fast != nil {
			t.Errorf("%v size %d: 9x9 engine on a board it does not serve", spec.Variants, spec.Size)
		}
	}
}

// TestBB9AgreesWithBacktracking: on puzzles of 36-42 givens cut from
// random solutions, the engine's uniqueness test (other) says what plain
// backtracking on the naive model says, and the probe (twoWithin) never
// claims a second solution backtracking does not find.
func TestBB9AgreesWithBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, vs := range bb9Cases {
		g, m := buildRandom(t, 9, vs, rng)
		s := NewSolver(g)
		sol := make([]uint8, 81)
		for trial := range 4 {
			puzzle := cutPuzzle(t, s, rng, sol, 36+trial*2)
			s.prefer(sol)
			for _, f := range rng.Perm(81)[:20] {
				v := puzzle[f]
				if v == 0 {
					continue
				}
				puzzle[f] = 0
				want := otherSolution(m, puzzle, f, v)
				if got := s.fast.other(puzzle, int32(f), int(v-1)); got != want {
					t.Fatalf("%v: %v without r%dc%d: other says %v, backtracking %v", vs, puzzle, f/9+1, f%9+1, got, want)
				}
				if !s.fastOther && s.lockCount {
					if got := s.fast.lockedOther(puzzle, int32(f), int(v-1)); got != want {
						t.Fatalf("%v: %v without r%dc%d: lockedOther says %v, backtracking %v", vs, puzzle, f/9+1, f%9+1, got, want)
					}
				}
				if s.Singles(puzzle, nil, nil) && s.twoWithin(puzzle, f, v, 16) && !want {
					t.Fatalf("%v: %v without r%dc%d: the probe found a second solution backtracking does not", vs, puzzle, f/9+1, f%9+1)
				}
				puzzle[f] = v
			}
			s.prefer(nil)
		}
	}
}

// TestBB9ClosureAgrees: the engine's closure of singles (placed cells and
// whether it places the asked cells) is the general solver's, on random
// subsets of random solutions from dense to sparse, and its answers on
// sparse puzzles (minimal ones of the generator, given by given) are the
// general solver's.
func TestBB9ClosureAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, vs := range bb9Cases {
		fast, slow := solverPair(t, vs, rng)
		sol := make([]uint8, 81)
		outF, outS := make([]uint8, 81), make([]uint8, 81)
		for trial := range 40 {
			puzzle := cutPuzzle(t, slow, rng, sol, 12+trial)
			cells := rng.Perm(81)[:3]
			okF, okS := fast.Singles(puzzle, cells, outF), slow.Singles(puzzle, cells, outS)
			if okF != okS || string(outF) != string(outS) {
				t.Fatalf("%v: %v: closure %v %v, general solver %v %v", vs, puzzle, okF, outF, okS, outS)
			}
			if trial%4 == 3 { // a conflicting given: no closure
				f := rng.IntN(81)
				puzzle[f] = sol[(f+1)%81]
				if fast.Singles(puzzle, nil, nil) != slow.Singles(puzzle, nil, nil) {
					t.Fatalf("%v: %v: closure and general solver disagree on a broken puzzle", vs, puzzle)
				}
			}
		}
		yes, no := 0, 0
		for trial := range 4 {
			puzzle := cutPuzzle(t, slow, rng, sol, 18+trial)
			for f, v := range puzzle {
				if v == 0 {
					continue
				}
				puzzle[f] = 0
				a, b := fast.fast.other(puzzle, int32(f), int(v-1)), slow.other(puzzle, f, v)
				if a != b {
					t.Fatalf("%v: %v without r%dc%d: engine %v, general solver %v", vs, puzzle, f/9+1, f%9+1, a, b)
				}
				if a {
					yes++
				} else {
					no++
				}
				puzzle[f] = v
			}
		}
		if yes == 0 || no == 0 {
			t.Errorf("%v: sparse puzzles: %d removals with a second solution, %d without: both should occur", vs, yes, no)
		}
		gen, err := NewGenerator(Spec{Size: 9, Variants: fast.g.Variants, Regions: fast.g.Regions}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			p, err := gen.Generate(rng)
			if err != nil {
				t.Fatal(err)
			}
			for f, v := range p.Puzzle {
				if v == 0 {
					continue
				}
				q := append([]uint8(nil), p.Puzzle...)
				q[f] = 0
				if a, b := fast.other(q, f, v), slow.other(q, f, v); a != b || !a {
					t.Fatalf("%v: minimal %v without r%dc%d: engine %v, general solver %v (want true)", vs, p.Puzzle, f/9+1, f%9+1, a, b)
				}
			}
		}
	}
}

// solverPair builds a random 9x9 board of variants vs and two solvers
// of it: one with the 9x9 engine, and one without (the general solver
// alone), to check one against the other.
func solverPair(t *testing.T, vs []string, rng *rand.Rand) (fast, slow *Solver) {
	t.Helper()
	g, _ := buildRandom(t, 9, vs, rng)
	fast, slow = NewSolver(g), NewSolver(g)
	slow.fast = nil
	return fast, slow
}

// cutPuzzle draws a full solution into sol (randomGrid) and returns a
// copy of it with all but keep cells, chosen at random, emptied.
func cutPuzzle(t *testing.T, s *Solver, rng *rand.Rand, sol []uint8, keep int) []uint8 {
	t.Helper()
	randomGrid(t, s, rng, sol)
	puzzle := append([]uint8(nil), sol...)
	for _, i := range rng.Perm(81)[keep:] {
		puzzle[i] = 0
	}
	return puzzle
}

// randomGrid draws a full solution as the generator does: searches of at
// most 5,000 nodes until one ends (a random search's time is
// heavy-tailed); on boards with non-consecutive pairs the pair engine's
// draw (Solver.Full: searches of pairNodeLimit nodes, as Generate draws
// them there; Random's searches took 2-6 times as long on them, most of
// TestNakedFrom's time).
func randomGrid(t *testing.T, s *Solver, rng *rand.Rand, sol []uint8) {
	t.Helper()
	if s.pairRand != nil {
		s.SetLimit(pairNodeLimit)
		defer s.SetLimit(0)
		if !s.Full(rng, sol, PairRestarts) {
			t.Fatalf("no solution in %d searches", PairRestarts)
		}
		return
	}
	s.SetLimit(5000)
	defer s.SetLimit(0)
	for range 100 {
		if s.Random(rng, nil, sol) {
			return
		}
	}
	t.Fatal("no solution in 100 searches")
}

// TestBB9ScanFromBase: singles started from a fixpoint's candidates
// (base: the hidden-single scans look only at houses with a cell that
// lost a digit since) reaches the state, or the contradiction, of
// singles scanning every house, after a candidate dropped or a digit
// placed on a closure; and a search from the closure (dropAndSearch with
// closed set, no node bound) answers as the general solver.
func TestBB9ScanFromBase(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, vs := range bb9Cases {
		s, slow := solverPair(t, vs, rng)
		e := s.fast
		sol := make([]uint8, 81)
		fails, oks := 0, 0
		for trial := range 30 {
			puzzle := cutPuzzle(t, s, rng, sol, 14+trial)
			if !e.closure(puzzle) {
				t.Fatalf("%v: %v: no closure", vs, puzzle)
			}
			fix := e.stack[0]
			for range 10 {
				open := set128{^fix.done.lo, hi81 &^ fix.done.hi}
				if open.empty() {
					break
				}
				k := int32(open.nth(rng.IntN(open.count())))
				var ds []int
				for d := range fix.cand {
					if fix.cand[d].has(k) {
						ds = append(ds, d)
					}
				}
				d := ds[rng.IntN(len(ds))]
				a, b := fix, fix
				if rng.IntN(2) == 0 {
					a.cand[d] = a.cand[d].andNot(bit128(int(k)))
					b.cand[d] = b.cand[d].andNot(bit128(int(k)))
				} else if !e.assign(&a, k, d) || !e.assign(&b, k, d) {
					t.Fatalf("%v: cannot place a candidate", vs)
				}
				okA, okB := e.singles(&a, &fix.cand), e.singles(&b, nil)
				if okA != okB || (okA && a != b) {
					t.Fatalf("%v: %v, r%dc%d digit %d: from base %v, full scans %v (or other states)", vs, puzzle, k/9+1, k%9+1, d+1, okA, okB)
				}
				if okA {
					oks++
				} else {
					fails++
				}
			}
			for _, f := range rng.Perm(81)[:5] {
				if puzzle[f] != 0 || fix.done.has(int32(f)) {
					continue
				}
				e.stack[0] = fix
				e.limit = 0
				got := e.dropAndSearch(int32(f), int(sol[f]-1), true)
				if want := slow.other(puzzle, f, sol[f]); got != want {
					t.Fatalf("%v: %v: another digit on r%dc%d: search from the closure %v, general solver %v", vs, puzzle, f/9+1, f%9+1, got, want)
				}
			}
		}
		if oks == 0 || fails == 0 {
			t.Errorf("%v: %d fixpoints, %d contradictions: both should occur", vs, oks, fails)
		}
	}
}

// TestBB9PlacedWith: the cells the closure places with one given added,
// counted from the closure without it (placedWith, as swapIn scores its
// candidates), are those the general solver's closure of the puzzle
// with the given places, from sparse to dense puzzles.
func TestBB9PlacedWith(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for _, vs := range bb9Cases {
		s, slow := solverPair(t, vs, rng)
		e := s.fast
		sol := make([]uint8, 81)
		out := make([]uint8, 81)
		checked := 0
		for trial := range 20 {
			puzzle := cutPuzzle(t, s, rng, sol, 10+trial)
			if !e.closure(puzzle) {
				t.Fatalf("%v: %v: no closure", vs, puzzle)
			}
			base := e.stack[0]
			for _, f := range rng.Perm(81)[:12] {
				if base.done.has(int32(f)) {
					continue
				}
				got := e.placedWith(&base, int32(f), int(sol[f]-1))
				puzzle[f] = sol[f]
				want := placedCount(slow, puzzle, out)
				puzzle[f] = 0
				if got != want {
					t.Fatalf("%v: %v with r%dc%d=%d: %d cells from the closure, %d from the general solver", vs, puzzle, f/9+1, f%9+1, sol[f], got, want)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Errorf("%v: no cell checked", vs)
		}
	}
}

// TestBB9FoldedHouses: each house folded into one word (bb9.fold, the
// hidden-single test of singles) holds as many cells of a set as the
// house does, on random sets of every board the engine serves (X's
// anti-diagonal holds cells 8 and 72, one bit apart by 64).
func TestBB9FoldedHouses(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, vs := range bb9Cases {
		g, _ := buildRandom(t, 9, vs, rng)
		e := NewSolver(g).fast
		for range 200 {
			x := set128{rng.Uint64(), rng.Uint64() & hi81}
			for range 3 { // sparser sets: houses with one cell or none
				if rng.IntN(2) == 0 {
					x = x.and(set128{rng.Uint64(), rng.Uint64()})
				}
			}
			for hs := e.allH; hs != 0; hs &= hs - 1 {
				h := bits.TrailingZeros64(hs)
				f := e.fold[h]
				w := x.lo&f.lo | bits.RotateLeft64(x.hi&f.hi, f.rot)
				if got, want := bits.OnesCount64(w), x.and(e.houses[h]).count(); got != want {
					t.Fatalf("%v: house %d: %d cells folded, %d in the house", vs, h, got, want)
				}
			}
		}
	}
}

// TestBB9HiddenGiven: the engine's hidden single of the givens
// (hiddenGiven, keeper.single's test on 9x9 boards) answers as the
// general hiddenSingle, on puzzles cut from a random solution, for the
// solution's value and for others, on every board the engine serves and
// on non-consecutive boards (the pair engine).
func TestBB9HiddenGiven(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	cases := append([][]string{{NonConsecutive}, {X, NonConsecutive}}, bb9Cases...)
	for _, vs := range cases {
		g, s, e := logicBoard(t, vs, rng)
		sol := make([]uint8, 81)
		randomGrid(t, s, rng, sol)
		yes, no := 0, 0
		for trial := range 12 {
			puzzle := append([]uint8(nil), sol...)
			for _, i := range rng.Perm(81)[12+3*trial:] {
				puzzle[i] = 0
			}
			for f, w := range puzzle {
				if w != 0 {
					continue
				}
				for _, v := range []uint8{sol[f], uint8(1 + rng.IntN(9))} {
					got, want := e.hiddenGiven(puzzle, f, v), hiddenSingle(g, puzzle, f, v)
					if got != want {
						t.Fatalf("%v: %v r%dc%d=%d: engine %v, hiddenSingle %v", vs, puzzle, f/9+1, f%9+1, v, got, want)
					}
					if got {
						yes++
					} else {
						no++
					}
				}
			}
		}
		if yes == 0 || no == 0 {
			t.Errorf("%v: %d hidden singles, %d not: both should occur", vs, yes, no)
		}
	}
}

// TestBB9Fewest: the search's branch cell (fewest, bit-sliced) is the
// first cell of fewest candidates counted cell by cell, on random
// candidate sets from dense to sparse.
func TestBB9Fewest(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for trial := range 3000 {
		var st bbState
		for d := range st.cand {
			x := set128{rng.Uint64(), rng.Uint64() & hi81}
			for range trial % 5 {
				x = x.and(set128{rng.Uint64(), rng.Uint64()})
			}
			st.cand[d] = x
		}
		want, best := int32(-1), 10
		for c := range int32(81) {
			n := 0
			for d := range st.cand {
				if st.cand[d].has(c) {
					n++
				}
			}
			if n > 0 && n < best {
				want, best = c, n
			}
		}
		if want < 0 {
			continue
		}
		if got := fewest(&st); got != want {
			t.Fatalf("trial %d: fewest r%dc%d, want r%dc%d (%d candidates)", trial, got/9+1, got%9+1, want/9+1, want%9+1, best)
		}
	}
}

// TestBB9LoadNear: along random walks of puzzles (givens taken out, put
// back, put in with a wrong digit, several changed at once), the 9x9
// engines' load (by difference from the last puzzle where it can:
// loadNear) gives loadInto's answer and, when the givens hold, its
// state, on boards with houses, sees cells and pairs. It fails when
// unplace forgets the pair neighbours' digits or the cell's own.
func TestBB9LoadNear(t *testing.T) {
	for _, vs := range [][]string{{X}, {AntiKing}, {AntiKnight}, {Windoku}, {NonConsecutive}, {X, NonConsecutive}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		s := NewSolver(g)
		e := s.logicEngine()
		rng := rand.New(rand.NewPCG(17, uint64(len(vs))))
		near := 0
		for range 10 {
			sol := make([]uint8, 81)
			s.SetLimit(pairNodeLimit)
			if !s.Full(rng, sol, PairRestarts) {
				t.Fatal("no solution")
			}
			s.SetLimit(0)
			p := append([]uint8(nil), sol...)
			for step := range 300 {
				switch r := rng.IntN(20); {
				case r < 12: // a given out
					p[rng.IntN(81)] = 0
				case r < 17: // one back
					f := rng.IntN(81)
					p[f] = sol[f]
				case r < 19: // a digit that may break a constraint
					if f := rng.IntN(81); p[f] == 0 {
						p[f] = uint8(1 + rng.IntN(9))
					}
				default: // far from the last
					for range 6 {
						f := rng.IntN(81)
						p[f] = sol[f] * uint8(rng.IntN(2))
					}
				}
				if step%50 == 49 {
					copy(p, sol) // a valid puzzle again
				}
				var want bbState
				ok := e.loadInto(&want, p)
				wasNear := e.givenOK
				if got := e.load(p); got != ok {
					t.Fatalf("%v step %d: load %v, loadInto %v", vs, step, got, ok)
				}
				if ok && e.stack[0] != want {
					t.Fatalf("%v step %d: load's state differs from loadInto's", vs, step)
				}
				if ok && wasNear {
					near++
				}
			}
		}
		if near == 0 {
			t.Errorf("%v: no load by difference", vs)
		}
	}
}

// TestLockHouses: the logic closure's locked candidates (lockedGeneral)
// use the houses SE locks in on a frame with boxes (rows, columns,
// boxes, disjoint groups and windows: grade.SetHouseTypes), every house
// elsewhere and on boards with pairs; lpeers are the cells sharing one of
// them with each cell, recomputed here from the houses' cells.
func TestLockHouses(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	seLocks := map[string]bool{"row": true, "column": true, "box": true, "disjoint-group": true, "window": true, "hidden-window": true}
	cases := append([][]string{{NonConsecutive}, {X, NonConsecutive}, {X, AntiKing}, {Asterisk, X}}, bb9Cases...)
	narrowed := 0
	for _, vs := range cases {
		g, e := engineOf(t, vs, rng)
		var want uint64
		for h, k := range g.data.HouseKinds {
			if seLocks[k] || e.pairs || g.BoxRows == 0 {
				want |= 1 << h
			}
		}
		if e.lockH != want {
			t.Errorf("%v: lockH %b, want %b (kinds %v)", vs, e.lockH, want, g.data.HouseKinds)
		}
		if want != e.allH {
			narrowed++
		}
		for c := range 81 {
			var p set128
			for h, cells := range g.data.Houses {
				if want&(1<<h) != 0 && slices.Contains(cells, c) {
					for _, x := range cells {
						if x != c {
							p = p.or(bit128(x))
						}
					}
				}
			}
			if e.lpeers[c] != p {
				t.Fatalf("%v: lpeers of %d differ", vs, c)
			}
		}
	}
	if narrowed != 7 { // x (alone, with anti-knight, anti-king, asterisk), asterisk, girandola, center dot
		t.Errorf("%d boards lock in fewer houses than they have, want 7", narrowed)
	}
}

// logicBoard builds a random 9x9 board of variants vs with its solver
// and the solver's logic engine (the 9x9 engine, or the pair engine on
// non-consecutive boards); it fails the test when there is none.
func logicBoard(t *testing.T, vs []string, rng *rand.Rand) (*Geometry, *Solver, *bb9) {
	t.Helper()
	g, _ := buildRandom(t, 9, vs, rng)
	s := NewSolver(g)
	e := s.logicEngine()
	if e == nil {
		t.Fatalf("%v: no 9x9 engine", vs)
	}
	return g, s, e
}

// TestHousesOf: housesOf (by bytes) answers as the houses of each cell
// of the set, from the layout's houses, on random sets of every size.
func TestHousesOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	cases := append([][]string{{NonConsecutive}, {X, NonConsecutive}}, bb9Cases...)
	for _, vs := range cases {
		g, e := engineOf(t, vs, rng)
		for i := range 2000 {
			var x set128
			var want uint64
			for c := range 81 {
				if rng.IntN(81) < i%82 {
					x = x.or(bit128(c))
					for h, cells := range g.data.Houses {
						if slices.Contains(cells, c) {
							want |= 1 << h
						}
					}
				}
			}
			if got := e.housesOf(x); got != want {
				t.Fatalf("%v: housesOf(%v) = %b, want %b", vs, x, got, want)
			}
		}
	}
}

// engineOf builds a random board of vs and its 9x9 engine (with pairs
// where the board has them).
func engineOf(t *testing.T, vs []string, rng *rand.Rand) (*Geometry, *bb9) {
	t.Helper()
	g, _ := buildRandom(t, 9, vs, rng)
	e := newBB9(g)
	if e == nil {
		e = newBB9Pairs(g)
	}
	if e == nil {
		t.Fatalf("%v: no 9x9 engine", vs)
	}
	return g, e
}

// TestBackScores: swapIn's scores when the pass just removed back
// (backScores) order the cells that sort before back as the full scores
// do, back included, on every board the engine serves: random puzzles
// P of a drawn solution, each without one of its givens (back) whose
// removal leaves it open; the full scores count the cells the general
// solver's closure of singles places with each cell's given put in.
// It fails when a cell of P's closure ahead of back is scored as back
// without asking whether its closure places back, or when the cells
// after back are scored as ahead of it.
func TestBackScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for _, vs := range bb9Cases {
		s, slow := solverPair(t, vs, rng)
		e := s.fast
		sol := make([]uint8, 81)
		out := make([]uint8, 81)
		checked, ties, ahead := 0, 0, 0
		for trial := range 30 {
			puzzle := cutPuzzle(t, s, rng, sol, 24+trial%12)
			for _, back := range rng.Perm(81)[:10] {
				if puzzle[back] == 0 {
					continue
				}
				puzzle[back] = 0
				if !e.closure(puzzle) || e.stack[0].done.has(int32(back)) {
					puzzle[back] = sol[back]
					continue
				}
				base := e.stack[0]
				var cand []int
				for f := range 81 {
					if !base.done.has(int32(f)) {
						cand = append(cand, f)
					}
				}
				rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
				full := make([]int, 81)
				for _, f := range cand {
					puzzle[f] = sol[f]
					full[f] = placedCount(slow, puzzle, out)
					puzzle[f] = 0
				}
				got := make([]int, 81)
				backScores(e, &base, cand, sol, back, got)
				order := func(score []int) []int {
					o := slices.Clone(cand)
					sort.SliceStable(o, func(i, j int) bool { return score[o[i]] > score[o[j]] })
					return o[:slices.Index(o, back)+1]
				}
				want, have := order(full), order(got)
				if !slices.Equal(want, have) {
					t.Fatalf("%v: %v without r%dc%d: cells up to it %v by the full scores, %v by backScores", vs, puzzle, back/9+1, back%9+1, want, have)
				}
				for _, f := range want[:len(want)-1] {
					if full[f] == full[back] {
						ties++
					} else {
						ahead++
					}
				}
				puzzle[back] = sol[back]
				checked++
			}
		}
		t.Logf("%v: %d removals checked, %d cells tied with back ahead of it, %d scoring more", vs, checked, ties, ahead)
		if checked == 0 {
			t.Errorf("%v: nothing checked", vs)
		}
	}
}
