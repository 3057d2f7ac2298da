package grade

import (
	"slices"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
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

// imp is an implied node before it becomes one: the searches create nodes
// only for the implications they keep.
type imp struct {
	key   int32
	cause uint8
}

// links selects the implications a search uses and their order.
type links struct {
	// weakY: an on node turns the other candidates of its cell off.
	weakY bool
	// strongX, strongY: an off node turns on the other position of its
	// digit in a unit where it has two (X) / the other candidate of its
	// bivalue cell (Y).
	strongX, strongY bool
	// hodoku lists implications in HoDoKu's order (units row, column,
	// box, then the cell's own candidates) instead of SE's (the cell's
	// own candidates, then block, row, column).
	hodoku bool
	// bivalue restricts the X-links of on nodes to bivalue cells (XY-chains).
	bivalue bool
	// cellFirst, with hodoku, lists the cell's own implications before the
	// units' (HoDoKu's tables: cell, then row, column, box).
	cellFirst bool
}

// seLinks are the links of SE's chains: X-links and/or Y-links, SE's order.
func seLinks(x, y bool) links { return links{weakY: y, strongX: x, strongY: y} }

// nodeKind extends the engine with nodes that are not single candidates
// (grouped nodes, almost locked sets). A kind owns a range of node keys
// after the candidates, given to it by prepare at the start of every
// search, and adds its implications to every node's (candidate or not).
// The built-in searches and conclusions work on keys and need no change;
// a kind's nodes are named and drawn by its own code.
type nodeKind interface {
	// prepare is called when a search starts on the engine's grid with
	// the first key of the kind's range; it returns how many nodes of its
	// kind the grid has.
	prepare(c *chainer, base int32) int
	// onToOff and offToOn append the nodes implied off (on) by the node
	// of key being on (off), under links l.
	onToOff(c *chainer, key int32, l links, out []imp) []imp
	offToOn(c *chainer, key int32, l links, out []imp) []imp
	// candidate returns a candidate standing for node key in a Step's
	// chain (e.g. a group's first cell).
	candidate(c *chainer, key int32) Candidate
}

// chainer is the engine's state over one grid. It keeps its buffers
// between searches; one per goroutine (chainerPool).
type chainer struct {
	g *Grid
	t *seTables
	n int
	// houses are the grid's houses (its layout's; the classic units
	// first), cellHouses each cell's; onLayout is set on a layout with
	// more than rows, columns and boxes (extra houses, sees pairs).
	houses, cellHouses [][]int
	onLayout           bool
	// frame is 3 on a layout with a classic frame (a cell's first three
	// houses are its row, column and box, each a cause of its own: causeBox,
	// causeRow, causeCol), 0 without one: then every house is an "extra"
	// house (causeHouse+k, the cell's k-th house) and onLayout is set.
	frame int
	// cand and pos are the working grid: candidates per cell and
	// positions of each digit in each unit. Static searches read the
	// grid's own; dynamic ones work on copies (own*) and log removals.
	cand    []uint32
	pos     [][sudoku.MaxN]uint32
	ownCand []uint32
	ownPos  [][sudoku.MaxN]uint32
	removed []int32 // dynamic mode: candidate keys removed, in order
	dynamic bool
	// src is the search's source grid: the candidates when it started
	// (hidden parents and rule parents are candidates src has and the
	// working grid lacks).
	src []uint32
	// onOrder and offOrder list the nodes runs added to the on and off
	// sets, in order (see run).
	onOrder, offOrder []int32
	// made counts nodes made by finished searches (see begin).
	made     int64
	ncand    int32 // candidate keys: cells*N
	nkeys    int32 // all keys, extension nodes included
	kinds    []nodeKind
	kindBase []int32

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
	// implication cache of static searches (see implied)
	cacheLinks links
	cacheOK    bool
	cacheGen   uint32
	cacheStamp []uint32 // per key*2+on: cacheGen when cached
	cacheAt    []int32  // start in cacheBuf
	cacheLen   []int32
	cacheBuf   []imp
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

// kindOf returns the extension kind owning key (nil for a candidate key)
// and the key's index within the kind's range.
func (c *chainer) kindOf(key int32) (nodeKind, int32) {
	for i := len(c.kinds) - 1; i >= 0; i-- {
		if key >= c.kindBase[i] {
			return c.kinds[i], key - c.kindBase[i]
		}
	}
	return nil, key
}

// reset points the engine at g in static mode: the working grid is g.
func (c *chainer) reset(g *Grid) {
	l := g.lay()
	c.g, c.t, c.n = g, tablesFor(g), l.N
	c.houses, c.cellHouses, c.onLayout = l.Houses, l.CellHouses, l.extra
	c.frame = 0
	if l.Geo != nil {
		c.frame = 3
	}
	c.ncand = int32(l.Cells * c.n)
	c.cand = g.Cand
	c.pos, _ = g.unitTables()
	c.dynamic = false
	c.removed = c.removed[:0]
	c.cacheOK = false
	c.nkeys = c.ncand
	c.kindBase = c.kindBase[:0]
	for _, k := range c.kinds {
		c.kindBase = append(c.kindBase, c.nkeys)
		c.nkeys += int32(k.prepare(c, c.nkeys))
	}
	nk := int(c.nkeys)
	if len(c.onSet) < nk {
		c.onSet, c.offSet = make([]int32, nk), make([]int32, nk)
		c.onGen, c.offGen = make([]uint32, nk), make([]uint32, nk)
		c.seen = make([]uint32, 2*nk)
		c.cacheStamp = make([]uint32, 2*nk)
		c.cacheAt = make([]int32, 2*nk)
		c.cacheLen = make([]int32, 2*nk)
		c.cur, c.seenGen, c.cacheGen = 0, 0, 0
	}
}

// setDynamic switches the engine to dynamic mode on a private copy of the
// grid's candidates (see remove and restore).
func (c *chainer) setDynamic() {
	c.ownCand = append(c.ownCand[:0], c.g.Cand...)
	if len(c.ownPos) != len(c.pos) {
		c.ownPos = make([][sudoku.MaxN]uint32, len(c.pos))
	}
	copy(c.ownPos, c.pos)
	c.cand, c.pos = c.ownCand, c.ownPos
	c.dynamic = true
	c.cacheOK = false
}

// remove takes candidate key k off the working grid (dynamic mode).
func (c *chainer) remove(k int32) {
	cell, d := int(k)/c.n, int(k)%c.n
	bit := uint32(1) << d
	if c.cand[cell]&bit == 0 {
		return
	}
	c.cand[cell] &^= bit
	if geo := c.g.Geo; geo != nil {
		r, col := geo.Row[cell], geo.Col[cell]
		c.pos[r][d] &^= 1 << col
		c.pos[c.n+col][d] &^= 1 << r
		c.pos[2*c.n+geo.Box[cell]][d] &^= 1 << ((r%geo.BoxRows)*geo.BoxCols + col%geo.BoxCols)
	}
	if c.onLayout {
		for _, sl := range c.g.L.slots[cell][c.frame:] {
			c.pos[sl.house][d] &^= sl.bit
		}
	}
	c.removed = append(c.removed, k)
}

// restore puts back the candidates removed since mark (len(c.removed) at
// that time), newest first.
func (c *chainer) restore(mark int) {
	geo := c.g.Geo
	for i := len(c.removed) - 1; i >= mark; i-- {
		k := c.removed[i]
		cell, d := int(k)/c.n, int(k)%c.n
		c.cand[cell] |= 1 << d
		if geo != nil {
			r, col := geo.Row[cell], geo.Col[cell]
			c.pos[r][d] |= 1 << col
			c.pos[c.n+col][d] |= 1 << r
			c.pos[2*c.n+geo.Box[cell]][d] |= 1 << ((r%geo.BoxRows)*geo.BoxCols + col%geo.BoxCols)
		}
		if c.onLayout {
			for _, sl := range c.g.L.slots[cell][c.frame:] {
				c.pos[sl.house][d] |= sl.bit
			}
		}
	}
	c.removed = c.removed[:mark]
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

// candKey is the key of candidate (cell, d) with d 0-based.
func (c *chainer) candKey(cell, d int) int32 { return int32(cell*c.n + d) }

// cellOf and digitOf0 split a candidate key (0-based digit).
func (c *chainer) cellOf(k int32) int   { return int(k) / c.n }
func (c *chainer) digitOf0(k int32) int { return int(k) % c.n }

// candidate returns the candidate of a candidate key (for an extension
// node, the candidate its kind says stands for it).
func (c *chainer) candidate(k int32) Candidate {
	if k >= c.ncand {
		kd, _ := c.kindOf(k)
		return kd.candidate(c, k)
	}
	return Candidate{int(k) / c.n, uint8(int(k)%c.n + 1)}
}

// unitOf returns the unit of type rt (0 block, 1 row, 2 column: order A;
// causeHouse-causeBox+k: the cell's k-th extra house, counted after the
// frame's) holding cell.
func (c *chainer) unitOf(rt int, cell int) int {
	geo := c.g.Geo
	switch rt {
	case 0:
		return 2*c.n + geo.Box[cell]
	case 1:
		return geo.Row[cell]
	case 2:
		return c.n + geo.Col[cell]
	}
	return c.cellHouses[cell][c.frame+rt-int(causeHouse-causeBox)]
}

// regionUnits appends the houses of cell in SE's order: block, row,
// column (order A), then its extra houses in layout order (without a
// frame: its houses in layout order).
func (c *chainer) regionUnits(cell int, out []int) []int {
	if c.frame > 0 {
		out = append(out, c.unitOf(0, cell), c.unitOf(1, cell), c.unitOf(2, cell))
	}
	if c.onLayout {
		out = append(out, c.cellHouses[cell][c.frame:]...)
	}
	return out
}

// causeOf returns the cause of a node derived through house u from cell
// (u one of the cell's houses).
func (c *chainer) causeOf(u, cell int) uint8 {
	if c.frame > 0 && u < 3*c.n {
		return causeBox + uint8(unitType(c.g.Geo, u))
	}
	k := slices.Index(c.cellHouses[cell][c.frame:], u)
	return causeHouse + uint8(k)
}

// unitTypes are the unit types (as unitOf takes them) in SE's order
// (block, row, column) and HoDoKu's (row, column, block).
var unitTypes = [2][3]int{{0, 1, 2}, {1, 2, 0}}

// onToOff appends the nodes implied off by node key being on.
func (c *chainer) onToOff(k int32, l links, out []imp) []imp {
	if k < c.ncand {
		cell, d := int(k)/c.n, int(k)%c.n
		if l.weakY && (!l.hodoku || l.cellFirst) {
			out = c.cellOthers(cell, d, out)
		}
		bit := uint32(1) << d
		o := 0
		if l.hodoku {
			o = 1
		}
		for _, p := range c.t.linked[o][cell] {
			m := c.cand[p.cell]
			if m&bit == 0 || (l.bivalue && popc(m) != 2) {
				continue
			}
			out = append(out, imp{p.cell*int32(c.n) + int32(d), p.cause})
		}
		if l.weakY && l.hodoku && !l.cellFirst {
			out = c.cellOthers(cell, d, out)
		}
	}
	for _, kd := range c.kinds {
		out = kd.onToOff(c, k, l, out)
	}
	return out
}

// cellOthers appends the other candidates of cell (digit d excepted),
// ascending, as cell-caused nodes.
func (c *chainer) cellOthers(cell, d int, out []imp) []imp {
	for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
		out = append(out, imp{int32(cell*c.n + trailing(m)), causeCell})
	}
	return out
}

// offToOn appends the nodes implied on by node key being off.
func (c *chainer) offToOn(k int32, l links, out []imp) []imp {
	if k < c.ncand {
		cell, d := int(k)/c.n, int(k)%c.n
		start := len(out)
		if l.strongY && (!l.hodoku || l.cellFirst) {
			out = c.bivalueOther(cell, d, out)
		}
		if l.strongX {
			order := unitTypes[0][:c.frame]
			if l.hodoku {
				order = unitTypes[1][:c.frame]
			}
			for _, rt := range order {
				u := c.unitOf(rt, cell)
				p := c.pos[u][d]
				if popc(p) != 2 {
					continue
				}
				o := c.houses[u][trailing(p&^(1<<uint(c.t.inUnit[u][cell])))]
				out = appendNew(out, start, imp{int32(o*c.n + d), causeBox + uint8(rt)})
			}
			if c.onLayout {
				for _, u := range c.cellHouses[cell][c.frame:] {
					p := c.pos[u][d]
					if popc(p) != 2 {
						continue
					}
					o := c.houses[u][trailing(p&^(1<<uint(c.t.inUnit[u][cell])))]
					out = appendNew(out, start, imp{int32(o*c.n + d), c.causeOf(u, o)})
				}
			}
		}
		if l.strongY && l.hodoku && !l.cellFirst {
			out = c.bivalueOther(cell, d, out)
		}
	}
	for _, kd := range c.kinds {
		out = kd.offToOn(c, k, l, out)
	}
	return out
}

// appendNew appends m to out unless out[start:] holds its key.
func appendNew(out []imp, start int, m imp) []imp {
	for _, y := range out[start:] {
		if y.key == m.key {
			return out
		}
	}
	return append(out, m)
}

// bivalueOther appends the other candidate of cell when it has exactly two.
func (c *chainer) bivalueOther(cell, d int, out []imp) []imp {
	m := c.cand[cell]
	if popc(m) == 2 {
		out = append(out, imp{int32(cell*c.n + trailing(m&^(1<<d))), causeCell})
	}
	return out
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

// impliedKey is implied for the node of key with polarity on.
func (c *chainer) impliedKey(key int32, on bool, l links) []imp {
	if c.dynamic {
		if on {
			c.imps = c.onToOff(key, l, c.imps[:0])
		} else {
			c.imps = c.offToOn(key, l, c.imps[:0])
		}
		return c.imps
	}
	if !c.cacheOK || c.cacheLinks != l {
		c.cacheOK, c.cacheLinks = true, l
		c.cacheGen++
		if c.cacheGen == 0 {
			clear(c.cacheStamp)
			c.cacheGen = 1
		}
		c.cacheBuf = c.cacheBuf[:0]
	}
	slot := 2 * key
	if on {
		slot++
	}
	if c.cacheStamp[slot] == c.cacheGen {
		at := c.cacheAt[slot]
		return c.cacheBuf[at : at+c.cacheLen[slot] : at+c.cacheLen[slot]]
	}
	at := int32(len(c.cacheBuf))
	if on {
		c.cacheBuf = c.onToOff(key, l, c.cacheBuf)
	} else {
		c.cacheBuf = c.offToOn(key, l, c.cacheBuf)
	}
	c.cacheStamp[slot], c.cacheAt[slot], c.cacheLen[slot] = c.cacheGen, at, int32(len(c.cacheBuf))-at
	end := int32(len(c.cacheBuf))
	return c.cacheBuf[at:end:end]
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
	cell, d := int(m.key)/c.n, int(m.key)%c.n
	start := int32(len(c.extra))
	if m.cause == causeCell {
		for gone := c.src[cell] &^ c.cand[cell]; gone != 0; gone &= gone - 1 {
			c.extra = append(c.extra, c.offSet[c.candKey(cell, trailing(gone))])
		}
	} else {
		u := c.unitOf(int(m.cause-causeBox), cell)
		for i, o := range c.houses[u] {
			_ = i
			bit := uint32(1) << d
			if c.src[o]&bit != 0 && c.cand[o]&bit == 0 {
				c.extra = append(c.extra, c.offSet[c.candKey(o, d)])
			}
		}
	}
	nd := &c.pool[q]
	nd.extra, nd.nextra = start, int32(len(c.extra))-start
	return q
}
