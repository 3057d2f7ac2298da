package grade

import (
	"math/bits"
	"slices"
)

// strongIndex answers producer 21's three questions about a candidate A
// (does A on imply A off, does A off imply A on, does A on lie on a cycle)
// for SE's X-links, Y-links or both on the engine's static grid, exactly
// as the closure of the whole implication graph would, at a fraction of
// its cost. Producer 21 asks it before each search whether the search can
// find anything (a forcing chain from A to not-A exists only if not-A is
// reachable from A, a cycle through A only if A lies on one), and the
// static multiple forcing chains whether a cell's or a region's runs can
// meet (commonReach): skipping searches that cannot succeed leaves the
// hints as they are. Inside the nesting levels both run on thousands of
// working grids a puzzle, so the index is built that often.
//
// The implication graph alternates: an on node implies off nodes (weak
// links: the peers holding its digit, with Y-links the other candidates
// of its cell, on a non-consecutive layout the digits next to its own in
// its partner cells), an off node implies on nodes only through strong links
// (the other position of its digit in a unit where it has two; with
// Y-links the other candidate of a bivalue cell). A strong link works both
// ways, so the candidates at either end of one, the strong nodes, are the
// only off nodes with successors and the only on nodes with predecessors.
// Every path between on nodes therefore runs on(h) -> off(j) -> on(p) with
// j a strong node weakly linked to h and p a strong partner of j: the
// index keeps the graph Q of those steps between strong nodes (31 nodes
// and 79 edges on average over the nesting levels' working grids of hard
// 9x9 puzzles, where the full graph has 438 nodes and 2,370 edges; see
// docs/grading.md) and its closure, and reads the answers off it:
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
	y    bool // Y-links (weak links inside cells)
	n    int
	nMul uint64 // divMul(n)
	// ids[key] = strong node id+1 (0: not a strong node; cleared through
	// keys at the next build); keys[id] = its candidate key
	ids  []int32
	keys []int32
	// strong partners of node id: pList[pAt[id]:pAt[id+1]] (ids)
	pAt, pList []int32
	pairs      [][2]int32
	// strongCells: the strong nodes of each digit, a cell set (cw words)
	// per digit
	cw          int
	strongCells []uint64
	// Q: successors of node id are eList[eAt[id]:eAt[id+1]]
	eAt, eList []int32
	weak       []int32
	acc        []uint64
	// racc: onImpliesOff's scratch (beside acc); doneComps
	// prepareCommon's
	racc      []uint64
	doneComps []uint64
	// commonReach (prepareCommon): digitCells the grid's candidates (a
	// cell set per digit); compOff per component the off nodes of every
	// component it reaches; starts the per-start sets (startAt[key] =
	// index+1, cleared through started)
	digitCells []uint64
	compOff    []uint64
	starts     []uint64
	startAt    []int32
	started    []int32
	accOff     []uint64
	// offMasks: a start's or a component's off-node set is mostly zero
	// words (about 16 of 64 on 16x16 working grids), so each keeps a
	// mask (mw words) with a bit for every word that may be non-zero
	// (a zero word may have one too): compOffMask per component,
	// startMask per start; commonReach intersects only the words both
	// masks mark, and start ORs only the marked words of a component's
	// set
	mw          int
	compOffMask []uint64
	startMask   []uint64
	// pcs: start's scratch (components, descending)
	pcs []int32
	// acc2, idx: commonReach's scratch (the intersection, its words not
	// zero)
	acc2 []uint64
	idx  []int32
	// elim per component (cycleMayEliminate): 0 not asked since the
	// build, 1 no cycle through it eliminates anything, 2 one may;
	// elimOn, elimOff its scratch (a cell set per digit)
	elim            []int8
	elimOn, elimOff []uint64
	// keeps: the on nodes a search keeps (keepSCC, keepReaching)
	keepMode int8 // keepComp: in component keepComp; keepRow: reaching a component of keepRow
	keepComp int32
	keepRow  []uint64
}

const (
	keepComp = iota
	keepRow
)

