package grade

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// This file holds Sudoku Explainer's basic producers (SE-RULES.md section
// 2), each scanning in SE's exact order so that the first hint found is
// the one SE applies. They work for every box shape.

func trailing(m uint32) int { return bits.TrailingZeros32(m) }

func popc(m uint32) int { return bits.OnesCount32(m) }

// seHiddenSingle is producer 1: full houses (1.0), then hidden singles in
// blocks (1.2) and lines (1.5), regions in order B, digits ascending.
func seHiddenSingle(g *Grid, emit func(*Step) bool) {
	t := tablesOf(g.Geo)
	allPos, empties := g.unitTables()
	for pass := 0; pass < 2; pass++ {
		for _, u := range t.orderB {
			empty := empties[u]
			if empty == 0 || (pass == 0) != (empty == 1) {
				continue
			}
			pos := &allPos[u]
			for d := 0; d < t.n; d++ {
				if popc(pos[d]) != 1 {
					continue
				}
				cell := g.Geo.Units[u][trailing(pos[d])]
				s := g.newStep()
				s.Tech = "hidden-single"
				s.Placements = append(s.Placements, Candidate{cell, uint8(d + 1)})
				s.Units = append(s.Units, u)
				s.Digits = append(s.Digits, uint8(d+1))
				switch {
				case pass == 0:
					s.Tech, s.Difficulty = "full-house", 1.0
				case t.isBox(u):
					s.Difficulty, s.Detail = 1.2, "box"
				default:
					s.Difficulty, s.Detail = 1.5, "line"
				}
				if !emit(s) {
					return
				}
			}
		}
	}
}

// intersectionPairs lists the (region 1, region 2) unit-type pairs of the
// pointing and claiming scans: (block, column), (block, row), (column,
// block), (row, block). Types: 0 row, 1 column, 2 block.
var intersectionPairs = [4][2]int{{2, 1}, {2, 0}, {1, 2}, {0, 2}}

// forIntersections walks SE's pointing/claiming scan: for each crossing
// (r1, r2) pair in order and digit with >= 2 positions in r1, all inside
// r2, it calls f(r1, r2, d, positions of d in r1); f returns false to stop.
func forIntersections(g *Grid, f func(r1, r2, d int) bool) {
	t := tablesOf(g.Geo)
	n := t.n
	allPos, _ := g.unitTables()
	for _, pair := range intersectionPairs {
		for i1 := 0; i1 < n; i1++ {
			r1 := pair[0]*n + i1
			pos := &allPos[r1]
			for i2 := 0; i2 < n; i2++ {
				r2 := pair[1]*n + i2
				inside := t.inside[r1][r2]
				if inside == 0 {
					continue
				}
				for d := 0; d < n; d++ {
					p := pos[d]
					if popc(p) < 2 || p&^inside != 0 {
						continue
					}
					if !f(r1, r2, d) {
						return
					}
				}
			}
		}
	}
}

// seDirectIntersection is producer 2: a pointing (1.7) or claiming (1.9)
// that at once leaves a hidden single in another region of region 1's
// type crossing region 2. Only the single is placed.
func seDirectIntersection(g *Grid, emit func(*Step) bool) {
	t := tablesOf(g.Geo)
	n := t.n
	forIntersections(g, func(r1, r2, d int) bool {
		typ := r1 / n
		bit := uint32(1) << d
		for j := 0; j < n; j++ {
			o := typ*n + j
			if o == r1 || !t.crosses(o, r2) {
				continue
			}
			count, outside, target := 0, 0, -1
			for _, c := range g.Geo.Units[o] {
				if g.Cand[c]&bit == 0 {
					continue
				}
				count++
				if t.inUnit[r2][c] < 0 {
					outside++
					target = c
				}
			}
			if count >= 2 && outside == 1 {
				s := g.newStep()
				s.Tech, s.Difficulty = "direct-pointing", 1.7
				s.Placements = append(s.Placements, Candidate{target, uint8(d + 1)})
				s.Units = append(s.Units, r1, r2, o)
				s.Digits = append(s.Digits, uint8(d+1))
				if !t.isBox(r1) {
					s.Tech, s.Difficulty = "direct-claiming", 1.9
				}
				if !emit(s) {
					return false
				}
			}
		}
		return true
	})
}

