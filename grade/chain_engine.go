package grade

import (
	"slices"
	"sync"
)

// The chain engine: the one model of chains every chaining technique uses
// (SE's cycles and forcing chains, SE's Nishio, multiple and dynamic
// forcing chains with nesting, HoDoKu's X-/XY-chains, AICs and nice
// loops). SE-RULES.md section 4 specifies it.
//
// A node is a candidate (or an extension node, see nodeKind) taken true
// ("on") or false ("off"), with the nodes it was derived from (its
// parents: the first parent, then in dynamic mode the "hidden parents")
// and the cause of the derivation (a cell, a box, a row, a column, or an
// advanced rule). Nodes live in a pool for one search; the on set and the
// off set map a node key to the node stored for it.
//
// Implications are evaluated on the engine's working grid:
//
//   - on -> off ("weak" links): the cell's other candidates (Y-links, when
//     enabled), then the same digit in the other cells of the node's
//     units (X-links, always);
//   - off -> on ("strong" links): the other candidate of a bivalue cell
//     (Y-links), the other position of the digit in a unit where it has
//     exactly two (X-links).
//
// links says which are enabled and in which order they are listed (SE's
// or HoDoKu's). In static mode the working grid is the searched grid and
// implication lists are cached per node for the whole search; in dynamic
// mode every processed off node removes its candidate from the working
// grid (restored at the end), and derived nodes get hidden parents.

// Node causes (how a node was derived).
const (
	causeNone uint8 = iota
	causeCell
	causeBox
	causeRow
	causeCol
	causeAdvanced
	// causeSees: a layout's sees pair beyond its houses (anti-knight,
	// anti-king); causeHouse+k: the k-th extra house of the cell (see
	// Layout.tables).
	causeSees
	// causeConsec: a non-consecutive pair (an on node turns off the
	// digits next to its own in the partner cell).
	causeConsec
	causeHouse
)

// chainNode is one node of a chain: (key, on/off) plus the nodes it was
// derived from. Equality is (key, on) only.
type chainNode struct {
	key    int32 // candidate cell*N+digit (0-based), or an extension node
	on     bool
	cause  uint8
	depth  int16 // links from the start along first parents
	parent int32 // first parent, -1 for a start node
	// extra indexes chainer.extra: further parents (dynamic modes: hidden
	// parents; advanced nodes: rule parents) are
	// extra[extra:extra+nextra].
	extra, nextra int32
	// nested is the nested chain an advanced node stands on (an index
	// into the search's nested hints), or -1.
	nested int32
}

// chainer is the engine's search state over one grid's implication graph
// (implGraph, embedded: the working grid, its links and the implication
// lists): the node pool, the on and off sets, the walks over parents and
// the scratch of a propagation. Strategies keep their own state beside it
// (cycleSearch, fcBuffers, the tables of tabling.go). It keeps its buffers
// between searches; one per goroutine (chainerPool).
type chainer struct {
	implGraph
	// src is the search's source grid: the candidates when it started
	// (hidden parents and rule parents are candidates src has and the
	// working grid lacks).
	src []uint32
	// onOrder and offOrder list the nodes runs added to the on and off
	// sets, in order (see run).
	onOrder, offOrder []int32
	// made counts nodes made by finished searches (see begin).
	made int64

	pool  []chainNode
	extra []int32 // further parents of nodes (see chainNode.extra)
	// onSet / offSet map a key to the node index stored in the set,
	// valid when the matching gen equals cur.
	onSet, offSet []int32
	onGen, offGen []uint32
	cur           uint32
	// ancestor counting
	seen    []uint32
	seenGen uint32
	stack   []int32
	// scratch queues
	pendOn, pendOff []int32
	imps            []imp
	rec             []int32
	// truncated is set by searches whose depth limit cut them short.
	truncated bool
}

var chainerPool = sync.Pool{New: func() any { return &chainer{} }}

// getChainer returns a pooled engine set up on g (static mode) with the
// given extension node kinds (none: candidates only).
func getChainer(g *Grid, kinds ...nodeKind) *chainer {
	c := chainerPool.Get().(*chainer)
	c.kinds = append(c.kinds[:0], kinds...)
	c.reset(g)
	return c
}

// release returns the engine to the pool.
func (c *chainer) release() {
	c.g = nil
	clear(c.kinds)
	c.kinds = c.kinds[:0]
	chainerPool.Put(c)
}

// reset points the engine at g in static mode: the graph is g's, the
// search tables are sized to its keys.
func (c *chainer) reset(g *Grid) {
	c.implGraph.reset(g)
	nk := int(c.nkeys)
	if len(c.onSet) < nk {
		c.onSet, c.offSet = make([]int32, nk), make([]int32, nk)
		c.onGen, c.offGen = make([]uint32, nk), make([]uint32, nk)
		c.seen = make([]uint32, 2*nk)
		c.cur, c.seenGen = 0, 0
	}
}

// premise begins a new propagation from one node, (key, on), with no
// parent, recorded as set, and returns its index (0).
func (c *chainer) premise(key int32, on bool) int32 {
	c.begin()
	x := c.newNode(key, on, causeNone, -1)
	if on {
		c.setOn(key, x)
	} else {
		c.setOff(key, x)
	}
	return x
}