// build indexes the graph of SE's X-links, Y-links or both on c's static
// grid. The graph of Y-links alone is taken on the bivalue cells (a chain
// of Y-links leaves them only to an off node without successors), so only
// their candidates may be asked about.
func (si *strongIndex) build(c *implGraph, x, y bool) {
	si.y, si.n, si.nMul = y, c.n, c.nMul
	if len(si.ids) < int(c.ncand) {
		si.ids = make([]int32, c.ncand)
	}
	for _, k := range si.keys {
		si.ids[k] = 0
	}
	si.keys, si.pairs = si.keys[:0], si.pairs[:0]
	n := c.n
	xp, yp := c.strongLinks()
	if x {
		for _, pr := range xp {
			si.pairs = append(si.pairs, [2]int32{si.node(pr[0]), si.node(pr[1])})
		}
	}
	if y {
		for _, pr := range yp {
			si.pairs = append(si.pairs, [2]int32{si.node(pr[0]), si.node(pr[1])})
		}
	}
	v := len(si.keys)
	// partners: count, start of each list, fill (pAt[id] advances to the
	// next list's start), shift back
	si.pAt = resizeInt32(si.pAt, v+1, 0)
	for _, pr := range si.pairs {
		si.pAt[pr[0]+1]++
		si.pAt[pr[1]+1]++
	}
	for i := 1; i <= v; i++ {
		si.pAt[i] += si.pAt[i-1]
	}
	si.pList = resizeInt32(si.pList, int(si.pAt[v]), 0)
	for _, pr := range si.pairs {
		si.pList[si.pAt[pr[0]]] = pr[1]
		si.pAt[pr[0]]++
		si.pList[si.pAt[pr[1]]] = pr[0]
		si.pAt[pr[1]]++
	}
	copy(si.pAt[1:], si.pAt[:v])
	si.pAt[0] = 0
	// strong nodes by digit, as cell sets
	si.cw = len(c.t.peerMask[0])
	si.strongCells = resized(si.strongCells, n*si.cw)
	for _, k := range si.keys {
		si.cells(si.strongCells, int(k)%n).add(int(k) / n)
	}
	// Q
	si.eAt = resizeInt32(si.eAt, v+1, 0)
	si.eList = si.eList[:0]
	for id, k := range si.keys {
		si.eAt[id] = int32(len(si.eList))
		for _, j := range si.weakStrong(c, k) {
			si.eList = append(si.eList, si.partners(j)...)
		}
	}
	si.eAt[v] = int32(len(si.eList))
	si.compute(v, si.eAt, si.eList)
	si.elim = resized(si.elim, len(si.size))
	if cap(si.acc) < si.words {
		si.acc = make([]uint64, si.words)
	}
	if cap(si.racc) < si.words {
		si.racc = make([]uint64, si.words)
	}
	si.acc, si.racc = si.acc[:si.words], si.racc[:si.words]
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
func (si *strongIndex) weakStrong(c *implGraph, key int32) []int32 {
	n := si.n
	cell, d := splitKey(key, n, si.nMul)
	out := si.weak[:0]
	if si.y {
		for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			if id := si.ids[cell*n+trailing(m)]; id > 0 {
				out = append(out, id-1)
			}
		}
	}
	sc := si.cells(si.strongCells, d)
	for w, pm := range c.t.peerMask[cell] {
		for m := pm & sc[w]; m != 0; m &= m - 1 {
			out = append(out, si.ids[(w<<6+bits.TrailingZeros64(m))*n+d]-1)
		}
	}
	// non-consecutive partners: the digits next to d (both ways: the
	// relation is symmetric, so these are predecessors as well)
	if c.consec != nil {
		for _, p := range c.consec[cell] {
			for _, e := range [2]int{d - 1, d + 1} {
				if e >= 0 && e < n {
					if id := si.ids[p*n+e]; id > 0 {
						out = append(out, id-1)
					}
				}
			}
		}
	}
	si.weak = out
	return out
}

