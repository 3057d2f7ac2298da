package generate

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// refCount counts the solutions of puzzle up to limit. It is the tests'
// own counter, written apart from sudoku.Solver on purpose (plain recursion,
// candidates recomputed from the grid at every node, naked and hidden
// singles as a fixed point), so the generator is checked against code it
// does not share.
func refCount(geo *sudoku.Geometry, puzzle []uint8, limit int) int {
	g := append([]uint8(nil), puzzle...)
	for i, v := range g {
		if v == 0 {
			continue
		}
		for _, p := range geo.Peers[i] {
			if g[p] == v {
				return 0
			}
		}
	}
	count := 0
	var rec func(g []uint8)
	rec = func(g []uint8) {
		cand := make([]uint32, len(g))
		for {
			progress := false
			for i, v := range g {
				if v != 0 {
					continue
				}
				m := geo.All
				for _, p := range geo.Peers[i] {
					if g[p] != 0 {
						m &^= 1 << (g[p] - 1)
					}
				}
				if m == 0 {
					return
				}
				cand[i] = m
				if m&(m-1) == 0 {
					g[i] = uint8(bits.TrailingZeros32(m) + 1)
					progress = true
				}
			}
			if progress {
				continue // recompute with the new placements (and recheck)
			}
			for _, u := range geo.Units {
				for d := 0; d < geo.N; d++ {
					at, k, placed := -1, 0, false
					for _, c := range u {
						if g[c] == uint8(d+1) {
							placed = true
							break
						}
						if g[c] == 0 && cand[c]&(1<<d) != 0 {
							at = c
							k++
						}
					}
					if placed {
						continue
					}
					if k == 0 {
						return
					}
					if k == 1 {
						g[at] = uint8(d + 1)
						progress = true
					}
				}
				if progress {
					break
				}
			}
			if !progress {
				break
			}
		}
		// Placements above may clash; check the grid, then branch.
		best, bestN := -1, 99
		for i, v := range g {
			if v != 0 {
				for _, p := range geo.Peers[i] {
					if g[p] == v {
						return
					}
				}
				continue
			}
			if n := bits.OnesCount32(cand[i]); n < bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			count++
			return
		}
		for m := cand[best]; m != 0 && count < limit; m &= m - 1 {
			h := append([]uint8(nil), g...)
			h[best] = uint8(bits.TrailingZeros32(m) + 1)
			rec(h)
		}
	}
	rec(g)
	return min(count, limit)
}
