package grade

import (
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudogen/sudogen/sudoku"
)

// The implication graph: the one model of the links every chaining
// technique searches (SE-RULES.md section 4). Its nodes are the
// candidates of a working grid taken on or off, plus the nodes of the
// extension kinds a search asks for (grouped nodes, almost locked sets:
// nodeKind); its links are
//
//   - on -> off ("weak"): the cell's other candidates (Y-links, when
//     enabled), then the same digit in the other cells of the node's
//     houses (X-links, always), then on a non-consecutive layout the
//     digits next to the node's in its partner cells (SE's links only,
//     with X-links and Y-links alike: SukakuExplainer's rule;
//     consecOff);
//   - off -> on ("strong"): the other candidate of a bivalue cell
//     (Y-links), the other position of the digit in a house where it has
//     exactly two (X-links).
//
// links says which are enabled and in which order they are listed (SE's
// or HoDoKu's). The graph is built once per working grid: in static mode
// each node's list of links is computed on first use and kept (implied)
// until the engine is pointed at another grid, and the strong links (the
// bilocal and bivalue pairs, strongLinks) are listed once; the
// reachability indexes (strongIndex) are indexes over that list. In
// dynamic mode the working grid is a private copy that propagations
// change (remove, restore), and lists are read off it as it stands.
//
// The searches are strategies over the graph, each with its own state:
// SE's cycles and forcing chains (cycleSearch, cycles.go), its multiple,
// dynamic and nested forcing chains (fcSearch and fcBuffers, forcing.go
// and nested.go), HoDoKu's tables, forcing nets and Kraken fish (tabling.go,
// hodoku_forcing.go, fish_kraken.go), HoDoKu's simple chains
// (simpleChainSearch, simple_chains.go: a depth-first search over the kept
// on -> off lists). They take the node pool and the on and off sets of the
// engine (chainer, chain_engine.go), which embeds the graph; the simple
// chains read only the graph. The forcing nets' look-ahead plays HoDoKu's
// singles queues, whose moves are not links (docs/techniques.md).

// gnode names a node of the graph: a key (a candidate, or an extension
// node) taken on or off. Tables, chains read from them and the forcing
// nets' look-ahead entries are lists of gnodes.
type gnode struct {
	key int32
	on  bool
}

// implGraph is the implication graph of one working grid.
type implGraph struct {
	g *Grid
	t *seTables
	n int
	// houses are the grid's houses (its layout's; the classic units
	// first), cellHouses each cell's; onLayout is set on a layout with
	// more than rows, columns and boxes (extra houses, sees pairs).
	houses, cellHouses [][]int
	onLayout           bool
	// consec, on a layout with non-consecutive pairs, lists each cell's
	// partners (Layout.consec); nil otherwise. An on node turns off the
	// digits next to its own in them (consecOff).
	consec [][]int
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
	// srcPos, in dynamic mode, is the static grid's pos (the source
	// grid's positions: onNodeWithHidden's hidden parents of a unit)
	srcPos  [][sudoku.MaxN]uint32
	removed []int32 // dynamic mode: candidate keys removed, in order
	// remEpoch changes whenever removed may lose entries (restore,
	// reset, setDynamic): within an epoch it only grows
	remEpoch uint64
	dynamic  bool
	// zob and curZ: dynamic mode's hash of the working grid (candHash),
	// kept up to date by remove and restore; zob is the hash's table
	zob   []uint64
	curZ  [2]uint64
	ncand int32  // candidate keys: cells*N
	nMul  uint64 // divMul(n): splitKey's multiplier
	nkeys int32  // all keys, extension nodes included
	// kinds are the extension node kinds, kindBase the first key of each
	kinds    []nodeKind
	kindBase []int32
	// implication lists of the static graph (see impliedKey), per links
	cacheLinks links
	cacheOK    bool
	cacheGen   uint32
	cacheStamp []uint32 // per key*2+on: cacheGen when cached
	// cacheList: per key*2+on, the kept list (a piece of cacheBuf, or of
	// the array cacheBuf had before it grew: kept lists are never written)
	cacheList [][]imp
	cacheBuf  []imp
	// scratch holds a dynamic-mode list (impliedKey)
	scratch []imp
	// the strong links of the working grid as candidate key pairs
	// (strongLinks): bilocal (X) and bivalue (Y), listed once per grid
	pairsOK        bool
	xPairs, yPairs [][2]int32
}