// cycleMayEliminate reports whether a cycle that SE's cycle search
// records from candidate key taken on may eliminate anything (false: no
// cycle of this graph or of its subgraphs, the X-links or Y-links alone,
// does). Every on node of such a cycle lies in key's component of Q, and
// every off node is a strong partner of the on node after it, so a
// candidate cycleHint eliminates (a candidate outside the loop seen by an
// on and an off node of its digit) is one of the grid's candidates seen
// by a node of the component and by a partner of one, with the same
// digit. The answer is kept per component until the next build.
func (si *strongIndex) cycleMayEliminate(c *implGraph, key int32) bool {
	id := si.ids[key] - 1
	if id < 0 {
		return false // no strong link leads to it: on no cycle
	}
	comp := si.comp[id]
	if a := si.elim[comp]; a != 0 {
		return a == 2
	}
	n, cw := si.n, si.cw
	si.elimOn = resized(si.elimOn, n*cw)
	si.elimOff = resized(si.elimOff, n*cw)
	var onDigits, offDigits uint32
	for _, m := range si.mList[si.mAt[comp]:si.mAt[comp+1]] {
		k := int(si.keys[m])
		orInto(si.cells(si.elimOn, k%n), c.t.peerMask[k/n])
		onDigits |= 1 << (k % n)
		for _, p := range si.partners(m) {
			k := int(si.keys[p])
			orInto(si.cells(si.elimOff, k%n), c.t.peerMask[k/n])
			offDigits |= 1 << (k % n)
		}
	}
	si.elim[comp] = 1
	for dm := onDigits & offDigits; dm != 0; dm &= dm - 1 {
		d := trailing(dm)
		bit := uint32(1) << d
		on, off := si.cells(si.elimOn, d), si.cells(si.elimOff, d)
		for i := range on {
			for x := on[i] & off[i]; x != 0; x &= x - 1 {
				if c.cand[i<<6+bits.TrailingZeros64(x)]&bit != 0 {
					si.elim[comp] = 2
					return true
				}
			}
		}
	}
	return false
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
	return cellSet(row).has(int(si.comp[id]))
}

// partners lists the strong partners of node id.
func (si *strongIndex) partners(id int32) []int32 { return si.pList[si.pAt[id]:si.pAt[id+1]] }

// cells returns digit d's cell set in sets (one per digit, cw words each).
func (si *strongIndex) cells(sets []uint64, d int) cellSet { return sets[d*si.cw : (d+1)*si.cw] }

// onImpliesOff reports whether candidate key taken on implies it off:
// some strong node j weakly linked to it has a partner whose reach row
// holds the component of a strong node h weakly linked to it. j and h
// range over the same set independently, so that is: the union of the
// partners' rows of the set meets the set's components. The partners of
// a strong node j lie in one component (p on -> j off -> q on is a step
// of Q for any two of them: p sees j), so one partner's row is theirs.
// One pass over the strong nodes weakly linked to key (weakStrong's
// rules), no list made.
func (si *strongIndex) onImpliesOff(c *implGraph, key int32) bool {
	wd := si.words
	acc, racc := si.acc[:wd], si.racc[:wd]
	clear(acc)
	clear(racc)
	found := false
	n := si.n
	cell, d := splitKey(key, n, si.nMul)
	if si.y {
		for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			if id := si.ids[cell*n+trailing(m)]; id > 0 {
				found = true
				si.noteWeak(id-1, acc, racc)
			}
		}
	}
	sc := si.cells(si.strongCells, d)
	for w, pm := range c.t.peerMask[cell] {
		for m := pm & sc[w]; m != 0; m &= m - 1 {
			found = true
			si.noteWeak(si.ids[(w<<6+bits.TrailingZeros64(m))*n+d]-1, acc, racc)
		}
	}
	// non-consecutive partners (see weakStrong)
	if c.consec != nil {
		for _, p := range c.consec[cell] {
			for _, e := range [2]int{d - 1, d + 1} {
				if e >= 0 && e < n {
					if id := si.ids[p*n+e]; id > 0 {
						found = true
						si.noteWeak(id-1, acc, racc)
					}
				}
			}
		}
	}
	if !found {
		return false
	}
	for i, w := range acc {
		if w&racc[i] != 0 {
			return true
		}
	}
	return false
}

// noteWeak adds strong node id (weakly linked to onImpliesOff's
// candidate) to its sets: its component to acc, its first partner's
// reach row to racc.
func (si *strongIndex) noteWeak(id int32, acc, racc []uint64) {
	cellSet(acc).add(int(si.comp[id]))
	for i, w := range si.row(si.pList[si.pAt[id]]) {
		racc[i] |= w
	}
}

// offImpliesOn reports whether candidate key taken off implies it on.
func (si *strongIndex) offImpliesOn(key int32) bool {
	id := si.ids[key] - 1
	if id < 0 {
		return false
	}
	for _, p := range si.partners(id) {
		if si.hasNode(si.row(p), id) {
			return true
		}
	}
	return false
}

