package sudoku

import "math/bits"

// A random full grid (Solver.Random on an empty 9x9 puzzle) always starts
// the same way: with no cell of two or three candidates, the search takes
// the first unsolved cell, so its first 11 branch nodes fill row 0 left to
// right (cells 0-7 with 9 down to 2 candidates; cell 8 is then a single)
// and cells 9, 10 and 11 of box 0 (6, 5 and 4 candidates), each node
// drawing rng.IntN(candidates) and placing the digit of that rank: the
// candidates are exactly the digits the row (then the box) does not hold
// yet, as no rule removes more that early. (The 12th node is not fixed:
// when cells 9-11 hold the digits of row 0 in box 1 or box 2, cell 12 has
// three candidates and comes before cell 18.) Those 11 nodes cost about
// 64 digit rounds of propagation, more than a third of a grid.
// randomStart makes the same draws, places the 12 digits at once and
// propagates once: the fixed point is the one reached node by node (the
// rules only remove candidates, so their fixed point does not depend on the
// order), so the search goes on with the same state, the same rng stream
// and the same node count, and the grid is the same. The cells chosen
// depend only on which earlier digits are equal, not on their values, and
// TestRandomStartSame checks the whole grids against the node-by-node
// search.
//
// The search never backtracks into those nodes: every filling of row 0
// and three cells of box 0 extends to a full grid, so the subtree under
// the 11th node always holds a solution. run keeps them off the stack
// (floor) all the same, and would report no solution rather than pop one.

// randomStartNodes is the number of branch nodes randomStart9 stands for.
const randomStartNodes = 11

// randomStartCells are the cells of those nodes, then the two singles.
var randomStartCells = [...]int{0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 8}

// randomStart fills row 0 and cells 9-11 of the loaded empty grid as the
// first 11 nodes of run would (it leaves the propagation to run). It
// reports false when it does not apply (not a random search of an empty
// grid with the budget for 11 nodes); the state is then untouched.
func (s *solver9) randomStart() bool {
	g := &s.givens
	if s.rng == nil || s.noRandomStart || s.each != nil || s.first >= 0 || g.occ != [3]uint32{} ||
		(s.nodesLeft >= 0 && s.nodesLeft < randomStartNodes) {
		return false
	}
	var digit [len(randomStartCells)]int
	row, box := uint32(0x1FF), uint32(0x1FF)
	for k := 0; k < randomStartNodes; k++ {
		if k == 8 {
			row = 0x1FF
			// Row 0 is full: the digits left for box 0.
			box = 0x1FF &^ (1<<digit[0] | 1<<digit[1] | 1<<digit[2])
		}
		m := row
		if k >= 8 {
			m = box
		}
		for r := s.rng.IntN(bits.OnesCount32(m)); r > 0; r-- {
			m &= m - 1
		}
		d := bits.TrailingZeros32(m)
		digit[k] = d
		if k < 8 {
			row &^= 1 << d
		} else {
			box &^= 1 << d
		}
	}
	digit[randomStartNodes] = bits.TrailingZeros32(0x1FF &^ digitsOf(digit[:8]))
	s.nodesLeft -= randomStartNodes
	for i, x := range randomStartCells {
		s.place(digit[i], x/27, uint(x%27))
	}
	return true
}

// digitsOf returns the set of digits ds (0-8) as a mask.
func digitsOf(ds []int) uint32 {
	var m uint32
	for _, d := range ds {
		m |= 1 << d
	}
	return m
}
