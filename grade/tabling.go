package grade

import (
	"math/bits"
	"slices"
	"sort"
	"sync"
)

// HoDoKu's tables ("Trebor's tables", its TablingSolver), over the chain
// engine. For every premise (a candidate taken true, or false) HoDoKu
// records the premise's direct implications, then expands them breadth
// first: every implication adds the direct implications of its own
// premise, each node once, until nothing is new or the table holds 1000
// entries. A table is thus the breadth-first search of the engine's
// implication graph from one premise, in HoDoKu's link order (the cell's
// own candidates, then row, column and box; group nodes after the
// candidates), and a chain to any entry is its path of first discoverers.
//
// Nice loops and AICs are read off the tables (checkNiceLoop, checkAic):
// every entry in the premise's cell closes a loop, every true entry of a
// table whose premise is false ends an AIC. A loop is kept only if its
// chain is no lasso (no node returns to a cell visited two steps or more
// before, except that a loop may come back to its start cell) and its
// first link leaves the start cell while its last link enters it. Of all
// the steps found, HoDoKu takes the one removing the most candidates, then
// the lowest weighted sum of the eliminated candidates (sorted by digit,
// then cell), then the shortest chain; ties stay in the order found:
// loops from the "true" tables, loops from the "false" tables, then AICs.

// tabCap is HoDoKu's table size (Options.maxTableEntryLength).
const tabCap = 1000

// HoDoKu's tabling links: every implication, the cell's own candidates
// first.
var hodokuTableLinks = links{weakY: true, strongX: true, strongY: true, hodoku: true, cellFirst: true}

// tabler runs table searches on one grid.
type tabler struct {
	c      *chainer
	g      *Grid
	n      int
	groups *groupKind   // nil without group nodes
	als    *alsNodeKind // nil without ALS nodes
	dist   []int32      // per pool node: weighted distance from the premise
	l      links
	// chain scratch
	chain []gnode
	lasso cellSet
	cells cellSet // tmpSetC: cells of the chain but its last node
}

// fill builds the table of the premise (key, on): c.pool holds its
// entries in order (pool[0] is the premise), with first-discoverer
// parents.
func (tb *tabler) fill(key int32, on bool) {
	if tb.als == nil {
		tb.fillPlain(key, on)
		return
	}
	c := tb.c
	c.premise(key, on)
	tb.dist = append(tb.dist[:0], 0)
	for h := int32(0); int(h) < len(c.pool) && len(c.pool) < tabCap; h++ {
		if tb.isAls(c.pool[h].key) {
			// an ALS node's implications keep their own polarity and
			// weigh the ALS's penalty
			_, a := tb.als.node(c.pool[h].key)
			pen := alsChainPenalty(popc(a.cands))
			for _, m := range tb.als.alsTable(c.pool[h].key) {
				if len(c.pool) >= tabCap {
					break
				}
				w := 2 + pen
				if m.on {
					w++ // the forcing's omitted link
				}
				tb.add(m.key, m.on, causeAdvanced, h, w)
			}
			continue
		}
		on := !c.pool[h].on
		for _, m := range c.implied(h, tb.l) {
			if len(c.pool) >= tabCap {
				break
			}
			tb.add(m.key, on, m.cause, h, 2)
		}
	}
}

// fillPlain is fill without ALS nodes: every link weighs the same, so
// an entry is recorded once, from its first discoverer (add's first two
// cases, inline; no distances are needed).
func (tb *tabler) fillPlain(key int32, on bool) {
	c := tb.c
	c.premise(key, on)
	c.keepLinks(tb.l)
	cur := c.cur
	for h := int32(0); int(h) < len(c.pool) && len(c.pool) < tabCap; h++ {
		nd := c.pool[h]
		gen, set := c.offGen, c.offSet
		if !nd.on {
			gen, set = c.onGen, c.onSet
		}
		depth := nd.depth + 1
		slot := 2 * nd.key
		if nd.on {
			slot++
		}
		for _, m := range c.kept(slot) {
			if len(c.pool) >= tabCap {
				break
			}
			if gen[m.key] == cur {
				continue
			}
			gen[m.key], set[m.key] = cur, int32(len(c.pool))
			c.pool = append(c.pool, chainNode{key: m.key, on: !nd.on, cause: m.cause, parent: h, depth: depth, nested: -1})
		}
	}
}

