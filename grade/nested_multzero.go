package grade

import "github.com/sudogen/sudogen/sudoku"

// Level 3's inner multiple forcing chains on a working grid just under one
// where they found nothing. The static multiple search's hints are a
// function of its grid (the working grid W: cells, regions, runs), and on
// the nesting levels about half of its searches find none (25,830 of
// 50,573 on puzzle 9 of the 16x16 sample, 8,066 of 15,478 on puzzle 92).
// A step's working grids lose what the step before eliminated, so W plus
// the candidates the last step's source grid had and this step's lacks (E)
// is often a grid searched before, at an earlier step: 23,703 of the
// searches on puzzle 9 (6,328 on 92) have such a grid W+ = W u E searched
// with no hint (counted by a scratch counter).
//
// If removing E from W+ makes no strong link (no cell down to two
// candidates, no house down to two places of a digit, from more), the
// implication graph of W is that of W+ less E's nodes: weak links join
// candidates by their places only, and a strong link of W is one of W+.
// So every run from a start of W reaches a subset of what the same start's
// run reaches on W+ (static propagation is a walk of the graph), and a
// cell's or a region's runs have in common a subset of what they had
// there. A question (cell or region) of W with the same starts as on W+
// then gives no hint either: on W+ its runs had no common off node (an off
// conclusion always removes its candidate) and every common on node placed
// a cell's only candidate (removing nothing), which it still is on W. Only
// the questions whose starts E changed remain: the cell question of a cell
// that lost a candidate of E (if it still has three or more) and the region
// question of each lost candidate's digit in each of its cell's units (its
// places less E; asked from its first place's cell, if that one has three
// or more candidates, the same test as the search's). When all say no
// (commonPeers, commonReach on the index the search builds), the search
// would find no hint, and ruleEntries skips it. The questions whose starts
// E did not change need not be asked: their region's first place, its
// cell's candidate count and its places are W+'s. The same holds for W
// plus one candidate its propagation removed.
//
// The context keeps the hashes (candHash, 128 bits, as the rule cache's
// keys) of the grids whose multiple search found no hint, across steps
// and puzzles (two generations of zeroGen each, about 4 MB; emptied when
// the layout or the grid's size changes), and the last two step grids
// (E). Only without a work budget
// (the skipped search makes no nodes), on the layouts mayUse judges.
// TestMultipleZeroSame searches every skipped grid and finds no hint;
// TestMultipleZeroGrids checks noneAfter on grids one candidate short of
// no-hint grids (and fails when a check is left out); TestMultipleZeroRuns
// compares whole runs with and without the skip.

// multipleZeroOff turns the skip off (a test compares runs with and
// without it).
var multipleZeroOff bool

// multipleZeroCheck, when set (by a test), is given the number of hints a
// full search finds on every grid the skip answered.
var multipleZeroCheck func(hints int)

// multipleZeroGrid, when set (by a test), is given every working grid (a
// view) whose multiple search found no hint.
var multipleZeroGrid func(g *Grid)

// zeroGen is the number of grid hashes a generation of the zero set keeps.
const zeroGen = 1 << 17

// genMap keeps values by grid hash in two generations. Each generation
// has a filter, a bit per value of a hash's low filterBits bits, set for
// every hash it holds: most lookups (grown asks W plus each candidate the
// propagation removed) are of hashes not kept, and a clear bit answers
// them without the maps (candHash's words are random, so the low bits are
// as good as any; a set bit is no answer).
type genMap[V any] struct {
	cur, old   map[[2]uint64]V
	curF, oldF []uint64
}

// filterBits is the size of a generation's filter: 2^20 bits (128 KB)
// for zeroGen hashes, an eighth of them set when full.
const filterBits = 20

// get returns the value kept for h.
func (z *genMap[V]) get(h [2]uint64) (V, bool) {
	i := h[0] & (1<<filterBits - 1)
	w, b := i>>6, uint64(1)<<(i&63)
	if z.curF != nil && z.curF[w]&b != 0 {
		if v, ok := z.cur[h]; ok {
			return v, true
		}
	}
	if z.oldF != nil && z.oldF[w]&b != 0 {
		v, ok := z.old[h]
		return v, ok
	}
	var none V
	return none, false
}

// put keeps v for h; a generation holds at most gen hashes.
func (z *genMap[V]) put(h [2]uint64, v V, gen int) {
	if z.cur == nil {
		z.cur = map[[2]uint64]V{}
		z.curF = make([]uint64, 1<<filterBits/64)
	}
	if len(z.cur) >= gen {
		z.old, z.cur = z.cur, map[[2]uint64]V{}
		f := z.oldF
		if f == nil {
			f = make([]uint64, 1<<filterBits/64)
		} else {
			clear(f)
		}
		z.oldF, z.curF = z.curF, f
	}
	z.cur[h] = v
	i := h[0] & (1<<filterBits - 1)
	z.curF[i>>6] |= 1 << (i & 63)
}