// seIntersection is producer 6: pointing (2.6, region 1 a block) and
// claiming (2.8).
func seIntersection(g *Grid, emit func(*Step) bool) {
	t := tablesOf(g.Geo)
	forIntersections(g, func(r1, r2, d int) bool {
		bit := uint32(1) << d
		found := false
		for _, c := range g.Geo.Units[r2] {
			if g.Cand[c]&bit != 0 && t.inUnit[r1][c] < 0 {
				found = true
				break
			}
		}
		if !found {
			return true
		}
		s := g.newStep()
		for _, c := range g.Geo.Units[r2] {
			if g.Cand[c]&bit != 0 && t.inUnit[r1][c] < 0 {
				s.Eliminations = append(s.Eliminations, Candidate{c, uint8(d + 1)})
			}
		}
		s.Tech, s.Difficulty = "pointing", 2.6
		s.Units = append(s.Units, r1, r2)
		s.Digits = append(s.Digits, uint8(d+1))
		if !t.isBox(r1) {
			s.Tech, s.Difficulty = "claiming", 2.8
		}
		return emit(s)
	})
}

// seNakedSingle is producer 4: the first cell (row-major) with exactly one
// candidate.
func seNakedSingle(g *Grid, emit func(*Step) bool) {
	for c, m := range g.Cand {
		if g.Values[c] == 0 && popc(m) == 1 {
			d := uint8(trailing(m) + 1)
			s := g.newStep()
			s.Tech, s.Difficulty = "naked-single", 2.3
			s.Placements = append(s.Placements, Candidate{c, d})
			s.Cells = append(s.Cells, c)
			if !emit(s) {
				return
			}
		}
	}
}

// hiddenSetScan walks SE's hidden-set search of degree k: regions in order
// B with more than minEmpty empty cells, k digits (colex) each with >= 2
// positions whose positions cover exactly k cells. f gets the region, the
// digit mask of the set, the positions mask and the region's positions.
func hiddenSetScan(g *Grid, k, minEmpty int, f func(u int, digits, cells uint32, pos *[sudoku.MaxN]uint32) bool) {
	t := tablesOf(g.Geo)
	allPos, empties := g.unitTables()
	var elig [sudoku.MaxN]int
	var combBuf [sudoku.MaxN]int
	comb := combBuf[:k]
	for _, u := range t.orderB {
		if empties[u] <= minEmpty {
			continue
		}
		pos := &allPos[u]
		ne := 0
		for d := 0; d < t.n; d++ {
			if popc(pos[d]) >= 2 {
				elig[ne] = d
				ne++
			}
		}
		if ne < k {
			continue
		}
		for i := range comb {
			comb[i] = i
		}
		for {
			var digits, cells uint32
			for _, i := range comb {
				digits |= 1 << elig[i]
				cells |= pos[elig[i]]
			}
			if popc(cells) == k {
				if !f(u, digits, cells, pos) {
					return
				}
			}
			if !nextColex(comb, ne) {
				break
			}
		}
	}
}