// add records entry (key, on) found from entry parent at weight w (HoDoKu
// gives a table's own entries distance 2, those of an ALS node's table
// 2 plus the ALS's penalty, a forced cell one more) unless
// the table holds it already. With ALS nodes (whose links weigh more)
// HoDoKu also moves an entry it holds to the new parent when that gives a
// shorter weighted distance (not the premise's own implications, and
// without revisiting what was found from the entry); with unit weights
// the first parent is always a shortest one.
func (tb *tabler) add(key int32, on bool, cause uint8, parent int32, w int32) {
	c := tb.c
	d := tb.dist[parent] + w
	var y int32
	switch {
	case on && !c.inOn(key):
		c.setOn(key, c.newNode(key, true, cause, parent))
	case !on && !c.inOff(key):
		c.setOff(key, c.newNode(key, false, cause, parent))
	default:
		if tb.als == nil {
			return
		}
		if on {
			y = c.onSet[key]
		} else {
			y = c.offSet[key]
		}
		if c.pool[y].parent > 0 && tb.dist[y] > d {
			c.pool[y].parent, c.pool[y].cause = parent, cause
			c.pool[y].depth = c.pool[parent].depth + 1
			tb.dist[y] = d
		}
		return
	}
	tb.dist = append(tb.dist, d)
}

// alsChainPenalty is HoDoKu's extra chain length for an ALS of k digits.
func alsChainPenalty(k int) int32 {
	switch {
	case k <= 1:
		return 0
	case k == 2:
		return 1
	}
	return int32(2 * (k - 1))
}

// nodeCell is the (first) cell of a node key (an ALS node's: its first
// cell holding the digit).
func (tb *tabler) nodeCell(key int32) int {
	switch {
	case key < tb.c.ncand:
		return int(key) / tb.n
	case tb.isAls(key):
		nd, _ := tb.als.node(key)
		return int(nd.entry)
	}
	return tb.groups.group(key).cells[0]
}

// nodeDigit is the digit (1-based) of a node key.
func (tb *tabler) nodeDigit(key int32) uint8 {
	switch {
	case key < tb.c.ncand:
		return uint8(int(key)%tb.n + 1)
	case tb.isAls(key):
		nd, _ := tb.als.node(key)
		return nd.d + 1
	}
	return uint8(tb.groups.group(key).d + 1)
}

// isGroup reports whether key is a group or ALS node (not a candidate).
func (tb *tabler) isGroup(key int32) bool { return key >= tb.c.ncand }

// isAls reports whether key is an ALS node.
func (tb *tabler) isAls(key int32) bool { return tb.als != nil && tb.als.owns(key) }

// nodeCells lists the cells of a group or ALS node.
func (tb *tabler) nodeCells(key int32) []int {
	if tb.isAls(key) {
		_, a := tb.als.node(key)
		return a.cells
	}
	return tb.groups.group(key).cells
}

// readChain puts the chain from the premise to entry x into tb.chain
// (premise first) and the cells of all its nodes but x into tb.cells.
func (tb *tabler) readChain(x int32) {
	c := tb.c
	tb.chain = tb.chain[:0]
	for y := x; y >= 0; y = c.pool[y].parent {
		tb.chain = append(tb.chain, gnode{c.pool[y].key, c.pool[y].on})
	}
	for i, j := 0, len(tb.chain)-1; i < j; i, j = i+1, j-1 {
		tb.chain[i], tb.chain[j] = tb.chain[j], tb.chain[i]
	}
	clear(tb.cells)
	for _, nd := range tb.chain[:len(tb.chain)-1] {
		tb.addNodeCells(tb.cells, nd.key)
	}
}

func (tb *tabler) addNodeCells(s cellSet, key int32) {
	if !tb.isGroup(key) {
		s.add(int(key) / tb.n)
		return
	}
	for _, cell := range tb.nodeCells(key) {
		s.add(cell)
	}
}

