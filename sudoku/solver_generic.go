package sudoku

import (
	"math/bits"
	"math/rand/v2"
)

// placedFlag marks a cell of the generic engine whose value is fixed (a given,
// a single, or a branch choice). The low N bits hold the candidate mask.
const placedFlag = 1 << 31

// generic is the exact engine for every box shape: one uint32 candidate mask
// per cell, flat precomputed peer and unit tables, naked singles through a
// queue, hidden singles by unit scans, fewest-candidates branching on an
// explicit stack of saved states. Nothing is allocated per node: the work
// space grows once to the deepest search seen and is reused.
type generic struct {
	n, cells int
	all      uint32
	npeers   int
	peers    []int32 // cells*npeers
	units    []int32 // 3N units of N cells
	cur      []uint32
	placed   int
	queue    []int32
	// saved alternatives: state k is saved[k*cells:(k+1)*cells], with the
	// placed count and the cell whose candidate was removed.
	saved       []uint32
	savedPlaced []int32
	savedCell   []int32
	rng         *rand.Rand
}

func newGeneric(g *Geometry) *generic {
	e := &generic{n: g.N, cells: g.Cells, all: g.All, npeers: len(g.Peers[0])}
	e.peers = make([]int32, 0, g.Cells*e.npeers)
	for _, ps := range g.Peers {
		for _, p := range ps {
			e.peers = append(e.peers, int32(p))
		}
	}
	e.units = make([]int32, 0, 3*g.N*g.N)
	for _, u := range g.Units {
		for _, c := range u {
			e.units = append(e.units, int32(c))
		}
	}
	e.cur = make([]uint32, g.Cells)
	e.queue = make([]int32, 0, g.Cells)
	return e
}

// load sets the work state from puzzle, with value avoidValue removed from
// avoidCell when avoidCell >= 0. It reports false when the givens conflict
// or a value is out of range.
func (e *generic) load(puzzle []uint8, avoidCell int, avoidValue uint8) bool {
	if len(puzzle) != e.cells {
		return false
	}
	e.queue = e.queue[:0]
	e.placed = 0
	for i, v := range puzzle {
		switch {
		case v == 0:
			e.cur[i] = e.all
		case int(v) > e.n:
			return false
		default:
			e.cur[i] = 1<<(v-1) | placedFlag
			e.placed++
			e.queue = append(e.queue, int32(i))
		}
	}
	if avoidCell >= 0 && avoidCell < e.cells && avoidValue != 0 {
		c := e.cur[avoidCell] &^ (1 << (avoidValue - 1))
		if c&e.all == 0 {
			return false
		}
		if c&placedFlag == 0 && c&(c-1) == 0 {
			c |= placedFlag
			e.placed++
			e.queue = append(e.queue, int32(avoidCell))
		}
		e.cur[avoidCell] = c
	}
	return true
}

// propagate applies naked and hidden singles until nothing changes. It
// reports false on a contradiction.
func (e *generic) propagate() bool {
	cur, np, n := e.cur, e.npeers, e.n
	for {
		for len(e.queue) > 0 {
			i := int(e.queue[len(e.queue)-1])
			e.queue = e.queue[:len(e.queue)-1]
			v := cur[i] &^ placedFlag
			for _, p := range e.peers[i*np : i*np+np] {
				c := cur[p]
				if c&v == 0 {
					continue
				}
				if c&placedFlag != 0 {
					e.queue = e.queue[:0]
					return false
				}
				c &^= v
				if c == 0 {
					e.queue = e.queue[:0]
					return false
				}
				if c&(c-1) == 0 {
					c |= placedFlag
					e.placed++
					e.queue = append(e.queue, p)
				}
				cur[p] = c
			}
		}
		if e.placed == e.cells {
			return true
		}
		found := false
		for u := 0; u < len(e.units); u += n {
			unit := e.units[u : u+n]
			var ones, twos, fixed uint32
			for _, c := range unit {
				m := cur[c]
				if m&placedFlag != 0 {
					fixed |= m
				}
				twos |= ones & m
				ones |= m
			}
			if ones&e.all != e.all {
				return false
			}
			h := (ones &^ twos &^ fixed) & e.all
			for h != 0 {
				bit := h & -h
				h &^= bit
				hit := false
				for _, c := range unit {
					if cur[c]&bit != 0 && cur[c]&placedFlag == 0 {
						cur[c] = bit | placedFlag
						e.placed++
						e.queue = append(e.queue, c)
						hit = true
						break
					}
				}
				if !hit { // the only place of two values
					e.queue = e.queue[:0]
					return false
				}
				found = true
			}
		}
		if !found {
			return true
		}
	}
}

// run searches from the loaded state; it counts solutions up to limit and
// writes the first into sol when sol is not nil.
func (e *generic) run(limit int, sol []uint8) int {
	count, sp := 0, 0
	cur := e.cur
	ok := e.propagate()
	for {
		if ok {
			best, bestN := -1, 99
			for i, c := range cur {
				if c&placedFlag != 0 {
					continue
				}
				k := bits.OnesCount32(c)
				if k < bestN {
					best, bestN = i, k
					if k == 2 {
						break
					}
				}
			}
			if best < 0 {
				count++
				if count == 1 && sol != nil {
					for i, c := range cur {
						sol[i] = uint8(bits.TrailingZeros32(c)) + 1
					}
				}
				if count >= limit {
					return count
				}
				ok = false
				continue
			}
			m := cur[best]
			bit := m & -m
			if e.rng != nil {
				k := e.rng.IntN(bestN)
				for ; k > 0; k-- {
					m &= m - 1
				}
				bit = m & -m
			}
			// Save the alternative (best without bit), then place bit.
			if need := (sp + 1) * e.cells; need > len(e.saved) {
				e.saved = append(e.saved, make([]uint32, need-len(e.saved))...)
				e.savedPlaced = append(e.savedPlaced, 0)
				e.savedCell = append(e.savedCell, 0)
			}
			s := e.saved[sp*e.cells : (sp+1)*e.cells]
			copy(s, cur)
			s[best] &^= bit
			e.savedPlaced[sp] = int32(e.placed)
			e.savedCell[sp] = int32(best)
			sp++
			cur[best] = bit | placedFlag
			e.placed++
			e.queue = append(e.queue[:0], int32(best))
			ok = e.propagate()
			continue
		}
		if sp == 0 {
			return count
		}
		sp--
		copy(cur, e.saved[sp*e.cells:(sp+1)*e.cells])
		e.placed = int(e.savedPlaced[sp])
		e.queue = e.queue[:0]
		if c := int(e.savedCell[sp]); cur[c]&(cur[c]-1) == 0 {
			cur[c] |= placedFlag
			e.placed++
			e.queue = append(e.queue, int32(c))
		}
		ok = e.propagate()
	}
}
