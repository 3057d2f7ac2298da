package grade

// HoDoKu's scans for locked candidates, locked subsets and naked and
// hidden subsets (its SimpleSolver), used by every finder of those
// techniques under ScanHoDoKu. What a step is called matters to the
// score: HoDoKu calls a naked pair or triple of a box that also lies in a
// line "locked" only when it removes candidates from both the box and the
// line outside the box; otherwise it is a naked subset, found later in the
// order. Units are visited as HoDoKu visits them (boxes, then rows, then
// columns), cells in unit order, and eliminations are listed in HoDoKu's
// order, since the order in which a step removes candidates decides which
// single HoDoKu finds next.

// hodokuLockedCandidates reports HoDoKu's locked candidates: pointing
// (type 1: a box's digit confined to one line leaves the rest of the
// line) or claiming (type 2: a line's digit confined to one box leaves the
// rest of the box), boxes / rows then columns, digits ascending.
func hodokuLockedCandidates(g *Grid, pointing bool, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	pos, _ := g.unitTables()
	kinds := []int{2}
	if !pointing {
		kinds = []int{0, 1}
	}
	for _, kind := range kinds {
		for i := 0; i < n; i++ {
			u := kind*n + i
			for d0 := 0; d0 < n; d0++ {
				p := pos[u][d0]
				free := popc(p)
				if free < 2 {
					continue
				}
				var cs [3]int // the common row, column, box of the positions
				same := [3]bool{true, true, true}
				firstCell := true
				for m := p; m != 0; m &= m - 1 {
					c := geo.Units[u][trailing(m)]
					cu := geo.CellUnits[c]
					if firstCell {
						cs, firstCell = cu, false
						continue
					}
					for j := 0; j < 3; j++ {
						if same[j] && cs[j] != cu[j] {
							same[j] = false
						}
					}
				}
				target := -1
				tech := "claiming"
				if pointing {
					tech = "pointing"
					switch {
					case same[0] && popc(pos[cs[0]][d0]) > free:
						target = cs[0]
					case same[1] && popc(pos[cs[1]][d0]) > free:
						target = cs[1]
					}
				} else if same[2] && popc(pos[cs[2]][d0]) > free {
					target = cs[2]
				}
				if target < 0 {
					continue
				}
				d := uint8(d0 + 1)
				s := g.newStep()
				s.Tech = tech
				bit := uint32(1) << d0
				for _, c := range geo.Units[target] {
					if g.Cand[c]&bit == 0 {
						continue
					}
					cu := geo.CellUnits[c]
					if cu[0] == u || cu[1] == u || cu[2] == u {
						s.Cells = append(s.Cells, c)
						s.Support = append(s.Support, Candidate{c, d})
					} else {
						s.Eliminations = append(s.Eliminations, Candidate{c, d})
					}
				}
				s.Units = append(s.Units, u, target)
				s.Digits = append(s.Digits, d)
				if !emit(s) {
					return
				}
			}
		}
	}
}

// hodokuSubsetKind selects which naked subsets a HoDoKu scan reports.
type hodokuSubsetKind uint8

const (
	lockedOnly hodokuSubsetKind = iota // locked pairs and triples
	nakedOnly                          // naked subsets that are not locked
)

// hodokuNakedSubsets reports HoDoKu's naked subsets of size k: with
// lockedOnly the locked pairs and triples (searched in boxes only), with
// nakedOnly the others (boxes, rows, columns).
func hodokuNakedSubsets(g *Grid, k int, kind hodokuSubsetKind, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	kinds := []int{2, 0, 1}
	if kind == lockedOnly {
		kinds = kinds[:1]
	}
	var cells [64]int
	var masks [64]uint32
	for _, ut := range kinds {
		for i := 0; i < n; i++ {
			u := ut*n + i
			m := 0
			for _, c := range geo.Units[u] {
				if k1 := popc(g.Cand[c]); k1 != 0 && k1 <= k {
					cells[m], masks[m] = c, g.Cand[c]
					m++
				}
			}
			if m < k {
				continue
			}
			it := newSubsetIter(m, k, false)
			for it.next(masks[:m]) {
				pick := it.pick()
				var sub [4]int
				for j, x := range pick {
					sub[j] = cells[x]
				}
				if !hodokuSubsetStep(g, u, sub[:k], it.union(), false, kind, emit) {
					return
				}
			}
		}
	}
}

