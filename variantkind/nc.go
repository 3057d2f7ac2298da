package variantkind

import (
	"fmt"
	"math/bits"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/variant"
)

// The non-consecutive techniques of SukakuExplainer (its NC mode, 1 and
// N not consecutive), rated as it rates them and tried where its solver
// tries them: after the naked single (2.3) and before everything rated
// 2.5 and up (its "direct" producers, diuf/sudoku/solver/Solver.java).
// Beyond them the layout's ladder knows the pair rule only through the
// eliminations a placed digit makes (eliminatePairs).
const (
	// TechNCForcingCell: an empty cell whose candidates all lie within
	// one of v (v-1, v, v+1) removes v from its orthogonal neighbours:
	// whichever it holds, a neighbour equal to v would repeat it in a row
	// or column or differ from it by 1. SukakuExplainer's "Non-Consecutive
	// Forcing Cell" (forcingCellNC.java), 2.4.
	TechNCForcingCell = "nc-forcing-cell"
	// TechLockedNC: the cells of a house that can hold v are all within
	// one orthogonal step of some cells; those cells cannot hold v-1 or
	// v+1 (v is in the house, next to or on each of them).
	// SukakuExplainer's "Locked Non-Consecutive" (lockedNC.java), 2.5.
	TechLockedNC = "locked-nc"
)

// The ratings of the two techniques (SukakuExplainer's getDifficulty).
const (
	ratingNCForcingCell = 2.4
	ratingLockedNC      = 2.5
	// belowNC is the highest rating tried before them: the naked single.
	belowNC = 2.3
)

// ncTechName names the non-consecutive techniques for explanations.
var ncTechName = map[string]string{
	TechNCForcingCell: "Non-Consecutive Forcing Cell",
	TechLockedNC:      "Locked Non-Consecutive",
}

// ncBoard is what the non-consecutive techniques read of a geometry: the
// orthogonal neighbours of every frame cell under the pair rule, and the
// houses SukakuExplainer's locked NC scans, in its order.
type ncBoard struct {
	n      int
	start  []int32 // neighbours of cell c: nbr[start[c]:start[c+1]]
	nbr    []int32
	houses [][]int // columns, rows, then boxes (SukakuExplainer's order)
	maxPos []int   // per house: the most candidate positions worth a look
	cols   int     // frame width, for messages
	// On boards of at most 128 frame cells, bitsets for locked's search:
	// each house's cells (hmask) and each cell with its neighbours
	// (near); nil on bigger boards.
	hmask []cells128
	near  []cells128
}

// cells128 is a set of up to 128 frame cells.
type cells128 [2]uint64

func (a cells128) and(b cells128) cells128 { return cells128{a[0] & b[0], a[1] & b[1]} }
func (a cells128) count() int              { return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) }
func (a *cells128) add(c int)              { a[c>>6] |= 1 << (c & 63) }

// ncScratch is one solve's working memory for the techniques.
type ncScratch struct {
	mark    []uint8 // per frame cell: positions it is on or next to
	touched []int32 // cells with a mark
}

// newNCBoard builds the tables of g, or returns nil when g has no
// non-consecutive pairs.
func newNCBoard(g *variant.Geometry) *ncBoard {
	d := g.Data()
	cells := d.Rows * d.Cols
	deg := make([]int32, cells+1)
	for _, p := range d.Pairs {
		if p.Rule == variant.RuleNonConsecutive {
			deg[p.A]++
			deg[p.B]++
		}
	}
	b := &ncBoard{n: d.N, start: make([]int32, cells+1), cols: d.Cols}
	for c := range cells {
		b.start[c+1] = b.start[c] + deg[c]
	}
	if b.start[cells] == 0 {
		return nil
	}
	b.nbr = make([]int32, b.start[cells])
	fill := append([]int32(nil), b.start[:cells]...)
	for _, p := range d.Pairs {
		if p.Rule == variant.RuleNonConsecutive {
			b.nbr[fill[p.A]] = int32(p.B)
			fill[p.A]++
			b.nbr[fill[p.B]] = int32(p.A)
			fill[p.B]++
		}
	}
	// SukakuExplainer scans columns, then rows, then blocks (windows
	// first when windoku is on; sudogen's windoku is not combined with
	// non-consecutive here, so no windows); at most 3 positions in a line,
	// 5 in a box (a plus sign) can share a neighbour.
	// A jigsaw's regions are scanned as boxes.
	for _, kind := range []struct {
		name string
		max  int
	}{{"column", 3}, {"row", 3}, {"box", 5}, {"region", 5}} {
		for i, h := range d.Houses {
			if d.HouseKinds[i] == kind.name {
				b.houses = append(b.houses, h)
				b.maxPos = append(b.maxPos, kind.max)
			}
		}
	}
	if cells <= 128 {
		b.near = make([]cells128, cells)
		for c := range cells {
			b.near[c].add(c)
			for _, n := range b.neighbours(c) {
				b.near[c].add(int(n))
			}
		}
		for _, h := range b.houses {
			var m cells128
			for _, c := range h {
				m.add(c)
			}
			b.hmask = append(b.hmask, m)
		}
	}
	return b
}