// empty reports whether nothing was kept since the last reset.
func (z *genMap[V]) empty() bool { return z.cur == nil }

// reset empties the map.
func (z *genMap[V]) reset() { *z = genMap[V]{} }

// hashSet keeps grid hashes in two generations of zeroGen.
type hashSet struct{ genMap[struct{}] }

// has reports whether the set holds h.
func (z *hashSet) has(h [2]uint64) bool {
	_, ok := z.get(h)
	return ok
}

// keep adds h to the set.
func (z *hashSet) keep(h [2]uint64) { z.put(h, struct{}{}, zeroGen) }

// multipleZero keeps the grids whose static multiple search found no hint
// (hashSet), the grids where producer 21 finds nothing (p21: see
// p21EmptyAfter), and the step grids that give the candidates E.
type multipleZero struct {
	hashSet
	p21      hashSet
	answers  answerSet // the static searches' yes answers (nested_multknown.go)
	lay      *Layout
	n, cells int
	// prev, step: the last two step grids; e the candidate keys prev
	// has and step lacks (eReady: made for step)
	prev, step []uint32
	e          []int32
	eReady     bool
}

// newStep notes the grid of a new step.
func (z *multipleZero) newStep(cand []uint32) {
	z.prev = append(z.prev[:0], z.step...)
	z.step = append(z.step[:0], cand...)
	z.eReady = false
}

// lost returns the candidate keys the last step's grid had and this
// step's lacks (none when the grids are not of one size).
func (z *multipleZero) lost(n int) []int32 {
	if !z.eReady {
		z.eReady = true
		z.e = z.e[:0]
		if len(z.prev) == len(z.step) {
			for cell, m := range z.prev {
				for m &^= z.step[cell]; m != 0; m &= m - 1 {
					z.e = append(z.e, int32(cell*n+trailing(m)))
				}
			}
		}
	}
	return z.e
}

// zeroFor returns the context's zero set for engine c's grid (emptied when
// the layout or the grid's size changed), nil when the skip does not apply
// (a work budget, the layouts mayUse does not judge, no hash kept).
func (ctx *fcContext) zeroFor(c *chainer) *multipleZero {
	if !ctx.prune || multipleZeroOff || !multipleUseOK(c) || c.zob == nil {
		return nil
	}
	z := &ctx.zero
	if z.lay != c.g.L || z.n != c.n || z.cells != len(c.cand) {
		z.reset()
		z.p21.reset()
		z.answers.reset()
		z.lay, z.n, z.cells = c.g.L, c.n, len(c.cand)
	}
	return z
}

// multipleNone reports whether the static multiple search s (not yet run)
// on the working grid W of the outer propagation c (hash h) finds no hint,
// by a grid with more candidates whose search found none (see above): W
// plus E, else W plus one candidate the propagation removed (c.src less
// c.cand; 2,313 more searches skipped on puzzle 9, where E gave 15,803).
func (ctx *fcContext) multipleNone(z *multipleZero, c *chainer, h [2]uint64, s *fcSearch) bool {
	return z.grownIn(&z.hashSet, c, h, s.noneAfter)
}

// grownIn reports whether the working grid W of the outer propagation c
// (hash h) plus E, else W plus one candidate the propagation removed
// (c.src less c.cand), is a grid set holds and like(the candidates
// added) says W is as it: the lookup of the multiple skip and of
// producer 21's (p21EmptyAfter).
func (z *multipleZero) grownIn(set *hashSet, c *chainer, h [2]uint64, like func(e []int32) bool) bool {
	return z.grown(c, h, func(he [2]uint64, e []int32) bool { return set.has(he) && like(e) })
}

// grownAllOff makes grown look up every bigger grid, those whose
// candidate makes a strong link included (a test compares runs with and
// without).
var grownAllOff bool

// grown visits the bigger grids a search on the working grid W of the
// outer propagation c (hash h) may lean on, by their hashes and the
// candidates they add to W: W plus E, then W plus each candidate the
// propagation removed (c.src less c.cand), until visit reports true.
// Every visitor turns down a bigger grid whose added candidates' removal
// makes a strong link (noLinkMade: the graphs are no longer nested), so
// a removed candidate whose removal made one is not visited: on puzzle
// 92 of the 16x16 sample that is 56% of them, each a hash probe into
// the kept sets' filters (mostly cache misses) and a map lookup on a
// hit.
func (z *multipleZero) grown(c *chainer, h [2]uint64, visit func(he [2]uint64, e []int32) bool) bool {
	if e := z.lost(c.n); len(e) > 0 {
		he := h
		for _, k := range e {
			he[0] ^= c.zob[2*k]
			he[1] ^= c.zob[2*k+1]
		}
		if visit(he, e) {
			return true
		}
	}
	var one [1]int32
	for cell := range c.cand {
		for m := c.src[cell] &^ c.cand[cell]; m != 0; m &= m - 1 {
			one[0] = int32(cell*c.n + trailing(m))
			if !grownAllOff && !noLinkMade(c, one[:]) {
				// every visitor turns down a grid whose removed
				// candidates make a strong link (noLinkMade): no
				// hash looked up for it
				continue
			}
			if visit([2]uint64{h[0] ^ c.zob[2*one[0]], h[1] ^ c.zob[2*one[0]+1]}, one[:]) {
				return true
			}
		}
	}
	return false
}

