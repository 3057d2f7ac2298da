package grade

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Wings: XY-Wing, XYZ-Wing and W-Wing. General code over any box shape.

// XYWing finds a pivot {x,y} seeing pincers {x,z} and {y,z}: a cell seeing
// both pincers cannot be z.
var XYWing = FinderFunc(func(g *Grid, emit func(*Step) bool) { findXYWing(g, false, emit) })

// XYZWing finds a pivot {x,y,z} seeing pincers {x,z} and {y,z}: a cell
// seeing all three cannot be z.
var XYZWing = FinderFunc(func(g *Grid, emit func(*Step) bool) { findXYWing(g, true, emit) })

// WWing finds two cells {x,y} joined by a conjugate pair on x (each end
// seeing one of them): a cell seeing both cannot be y.
var WWing = FinderFunc(findWWing)

func findXYWing(g *Grid, xyz bool, emit func(*Step) bool) {
	geo := g.Geo
	pivotSize := 2
	tech := "xy-wing"
	if xyz {
		pivotSize, tech = 3, "xyz-wing"
	}
	for p, pm := range g.Cand {
		if bits.OnesCount32(pm) != pivotSize {
			continue
		}
		peers := geo.Peers[p]
		for i, a := range peers {
			am := g.Cand[a]
			if bits.OnesCount32(am) != 2 || bits.OnesCount32(am&pm) != pivotSize-1 || (xyz && am&^pm != 0) {
				continue
			}
			for _, b := range peers[i+1:] {
				bm := g.Cand[b]
				if bits.OnesCount32(bm) != 2 || bm == am {
					continue
				}
				var z uint32
				if xyz {
					if bm&^pm != 0 {
						continue
					}
					z = am & bm
				} else {
					z = am & bm
					if bits.OnesCount32(z) != 1 || z&pm != 0 || (am|bm)&^z != pm {
						continue
					}
				}
				if bits.OnesCount32(z) != 1 {
					continue
				}
				d := digitOf(z)
				var el []Candidate
				for c := range g.Cand {
					if g.Cand[c]&z != 0 && c != p && c != a && c != b && sees(geo, c, a) && sees(geo, c, b) && (!xyz || sees(geo, c, p)) {
						el = append(el, Candidate{c, d})
					}
				}
				if len(el) == 0 {
					continue
				}
				cells := []int{p, a, b}
				s := &Step{Tech: tech, Eliminations: el, Cells: cells, Support: supportOf(g, cells, geo.All), Digits: []uint8{d}}
				if !emit(s) {
					return
				}
			}
		}
	}
}

func findWWing(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	var buf [3 * sudoku.MaxN]strongLink
	var links [sudoku.MaxN][]strongLink
	for a, am := range g.Cand {
		if bits.OnesCount32(am) != 2 {
			continue
		}
		for b := a + 1; b < len(g.Cand); b++ {
			if g.Cand[b] != am || sees(geo, a, b) {
				continue
			}
			for m := am; m != 0; m &= m - 1 {
				x := digitOf(m)
				y := am &^ (m & -m)
				if links[x-1] == nil {
					links[x-1] = conjugatePairs(g, x, buf[:0:0])
				}
				for _, l := range links[x-1] {
					for e := 0; e < 2; e++ {
						p, q := l.a, l.b
						if e == 1 {
							p, q = q, p
						}
						if p == a || p == b || q == a || q == b || !sees(geo, p, a) || !sees(geo, q, b) {
							continue
						}
						dy := digitOf(y)
						var el []Candidate
						for c := range g.Cand {
							if g.Cand[c]&y != 0 && c != a && c != b && sees(geo, c, a) && sees(geo, c, b) {
								el = append(el, Candidate{c, dy})
							}
						}
						if len(el) == 0 {
							continue
						}
						s := &Step{Tech: "w-wing", Eliminations: el, Cells: []int{a, p, q, b}, Units: []int{l.unit},
							Support: []Candidate{{a, x}, {a, dy}, {p, x}, {q, x}, {b, x}, {b, dy}}, Digits: []uint8{x, dy}}
						if !emit(s) {
							return
						}
					}
				}
			}
		}
	}
}