// eliminatePlaced makes eliminatePairs' removals (v-1 and v+1 leave the
// empty neighbours of a cell placed with v) for the cells placed since
// done was last updated, and marks them done: a cell done before has
// nothing left to remove (candidates only shrink).
func (b *ncBoard) eliminatePlaced(g *grade.Grid, done []bool) {
	for c, v := range g.Values {
		if v == 0 || done[c] {
			continue
		}
		done[c] = true
		for _, n := range b.neighbours(c) {
			if g.Values[n] != 0 {
				continue
			}
			if v > 1 {
				g.Eliminate(int(n), v-1)
			}
			if int(v) < b.n {
				g.Eliminate(int(n), v+1)
			}
		}
	}
}

// neighbours returns the pair neighbours of frame cell c.
func (b *ncBoard) neighbours(c int) []int32 { return b.nbr[b.start[c]:b.start[c+1]] }

// forcingCell finds SukakuExplainer's first NC forcing cell step (cells
// in order, the step removing every value its candidates force out of
// the neighbours): it fills s and reports whether there was one.
func (b *ncBoard) forcingCell(g *grade.Grid, s *grade.Step) bool {
	for c := range len(b.start) - 1 {
		if g.Values[c] != 0 || b.start[c] == b.start[c+1] {
			continue
		}
		cand := g.Cand[c]
		k := bits.OnesCount32(cand)
		if k < 2 || k > 3 {
			continue
		}
		lo := bits.TrailingZeros32(cand)
		hi := 31 - bits.LeadingZeros32(cand)
		// The values v with every candidate within one of v: v in
		// [hi-1, lo+1] (0-based bits), at most two of them.
		var forced uint32
		for v := max(hi-1, 0); v <= lo+1 && v < b.n; v++ {
			forced |= 1 << v
		}
		if forced == 0 {
			continue
		}
		s.Eliminations = s.Eliminations[:0]
		for _, n := range b.neighbours(c) {
			for m := g.Cand[n] & forced; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, grade.Candidate{Cell: int(n), Digit: uint8(bits.TrailingZeros32(m) + 1)})
			}
		}
		if len(s.Eliminations) > 0 {
			s.Tech, s.Difficulty = TechNCForcingCell, ratingNCForcingCell
			s.Cells = append(s.Cells[:0], c)
			s.Digits = s.Digits[:0]
			for m := forced; m != 0; m &= m - 1 {
				s.Digits = append(s.Digits, uint8(bits.TrailingZeros32(m)+1))
			}
			return true
		}
	}
	return false
}

// locked finds SukakuExplainer's first locked NC step (value by value,
// then house by house in its order): the cells next to or on every
// position of v in the house lose v-1 and v+1.
func (b *ncBoard) locked(g *grade.Grid, s *grade.Step, sc *ncScratch) bool {
	if b.near != nil {
		return b.lockedBits(g, s, sc)
	}
	for v := 1; v <= b.n; v++ {
		for hi := range b.houses {
			if b.lockedAt(g, s, sc, v, hi) {
				return true
			}
		}
	}
	return false
}