// noneAfter reports whether the static multiple search s (not yet run)
// finds no hint on its grid W, given that the search on W plus the
// candidates e found none: removing e makes no strong link and the
// questions whose starts e changed all say no (see above).
func (s *fcSearch) noneAfter(e []int32) bool {
	ic := s.c
	n := ic.n
	if !multipleUseOK(ic) {
		return false
	}
	// no strong link made by removing E (W+ had E's candidates too, so
	// more than two where W has two)
	if !noLinkMade(ic, e) {
		return false
	}
	var uBuf [8]int
	// the questions whose starts E changed
	ri := s.reach()
	var keyBuf [sudoku.MaxN]int32
	for _, k := range e {
		cell, d := int(k)/n, int(k)%n
		if cm := ic.cand[cell]; popc(cm) > 2 {
			keys := keyBuf[:0]
			for dm := cm; dm != 0; dm &= dm - 1 {
				keys = append(keys, ic.candKey(cell, trailing(dm)))
			}
			if ri.commonReach(&ic.implGraph, keys) {
				return false
			}
		}
		for _, u := range ic.regionUnits(cell, uBuf[:0]) {
			p := ic.pos[u][d]
			if p&(p-1) == 0 || popc(ic.cand[ic.houses[u][trailing(p)]]) <= 2 {
				continue // no region forcing of d in u asked
			}
			if ic.regionMeets(ri, u, d, p) {
				return false
			}
		}
	}
	return true
}

// Producer 21 inside the levels on a grid just under one where its graph
// holds nothing to find. p21Nothing skips producer 21 on a working grid
// whose graph is a subgraph of a quiet, cycle-free source grid's: no
// forcing chain (one of the subgraph is one of the graph), and no
// component on a cycle with a candidate a cycle of it may eliminate
// (cycleMayEliminate: a component of the subgraph lies in one of the
// graph, its partners among the graph's, its candidates fewer). The same
// holds under any grid with those two facts, not only the source: a
// working grid whose producer-21 run found no hint (so no forcing chain:
// its forcing search finds every chain there is) and whose both-links
// index has no component on a long cycle that may eliminate anything, or
// one p21Nothing skipped. The context keeps their hashes (zero.p21), and
// a working grid W whose W plus E (the last step's eliminations), or W
// plus one candidate its propagation removed, is one, with no strong link
// made by removing them (the multiple skip's test), gets no search
// either. Only without a work budget (pruning), on the layouts mayUse
// judges; TestP21PruneSame checks every skipped grid against a full run
// (p21PruneRecheck), TestP21EmptyRuns whole runs with and without.

// p21EmptyCheck, when set (by a test), is given every working grid (a
// view) whose producer-21 run found nothing and whose graph was judged to
// hold nothing.
var p21EmptyCheck func(g *Grid)

// p21EmptyOff turns the skip off (a test compares runs with and without
// it).
var p21EmptyOff bool

// p21EmptyAfter reports whether producer 21 finds nothing on the working
// grid of the outer propagation c (see above).
func (ctx *fcContext) p21EmptyAfter(c *chainer) bool {
	if p21EmptyOff {
		return false
	}
	z := ctx.zeroFor(c)
	if z == nil || z.p21.empty() {
		return false
	}
	return z.grownIn(&z.p21, c, workingHash(c), func(e []int32) bool { return noLinkMade(c, e) })
}

// p21EmptyKeep notes that producer 21 finds nothing on the working grid
// of the outer propagation c (pruning only).
func (ctx *fcContext) p21EmptyKeep(c *chainer) {
	if z := ctx.zeroFor(c); z != nil {
		z.p21.keep(workingHash(c))
	}
}

// noLinkMade reports whether removing the candidates e from c's working
// grid plus them makes no strong link: no cell of theirs is left with two
// candidates, no house of theirs with two places of their digit.
func noLinkMade(c *chainer, e []int32) bool {
	n := c.n
	var uBuf [8]int
	for _, k := range e {
		cell, d := int(k)/n, int(k)%n
		if popc(c.cand[cell]) == 2 {
			return false
		}
		for _, u := range c.regionUnits(cell, uBuf[:0]) {
			if popc(c.pos[u][d]) == 2 {
				return false
			}
		}
	}
	return true
}
