package grade

import "math/bits"

// Wings as HoDoKu's WingSolver finds them (the hodoku profile and its
// library cases).
//
// XY-Wing: every three bivalue cells in cell order (i < j < k, the first
// two holding three digits together, all three too, no two alike), with
// the pivot tried as i, then j, then k. XYZ-Wing: a three-candidate cell
// (cell order) with two bivalue cells j < k. The pivot must see both
// pincers, which share exactly one digit z; z leaves the cells seeing both
// pincers (XYZ: and the pivot).
//
// W-Wing: two bivalue cells with the same digits (i < j), the lower digit
// first: if some cells see both and hold it, a unit (rows, columns, boxes)
// holding the other digit twice, one place seeing i and the other j,
// joins them.

// hodokuXYWing finds HoDoKu's XY-Wings (xyz false) or XYZ-Wings.
func hodokuXYWing(g *Grid, xyz bool, emit func(*Step) bool) {
	t := tablesOf(g.Geo)
	var bi, tri []int
	for c, m := range g.Cand {
		if g.Values[c] != 0 {
			continue
		}
		switch bits.OnesCount32(m) {
		case 2:
			bi = append(bi, c)
		case 3:
			tri = append(tri, c)
		}
	}
	first := bi
	if xyz {
		first = tri
	}
	for i := range first {
		j0 := i + 1
		if xyz {
			j0 = 0
		}
		for j := j0; j < len(bi); j++ {
			if bits.OnesCount32(g.Cand[first[i]]|g.Cand[bi[j]]) != 3 {
				continue
			}
			for k := j + 1; k < len(bi); k++ {
				c1, c2, c3 := first[i], bi[j], bi[k]
				m1, m2, m3 := g.Cand[c1], g.Cand[c2], g.Cand[c3]
				if bits.OnesCount32(m1|m2|m3) != 3 || m1 == m2 || m2 == m3 || m3 == m1 {
					continue
				}
				tries := 3
				if xyz {
					tries = 1
				}
				for try := 0; try < tries; try++ {
					p, a, b := c1, c2, c3
					switch try {
					case 1:
						p, a, b = c2, c1, c3
					case 2:
						p, a, b = c3, c2, c1
					}
					if !t.sees(p, a) || !t.sees(p, b) {
						continue
					}
					z := g.Cand[a] & g.Cand[b]
					if bits.OnesCount32(z) != 1 {
						continue
					}
					d := digitOf(z)
					var el []Candidate
					for _, c := range g.Geo.Peers[a] {
						if g.Cand[c]&z != 0 && t.sees(c, b) && (!xyz || t.sees(c, p)) {
							el = append(el, Candidate{c, d})
						}
					}
					if len(el) == 0 {
						continue
					}
					sortCandidates(el)
					tech := "xy-wing"
					if xyz {
						tech = "xyz-wing"
					}
					cells := []int{p, a, b}
					if !emit(&Step{Tech: tech, Eliminations: el, Cells: cells, Support: supportOf(g, cells, g.Geo.All), Digits: []uint8{d}}) {
						return
					}
				}
			}
		}
	}
}

// hodokuWWing finds HoDoKu's W-Wings.
func hodokuWWing(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	t := tablesOf(geo)
	for a, am := range g.Cand {
		if g.Values[a] != 0 || bits.OnesCount32(am) != 2 {
			continue
		}
		lo := am & -am
		for b := a + 1; b < len(g.Cand); b++ {
			if g.Cand[b] != am {
				continue
			}
			for _, ym := range [2]uint32{lo, am &^ lo} {
				x := am &^ ym // the digit of the joining strong link
				dy, dx := digitOf(ym), digitOf(x)
				var el []Candidate
				for _, c := range geo.Peers[a] {
					if g.Cand[c]&ym != 0 && t.sees(c, b) {
						el = append(el, Candidate{c, dy})
					}
				}
				if len(el) == 0 {
					continue
				}
				sortCandidates(el)
				for u := range geo.Units {
					if bits.OnesCount32(g.Positions(u, dx)) != 2 {
						continue
					}
					p, q := -1, -1
					for _, c := range geo.Units[u] {
						if c == a || c == b || g.Cand[c]&x == 0 {
							continue
						}
						if t.sees(c, a) {
							p = c
						} else if t.sees(c, b) {
							q = c
						}
						if p >= 0 && q >= 0 {
							break
						}
					}
					if p < 0 || q < 0 {
						continue
					}
					s := &Step{Tech: "w-wing", Eliminations: el, Cells: []int{a, p, q, b}, Units: []int{u},
						Support: []Candidate{{a, dx}, {a, dy}, {p, dx}, {q, dx}, {b, dx}, {b, dy}}, Digits: []uint8{dx, dy}}
					if !emit(s) {
						return
					}
				}
			}
		}
	}
}