// lockedBits is locked on a board of at most 128 cells: per value and
// house in locked's order, the cells on or next to every position (an
// and of the positions' near sets) are tested for v-1 or v+1 on
// bitsets, and lockedAt builds the first step found, as locked would.
func (b *ncBoard) lockedBits(g *grade.Grid, s *grade.Step, sc *ncScratch) bool {
	var cand [33]cells128 // per value (1-32), the cells whose candidates hold it
	var open cells128     // the cells without a value
	for c, v := range g.Values {
		if v == 0 {
			open.add(c)
		}
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			cand[bits.TrailingZeros32(m)+1].add(c)
		}
	}
	for v := 1; v <= b.n; v++ {
		var next cells128 // the cells holding v-1 or v+1
		if v > 1 {
			next = cand[v-1]
		}
		if v < b.n {
			next[0] |= cand[v+1][0]
			next[1] |= cand[v+1][1]
		}
		if next == (cells128{}) {
			continue
		}
		at := cand[v].and(open)
		for hi := range b.houses {
			p := at.and(b.hmask[hi])
			pos := p.count()
			if pos == 0 || pos > b.maxPos[hi] {
				continue
			}
			common := next
			for w := range p {
				for x := p[w]; x != 0; x &= x - 1 {
					common = common.and(b.near[w<<6+bits.TrailingZeros64(x)])
				}
			}
			if common != (cells128{}) && b.lockedAt(g, s, sc, v, hi) {
				return true
			}
		}
	}
	return false
}

// lockedAt is locked's test of value v in house hi: it fills s and
// reports whether the cells on or next to every position of v there
// hold v-1 or v+1.
func (b *ncBoard) lockedAt(g *grade.Grid, s *grade.Step, sc *ncScratch, v, hi int) bool {
	if len(sc.mark) < len(b.start)-1 {
		sc.mark = make([]uint8, len(b.start)-1)
	}
	mark := sc.mark
	bit := uint32(1) << (v - 1)
	var rm uint32 // v-1 and v+1 (1 and N are not consecutive)
	if v > 1 {
		rm |= bit >> 1
	}
	if v < b.n {
		rm |= bit << 1
	}
	h := b.houses[hi]
	pos := 0
	for _, c := range h {
		if g.Values[c] == 0 && g.Cand[c]&bit != 0 {
			pos++
		}
	}
	if pos == 0 || pos > b.maxPos[hi] {
		return false
	}
	// mark[c] counts the positions c is on or next to.
	touched := sc.touched[:0]
	for _, c := range h {
		if g.Values[c] != 0 || g.Cand[c]&bit == 0 {
			continue
		}
		mark[c]++
		touched = append(touched, int32(c))
		for _, n := range b.neighbours(c) {
			mark[n]++
			touched = append(touched, n)
		}
	}
	s.Eliminations = s.Eliminations[:0]
	s.Cells = s.Cells[:0]
	for _, c := range touched {
		if int(mark[c]) != pos {
			mark[c] = 0
			continue
		}
		mark[c] = 0 // once
		for m := g.Cand[c] & rm; m != 0; m &= m - 1 {
			s.Eliminations = append(s.Eliminations, grade.Candidate{Cell: int(c), Digit: uint8(bits.TrailingZeros32(m) + 1)})
		}
	}
	sc.touched = touched
	if len(s.Eliminations) > 0 {
		s.Tech, s.Difficulty = TechLockedNC, ratingLockedNC
		for _, c := range h {
			if g.Values[c] == 0 && g.Cand[c]&bit != 0 {
				s.Cells = append(s.Cells, c)
			}
		}
		s.Digits = append(s.Digits[:0], uint8(v))
		return true
	}
	return false
}

// step finds the first non-consecutive technique step on g (forcing
// cell, then locked NC), as SukakuExplainer's solver would take it.
func (b *ncBoard) step(g *grade.Grid, s *grade.Step, sc *ncScratch) bool {
	*s = grade.Step{Eliminations: s.Eliminations[:0], Cells: s.Cells[:0], Digits: s.Digits[:0]}
	return b.forcingCell(g, s) || b.locked(g, s, sc)
}

// apply removes the step's candidates from g, checking each against the
// solution first when one is given.
func (b *ncBoard) apply(g *grade.Grid, s *grade.Step, solution []uint8, stepNo int) error {
	for _, e := range s.Eliminations {
		if solution != nil && solution[e.Cell] == e.Digit {
			return fmt.Errorf("step %d: %s removes %d from r%dc%d, the solution's digit", stepNo, s.Tech, e.Digit, e.Cell/b.cols+1, e.Cell%b.cols+1)
		}
		g.Eliminate(e.Cell, e.Digit)
	}
	return nil
}
