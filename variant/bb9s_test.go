package variant

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestBB9FullFixpointRef: the engine's propagation with locked
// candidates (fullFixpoint: singles and lockedPass, lockedPlain on
// boards without pairs) reaches refFixpoint's candidates, or its
// contradiction, on random subsets of random solutions, with and
// without a wrong given, on boards without pairs.
func TestBB9FullFixpointRef(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, vs := range [][]string{{AntiKnight}, {X, AntiKing}, {Jigsaw}, {Windoku}} {
		g, e, s := engineBoard(t, vs, rng)
		sol := make([]uint8, 81)
		bad, good, locked := 0, 0, 0
		for trial := range 200 {
			for !s.Random(rng, nil, sol) {
			}
			puzzle := append([]uint8(nil), sol...)
			for _, i := range rng.Perm(81)[8+trial%22:] {
				puzzle[i] = 0
			}
			if trial%5 == 4 {
				puzzle[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
			want, wok := refFixpoint(g, puzzle)
			st := &e.stack[0]
			ok := e.loadInto(st, puzzle) && e.fullFixpoint(st, nil)
			if ok != wok {
				t.Fatalf("%v: %v: engine %v, reference %v", vs, puzzle, ok, wok)
			}
			if !ok {
				bad++
				continue
			}
			good++
			// singles alone leave more: the locked candidates took some
			var sing bbState
			if e.loadInto(&sing, puzzle) && e.singles(&sing, nil) && sing.cand != st.cand {
				locked++
			}
			for c := range 81 {
				var m uint32
				for d := range 9 {
					if st.cand[d].has(int32(c)) || st.dig[d].has(int32(c)) {
						m |= 1 << d
					}
				}
				if m != want[c] {
					t.Fatalf("%v: %v: cell %d has %b, the reference %b", vs, puzzle, c, m, want[c])
				}
			}
		}
		if bad == 0 || good == 0 || locked == 0 {
			t.Fatalf("%v: %d contradictions, %d fixpoints, %d where locked candidates took something: all should be met", vs, bad, good, locked)
		}
		t.Logf("%v: %d contradictions, %d fixpoints (%d with locked eliminations)", vs, bad, good, locked)
	}
}

// TestLockedGeneralRef: the logic closure's locked candidates
// (lockedGeneral, with singles, to their common fixpoint) reach the
// fixpoint of singles and a cell-by-cell reference: a digit's places in a house of
// lockH (two or more) leave the cells outside the house that share a
// house of lockH with every place.
func TestLockedGeneralRef(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for _, vs := range [][]string{{AntiKnight}, {X, AntiKing}, {Jigsaw}, {DisjointGroups}, {Windoku}} {
		_, e, s := engineBoard(t, vs, rng)
		sol := make([]uint8, 81)
		took := 0
		for trial := range 150 {
			for !s.Random(rng, nil, sol) {
			}
			puzzle := append([]uint8(nil), sol...)
			for _, i := range rng.Perm(81)[10+trial%20:] {
				puzzle[i] = 0
			}
			var st bbState
			if !e.loadInto(&st, puzzle) || !e.singles(&st, nil) {
				t.Fatalf("%v: a subset of a solution contradicts", vs)
			}
			ref, start := st, st
			e.marks = logicMarks{}
			for ok := true; ok; ok = e.lockedGeneral(&st) {
				if !e.singles(&st, nil) {
					t.Fatalf("%v: a subset of a solution contradicts", vs)
				}
			}
			for ok := true; ok; ok = refLocked(e, &ref) {
				if !e.singles(&ref, nil) {
					t.Fatalf("%v: a subset of a solution contradicts (reference)", vs)
				}
			}
			if st.cand != ref.cand {
				t.Fatalf("%v: %v: lockedGeneral and the reference differ", vs, puzzle)
			}
			if st.cand != start.cand {
				took++
			}
		}
		if took == 0 {
			t.Fatalf("%v: the locked candidates never took anything", vs)
		}
	}
}

// engineBoard builds a random 9x9 board of vs (a random layout for
// jigsaw) and returns it, its 9x9 engine and a solver drawing its
// solutions.
func engineBoard(t *testing.T, vs []string, rng *rand.Rand) (*Geometry, *bb9, *Solver) {
	t.Helper()
	g, _ := buildRandom(t, 9, vs, rng)
	e := newBB9(g)
	if e == nil {
		t.Fatalf("%v: no engine", vs)
	}
	s := NewSolver(g)
	s.SetLimit(5000)
	return g, e, s
}

// refLocked is one pass of the reference of TestLockedGeneralRef, cell
// by cell over lockH's houses; true when it took a candidate.
func refLocked(e *bb9, st *bbState) bool {
	shares := func(a, b int) bool { return e.cellH[a]&e.cellH[b]&e.lockH != 0 }
	took := false
	for hs := e.lockH; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs)
		for d := range 9 {
			var places []int
			for c := range 81 {
				if e.houses[h].has(int32(c)) && st.cand[d].has(int32(c)) {
					places = append(places, c)
				}
			}
			if len(places) < 2 || !st.dig[d].and(e.houses[h]).empty() {
				continue
			}
			for x := range 81 {
				if e.houses[h].has(int32(x)) || !st.cand[d].has(int32(x)) {
					continue
				}
				all := true
				for _, p := range places {
					all = all && shares(p, x)
				}
				if all {
					st.cand[d] = st.cand[d].andNot(bit128(x))
					took = true
				}
			}
		}
	}
	return took
}

// TestColBits: colBits against the cells of a column read one by one,
// on random sets of the 81 cells.
func TestColBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	for range 2000 {
		x := set128{rng.Uint64(), rng.Uint64() & hi81}
		if rng.IntN(4) == 0 {
			x.lo &= rng.Uint64()
		}
		for c := range 9 {
			var want uint16
			for r := range 9 {
				if x.has(int32(9*r + c)) {
					want |= 1 << r
				}
			}
			if got := colBits(x, c); got != want {
				t.Fatalf("%x %x column %d: %09b, want %09b", x.hi, x.lo, c, got, want)
			}
		}
	}
}