// lassoFree checks tb.chain the way HoDoKu's addChain does for nice
// loops and AICs: no node may be in a cell of a node two or more places
// before it (group nodes block all their cells); a nice loop may return
// to its start cell.
func (tb *tabler) lassoFree(aic bool) bool {
	clear(tb.lasso)
	first := tb.nodeCell(tb.chain[0].key)
	last := -1
	var lastKey int32
	for _, nd := range tb.chain {
		cell := tb.nodeCell(nd.key)
		if tb.lasso.has(cell) {
			return false
		}
		if last >= 0 && (last != first || aic) {
			tb.addNodeCells(tb.lasso, lastKey)
		}
		last, lastKey = cell, nd.key
	}
	return true
}

// nodeSeers returns the cells seeing every cell of a node (a cell's
// peers; a group's common peers; for an ALS node, the cells holding d
// that see all its cells holding d) as a set in dst.
func (tb *tabler) nodeSeers(dst cellSet, key int32, d uint8) {
	t := tb.c.t
	if !tb.isGroup(key) {
		copy(dst, t.peerMask[int(key)/tb.n])
		return
	}
	if tb.isAls(key) {
		_, a := tb.als.node(key)
		clear(dst)
		if a.cands&(1<<(d-1)) != 0 {
			copy(dst, a.bud[d-1])
		}
		return
	}
	cells := tb.groups.group(key).cells
	copy(dst, t.peerMask[cells[0]])
	for _, cell := range cells[1:] {
		for i := range dst {
			dst[i] &= t.peerMask[cell][i]
		}
	}
}

// loopStep is a nice loop or AIC found in the tables.
type loopStep struct {
	tech   string
	elims  []Candidate // sorted by digit, then cell; no duplicates
	chain  []gnode
	length int // HoDoKu's chain length: its node count
}

// loopSearch collects HoDoKu's nice loops and AICs.
type loopSearch struct {
	tb    *tabler
	steps []loopStep
	aics  []loopStep // AICs, checked after all loops
	seen  map[string]int
	key   []byte
	el    []Candidate
	tmpA  cellSet
	tmpB  cellSet
}

// hodokuLoops finds HoDoKu's nice loops and AICs (with group nodes when
// grouped) in g and emits them in HoDoKu's order of preference.
func hodokuLoops(g *Grid, grouped bool, emit func(*Step) bool) {
	hodokuLoopsWith(g, grouped, false, emit)
}

// hodokuLoopsWith is hodokuLoops with ALS nodes too when withAls (HoDoKu's
// "ALS in chains" option, grouped searches only).
func hodokuLoopsWith(g *Grid, grouped, withAls bool, emit func(*Step) bool) {
	var kinds []nodeKind
	var gk *groupKind
	var ak *alsNodeKind
	if grouped {
		gk = &groupKind{}
		kinds = append(kinds, gk)
		if withAls {
			ak = &alsNodeKind{gk: gk}
			kinds = append(kinds, ak)
		}
	}
	c := getChainer(g, kinds...)
	defer c.release()
	tb := &tabler{c: c, g: g, n: g.Geo.N, l: hodokuTableLinks, als: ak}
	if grouped {
		tb.groups = gk
	}
	tb.lasso, tb.cells = newCellSet(g.Geo.Cells), newCellSet(g.Geo.Cells)
	ls := &loopSearch{tb: tb, seen: map[string]int{}, tmpA: newCellSet(g.Geo.Cells), tmpB: newCellSet(g.Geo.Cells)}
	n := tb.n
	var lr *loopReach
	if tb.als == nil {
		// without ALS nodes every table is the plain breadth-first search,
		// so the reach of the implication graph says which "on" tables
		// can close a loop at all
		lr = loopReachPool.Get().(*loopReach)
		defer loopReachPool.Put(lr)
		c.keepLinks(tb.l)
		lr.build(c, g)
	}
	for pass := 0; pass < 2; pass++ {
		on := pass == 0
		for cell, m := range g.Cand {
			if g.Values[cell] != 0 {
				continue
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				key := c.candKey(cell, trailing(mm))
				if on && lr != nil && !lr.mayLoop(key, int32(cell*n), m) {
					continue // the table would hold no loop: checkNiceLoop finds nothing
				}
				tb.fill(key, on)
				// the candidates of the premise's cell are the keys
				// cell*n .. cell*n+n-1 (group and ALS keys come after all)
				base := int32(cell * n)
				for j := int32(1); int(j) < len(c.pool); j++ {
					if uint32(c.pool[j].key-base) < uint32(n) {
						ls.checkNiceLoop(j)
					}
				}
				if !on {
					ls.collectAics(cell)
				}
			}
		}
	}
	for i := range ls.aics {
		ls.add(ls.aics[i])
	}
	sortLoopSteps(ls.steps)
	for i := range ls.steps {
		if !emit(ls.loopToStep(&ls.steps[i])) {
			return
		}
	}
}

