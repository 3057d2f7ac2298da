package grade

import (
	"cmp"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudogen/sudogen/sudoku"
)

// Sudoku Explainer's forcing-chain producers 23-30 (SE-RULES.md sections
// 4.4-4.9): Nishio, multiple (cell and region) forcing chains, dynamic
// forcing chains, and dynamic forcing chains with nesting levels 1-5. They
// are one search (fcSearch) in five modes over the chain engine's
// propagation (chain_engine.go); the nesting levels' advanced rules live in
// nested.go.

var forcingTechniques = []Technique{
	{ID: "nishio-forcing-chain", Name: "Nishio Forcing Chain", Family: "chains", Houses: true, SE: 7.5, SENote: "+ length bonus",
		Find: forcingFinder(fcMode{nishio: true, dynamic: true}), Explain: explainForcing},
	{ID: "multiple-forcing-chain", Name: "Multiple Forcing Chain (cell or region)", Family: "chains", Houses: true, SE: 8.0, SENote: "+ length bonus",
		Find: forcingFinder(fcMode{multiple: true}), Explain: explainForcing},
	{ID: "dynamic-forcing-chain", Name: "Dynamic Forcing Chain", Family: "chains", Houses: true, SE: 8.5, SENote: "+ length bonus",
		Find: forcingFinder(fcMode{multiple: true, dynamic: true}), Explain: explainForcing},
	{ID: "dynamic-forcing-chain-plus", Name: "Dynamic Forcing Chain (+)", Family: "chains", Houses: true, SE: 9.0, SENote: "nesting level 1 (locking, hidden and naked pairs, X-Wing inside the chains); + length bonus",
		Find: forcingFinder(fcMode{multiple: true, dynamic: true, level: 1}), Explain: explainForcing},
	{ID: "nested-forcing-chain", Name: "Dynamic Forcing Chain (+ Forcing Chains)", Family: "chains", Houses: true, SE: 9.5, SENote: "nesting level 2 (forcing chains inside); + length and nested-chain bonus",
		Find: forcingFinder(fcMode{multiple: true, dynamic: true, level: 2}), Explain: explainForcing},
	{ID: "nested-multiple-forcing-chain", Name: "Dynamic Forcing Chain (+ Multiple Forcing Chains)", Family: "chains", Houses: true, SE: 10.0, SENote: "nesting level 3; + length and nested-chain bonus",
		Find: forcingFinder(fcMode{multiple: true, dynamic: true, level: 3}), Explain: explainForcing},
	{ID: "nested-dynamic-forcing-chain", Name: "Dynamic Forcing Chain (+ Dynamic Forcing Chains)", Family: "chains", Houses: true, SE: 10.5, SENote: "nesting level 4; + length and nested-chain bonus",
		Find: forcingFinder(fcMode{multiple: true, dynamic: true, level: 4}), Explain: explainForcing},
	{ID: "nested-dynamic-forcing-chain-plus", Name: "Dynamic Forcing Chain (+ Dynamic Forcing Chains (+))", Family: "chains", Houses: true, SE: 11.0, SENote: "nesting level 5; + length and nested-chain bonus",
		Find: forcingFinder(fcMode{multiple: true, dynamic: true, level: 5}), Explain: explainForcing},
}

func init() { registerTechniques(forcingTechniques...) }

// fcMode is one forcing-chain producer: Nishio (dynamic, X-links only,
// contradictions only), multiple (static, cell and region forcing from
// cells with 3+ candidates), dynamic (contradictions, double forcing,
// cell and region forcing), and the nesting level of a dynamic one.
type fcMode struct {
	nishio, multiple, dynamic bool
	level                     int
}

// tech is the technique id of the mode's steps.
func (m fcMode) tech() string {
	switch {
	case m.nishio:
		return "nishio-forcing-chain"
	case !m.dynamic:
		return "multiple-forcing-chain"
	}
	return [...]string{"dynamic-forcing-chain", "dynamic-forcing-chain-plus", "nested-forcing-chain",
		"nested-multiple-forcing-chain", "nested-dynamic-forcing-chain", "nested-dynamic-forcing-chain-plus"}[m.level]
}

