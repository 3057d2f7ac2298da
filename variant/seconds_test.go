package variant

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMemoSeconds: along digs of random solutions (eight of each, a
// removal kept when the general solver counts one solution), every
// second solution the probe (twoWithin), the uniqueness test (other)
// and Harden's search (alternative) note is a solution's difference
// from the dig's solution that holds the removed cell (the solution with
// those cells emptied has two solutions or more, counted by the general
// solver); every removal the memo refutes (keepMemo.refutes) has a
// second solution by that count, and no single places it (the closure
// of singles, a naked or hidden single of the givens); and each dig's
// end is minimal with the memo's refutations (isMinimal) as without;
// where the pass's search is alternative's (fastOther), the solution it
// remembers (addAlt, altFor) is the one alternative finds. It fails when
// refutes skips the givens' test, noteSecond notes the cells of
// agreement, or addAlt keeps the pass's solution on a board whose pass
// searches another way.
func TestMemoSeconds(t *testing.T) {
	for _, vs := range [][]string{{X}, {AntiKing}, {Windoku}, {AntiKnight}, {NonConsecutive}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(11, uint64(len(vs))))
		s := NewSolver(g)
		count := NewSolver(g) // the truth: the general solver's count
		var refuted, noted, alts int
		for range 6 {
			sol := make([]uint8, 81)
			s.SetLimit(5_000)
			tries := 1
			if has(vs, NonConsecutive) {
				s.SetLimit(pairNodeLimit)
				tries = PairRestarts
			}
			if !s.Full(rng, sol, tries) {
				t.Fatalf("%v: no solution", vs)
			}
			s.SetLimit(0)
			s.prefer(sol)
			memo := newKeepMemo()
			check := func(f int) {
				d, ok := s.second()
				if !ok {
					if s.logicEngine() != nil && (s.fast != nil || s.lockCount) {
						t.Fatalf("%v: a second solution found on a 9x9 engine, none noted", vs)
					}
					return
				}
				noted++
				if !d.has(int32(f)) {
					t.Fatalf("%v: the second solution of cell %d's removal agrees there", vs, f)
				}
				q := append([]uint8(nil), sol...)
				for c := range q {
					if d.has(int32(c)) {
						q[c] = 0
					}
				}
				if count.Count(q, 2) < 2 {
					t.Fatalf("%v: the noted cells %v hold no second solution", vs, d)
				}
				memo.addSecond(s)
			}
			for range 8 { // digs of the same solution, in other orders
				puzzle := append([]uint8(nil), sol...)
				givens := 81
				for i, f := range rng.Perm(81) {
					if givens <= 20 {
						break
					}
					puzzle[f] = 0
					unique := count.Count(puzzle, 2) == 1
					if memo.refutes(puzzle, f) {
						refuted++
						if unique {
							t.Fatalf("%v: the memo refutes removing cell %d of a unique puzzle", vs, f)
						}
						// What digOrbit skips on a refutation places nothing.
						if s.Singles(puzzle, []int{f}, nil) || forced(g, puzzle, f, sol[f]) || hiddenSingle(g, puzzle, f, sol[f]) {
							t.Fatalf("%v: a single places refuted cell %d", vs, f)
						}
					} else {
						if i%2 == 0 {
							// The probe from the closure (its branch cells focused).
							s.Singles(puzzle, nil, nil)
						}
						switch {
						case s.twoWithin(puzzle, f, sol[f], 16):
							check(f)
						case s.other(puzzle, f, sol[f]):
							check(f)
						}
						if s.fast != nil {
							// The pass's solution, remembered, is the
							// one Harden's search finds.
							pass := make([]uint8, 81)
							remembered := false
							if s.other(puzzle, f, sol[f]) {
								memo.addAlt(s, puzzle, f)
								remembered = memo.altFor(puzzle, f, pass)
								if remembered != s.fastOther {
									t.Fatalf("%v: the pass's solution for cell %d remembered %v, its search alternative's %v", vs, f, remembered, s.fastOther)
								}
							}
							alt := make([]uint8, 81)
							if ok, found := s.alternative(puzzle, f, sol[f], alt); ok && found {
								check(f)
								if remembered && string(alt) != string(pass) {
									t.Fatalf("%v: cell %d: the pass remembered %v, the search finds %v", vs, f, pass, alt)
								}
								alts++
							}
						}
					}
					if unique {
						givens--
					} else {
						puzzle[f] = sol[f]
					}
				}
				if got, want := isMinimal(s, puzzle, memo), IsMinimal(count, puzzle); got != want {
					t.Fatalf("%v: minimal %v with the memo, %v without", vs, got, want)
				}
			}
		}
		if refuted == 0 || noted == 0 {
			t.Errorf("%v: %d removals refuted, %d second solutions noted: the test tests nothing", vs, refuted, noted)
		}
		t.Logf("%v: %d refuted, %d noted, %d alternatives", vs, refuted, noted, alts)
	}
}

