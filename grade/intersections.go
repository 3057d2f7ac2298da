package grade

import (
	"math/bits"
)

// Intersections: locked candidates (pointing, claiming) and locked pairs
// and triples. They work on every box shape.

// Pointing finds a digit whose places in a box all lie in one row or
// column: it leaves the rest of that line.
var Pointing = FinderFunc(findPointing)

// Claiming finds a digit whose places in a row or column all lie in one
// box: it leaves the rest of that box.
var Claiming = FinderFunc(findClaiming)

// LockedPair finds two cells of one box and one line holding the same two
// digits only: both digits leave the rest of the box and the line.
var LockedPair = FinderFunc(func(g *Grid, emit func(*Step) bool) { findLockedSubset(g, 2, emit) })

// LockedTriple is LockedPair with three cells and three digits.
var LockedTriple = FinderFunc(func(g *Grid, emit func(*Step) bool) { findLockedSubset(g, 3, emit) })

func findPointing(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	for b := 0; b < n; b++ {
		box := 2*n + b
		for d := uint8(1); d <= uint8(n); d++ {
			bit := uint32(1) << (d - 1)
			var rows, cols uint32
			cnt := 0
			for _, c := range geo.Units[box] {
				if g.Cand[c]&bit != 0 {
					rows |= 1 << geo.Row[c]
					cols |= 1 << geo.Col[c]
					cnt++
				}
			}
			if cnt < 2 {
				continue
			}
			line := -1
			if bits.OnesCount32(rows) == 1 {
				line = bits.TrailingZeros32(rows)
			} else if bits.OnesCount32(cols) == 1 {
				line = n + bits.TrailingZeros32(cols)
			} else {
				continue
			}
			var el []Candidate
			for _, c := range geo.Units[line] {
				if geo.Box[c] != b && g.Cand[c]&bit != 0 {
					el = append(el, Candidate{c, d})
				}
			}
			if len(el) == 0 {
				continue
			}
			cells := unitCells(geo, box, g.Positions(box, d))
			s := &Step{Tech: "pointing", Eliminations: el, Units: []int{box, line}, Cells: cells, Support: candsOf(cells, d), Digits: []uint8{d}}
			if !emit(s) {
				return
			}
		}
	}
}

func findClaiming(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	for line := 0; line < 2*n; line++ {
		for d := uint8(1); d <= uint8(n); d++ {
			bit := uint32(1) << (d - 1)
			var boxes uint32
			cnt := 0
			for _, c := range geo.Units[line] {
				if g.Cand[c]&bit != 0 {
					boxes |= 1 << geo.Box[c]
					cnt++
				}
			}
			if cnt < 2 || bits.OnesCount32(boxes) != 1 {
				continue
			}
			b := bits.TrailingZeros32(boxes)
			box := 2*n + b
			var el []Candidate
			for _, c := range geo.Units[box] {
				if g.Cand[c]&bit == 0 {
					continue
				}
				if (line < n && geo.Row[c] == line) || (line >= n && geo.Col[c] == line-n) {
					continue
				}
				el = append(el, Candidate{c, d})
			}
			if len(el) == 0 {
				continue
			}
			cells := unitCells(geo, line, g.Positions(line, d))
			s := &Step{Tech: "claiming", Eliminations: el, Units: []int{line, box}, Cells: cells, Support: candsOf(cells, d), Digits: []uint8{d}}
			if !emit(s) {
				return
			}
		}
	}
}

// candsOf lists digit d in each of cells.
func candsOf(cells []int, d uint8) []Candidate {
	out := make([]Candidate, len(cells))
	for i, c := range cells {
		out[i] = Candidate{c, d}
	}
	return out
}

// supportOf lists every candidate of each of cells restricted to mask.
func supportOf(g *Grid, cells []int, mask uint32) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for m := g.Cand[c] & mask; m != 0; m &= m - 1 {
			out = append(out, Candidate{c, digitOf(m)})
		}
	}
	return out
}

func findLockedSubset(g *Grid, k int, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	tech := "locked-pair"
	if k == 3 {
		tech = "locked-triple"
	}
	for b := 0; b < n; b++ {
		box := 2*n + b
		ok := true
		eachNakedSet(g, box, k, func(cells []int, mask uint32) bool {
			line := -1
			sameRow, sameCol := true, true
			for _, c := range cells[1:] {
				sameRow = sameRow && geo.Row[c] == geo.Row[cells[0]]
				sameCol = sameCol && geo.Col[c] == geo.Col[cells[0]]
			}
			switch {
			case sameRow:
				line = geo.Row[cells[0]]
			case sameCol:
				line = n + geo.Col[cells[0]]
			default:
				return true
			}
			var el []Candidate
			el = appendSubsetElims(el, g, geo.Units[box], cells, mask)
			for _, c := range geo.Units[line] {
				if geo.Box[c] != b {
					for m := g.Cand[c] & mask; m != 0; m &= m - 1 {
						el = append(el, Candidate{c, digitOf(m)})
					}
				}
			}
			if len(el) == 0 {
				return true
			}
			cs := append([]int(nil), cells...)
			s := &Step{Tech: tech, Eliminations: el, Units: []int{box, line}, Cells: cs, Support: supportOf(g, cs, mask), Digits: maskDigits(mask)}
			ok = emit(s)
			return ok
		})
		if !ok {
			return
		}
	}
}