// loopReach tells, before the tables of a search without ALS nodes are
// built, which "on" tables can close a nice loop. An "on" table's only
// entries checkNiceLoop can keep are those of the premise's cell past
// depth 1: off of the premise, or on of another candidate of the cell
// (the cell's other candidates are its first entries, off at depth 1,
// and no group key is a candidate of the cell). A table holds only nodes
// the premise reaches in the implication graph of the kept lists, so when
// the premise reaches none of those the table is skipped (about 19 "on"
// tables in 20 in SE 7.0+ grids): the same steps, in the same order. The
// reach comes from the graph's strongly connected components (closure)
// over the nodes the present candidates' "on" nodes lead to.
type loopReach struct {
	id         []int32 // per slot (2*key, +1 when on): node number, or -1
	slots      []int32 // node number -> slot
	eAt, eList []int32 // node s's successors are eList[eAt[s]:eAt[s+1]]
	cl         closure
}

var loopReachPool = sync.Pool{New: func() any { return new(loopReach) }}

// build numbers the "on" nodes of g's candidates and every node they
// lead to, links them as the kept lists do (c.keepLinks done) and
// computes the closure.
func (lr *loopReach) build(c *chainer, g *Grid) {
	lr.id = resizeInt32(lr.id, 2*int(c.nkeys), -1)
	lr.slots = lr.slots[:0]
	for cell, m := range g.Cand {
		if g.Values[cell] != 0 {
			continue
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			s := 2*c.candKey(cell, trailing(mm)) + 1
			lr.id[s] = int32(len(lr.slots))
			lr.slots = append(lr.slots, s)
		}
	}
	lr.eAt, lr.eList = append(lr.eAt[:0], 0), lr.eList[:0]
	for i := 0; i < len(lr.slots); i++ {
		s := lr.slots[i]
		for _, m := range c.kept(s) {
			t := 2*m.key + 1 - s&1 // the opposite polarity
			if lr.id[t] < 0 {
				lr.id[t] = int32(len(lr.slots))
				lr.slots = append(lr.slots, t)
			}
			lr.eList = append(lr.eList, lr.id[t])
		}
		lr.eAt = append(lr.eAt, int32(len(lr.eList)))
	}
	lr.cl.compute(len(lr.slots), lr.eAt, lr.eList)
}

// mayLoop reports whether on(key) reaches off(key) or on(q) for another
// candidate q of its cell (keys base.., candidates cand).
func (lr *loopReach) mayLoop(key, base int32, cand uint32) bool {
	cl := &lr.cl
	src := int(cl.comp[lr.id[2*key+1]])
	row := cellSet(cl.reach[src*cl.words : (src+1)*cl.words])
	reaches := func(slot int32) bool {
		x := lr.id[slot]
		return x >= 0 && row.has(int(cl.comp[x]))
	}
	if reaches(2 * key) {
		return true
	}
	for mm := cand &^ (1 << uint(key-base)); mm != 0; mm &= mm - 1 {
		if reaches(2*(base+int32(trailing(mm))) + 1) {
			return true
		}
	}
	return false
}

