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
	each     func() // called with every solution written to sol (Solutions)
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
	// Line-box intersections for locked candidates: boxes across (bx) and
	// down (by), the box shape, and the candidate union of each row segment
	// segR[r*bx+j] (row r within box column j) and column segment
	// segC[c*by+i] (column c within box row i).
	br, bc, bx, by int
	segR, segC     []uint32
	// unitsOf[3i..3i+2] are cell i's row, column and box; dirty marks the
	// units with a changed cell since their last hidden-single scan.
	unitsOf []uint8
	// lockedRounds is how many locked-candidate passes one propagation
	// makes. Measured on minimal-puzzle digging: one pass (not a fixed
	// point) is fastest from 16x16 up (2x fewer nodes than none); up to
	// 12x12 the pass costs more than the nodes it saves.
	lockedRounds int
	dirty        [2]uint64
	saved        []uint32
	savedPlaced  []int32
	savedCell    []int32
	rng          *rand.Rand
	nodesLeft    int // branch budget; negative: none
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
	if g.N >= 16 {
		e.lockedRounds = 1
	}
	e.br, e.bc = g.BoxRows, g.BoxCols
	e.bx, e.by = g.N/g.BoxCols, g.N/g.BoxRows
	e.segR = make([]uint32, g.N*e.bx)
	e.segC = make([]uint32, g.N*e.by)
	e.unitsOf = make([]uint8, 0, 3*g.Cells)
	for _, us := range g.CellUnits {
		e.unitsOf = append(e.unitsOf, uint8(us[0]), uint8(us[1]), uint8(us[2]))
	}
	e.cur = make([]uint32, g.Cells)
	e.queue = make([]int32, 0, g.Cells)
	return e
}

// touch marks the units of cell i for the next hidden-single scan.
func (e *generic) touch(i int) {
	u := e.unitsOf[3*i : 3*i+3 : 3*i+3]
	e.dirty[u[0]>>6] |= 1 << (u[0] & 63)
	e.dirty[u[1]>>6] |= 1 << (u[1] & 63)
	e.dirty[u[2]>>6] |= 1 << (u[2] & 63)
}

// load sets the work state from puzzle, with value avoidValue removed from
// avoidCell when avoidCell >= 0. Each empty cell starts with the values its
// row, column and box lack, so the givens need no propagation of their own.
// It reports false when the givens conflict or a value is out of range.
func (e *generic) load(puzzle []uint8, avoidCell int, avoidValue uint8) bool {
	if len(puzzle) != e.cells {
		return false
	}
	n := e.n
	var used [3 * MaxN]uint32 // rows, columns, boxes
	e.queue = e.queue[:0]
	e.placed = 0
	e.dirty = [2]uint64{^uint64(0), ^uint64(0)}
	for i, v := range puzzle {
		if v == 0 {
			continue
		}
		if int(v) > n {
			return false
		}
		bit := uint32(1) << (v - 1)
		r, c := i/n, i%n
		b := n + n + r/e.br*e.bx + c/e.bc
		if (used[r]|used[n+c]|used[b])&bit != 0 {
			return false
		}
		used[r] |= bit
		used[n+c] |= bit
		used[b] |= bit
		e.placed++
	}
	if avoidCell >= 0 && avoidCell < e.cells && avoidValue != 0 && puzzle[avoidCell] == avoidValue {
		return false
	}
	for i, v := range puzzle {
		if v != 0 {
			e.cur[i] = 1<<(v-1) | placedFlag
			continue
		}
		r, c := i/n, i%n
		m := e.all &^ (used[r] | used[n+c] | used[n+n+r/e.br*e.bx+c/e.bc])
		if i == avoidCell && avoidValue != 0 {
			m &^= 1 << (avoidValue - 1)
		}
		if m == 0 {
			return false
		}
		if m&(m-1) == 0 {
			m |= placedFlag
			e.placed++
			e.queue = append(e.queue, int32(i))
		}
		e.cur[i] = m
	}
	return true
}

