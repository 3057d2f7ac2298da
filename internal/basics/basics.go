// Package basics is the batch's cheap pre-filter: how much of the basic
// technique set (hidden singles, then naked singles, then locked
// candidates) a puzzle needs, without grading it.
package basics

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Basic is how much of the basic technique set a puzzle needs: the
// smallest of three nested sets of rules whose closure (apply any of them
// until none applies) solves it.
//
// A pre-filter for targeted generation: the closure of a set of monotone
// rules (fewer candidates never stop a rule from making its deduction) is
// the same whatever order the rules are applied in, so a puzzle that a set
// solves is solved by it from every position a solver reaches. A grading
// profile that always applies the first rule in its order that finds a
// step therefore never goes past the last of these rules in its order on
// such a puzzle: its rating is at most theirs and its path uses nothing
// after them (batch/target.go turns this into rejections).
type Basic uint8

const (
	// BasicHiddenSingles: full houses and hidden singles solve it.
	BasicHiddenSingles Basic = iota
	// BasicSingles: hidden and naked singles solve it.
	BasicSingles
	// BasicLocked: singles and locked candidates (pointing and claiming)
	// solve it.
	BasicLocked
	// BasicBeyond: the basic rules get stuck.
	BasicBeyond
)

// Techniques returns the technique ids (as the grade package names them)
// of the rules of level b; nil for BasicBeyond.
func (b Basic) Techniques() []string {
	ids := []string{"full-house", "hidden-single", "naked-single", "pointing", "claiming"}
	switch b {
	case BasicHiddenSingles:
		return ids[:2]
	case BasicSingles:
		return ids[:3]
	case BasicLocked:
		return ids
	}
	return nil
}

// String names the level.
func (b Basic) String() string {
	switch b {
	case BasicHiddenSingles:
		return "hidden singles"
	case BasicSingles:
		return "singles"
	case BasicLocked:
		return "singles and locked candidates"
	}
	return "beyond basics"
}

// Basics runs the basic closure on puzzles of one shape. It keeps work
// space: use one per goroutine.
//
// The state is one bitset over the cells per digit (where the digit is
// still possible), so each rule is a few word operations per unit and
// digit: a hidden single is a unit holding one bit of a digit's set, a
// naked single a cell in exactly one digit's set, a locked candidate a
// digit whose bits in a box lie in one line (or in a line, in one box).
type Basics struct {
	geo  *sudoku.Geometry
	nw   int      // words per bitset
	cand []uint64 // N bitsets: cells where digit d may go
	done []uint64 // N bitsets: cells holding digit d
	// Precomputed bitsets: every unit (rows, columns, boxes as in
	// Geometry.Units), the peers of each cell, and the line pairs of the
	// locked-candidate rule (box minus line, line minus box) per
	// intersection of a box and a line.
	unit, peer []uint64
	inter      []inter
	left       int // empty cells
}

// inter is one intersection of a box and a line (row or column): the
// offsets in Basics.unit of its cells, of the box outside the line and of
// the line outside the box.
type inter struct {
	both, boxRest, lineRest int
}

// NewBasics returns the closure runner for shape s.
func NewBasics(s sudoku.Shape) *Basics {
	geo := sudoku.GeometryOf(s)
	nw := (geo.Cells + 63) / 64
	n := geo.N
	b := &Basics{
		geo: geo, nw: nw,
		cand: make([]uint64, n*nw), done: make([]uint64, n*nw),
		unit: make([]uint64, 3*n*nw), peer: make([]uint64, geo.Cells*nw),
	}
	set := func(bs []uint64, c int) { bs[c>>6] |= 1 << (c & 63) }
	for u, cells := range geo.Units {
		for _, c := range cells {
			set(b.unit[u*nw:], c)
		}
	}
	for c, ps := range geo.Peers {
		for _, p := range ps {
			set(b.peer[c*nw:], p)
		}
	}
	// Intersections: every box with every row and column that crosses it.
	var rests []uint64
	add := func(a, other int, minus bool) int {
		off := len(rests)
		for w := 0; w < nw; w++ {
			x, y := b.unit[a*nw+w], b.unit[other*nw+w]
			if minus {
				rests = append(rests, x&^y)
			} else {
				rests = append(rests, x&y)
			}
		}
		return off
	}
	for bx := 2 * n; bx < 3*n; bx++ {
		first := geo.Units[bx][0]
		r0, c0 := geo.Row[first], geo.Col[first]
		for r := r0; r < r0+geo.BoxRows; r++ {
			b.inter = append(b.inter, inter{both: add(bx, r, false), boxRest: add(bx, r, true), lineRest: add(r, bx, true)})
		}
		for c := c0; c < c0+geo.BoxCols; c++ {
			b.inter = append(b.inter, inter{both: add(bx, n+c, false), boxRest: add(bx, n+c, true), lineRest: add(n+c, bx, true)})
		}
	}
	b.unit = append(b.unit, rests...) // rests live after the units
	for i := range b.inter {
		b.inter[i].both += 3 * n * nw
		b.inter[i].boxRest += 3 * n * nw
		b.inter[i].lineRest += 3 * n * nw
	}
	return b
}