// begin starts a new search: empty sets and node pool (c.made counts the
// nodes of the searches begun since the engine was taken).
func (c *chainer) begin() {
	c.made += int64(len(c.pool))
	c.cur++
	if c.cur == 0 {
		clear(c.onGen)
		clear(c.offGen)
		c.cur = 1
	}
	c.pool = c.pool[:0]
	c.extra = c.extra[:0]
	c.onOrder, c.offOrder = c.onOrder[:0], c.offOrder[:0]
}

// newNode adds a node to the pool and returns its index.
func (c *chainer) newNode(key int32, on bool, cause uint8, parent int32) int32 {
	var depth int16
	if parent >= 0 {
		depth = c.pool[parent].depth + 1
	}
	c.pool = append(c.pool, chainNode{key: key, on: on, cause: cause, parent: parent, depth: depth, nested: -1})
	return int32(len(c.pool) - 1)
}

// padPool makes the node pool n nodes longer without writing them: a
// search that only counts some of its nodes (leaves no walk reaches)
// leaves the pool as long as making them would have, so the work counted
// from its length does not change. The added slots are never read.
func (c *chainer) padPool(n int) {
	if n == 0 {
		return
	}
	c.pool = slices.Grow(c.pool, n)
	c.pool = c.pool[:len(c.pool)+n]
}

// freshSets empties the on and off sets but keeps the node pool (several
// runs of one search keep their nodes side by side).
func (c *chainer) freshSets() {
	c.cur++
	if c.cur == 0 {
		clear(c.onGen)
		clear(c.offGen)
		c.cur = 1
	}
}

func (c *chainer) inOn(k int32) bool  { return c.onGen[k] == c.cur }
func (c *chainer) inOff(k int32) bool { return c.offGen[k] == c.cur }
func (c *chainer) setOn(k int32, idx int32) {
	c.onGen[k], c.onSet[k] = c.cur, idx
}
func (c *chainer) setOff(k int32, idx int32) {
	c.offGen[k], c.offSet[k] = c.cur, idx
}

// implied returns the nodes implied by node x (off from an on node, on
// from an off node) under l. In static mode the lists are computed once
// per (key, polarity) and kept until the grid or the links change: the
// slice is shared and must not be modified. In dynamic mode it is built
// in c.imps (valid until the next call).
func (c *chainer) implied(x int32, l links) []imp {
	nd := &c.pool[x]
	return c.impliedKey(nd.key, nd.on, l)
}

// isAncestorOf reports whether (key, on) equals p or a node on p's
// first-parent chain.
func (c *chainer) isAncestorOf(p int32, key int32, on bool) bool {
	for x := p; x >= 0; x = c.pool[x].parent {
		nd := &c.pool[x]
		if nd.key == key && nd.on == on {
			return true
		}
	}
	return false
}

// newVisit starts a walk over nodes: every (key, polarity) counts as
// unseen again (a generation bump; the table is cleared when it wraps).
func (c *chainer) newVisit() {
	c.seenGen++
	if c.seenGen == 0 {
		clear(c.seen)
		c.seenGen = 1
	}
}

// firstVisit marks nd's (key, polarity) seen in the current walk and
// reports whether it was unseen.
func (c *chainer) firstVisit(nd *chainNode) bool {
	k := 2 * nd.key
	if nd.on {
		k++
	}
	if c.seen[k] == c.seenGen {
		return false
	}
	c.seen[k] = c.seenGen
	return true
}

// ancestors counts the distinct nodes (by key and polarity) reachable
// from x through parent links, x included.
func (c *chainer) ancestors(x int32) int {
	c.newVisit()
	c.stack = append(c.stack[:0], x)
	count := 0
	for len(c.stack) > 0 {
		y := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		nd := &c.pool[y]
		if !c.firstVisit(nd) {
			continue
		}
		count++
		if nd.parent >= 0 {
			c.stack = append(c.stack, nd.parent)
		}
		c.stack = append(c.stack, c.extra[nd.extra:nd.extra+nd.nextra]...)
	}
	return count
}