// Forcing-chain hint kinds, with SE's sort keys.
const (
	fcDouble        = 1
	fcCell          = 5
	fcRegion        = 6
	fcContradiction = 7
)

// fcHint is one hint of a forcing-chain search before sorting.
type fcHint struct {
	kind    int
	diff    float64
	cx      int
	seq     int
	el      []Candidate // sorted by cell, digit
	place   Candidate   // Digit 0: none
	targets []int32     // one node per branch (pool indexes)
	// source: the assumption (binary hints), or the cell / the unit and
	// digit the branches start from
	src    int32 // candidate key
	srcOn  bool
	unit   int // region hints
	flatCx int
}

// fcRun is one propagation of a search: the nodes it put in its on and
// off sets (ranges of the chainer's onOrder/offOrder), its contradiction,
// and where its membership tables start in fcSearch.mem.
type fcRun struct {
	onLo, onHi, offLo, offHi int32
	absOn, absOff            int32
	// dense tables: mem[mem+key] = on node+1, mem[mem+nkeys+key] = off
	// node+1; sparse ones: smem[mem:mem+mlen], sorted (slot<<32 | node+1)
	// with slot 2*key+1 for on, 2*key for off, and (fcBitKeys) bits
	// [bits:bits+bitWords] of fcSearch.bits: bit slot set when the run
	// has that node
	mem  int
	mlen int
	bits int
}

// fcDenseKeys is the largest key count whose runs get dense membership
// tables (2 entries a key a run: fast lookups, but 25x25 searches with
// thousands of runs of 15,625 keys would take gigabytes); bigger grids
// keep each run's nodes sorted and look them up by binary search. (A
// variable so a test can give 9x9 runs sparse tables.)
var fcDenseKeys = 2048

// fcBitKeys is the largest key count whose sparse runs keep a bit set of
// their nodes (2 bits a key a run: a missing node is answered without a
// binary search; 1 KB a run on 16x16). Every sparse run's sorted table is
// read off such a set (slots ascending) instead of being sorted. (A
// variable so a test can run 9x9 sparse runs without kept sets.)
var fcBitKeys = 4096

// fcBuffers are a forcing-chain search's tables, kept between searches
// by the step's context (fcContext.getBuffers): the strategy's own
// state, not the engine's.
type fcBuffers struct {
	runIdx, mem, anc, t []int32
	smem                []uint64
	runs                []fcRun
	bits                []uint64
	ranks               []int32
	// wmask: index's scratch, a bit per word of a run's set that holds a
	// node (a 16x16 grid's set has 128 words, a run fills a few dozen);
	// zero between runs
	wmask []uint64
	hints []fcHint
	el    []Candidate
	// common is the static multiple forcing chains' strong index over
	// the engine's graph (commonReach).
	common strongIndex
	// yes: the questions a static search answered yes (fcSearch.yes)
	yes []int32
}

// fcSearch is one run of a forcing-chain producer over a grid.
type fcSearch struct {
	c    *chainer
	buf  *fcBuffers
	ctx  *fcContext
	mode fcMode
	base float64
	prop propagation
	nk   int
	// runIdx[key*2+on] = run index+1 of the propagation from that start
	runIdx []int32
	runs   []fcRun
	mem    []int32
	sparse bool
	smem   []uint64
	// bits: the sparse runs' node sets (keepBits) or one scratch set of
	// bitWords words
	bits []uint64
	// ranks parallels bits (kept sets): ranks[bits+w] counts the run's
	// nodes in the set's words before w, so a node present is found in
	// smem without a binary search
	ranks    []int32
	bitWords int
	keepBits bool
	hints    []fcHint
	anc      []int32 // ancestor counts per node, -1 unknown
	// hints' eliminations and targets, in arenas kept by the engine between
	// searches (a hint's slices stay valid when an arena grows: they keep
	// the old array; they are reused after release)
	elArena []Candidate
	tArena  []int32
	// scratch: a hint's targets being made, the keys common to a cell's
	// or a region's runs
	tg                             []int32
	cellOn, cellOff, regOn, regOff []int32
	// srcPos: the source grid's positions of each digit in each unit
	srcPos [][sudoku.MaxN]uint32
	// reachBuilt: the static graph's index (buf.common) is built
	reachBuilt bool
	// known: which questions the static search must ask, the others
	// being no (answers carried from a bigger grid, nested_multknown.go);
	// nil: ask every one. record: note in yes every question answered
	// yes.
	known  *knownAnswers
	record bool
	yes    []int32
	// spent: the nodes the search's runs counted against the budget
	spent int64
}

