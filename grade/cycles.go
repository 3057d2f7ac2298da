package grade

import (
	"sort"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// This file is SE's chaining model (SE-RULES.md section 4) and producer 21
// (static X-cycles, Y-cycles, XY-cycles, forcing X-chains and forcing
// chains). The node pool, the on/off sets and the implication functions
// (with X- and Y-link switches, over a working grid) are the base the
// Nishio / multiple / dynamic forcing-chain producers extend.

var cycleTechniques = []Technique{
	{ID: "x-cycle", Name: "Bidirectional X-Cycle", Family: "chains", SE: 6.5, SENote: "+ length bonus",
		Find: findCycles, Explain: explainChain},
	{ID: "y-cycle", Name: "Bidirectional Y-Cycle", Family: "chains", SE: 6.5, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
	{ID: "forcing-x-chain", Name: "Forcing X-Chain", Family: "chains", SE: 6.6, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
	{ID: "xy-cycle", Name: "Bidirectional Cycle", Family: "chains", SE: 7.0, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
	{ID: "forcing-xy-chain", Name: "Forcing Chain (X and Y links)", Family: "chains", SE: 7.0, SENote: "+ length bonus", MadeBy: "x-cycle", Explain: explainChain},
}

func init() { registerTechniques(cycleTechniques...) }

// Node causes (how a node was derived).
const (
	causeNone uint8 = iota
	causeCell
	causeBox
	causeRow
	causeCol
	causeAdvanced
)

// chainNode is one node of a chain: (cell, digit, on/off) plus the nodes it
// was derived from. Equality is (cell, digit, on) only.
type chainNode struct {
	cell   int16
	digit  uint8 // 0-based
	on     bool
	cause  uint8
	depth  int16 // links from the start along first parents
	parent int32 // first parent, -1 for a start node
	// extra indexes c.extra: further parents (dynamic modes: hidden
	// parents) are c.extra[extra:extra+nextra].
	extra, nextra int32
}

// chainer holds the scratch state of chain searches over one grid.
type chainer struct {
	g     *Grid
	t     *seTables
	n     int
	pos   [][sudoku.MaxN]uint32 // positions of each digit in each unit (static grid)
	pool  []chainNode
	extra []int32 // further parents of nodes (see chainNode.extra)
	// onSet / offSet map a candidate index (cell*n+digit) to the node
	// index stored in the set, valid when the matching gen equals cur.
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
	marks           []uint8
	touched         []int32
	// truncated is set by cycles and forcing when the depth limit cut
	// the search short.
	truncated bool
	// done marks (pass, candidate, kind) searches already run to the end
	// in an earlier sweep of chainSearch.
	done    []uint32
	doneGen uint32
}

var chainerPool = sync.Pool{New: func() any { return &chainer{} }}

func (c *chainer) reset(g *Grid) {
	c.g, c.t, c.n = g, tablesOf(g.Geo), g.Geo.N
	nc := g.Geo.Cells * c.n
	if len(c.onSet) != nc {
		c.onSet, c.offSet = make([]int32, nc), make([]int32, nc)
		c.onGen, c.offGen = make([]uint32, nc), make([]uint32, nc)
		c.seen = make([]uint32, 2*nc)
		c.cur, c.seenGen = 0, 0
	}
	c.pos, _ = g.unitTables()
}

// begin starts a new search: empty sets and node pool.
func (c *chainer) begin() {
	c.cur++
	if c.cur == 0 {
		clear(c.onGen)
		clear(c.offGen)
		c.cur = 1
	}
	c.pool = c.pool[:0]
	c.extra = c.extra[:0]
}

func (c *chainer) newNode(cell int, d int, on bool, cause uint8, parent int32) int32 {
	var depth int16
	if parent >= 0 {
		depth = c.pool[parent].depth + 1
	}
	c.pool = append(c.pool, chainNode{cell: int16(cell), digit: uint8(d), on: on, cause: cause, parent: parent, depth: depth})
	return int32(len(c.pool) - 1)
}

func (c *chainer) inOn(ci int) bool  { return c.onGen[ci] == c.cur }
func (c *chainer) inOff(ci int) bool { return c.offGen[ci] == c.cur }
func (c *chainer) setOn(ci int, idx int32) {
	c.onGen[ci], c.onSet[ci] = c.cur, idx
}
func (c *chainer) setOff(ci int, idx int32) {
	c.offGen[ci], c.offSet[ci] = c.cur, idx
}

func (c *chainer) ci(x int32) int { nd := &c.pool[x]; return int(nd.cell)*c.n + int(nd.digit) }

// unitOf returns the unit of type rt (0 block, 1 row, 2 column: order A)
// holding cell.
func (c *chainer) unitOf(rt int, cell int) int {
	geo := c.g.Geo
	switch rt {
	case 0:
		return 2*c.n + geo.Box[cell]
	case 1:
		return geo.Row[cell]
	}
	return c.n + geo.Col[cell]
}

// imp is an implied candidate before it becomes a node: the searches
// create nodes only for the implications they keep.
type imp struct {
	cell  int16
	digit uint8
	cause uint8
}

// onToOffImp lists the candidates implied off by node x being on: with
// Y-links the cell's other candidates (ascending), then the digit in the
// block, row and column (order A). The searches turn into nodes only the
// implications they keep.
func (c *chainer) onToOffImp(x int32, yLinks bool, out []imp) []imp {
	nd := c.pool[x]
	cell, d := int(nd.cell), int(nd.digit)
	g := c.g
	if yLinks {
		for m := g.Cand[cell] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, imp{int16(cell), uint8(trailing(m)), causeCell})
		}
	}
	geo := g.Geo
	bit := uint32(1) << d
	box := geo.Box[cell]
	for rt := 0; rt < 3; rt++ {
		u := c.unitOf(rt, cell)
		for _, o := range geo.Units[u] {
			if o == cell || g.Cand[o]&bit == 0 || (rt > 0 && geo.Box[o] == box) {
				continue
			}
			out = append(out, imp{int16(o), uint8(d), causeBox + uint8(rt)})
		}
	}
	return out
}

// offToOnImp lists the candidates implied on by node x being off: with
// Y-links the other candidate of a bivalue cell, with X-links the other
// position of the digit in each block, row and column where it has
// exactly two.
func (c *chainer) offToOnImp(x int32, xLinks, yLinks bool, out []imp) []imp {
	nd := c.pool[x]
	cell, d := int(nd.cell), int(nd.digit)
	g := c.g
	start := len(out)
	if yLinks {
		m := g.Cand[cell]
		if popc(m) == 2 {
			out = append(out, imp{int16(cell), uint8(trailing(m &^ (1 << d))), causeCell})
		}
	}
	if xLinks {
		for rt := 0; rt < 3; rt++ {
			u := c.unitOf(rt, cell)
			p := c.pos[u][d]
			if popc(p) != 2 {
				continue
			}
			o := int16(c.g.Geo.Units[u][trailing(p&^(1<<uint(c.t.inUnit[u][cell])))])
			dup := false
			for _, y := range out[start:] {
				if y.cell == o && int(y.digit) == d {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, imp{o, uint8(d), causeBox + uint8(rt)})
			}
		}
	}
	return out
}

// isAncestorOf reports whether (cell, digit, on) equals p or a node on p's
// first-parent chain.
func (c *chainer) isAncestorOf(p int32, cell int16, digit uint8, on bool) bool {
	for x := p; x >= 0; x = c.pool[x].parent {
		nd := &c.pool[x]
		if nd.cell == cell && nd.digit == digit && nd.on == on {
			return true
		}
	}
	return false
}

// ancestors counts the distinct nodes reachable from x through parent
// links, x included.
func (c *chainer) ancestors(x int32) int {
	c.seenGen++
	if c.seenGen == 0 {
		clear(c.seen)
		c.seenGen = 1
	}
	c.stack = append(c.stack[:0], x)
	count := 0
	for len(c.stack) > 0 {
		y := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		k := 2 * c.ci(y)
		if c.pool[y].on {
			k++
		}
		if c.seen[k] == c.seenGen {
			continue
		}
		c.seen[k] = c.seenGen
		count++
		nd := &c.pool[y]
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
		rev = append(rev, Node{Candidate{int(nd.cell), nd.digit + 1}, nd.on})
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

// cycles runs SE's layered cycle search from node start (on) and records
// in c.rec every derived on node equal to it (from the second round).
// Nodes deeper than maxDepth are not expanded (static chains: a cycle
// closing at depth k has complexity k).
func (c *chainer) cycles(cell, d int, xLinks, yLinks bool, maxDepth int) {
	c.begin()
	s := c.newNode(cell, d, true, causeNone, -1)
	sci := c.ci(s)
	c.setOn(sci, s)
	c.pendOn = append(c.pendOn[:0], s)
	c.pendOff = c.pendOff[:0]
	c.rec = c.rec[:0]
	c.truncated = false
	length := 0
	for len(c.pendOn) > 0 || len(c.pendOff) > 0 {
		length++
		if length >= maxDepth {
			c.truncated = true
			break
		}
		for _, p := range c.pendOn {
			c.imps = c.onToOffImp(p, yLinks, c.imps[:0])
			for _, m := range c.imps {
				if c.isAncestorOf(p, m.cell, m.digit, false) {
					continue
				}
				q := c.newNode(int(m.cell), int(m.digit), false, m.cause, p)
				c.pendOff = append(c.pendOff, q)
				c.setOff(int(m.cell)*c.n+int(m.digit), q)
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
			c.imps = c.offToOnImp(p, xLinks, yLinks, c.imps[:0])
			for _, m := range c.imps {
				ci := int(m.cell)*c.n + int(m.digit)
				q := int32(-1)
				if length >= 4 && ci == sci {
					q = c.newNode(int(m.cell), int(m.digit), true, m.cause, p)
					c.rec = append(c.rec, q)
				}
				if !c.inOn(ci) {
					if q < 0 {
						q = c.newNode(int(m.cell), int(m.digit), true, m.cause, p)
					}
					c.pendOn = append(c.pendOn, q)
					c.setOn(ci, q)
				}
			}
		}
		c.pendOff = c.pendOff[:0]
	}
}

// forcing runs SE's layered forcing-chain search from the start candidate
// with the given polarity and returns the node equal to its opposite (the
// target), or -1. Nodes at depth maxDepth are not expanded (a target at
// depth k has complexity k+1).
func (c *chainer) forcing(cell, d int, on bool, yLinks bool, maxDepth int) int32 {
	c.begin()
	s := c.newNode(cell, d, on, causeNone, -1)
	sci := c.ci(s)
	target := int32(-1)
	c.truncated = false
	c.pendOn, c.pendOff = c.pendOn[:0], c.pendOff[:0]
	if on {
		c.setOn(c.ci(s), s)
		c.pendOn = append(c.pendOn, s)
	} else {
		c.setOff(c.ci(s), s)
		c.pendOff = append(c.pendOff, s)
	}
	for len(c.pendOn) > 0 || len(c.pendOff) > 0 {
		for _, p := range c.pendOn {
			if int(c.pool[p].depth) >= maxDepth {
				c.truncated = true
				continue
			}
			c.imps = c.onToOffImp(p, yLinks, c.imps[:0])
			for _, m := range c.imps {
				ci := int(m.cell)*c.n + int(m.digit)
				isTarget := on && target < 0 && ci == sci
				if !isTarget && c.inOff(ci) {
					continue
				}
				q := c.newNode(int(m.cell), int(m.digit), false, m.cause, p)
				if isTarget {
					target = q
				}
				if !c.inOff(ci) {
					c.setOff(ci, q)
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
			c.imps = c.offToOnImp(p, true, yLinks, c.imps[:0])
			for _, m := range c.imps {
				ci := int(m.cell)*c.n + int(m.digit)
				isTarget := !on && target < 0 && ci == sci
				if !isTarget && c.inOn(ci) {
					continue
				}
				q := c.newNode(int(m.cell), int(m.digit), true, m.cause, p)
				if isTarget {
					target = q
				}
				if !c.inOn(ci) {
					c.setOn(ci, q)
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
	// seq orders hints by SE's generation order (pass, cell, digit,
	// cycle / forcing from on / forcing from off, record).
	seq int64
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

// chainSearch runs the three passes of producer 21. With all == nil it
// only keeps the first hint SE would take (pruning searches that cannot
// beat it) and returns it; otherwise it appends every hint to *all in
// SE's generation order.
func (c *chainer) chainSearch(all *[]chainHint) (chainHint, bool) {
	g := c.g
	n := c.n
	var best chainHint
	have := false
	consider := func(h chainHint) {
		if all != nil {
			*all = append(*all, h)
			return
		}
		if !have || chainFirst(&h, &best) {
			best, have = h, true
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
	nc := len(g.Cand) * n
	if len(c.done) != 9*nc {
		c.done = make([]uint32, 9*nc)
		c.doneGen = 0
	}
	c.doneGen++
	if c.doneGen == 0 {
		clear(c.done)
		c.doneGen = 1
	}
	var cycleBase, forcingBase [3]float64
	for pass := 0; pass < 3; pass++ {
		cycleBase[pass] = mustTech(cycleTechs[pass]).SE
		forcingBase[pass] = mustTech(forcingTechs[pass]).SE
	}
	for si, cap := range sweeps {
		last := si == len(sweeps)-1
		limit := func(base float64, key int) int {
			lim := cap
			if have && all == nil {
				if m := maxComplexity(base, key, &best); m < lim {
					lim = m
				}
			}
			return lim
		}
		for pass := 0; pass < 3; pass++ {
			xLinks, yLinks := pass != 1, pass != 0
			key := pass + 2
			cycBase, fcBase := cycleBase[pass], forcingBase[pass]
			for cell, m := range g.Cand {
				if popc(m) < 2 || (pass == 1 && popc(m) != 2) {
					continue
				}
				for mm := m; mm != 0; mm &= mm - 1 {
					d := trailing(mm)
					ci := cell*n + d
					seq := int64((pass*nc+ci)*3) << 16
					slot := (pass*nc + ci) * 3
					if lim := limit(cycBase, key); lim >= 4 && c.done[slot] != c.doneGen {
						c.cycles(cell, d, xLinks, yLinks, lim)
						if !c.truncated || last {
							c.done[slot] = c.doneGen
						}
						for k, r := range c.rec {
							if worse(cycBase, c.ancestors(r), key, seq+int64(k)) {
								continue
							}
							if h, ok := c.cycleHint(r, pass, key); ok {
								h.seq = seq + int64(k)
								consider(h)
							}
						}
					}
					if pass == 1 {
						continue
					}
					for k, on := range [2]bool{true, false} {
						lim := limit(fcBase, key)
						if lim < 2 || c.done[slot+1+k] == c.doneGen {
							continue
						}
						t := c.forcing(cell, d, on, yLinks, lim-1)
						if !c.truncated || last {
							c.done[slot+1+k] = c.doneGen
						}
						if t >= 0 && !worse(fcBase, c.ancestors(t), key, seq+int64(1+k)<<15) {
							h := c.forcingHint(t, pass, key)
							h.seq = seq + int64(1+k)<<15
							consider(h)
						}
					}
				}
			}
		}
	}
	return best, have
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
func findCycles(g *Grid, _ Scan, emit func(*Step) bool) {
	c := chainerPool.Get().(*chainer)
	defer chainerPool.Put(c)
	c.reset(g)
	first, ok := c.chainSearch(nil)
	if !ok || !emit(first.step()) {
		return
	}
	var hints []chainHint
	c.chainSearch(&hints)
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

func (c *chainer) cycleHint(r int32, pass, key int) (chainHint, bool) {
	g := c.g
	t := c.t
	n := c.n
	chain := c.path(r)
	loop := newCellSet(g.Geo.Cells)
	for _, nd := range chain {
		loop.add(nd.Cell)
	}
	// marks: bit 0 sees an on, bit 1 sees an off (per candidate index)
	if len(c.marks) != len(c.onSet) {
		c.marks = make([]uint8, len(c.onSet))
	}
	marks := c.marks
	c.touched = c.touched[:0]
	for _, nd := range chain {
		bit := uint32(1) << (nd.Digit - 1)
		for _, h := range t.house[nd.Cell] {
			if loop.has(h) || g.Cand[h]&bit == 0 {
				continue
			}
			ci := h*n + int(nd.Digit-1)
			if marks[ci] == 0 {
				c.touched = append(c.touched, int32(ci))
			}
			if nd.On {
				marks[ci] |= 1
			} else {
				marks[ci] |= 2
			}
		}
	}
	var el []Candidate
	for _, ci := range c.touched {
		if marks[ci] == 3 {
			el = append(el, Candidate{int(ci) / n, uint8(int(ci)%n + 1)})
		}
		marks[ci] = 0
	}
	if len(el) == 0 {
		return chainHint{}, false
	}
	sortCands(el)
	cx := c.ancestors(r)
	tech := cycleTechs[pass]
	return chainHint{diff: mustTech(tech).SE + lengthBonus(cx), complexity: cx, key: key, tech: tech, el: el, chain: chain}, true
}

func (c *chainer) forcingHint(t int32, pass, key int) chainHint {
	nd := c.pool[t]
	cx := c.ancestors(t)
	tech := forcingTechs[pass]
	h := chainHint{diff: mustTech(tech).SE + lengthBonus(cx), complexity: cx, key: key, tech: tech, chain: c.path(t)}
	cell := int(nd.cell)
	if nd.on {
		h.place = Candidate{cell, nd.digit + 1}
		for m := c.g.Cand[cell] &^ (1 << nd.digit); m != 0; m &= m - 1 {
			h.el = append(h.el, Candidate{cell, uint8(trailing(m) + 1)})
		}
	} else {
		h.el = []Candidate{{cell, nd.digit + 1}}
	}
	return h
}