// seDirectHidden is producers 3 (direct hidden pair, 2.0) and 5 (direct
// hidden triple, 2.5): a hidden set that leaves a hidden single in its
// region; only the single is placed.
func seDirectHidden(k int) FinderFunc {
	tech, diff := "direct-hidden-pair", 2.0
	if k == 3 {
		tech, diff = "direct-hidden-triple", 2.5
	}
	return func(g *Grid, emit func(*Step) bool) {
		n := g.Geo.N
		hiddenSetScan(g, k, k, func(u int, digits, cells uint32, pos *[sudoku.MaxN]uint32) bool {
			for d := 0; d < n; d++ {
				if digits&(1<<d) != 0 {
					continue
				}
				if popc(pos[d]) >= 2 && popc(pos[d]&^cells) == 1 {
					cell := g.Geo.Units[u][trailing(pos[d]&^cells)]
					s := g.newStep()
					s.Tech, s.Difficulty = tech, diff
					s.Placements = append(s.Placements, Candidate{cell, uint8(d + 1)})
					s.Units = append(s.Units, u)
					for m := digits; m != 0; m &= m - 1 {
						s.Digits = append(s.Digits, uint8(trailing(m)+1))
					}
					return emit(s)
				}
			}
			return true
		})
	}
}

// seHiddenSet is producers 9, 12, 18: hidden pair (3.4), triple (4.0),
// quad (5.4), in regions with more than 2k empty cells.
func seHiddenSet(k int) FinderFunc {
	tech, diff := [...]string{2: "hidden-pair", 3: "hidden-triple", 4: "hidden-quad"}[k], [...]float64{2: 3.4, 3: 4.0, 4: 5.4}[k]
	return func(g *Grid, emit func(*Step) bool) {
		hiddenSetScan(g, k, 2*k, func(u int, digits, cells uint32, pos *[sudoku.MaxN]uint32) bool {
			var el []Candidate
			for i, c := range g.Geo.Units[u] {
				if cells&(1<<i) == 0 {
					continue
				}
				for m := g.Cand[c] &^ digits; m != 0; m &= m - 1 {
					el = append(el, Candidate{c, uint8(trailing(m) + 1)})
				}
			}
			if len(el) == 0 {
				return true
			}
			return emit(&Step{Tech: tech, Difficulty: diff, Eliminations: el, Units: []int{u}, Digits: maskDigits(digits), Cells: unitCells(g.Geo, u, cells)})
		})
	}
}

// seNakedSet is producers 7, 10, 16: naked pair (3.0), triple (3.6), quad
// (5.0), in regions with at least 2k empty cells.
func seNakedSet(k int) FinderFunc {
	tech, diff := [...]string{2: "naked-pair", 3: "naked-triple", 4: "naked-quad"}[k], [...]float64{2: 3.0, 3: 3.6, 4: 5.0}[k]
	return func(g *Grid, emit func(*Step) bool) {
		t := tablesOf(g.Geo)
		var elig [sudoku.MaxN]int
		comb := make([]int, k)
		for _, u := range t.orderB {
			cells := g.Geo.Units[u]
			empty, ne := 0, 0
			for i, c := range cells {
				if g.Values[c] == 0 {
					empty++
				}
				if popc(g.Cand[c]) >= 2 {
					elig[ne] = i
					ne++
				}
			}
			if empty < 2*k || ne < k {
				continue
			}
			for i := range comb {
				comb[i] = i
			}
			for {
				var digits, set uint32
				for _, i := range comb {
					digits |= g.Cand[cells[elig[i]]]
					set |= 1 << elig[i]
				}
				if popc(digits) == k {
					var el []Candidate
					for i, c := range cells {
						if set&(1<<i) != 0 {
							continue
						}
						for m := g.Cand[c] & digits; m != 0; m &= m - 1 {
							el = append(el, Candidate{c, uint8(trailing(m) + 1)})
						}
					}
					if len(el) > 0 {
						if !emit(&Step{Tech: tech, Difficulty: diff, Eliminations: el, Units: []int{u}, Digits: maskDigits(digits), Cells: unitCells(g.Geo, u, set)}) {
							return
						}
					}
				}
				if !nextColex(comb, ne) {
					break
				}
			}
		}
	}
}