// implies reports whether candidate key with polarity on implies itself
// with the other polarity.
func (si *strongIndex) implies(c *implGraph, key int32, on bool) bool {
	if on {
		return si.onImpliesOff(c, key)
	}
	return si.offImpliesOn(key)
}

// Common reach (the static multiple forcing chains' question: can the runs
// from these starts, candidates taken on, have a node in common). The
// nodes start A reaches are on(A), the off nodes weakly linked to A, and
// for every strong node h reached in Q (from the partners of the strong
// nodes weakly linked to A) on(h) and the off nodes weakly linked to h.
// prepareCommon gives each component of Q the off nodes of every
// component it reaches, as one cell set per digit; a start's on nodes (as
// components) and off nodes are then a few unions, kept per start for the
// search.

// prepareAllOff makes prepareCommon OR every successor component's off
// nodes (a test compares the sets).
var prepareAllOff bool

// prepareCommon readies commonReach on the index just built.
func (si *strongIndex) prepareCommon(c *implGraph) {
	n := si.n
	rw := n * si.cw // words of an off-node set
	// the grid's candidates, one cell set per digit
	si.digitCells = resized(si.digitCells, rw)
	for cell, m := range c.cand {
		for ; m != 0; m &= m - 1 {
			si.cells(si.digitCells, trailing(m)).add(cell)
		}
	}
	k := len(si.size)
	mw := (rw + 63) / 64
	si.mw = mw
	si.compOff = resized(si.compOff, k*rw)
	si.compOffMask = resized(si.compOffMask, k*mw)
	// a successor component d's off nodes are ORed in only when no
	// successor ORed in before reaches d (done: their reach rows): such
	// a one's set holds d's already (components come successors first,
	// so d's set is complete)
	si.doneComps = resized(si.doneComps, si.words)
	done := si.doneComps
	for id := 0; id < k; id++ {
		row := si.compOff[id*rw : (id+1)*rw]
		mask := si.compOffMask[id*mw : (id+1)*mw]
		clear(done)
		for _, m := range si.mList[si.mAt[id]:si.mAt[id+1]] {
			si.addWeak(c, row, si.keys[m])
			si.markWeak(c, mask, si.keys[m])
			for _, w := range si.eList[si.eAt[m]:si.eAt[m+1]] {
				if d := int(si.comp[w]); d != id && (prepareAllOff || !cellSet(done).has(d)) {
					si.orMasked(row, mask, d)
					orInto(done, si.reach[d*si.words:(d+1)*si.words])
				}
			}
		}
	}
	if len(si.startAt) < int(c.ncand) {
		si.startAt = make([]int32, c.ncand)
	}
	for _, k := range si.started {
		si.startAt[k] = 0
	}
	si.started = si.started[:0]
	si.starts = si.starts[:0]
	si.startMask = si.startMask[:0]
	si.accOff = resized(si.accOff, rw)
}

// markWeak marks in mask (an off-node set's word mask) every word addWeak
// may set for candidate key.
func (si *strongIndex) markWeak(c *implGraph, mask []uint64, key int32) {
	cell, d := splitKey(key, si.n, si.nMul)
	cw := si.cw
	markWords(mask, d*cw, cw)
	if si.y {
		for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			w := trailing(m)*cw + cell>>6
			mask[w>>6] |= 1 << (w & 63)
		}
	}
	if c.consec != nil {
		if d > 0 {
			markWords(mask, (d-1)*cw, cw)
		}
		if d+1 < si.n {
			markWords(mask, (d+1)*cw, cw)
		}
	}
}

// markWords sets the bits of words [w, w+k) in mask, a mask word at a
// time (a digit's words lie in one mask word on grids up to 16x16).
func markWords(mask []uint64, w, k int) {
	for k > 0 {
		b := w & 63
		m := min(64-b, k)
		mask[w>>6] |= (^uint64(0) >> (64 - m)) << b
		w += m
		k -= m
	}
}

