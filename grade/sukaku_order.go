package grade

import (
	"cmp"
	"slices"
)

// SukakuExplainer lists what a cell sees in two orders, and the first hint
// found or a chain node's first parent can depend on them (its rules take
// the first XY- or XYZ-Wing they meet; a chain node keeps the parent that
// reached it first, which sets the chain's length and so its rating). On
// the layouts it rates (Layout.sukakuOrder: typed houses or sees pairs,
// or non-consecutive pairs alone) the grader's tables follow them:
//
//   - Chains (Chaining.getOnToOff): the box, the row and the column (SE's
//     order, as on the classic board), then the extra houses by region
//     type (disjoint group, window, main diagonal, anti-diagonal,
//     girandola, asterisk, center dot), each house's cells in order, then
//     the cells a king's diagonal step away, then those a knight's move
//     away, each set in its offset order (column step first: see
//     kingSteps and knightMoves).
//   - Wings (XYWing over Cell.getVisibleCellIndexes, Grid.visibleCellIndex):
//     the box, row and column cells in ascending order, then the windows,
//     disjoint groups, diagonals, center dot, girandola and asterisk cells
//     (each ascending), then the king and knight cells in their offset
//     order (row step first).
//
// Cells already listed are not listed again.

// kingSteps and knightMoves are SukakuExplainer's offset tables
// (Grid.ferzCellIndex, Grid.knightCellIndex) as pairs {a, b}. Its chains
// read a pair as a column then a row step, its visible-cell lists as a row
// then a column step.
var (
	kingSteps   = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	knightMoves = [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}
	leapOrder   = slices.Concat(kingSteps, knightMoves)
)

// leapRank returns the rank of peer p of cell c among the offsets of
// kingSteps then knightMoves (rowFirst: read as a row then a column step),
// len(kingSteps)+len(knightMoves) when p is neither.
func leapRank(l *Layout, c, p int, rowFirst bool) int {
	geo := l.Geo
	dr, dc := geo.Row[p]-geo.Row[c], geo.Col[p]-geo.Col[c]
	for i, o := range leapOrder {
		r, k := o[1], o[0]
		if rowFirst {
			r, k = o[0], o[1]
		}
		if dr == r && dc == k {
			return i
		}
	}
	return len(leapOrder)
}

// leaps returns c's sees peers that seen does not hold (the cells it
// sees by no house), by leapRank, then by index, and marks them seen.
func (l *Layout) leaps(c int, seen cellSet, rowFirst bool) []int {
	var out []int
	for _, p := range l.Peers[c] {
		if !seen.has(p) {
			seen.add(p)
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int {
		return cmp.Or(cmp.Compare(leapRank(l, c, a, rowFirst), leapRank(l, c, b, rowFirst)), cmp.Compare(a, b))
	})
	return out
}

// chainRank is an extra house's rank in SukakuExplainer's chain order: its
// type, the anti-diagonal after the main one.
func (lr *layoutRating) chainRank(l *Layout, h int) int {
	r := 2 * int(lr.htype[h])
	if lr.htype[h] == HouseDiagonal && !slices.Contains(l.Houses[h], 0) {
		r++
	}
	return r
}

// sukakuChainTail appends to tail c's peers beyond its box, row and
// column that seen does not hold, in SukakuExplainer's chain order (see
// above), each with the cause that links it (causeHouse+k, the house being
// the peer's k-th extra house, or causeSees), and marks them seen.
func (l *Layout) sukakuChainTail(lr *layoutRating, c int, seen cellSet, tail []peerLink) []peerLink {
	hs := slices.Clone(l.CellHouses[c][3:])
	slices.SortStableFunc(hs, func(a, b int) int { return cmp.Compare(lr.chainRank(l, a), lr.chainRank(l, b)) })
	for _, h := range hs {
		for _, p := range l.Houses[h] {
			if !seen.has(p) {
				seen.add(p)
				k := slices.Index(l.CellHouses[p][3:], h)
				tail = append(tail, peerLink{int32(p), causeHouse + uint8(k)})
			}
		}
	}
	for _, p := range l.leaps(c, seen, false) {
		tail = append(tail, peerLink{int32(p), causeSees})
	}
	return tail
}

// wingTypes are the house types in the order of SukakuExplainer's
// visible-cell lists (Grid.visibleCellIndex's additions).
var wingTypes = []HouseType{HouseWindow, HouseDisjointGroup, HouseDiagonal, HouseCenterDot, HouseGirandola, HouseAsterisk}

// sukakuVisible returns c's peers in SukakuExplainer's visible-cell order
// (see above), the order its wings take their pincers in.
func (l *Layout) sukakuVisible(lr *layoutRating, c int) []int {
	seen := newCellSet(l.Cells)
	seen.add(c)
	var out []int
	for _, h := range l.CellHouses[c][:3] {
		for _, p := range l.Houses[h] {
			if !seen.has(p) {
				seen.add(p)
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	for _, ht := range wingTypes {
		var group []int
		for _, h := range l.CellHouses[c][3:] {
			if lr.htype[h] != ht {
				continue
			}
			for _, p := range l.Houses[h] {
				if !seen.has(p) {
					seen.add(p)
					group = append(group, p)
				}
			}
		}
		slices.Sort(group)
		out = append(out, group...)
	}
	return append(out, l.leaps(c, seen, true)...)
}

// wingPeers returns the peers of pivot p in the order SE's scan takes
// wing pincers from (t the grid's tables): on a layout SukakuExplainer
// rates, its visible-cell order (t.wing; on a board whose only rule
// beyond the frame is non-consecutive pairs, whose tables are the
// classic shape's, the frame's cells ascending, l.Peers); elsewhere
// Sudoku Explainer 1.2.1's house order (t.house).
func (l *Layout) wingPeers(t *seTables, p int) []int {
	switch {
	case t.wing != nil:
		return t.wing[p]
	case l.sukakuOrder() != nil:
		return l.Peers[p]
	}
	return t.house[p]
}