// reset builds the graph of g in static mode: g's candidates and unit
// tables are the working grid, the extension kinds are prepared on it and
// no implication list is kept yet.
func (c *implGraph) reset(g *Grid) {
	l := g.lay()
	c.g, c.t, c.n = g, tablesFor(g), l.N
	c.nMul = divMul(c.n)
	c.houses, c.cellHouses, c.onLayout = l.Houses, l.CellHouses, l.extra
	c.consec = l.consec
	c.frame = 0
	if l.Geo != nil {
		c.frame = 3
	}
	c.ncand = int32(l.Cells * c.n)
	c.cand = g.Cand
	c.pos, _ = g.unitTables()
	c.dynamic = false
	c.srcPos = nil
	c.zob = nil
	c.removed = c.removed[:0]
	c.remEpoch = nextRemEpoch()
	c.cacheOK, c.pairsOK = false, false
	c.nkeys = c.ncand
	c.kindBase = c.kindBase[:0]
	for _, k := range c.kinds {
		c.kindBase = append(c.kindBase, c.nkeys)
		c.nkeys += int32(k.prepare(c, c.nkeys))
	}
	if nk := int(c.nkeys); len(c.cacheStamp) < 2*nk {
		c.cacheStamp = make([]uint32, 2*nk)
		c.cacheList = make([][]imp, 2*nk)
		c.cacheGen = 0
	}
	c.dropLists()
}

// dropLists forgets every kept implication list: a new generation, so no
// stamp of cacheStamp equals cacheGen until a list is kept again (the
// fast path of impliedKey reads only the stamp and the links).
func (c *implGraph) dropLists() {
	c.cacheOK = false
	c.cacheGen++
	if c.cacheGen == 0 {
		clear(c.cacheStamp)
		c.cacheGen = 1
	}
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
	prepare(c *implGraph, base int32) int
	// onToOff and offToOn append the nodes implied off (on) by the node
	// of key being on (off), under links l.
	onToOff(c *implGraph, key int32, l links, out []imp) []imp
	offToOn(c *implGraph, key int32, l links, out []imp) []imp
	// candidate returns a candidate standing for node key in a Step's
	// chain (e.g. a group's first cell).
	candidate(c *implGraph, key int32) Candidate
}

// kindOf returns the extension kind owning key (nil for a candidate key)
// and the key's index within the kind's range.
func (c *implGraph) kindOf(key int32) (nodeKind, int32) {
	for i := len(c.kinds) - 1; i >= 0; i-- {
		if key >= c.kindBase[i] {
			return c.kinds[i], key - c.kindBase[i]
		}
	}
	return nil, key
}

// setDynamic switches the engine to dynamic mode on a private copy of the
// grid's candidates (see remove and restore).
func (c *implGraph) setDynamic() {
	if !c.dynamic {
		c.srcPos = c.pos
	}
	c.ownCand = append(c.ownCand[:0], c.g.Cand...)
	if len(c.ownPos) != len(c.pos) {
		c.ownPos = make([][sudoku.MaxN]uint32, len(c.pos))
	}
	copy(c.ownPos, c.pos)
	c.cand, c.pos = c.ownCand, c.ownPos
	c.zob = candHashTable(len(c.cand), c.n)
	c.curZ = candHash(c.zob, c.cand, c.n)
	c.remEpoch = nextRemEpoch()
	c.dynamic = true
	c.pairsOK = false
	c.dropLists()
}