// orMasked ORs component d's off-node set into row, and its mask into
// mask, reading only the words its mask marks.
func (si *strongIndex) orMasked(row, mask []uint64, d int) {
	rw, mw := si.n*si.cw, si.mw
	src := si.compOff[d*rw : (d+1)*rw]
	for i, m := range si.compOffMask[d*mw : (d+1)*mw] {
		mask[i] |= m
		for ; m != 0; m &= m - 1 {
			j := i<<6 + bits.TrailingZeros64(m)
			row[j] |= src[j]
		}
	}
}

// addWeak adds to the off-node set row the candidates weakly linked to
// candidate key (its peers' cells for its digit, its cell for its other
// digits; candidates not in the grid are dropped later).
func (si *strongIndex) addWeak(c *implGraph, row []uint64, key int32) {
	cell, d := splitKey(key, si.n, si.nMul)
	orInto(si.cells(row, d), c.t.peerMask[cell])
	if si.y {
		for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			si.cells(row, trailing(m)).add(cell)
		}
	}
	c.consecCells(row, si.cw, cell, d)
}

// start returns the nodes candidate key taken on reaches as one row: a
// component set of Q (si.words words), then an off-node set (made once per
// build), with the off-node set's word mask (startMaskOf). The off-node set may hold candidates the grid lacks:
// commonReach drops them once, from the intersection.
func (si *strongIndex) start(c *implGraph, key int32) []uint64 {
	rw := si.n * si.cw
	w := si.words + rw
	if at := si.startAt[key]; at > 0 {
		return si.starts[int(at-1)*w : int(at)*w]
	}
	at := len(si.started) // a row per start made (len(si.starts)/w)
	if n0 := len(si.starts); cap(si.starts) >= n0+w {
		si.starts = si.starts[:n0+w]
		clear(si.starts[n0:])
	} else {
		si.starts = append(si.starts, make([]uint64, w)...)
	}
	mw := si.mw
	if n0 := len(si.startMask); cap(si.startMask) >= n0+mw {
		si.startMask = si.startMask[:n0+mw]
		clear(si.startMask[n0:])
	} else {
		si.startMask = append(si.startMask, make([]uint64, mw)...)
	}
	si.startAt[key] = int32(at + 1)
	si.started = append(si.started, key)
	b := si.starts[at*w : (at+1)*w]
	mask := si.startMask[at*mw : (at+1)*mw]
	on, off := b[:si.words], b[si.words:]
	if id := si.ids[key] - 1; id >= 0 {
		copy(on, si.row(id))
		si.orMasked(off, mask, int(si.comp[id]))
	} else {
		si.addWeak(c, off, key)
		si.markWeak(c, mask, key)
		// the partners' components, upstream first (Tarjan numbers a
		// component after every one it reaches): a component reached
		// from one taken before is in on already, and that one's row
		// and off nodes hold its own, so each off-node set that is
		// added is one no other reaches
		// (a strong node's partners lie in one component: see
		// onImpliesOff; its first partner's stands for them)
		pcs := si.pcs[:0]
		for _, j := range si.weakStrong(c, key) {
			pc := si.comp[si.pList[si.pAt[j]]]
			i := len(pcs)
			for i > 0 && pcs[i-1] < pc {
				i--
			}
			if i > 0 && pcs[i-1] == pc {
				continue
			}
			pcs = slices.Insert(pcs, i, pc)
		}
		si.pcs = pcs
		for _, pc := range pcs {
			if cellSet(on).has(int(pc)) {
				continue
			}
			orInto(on, si.reach[int(pc)*si.words:(int(pc)+1)*si.words])
			si.orMasked(off, mask, int(pc))
		}
	}
	return b
}

// commonPeers reports whether the starts, positions of one digit (keys of
// the same digit in distinct cells), have a common peer holding the
// digit: its off node is weakly linked to every start, so each start
// reaches it and commonReach is true (an answer without their reach
// sets). prepareCommon must have been called after build.
func (si *strongIndex) commonPeers(c *implGraph, starts []int32) bool {
	if len(starts) < 2 {
		return len(starts) == 1
	}
	n := si.n
	d := int(starts[0]) % n
	acc := si.cells(si.accOff, 0)
	copy(acc, si.cells(si.digitCells, d))
	for _, k := range starts {
		pm := c.t.peerMask[int(uint64(k)*si.nMul>>32)]
		any := uint64(0)
		for i := range acc {
			acc[i] &= pm[i]
			any |= acc[i]
		}
		if any == 0 {
			return false
		}
	}
	return true
}

