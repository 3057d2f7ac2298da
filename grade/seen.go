package grade

// seenByAll appends to el, digit by digit (ascending) and cell by cell
// (ascending), the candidates of each digit of digits in the cells that
// see every cell of set holding that digit (in cand): the eliminations of
// a generalized naked set or intersection (SukakuExplainer's
// NakedSetGen, VLocking). A digit no cell of set holds removes nothing.
// pm is the sees relation (seTables.peerMask); vict, if not nil, is
// scratch space of pm's width.
func seenByAll(el []Candidate, cand []uint32, pm []cellSet, vict cellSet, set []int, digits uint32) []Candidate {
	if vict == nil {
		vict = make(cellSet, len(pm[0]))
	}
	for dm := digits; dm != 0; dm &= dm - 1 {
		d := trailing(dm)
		bit := uint32(1) << d
		first := true
		for _, c := range set {
			if cand[c]&bit == 0 {
				continue
			}
			if first {
				copy(vict, pm[c])
				first = false
				continue
			}
			for i := range vict {
				vict[i] &= pm[c][i]
			}
		}
		if first {
			continue
		}
		for i, w := range vict {
			for ; w != 0; w &= w - 1 {
				if c := i<<6 + trailing64(w); cand[c]&bit != 0 {
					el = append(el, Candidate{c, uint8(d + 1)})
				}
			}
		}
	}
	return el
}