// TestDigPassOrder: a strict dig without swaps keeps the same puzzle, or
// is dropped, whichever way its uniqueness-only pass runs (passReversed),
// with a memo of second solutions as the generator's digs have, on X
// and windoku (Keep: the closure of singles, which drops most digs) and
// on X with a symmetry. It fails when the reversed pass also runs where
// a swap may follow (anti-king), whose dig then draws other swaps.
func TestDigPassOrder(t *testing.T) {
	defer func(rev bool) { passReversed = rev }(passReversed)
	for _, tc := range []struct {
		vs  []string
		sym string
	}{{[]string{X}, ""}, {[]string{Windoku}, ""}, {[]string{X}, "rot180"}, {[]string{AntiKing}, ""}} {
		g, err := Build(Spec{Size: 9, Variants: tc.vs})
		if err != nil {
			t.Fatal(err)
		}
		keepFn := singlesKeep(newNaive(9, tc.vs, ""))
		s := NewSolver(g)
		rng := rand.New(rand.NewPCG(5, uint64(len(tc.sym))))
		kept, dropped := 0, 0
		for range 40 {
			sol := make([]uint8, 81)
			s.SetLimit(5_000)
			for !s.Random(rng, nil, sol) {
			}
			s.SetLimit(0)
			perm := symmetryPerm(g, tc.sym)
			if tc.sym == "" {
				perm = nil
			}
			seed := rng.Uint64()
			var got [2][]uint8
			var oks [2]bool
			for i, rev := range []bool{false, true} {
				passReversed = rev
				memo := newKeepMemo()
				k := keeper{keep: keepFn, singles: NakedSingle, buf: make([]uint8, 81), memo: memo, swaps: SwapMoves(tc.vs, DigRandom)}
				p, ok := dig(g, s, sol, perm, rand.New(rand.NewPCG(seed, 1)), k, true, false)
				got[i], oks[i] = p.Puzzle, ok
			}
			if oks[0] != oks[1] || !slices.Equal(got[0], got[1]) {
				t.Fatalf("%v %q: the pass in order kept %v %v, reversed %v %v", tc.vs, tc.sym, oks[0], got[0], oks[1], got[1])
			}
			if oks[0] {
				kept++
			} else {
				dropped++
			}
		}
		if kept == 0 || dropped == 0 {
			t.Errorf("%v %q: %d kept, %d dropped: the test tests one side only", tc.vs, tc.sym, kept, dropped)
		}
	}
}

// TestPairsNoProbe: on boards with non-consecutive pairs the steered
// dig runs no second-solution probe (refutePairs); Keep-minimal digs
// (as variantkind steers those boards) keep the same puzzles as with the
// probe of the other boards (refuteNodes), and so do digs with the
// uniqueness-only pass. Keep: the logic closure. It fails when the dig
// without the probe skips the logic closure's acceptance.
func TestPairsNoProbe(t *testing.T) {
	defer func() { refuteOverride = 0 }()
	for _, vs := range [][]string{{NonConsecutive}, {X, NonConsecutive}} {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		ks := NewSolver(g) // Keep: the logic closure (it proves uniqueness)
		keepFn := func(_ *Geometry, c []uint8) bool { return ks.LogicSolves(c, LogicTop) }
		refuteOverride = 0
		plain := NewSolver(g)
		refuteOverride = refuteNodes
		probed := NewSolver(g)
		if plain.refute != 0 || probed.refute != refuteNodes {
			t.Fatalf("%v: probe bounds %d and %d", vs, plain.refute, probed.refute)
		}
		rng := rand.New(rand.NewPCG(8, uint64(len(vs))))
		for i := range 8 {
			sol := make([]uint8, 81)
			plain.SetLimit(pairNodeLimit)
			if !plain.Full(rng, sol, PairRestarts) {
				t.Fatal("no solution")
			}
			plain.SetLimit(0)
			seed := rng.Uint64()
			minimal := i%2 == 0
			var got [2]Puzzle
			var oks [2]bool
			for j, s := range []*Solver{plain, probed} {
				k := keeper{keep: keepFn, singles: NakedSingle, minimal: minimal, buf: make([]uint8, 81), memo: newKeepMemo()}
				got[j], oks[j] = dig(g, s, sol, nil, rand.New(rand.NewPCG(seed, 1)), k, true, false)
			}
			if oks[0] != oks[1] || !slices.Equal(got[0].Puzzle, got[1].Puzzle) || got[0].Minimal != got[1].Minimal {
				t.Fatalf("%v dig %d (Keep-minimal %v): without the probe %v %v, with %v %v", vs, i, minimal, oks[0], got[0].Puzzle, oks[1], got[1].Puzzle)
			}
		}
	}
}