// forcingFinder returns the finder of a forcing-chain producer: every hint
// of the search, sorted by difficulty, complexity and SE's sort key (then
// generation order), each elimination set once. With Options.Parallel > 1
// the cells are split among goroutines (each with its own engine and
// caches) and the hints merged back in generation order: the steps are
// the sequential search's.
func forcingFinder(m fcMode) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, c *Ctx, emit func(*Step) bool) {
		ctx := contextOf(c, g)
		if ctx.parallel > 1 {
			parallelForcing(g, ctx, m, emit)
			return
		}
		s := newFCSearch(g, ctx, m)
		defer s.release()
		s.search(0, len(g.Cand))
		if ctx.isExhausted() {
			return // out of budget: the engine reports the run capped
		}
		refs := make([]hintRef, len(s.hints))
		for i := range refs {
			refs[i] = hintRef{s, i}
		}
		for _, r := range sortHints(refs) {
			if !emit(r.s.step(&r.s.hints[r.i])) {
				return
			}
		}
	}
}

// hintRef is a hint of one of several searches.
type hintRef struct {
	s *fcSearch
	i int
}

func (r hintRef) hint() *fcHint { return &r.s.hints[r.i] }

// sortHints orders hints given in generation order as SE does: stable by
// (difficulty, complexity, sort key), then each elimination set once.
func sortHints(refs []hintRef) []hintRef {
	// a stable sort: equal keys keep their (generation) order, which is
	// the refs' order, kept as the last key of an ordinary sort
	type keyed struct {
		diff   float64
		cx, k  int
		pos, i int
		s      *fcSearch
	}
	ks := make([]keyed, len(refs))
	for i, r := range refs {
		h := r.hint()
		ks[i] = keyed{h.diff, h.cx, h.kind, i, r.i, r.s}
	}
	slices.SortFunc(ks, func(x, y keyed) int {
		switch {
		case x.diff != y.diff:
			return cmp.Compare(x.diff, y.diff)
		case x.cx != y.cx:
			return x.cx - y.cx
		case x.k != y.k:
			return x.k - y.k
		}
		return x.pos - y.pos
	})
	for i, k := range ks {
		refs[i] = hintRef{k.s, k.i}
	}
	out := refs[:0]
	seen := map[string]bool{}
	var key []byte
	for _, r := range refs {
		key = key[:0]
		for _, e := range r.hint().el {
			key = append(key, byte(e.Cell), byte(e.Cell>>8), e.Digit)
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, r)
		}
	}
	return out
}

// parallelForcing is forcingFinder's search split over ctx.parallel
// goroutines: contiguous ranges of cells, handed out in order, each
// searched by a worker's own search (runs and caches are the worker's; a
// run is a function of its start, so the hints are those of the
// sequential search), then merged in cell order.
func parallelForcing(g *Grid, ctx *fcContext, m fcMode, emit func(*Step) bool) {
	g.unitTables() // the workers read the step's unit tables
	workers := ctx.workerContexts(g)
	n := len(g.Cand)
	nchunks := 4 * len(workers)
	type chunk struct {
		s      *fcSearch
		lo, hi int // hints s.hints[lo:hi]
	}
	chunks := make([]chunk, nchunks)
	var next atomic.Int32
	var wg sync.WaitGroup
	searches := make([]*fcSearch, len(workers))
	for w := range workers {
		searches[w] = newFCSearch(g, workers[w], m)
		wg.Add(1)
		go func(s *fcSearch) {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= nchunks {
					return
				}
				lo := len(s.hints)
				s.search(k*n/nchunks, (k+1)*n/nchunks)
				chunks[k] = chunk{s, lo, len(s.hints)}
			}
		}(searches[w])
	}
	wg.Wait()
	defer func() {
		for _, s := range searches {
			s.release()
		}
	}()
	if ctx.isExhausted() {
		return
	}
	var refs []hintRef
	for _, ch := range chunks {
		for i := ch.lo; i < ch.hi; i++ {
			refs = append(refs, hintRef{ch.s, i})
		}
	}
	for _, r := range sortHints(refs) {
		if !emit(r.s.step(r.hint())) {
			return
		}
	}
}

