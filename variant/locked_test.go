package variant

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// refFixpoint is the fixpoint the general solver's propagation with
// locked candidates reaches, computed plainly from the geometry's lists:
// naked and hidden singles, locked candidates (a value on two or three
// places of a house leaves the cells that see them all, and their common
// non-consecutive neighbours lose the values next to it) and the pair
// rule's two- and three-candidate cells, repeated until nothing changes.
// It returns the candidates per compact cell, false on a contradiction.
func refFixpoint(g *Geometry, puzzle []uint8) ([]uint32, bool) {
	cand := make([]uint32, g.m)
	done := make([]bool, g.m)
	for i := range cand {
		cand[i] = g.full
	}
	for k, f := range g.used {
		if v := puzzle[f]; v != 0 {
			cand[k] &= 1 << (v - 1)
		}
	}
	isPeer := func(a, b int32) bool {
		for _, p := range g.peers[g.pStart[a]:g.pStart[a+1]] {
			if p == b {
				return true
			}
		}
		return false
	}
	pairForbid := func(a, b int32, v int) (uint32, bool) {
		for q := g.qStart[a]; q < g.qStart[a+1]; q++ {
			if g.qNbr[q] == b {
				return g.forbid[g.qRule[q]][v], true
			}
		}
		return 0, false
	}
	for changed := true; changed; {
		changed = false
		remove := func(c int32, m uint32) {
			if cand[c]&m != 0 {
				cand[c] &^= m
				changed = true
			}
		}
		for i := range cand {
			if cand[i] == 0 {
				return nil, false
			}
			if done[i] || bits.OnesCount32(cand[i]) != 1 {
				continue
			}
			done[i], changed = true, true
			v := bits.TrailingZeros32(cand[i])
			for _, p := range g.peers[g.pStart[i]:g.pStart[i+1]] {
				if done[p] && cand[p] == cand[i] {
					return nil, false
				}
				remove(p, cand[i])
			}
			for q := g.qStart[i]; q < g.qStart[i+1]; q++ {
				p := g.qNbr[q]
				if done[p] && cand[p]&g.forbid[g.qRule[q]][v] != 0 {
					return nil, false
				}
				remove(p, g.forbid[g.qRule[q]][v])
			}
		}
		for h := range len(g.hStart) - 1 {
			cells := g.hCells[g.hStart[h]:g.hStart[h+1]]
			for v := range g.data.N {
				b := uint32(1) << v
				var places []int32
				have := false
				for _, c := range cells {
					if cand[c]&b != 0 {
						if done[c] {
							have = true
						} else {
							places = append(places, c)
						}
					}
				}
				switch {
				case have:
				case len(places) == 0:
					return nil, false
				case len(places) == 1:
					if cand[places[0]] != b {
						cand[places[0]], changed = b, true
					}
				case len(places) <= 3:
					for x := range int32(g.m) {
						if done[x] {
							continue
						}
						in, seesAll, nextAll := false, true, true
						var f uint32 = ^uint32(0)
						for _, c := range cells {
							in = in || c == x
						}
						for _, c := range places {
							seesAll = seesAll && x != c && isPeer(c, x)
							m, ok := pairForbid(c, x, v)
							nextAll = nextAll && ok
							f &= m
						}
						if seesAll && !in {
							remove(x, b)
						}
						if nextAll && len(g.qNbr) > 0 {
							remove(x, f)
						}
					}
				}
			}
		}
		for i := range int32(g.m) {
			c := cand[i]
			if done[i] || bits.OnesCount32(c) > 3 {
				continue
			}
			for q := g.qStart[i]; q < g.qStart[i+1]; q++ {
				f := ^uint32(0)
				for x := c; x != 0; x &= x - 1 {
					v := bits.TrailingZeros32(x)
					m := g.forbid[g.qRule[q]][v]
					if g.qPeer[q] {
						m |= 1 << v
					}
					f &= m
				}
				remove(g.qNbr[q], f)
			}
		}
	}
	return cand, true
}

// TestLockedFixpoint: the general solver's propagation with locked
// candidates (locked2 on boards of two-word bitsets, the slice path on
// bigger ones) reaches refFixpoint's candidates, or its contradiction,
// on random subsets of random solutions, and with a wrong given added.
func TestLockedFixpoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, tc := range []struct {
		size int
		vs   []string
	}{
		{9, []string{NonConsecutive}},
		{9, []string{AntiKnight}},
		{9, []string{X, AntiKing}},
		{9, []string{Jigsaw}},
		{6, []string{NonConsecutive}},
	} {
		g, _ := buildRandom(t, tc.size, tc.vs, rng)
		s := NewSolver(g)
		s.SetLimit(5000)
		sol := make([]uint8, g.Cells())
		bad, good := 0, 0
		for trial := range 60 {
			for !s.Random(rng, nil, sol) {
			}
			puzzle := append([]uint8(nil), sol...)
			keep := 8 + trial%20
			if tc.size == 6 {
				keep = 4 + trial%10
			}
			for _, i := range rng.Perm(len(sol))[keep:] {
				puzzle[i] = 0
			}
			if trial%5 == 4 {
				f := rng.IntN(len(sol))
				puzzle[f] = uint8(1 + rng.IntN(tc.size))
			}
			want, wok := refFixpoint(g, puzzle)
			s.useLocked = true
			ok := s.load(puzzle) && s.propagate(s.stack[0])
			s.useLocked = s.lockCount
			if ok != wok {
				t.Fatalf("%v: %v: solver %v, reference %v", tc.vs, puzzle, ok, wok)
			}
			if !ok {
				bad++
				continue
			}
			good++
			st := s.stack[0]
			for i := range want {
				if st[i]&g.full != want[i] {
					t.Fatalf("%v: %v: cell %d has %b, the reference %b", tc.vs, puzzle, i, st[i]&g.full, want[i])
				}
			}
		}
		if bad == 0 || good == 0 {
			t.Errorf("%v: %d fixpoints, %d contradictions: both should occur", tc.vs, good, bad)
		}
	}
}
