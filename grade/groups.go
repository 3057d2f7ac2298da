package grade

// Group nodes: the cells of one line inside one box that hold a digit (two
// or more), taken together as one chain node "the digit is in one of these
// cells". They are an extension node kind of the chain engine
// (nodeKind), so every chain search over the engine can use them: grouped
// nice loops and AICs, forcing chains. The links are HoDoKu's (its
// TablingSolver):
//
//   - a candidate that sees every cell of the group is turned off by the
//     group on, and turns the group off when on;
//   - a group is turned on by a candidate of its box (or line) taken off
//     when that candidate is the digit's only other place there, and turns
//     it on when off;
//   - two groups of one digit that share a unit and do not overlap are
//     weakly linked, and strongly when they are the digit's only places in
//     that unit.

// chainGroup is one group node.
type chainGroup struct {
	d     int   // digit, 0-based
	cells []int // ascending
	line  int   // unit of the line (row or column)
	box   int   // unit of the box
	// seers are the cells outside the group holding d that see all its
	// cells (its line's and its box's), ascending.
	seers []int
}

// groupKind is the group-node extension of the chain engine. Groups are
// listed in HoDoKu's order: rows, then columns; digits ascending; boxes
// ascending.
type groupKind struct {
	base   int32
	groups []chainGroup
	// per candidate key: groups the candidate sees (on -> group off) and
	// groups it is the only other place of (off -> group on), in group
	// order
	seesAt, seesLen []int32
	onlyAt, onlyLen []int32
	lists           []int32
	// per group: implications of the group on and off
	onImp, offImp [][]imp
	cellBuf       []int
	// byDigit: the groups of each digit, ascending (prepare's scratch)
	byDigit [][]int32
}

func (k *groupKind) prepare(c *implGraph, base int32) int {
	k.base = base
	geo := c.g.Geo
	n := c.n
	k.groups = k.groups[:0]
	k.cellBuf = k.cellBuf[:0]
	for lt := 0; lt < 2; lt++ { // rows, then columns
		for i := 0; i < n; i++ {
			line := lt*n + i
			for d := 0; d < n; d++ {
				p := c.pos[line][d]
				if p == 0 {
					continue
				}
				for b := 0; b < n; b++ {
					box := 2*n + b
					in := c.t.inside[line][box]
					if in == 0 || popc(p&in) < 2 {
						continue
					}
					start := len(k.cellBuf)
					for m := p & in; m != 0; m &= m - 1 {
						k.cellBuf = append(k.cellBuf, geo.Units[line][trailing(m)])
					}
					k.groups = append(k.groups, chainGroup{d: d, line: line, box: box, cells: k.cellBuf[start:len(k.cellBuf):len(k.cellBuf)]})
				}
			}
		}
	}
	// cellBuf may have moved while growing: rebind the cell slices
	off := 0
	for i := range k.groups {
		l := len(k.groups[i].cells)
		k.groups[i].cells = k.cellBuf[off : off+l : off+l]
		off += l
	}
	ng := len(k.groups)
	nk := int(c.ncand)
	if cap(k.seesAt) < nk {
		k.seesAt, k.seesLen = make([]int32, nk), make([]int32, nk)
		k.onlyAt, k.onlyLen = make([]int32, nk), make([]int32, nk)
	}
	k.seesAt, k.seesLen = k.seesAt[:nk], k.seesLen[:nk]
	k.onlyAt, k.onlyLen = k.onlyAt[:nk], k.onlyLen[:nk]
	clear(k.seesLen)
	clear(k.onlyLen)
	k.lists = k.lists[:0]
	if cap(k.onImp) < ng {
		k.onImp, k.offImp = make([][]imp, ng), make([][]imp, ng)
	}
	k.onImp, k.offImp = k.onImp[:ng], k.offImp[:ng]
	// seers, and the candidate -> group links (kept as lists per key)
	type link struct{ key, g int32 }
	var sees, only []link
	for gi := range k.groups {
		gr := &k.groups[gi]
		gr.seers = gr.seers[:0]
		bit := uint32(1) << gr.d
		for _, cell := range geo.Units[gr.line] {
			if c.cand[cell]&bit != 0 && !inCells(cell, gr.cells) {
				gr.seers = append(gr.seers, cell)
			}
		}
		for _, cell := range geo.Units[gr.box] {
			if c.cand[cell]&bit != 0 && !inCells(cell, gr.cells) && !inCells(cell, gr.seers) {
				gr.seers = append(gr.seers, cell)
			}
		}
		sortInts(gr.seers)
		for _, cell := range gr.seers {
			sees = append(sees, link{c.candKey(cell, gr.d), int32(gi)})
		}
		// the only other place in the box, then in the line
		for _, u := range [2]int{gr.box, gr.line} {
			o, cnt := -1, 0
			for _, cell := range gr.seers {
				if c.t.inUnit[u][cell] >= 0 {
					o = cell
					cnt++
				}
			}
			if cnt == 1 {
				only = append(only, link{c.candKey(o, gr.d), int32(gi)})
			}
		}
	}
	k.lists = packLinks(k.lists, sees, k.seesAt, k.seesLen, func(l link) (int32, int32) { return l.key, l.g })
	k.lists = packLinks(k.lists, only, k.onlyAt, k.onlyLen, func(l link) (int32, int32) { return l.key, l.g })
	// group -> implications
	if len(k.byDigit) < n {
		k.byDigit = make([][]int32, n)
	}
	for d := range k.byDigit {
		k.byDigit[d] = k.byDigit[d][:0]
	}
	for gi := range k.groups {
		d := k.groups[gi].d
		k.byDigit[d] = append(k.byDigit[d], int32(gi))
	}
	for gi := range k.groups {
		gr := &k.groups[gi]
		on := k.onImp[gi][:0]
		off := k.offImp[gi][:0]
		for _, cell := range gr.seers {
			on = append(on, imp{c.candKey(cell, gr.d), causeAdvanced})
		}
		for _, u := range [2]int{gr.box, gr.line} {
			o, cnt := -1, 0
			for _, cell := range gr.seers {
				if c.t.inUnit[u][cell] >= 0 {
					o = cell
					cnt++
				}
			}
			if cnt == 1 {
				off = append(off, imp{c.candKey(o, gr.d), causeAdvanced})
			}
		}
		// other groups of the digit sharing a unit, not overlapping
		var lineN, colN, boxN int
		lineG, colG, boxG := -1, -1, -1
		for _, gj32 := range k.byDigit[gr.d] {
			gj := int(gj32)
			g2 := &k.groups[gj]
			if gj == gi || overlaps(gr.cells, g2.cells) {
				continue
			}
			if gr.line < n && gr.line == g2.line {
				lineN++
				if lineN == 1 {
					lineG = gj
				}
				on = append(on, imp{base + int32(gj), causeAdvanced})
			}
			if gr.line >= n && gr.line == g2.line {
				colN++
				if colN == 1 {
					colG = gj
				}
				on = append(on, imp{base + int32(gj), causeAdvanced})
			}
			if gr.box == g2.box {
				boxN++
				if boxN == 1 {
					boxG = gj
				}
				on = append(on, imp{base + int32(gj), causeAdvanced})
			}
		}
		for _, p := range [3]struct{ n, g, u int }{{lineN, lineG, gr.line}, {colN, colG, gr.line}, {boxN, boxG, gr.box}} {
			if p.n != 1 {
				continue
			}
			g2 := &k.groups[p.g]
			rest := false
			for m := c.pos[p.u][gr.d]; m != 0; m &= m - 1 {
				cell := geo.Units[p.u][trailing(m)]
				if !inCells(cell, gr.cells) && !inCells(cell, g2.cells) {
					rest = true
					break
				}
			}
			if !rest {
				off = append(off, imp{base + int32(p.g), causeAdvanced})
			}
		}
		k.onImp[gi], k.offImp[gi] = on, off
	}
	return ng
}

