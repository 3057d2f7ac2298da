package grade

import (
	"math/bits"
	"slices"
	"sort"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// Sudoku Explainer's producer 21 (SE-RULES.md section 4.3): static
// X-cycles, Y-cycles, XY-cycles, forcing X-chains and forcing chains, on
// the chain engine (chain_engine.go).

var cycleTechniques = []Technique{
	{ID: "x-cycle", Name: "Bidirectional X-Cycle", Family: "chains", Houses: true, SE: 6.5, SENote: "+ length bonus",
		Find: findCycles, Explain: explainChain},
	{ID: "y-cycle", Name: "Bidirectional Y-Cycle", Family: "chains", Houses: true, SE: 6.5, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
	{ID: "forcing-x-chain", Name: "Forcing X-Chain", Family: "chains", Houses: true, SE: 6.6, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
	{ID: "xy-cycle", Name: "Bidirectional Cycle", Family: "chains", Houses: true, SE: 7.0, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
	{ID: "forcing-xy-chain", Name: "Forcing Chain (X and Y links)", Family: "chains", Houses: true, SE: 7.0, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
}

func init() { registerTechniques(cycleTechniques...) }

// cycles runs SE's layered cycle search from node start (on) and records
// in c.rec every derived on node equal to it (from the second round).
// Nodes deeper than maxDepth are not expanded (static chains: a cycle
// closing at depth k has complexity k). With si (the index of the same
// links) the search keeps to the start's strongly connected component:
// every node on a cycle through the start is in it, and so is every
// ancestor of such a node, so the cycles recorded, their nodes, depths
// and order are those of the whole search.
func (c *chainer) cycles(cell, d int, xLinks, yLinks bool, maxDepth int, si *strongIndex) {
	c.cyclesLean(cell, d, xLinks, yLinks, maxDepth, si, false)
}

// cyclesLean is cycles; with lean it makes no off node without
// successors (no strong link leaves it): such a node ends no cycle and is
// the parent of none, so the on nodes, the cycles recorded and their
// order are the same, with fewer nodes in the pool. The nesting levels
// count pool nodes as work, so their searches are not lean.
func (c *chainer) cyclesLean(cell, d int, xLinks, yLinks bool, maxDepth int, si *strongIndex, lean bool) {
	l := seLinks(xLinks, yLinks)
	sk := c.candKey(cell, d)
	if si != nil {
		si.keepSCC(sk)
	}
	c.keepLinks(l)
	s := c.premise(sk, true)
	c.pendOn = append(c.pendOn[:0], s)
	c.pendOff = c.pendOff[:0]
	c.rec = c.rec[:0]
	c.truncated = false
	// virtual counts the off nodes without successors (kept by si) that
	// a search that is not lean makes: they end no cycle and are the
	// parent of none, so they are only counted, and the pool is made that much
	// longer at the end (its length is the work the nesting levels
	// count; the slots past the real nodes are never read)
	virtual := 0
	defer func() { c.padPool(virtual) }()
	length := 0
	for len(c.pendOn) > 0 || len(c.pendOff) > 0 {
		length++
		if length >= maxDepth {
			c.truncated = true
			break
		}
		for _, p := range c.pendOn {
			for _, m := range c.kept(2*c.pool[p].key + 1) {
				if next := c.kept(2 * m.key); len(next) == 0 || si != nil && deadEnd(next, si, sk) {
					// a leaf: no strong link leaves it, or none to an
					// on node the search keeps or to the start (see
					// virtual); never an ancestor (an off ancestor
					// has a child)
					if !lean {
						virtual++
					}
					continue
				}
				if c.isAncestorOf(p, m.key, false) {
					continue
				}
				q := c.newNode(m.key, false, m.cause, p)
				c.pendOff = append(c.pendOff, q)
				c.setOff(m.key, q)
			}
		}
		c.pendOn = c.pendOn[:0]
		length++
		if length > maxDepth {
			c.truncated = true
			break
		}
		for i := 0; i < len(c.pendOff); i++ {
			p := c.pendOff[i]
			for _, m := range c.kept(2 * c.pool[p].key) {
				q := int32(-1)
				if length >= 4 && m.key == sk {
					q = c.newNode(m.key, true, m.cause, p)
					c.rec = append(c.rec, q)
				}
				if !c.inOn(m.key) && (si == nil || si.keeps(m.key)) {
					if q < 0 {
						q = c.newNode(m.key, true, m.cause, p)
					}
					c.pendOn = append(c.pendOn, q)
					c.setOn(m.key, q)
				}
			}
		}
		c.pendOff = c.pendOff[:0]
	}
}

// deadEnd reports whether an off node with the strong links next has no
// child in a cycle search kept by si from start sk: each link leads to an
// on node the search does not keep, and none to the start.
func deadEnd(next []imp, si *strongIndex, sk int32) bool {
	for _, x := range next {
		if x.key == sk || si.keeps(x.key) {
			return false
		}
	}
	return true
}

// forcing runs SE's layered forcing-chain search from the start candidate
// with the given polarity and returns the node equal to its opposite (the
// target), or -1. Nodes at depth maxDepth are not expanded (a target at
// depth k has complexity k+1). With si (the index of the same links) the
// search leaves out the on nodes that cannot reach the target: the
// target's ancestors all reach it, so its node, depth and chain are those
// of the whole search.
func (c *chainer) forcing(cell, d int, on bool, yLinks bool, maxDepth int, si *strongIndex) int32 {
	l := seLinks(true, yLinks)
	c.begin()
	sk := c.candKey(cell, d)
	if si != nil {
		si.keepReaching(&c.implGraph, sk, !on)
	}
	c.keepLinks(l)
	s := c.newNode(sk, on, causeNone, -1)
	target := int32(-1)
	c.truncated = false
	c.pendOn, c.pendOff = c.pendOn[:0], c.pendOff[:0]
	if on {
		c.setOn(sk, s)
		c.pendOn = append(c.pendOn, s)
	} else {
		c.setOff(sk, s)
		c.pendOff = append(c.pendOff, s)
	}
	// virtual: the off nodes without successors, counted, not made (as
	// in cyclesLean); one at depth maxDepth would have cut the search
	virtual := 0
	defer func() { c.padPool(virtual) }()
	for len(c.pendOn) > 0 || len(c.pendOff) > 0 {
		for _, p := range c.pendOn {
			if int(c.pool[p].depth) >= maxDepth {
				c.truncated = true
				continue
			}
			for _, m := range c.kept(2*c.pool[p].key + 1) {
				isTarget := on && target < 0 && m.key == sk
				if !isTarget && c.inOff(m.key) {
					continue
				}
				if !isTarget && len(c.kept(2*m.key)) == 0 {
					virtual++
					c.setOff(m.key, -1)
					if int(c.pool[p].depth)+1 >= maxDepth {
						c.truncated = true
					}
					continue
				}
				q := c.newNode(m.key, false, m.cause, p)
				if isTarget {
					target = q
				}
				if !c.inOff(m.key) {
					c.setOff(m.key, q)
					c.pendOff = append(c.pendOff, q)
				}
			}
		}
		c.pendOn = c.pendOn[:0]
		for i := 0; i < len(c.pendOff); i++ {
			p := c.pendOff[i]
			if int(c.pool[p].depth) >= maxDepth {
				c.truncated = true
				continue
			}
			for _, m := range c.kept(2 * c.pool[p].key) {
				isTarget := !on && target < 0 && m.key == sk
				if !isTarget && (c.inOn(m.key) || (si != nil && !si.keeps(m.key))) {
					continue
				}
				q := c.newNode(m.key, true, m.cause, p)
				if isTarget {
					target = q
				}
				if !c.inOn(m.key) {
					c.setOn(m.key, q)
					c.pendOn = append(c.pendOn, q)
				}
			}
		}
		c.pendOff = c.pendOff[:0]
		if target >= 0 {
			break // later layers cannot change the first occurrence
		}
	}
	return target
}

// chainHint is one candidate hint of producer 21 before sorting.
type chainHint struct {
	diff       float64
	complexity int
	key        int
	tech       string
	el         []Candidate // sorted by (cell, digit)
	place      Candidate   // Digit 0: none
	chain      []Node
	// path is the chain from its start to its last node, with causes
	// (rule parents and signatures of nested use); cycle marks a cycle.
	path  []pathNode
	cycle bool
	// seq orders hints by SE's generation order (pass, cell, digit,
	// cycle / forcing from on / forcing from off, record).
	seq int64
}

// pathNode is a node of a static chain kept beyond its search.
type pathNode struct {
	key   int32
	on    bool
	cause uint8
}

// pathOf lists the nodes from the start to x along first parents.
func (c *chainer) pathOf(x int32) []pathNode {
	n := 0
	for y := x; y >= 0; y = c.pool[y].parent {
		n++
	}
	out := make([]pathNode, n)
	for y := x; y >= 0; y = c.pool[y].parent {
		n--
		nd := &c.pool[y]
		out[n] = pathNode{nd.key, nd.on, nd.cause}
	}
	return out
}

// chainBefore orders producer-21 hints: difficulty, complexity, sort key.
func chainBefore(a, b *chainHint) bool {
	if a.diff != b.diff {
		return a.diff < b.diff
	}
	if a.complexity != b.complexity {
		return a.complexity < b.complexity
	}
	return a.key < b.key
}

// chainFirst is chainBefore with SE's generation order as the last key:
// the hint SE emits is the least by this order.
func chainFirst(a, b *chainHint) bool {
	if chainBefore(a, b) {
		return true
	}
	if chainBefore(b, a) {
		return false
	}
	return a.seq < b.seq
}

// maxComplexity is the largest complexity a hint of this base and sort key
// may have and still come before best (ties on complexity are kept: the
// generation order decides them).
func maxComplexity(base float64, key int, best *chainHint) int {
	cx := 0
	for {
		h := chainHint{diff: base + lengthBonus(cx+1), complexity: cx + 1, key: key}
		if chainBefore(best, &h) {
			return cx
		}
		cx++
	}
}

// chainSweeps are the complexity caps of the successive sweeps of the
// pruned search: a cheap shallow sweep finds a bound that prunes the deep
// one. The result does not depend on them (the last sweep is unbounded and
// hints are compared in SE's full order).
var chainSweeps = []int{1 << 30}

// cycleSearch is producer 21 as a search strategy over the engine's
// implication graph: it owns its state (the strong indexes of its three
// passes, which searches already ran, the index's answers, the scratch of
// its hints) and borrows the engine (c) for the searches themselves.
// Its buffers are reused from search to search: pooled for a step's own
// search (findCycles), kept by the step's fcContext inside the nesting
// levels (fcContext.getCycleSearch).
type cycleSearch struct {
	c *chainer
	// inner marks a search run for a nesting level: its hints need no
	// display chain.
	inner bool
	// done marks (pass, candidate, kind) searches already run to the end
	// in an earlier sweep (done[i] == doneGen).
	done    []uint32
	doneGen uint32
	// strong are the reachability indexes of the three passes (X-links,
	// Y-links, both) over the engine's graph.
	strong [3]strongIndex
	// bounds: the passes' complexity lower bounds over their indexes
	// (cycles_bound.go), reset when an index is built
	bounds [3]qBound
	// xyImp: the both-links index's answers per candidate (search)
	xyImp []int8
	// loop, seenOn, seenOff: cycleHint's scratch (the loop's cells, per
	// digit the cells its on and off nodes see)
	loop            cellSet
	seenOn, seenOff []uint64
	// memo, set by findCycles inside the solving loop, remembers the
	// digits the X-links pass found nothing for (search)
	memo *digitMemo
	// dm, set inside the nesting levels, keeps the X-links pass's hints
	// per digit state (nested_p21digit.go); skipped counts the nodes of
	// the searches its answers stood for, virtFinal (-1: none) is the
	// node count of the pass's last search when that was one of them, and
	// curAfter0 the engine's search generation after the pass
	dm        *p21DigitMemo
	skipped   int64
	virtFinal int
	curAfter0 uint32
	// prune, set inside the nesting levels of a run without a work
	// budget, skips the cycle searches from candidates no cycle through
	// which eliminates anything (strongIndex.cycleMayEliminate): the
	// same hints, fewer nodes made (a budget counts the nodes of every
	// search, so a run with one makes them all)
	prune bool
	// src, set inside the nesting levels when the propagation's source
	// grid has no forcing chain of producer 21's both-links pass
	// (srcFacts.quiet), is that grid's candidates: a forcing chain
	// of the working grid then runs through a strong link the source
	// grid lacks (nrPrepare), which rules out most candidates before the
	// strong index is asked about them. nrOn, nrPeers, nrCells are that
	// filter's tables.
	src     []uint32
	nrOn    []uint64
	nrPeers []uint64
	nrCells []uint32
	// nrWant (nrPrepare, passes 0 and 2): per cell, the digits whose
	// candidates may be answered yes by some question (see nrWanted)
	nrWant []uint32
	// srcSeen, srcCount (nrPrepare): the source grid the counts were
	// made for, and per house (rows, columns, boxes) and digit its places
	// there
	srcSeen  []uint32
	srcCount []uint8
}

var cycleSearchPool = sync.Pool{New: func() any { return new(cycleSearch) }}

// getCycleSearch returns a pooled producer-21 search over engine c (a
// step's own: hints with their display chains).
func getCycleSearch(c *chainer) *cycleSearch {
	cs := cycleSearchPool.Get().(*cycleSearch)
	cs.c, cs.inner, cs.dm, cs.prune, cs.src = c, false, nil, false, nil
	return cs
}

// release returns the search to the pool (its engine is the caller's).
func (cs *cycleSearch) release() {
	cs.c, cs.memo = nil, nil
	cycleSearchPool.Put(cs)
}

// search runs the three passes of producer 21 (X-links, Y-links,
// both; SE-RULES.md 4.3), asking the passes' strong indexes which searches
// can find anything. With all == nil it only keeps the first hint SE
// would take (pruning searches that cannot beat it) and returns it;
// otherwise it appends every hint to *all in
// SE's generation order.
//
// With cs.memo (the solving loop's, for a search on the grid itself) the
// X-links pass skips the digits it found nothing for when their places
// were the same (digitMemo): that pass follows one digit's links only,
// so its searches of a digit read only where the digit is. A digit is
// remembered when every search of it ran to the end (not cut by the
// depth limit the best hint so far sets) and found no hint.
func (cs *cycleSearch) search(all *[]chainHint) (chainHint, bool) {
	c := cs.c
	memo := cs.memo
	if all != nil || c.consec != nil {
		// (non-consecutive links join digits: the X-links pass no
		// longer keeps to one digit's places, which the memos stand on)
		memo = nil
	}
	g := c.g
	n := c.n
	var best chainHint
	have := false
	// pass 0 and the memo: skip, the digits skipped; dirty, the digits
	// some search of which found a hint or was cut
	var skip, dirty uint64
	var pos [][sudoku.MaxN]uint32
	if memo != nil {
		pos, _ = g.unitTables()
		for d := 0; d < n; d++ {
			if memo.same(d, pos) {
				skip |= 1 << d
			}
		}
	}
	// bestGen counts the changes of best (limit's cache is of one best)
	bestGen := 0
	consider := func(h chainHint) {
		if all != nil {
			*all = append(*all, h)
			return
		}
		if !have || chainFirst(&h, &best) {
			best, have = h, true
			bestGen++
		}
	}
	// worse reports (pruned mode) that a hint of this rating cannot beat
	// the best so far, so it need not be built.
	worse := func(base float64, cx, key int, seq int64) bool {
		if all != nil || !have {
			return false
		}
		h := chainHint{diff: base + lengthBonus(cx), complexity: cx, key: key, seq: seq}
		return !chainFirst(&h, &best)
	}
	sweeps := chainSweeps
	if all != nil {
		sweeps = []int{1 << 30}
	}
	// the per-digit memo of the X-links pass (full lists only)
	dm := cs.dm
	if all == nil || p21DigitMemoOff || c.consec != nil {
		dm = nil // (c.consec: see memo)
	}
	cs.skipped, cs.virtFinal = 0, -1
	var hitMask uint64
	if dm != nil {
		dm.prepare(g.lay(), g.Cand, n)
		for d := 0; d < n; d++ {
			if dm.hit[d] != nil {
				hitMask |= 1 << d
			}
		}
	}
	if len(sweeps) > 1 {
		memo, skip = nil, 0 // a digit's searches may be cut in one sweep and not the next
	}
	nc := len(g.Cand) * n
	if len(cs.done) != 9*nc {
		cs.done = make([]uint32, 9*nc)
		cs.doneGen = 0
	}
	cs.doneGen++
	if cs.doneGen == 0 {
		clear(cs.done)
		cs.doneGen = 1
	}
	var cycleBase, forcingBase [3]float64
	for pass := 0; pass < 3; pass++ {
		cycleBase[pass] = mustTech(cycleTechs[pass]).SE
		forcingBase[pass] = mustTech(forcingTechs[pass]).SE
	}
	// reachability (strongIndex): the graph of both links first, whose
	// answers bound those of X-links and Y-links alone (subgraphs): a
	// pass's own index is built only when some candidate needs it
	xy := &cs.strong[2]
	xy.build(&c.implGraph, true, true)
	cs.bounds[2].reset(xy)
	// xyImp[2*ci+k]: the both-links answer for candidate ci on (k 0) or
	// off (k 1), asked by passes 0 and 2: 0 not asked yet, 1 no, 2 yes
	if len(cs.xyImp) != 2*nc {
		cs.xyImp = make([]int8, 2*nc)
	}
	clear(cs.xyImp)
	var built [3]bool
	built[2] = true
	index := func(pass int) *strongIndex {
		if !built[pass] {
			cs.strong[pass].build(&c.implGraph, pass != 1, pass != 0)
			cs.bounds[pass].reset(&cs.strong[pass])
			built[pass] = true
		}
		return &cs.strong[pass]
	}
	// bound returns the complexity bounds of a pass's index (built)
	bound := func(pass int) *qBound {
		index(pass)
		return &cs.bounds[pass]
	}
	longCycle := func(pass int, ci int32) bool {
		// with prune, a cycle search runs only where a cycle of the pass
		// may eliminate something: the both-links index's "no" is the
		// answer for its subgraphs too (their components and partners
		// are within its own), so the pass's index is asked (and built)
		// only after a "yes"; the answer is the pass's own, so pass 0's
		// searches stay a function of the digit's places (p21DigitMemo)
		if !xy.onLongCycle(ci) || cs.prune && !xy.cycleMayEliminate(&c.implGraph, ci) {
			return false
		}
		if pass == 2 {
			return true
		}
		si := index(pass)
		return si.onLongCycle(ci) && (!cs.prune || si.cycleMayEliminate(&c.implGraph, ci))
	}
	nr := all != nil && cs.src != nil && cs.nrPrepare(xy)
	implies := func(pass int, ci int32, k int) bool {
		on := k == 0
		a := &cs.xyImp[2*int(ci)+k]
		if *a == 0 {
			*a = 1
			if (!nr || cs.nrMay(xy, ci, on)) && xy.implies(&c.implGraph, ci, on) {
				*a = 2
			}
		}
		return *a == 2 && (pass == 2 || index(pass).implies(&c.implGraph, ci, on))
	}
	// maxComplexity of the bases asked, for the best of generation limGen
	var limBase [4]float64
	var limKey, limVal [4]int
	limN, limGen := 0, -1
	for sw, cap := range sweeps {
		last := sw == len(sweeps)-1
		limit := func(base float64, key int) int {
			lim := cap
			if have && all == nil {
				if limGen != bestGen {
					limN, limGen = 0, bestGen
				}
				m := -1
				for i := 0; i < limN; i++ {
					if limBase[i] == base && limKey[i] == key {
						m = limVal[i]
						break
					}
				}
				if m < 0 {
					m = maxComplexity(base, key, &best)
					if limN == len(limBase) {
						limN = 0
					}
					limBase[limN], limKey[limN], limVal[limN] = base, key, m
					limN++
				}
				if m < lim {
					lim = m
				}
			}
			return lim
		}
		for pass := 0; pass < 3; pass++ {
			if pass == 1 && dm != nil {
				cs.firstPass(all, g.Cand, n)
			}
			// rec: the digit's result being recorded (pass 0, dm)
			var rec *p21DigitResult
			if pass == 1 && memo != nil {
				for d := 0; d < n; d++ {
					if (skip|dirty)&(1<<d) == 0 {
						memo.record(d, pos)
					}
				}
			}
			dirty = 0
			xLinks, yLinks := pass != 1, pass != 0
			key := pass + 2
			cycBase, fcBase := cycleBase[pass], forcingBase[pass]
			for cell, m := range g.Cand {
				if popc(m) < 2 || (pass == 1 && popc(m) != 2) {
					continue
				}
				mm := m
				if pass == 0 {
					mm &^= uint32(skip | hitMask)
				}
				if nr && pass != 1 && !nrWantOff {
					mm &= cs.nrWant[cell]
				}
				for ; mm != 0; mm &= mm - 1 {
					d := trailing(mm)
					ci := cell*n + d
					if pass == 0 && dm != nil {
						rec = dm.rec[d]
					}
					seq := int64((pass*nc+ci)*3) << 16
					slot := (pass*nc + ci) * 3
					if lim := limit(cycBase, key); lim < 4 {
						dirty |= 1 << d // not searched: not known
					} else if cs.done[slot] != cs.doneGen && longCycle(pass, int32(ci)) {
						c.cyclesLean(cell, d, xLinks, yLinks, lim, index(pass), all == nil)
						if rec != nil {
							rec.searched(ci, len(c.pool))
						}
						if !c.truncated || last {
							cs.done[slot] = cs.doneGen
						}
						if c.truncated {
							dirty |= 1 << d
						}
						for k, r := range c.rec {
							if worse(cycBase, c.ancestors(r), key, seq+int64(k)) {
								dirty |= 1 << d
								continue
							}
							if h, ok := cs.cycleHint(r, pass, key); ok {
								h.seq = seq + int64(k)
								if rec != nil {
									rec.hints = append(rec.hints, h)
									continue
								}
								consider(h)
								dirty |= 1 << d
							}
						}
					}
					if pass == 1 {
						continue
					}
					for k, on := range [2]bool{true, false} {
						lim := limit(fcBase, key)
						if lim < 2 {
							dirty |= 1 << d
							continue
						}
						if cs.done[slot+1+k] == cs.doneGen || !implies(pass, int32(ci), k) {
							continue
						}
						if all == nil && !bound(pass).forcingMay(&c.implGraph, int32(ci), k == 0, lim) {
							dirty |= 1 << d // not searched: not known
							continue
						}
						t := c.forcing(cell, d, on, yLinks, lim-1, index(pass))
						if rec != nil {
							rec.searched(ci, len(c.pool))
						}
						if !c.truncated || last {
							cs.done[slot+1+k] = cs.doneGen
						}
						if c.truncated || t >= 0 {
							dirty |= 1 << d
						}
						if t >= 0 && !worse(fcBase, c.ancestors(t), key, seq+int64(1+k)<<15) {
							h := cs.forcingHint(t, pass, key)
							h.seq = seq + int64(1+k)<<15
							if rec != nil {
								rec.hints = append(rec.hints, h)
								continue
							}
							consider(h)
						}
					}
				}
			}
		}
	}
	return best, have
}

// nrPrepare readies the filter of the both-links index xy's implication
// questions on a working grid whose source grid cs.src has no forcing
// chain (srcFacts.quiet). A path of the working grid's graph from A
// to not-A whose strong links the source grid has too (the same two
// places of a digit in a house, the same bivalue cell; the working grid's
// candidates are the source's less some) is a path of the source grid's
// graph, which has none; so it runs through a new strong link, and
// everything after the last one is reached from that link's ends. nrOn
// gets the components reached from the new links' ends, nrPeers (per
// digit) and nrCells (per cell) where their strong nodes' weak links
// lead (non-consecutive partners included). Classic frames only
// (false: no filter).
func (cs *cycleSearch) nrPrepare(xy *strongIndex) bool {
	c := cs.c
	if c.frame != 3 || c.onLayout || len(cs.src) != len(c.cand) {
		return false
	}
	n, geo := c.n, c.g.Geo
	cs.nrOn = resized(cs.nrOn, xy.words)
	// srcPair reports whether digit d has two places in house u of the
	// source grid (the counts are kept while the source grid is the same)
	if !slices.Equal(cs.srcSeen, cs.src) {
		cs.srcSeen = append(cs.srcSeen[:0], cs.src...)
		cs.srcCount = resized(cs.srcCount, 3*n*n)
		for u := 0; u < 3*n; u++ {
			cnt := cs.srcCount[u*n : (u+1)*n]
			for _, x := range c.houses[u] {
				for m := cs.src[x]; m != 0; m &= m - 1 {
					cnt[trailing(m)]++
				}
			}
		}
	}
	srcPair := func(u, d int) bool { return cs.srcCount[u*n+d] == 2 }
	addEnds := func(pr [2]int32) {
		for _, k := range pr {
			orInto(cs.nrOn, xy.row(xy.ids[k]-1))
		}
	}
	xs, ys := c.strongLinks()
	for _, pr := range xs {
		a, b, d := int(pr[0])/n, int(pr[1])/n, int(pr[0])%n
		old := geo.Row[a] == geo.Row[b] && srcPair(geo.Row[a], d) ||
			geo.Col[a] == geo.Col[b] && srcPair(n+geo.Col[a], d) ||
			geo.Box[a] == geo.Box[b] && srcPair(2*n+geo.Box[a], d)
		if !old {
			addEnds(pr)
		}
	}
	for _, pr := range ys {
		if cell := int(pr[0]) / n; cs.src[cell] != c.cand[cell] {
			addEnds(pr)
		}
	}
	cw := len(c.t.peerMask[0])
	cs.nrPeers = resized(cs.nrPeers, n*cw)
	if cap(cs.nrCells) < len(c.cand) {
		cs.nrCells = make([]uint32, len(c.cand))
	}
	cs.nrCells = cs.nrCells[:len(c.cand)]
	clear(cs.nrCells)
	for id, k := range xy.keys {
		if !cellSet(cs.nrOn).has(int(xy.comp[id])) {
			continue
		}
		cell, d := splitKey(k, n, c.nMul)
		orInto(cs.nrPeers[d*cw:(d+1)*cw], c.t.peerMask[cell])
		cs.nrCells[cell] |= 1 << d
		c.consecCells(cs.nrPeers, cw, cell, d)
	}
	cs.nrWanted(xy)
	return true
}

// nrWantOff turns nrWant's mask off (a test compares runs with and
// without it).
var nrWantOff bool

// nrWanted fills nrWant: per cell, the digits of the strong nodes of xy
// (the only candidates on a cycle, and the only ones whose off node may
// imply their on node) and those nrMay may answer yes for taken on (its
// digit's nrPeers holds the cell, or nrCells holds another digit of the
// cell). Every other candidate of the cell gets "no" to all three of the
// passes' questions (onLongCycle, implies on, implies off) from the
// both-links index and from nrMay, so passes 0 and 2 skip it: the same
// searches run, in the same order.
func (cs *cycleSearch) nrWanted(xy *strongIndex) {
	c := cs.c
	n := c.n
	cs.nrWant = resized(cs.nrWant, len(c.cand))
	want := cs.nrWant
	for _, k := range xy.keys {
		cell, d := splitKey(k, n, c.nMul)
		want[cell] |= 1 << d
	}
	cw := len(c.t.peerMask[0])
	for d := 0; d < n; d++ {
		for w, x := range cs.nrPeers[d*cw : (d+1)*cw] {
			for ; x != 0; x &= x - 1 {
				want[w<<6+bits.TrailingZeros64(x)] |= 1 << d
			}
		}
	}
	for cell, m := range cs.nrCells {
		if m != 0 {
			if m&(m-1) != 0 {
				want[cell] = ^uint32(0)
			} else {
				want[cell] |= ^m
			}
		}
	}
}

// nrMay reports whether candidate key taken on (off) may imply itself
// off (on) on the working grid, by nrPrepare's tables: its off node is
// reached through a weak link from a strong node of a component in nrOn
// (a peer with its digit, another candidate of its cell, or on a
// non-consecutive layout a digit next to its own in a partner cell), its on node
// through a strong link into it, so its component is in nrOn.
func (cs *cycleSearch) nrMay(xy *strongIndex, key int32, on bool) bool {
	cell, d := splitKey(key, cs.c.n, cs.c.nMul)
	if on {
		cw := len(cs.c.t.peerMask[0])
		return cellSet(cs.nrPeers[d*cw:(d+1)*cw]).has(cell) || cs.nrCells[cell]&^(1<<d) != 0
	}
	id := xy.ids[key] - 1
	return id >= 0 && cellSet(cs.nrOn).has(int(xy.comp[id]))
}

// cycleTechs and forcingTechs name the hints of producer 21's three passes
// (X links only, Y links only, both; no forcing Y-chains exist).
var (
	cycleTechs   = [3]string{"x-cycle", "y-cycle", "xy-cycle"}
	forcingTechs = [3]string{"forcing-x-chain", "forcing-x-chain", "forcing-xy-chain"}
)

// findCycles is producer 21: the three passes (X only, Y only, X and Y),
// all hints sorted by (difficulty, complexity, sort key), duplicates by
// elimination set dropped. The first hint comes from a pruned search;
// only a caller asking for more pays for the full list.
func findCycles(g *Grid, _ *Ctx, emit func(*Step) bool) {
	c := getChainer(g)
	defer c.release()
	cs := getCycleSearch(c)
	defer cs.release()
	if g.memo != nil {
		cs.memo = &g.memo.seXCycles
		cs.memo.forLayout(g.lay())
	}
	first, ok := cs.search(nil)
	if !ok || !emit(first.step()) {
		return
	}
	var hints []chainHint
	cs.search(&hints)
	sort.SliceStable(hints, func(i, j int) bool { return chainBefore(&hints[i], &hints[j]) })
	for i := range hints {
		h := &hints[i]
		dup := false
		for j := 0; j < i; j++ {
			if sameElims(hints[j].el, h.el) {
				dup = true
				break
			}
		}
		if dup || i == 0 {
			continue // the first was emitted already
		}
		if !emit(h.step()) {
			return
		}
	}
}

func (h *chainHint) step() *Step {
	s := &Step{Tech: h.tech, Difficulty: h.diff, Eliminations: h.el, Chain: h.chain}
	if h.place.Digit != 0 {
		s.Placements = []Candidate{h.place}
	}
	return s
}

func sameElims(a, b []Candidate) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sortCands(el []Candidate) {
	sort.Slice(el, func(i, j int) bool {
		if el[i].Cell != el[j].Cell {
			return el[i].Cell < el[j].Cell
		}
		return el[i].Digit < el[j].Digit
	})
}

func (cs *cycleSearch) cycleHint(r int32, pass, key int) (chainHint, bool) {
	c := cs.c
	g := c.g
	t := c.t
	n := c.n
	// the cells of the loop, then per digit the cells its on nodes and
	// its off nodes see (peer sets), walking the first parents from r:
	// a candidate outside the loop seen by both is eliminated (the path
	// and chain are built only for a hint that eliminates something)
	w := (len(g.Cand) + 63) / 64
	if len(cs.loop) != w || len(cs.seenOn) != n*w {
		cs.loop = newCellSet(len(g.Cand))
		cs.seenOn, cs.seenOff = make([]uint64, n*w), make([]uint64, n*w)
	}
	loop := cs.loop
	clear(loop)
	var dm uint32
	for y := r; y >= 0; y = c.pool[y].parent {
		nd := &c.pool[y]
		cell, d := c.cellOf(nd.key), c.digitOf0(nd.key)
		loop.add(cell)
		dm |= 1 << d
		seen := cs.seenOff[d*w : (d+1)*w]
		if nd.on {
			seen = cs.seenOn[d*w : (d+1)*w]
		}
		for i, m := range t.peerMask[cell] {
			seen[i] |= m
		}
	}
	var el []Candidate
	for mm := dm; mm != 0; mm &= mm - 1 {
		d := trailing(mm)
		bit := uint32(1) << d
		on, off := cs.seenOn[d*w:(d+1)*w], cs.seenOff[d*w:(d+1)*w]
		for i := range loop {
			for m := on[i] & off[i] &^ loop[i]; m != 0; m &= m - 1 {
				if h := i*64 + trailing64(m); g.Cand[h]&bit != 0 {
					el = append(el, Candidate{h, uint8(d + 1)})
				}
			}
		}
		clear(on)
		clear(off)
	}
	if len(el) == 0 {
		return chainHint{}, false
	}
	var chain []Node
	if !cs.inner {
		chain = c.path(r)
	}
	path := c.pathOf(r)
	sortCands(el)
	cx := c.ancestors(r)
	tech := cycleTechs[pass]
	return chainHint{diff: mustTech(tech).SE + lengthBonus(cx), complexity: cx, key: key, tech: tech, el: el, chain: chain, path: path, cycle: true}, true
}

func (cs *cycleSearch) forcingHint(t int32, pass, key int) chainHint {
	c := cs.c
	nd := c.pool[t]
	cx := c.ancestors(t)
	cell, digit := c.cellOf(nd.key), uint8(c.digitOf0(nd.key))
	tech := forcingTechs[pass]
	h := chainHint{diff: mustTech(tech).SE + lengthBonus(cx), complexity: cx, key: key, tech: tech, path: c.pathOf(t)}
	if !cs.inner {
		h.chain = c.path(t)
	}
	if nd.on {
		h.place = Candidate{cell, digit + 1}
		for m := c.g.Cand[cell] &^ (1 << digit); m != 0; m &= m - 1 {
			h.el = append(h.el, Candidate{cell, uint8(trailing(m) + 1)})
		}
	} else {
		h.el = []Candidate{{cell, digit + 1}}
	}
	return h
}
