package grade

import (
	"fmt"
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// SukakuExplainer (github.com/SudokuMonster/SukakuExplainer, a fork of
// Sudoku Explainer that rates Sudoku variants; the anchor of the SE rating
// on variants) does not treat every house alike. With Sudoku Explainer
// 1.2.1's techniques it uses a variant's extra houses as follows
// (diuf/sudoku/solver/rules: HiddenSingle, Locking, NakedSet, HiddenSet):
//
//   - singles, hidden subsets and the direct hidden pair and triple: every
//     house; a hidden single rates 1.2 in a box and 1.5 in any other
//     house;
//   - locked candidates (pointing and claiming, direct or not): the rows,
//     columns and boxes, the disjoint groups and the windows only, in
//     these pairs of house kinds, in this order: (box, column), (box,
//     row), (column, box), (row, box); then for disjoint groups (D) and
//     for windows (W) alike (D, column), (D, row), (column, D), (row, D),
//     (box, D), (D, box); then (W, D), (D, W); within a pair, digit by
//     digit (Sudoku Explainer 1.2.1 takes the houses first, the digit
//     last: the classic grader keeps that order). A step rates 2.6 when
//     the house it clears is a row or column, else 2.8 (direct: 1.7 when
//     the house the digit is locked in is a box, else 1.9);
//   - naked subsets: the rows, columns, boxes, disjoint groups and
//     windows, not the diagonals, girandola, asterisk or center dot;
//   - unique loops: along every house; with sees pairs (anti-knight,
//     anti-king) a loop is dropped when a cell a loop cell sees by a pair
//     still holds one of the loop's digits.
//
// A layout whose extra houses carry these types (SetHouseTypes) is graded
// by those rules; an untyped layout uses every house in every technique.

// HouseType is the SukakuExplainer region type of an extra house.
type HouseType uint8

// The house types, in SukakuExplainer's order of region types (singles
// and subsets visit the houses of a layout in this order when the layout
// lists them so).
const (
	// HouseDisjointGroup: the cells at one position of every box.
	HouseDisjointGroup HouseType = iota + 1
	// HouseWindow: a window of windoku, shaded or implied.
	HouseWindow
	// HouseDiagonal: a long diagonal of X-Sudoku.
	HouseDiagonal
	// HouseGirandola, HouseAsterisk, HouseCenterDot: the nine-cell houses
	// of those names.
	HouseGirandola
	HouseAsterisk
	HouseCenterDot
)

// layoutRating is what SetHouseTypes derives from a layout's house types.
type layoutRating struct {
	// noNaked marks the houses naked subsets skip.
	noNaked []bool
	// lockPairs lists the pairs of house kinds (h1 from the first, h2
	// from the second) locked candidates visit, in order: the four
	// classic pairs (two of pointing, two of claiming), then the extra
	// houses' pairs.
	lockPairs []lockPair
	// vlock lists the houses of the nesting levels' generalized locking
	// (nested_general.go) in SukakuExplainer's order of region types:
	// boxes, rows, columns, disjoint groups, windows, each diagonal
	// (a type of its own), girandola, asterisk, center dot.
	vlock [][]int
	// htype holds each house's type (0 for the frame's rows, columns and
	// boxes): sukaku_order.go orders peers by it.
	htype []HouseType
	// anti lists, per cell, the cells it sees by the layout's sees pairs
	// (anti-knight, anti-king) and by no house, as SukakuExplainer lists
	// them apart.
	anti [][]int
}

// lockPair is a pair of house kinds for locked candidates with the
// houses of each kind that meet, listed once per layout.
type lockPair struct {
	// first lists the first kind's houses (h1).
	first []int
	// cross[j] lists the second kind's houses that first[j] meets, in
	// the second kind's order; in holds the positions, within first[j],
	// of the cells they share.
	cross [][]lockCross
	// back[k] lists the first kind's houses that the second kind's k-th
	// house meets, in the first kind's order; in holds the positions,
	// within each of them, of the cells they share.
	back [][]lockCross
	// owner[j][i] has bit x set when cross[j][x] holds position i of
	// first[j]; nil when a cross list is longer than 64 (no filter).
	owner [][sudoku.MaxN]uint64
}

// lockCross is one house of a lockPair's list: the house, its index in
// its kind, and the shared cells' positions (see lockPair); rin (cross
// lists) the shared cells' positions within the listed house.
type lockCross struct {
	h, k int
	in   uint32
	rin  uint32
}

// newLockPair lists which houses of two kinds meet.
func newLockPair(l *Layout, first, second []int) lockPair {
	lp := lockPair{first: first, cross: make([][]lockCross, len(first)), back: make([][]lockCross, len(second))}
	for j, h1 := range first {
		for k, h2 := range second {
			if h1 == h2 {
				continue
			}
			if in := l.insideOf(h1, h2); in != 0 {
				lp.cross[j] = append(lp.cross[j], lockCross{h: h2, k: k, in: in, rin: l.insideOf(h2, h1)})
				lp.back[k] = append(lp.back[k], lockCross{h: h1, k: j, in: in})
			}
		}
	}
	lp.owner = make([][sudoku.MaxN]uint64, len(first))
	for j, xs := range lp.cross {
		if len(xs) > 64 {
			lp.owner = nil
			break
		}
		for x, c := range xs {
			for m := c.in; m != 0; m &= m - 1 {
				lp.owner[j][trailing(m)] |= 1 << x
			}
		}
	}
	return lp
}

// candidates marks in cand[d] (bit j for first[j]) the houses of the
// pair's first kind where digit d has two or more places that may all lie
// in one house of the second kind: its lowest and highest places share a
// cross house (owner). Every (first[j], d) with its places inside some
// cross house is marked (a few others may be); it reports whether any is.
// The scan reads each house's digits in a row, and the cross lists are
// walked only for the marked ones. The first kind has at most 64 houses
// (SetHouseTypes). With lm (and ver, the memo's house versions) a house
// unchanged since lm took its digits is not read again.
func (lp *lockPair) candidates(allPos [][sudoku.MaxN]uint32, n int, cand *[sudoku.MaxN]uint64, ver []uint64, lm *lockMemo) bool {
	clear(cand[:n])
	var any uint32
	for j, h1 := range lp.first {
		var dm uint32 // the digits marked in first[j]
		if lm != nil && lm.ver[j] == ver[h1] {
			dm = lm.dig[j]
		} else {
			dm = lp.houseDigits(j, &allPos[h1], n)
			if lm != nil {
				lm.ver[j], lm.dig[j] = ver[h1], dm
			}
		}
		any |= dm
		for ; dm != 0; dm &= dm - 1 {
			cand[trailing(dm)] |= 1 << j
		}
	}
	return any != 0
}

// houseDigits is candidates for one house first[j] with positions row: the
// mask of its digits marked.
func (lp *lockPair) houseDigits(j int, row *[sudoku.MaxN]uint32, n int) uint32 {
	var dm uint32
	if lp.owner == nil {
		for d := 0; d < n; d++ {
			if p := row[d]; p&(p-1) != 0 {
				dm |= 1 << d
			}
		}
		return dm
	}
	own := &lp.owner[j]
	for d := 0; d < n; d++ {
		p := row[d]
		if p&(p-1) == 0 || own[trailing(p)]&own[31-bits.LeadingZeros32(p)] == 0 {
			continue
		}
		dm |= 1 << d
	}
	return dm
}

// lockMemo keeps, in a solving loop's memo, lockPair.candidates' digits of
// each house of one pair (lr.lockPairs[i] for memo.locks[i]) with the
// house's version when they were read.
type lockMemo struct {
	lp  *lockPair
	ver []uint64
	dig []uint32
}

// lockMemoOf returns the memo's house versions and its lockMemo for
// lr.lockPairs[i]; nil, nil without a tracked memo. Call it after
// unitTables.
func (g *Grid) lockMemoOf(lr *layoutRating, i int) ([]uint64, *lockMemo) {
	ver, _ := g.houseMarks(scanHiddenSingle) // any search: its versions
	if ver == nil {
		return nil, nil
	}
	m := g.memo
	if len(m.locks) < len(lr.lockPairs) {
		m.locks = append(m.locks, make([]lockMemo, len(lr.lockPairs)-len(m.locks))...)
	}
	lm := &m.locks[i]
	if lp := &lr.lockPairs[i]; lm.lp != lp {
		// another layout's pair: versions start at 1, so nothing is kept
		lm.lp = lp
		lm.ver = append(lm.ver[:0], make([]uint64, len(lp.first))...)
		lm.dig = append(lm.dig[:0], make([]uint32, len(lp.first))...)
	}
	return ver, lm
}

// SetHouseTypes gives the extra houses of l (those after the classic
// frame's rows, columns and boxes) their SukakuExplainer types, one per
// extra house, so the SE profile grades l by SukakuExplainer's rules (see
// above); sees are the layout's sees pairs (LayoutSpec.Sees), which
// restrict its unique loops as SukakuExplainer restricts them. Call it
// once, before grading on l; l must have a classic frame.
func (l *Layout) SetHouseTypes(types []HouseType, sees [][2]int) error {
	if l.Geo == nil {
		return fmt.Errorf("layout: house types need a classic frame")
	}
	n := l.Geo.N
	if len(types) != len(l.Houses)-3*n {
		return fmt.Errorf("layout: %d house types for %d extra houses", len(types), len(l.Houses)-3*n)
	}
	lr := &layoutRating{noNaked: make([]bool, len(l.Houses)), htype: make([]HouseType, len(l.Houses))}
	byType := make([][]int, HouseCenterDot+1)
	for i, t := range types {
		h := 3*n + i
		switch t {
		case HouseDisjointGroup, HouseWindow:
		case HouseDiagonal, HouseGirandola, HouseAsterisk, HouseCenterDot:
			lr.noNaked[h] = true
		default:
			return fmt.Errorf("layout: extra house %d: unknown house type %d", i, t)
		}
		byType[t] = append(byType[t], h)
		lr.htype[h] = t
	}
	dg, win := byType[HouseDisjointGroup], byType[HouseWindow]
	kinds := l.frameKinds()
	boxes, rows, cols := kinds[0], kinds[1], kinds[2]
	lr.vlock = append([][]int(nil), kinds...)
	for t, hs := range byType {
		if HouseType(t) == HouseDiagonal {
			for _, h := range hs {
				lr.vlock = append(lr.vlock, []int{h})
			}
		} else if len(hs) > 0 {
			lr.vlock = append(lr.vlock, hs)
		}
	}
	pairs := [][2][]int{{boxes, cols}, {boxes, rows}, {cols, boxes}, {rows, boxes}}
	for _, x := range [][]int{dg, win} {
		if len(x) > 0 {
			pairs = append(pairs, [2][]int{x, cols}, [2][]int{x, rows}, [2][]int{cols, x}, [2][]int{rows, x}, [2][]int{boxes, x}, [2][]int{x, boxes})
		}
	}
	if len(dg) > 64 || len(win) > 64 {
		return fmt.Errorf("layout: more than 64 houses of one type")
	}
	if len(dg) > 0 && len(win) > 0 {
		pairs = append(pairs, [2][]int{win, dg}, [2][]int{dg, win})
	}
	for _, p := range pairs {
		lr.lockPairs = append(lr.lockPairs, newLockPair(l, p[0], p[1]))
	}
	if len(sees) > 0 {
		lr.anti = make([][]int, l.Cells)
		for _, p := range sees {
			if p[0] < 0 || p[1] < 0 || p[0] >= l.Cells || p[1] >= l.Cells {
				return fmt.Errorf("layout: sees pair %v is off the board", p)
			}
			if shareHouse(l, p[0], p[1]) {
				continue // SukakuExplainer lists a leap apart only when no house holds both
			}
			lr.anti[p[0]] = append(lr.anti[p[0]], p[1])
			lr.anti[p[1]] = append(lr.anti[p[1]], p[0])
		}
	}
	l.rules = lr
	return nil
}

// rating returns the layout's SukakuExplainer rules, nil when its houses
// are not typed (or the layout is classic).
func (l *Layout) rating() *layoutRating {
	if l.Plain() || l.Geo == nil {
		return nil
	}
	return l.rules
}

// sukakuOrder returns the rules whose orders the SE ladder follows on l
// where SukakuExplainer's differ from Sudoku Explainer 1.2.1's (locked
// candidates by pair of house kinds, then digit; wing pincers in its
// visible-cell order; chain links in its order): the typed layout's
// (rating), and on a board whose only rule beyond the frame is
// non-consecutive pairs, the frame's (SetHouseTypes without types); nil
// on other layouts.
func (l *Layout) sukakuOrder() *layoutRating {
	if lr := l.rating(); lr != nil {
		return lr
	}
	if l.consec != nil && l.Geo != nil {
		return l.rules
	}
	return nil
}

// shareHouse reports whether some house of l holds both cells.
func shareHouse(l *Layout, a, b int) bool {
	for _, h := range l.CellHouses[a] {
		for _, k := range l.CellHouses[b] {
			if h == k {
				return true
			}
		}
	}
	return false
}

// uniqueLoops reports whether unique loops run on a layout with extra
// houses or sees pairs: its houses are typed.
func (l *Layout) uniqueLoops() bool { return l.rating() != nil }

// restrictedLoop is SukakuExplainer's test of a unique loop on digits v1,
// v2 (0-based) where there are sees pairs (UniqueLoops.isRestricted): a
// cell that a loop cell sees by a sees pair and that still holds v1 or v2
// could tell the two solutions apart, so the loop proves nothing.
func (l *Layout) restrictedLoop(g *Grid, loop []int, v1, v2 int) bool {
	lr := l.rating()
	if lr == nil || lr.anti == nil {
		return false
	}
	both := uint32(1)<<v1 | uint32(1)<<v2
	for _, c := range loop {
		for _, p := range lr.anti[c] {
			if g.Cand[p]&both != 0 {
				return true
			}
		}
	}
	return false
}

// consecutiveLoop is SukakuExplainer's test of a unique loop on digits
// v1, v2 (0-based) where there are non-consecutive pairs
// (LayoutSpec.Consecutive; its UniqueLoops.isRestricted with NC on): a
// cell next to a loop cell by a pair (a loop cell too) that can still
// hold a digit next to v1 or v2 could tell the loop's two fillings
// apart, so the loop proves nothing. Without such a cell both fillings
// keep every pair apart (a placed neighbour has already removed the
// digits next to its own from the loop cell), so the loop is as deadly as
// on a classic grid. Before this test a 6x6 non-consecutive puzzle's
// loop removed the solution's digit (2026-12-04).
func (l *Layout) consecutiveLoop(g *Grid, loop []int, v1, v2 int) bool {
	if l.consec == nil {
		return false
	}
	near := l.nextTo(v1) | l.nextTo(v2)
	for _, c := range loop {
		if l.holdsNear(g, c, near) {
			return true
		}
	}
	return false
}

// nextTo returns the digits next to digit v (0-based) as a mask: v-1 and
// v+1 where they are digits (1 and N are not next to each other).
func (l *Layout) nextTo(v int) uint32 {
	return (uint32(1)<<(v+1) | uint32(1)<<v>>1) & l.All
}

// holdsNear reports whether a cell next to cell c by a non-consecutive
// pair can still hold a digit of near (a mask).
func (l *Layout) holdsNear(g *Grid, c int, near uint32) bool {
	for _, p := range l.consec[c] {
		if g.Cand[p]&near != 0 {
			return true
		}
	}
	return false
}

// consecutiveBUG is SukakuExplainer's test of a BUG where there are
// non-consecutive pairs (BivalueUniversalGrave.isRestricted): bug holds
// the grave's candidates (the grid's less the BUG cells' extra digits);
// a bivalue cell of it next to a cell that can still hold a digit next to
// one of its two (in g) could tell the grave's solutions apart, so there
// is no BUG. Without one, every filling of the grave keeps the pairs
// apart and the parity argument holds as on a classic grid.
func (l *Layout) consecutiveBUG(g *Grid, bug []uint32) bool {
	if l.consec == nil {
		return false
	}
	for c, m := range bug {
		if g.Values[c] != 0 || popc(m) != 2 {
			continue
		}
		v1 := trailing(m)
		if l.holdsNear(g, c, l.nextTo(v1)|l.nextTo(trailing(m&^(1<<v1)))) {
			return true
		}
	}
	return false
}

// typedLocked reports the typed layout's locked candidates of the pairs
// lr.lockPairs[lo:hi] that eliminate something, in SukakuExplainer's
// order (pair of kinds, digit, first house, second house): "pointing"
// (2.6) when the house cleared is a row or column, else "claiming" (2.8), as
// SukakuExplainer rates them. A digit whose places in the second house
// all lie in the first clears nothing there: skipped without building a
// step.
func typedLocked(g *Grid, lr *layoutRating, lo, hi int, emit func(*Step) bool) bool {
	n := g.lay().Geo.N
	allPos, _ := g.unitTables()
	var cand [sudoku.MaxN]uint64
	for pi := lo; pi < hi; pi++ {
		lp := &lr.lockPairs[pi]
		ver, lm := g.lockMemoOf(lr, pi)
		if !lp.candidates(allPos, n, &cand, ver, lm) {
			continue
		}
		for d := 0; d < n; d++ {
			for m := cand[d]; m != 0; m &= m - 1 {
				j := bits.TrailingZeros64(m)
				h1 := lp.first[j]
				p := allPos[h1][d]
				for _, c := range lp.cross[j] {
					if p&^c.in != 0 || allPos[c.h][d]&^c.rin == 0 {
						continue
					}
					s := lockedStep(g, h1, c.h, d)
					if s == nil {
						continue
					}
					s.Tech = "claiming"
					if c.h < 2*n {
						s.Tech = "pointing"
					}
					if !emit(s) {
						return false
					}
				}
			}
		}
	}
	return true
}

// typedDirectLocked reports the typed layout's direct pointing and
// claiming: digit d locked in h1 inside h2 leaves a single place outside
// h2 in another house of h1's kind crossing h2; only that single is
// placed. "direct-pointing" (1.7) when h1 is a box, else
// "direct-claiming" (1.9), as SukakuExplainer rates them. The order is
// typedLocked's, then the houses of h1's kind crossing h2 in their order.
func typedDirectLocked(g *Grid, lr *layoutRating, emit func(*Step) bool) bool {
	n := g.lay().Geo.N
	allPos, _ := g.unitTables()
	var cand [sudoku.MaxN]uint64
	for pi := range lr.lockPairs {
		lp := &lr.lockPairs[pi]
		ver, lm := g.lockMemoOf(lr, pi)
		if !lp.candidates(allPos, n, &cand, ver, lm) {
			continue
		}
		for d := 0; d < n; d++ {
			for m := cand[d]; m != 0; m &= m - 1 {
				j := bits.TrailingZeros64(m)
				h1 := lp.first[j]
				p := allPos[h1][d]
				for _, x := range lp.cross[j] {
					if p&^x.in != 0 {
						continue
					}
					for _, c := range lp.back[x.k] {
						if c.h == h1 {
							continue
						}
						q := allPos[c.h][d]
						if popc(q) < 2 || popc(q&^c.in) != 1 {
							continue
						}
						s := g.newStep()
						s.Tech = "direct-claiming"
						if h1 >= 2*n && h1 < 3*n {
							s.Tech = "direct-pointing"
						}
						s.Placements = append(s.Placements, Candidate{g.lay().Houses[c.h][trailing(q&^c.in)], uint8(d + 1)})
						s.Units = append(s.Units, h1, x.h, c.h)
						s.Digits = append(s.Digits, uint8(d+1))
						if !emit(s) {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// housePos is unitPos for any house of g's layout: the positions of each
// digit in house u (bit i = the house's i-th cell).
func housePos(g *Grid, u int, pos *[sudoku.MaxN]uint32) {
	if g.Geo != nil && u < 3*g.Geo.N {
		unitPos(g, u, pos)
		return
	}
	allPos, _ := g.unitTables()
	*pos = allPos[u]
}