// packLinks stores, for every key, the group indexes of links (in link
// order) in buf, setting at/len per key.
func packLinks[L any](buf []int32, links []L, at, ln []int32, kv func(L) (int32, int32)) []int32 {
	// count, then place (stable by link order)
	for _, l := range links {
		key, _ := kv(l)
		ln[key]++
	}
	pos := int32(len(buf))
	for key := range at {
		at[key] = pos
		pos += ln[key]
		ln[key] = 0
	}
	if cap(buf) < int(pos) {
		nb := make([]int32, len(buf), pos)
		copy(nb, buf)
		buf = nb
	}
	buf = buf[:pos]
	for _, l := range links {
		key, g := kv(l)
		buf[at[key]+ln[key]] = g
		ln[key]++
	}
	return buf
}

func (k *groupKind) onToOff(c *implGraph, key int32, _ links, out []imp) []imp {
	if key < c.ncand {
		for _, gi := range k.lists[k.seesAt[key] : k.seesAt[key]+k.seesLen[key]] {
			out = append(out, imp{k.base + gi, causeAdvanced})
		}
		return out
	}
	if kd, i := c.kindOf(key); kd == nodeKind(k) {
		out = append(out, k.onImp[i]...)
	}
	return out
}

func (k *groupKind) offToOn(c *implGraph, key int32, _ links, out []imp) []imp {
	if key < c.ncand {
		for _, gi := range k.lists[k.onlyAt[key] : k.onlyAt[key]+k.onlyLen[key]] {
			out = append(out, imp{k.base + gi, causeAdvanced})
		}
		return out
	}
	if kd, i := c.kindOf(key); kd == nodeKind(k) {
		out = append(out, k.offImp[i]...)
	}
	return out
}

func (k *groupKind) candidate(c *implGraph, key int32) Candidate {
	gr := &k.groups[key-k.base]
	return Candidate{gr.cells[0], uint8(gr.d + 1)}
}

// group returns the group of an extension key of this kind.
func (k *groupKind) group(key int32) *chainGroup { return &k.groups[key-k.base] }

func overlaps(a, b []int) bool {
	for _, x := range a {
		if inCells(x, b) {
			return true
		}
	}
	return false
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