// checkNiceLoop checks the loop closed by entry j of the current table
// (HoDoKu's checkNiceLoop).
func (ls *loopSearch) checkNiceLoop(j int32) {
	tb := ls.tb
	c := tb.c
	if c.pool[j].depth <= 1 {
		return // a loop needs at least three links
	}
	tb.readChain(j)
	ch := tb.chain
	last := len(ch) - 1
	// the last link must come from outside the start cell, the first must
	// leave it
	if tb.nodeCell(ch[last-1].key) == tb.nodeCell(ch[last].key) || !tb.lassoFree(false) {
		return
	}
	if tb.nodeCell(ch[0].key) == tb.nodeCell(ch[1].key) {
		return
	}
	firstStrong := !ch[0].on
	lastStrong := ch[last].on
	startCell := tb.nodeCell(ch[0].key)
	sd, ed := tb.nodeDigit(ch[0].key), tb.nodeDigit(ch[last].key)
	g := tb.g
	el := ls.el[:0]
	tech := "discontinuous-nice-loop"
	switch {
	case !firstStrong && !lastStrong && sd == ed:
		el = append(el, Candidate{startCell, sd})
	case firstStrong && lastStrong && sd == ed:
		for m := g.Cand[startCell] &^ (1 << (sd - 1)); m != 0; m &= m - 1 {
			el = append(el, Candidate{startCell, digitOf(m)})
		}
	case firstStrong != lastStrong && sd != ed:
		if !firstStrong {
			el = append(el, Candidate{startCell, sd})
		} else {
			el = append(el, Candidate{startCell, ed})
		}
	case (!firstStrong && !lastStrong && g.Count(startCell) == 2 && sd != ed) ||
		(firstStrong && lastStrong && sd != ed) || (firstStrong != lastStrong && sd == ed):
		tech = "continuous-nice-loop"
		el = ls.loopElims(el, firstStrong && lastStrong, sd, ed, startCell)
	}
	ls.el = el
	if len(el) == 0 {
		return
	}
	ls.record(tech, ch, false)
}

// loopElims adds a continuous loop's eliminations: a cell entered and
// left by strong links loses its other candidates; a weak link between
// two nodes removes its digit from every cell seeing both (not from the
// loop's cells).
func (ls *loopSearch) loopElims(el []Candidate, startStrongStrong bool, sd, ed uint8, startCell int) []Candidate {
	tb := ls.tb
	g := tb.g
	ch := tb.chain
	end := len(ch) - 1
	for i := 0; i <= end; i++ {
		if (i == 0 && startStrongStrong) || (i > 0 && ch[i].on && i <= end-2 && tb.nodeCell(ch[i-1].key) != tb.nodeCell(ch[i].key)) {
			if i == 0 || (!ch[i+1].on && tb.nodeCell(ch[i].key) == tb.nodeCell(ch[i+1].key) &&
				ch[i+2].on && tb.nodeCell(ch[i+1].key) != tb.nodeCell(ch[i+2].key)) {
				c1, c2 := tb.nodeDigit(ch[i].key), uint8(0)
				if i == 0 {
					c1, c2 = sd, ed
				} else {
					c2 = tb.nodeDigit(ch[i+2].key)
				}
				cell := tb.nodeCell(ch[i].key)
				for m := g.Cand[cell] &^ (1<<(c1-1) | 1<<(c2-1)); m != 0; m &= m - 1 {
					el = append(el, Candidate{cell, digitOf(m)})
				}
			}
		}
		if i > 0 && !ch[i].on && tb.nodeCell(ch[i-1].key) != tb.nodeCell(ch[i].key) {
			d := tb.nodeDigit(ch[i].key)
			tb.nodeSeers(ls.tmpA, ch[i-1].key, d)
			tb.nodeSeers(ls.tmpB, ch[i].key, d)
			bit := uint32(1) << (d - 1)
			for w := range ls.tmpA {
				m := ls.tmpA[w] & ls.tmpB[w] &^ tb.cells[w]
				for ; m != 0; m &= m - 1 {
					cell := w*64 + trailing64(m)
					if cell != startCell && g.Cand[cell]&bit != 0 {
						el = append(el, Candidate{cell, d})
					}
				}
			}
			if tb.isAls(ch[i].key) {
				el = ls.alsLoopElims(el, i, d)
			}
		}
	}
	return el
}