// path lists the nodes from the start to x along first parents.
func (c *chainer) path(x int32) []Node {
	var rev []Node
	for y := x; y >= 0; y = c.pool[y].parent {
		nd := &c.pool[y]
		rev = append(rev, Node{c.candidate(nd.key), nd.on})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// lengthBonus is SE's chain length bonus for a complexity, accumulated one
// 0.1 at a time in float64.
func lengthBonus(complexity int) float64 {
	l := complexity - 2
	sum := 0.0
	t, half := 4, true
	for t < l {
		sum += 0.1
		if half {
			t = t * 3 / 2
		} else {
			t = t * 4 / 3
		}
		half = !half
	}
	return sum
}

// propagation is one run of SE's propagation engine (SE-RULES.md 4.4),
// the heart of Nishio, multiple, dynamic and nested forcing chains: from a
// start node, derive everything the links imply, off nodes strictly in
// FIFO order, every on node's consequences right after it is derived; in
// dynamic mode every processed off node removes its candidate from the
// working grid and derived on nodes get hidden parents; when both queues
// run dry, the advanced rules of the nesting level (advanced) may add off
// nodes and the run goes on. The run stops at the first contradiction (a
// candidate both on and off).
type propagation struct {
	l links
	// advanced, when set, is called whenever both queues are empty; it
	// returns the off nodes to add (advEntry: the candidate, the keys of
	// its rule parents, its nested chain) in order.
	advanced func(c *chainer) []advEntry
}

// advEntry is an off node an advanced rule adds to a propagation: key
// goes off because of the rule parents (candidate keys, all off already)
// and, for a nested chain, that chain (an index into the search's nested
// hints, or -1).
type advEntry struct {
	key     int32
	parents []int32
	nested  int32
}

// run propagates from node s (already in its set). It records every node
// it adds to the on and off sets in c.onOrder/c.offOrder (from their
// current length: the caller saves the lengths as the run's range) and
// returns the contradiction, if any, as (on node, off node), else (-1, -1).
// The working grid is restored before it returns.
func (c *chainer) run(s int32, p *propagation) (int32, int32) {
	mark := len(c.removed)
	defer c.restore(mark)
	pendOn, pendOff := c.pendOn[:0], c.pendOff[:0]
	if c.pool[s].on {
		pendOn = append(pendOn, s)
	} else {
		pendOff = append(pendOff, s)
	}
	hOn, hOff := 0, 0
	defer func() { c.pendOn, c.pendOff = pendOn[:0], pendOff[:0] }()
	for {
		switch {
		case hOn < len(pendOn):
			x := pendOn[hOn]
			hOn++
			c.imps = c.onToOff(c.pool[x].key, p.l, c.imps[:0])
			for _, m := range c.imps {
				if c.inOn(m.key) {
					return c.onSet[m.key], c.newNode(m.key, false, m.cause, x)
				}
				if !c.inOff(m.key) {
					q := c.newNode(m.key, false, m.cause, x)
					c.setOff(m.key, q)
					c.offOrder = append(c.offOrder, q)
					pendOff = append(pendOff, q)
				}
			}
		case hOff < len(pendOff):
			x := pendOff[hOff]
			hOff++
			c.imps = c.offToOn(c.pool[x].key, p.l, c.imps[:0])
			if c.dynamic {
				c.remove(c.pool[x].key)
			}
			for _, m := range c.imps {
				if c.inOff(m.key) {
					return c.onNodeWithHidden(m, x), c.offSet[m.key]
				}
				if !c.inOn(m.key) {
					q := c.onNodeWithHidden(m, x)
					c.setOn(m.key, q)
					c.onOrder = append(c.onOrder, q)
					pendOn = append(pendOn, q)
				}
			}
		}
		if hOn < len(pendOn) || hOff < len(pendOff) {
			continue
		}
		if p.advanced == nil {
			return -1, -1
		}
		added := false
		for _, e := range p.advanced(c) {
			if c.inOff(e.key) {
				continue
			}
			q := c.newNode(e.key, false, causeAdvanced, c.offSet[e.parents[0]])
			nd := &c.pool[q]
			nd.extra, nd.nextra = int32(len(c.extra)), int32(len(e.parents)-1)
			for _, pk := range e.parents[1:] {
				c.extra = append(c.extra, c.offSet[pk])
			}
			nd.nested = e.nested
			c.setOff(e.key, q)
			c.offOrder = append(c.offOrder, q)
			pendOff = append(pendOff, q)
			added = true
		}
		if !added {
			return -1, -1
		}
	}
}

// onNodeWithHidden creates the on node m implied by off node x. In
// dynamic mode its further parents are its hidden parents: for a cell
// cause, every candidate of the cell that the search's source grid has and
// the working grid lacks (ascending); for a unit cause, every position of
// the digit in that unit likewise (unit order). They are off nodes of the
// run (only processed off nodes remove candidates).
func (c *chainer) onNodeWithHidden(m imp, x int32) int32 {
	q := c.newNode(m.key, true, m.cause, x)
	if !c.dynamic || m.key >= c.ncand {
		return q
	}
	cell, d := splitKey(m.key, c.n, c.nMul)
	start := int32(len(c.extra))
	if m.cause == causeCell {
		for gone := c.src[cell] &^ c.cand[cell]; gone != 0; gone &= gone - 1 {
			c.extra = append(c.extra, c.offSet[c.candKey(cell, trailing(gone))])
		}
	} else {
		u := c.unitOf(int(m.cause-causeBox), cell)
		// the digit's places the source has and the working grid lacks,
		// in unit order (c.src's are srcPos's, c.cand's pos's)
		hs := c.houses[u]
		for gone := c.srcPos[u][d] &^ c.pos[u][d]; gone != 0; gone &= gone - 1 {
			c.extra = append(c.extra, c.offSet[c.candKey(hs[trailing(gone)], d)])
		}
	}
	nd := &c.pool[q]
	nd.extra, nd.nextra = start, int32(len(c.extra))-start
	return q
}
