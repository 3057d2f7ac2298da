package grade

// strongIndex answers producer 21's three questions about a candidate A
// (does A on imply A off, does A off imply A on, does A on lie on a cycle)
// for SE's X-links, Y-links or both on the engine's static grid, with the
// same answers as a reachIndex of that graph, at a fraction of its cost.
//
// The implication graph alternates: an on node implies off nodes (weak
// links: the peers holding its digit, with Y-links the other candidates
// of its cell), an off node implies on nodes only through strong links
// (the other position of its digit in a unit where it has two; with
// Y-links the other candidate of a bivalue cell). A strong link works both
// ways, so the candidates at either end of one, the strong nodes, are the
// only off nodes with successors and the only on nodes with predecessors.
// Every path between on nodes therefore runs on(h) -> off(j) -> on(p) with
// j a strong node weakly linked to h and p a strong partner of j: the
// index keeps the graph Q of those steps between strong nodes (a few
// dozen nodes and edges, where the full graph has two nodes a candidate
// and twenty edges an on node) and its closure, and reads the answers off
// it:
//
//   - A on reaches A off iff some partner p of some strong node j weakly
//     linked to A reaches in Q (p itself included) a strong node weakly
//     linked to A: the last step into off(A) is a weak link from an on
//     node, which a strong link put on.
//   - A off reaches A on iff A is a strong node reached in Q from one of
//     its partners.
//   - A on lies on a cycle iff A is a strong node on a cycle of Q
//     (a self-loop included: on(A) -> off(j) -> on(A)).
//
// TestStrongIndexSame checks every answer against the reachIndex of the
// full graph on many working grids of every size.
type strongIndex struct {
	closure
	y bool // Y-links (weak links inside cells)
	n int
	// ids[key] = strong node id+1 (0: not a strong node; cleared through
	// keys at the next build); keys[id] = its candidate key
	ids  []int32
	keys []int32
	// strong partners of node id: pList[pAt[id]:pAt[id+1]] (ids)
	pAt, pList []int32
	pairs      [][2]int32
	// byDigit[d]: strong nodes of digit d, by id
	byDigit [][]int32
	// Q: successors of node id are eList[eAt[id]:eAt[id+1]]
	eAt, eList []int32
	self       []bool // a Q edge from the node to itself
	weak       []int32
	acc        []uint64
}

// build indexes the graph of SE's X-links, Y-links or both on c's static
// grid. The graph of Y-links alone is taken on the bivalue cells (a chain
// of Y-links leaves them only to an off node without successors), so only
// their candidates may be asked about.
func (si *strongIndex) build(c *chainer, x, y bool) {
	si.y, si.n = y, c.n
	if len(si.ids) < int(c.ncand) {
		si.ids = make([]int32, c.ncand)
	}
	for _, k := range si.keys {
		si.ids[k] = 0
	}
	si.keys, si.pairs = si.keys[:0], si.pairs[:0]
	n := c.n
	units := c.g.Geo.Units
	for u := range units {
		if !x {
			break
		}
		for d := 0; d < n; d++ {
			p := c.pos[u][d]
			if popc(p) != 2 {
				continue
			}
			a := int32(units[u][trailing(p)]*n + d)
			b := int32(units[u][trailing(p&(p-1))]*n + d)
			si.pairs = append(si.pairs, [2]int32{si.node(a), si.node(b)})
		}
	}
	if y {
		for cell, m := range c.cand {
			if popc(m) != 2 {
				continue
			}
			a := int32(cell*n + trailing(m))
			b := int32(cell*n + trailing(m&(m-1)))
			si.pairs = append(si.pairs, [2]int32{si.node(a), si.node(b)})
		}
	}
	v := len(si.keys)
	// partners, each once (a pair can be strong in a row and its box)
	si.pAt = resizeInt32(si.pAt, v+1, 0)
	for _, pr := range si.pairs {
		si.pAt[pr[0]+1]++
		si.pAt[pr[1]+1]++
	}
	for i := 1; i <= v; i++ {
		si.pAt[i] += si.pAt[i-1]
	}
	if cap(si.pList) < int(si.pAt[v]) {
		si.pList = make([]int32, si.pAt[v])
	}
	si.pList = si.pList[:si.pAt[v]]
	fill := si.eAt[:0] // scratch: next free slot per node
	fill = append(fill, si.pAt[:v]...)
	add := func(a, b int32) {
		for _, x := range si.pList[si.pAt[a]:fill[a]] {
			if x == b {
				return
			}
		}
		si.pList[fill[a]] = b
		fill[a]++
	}
	for _, pr := range si.pairs {
		add(pr[0], pr[1])
		add(pr[1], pr[0])
	}
	// compact each node's list (duplicates left holes at its end)
	w := int32(0)
	for id := 0; id < v; id++ {
		lo, hi := si.pAt[id], fill[id]
		si.pAt[id] = w
		w += int32(copy(si.pList[w:], si.pList[lo:hi]))
	}
	si.pAt[v] = w
	si.pList = si.pList[:w]
	// strong nodes by digit
	if len(si.byDigit) < n {
		si.byDigit = make([][]int32, n)
	}
	for d := range si.byDigit {
		si.byDigit[d] = si.byDigit[d][:0]
	}
	for id, k := range si.keys {
		d := int(k) % n
		si.byDigit[d] = append(si.byDigit[d], int32(id))
	}
	// Q
	si.eAt = resizeInt32(fill[:0], v+1, 0)
	si.eList = si.eList[:0]
	if cap(si.self) < v {
		si.self = make([]bool, v)
	}
	si.self = si.self[:v]
	clear(si.self)
	for id, k := range si.keys {
		si.eAt[id] = int32(len(si.eList))
		for _, j := range si.weakStrong(c, k) {
			for _, p := range si.pList[si.pAt[j]:si.pAt[j+1]] {
				if p == int32(id) {
					si.self[id] = true
				}
				si.eList = append(si.eList, p)
			}
		}
	}
	si.eAt[v] = int32(len(si.eList))
	si.compute(v, si.eAt, si.eList)
	if cap(si.acc) < si.words {
		si.acc = make([]uint64, si.words)
	}
	si.acc = si.acc[:si.words]
}