// newFCSearch prepares a search of mode m on grid g, whose candidates are
// the source grid of every propagation.
func newFCSearch(g *Grid, ctx *fcContext, m fcMode) *fcSearch {
	c := ctx.getChainer(g)
	c.begin()
	c.src = append(c.src[:0], g.Cand...)
	srcPos := c.pos // g's unit tables: the source grid's (dynamic mode works on a copy)
	if m.dynamic {
		c.setDynamic()
	}
	s := &fcSearch{c: c, ctx: ctx, mode: m, base: mustTech(m.tech()).SE, nk: int(c.nkeys), srcPos: srcPos}
	s.prop.l = seLinks(true, !m.nishio)
	if m.level > 0 {
		// every propagation of the search starts from c.src: its hash is
		// taken once
		srcHash := gridHash(c.src)
		s.prop.advanced = func(c *chainer) []advEntry { return ctx.advanced(c, m.level, s.srcPos, srcHash) }
	}
	// the context keeps the search's tables between searches
	b := ctx.getBuffers()
	s.buf = b
	if cap(b.runIdx) < 2*s.nk {
		b.runIdx = make([]int32, 2*s.nk)
	}
	s.runIdx = b.runIdx[:2*s.nk]
	clear(s.runIdx)
	s.mem = b.mem[:0]
	s.sparse = s.nk > fcDenseKeys
	s.smem = b.smem[:0]
	s.bitWords = (2*s.nk + 63) / 64
	s.keepBits = s.nk <= fcBitKeys
	s.bits = b.bits[:0]
	s.ranks = b.ranks[:0]
	if s.sparse && !s.keepBits {
		s.bits = slices.Grow(s.bits, s.bitWords)[:s.bitWords]
		clear(s.bits)
	}
	if s.sparse {
		b.wmask = resized(b.wmask, (s.bitWords+63)/64)
	}
	s.runs = b.runs[:0]
	s.anc = b.anc[:0]
	s.hints, s.elArena, s.tArena = b.hints[:0], b.el[:0], b.t[:0]
	s.yes = b.yes[:0]
	return s
}

// release hands the search's buffers and engine back to its context for
// the next search: its hints and their slices are not to be used after it
// (a step made of a hint copies what it keeps).
func (s *fcSearch) release() {
	b := s.buf
	b.mem, b.runs, b.anc, b.smem, b.bits, b.ranks = s.mem[:0], s.runs[:0], s.anc[:0], s.smem[:0], s.bits[:0], s.ranks[:0]
	clear(s.hints) // drop the old hints' slices (the arenas are reused anyway)
	b.hints, b.el, b.t = s.hints[:0], s.elArena[:0], s.tArena[:0]
	b.yes = s.yes[:0]
	s.ctx.putBuffers(b)
	s.ctx.putChainer(s.c)
}

// branch returns the run from candidate key assumed on (or off), running
// it the first time (the source grid is the same for every run, so a run
// is a function of its start).
func (s *fcSearch) branch(key int32, on bool) *fcRun {
	slot := 2 * key
	if on {
		slot++
	}
	if r := s.runIdx[slot]; r > 0 {
		return &s.runs[r-1]
	}
	c := s.c
	c.freshSets()
	before := len(c.pool)
	r := fcRun{onLo: int32(len(c.onOrder)), offLo: int32(len(c.offOrder)), absOn: -1, absOff: -1}
	if s.ctx.isExhausted() {
		// out of budget: an empty run (the search's result is dropped)
		r.onHi, r.offHi = r.onLo, r.offLo
		s.index(&r)
		s.runs = append(s.runs, r)
		s.runIdx[slot] = int32(len(s.runs))
		return &s.runs[len(s.runs)-1]
	}
	st := c.newNode(key, on, causeNone, -1)
	if on {
		c.setOn(key, st)
		c.onOrder = append(c.onOrder, st)
	} else {
		c.setOff(key, st)
		c.offOrder = append(c.offOrder, st)
	}
	r.absOn, r.absOff = c.run(st, &s.prop)
	s.spent += int64(len(c.pool) - before)
	s.ctx.spend(len(c.pool) - before)
	r.onHi, r.offHi = int32(len(c.onOrder)), int32(len(c.offOrder))
	s.index(&r)
	s.runs = append(s.runs, r)
	s.runIdx[slot] = int32(len(s.runs))
	return &s.runs[len(s.runs)-1]
}