// Level returns the smallest basic level whose closure solves puzzle
// (row-major values, 0 for empty; it is not modified). A puzzle whose
// givens conflict, or which has no solution or several, is BasicBeyond.
func (b *Basics) Level(puzzle []uint8) Basic {
	if !b.load(puzzle) {
		return BasicBeyond
	}
	for lv := BasicHiddenSingles; lv < BasicBeyond; lv++ {
		b.close(lv)
		if b.left == 0 {
			return lv
		}
	}
	return BasicBeyond
}

// Value returns the digit the last Level call placed in cell c (0 when it
// stayed empty).
func (b *Basics) Value(c int) uint8 {
	w, bit := c>>6, uint64(1)<<(c&63)
	for d := 0; d < b.geo.N; d++ {
		if b.done[d*b.nw+w]&bit != 0 {
			return uint8(d + 1)
		}
	}
	return 0
}

// load sets the candidates from the givens; false on a conflict.
func (b *Basics) load(p []uint8) bool {
	nw, cells := b.nw, b.geo.Cells
	for w := 0; w < nw; w++ {
		full := ^uint64(0)
		if rem := cells - 64*w; rem < 64 {
			full = 1<<rem - 1
		}
		for d := 0; d < b.geo.N; d++ {
			b.cand[d*nw+w] = full
			b.done[d*nw+w] = 0
		}
	}
	b.left = cells
	for c, v := range p {
		if v != 0 {
			d := int(v) - 1
			if b.cand[d*nw+c>>6]&(1<<(c&63)) == 0 {
				return false
			}
			b.place(c, d)
		}
	}
	return true
}

// place puts digit d (0-based) in the empty cell c.
func (b *Basics) place(c, d int) {
	nw := b.nw
	w, bit := c>>6, uint64(1)<<(c&63)
	for e := 0; e < b.geo.N; e++ {
		b.cand[e*nw+w] &^= bit
	}
	cd, pc := b.cand[d*nw:(d+1)*nw], b.peer[c*nw:(c+1)*nw]
	for i := range cd {
		cd[i] &^= pc[i]
	}
	b.done[d*nw+w] |= bit
	b.left--
}

// close applies the rules of level lv until none applies.
func (b *Basics) close(lv Basic) {
	for b.left > 0 {
		if b.hiddenSingles() {
			continue
		}
		if lv >= BasicSingles && b.nakedSingles() {
			continue
		}
		if lv >= BasicLocked && b.locked() {
			continue
		}
		return
	}
}

// hiddenSingles places every digit with one place left in a unit.
//
// Contradictions (a digit without a place in a unit) are not looked for:
// the rules only draw sound conclusions, so a closure that fills the grid
// has found the puzzle's only solution, and one that meets a contradiction
// gets stuck and reports BasicBeyond.
func (b *Basics) hiddenSingles() (progress bool) {
	nw, n := b.nw, b.geo.N
	cand, unit := b.cand, b.unit
	for d := 0; d < n; d++ {
		cb := d * nw
		for u := 0; u < 3*n; u++ {
			ub := u * nw
			cnt, at := 0, 0
			for w := 0; w < nw; w++ {
				if x := cand[cb+w] & unit[ub+w]; x != 0 {
					cnt += bits.OnesCount64(x)
					at = w<<6 | bits.TrailingZeros64(x)
				}
			}
			if cnt == 1 {
				b.place(at, d)
				progress = true
			}
		}
	}
	return progress
}

// nakedSingles places every empty cell with one candidate left.
func (b *Basics) nakedSingles() (progress bool) {
	nw, n := b.nw, b.geo.N
	for w := 0; w < nw; w++ {
		var once, twice uint64
		for d := 0; d < n; d++ {
			x := b.cand[d*nw+w]
			twice |= once & x
			once |= x
		}
		for m := once &^ twice; m != 0; m &= m - 1 {
			c := w<<6 | bits.TrailingZeros64(m)
			bit := uint64(1) << (c & 63)
			for d := 0; d < n; d++ {
				if b.cand[d*nw+w]&bit != 0 {
					b.place(c, d)
					progress = true
					break
				}
			}
		}
	}
	return progress
}

// locked applies pointing (a digit whose places in a box lie in one line
// leaves the rest of that line) and claiming (a digit whose places in a
// line lie in one box leaves the rest of that box); it reports whether it
// removed a candidate.
func (b *Basics) locked() bool {
	nw, n := b.nw, b.geo.N
	changed := false
	for d := 0; d < n; d++ {
		cd := b.cand[d*nw : (d+1)*nw]
		for _, it := range b.inter {
			// in: places inside the intersection; outBox/outLine: in the
			// box (line) outside it.
			var in, outBox, outLine uint64
			for w := 0; w < nw; w++ {
				in |= cd[w] & b.unit[it.both+w]
				outBox |= cd[w] & b.unit[it.boxRest+w]
				outLine |= cd[w] & b.unit[it.lineRest+w]
			}
			if in == 0 || (outBox == 0) == (outLine == 0) {
				continue // nothing locked, or nothing to remove
			}
			rest := it.lineRest // pointing: clear the line outside the box
			if outLine == 0 {
				rest = it.boxRest // claiming: clear the box outside the line
			}
			for w := 0; w < nw; w++ {
				cd[w] &^= b.unit[rest+w]
			}
			changed = true
		}
	}
	return changed
}