// commonReach reports whether some node is reachable from every one of
// the starts (candidate keys taken on), as reachIndex.commonReach does on
// the full graph. prepareCommon must have been called after build.
func (si *strongIndex) commonReach(c *implGraph, starts []int32) bool {
	switch len(starts) {
	case 0:
		return false
	case 1:
		return true // the start itself
	}
	// the answer is almost always no, found only at the last start (on
	// the nesting levels' working grids of 16x16 puzzles, always: every
	// start but one reaches that one's off node by a weak link, a
	// region's positions in their unit, a cell's digits with Y-links, so
	// every row is read): the starts'
	// rows (on nodes, then off nodes) are intersected keeping a list of
	// the words still not zero, so each start after the second reads only
	// those
	acc := si.acc2
	si.start(c, starts[0])
	s1 := si.start(c, starts[1])
	s0 := si.startRow(starts[0]) // (start may have moved si.starts)
	acc = slices.Grow(acc[:0], len(s0))[:len(s0)]
	idx := si.idx[:0]
	nw := si.words
	for i, x := range s0[:nw] {
		if x &= s1[i]; x != 0 {
			acc[i] = x
			idx = append(idx, int32(i))
		}
	}
	// the off nodes: candidates of the grid only, in the words both
	// masks mark (the others are zero in one of the rows)
	m0, m1 := si.startMaskOf(starts[0]), si.startMaskOf(starts[1])
	for mi, m := range m0 {
		for m &= m1[mi]; m != 0; m &= m - 1 {
			i := mi<<6 + bits.TrailingZeros64(m)
			if x := s0[nw+i] & s1[nw+i] & si.digitCells[i]; x != 0 {
				acc[nw+i] = x
				idx = append(idx, int32(nw+i))
			}
		}
	}
	si.acc2 = acc
	for _, k := range starts[2:] {
		if len(idx) == 0 {
			break
		}
		row := si.start(c, k)
		j := 0
		for _, i := range idx {
			if x := acc[i] & row[i]; x != 0 {
				acc[i] = x
				idx[j] = i
				j++
			}
		}
		idx = idx[:j]
	}
	si.idx = idx
	return len(idx) > 0
}

// startRow returns the row start made for key (valid until the next
// start).
func (si *strongIndex) startRow(key int32) []uint64 {
	w := si.words + si.n*si.cw
	at := int(si.startAt[key])
	return si.starts[(at-1)*w : at*w]
}

// startMaskOf returns the word mask of the off-node set of the row start
// made for key.
func (si *strongIndex) startMaskOf(key int32) []uint64 {
	at := int(si.startAt[key])
	return si.startMask[(at-1)*si.mw : at*si.mw]
}

func orInto(dst, src []uint64) {
	for i := range dst {
		dst[i] |= src[i]
	}
}

// keepSCC makes keeps report the on nodes in the strongly connected
// component of candidate key taken on (the nodes of the cycles through
// it).
func (si *strongIndex) keepSCC(key int32) {
	si.keepMode, si.keepComp = keepComp, -1
	if id := si.ids[key] - 1; id >= 0 {
		si.keepComp = si.comp[id]
	}
}

// keepReaching makes keeps report the on nodes that reach candidate key
// with polarity on (the nodes of a forcing chain ending there).
func (si *strongIndex) keepReaching(c *implGraph, key int32, on bool) {
	si.keepMode = keepRow
	si.keepRow = resized(si.keepRow, si.words)
	if on {
		// on(key) is reached through a strong link into key itself
		if id := si.ids[key] - 1; id >= 0 {
			cellSet(si.keepRow).add(int(si.comp[id]))
		}
		return
	}
	// off(key) is reached from the on nodes weakly linked to it
	for _, x := range si.weakStrong(c, key) {
		cellSet(si.keepRow).add(int(si.comp[x]))
	}
}

// keeps reports whether a search set up by keepSCC or keepReaching keeps
// the on node of candidate key.
func (si *strongIndex) keeps(key int32) bool {
	id := si.ids[key] - 1
	if id < 0 {
		return false // no strong link leads to it: never derived on
	}
	if si.keepMode == keepComp {
		return si.comp[id] == si.keepComp
	}
	for i, w := range si.row(id) {
		if w&si.keepRow[i] != 0 {
			return true
		}
	}
	return false
}