// index builds run r's membership table (see fcRun).
func (s *fcSearch) index(r *fcRun) {
	c := s.c
	if s.sparse {
		// the run's node set as bits, read in slot order: the sorted
		// table (a key is in a run at most once with each polarity, its
		// node the chainer's onSet/offSet until the next run)
		b := s.bits
		if s.keepBits {
			r.bits = len(s.bits)
			s.bits = slices.Grow(s.bits, s.bitWords)[:r.bits+s.bitWords]
			b = s.bits[r.bits:]
			clear(b)
		}
		wm := s.buf.wmask
		for _, x := range c.onOrder[r.onLo:r.onHi] {
			slot := 2*c.pool[x].key + 1
			b[slot>>6] |= 1 << (slot & 63)
			wm[slot>>12] |= 1 << ((slot >> 6) & 63)
		}
		for _, x := range c.offOrder[r.offLo:r.offHi] {
			slot := 2 * c.pool[x].key
			b[slot>>6] |= 1 << (slot & 63)
			wm[slot>>12] |= 1 << ((slot >> 6) & 63)
		}
		r.mem = len(s.smem)
		if s.keepBits {
			s.ranks = slices.Grow(s.ranks, s.bitWords)[:r.bits+s.bitWords]
		}
		// the words holding a node, ascending (wm); node reads a word's
		// rank only when the word holds the slot: a zero word needs
		// none, nor clearing
		for j, mw := range wm {
			wm[j] = 0
			for ; mw != 0; mw &= mw - 1 {
				w := j<<6 + trailing64(mw)
				s.indexWord(r, b, w)
			}
		}
		r.mlen = len(s.smem) - r.mem
		return
	}
	r.mem = len(s.mem)
	s.mem = slices.Grow(s.mem, 2*s.nk)[:r.mem+2*s.nk]
	mem := s.mem[r.mem:]
	clear(mem)
	for _, x := range c.onOrder[r.onLo:r.onHi] {
		mem[c.pool[x].key] = x + 1
	}
	for _, x := range c.offOrder[r.offLo:r.offHi] {
		mem[s.nk+int(c.pool[x].key)] = x + 1
	}
}

// indexWord appends the nodes of word w of run r's set b (not zero) to
// smem, in slot order, with the word's rank for a kept set, and clears a
// scratch set's word.
func (s *fcSearch) indexWord(r *fcRun, b []uint64, w int) {
	c := s.c
	word := b[w]
	if s.keepBits {
		s.ranks[r.bits+w] = int32(len(s.smem) - r.mem)
	} else {
		b[w] = 0
	}
	for m := word; m != 0; m &= m - 1 {
		slot := w*64 + trailing64(m)
		x := c.offSet[slot>>1]
		if slot&1 != 0 {
			x = c.onSet[slot>>1]
		}
		s.smem = append(s.smem, uint64(slot)<<32|uint64(x+1))
	}
}