// alsLoopElims adds what an ALS node at chain position i (entered with
// digit d) removes in a continuous loop: each of its digits but d and the
// exit digits leaves every cell seeing all of that digit in the ALS. When
// the next node is a cell forced by the ALS (several exit digits), each
// exit digit also leaves the cells seeing it in the ALS and the forced
// cell.
func (ls *loopSearch) alsLoopElims(el []Candidate, i int, d uint8) []Candidate {
	tb := ls.tb
	g := tb.g
	ch := tb.chain
	end := len(ch) - 1
	_, a := tb.als.node(ch[i].key)
	var exit uint32
	forced := i < end && ch[i+1].on
	next := -1
	if forced {
		next = tb.nodeCell(ch[i+1].key)
		exit = g.Cand[next] &^ (1 << (tb.nodeDigit(ch[i+1].key) - 1))
	} else if i < end {
		exit = 1 << (tb.nodeDigit(ch[i+1].key) - 1)
	}
	emit := func(s cellSet, x int, also cellSet) {
		for w, m := range s {
			if also != nil {
				m &= also[w]
			}
			for ; m != 0; m &= m - 1 {
				el = append(el, Candidate{w*64 + trailing64(m), uint8(x + 1)})
			}
		}
	}
	for xm := a.cands &^ (1 << (d - 1)) &^ exit; xm != 0; xm &= xm - 1 {
		x := trailing(xm)
		emit(a.bud[x], x, nil)
	}
	if forced {
		for xm := exit & a.cands; xm != 0; xm &= xm - 1 {
			x := trailing(xm)
			emit(a.bud[x], x, tb.c.t.peerMask[next])
		}
	}
	return el
}

// collectAics checks every true entry of the current table (premise
// false, in cell start) for an AIC: premise or entry is true.
func (ls *loopSearch) collectAics(start int) {
	tb := ls.tb
	c := tb.c
	g := tb.g
	geo := g.Geo
	n := tb.n
	sd := tb.nodeDigit(c.pool[0].key)
	sbit := uint32(1) << (sd - 1)
	pm := tablesOf(geo).peerMask
	for j := int32(1); int(j) < len(c.pool); j++ {
		nd := &c.pool[j]
		if tb.isGroup(nd.key) || !nd.on {
			continue
		}
		end := int(nd.key) / n
		if end == start {
			continue
		}
		ed := uint8(int(nd.key)%n + 1)
		el := ls.el[:0]
		if ed == sd {
			if nd.depth <= 1 {
				continue
			}
			// the cells holding the digit that see both ends (the
			// order does not matter: build sorts)
			ps, pe := pm[start], pm[end]
			for w := range ps {
				for m := ps[w] & pe[w]; m != 0; m &= m - 1 {
					if p := w*64 + trailing64(m); g.Cand[p]&sbit != 0 {
						el = append(el, Candidate{p, sd})
					}
				}
			}
			if len(el) < 2 {
				continue
			}
		} else {
			if !sees(geo, start, end) || !g.Has(end, sd) || !g.Has(start, ed) || nd.depth <= 1 {
				continue
			}
			el = append(el, Candidate{start, ed}, Candidate{end, sd})
		}
		ls.el = el
		tb.readChain(j)
		if !tb.lassoFree(true) {
			continue
		}
		st := ls.build("aic", tb.chain)
		ls.aics = append(ls.aics, st)
	}
}

// build makes a loopStep of ls.el and chain (copied), grouped if the
// chain holds a group node.
func (ls *loopSearch) build(tech string, chain []gnode) loopStep {
	el := append([]Candidate(nil), ls.el...)
	sortCandidates(el)
	el = dedupCandidates(el)
	if ls.tb.groups != nil {
		// HoDoKu scores every step of its grouped search as grouped
		tech = "grouped-" + tech
	}
	length := len(chain)
	if ls.tb.als != nil {
		// HoDoKu's Chain length: an ALS node counts 2.5 more
		k := 0
		for _, nd := range chain {
			if ls.tb.isAls(nd.key) {
				k++
			}
		}
		length += k * 5 / 2
	}
	return loopStep{tech: tech, elims: el, chain: append([]gnode(nil), chain...), length: length}
}