// seFish is producers 8, 11, 17: X-Wing (3.2), Swordfish (3.8), Jellyfish
// (5.2). Columns as base lines first, then rows; base-line combinations in
// colex order outside, digits inside.
func seFish(k int) FinderFunc {
	tech, diff := [...]string{2: "x-wing", 3: "swordfish", 4: "jellyfish"}[k], [...]float64{2: 3.2, 3: 3.8, 4: 5.2}[k]
	return func(g *Grid, emit func(*Step) bool) {
		n := g.Geo.N
		// placed[d] = cells holding d; lines[o][l][d] = positions of d in line l
		var placed [sudoku.MaxN]int
		for _, v := range g.Values {
			if v != 0 {
				placed[v-1]++
			}
		}
		var combBuf [sudoku.MaxN]int
		comb := combBuf[:k]
		allPos, _ := g.unitTables()
		for _, base := range [2]int{1, 0} { // columns, then rows
			pos := allPos[base*n : base*n+n] // [line][digit] positions across
			for i := range comb {
				comb[i] = i
			}
			for {
				for d := 0; d < n; d++ {
					if placed[d]+2*k > n {
						continue
					}
					var union uint32
					ok := true
					for _, l := range comb {
						p := pos[l][d]
						if popc(p) < 2 {
							ok = false
							break
						}
						union |= p
					}
					if !ok || popc(union) != k {
						continue
					}
					var baseMask uint32
					for _, l := range comb {
						baseMask |= 1 << l
					}
					var el []Candidate
					for m := union; m != 0; m &= m - 1 {
						cover := (1-base)*n + trailing(m)
						for j, c := range g.Geo.Units[cover] {
							if baseMask&(1<<j) == 0 && g.Cand[c]&(1<<d) != 0 {
								el = append(el, Candidate{c, uint8(d + 1)})
							}
						}
					}
					if len(el) == 0 {
						continue
					}
					units := make([]int, 0, 2*k)
					for _, l := range comb {
						units = append(units, base*n+l)
					}
					for m := union; m != 0; m &= m - 1 {
						units = append(units, (1-base)*n+trailing(m))
					}
					if !emit(&Step{Tech: tech, Difficulty: diff, Eliminations: el, Units: units, Digits: []uint8{uint8(d + 1)}}) {
						return
					}
				}
				if !nextColex(comb, n) {
					break
				}
			}
		}
	}
}

// seWing is producers 13 (XY-Wing, 4.2) and 14 (XYZ-Wing, 4.4).
func seWing(xyz bool) FinderFunc {
	tech, diff, size := "xy-wing", 4.2, 2
	if xyz {
		tech, diff, size = "xyz-wing", 4.4, 3
	}
	return func(g *Grid, emit func(*Step) bool) {
		t := tablesOf(g.Geo)
		for pivot, pm := range g.Cand {
			if popc(pm) != size {
				continue
			}
			for _, p1 := range t.house[pivot] {
				m1 := g.Cand[p1]
				if popc(m1) != 2 {
					continue
				}
				if xyz {
					if m1&^pm != 0 {
						continue
					}
				} else if popc(m1&pm) != 1 {
					continue
				}
				for _, p2 := range t.house[pivot] {
					m2 := g.Cand[p2]
					if popc(m2) != 2 || popc(pm|m1|m2) != 3 {
						continue
					}
					common := popc(pm & m1 & m2)
					if (xyz && common != 1) || (!xyz && common != 0) {
						continue
					}
					z := m1 & m2
					if popc(z) != 1 {
						continue
					}
					var el []Candidate
					for c := range g.Cand {
						if g.Cand[c]&z == 0 || c == pivot || c == p1 || c == p2 {
							continue
						}
						if t.sees(c, p1) && t.sees(c, p2) && (!xyz || t.sees(c, pivot)) {
							el = append(el, Candidate{c, uint8(trailing(z) + 1)})
						}
					}
					if len(el) == 0 {
						continue
					}
					if !emit(&Step{Tech: tech, Difficulty: diff, Eliminations: el, Cells: []int{pivot, p1, p2}, Digits: []uint8{uint8(trailing(z) + 1)}}) {
						return
					}
				}
			}
		}
	}
}