// node returns run r's node for key with polarity on, or -1.
func (s *fcSearch) node(r *fcRun, key int32, on bool) int32 {
	if s.sparse {
		slot := uint64(2 * key)
		if on {
			slot++
		}
		if s.keepBits {
			w := r.bits + int(slot>>6)
			word := s.bits[w]
			if word&(1<<(slot&63)) == 0 {
				return -1
			}
			i := int(s.ranks[w]) + bits.OnesCount64(word&(1<<(slot&63)-1))
			return int32(uint32(s.smem[r.mem+i])) - 1
		}
		t := s.smem[r.mem : r.mem+r.mlen]
		lo, hi := 0, len(t)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if t[m]>>32 < slot {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < len(t) && t[lo]>>32 == slot {
			return int32(uint32(t[lo])) - 1
		}
		return -1
	}
	i := r.mem + int(key)
	if !on {
		i += s.nk
	}
	return s.mem[i] - 1
}

// reach returns the static graph's strong index of s's grid (buf.common),
// built on the first call: the search's reach tests and mayUse's ask it.
func (s *fcSearch) reach() *strongIndex {
	ri := &s.buf.common
	if !s.reachBuilt {
		c := s.c
		ri.build(&c.implGraph, s.prop.l.strongX, s.prop.l.weakY)
		ri.prepareCommon(&c.implGraph)
		s.reachBuilt = true
	}
	return ri
}

// search builds every hint of the producer in SE's generation order
// (SE-RULES.md 4.5): cells row-major, digits ascending, for each digit the
// contradictions (assumption on, then off), the double forcings, the
// region forcings; after the cell's digits its cell forcings.
func (s *fcSearch) search(lo, hi int) {
	c := s.c
	src := c.src
	m := s.mode
	// Static multiple chains: a run's nodes are among those its start
	// reaches in the static graph, so a cell (region) whose starts reach
	// no node in common can give no hint and its runs are skipped
	// (meets; the index is built before the first question unless
	// answers are carried).
	filter := !m.dynamic
	if filter && s.known == nil {
		s.reach()
	}
	var starts []int32
	for cell := lo; cell < hi; cell++ {
		cm := src[cell]
		card := popc(cm)
		if !(card > 2 || (card > 1 && m.dynamic)) {
			continue
		}
		cellNeed := true
		if filter {
			starts = starts[:0]
			for dm := cm; dm != 0; dm &= dm - 1 {
				starts = append(starts, c.candKey(cell, trailing(dm)))
			}
			cellNeed = s.meets(cellQuestion(cell), starts, false)
		}
		// keys common to the digits' on branches (scratch of the search)
		cellOn, cellOff := s.cellOn[:0], s.cellOff[:0]
		nOn := 0
		for dm := cm; dm != 0; dm &= dm - 1 {
			d := trailing(dm)
			k := c.candKey(cell, d)
			if !cellNeed && !s.regionsNeeded(filter, cell, d) {
				continue
			}
			on := s.branch(k, true)
			var off *fcRun
			doDouble := card >= 3 && !m.nishio && m.dynamic
			doContradiction := m.dynamic || m.nishio
			if doDouble || doContradiction {
				off = s.branch(k, false)
				on = &s.runs[s.runIdx[2*k+1]-1] // branch may have grown s.runs
			}
			if doContradiction {
				if on.absOn >= 0 {
					s.addHint(fcHint{kind: fcContradiction, targets: s.pair(on.absOn, on.absOff), src: k, srcOn: true}, k, false)
				}
				if off.absOn >= 0 {
					s.addHint(fcHint{kind: fcContradiction, targets: s.pair(off.absOn, off.absOff), src: k, srcOn: false}, k, true)
				}
			}
			if doDouble {
				for _, x := range c.onOrder[on.onLo:on.onHi] {
					key := c.pool[x].key
					if y := s.node(off, key, true); y >= 0 {
						s.addHint(fcHint{kind: fcDouble, targets: s.pair(x, y), src: k}, key, true)
					}
				}
				for _, x := range c.offOrder[on.offLo:on.offHi] {
					key := c.pool[x].key
					if y := s.node(off, key, false); y >= 0 {
						s.addHint(fcHint{kind: fcDouble, targets: s.pair(x, y), src: k}, key, false)
					}
				}
			}
			if !m.nishio {
				s.regions(cell, d, filter)
				on = &s.runs[s.runIdx[2*k+1]-1]
			}
			nOn++
			if nOn == 1 {
				for _, x := range c.onOrder[on.onLo:on.onHi] {
					cellOn = append(cellOn, c.pool[x].key)
				}
				for _, x := range c.offOrder[on.offLo:on.offHi] {
					cellOff = append(cellOff, c.pool[x].key)
				}
			} else {
				cellOn = s.retain(cellOn, on, true)
				cellOff = s.retain(cellOff, on, false)
			}
		}
		s.cellOn, s.cellOff = cellOn, cellOff
		if m.nishio || !cellNeed {
			continue
		}
		for pass, keys := range [2][]int32{cellOn, cellOff} {
			for _, key := range keys {
				h := fcHint{kind: fcCell, src: c.candKey(cell, 0), targets: s.tg[:0]}
				for i := range nOn {
					// the runs of the cell's digits (looked up: branch
					// may have moved s.runs)
					r := &s.runs[s.runIdx[2*c.candKey(cell, digitAt(cm, i))+1]-1]
					h.targets = append(h.targets, s.node(r, key, pass == 0))
				}
				s.tg = h.targets
				s.addHint(h, key, pass == 0)
			}
		}
	}
}

// digitAt returns the i-th digit (0-based, ascending) of mask m.
func digitAt(m uint32, i int) int {
	for ; i > 0; i-- {
		m &= m - 1
	}
	return trailing(m)
}

// retain keeps the keys of list that run r has with polarity on.
func (s *fcSearch) retain(list []int32, r *fcRun, on bool) []int32 {
	out := list[:0]
	if s.sparse && s.keepBits {
		// presence is the slot's bit (node reads its rank besides)
		b := s.bits[r.bits : r.bits+s.bitWords]
		var p uint64
		if on {
			p = 1
		}
		for _, k := range list {
			slot := 2*uint64(k) + p
			if b[slot>>6]&(1<<(slot&63)) != 0 {
				out = append(out, k)
			}
		}
		return out
	}
	for _, k := range list {
		if s.node(r, k, on) >= 0 {
			out = append(out, k)
		}
	}
	return out
}

// regionPositions lists the positions of digit d in unit u of the source
// grid.
func (s *fcSearch) regionPositions(u, d int, pos []int) []int {
	cells := s.c.houses[u]
	for p := s.srcPos[u][d]; p != 0; p &= p - 1 {
		pos = append(pos, cells[trailing(p)])
	}
	return pos
}

// regionsNeeded reports whether a region forcing chain of digit d from
// cell (its first position in some unit) may exist (without filter:
// always).
func (s *fcSearch) regionsNeeded(filter bool, cell, d int) bool {
	if !filter {
		return true
	}
	c := s.c
	var posBuf [sudoku.MaxN]int
	var keyBuf [sudoku.MaxN]int32
	var uBuf [8]int
	for _, u := range c.regionUnits(cell, uBuf[:0]) {
		// the digit's first position in u is its lowest bit: most units
		// are told apart before their positions are listed
		if p := s.srcPos[u][d]; p&(p-1) == 0 || c.houses[u][trailing(p)] != cell {
			continue
		}
		pos := s.regionPositions(u, d, posBuf[:0])
		keys := keyBuf[:0]
		for _, o := range pos {
			keys = append(keys, c.candKey(o, d))
		}
		if s.meets(regionQuestion(u, d, c.n), keys, true) {
			return true
		}
	}
	return false
}

// regions adds the region forcing hints of digit d in the units of cell
// (order A) where cell is the digit's first position; with filter, units
// whose positions reach no node in common are skipped.
func (s *fcSearch) regions(cell, d int, filter bool) {
	c := s.c
	var posBuf [sudoku.MaxN]int
	var keyBuf [sudoku.MaxN]int32
	var uBuf [8]int
	for _, u := range c.regionUnits(cell, uBuf[:0]) {
		pos := s.regionPositions(u, d, posBuf[:0])
		if len(pos) < 2 || pos[0] != cell {
			continue
		}
		if filter {
			keys := keyBuf[:0]
			for _, o := range pos {
				keys = append(keys, c.candKey(o, d))
			}
			if !s.meets(regionQuestion(u, d, c.n), keys, true) {
				continue
			}
		}
		regOn, regOff := s.regOn[:0], s.regOff[:0]
		for i, o := range pos {
			r := s.branch(c.candKey(o, d), true)
			if i == 0 {
				for _, x := range c.onOrder[r.onLo:r.onHi] {
					regOn = append(regOn, c.pool[x].key)
				}
				for _, x := range c.offOrder[r.offLo:r.offHi] {
					regOff = append(regOff, c.pool[x].key)
				}
				continue
			}
			regOn = s.retain(regOn, r, true)
			regOff = s.retain(regOff, r, false)
		}
		s.regOn, s.regOff = regOn, regOff
		for pass, keys := range [2][]int32{regOn, regOff} {
			for _, key := range keys {
				h := fcHint{kind: fcRegion, src: c.candKey(cell, d), unit: u, targets: s.tg[:0]}
				for _, o := range pos {
					r := &s.runs[s.runIdx[2*c.candKey(o, d)+1]-1]
					h.targets = append(h.targets, s.node(r, key, pass == 0))
				}
				s.tg = h.targets
				s.addHint(h, key, pass == 0)
			}
		}
	}
}

// addHint completes a hint whose conclusion is candidate key on (placed:
// the cell's other candidates go) or off (removed), rates it and appends
// it, unless it removes nothing.
func (s *fcSearch) addHint(h fcHint, key int32, on bool) {
	c := s.c
	cell, d := c.cellOf(key), c.digitOf0(key)
	// the hint's lists go to the search's arenas (h.targets is scratch)
	el0 := len(s.elArena)
	if on {
		for m := c.src[cell] &^ (1 << d); m != 0; m &= m - 1 {
			s.elArena = append(s.elArena, Candidate{cell, uint8(trailing(m) + 1)})
		}
		if len(s.elArena) == el0 {
			return // not worth it: nothing to remove
		}
		h.place = Candidate{cell, uint8(d + 1)}
	} else {
		s.elArena = append(s.elArena, Candidate{cell, uint8(d + 1)})
	}
	h.el = s.elArena[el0:len(s.elArena):len(s.elArena)]
	t0 := len(s.tArena)
	s.tArena = append(s.tArena, h.targets...)
	h.targets = s.tArena[t0:len(s.tArena):len(s.tArena)]
	for _, t := range h.targets {
		h.flatCx += s.ancestors(t)
	}
	h.cx = h.flatCx
	if s.mode.level > 0 {
		h.cx += s.ctx.nestedComplexity(c, h.targets)
	}
	h.diff = s.base + lengthBonus(h.cx)
	h.seq = len(s.hints)
	s.hints = append(s.hints, h)
}

// ancestors is the engine's ancestor count of node x, remembered per node
// (hints share their targets).
func (s *fcSearch) ancestors(x int32) int {
	for len(s.anc) < len(s.c.pool) {
		s.anc = append(s.anc, -1)
	}
	if a := s.anc[x]; a >= 0 {
		return int(a)
	}
	a := s.c.ancestors(x)
	s.anc[x] = int32(a)
	return a
}

// sorted returns the hint indexes in SE's order (stable sort by
// difficulty, complexity, sort key), each elimination set once.
func (s *fcSearch) sorted() []int {
	refs := make([]hintRef, len(s.hints))
	for i := range refs {
		refs[i] = hintRef{s, i}
	}
	refs = sortHints(refs)
	out := make([]int, len(refs))
	for i, r := range refs {
		out[i] = r.i
	}
	return out
}

// step turns a hint into a step.
func (s *fcSearch) step(h *fcHint) *Step {
	st := &Step{Tech: s.mode.tech(), Difficulty: h.diff, Eliminations: slices.Clone(h.el)}
	st.Detail = [...]string{fcDouble: "double", fcCell: "cell", fcRegion: "region", fcContradiction: "contradiction"}[h.kind]
	if h.place.Digit != 0 {
		st.Placements = []Candidate{h.place}
	}
	st.Proof = s.proof(h)
	return st
}

// pair returns the targets x, y in the search's scratch (addHint copies
// them).
func (s *fcSearch) pair(x, y int32) []int32 {
	s.tg = append(s.tg[:0], x, y)
	return s.tg
}