// record adds a loop found now (AICs are recorded by add later).
func (ls *loopSearch) record(tech string, chain []gnode, _ bool) {
	ls.add(ls.build(tech, chain))
}

// add keeps a step unless a step with the same eliminations and a chain
// no longer is known (HoDoKu's deletesMap).
func (ls *loopSearch) add(st loopStep) {
	ls.key = ls.key[:0]
	for _, e := range st.elims {
		ls.key = append(ls.key, byte(e.Cell), byte(e.Cell>>8), e.Digit)
	}
	if i, ok := ls.seen[string(ls.key)]; ok && ls.steps[i].length <= st.length {
		return
	}
	ls.seen[string(ls.key)] = len(ls.steps)
	ls.steps = append(ls.steps, st)
}

// sortLoopSteps sorts steps as HoDoKu's SolutionStep.compareTo does (a
// stable sort): most eliminations first, then the lowest weighted sum of
// the eliminations, then (same technique and eliminations) the shortest
// chain.
func sortLoopSteps(steps []loopStep) {
	sort.SliceStable(steps, func(i, j int) bool { return compareLoopSteps(&steps[i], &steps[j]) < 0 })
}

func compareLoopSteps(a, b *loopStep) int {
	if d := len(b.elims) - len(a.elims); d != 0 {
		return d
	}
	if a.tech != b.tech || !sameCandidates(a.elims, b.elims) {
		return hodokuIndexSum(a.elims) - hodokuIndexSum(b.elims)
	}
	return a.length - b.length
}

// hodokuIndexSum is HoDoKu's getIndexSumme: the i-th candidate weighs
// cell*(1+80i) + digit.
func hodokuIndexSum(el []Candidate) int {
	sum, off := 0, 1
	for _, e := range el {
		sum += e.Cell*off + int(e.Digit)
		off += 80
	}
	return sum
}

func sameCandidates(a, b []Candidate) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !hasCandidate(b, x) {
			return false
		}
	}
	return true
}

// sortCandidates orders candidates by digit, then cell (HoDoKu's
// Candidate order).
func sortCandidates(el []Candidate) {
	slices.SortFunc(el, func(a, b Candidate) int {
		if a.Digit != b.Digit {
			return int(a.Digit) - int(b.Digit)
		}
		return a.Cell - b.Cell
	})
}

// dedupCandidates removes repeats from a sorted list.
func dedupCandidates(el []Candidate) []Candidate {
	out := el[:0]
	for i, e := range el {
		if i == 0 || e != el[i-1] {
			out = append(out, e)
		}
	}
	return out
}

// loopToStep turns a loop into a Step: chain nodes (a group node stands as
// its first cell; Step.Groups lists its cells).
func (ls *loopSearch) loopToStep(st *loopStep) *Step {
	tb := ls.tb
	s := &Step{Tech: st.tech, Eliminations: append([]Candidate(nil), st.elims...)}
	var dm uint32
	for i, nd := range st.chain {
		cand := Candidate{tb.nodeCell(nd.key), tb.nodeDigit(nd.key)}
		s.Chain = append(s.Chain, Node{cand, nd.on})
		dm |= 1 << (cand.Digit - 1)
		if tb.isGroup(nd.key) {
			cells := tb.nodeCells(nd.key)
			s.Groups = append(s.Groups, ChainGroup{Index: i, Cells: append([]int(nil), cells...), ALS: tb.isAls(nd.key)})
			for _, cell := range cells {
				if !inCells(cell, s.Cells) {
					s.Cells = append(s.Cells, cell)
				}
			}
		} else {
			s.Support = append(s.Support, cand)
			if !inCells(cand.Cell, s.Cells) {
				s.Cells = append(s.Cells, cand.Cell)
			}
		}
	}
	s.Digits = maskDigits(dm)
	return s
}

func trailing64(m uint64) int { return bits.TrailingZeros64(m) }