// remove takes candidate key k off the working grid (dynamic mode).
func (c *implGraph) remove(k int32) {
	cell, d := splitKey(k, c.n, c.nMul)
	bit := uint32(1) << d
	if c.cand[cell]&bit == 0 {
		return
	}
	c.cand[cell] &^= bit
	if c.zob != nil {
		c.curZ[0] ^= c.zob[2*k]
		c.curZ[1] ^= c.zob[2*k+1]
	}
	if c.g.Geo != nil {
		f := &c.t.frame[cell]
		c.pos[f.unit[0]][d] &^= f.bit[0]
		c.pos[f.unit[1]][d] &^= f.bit[1]
		c.pos[f.unit[2]][d] &^= f.bit[2]
	}
	if c.onLayout {
		for _, sl := range c.g.L.slots[cell][c.frame:] {
			c.pos[sl.house][d] &^= sl.bit
		}
	}
	c.removed = append(c.removed, k)
	c.pairsOK = false
}

// restore puts back the candidates removed since mark (len(c.removed) at
// that time), newest first.
func (c *implGraph) restore(mark int) {
	frame := c.g.Geo != nil
	for i := len(c.removed) - 1; i >= mark; i-- {
		k := c.removed[i]
		cell, d := splitKey(k, c.n, c.nMul)
		c.cand[cell] |= 1 << d
		if c.zob != nil {
			c.curZ[0] ^= c.zob[2*k]
			c.curZ[1] ^= c.zob[2*k+1]
		}
		if frame {
			f := &c.t.frame[cell]
			c.pos[f.unit[0]][d] |= f.bit[0]
			c.pos[f.unit[1]][d] |= f.bit[1]
			c.pos[f.unit[2]][d] |= f.bit[2]
		}
		if c.onLayout {
			for _, sl := range c.g.L.slots[cell][c.frame:] {
				c.pos[sl.house][d] |= sl.bit
			}
		}
	}
	if mark < len(c.removed) {
		c.remEpoch = nextRemEpoch()
	}
	c.removed = c.removed[:mark]
	c.pairsOK = false
}

// divMul returns the multiplier splitKey divides by n with: ceil(2^32/n).
// For k < 2^16 and n <= 32, k*m>>32 is k/n (m = (2^32+e)/n with e < n, so
// k*m/2^32 = k/n + k*e/(n*2^32) and k*e < 2^32 keeps the floor).
func divMul(n int) uint64 { return (1<<32 + uint64(n) - 1) / uint64(n) }

// splitKey returns the cell and digit (0-based) of candidate key k on a
// grid of n digits, m being divMul(n): a multiplication, where k/n and
// k%n cost a division (the hottest loops split a key per node).
func splitKey(k int32, n int, m uint64) (cell, d int) {
	cell = int(uint64(k) * m >> 32)
	return cell, int(k) - cell*n
}

// candKey is the key of candidate (cell, d) with d 0-based.
func (c *implGraph) candKey(cell, d int) int32 { return int32(cell*c.n + d) }

// cellOf and digitOf0 split a candidate key (0-based digit).
func (c *implGraph) cellOf(k int32) int { return int(k) / c.n }

func (c *implGraph) digitOf0(k int32) int { return int(k) % c.n }

// candidate returns the candidate of a candidate key (for an extension
// node, the candidate its kind says stands for it).
func (c *implGraph) candidate(k int32) Candidate {
	if k >= c.ncand {
		kd, _ := c.kindOf(k)
		return kd.candidate(c, k)
	}
	return Candidate{int(k) / c.n, uint8(int(k)%c.n + 1)}
}