// propagate applies singles to a fixed point, then up to lockedRounds passes
// of locked candidates each followed by singles again. It reports false on a
// contradiction.
func (e *generic) propagate() bool {
	for round := 0; ; round++ {
		if !e.singles() {
			return false
		}
		if e.placed == e.cells || round >= e.lockedRounds {
			return true
		}
		changed, ok := e.locked()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// clearIn removes the values in d from the unplaced cells among count cells
// starting at first, step apart; a cell left with one value is queued.
func (e *generic) clearIn(first, step, count int, d uint32) bool {
	cur := e.cur
	for k, x := 0, first; k < count; k, x = k+1, x+step {
		c := cur[x]
		if c&placedFlag != 0 || c&d == 0 {
			continue
		}
		c &^= d
		if c == 0 {
			return false
		}
		if c&(c-1) == 0 {
			c |= placedFlag
			e.placed++
			e.queue = append(e.queue, int32(x))
		}
		cur[x] = c
		e.touch(x)
	}
	return true
}

// locked applies box-line locked candidates once over the grid: a value
// confined to one segment of a row or column is removed from the rest of
// that segment's box (claiming), and a value confined to one segment of a
// box is removed from the rest of that row or column (pointing).
func (e *generic) locked() (changed, ok bool) {
	n, cur := e.n, e.cur
	br, bc, bx, by := e.br, e.bc, e.bx, e.by
	for r := 0; r < n; r++ {
		for j := 0; j < bx; j++ {
			var m uint32
			for _, c := range cur[r*n+j*bc : r*n+j*bc+bc] {
				if c&placedFlag == 0 {
					m |= c
				}
			}
			e.segR[r*bx+j] = m
		}
	}
	for c := 0; c < n; c++ {
		for i := 0; i < by; i++ {
			var m uint32
			for t, x := 0, i*br*n+c; t < br; t, x = t+1, x+n {
				if v := cur[x]; v&placedFlag == 0 {
					m |= v
				}
			}
			e.segC[c*by+i] = m
		}
	}
	// Rows: claiming (a row's value in one box) and pointing (a box's
	// value in one row).
	for r := 0; r < n; r++ {
		seg := e.segR[r*bx : r*bx+bx]
		var ones, twos uint32
		for _, m := range seg {
			twos |= ones & m
			ones |= m
		}
		once := ones &^ twos
		if once == 0 {
			continue
		}
		top := r / br * br
		for j, m := range seg {
			d := m & once
			if d == 0 {
				continue
			}
			for r2 := top; r2 < top+br; r2++ {
				if r2 != r && e.segR[r2*bx+j]&d != 0 {
					if !e.clearIn(r2*n+j*bc, 1, bc, d) {
						return changed, false
					}
					e.segR[r2*bx+j] &^= d
					changed = true
				}
			}
		}
	}
	for top := 0; top < n; top += br {
		for j := 0; j < bx; j++ {
			var ones, twos uint32
			for r := top; r < top+br; r++ {
				m := e.segR[r*bx+j]
				twos |= ones & m
				ones |= m
			}
			once := ones &^ twos
			if once == 0 {
				continue
			}
			for r := top; r < top+br; r++ {
				d := e.segR[r*bx+j] & once
				if d == 0 {
					continue
				}
				for j2 := 0; j2 < bx; j2++ {
					if j2 != j && e.segR[r*bx+j2]&d != 0 {
						if !e.clearIn(r*n+j2*bc, 1, bc, d) {
							return changed, false
						}
						e.segR[r*bx+j2] &^= d
						changed = true
					}
				}
			}
		}
	}
	// Columns, the same way.
	for c := 0; c < n; c++ {
		seg := e.segC[c*by : c*by+by]
		var ones, twos uint32
		for _, m := range seg {
			twos |= ones & m
			ones |= m
		}
		once := ones &^ twos
		if once == 0 {
			continue
		}
		left := c / bc * bc
		for i, m := range seg {
			d := m & once
			if d == 0 {
				continue
			}
			for c2 := left; c2 < left+bc; c2++ {
				if c2 != c && e.segC[c2*by+i]&d != 0 {
					if !e.clearIn(i*br*n+c2, n, br, d) {
						return changed, false
					}
					e.segC[c2*by+i] &^= d
					changed = true
				}
			}
		}
	}
	for left := 0; left < n; left += bc {
		for i := 0; i < by; i++ {
			var ones, twos uint32
			for c := left; c < left+bc; c++ {
				m := e.segC[c*by+i]
				twos |= ones & m
				ones |= m
			}
			once := ones &^ twos
			if once == 0 {
				continue
			}
			for c := left; c < left+bc; c++ {
				d := e.segC[c*by+i] & once
				if d == 0 {
					continue
				}
				for i2 := 0; i2 < by; i2++ {
					if i2 != i && e.segC[c*by+i2]&d != 0 {
						if !e.clearIn(i2*br*n+c, n, br, d) {
							return changed, false
						}
						e.segC[c*by+i2] &^= d
						changed = true
					}
				}
			}
		}
	}
	return changed, true
}

// singles applies naked and hidden singles until nothing changes. It reports
// false on a contradiction.
func (e *generic) singles() bool {
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
				e.touch(int(p))
			}
		}
		if e.placed == e.cells {
			return true
		}
		found := false
		d0, d1 := e.dirty[0], e.dirty[1]
		e.dirty = [2]uint64{}
		for d0|d1 != 0 {
			var u int
			if d0 != 0 {
				u = bits.TrailingZeros64(d0)
				d0 &= d0 - 1
			} else {
				u = 64 + bits.TrailingZeros64(d1)
				d1 &= d1 - 1
			}
			if u >= 3*n {
				break
			}
			unit := e.units[u*n : u*n+n]
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
						e.touch(int(c))
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

// choose picks the branch cell: among the cells with the fewest candidates,
// the one with the most unplaced peers (it propagates furthest). It returns
// -1 when every cell is placed.
func (e *generic) choose() (best, bestN int) {
	cur, np := e.cur, e.npeers
	best, bestN = -1, 99
	bestScore, ties := -1, 0
	for i, c := range cur {
		if c&placedFlag != 0 {
			continue
		}
		k := bits.OnesCount32(c)
		if k > bestN || (k == bestN && ties >= chooseTies) {
			continue
		}
		if k < bestN {
			bestN, bestScore, ties = k, -1, 0
		}
		ties++
		score := 0
		for _, p := range e.peers[i*np : i*np+np] {
			score += int(^cur[p] >> 31)
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best, bestN
}

// chooseTies caps how many equally constrained cells choose scores.
const chooseTies = 16

// run searches from the loaded state; it counts solutions up to limit and
// writes the first into sol when sol is not nil.
func (e *generic) run(limit int, sol []uint8) int {
	count, sp := 0, 0
	cur := e.cur
	ok := e.propagate()
	for {
		if ok {
			best, bestN := e.choose()
			if best < 0 {
				count++
				if (count == 1 || e.each != nil) && sol != nil {
					for i, c := range cur {
						sol[i] = uint8(bits.TrailingZeros32(c)) + 1
					}
				}
				if e.each != nil {
					e.each()
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
			if e.nodesLeft == 0 {
				return -1 // over budget: Random restarts
			}
			e.nodesLeft--
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
			e.touch(best)
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
		e.dirty = [2]uint64{}
		e.touch(int(e.savedCell[sp]))
		if c := int(e.savedCell[sp]); cur[c]&(cur[c]-1) == 0 {
			cur[c] |= placedFlag
			e.placed++
			e.queue = append(e.queue, int32(c))
		}
		ok = e.propagate()
	}
}