// node returns the id of strong node key, making it one.
func (si *strongIndex) node(key int32) int32 {
	if id := si.ids[key]; id > 0 {
		return id - 1
	}
	si.keys = append(si.keys, key)
	si.ids[key] = int32(len(si.keys))
	return int32(len(si.keys) - 1)
}

// weakStrong lists the strong nodes weakly linked to candidate key (valid
// until the next call).
func (si *strongIndex) weakStrong(c *chainer, key int32) []int32 {
	n := si.n
	cell, d := int(key)/n, int(key)%n
	out := si.weak[:0]
	if si.y {
		for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			if id := si.ids[cell*n+trailing(m)]; id > 0 {
				out = append(out, id-1)
			}
		}
	}
	peers := c.t.peerMask[cell]
	for _, id := range si.byDigit[d] {
		if peers.has(int(si.keys[id]) / n) {
			out = append(out, id)
		}
	}
	si.weak = out
	return out
}

// onCycle reports whether candidate key taken on lies on a cycle.
func (si *strongIndex) onCycle(key int32) bool {
	id := si.ids[key] - 1
	return id >= 0 && (si.self[id] || si.size[si.comp[id]] > 1)
}

// onLongCycle reports whether candidate key taken on lies on a cycle
// through another on node, the only cycles SE's cycle search records
// (length 4 or more): a cycle through on(A) and no other on node is
// on(A) -> off(j) -> on(A), a strong link and its own weak link back.
func (si *strongIndex) onLongCycle(key int32) bool {
	id := si.ids[key] - 1
	return id >= 0 && si.size[si.comp[id]] > 1
}

// row returns the reach row of node id's component.
func (si *strongIndex) row(id int32) []uint64 {
	c := int(si.comp[id])
	return si.reach[c*si.words : (c+1)*si.words]
}

// hasNode reports whether row holds node id's component.
func (si *strongIndex) hasNode(row []uint64, id int32) bool {
	c := si.comp[id]
	return row[c/64]&(1<<(c%64)) != 0
}

// onImpliesOff reports whether candidate key taken on implies it off.
func (si *strongIndex) onImpliesOff(c *chainer, key int32) bool {
	ws := si.weakStrong(c, key)
	if len(ws) == 0 {
		return false
	}
	acc := si.acc
	clear(acc)
	for _, j := range ws {
		for _, p := range si.pList[si.pAt[j]:si.pAt[j+1]] {
			for i, x := range si.row(p) {
				acc[i] |= x
			}
		}
	}
	for _, x := range ws {
		if si.hasNode(acc, x) {
			return true
		}
	}
	return false
}

// offImpliesOn reports whether candidate key taken off implies it on.
func (si *strongIndex) offImpliesOn(key int32) bool {
	id := si.ids[key] - 1
	if id < 0 {
		return false
	}
	for _, p := range si.pList[si.pAt[id]:si.pAt[id+1]] {
		if si.hasNode(si.row(p), id) {
			return true
		}
	}
	return false
}

// implies reports whether candidate key with polarity on implies itself
// with the other polarity.
func (si *strongIndex) implies(c *chainer, key int32, on bool) bool {
	if on {
		return si.onImpliesOff(c, key)
	}
	return si.offImpliesOn(key)
}