// unitOf returns the unit of type rt (0 block, 1 row, 2 column: order A;
// causeHouse-causeBox+k: the cell's k-th extra house, counted after the
// frame's) holding cell.
func (c *implGraph) unitOf(rt int, cell int) int {
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
func (c *implGraph) regionUnits(cell int, out []int) []int {
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
func (c *implGraph) causeOf(u, cell int) uint8 {
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
func (c *implGraph) onToOff(k int32, l links, out []imp) []imp {
	if k < c.ncand {
		cell, d := splitKey(k, c.n, c.nMul)
		if l.weakY && (!l.hodoku || l.cellFirst) {
			out = c.cellOthers(cell, d, out)
		}
		if c.frame == 3 && !c.onLayout && !l.hodoku && !l.bivalue {
			out = c.seuPeers(cell, d, out)
			goto kinds
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
kinds:
	if c.consec != nil && k < c.ncand && !l.hodoku {
		out = c.consecOff(int(k)/c.n, int(k)%c.n, out)
	}
	for _, kd := range c.kinds {
		out = kd.onToOff(c, k, l, out)
	}
	return out
}

// seuPeers appends the peers of cell holding digit d (0-based) in the
// working grid as off nodes, as the classic frame's SE order lists them
// (seTables.linked[0]: the box's cells, then the row's outside the box,
// then the column's, each ascending), read off the positions of the
// digit in the three units instead of the peers' candidates.
func (c *implGraph) seuPeers(cell, d int, out []imp) []imp {
	n := c.n
	f := &c.t.frame[cell]
	// the box: positions row-major in the box, cell's own left out
	bu := f.unit[2]
	for p := c.pos[bu][d] &^ f.bit[2]; p != 0; p &= p - 1 {
		o := c.houses[bu][trailing(p)]
		out = append(out, imp{int32(o*n + d), causeBox})
	}
	// the row outside the box: columns ascending
	ru := f.unit[0]
	for p := c.pos[ru][d] &^ f.boxIn[0]; p != 0; p &= p - 1 {
		o := c.houses[ru][trailing(p)]
		out = append(out, imp{int32(o*n + d), causeRow})
	}
	// the column outside the box: rows ascending
	cu := f.unit[1]
	for p := c.pos[cu][d] &^ f.boxIn[1]; p != 0; p &= p - 1 {
		o := c.houses[cu][trailing(p)]
		out = append(out, imp{int32(o*n + d), causeCol})
	}
	return out
}

// consecOff appends the candidates a digit next to d (0-based) in the
// non-consecutive partners of cell, as off nodes of cause causeConsec:
// per partner in Layout.consec's order, d+1 then d-1 (SukakuExplainer's
// rule in Chaining.getOnToOff, listed after every other link and used
// with X-links and Y-links alike).
func (c *implGraph) consecOff(cell, d int, out []imp) []imp {
	n := c.n
	for _, p := range c.consec[cell] {
		m := c.cand[p]
		if d+1 < n && m>>(d+1)&1 != 0 {
			out = append(out, imp{int32(p*n + d + 1), causeConsec})
		}
		if d > 0 && m>>(d-1)&1 != 0 {
			out = append(out, imp{int32(p*n + d - 1), causeConsec})
		}
	}
	return out
}

// consecCells adds cell's non-consecutive partners to the per-digit cell
// sets (cw words a digit) of the digits next to d (0-based): the cells
// where the pair links of an on node of (cell, d) lead (consecOff).
func (c *implGraph) consecCells(sets []uint64, cw, cell, d int) {
	if c.consec == nil {
		return
	}
	for _, p := range c.consec[cell] {
		if d > 0 {
			cellSet(sets[(d-1)*cw : d*cw]).add(p)
		}
		if d+1 < c.n {
			cellSet(sets[(d+1)*cw : (d+2)*cw]).add(p)
		}
	}
}

// cellOthers appends the other candidates of cell (digit d excepted),
// ascending, as cell-caused nodes.
func (c *implGraph) cellOthers(cell, d int, out []imp) []imp {
	for m := c.cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
		out = append(out, imp{int32(cell*c.n + trailing(m)), causeCell})
	}
	return out
}

// offToOn appends the nodes implied on by node key being off.
func (c *implGraph) offToOn(k int32, l links, out []imp) []imp {
	if k < c.ncand {
		cell, d := splitKey(k, c.n, c.nMul)
		start := len(out)
		if l.strongY && (!l.hodoku || l.cellFirst) {
			out = c.bivalueOther(cell, d, out)
		}
		if l.strongX {
			order := unitTypes[0][:c.frame]
			if l.hodoku {
				order = unitTypes[1][:c.frame]
			}
			if c.frame == 3 {
				// unitOf and the cell's index by the frame table
				f := &c.t.frame[cell]
				for _, rt := range order {
					fi := frameOfType[rt]
					u := f.unit[fi]
					p := c.pos[u][d]
					if popc(p) != 2 {
						continue
					}
					o := c.houses[u][trailing(p&^f.bit[fi])]
					out = appendNew(out, start, imp{int32(o*c.n + d), causeBox + uint8(rt)})
				}
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

// frameOfType maps a unit type as unitOf takes it (0 block, 1 row, 2
// column) to its index in frameCell (row, column, box).
var frameOfType = [3]int{2, 0, 1}

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
func (c *implGraph) bivalueOther(cell, d int, out []imp) []imp {
	m := c.cand[cell]
	if popc(m) == 2 {
		out = append(out, imp{int32(cell*c.n + trailing(m&^(1<<d))), causeCell})
	}
	return out
}

// impliedKey is implied for the node of key with polarity on.
func (c *implGraph) impliedKey(key int32, on bool, l links) []imp {
	// the static list already kept (small enough to be inlined)
	slot := 2 * key
	if on {
		slot++
	}
	if c.cacheStamp[slot] == c.cacheGen && c.cacheLinks == l {
		return c.cacheList[slot]
	}
	return c.impliedSlow(key, on, l)
}

// keepLinks makes l the links of the kept lists (dropping those kept for
// other links), so that kept can be used until a list of other links is
// asked for.
func (c *implGraph) keepLinks(l links) {
	if c.dynamic {
		c.cacheLinks = l
		return
	}
	if !c.cacheOK || c.cacheLinks != l {
		c.dropLists()
		c.cacheOK, c.cacheLinks = true, l
		c.cacheBuf = c.cacheBuf[:0]
	}
}

// kept is impliedKey under the links of the last keepLinks for the
// node of slot 2*key (off) or 2*key+1 (on); small enough to be inlined
// in the searches' inner loops.
func (c *implGraph) kept(slot int32) []imp {
	if c.cacheStamp[slot] == c.cacheGen {
		return c.cacheList[slot]
	}
	return c.keptSlow(slot)
}

// keptSlow is kept when the list is not kept yet (not inlined, so that
// kept is).
//
//go:noinline
func (c *implGraph) keptSlow(slot int32) []imp {
	return c.impliedSlow(slot>>1, slot&1 != 0, c.cacheLinks)
}

// impliedSlow is impliedKey when the list is not kept yet.
func (c *implGraph) impliedSlow(key int32, on bool, l links) []imp {
	if c.dynamic {
		if on {
			c.scratch = c.onToOff(key, l, c.scratch[:0])
		} else {
			c.scratch = c.offToOn(key, l, c.scratch[:0])
		}
		return c.scratch
	}
	if !c.cacheOK || c.cacheLinks != l {
		c.dropLists()
		c.cacheOK, c.cacheLinks = true, l
		c.cacheBuf = c.cacheBuf[:0]
	}
	slot := 2 * key
	if on {
		slot++
	}
	if c.cacheStamp[slot] == c.cacheGen {
		return c.cacheList[slot]
	}
	at := int32(len(c.cacheBuf))
	if on {
		c.cacheBuf = c.onToOff(key, l, c.cacheBuf)
	} else {
		c.cacheBuf = c.offToOn(key, l, c.cacheBuf)
	}
	end := int32(len(c.cacheBuf))
	c.cacheStamp[slot], c.cacheList[slot] = c.cacheGen, c.cacheBuf[at:end:end]
	return c.cacheList[slot]
}

// strongLinks lists the strong links of the working grid, each once, as
// pairs of candidate keys: xs the bilocal pairs (a digit with exactly two
// positions in a house; houses in layout order, a pair an earlier house
// has already left out), ys the bivalue cells (cells ascending). The
// lists are made on the first call after the grid changed and shared
// (not to be modified); the reachability indexes (strongIndex) are built
// from them.
func (c *implGraph) strongLinks() (xs, ys [][2]int32) {
	if c.pairsOK {
		return c.xPairs, c.yPairs
	}
	n := c.n
	geo := c.g.Geo
	xs, ys = c.xPairs[:0], c.yPairs[:0]
	for u := range c.houses {
		for d := 0; d < n; d++ {
			p := c.pos[u][d]
			if popc(p) != 2 {
				continue
			}
			a, b := c.houses[u][trailing(p)], c.houses[u][trailing(p&(p-1))]
			// a box's pair that is also its row's or column's pair
			// (units come rows, columns, boxes) is there already
			if geo != nil && u >= 2*n && u < 3*n && (geo.Row[a] == geo.Row[b] && popc(c.pos[geo.Row[a]][d]) == 2 ||
				geo.Col[a] == geo.Col[b] && popc(c.pos[n+geo.Col[a]][d]) == 2) {
				continue
			}
			// so is an extra house's pair that an earlier house has
			if u >= c.frame*n && c.pairBefore(u, a, b, d) {
				continue
			}
			xs = append(xs, [2]int32{int32(a*n + d), int32(b*n + d)})
		}
	}
	for cell, m := range c.cand {
		if popc(m) != 2 {
			continue
		}
		ys = append(ys, [2]int32{int32(cell*n + trailing(m)), int32(cell*n + trailing(m&(m-1)))})
	}
	c.xPairs, c.yPairs, c.pairsOK = xs, ys, true
	return xs, ys
}

// pairBefore reports whether a house before u holds cells a and b as the
// only two positions of digit d (0-based).
func (c *implGraph) pairBefore(u, a, b, d int) bool {
	for _, h := range c.cellHouses[a] {
		if h < u && c.t.inUnit[h][b] >= 0 && popc(c.pos[h][d]) == 2 {
			return true
		}
	}
	return false
}

// candHashTable returns the table of candHash for grids of cells*n
// candidate keys: two random words per key, the same for every engine
// (a hash is compared across searches and steps).
func candHashTable(cells, n int) []uint64 {
	ncand := cells * n
	candHashMu.Lock()
	defer candHashMu.Unlock()
	if t := candHashTabs[ncand]; t != nil {
		return t
	}
	if candHashTabs == nil {
		candHashTabs = map[int][]uint64{}
	}
	t := make([]uint64, 2*ncand)
	rng := rand.New(rand.NewPCG(uint64(ncand), 0x9e3779b97f4a7c15))
	for i := range t {
		t[i] = rng.Uint64()
	}
	candHashTabs[ncand] = t
	return t
}

var (
	candHashMu   sync.Mutex
	candHashTabs map[int][]uint64
)

// candHash hashes a grid's candidates (n digits per cell) as the XOR of
// the table's words of its candidate keys (two independent 64-bit
// hashes): removing or restoring a candidate updates it in O(1)
// (implGraph.remove, restore).
func candHash(tab []uint64, cand []uint32, n int) [2]uint64 {
	var h [2]uint64
	for cell, m := range cand {
		for ; m != 0; m &= m - 1 {
			k := cell*n + trailing(m)
			h[0] ^= tab[2*k]
			h[1] ^= tab[2*k+1]
		}
	}
	return h
}

// remEpochs numbers the epochs of every engine's removal list (one
// counter for all, so an engine's epoch is never one it had before).
var remEpochs atomic.Uint64

func nextRemEpoch() uint64 { return remEpochs.Add(1) }
