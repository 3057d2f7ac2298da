package variant

import "math/bits"

// The non-consecutive rules of the logic closure (logic.go), on boards
// with pairs (newBB9Pairs), in the forms SukakuExplainer's techniques
// take, which are already general:
//
//   - forcing cell (2.4): an unplaced cell whose candidates all lie
//     within one of digit w takes w from its pair neighbours (whatever
//     it holds is w, next to w or equal to w, and its neighbours are its
//     peers); with one candidate it is a naked single, with four or more
//     no w exists;
//   - locked NC (2.5): the cells on or next to every place of digit d in
//     a house (two places or more) lose d-1 and d+1 (whichever place
//     holds d, such a cell holds d or is its neighbour).
//
// Both are closed under losing candidates: fewer candidates narrow a
// cell's span (or place it, and a placement takes the digits next to its
// own from its neighbours) and shrink the places of a digit (or place
// it, with the same eliminations), so a step found on a grid is, on any
// grid with fewer candidates, still there or made by singles. The first
// phase scans locked NC on the rows, columns and boxes, SukakuExplainer's
// houses; the closure on every house. The placed digits' own pair
// eliminations are bb9.assign's.

// pairRules runs forcing cells and locked NC once over what changed since
// their last pass in this closure run (all of the grid at the first),
// locked NC on the houses of hmask; it reports whether a candidate went.
// fc and lock are the rules' marks; bit their pass bit in
// logicMarks.done.
func (e *bb9) pairRules(st *bbState, fc, lock *[9]set128, bit uint8, hmask uint64) bool {
	first := e.marks.done&bit == 0
	e.marks.done |= bit
	if first {
		for d := range fc {
			fc[d] = set128{^uint64(0), hi81}
		}
	}
	// pairPass's contradiction (a neighbour placed with w) leaves the
	// cell without a candidate, which the singles after the step find.
	ok, progress := e.pairPass(st, fc)
	if !ok {
		return true
	}
	for d := range st.cand {
		var next [2]int
		n := 0
		if d > 0 {
			next[n] = d - 1
			n++
		}
		if d < 8 {
			next[n] = d + 1
			n++
		}
		for hs := st.open[d] & hmask & e.changedHouses(st, lock, first, d); hs != 0; hs &= hs - 1 {
			p := st.cand[d].and(e.houses[bits.TrailingZeros64(hs)])
			if p.count() < 2 {
				continue
			}
			near := e.nextToAll(p, true)
			if near.empty() {
				continue
			}
			for _, w := range next[:n] {
				if eliminate(st, w, near) {
					progress = true
				}
			}
		}
	}
	return progress
}