// hodokuHiddenSubsets reports HoDoKu's hidden subsets of size k: k digits
// confined to k cells of a unit (boxes, rows, columns; digits in
// ascending combinations) lose the cells' other candidates.
func hodokuHiddenSubsets(g *Grid, k int, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	pos, empty := g.unitTables()
	var digits [32]int
	var masks [32]uint32
	for _, ut := range []int{2, 0, 1} {
		for i := 0; i < n; i++ {
			u := ut*n + i
			if empty[u] <= k {
				continue
			}
			m := 0
			for d0 := 0; d0 < n; d0++ {
				if f := popc(pos[u][d0]); f != 0 && f <= k {
					digits[m], masks[m] = d0, pos[u][d0]
					m++
				}
			}
			if m < k {
				continue
			}
			it := newSubsetIter(m, k, false)
			for it.next(masks[:m]) {
				var dm uint32
				for _, x := range it.pick() {
					dm |= 1 << digits[x]
				}
				var sub [4]int
				j := 0
				for p := it.union(); p != 0; p &= p - 1 {
					sub[j] = geo.Units[u][trailing(p)]
					j++
				}
				if !hodokuSubsetStep(g, u, sub[:k], dm, true, nakedOnly, emit) {
					return
				}
			}
		}
	}
}

// hodokuSubsetStep builds HoDoKu's step for the subset cells with digit
// mask cands, found in unit u (createSubsetStep), and emits it when it removes something
// and is of the kind asked for; it returns emit's answer (true when
// nothing was emitted).
func hodokuSubsetStep(g *Grid, u int, cells []int, cands uint32, hidden bool, kind hodokuSubsetKind, emit func(*Step) bool) bool {
	geo := g.Geo
	k := len(cells)
	cons := geo.CellUnits[cells[0]]
	same := [3]bool{true, true, true}
	for _, c := range cells[1:] {
		cu := geo.CellUnits[c]
		for j := 0; j < 3; j++ {
			if same[j] && cons[j] != cu[j] {
				same[j] = false
			}
		}
	}
	s := g.newStep()
	found := 0
	if hidden {
		for _, c := range cells {
			for m := g.Cand[c] &^ cands; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, Candidate{c, digitOf(m)})
			}
		}
	} else {
		var foundIn [3]bool
		for j := 0; j < 3; j++ {
			if !same[j] {
				continue
			}
			for _, c := range geo.Units[cons[j]] {
				if inCells(c, cells) {
					continue
				}
				m := g.Cand[c] & cands
				if m == 0 {
					continue
				}
				for ; m != 0; m &= m - 1 {
					e := Candidate{c, digitOf(m)}
					if !hasCandidate(s.Eliminations, e) {
						s.Eliminations = append(s.Eliminations, e)
					}
				}
				if !foundIn[j] && (j == 2 || geo.CellUnits[c][2] != cons[2]) {
					foundIn[j] = true
					found++
				}
			}
		}
	}
	if len(s.Eliminations) == 0 {
		return true
	}
	locked := !hidden && k < 4 && found > 1 && same[2] && (same[0] || same[1])
	if (kind == lockedOnly) != locked {
		return true
	}
	switch {
	case hidden:
		s.Tech = subsetTech[1][k]
	case locked:
		s.Tech = "locked-pair"
		if k == 3 {
			s.Tech = "locked-triple"
		}
	default:
		s.Tech = subsetTech[0][k]
	}
	s.Cells = append(s.Cells, cells...)
	for _, c := range cells {
		for m := g.Cand[c] & cands; m != 0; m &= m - 1 {
			s.Support = append(s.Support, Candidate{c, digitOf(m)})
		}
	}
	s.Digits = append(s.Digits, maskDigits(cands)...)
	s.Units = append(s.Units, u)
	if locked {
		// the box, then the line
		s.Units = append(s.Units[:0], cons[2], cons[0])
		if !same[0] {
			s.Units[1] = cons[1]
		}
	} else if !hidden {
		for j := 0; j < 3; j++ {
			if same[j] && cons[j] != u {
				s.Units = append(s.Units, cons[j])
			}
		}
	}
	return emit(s)
}

// hasCandidate reports whether c is in list.
func hasCandidate(list []Candidate, c Candidate) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}
