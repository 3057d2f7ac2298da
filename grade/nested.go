package grade

import (
	"hash/maphash"
	"slices"
	"sort"
	"unsafe"

	"github.com/sudogen/sudogen/sudoku"
)

// Nesting levels (SE-RULES.md 4.6, 4.7): a dynamic forcing chain of level
// L > 0 runs "advanced rules" whenever its propagation runs dry, on the
// propagation's working grid: pointing/claiming, hidden pair, naked pair,
// X-Wing, then (level 2-3) SE's producer 21 and (level 3) the multiple
// forcing chains, or (level 4-5) the dynamic forcing chains and (level 5)
// the dynamic forcing chains of level 2 (on a layout with typed extra
// houses or sees pairs, SukakuExplainer's generalized locking and naked
// pair take the place of locking and naked pair: nested_general.go). The
// first rule whose hints can be
// used gives off nodes: each elimination of each usable hint, whose parents
// are the hint's rule parents (candidates the pattern needs gone that were
// there when the propagation started) and, for a chain rule, which refer to
// the hint as a nested chain (its complexity counts towards the hint that
// uses it).
//
// A rule's result depends only on the working grid and the propagation's
// source grid, so it is kept in fcContext's cache: the same working grid
// recurs across the runs of one search, across the searches of the levels
// of one step, and inside a level's own runs.

// fcContext is the state the forcing-chain producers of one solving step
// share: the nested chains found so far (advanced nodes refer to them by
// index) and the cache of advanced rule results.
type fcContext struct {
	stamp  [2]uint64 // the step's grid
	nested []nestedHint
	cache  map[advKey]*advResults
	// proofs: build the explanations of nested chains (explain asks).
	proofs bool
	// budget is the solving run's work budget (exhausted: a context
	// without one ran out... never: only budgets run out).
	budget    *workBudget
	exhausted bool
	// parallel is the number of goroutines of a top-level search
	// (Options.Parallel); workers are their contexts.
	parallel int
	workers  []*fcContext
	// free engines and grid views, reused by the searches of the step
	// (recursion takes several at once)
	chainers []*chainer
	bufs     []*fcBuffers
	cycles   []*cycleSearch
	views    []*Grid
	p21      []chainHint
	// lockHits is lockingEntries' scratch, lockState what it keeps
	lockHits  []lockHit
	lockState lockState
	// p21memo keeps producer 21's hints per working grid across steps
	// (nested_p21memo.go)
	p21memo p21Memo
	// p21digit keeps producer 21's X-links pass per digit state
	// (nested_p21digit.go)
	p21digit p21DigitMemo
	// chg: the digits per unit whose positions changed (basicFast), of
	// chgNU units, for the removals chgMark took (changedUnits)
	chg     []uint32
	chgMark removalMark
	chgNU   int
	// known: the static search's questions to ask (knownAnswers)
	known knownAnswers
	// prune: the run has no work budget, so producer 21 inside the
	// levels may skip searches that cannot find a hint (cycleSearch.prune:
	// the same hints, fewer nodes counted); memoPrune: the mode the
	// producer-21 memos were filled in (their node counts are the
	// mode's, so they are emptied when it changes)
	prune, memoPrune bool
	// quiet: per source grid (hash) of the step's propagations, what
	// bounds producer 21's hints on their working grids (srcFacts);
	// quietIdx its strong index; p21Src the source grid's
	// candidates while a producer-21 search of a quiet one runs (the
	// search's filter, cycleSearch.src)
	quiet    map[[2]uint64]srcFacts
	quietIdx strongIndex
	p21Src   []uint32
	// vict: scratch of the generalized rules (genEntries)
	vict cellSet
	// ruleMemos keep the multiple and the dynamic forcing chains' hints
	// per working grid across steps (nested_rulememo.go)
	ruleMemos [2]workingMemo[ruleMemoEntry]
	// zero keeps the grids whose multiple forcing search found no hint
	// and those where producer 21 finds nothing (nested_multzero.go);
	// p21Empty: the last p21Run found nothing and its graph can hold
	// nothing (p21EmptyAfter)
	zero     multipleZero
	p21Empty bool
}

// getChainer returns an engine set up on g from the context's free list.
func (ctx *fcContext) getChainer(g *Grid) *chainer {
	c := takeFree(&ctx.chainers)
	c.kinds = c.kinds[:0]
	c.reset(g)
	c.made = 0
	return c
}

// putChainer returns an engine to the free list.
func (ctx *fcContext) putChainer(c *chainer) {
	c.g = nil
	ctx.chainers = append(ctx.chainers, c)
}

// getBuffers returns a forcing-chain search's tables from the context's
// free list.
func (ctx *fcContext) getBuffers() *fcBuffers { return takeFree(&ctx.bufs) }

// putBuffers returns a search's tables to the free list.
func (ctx *fcContext) putBuffers(b *fcBuffers) { ctx.bufs = append(ctx.bufs, b) }

// getCycleSearch returns a producer-21 search for a nesting level over
// engine c from the context's free list (its tables live as long as the
// run's context: the levels run it on thousands of working grids a step).
func (ctx *fcContext) getCycleSearch(c *chainer) *cycleSearch {
	cs := takeFree(&ctx.cycles)
	cs.c, cs.inner, cs.dm, cs.prune, cs.src = c, true, &ctx.p21digit, ctx.prune, ctx.p21Src
	return cs
}

// putCycleSearch returns a search to the free list.
func (ctx *fcContext) putCycleSearch(cs *cycleSearch) {
	cs.c, cs.dm, cs.src = nil, nil, nil
	ctx.cycles = append(ctx.cycles, cs)
}

// takeFree takes the last item off a free list, or makes a new one when
// the list is empty.
func takeFree[T any](list *[]*T) *T {
	n := len(*list)
	if n == 0 {
		return new(T)
	}
	x := (*list)[n-1]
	*list = (*list)[:n-1]
	return x
}

// putView returns a grid view to the free list.
func (ctx *fcContext) putView(g *Grid) { ctx.views = append(ctx.views, g) }

// nestedHint is a hint of a chain rule used inside another chain.
type nestedHint struct {
	tech string
	cx   int    // its complexity (its own nested chains included)
	sig  uint64 // identity of its chains (SE's FullChain equality)
	// proof explains it (built when the hint is first used).
	proof *ChainProof
}

// advKey identifies the rule results of a propagation's stall: the
// source grid and the working grid.
type advKey struct {
	src, cur [2]uint64
}

// advResults are the rule results kept for one advKey: es[rule] when
// bit rule of have is set (a stall tries the rules in order, so one
// look-up serves them all).
type advResults struct {
	have uint16
	es   [advRules][]advEntry
}

// Advanced rules.
const (
	advLocking = iota
	advHiddenPair
	advNakedPair
	advXWing
	advCycles   // SE producer 21
	advMultiple // multiple forcing chains
	advDynamic  // dynamic forcing chains
	advDynamic2 // dynamic forcing chains, level 2
	// on typed layouts (nested_general.go), in place of advLocking and
	// advNakedPair
	advGenLocking   // SukakuExplainer's VLocking
	advGenNakedPair // SukakuExplainer's NakedSetGen(2)
	advRules        // the number of rules
)

// levelRules lists the advanced rules of each nesting level, in order.
var levelRules = [6][]uint8{
	nil,
	{advLocking, advHiddenPair, advNakedPair, advXWing},
	{advLocking, advHiddenPair, advNakedPair, advXWing, advCycles},
	{advLocking, advHiddenPair, advNakedPair, advXWing, advCycles, advMultiple},
	{advLocking, advHiddenPair, advNakedPair, advXWing, advDynamic},
	{advLocking, advHiddenPair, advNakedPair, advXWing, advDynamic, advDynamic2},
}

var (
	hashSeed0 = maphash.MakeSeed()
	hashSeed1 = maphash.MakeSeed()
)

// gridHash hashes candidate masks (two independent 64-bit hashes of
// their bytes).
func gridHash(cand []uint32) [2]uint64 {
	if len(cand) == 0 {
		return [2]uint64{}
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&cand[0])), 4*len(cand))
	return [2]uint64{maphash.Bytes(hashSeed0, b), maphash.Bytes(hashSeed1, b)}
}

// workingHash is the candHash of c's working grid: in dynamic mode the
// engine's own, kept up to date as candidates go and come back.
func workingHash(c *chainer) [2]uint64 {
	if c.dynamic && c.zob != nil {
		if candHashCheck != nil {
			candHashCheck(c.curZ, candHash(c.zob, c.cand, c.n))
		}
		return c.curZ
	}
	return candHash(candHashTable(len(c.cand), c.n), c.cand, c.n)
}

// candHashCheck, when set (by a test), is given every working grid hash
// workingHash takes from the engine and the hash computed afresh.
var candHashCheck func(kept, fresh [2]uint64)

// contextOf returns the forcing-chain context of the solving step g is at:
// the run's Ctx keeps one, reset when the grid changes, and gives it the
// run's options.
func contextOf(c *Ctx, g *Grid) *fcContext {
	ctx := c.fc
	if ctx == nil {
		ctx = &fcContext{}
		c.fc = ctx
	}
	st := gridHash(g.Cand)
	if ctx.stamp != st || ctx.cache == nil {
		ctx.stamp = st
		ctx.zero.newStep(g.Cand)
		ctx.nested = ctx.nested[:0]
		ctx.cache = map[advKey]*advResults{}
		ctx.quiet = nil
	}
	ctx.proofs = c.KeepProofs
	ctx.budget = c.work
	ctx.parallel = c.Parallel
	ctx.setPrune(c.work == nil || c.work.limit <= 0)
	return ctx
}

// setPrune sets the context's pruning mode (fcContext.prune), emptying
// the memos kept across steps when it changes.
func (ctx *fcContext) setPrune(prune bool) {
	ctx.prune = prune
	if ctx.memoPrune != prune {
		ctx.memoPrune = prune
		ctx.p21memo.reset()
		for i := range ctx.ruleMemos {
			ctx.ruleMemos[i].reset()
		}
		ctx.p21digit.cur, ctx.p21digit.old, ctx.p21digit.words = nil, nil, 0
	}
}

// spend counts n units of work (nodes made by propagations) against the
// run's budget and reports whether the budget is exhausted (for good: the
// step's searches then stop and find nothing). Goroutines of one run share
// the budget.
func (ctx *fcContext) spend(n int) bool {
	b := ctx.budget
	if b == nil {
		return ctx.exhausted
	}
	used := b.used.Add(int64(n))
	if b.limit > 0 && used > b.limit {
		b.exhausted.Store(true)
	}
	return b.exhausted.Load()
}

// isExhausted reports whether the run's budget ran out.
func (ctx *fcContext) isExhausted() bool {
	if ctx.budget == nil {
		return ctx.exhausted
	}
	return ctx.budget.exhausted.Load()
}

// workerContexts returns the contexts of the parallel search's
// goroutines, set up for the step at g (kept between steps: their caches
// are reset with the step).
func (ctx *fcContext) workerContexts(g *Grid) []*fcContext {
	for len(ctx.workers) < ctx.parallel {
		ctx.workers = append(ctx.workers, &fcContext{})
	}
	ws := ctx.workers[:ctx.parallel]
	for _, w := range ws {
		if w.stamp != ctx.stamp || w.cache == nil {
			w.stamp = ctx.stamp
			w.nested = w.nested[:0]
			w.cache = map[advKey]*advResults{}
			w.quiet = nil
		}
		w.proofs, w.budget = ctx.proofs, ctx.budget
		w.setPrune(ctx.prune)
	}
	return ws
}

// advanced returns the off nodes the advanced rules of level add to the
// propagation c is running (its working grid c.cand, source c.src, whose
// gridHash is src).
func (ctx *fcContext) advanced(c *chainer, level int, srcPos [][sudoku.MaxN]uint32, src [2]uint64) []advEntry {
	if ctx.cache == nil {
		ctx.cache = map[advKey]*advResults{}
	}
	k := advKey{src, workingHash(c)}
	res := ctx.cache[k]
	if res == nil {
		res = &advResults{}
		ctx.cache[k] = res
	}
	var view *Grid // made at the first rule not in the cache, shared by the rules
	defer func() {
		if view != nil {
			ctx.putView(view)
		}
	}()
	rules := &levelRules
	if genRules(c) {
		rules = &genLevelRules
	}
	for _, rule := range rules[level] {
		es := res.es[rule]
		if res.have&(1<<rule) == 0 {
			es = ctx.fastEntries(rule, c, srcPos, &view)
			if ctx.isExhausted() {
				return nil // incomplete: the search is abandoned
			}
			res.es[rule] = es
			res.have |= 1 << rule
		}
		if len(es) > 0 {
			return es
		}
	}
	return nil
}

// fastEntries is ruleEntries for rule on c's working grid, by
// basicFast where it can tell the result, else on a view of the grid
// (made once per call of advanced, in *view).
func (ctx *fcContext) fastEntries(rule uint8, c *chainer, srcPos [][sudoku.MaxN]uint32, view **Grid) []advEntry {
	if rule <= advXWing && srcPos != nil {
		// a rule's search costs about a node per cell (as ruleEntries)
		if ctx.spend(len(c.cand)) {
			return nil
		}
		if es, ok := ctx.basicFast(rule, c, srcPos); ok {
			if basicFastCheck != nil {
				if *view == nil {
					*view = ctx.view(c)
				}
				basicFastCheck(rule, es, ctx.basicEntries(rule, c, *view))
			}
			return es
		}
		if *view == nil {
			*view = ctx.view(c)
		}
		return ctx.basicEntries(rule, c, *view)
	}
	if rule == advGenLocking || rule == advGenNakedPair {
		return ctx.genEntries(rule, c)
	}
	if rule == advCycles {
		// a rule's search costs about a node per cell (as ruleEntries)
		if ctx.spend(len(c.cand)) {
			return nil
		}
		hints, ok := ctx.p21Known(c)
		if ok && p21MemoCheck != nil {
			ctx.p21CheckHit(c, view, hints)
		}
		if !ok && ctx.prune && (ctx.p21Nothing(c) || ctx.p21EmptyAfter(c)) {
			if p21PruneCheck != nil {
				if *view == nil {
					*view = ctx.view(c)
				}
				ctx.p21PruneRecheck(*view, nil)
			}
			ctx.p21EmptyKeep(c)
			return nil
		}
		if !ok {
			if *view == nil {
				*view = ctx.view(c)
			}
			hints, ok = ctx.p21Search(*view, c)
			if !ok {
				return nil
			}
		}
		return ctx.cycleEntries(hints, c)
	}
	if *view == nil {
		*view = ctx.view(c)
	}
	return ctx.ruleEntries(rule, c, *view)
}

// p21MemoCheck, when set (by a test), is given every producer-21 result
// the memo answers, the work it counted, and a fresh search's on the same
// working grid.
var p21MemoCheck func(kept, fresh []chainHint, keptWork, freshWork int64, keptFinal, freshFinal int)

// basicFastCheck, when set (by a test), is given every result basicFast
// tells and the finder's result on the same working grid.
var basicFastCheck func(rule uint8, fast, finder []advEntry)

// view returns a grid over c's working candidates (a copy, with unit
// tables) for the rules to search (they do not change it).
func (ctx *fcContext) view(c *chainer) *Grid {
	var g *Grid
	if n := len(ctx.views); n > 0 {
		g, ctx.views = ctx.views[n-1], ctx.views[:n-1]
	} else {
		g = &Grid{memo: &gridMemo{}}
	}
	g.Geo, g.L, g.Values, g.Empty, g.Given = c.g.Geo, c.g.L, c.g.Values, c.g.Empty, c.g.Given
	g.Cand = append(g.Cand[:0], c.cand...)
	m := g.memo
	m.pos = append(m.pos[:0], c.pos...)
	// the placed values are c.g's: so are the empty cells per unit
	_, empty := c.g.unitTables()
	m.empty = append(m.empty[:0], empty...)
	m.valid = true
	return g
}

// ruleEntries runs one advanced rule on g, a view of c's working grid, and
// turns its usable hints into off nodes, in the rule's hint order; within a hint the
// eliminations go in row-major order. (SE 1.2.1 walks them in identity-hash
// order, so its ratings at nesting levels vary from run to run; sudogen
// takes SE's later fix, row then column, so they are deterministic.)
func (ctx *fcContext) ruleEntries(rule uint8, c *chainer, g *Grid) []advEntry {
	// a rule's search costs about a node per cell
	if ctx.spend(len(c.cand)) {
		return nil
	}
	var out []advEntry
	switch rule {
	case advLocking, advHiddenPair, advNakedPair, advXWing:
		out = ctx.basicEntries(rule, c, g)
	case advGenLocking, advGenNakedPair:
		out = ctx.genEntries(rule, c)
	case advCycles:
		if hints, ok := ctx.p21Search(g, c); ok {
			out = ctx.cycleEntries(hints, c)
		}
	default:
		m := fcMode{multiple: true, dynamic: rule != advMultiple}
		if rule == advDynamic2 {
			m.level = 2
		}
		// the grids with no multiple forcing hint (nested_multzero.go)
		var zero *multipleZero
		var zh [2]uint64
		if rule == advMultiple {
			if zero = ctx.zeroFor(c); zero != nil {
				zh = workingHash(c)
			}
		}
		memo := ctx.ruleMemoFor(rule)
		if memo != nil {
			if e := memo.find(c); e != nil {
				if ruleMemoCheck != nil {
					ctx.ruleMemoRecheck(g, m, e)
				}
				ctx.replay(e)
				if zero != nil && len(e.hints) == 0 {
					zero.keep(zh)
				}
				return ctx.memoEntries(c, m.tech(), e.hints)
			}
		}
		inner := newFCSearch(g, ctx, m)
		if zero != nil && ctx.multipleNone(zero, c, zh, inner) {
			if multipleZeroCheck != nil {
				inner.search(0, len(g.Cand))
				multipleZeroCheck(len(inner.hints))
			}
			zero.keep(zh)
			inner.release()
			return nil
		}
		if rule == advMultiple && ctx.prune && !multipleUseOff && !inner.mayUse(c.src) {
			if multipleSkipCheck != nil {
				multipleSkipCheck(inner.usable(c.src))
			}
			inner.release()
			return nil
		}
		if zero != nil {
			// the questions' answers carried from a bigger grid, and
			// this grid's kept (nested_multknown.go)
			inner.known = ctx.knownFor(zero, c, zh)
			inner.record = true
		}
		inner.search(0, len(g.Cand))
		if ctx.isExhausted() {
			inner.release()
			return nil
		}
		if zero != nil {
			if multipleKnownCheck != nil && inner.known != nil {
				multipleKnownCheck(inner, g)
			}
			zero.answers.keep(zh, inner.yes)
			if multipleKnownGrid != nil {
				multipleKnownGrid(g)
			}
		}
		if zero != nil && len(inner.hints) == 0 {
			zero.keep(zh)
			if multipleZeroGrid != nil {
				multipleZeroGrid(g)
			}
		}
		if memo != nil {
			e := memo.keep(c, ruleMemoEntry{hints: inner.memoHints(), work: inner.spent, final: len(inner.c.pool)})
			if memoParentsCheck != nil {
				for j, i := range inner.sorted() {
					memoParentsCheck(inner.ruleParents(&inner.hints[i], c.src, c.cand), memoParents(c, e.hints[j].ons, c.src, c.cand))
				}
			}
			inner.release()
			return ctx.memoEntries(c, m.tech(), e.hints)
		}
		var covered coverSet
		for _, i := range inner.sorted() {
			h := &inner.hints[i]
			if covered.all(c, h.el) {
				continue // every elimination is some earlier hint's already
			}
			parents := inner.ruleParents(h, c.src, c.cand)
			if len(parents) == 0 {
				continue
			}
			covered.add(c, h.el)
			idx := ctx.addNested(nestedHint{tech: m.tech(), cx: h.cx, sig: inner.signature(h)}, func() *ChainProof { return inner.proof(h) })
			out = appendEntries(out, c, h.el, parents, idx)
		}
		inner.release()
	}
	return out
}

// basicEntries runs basic rule rule's finders on g, a view of c's working
// grid, and turns their hints with rule parents into off nodes.
func (ctx *fcContext) basicEntries(rule uint8, c *chainer, g *Grid) []advEntry {
	var out []advEntry
	var finders []Finder
	switch rule {
	case advLocking:
		finders = []Finder{mustTech("pointing").Finder(ScanSE), mustTech("claiming").Finder(ScanSE)}
	case advHiddenPair:
		finders = []Finder{mustTech("hidden-pair").Finder(ScanSE)}
	case advNakedPair:
		finders = []Finder{mustTech("naked-pair").Finder(ScanSE)}
	default:
		// fish reads the frame's rows and columns: a layout without
		// a frame has no X-Wing, here as in its own technique set
		if c.frame == 0 {
			return nil
		}
		finders = []Finder{mustTech("x-wing").Finder(ScanSE)}
	}
	for _, f := range finders {
		f.Find(g, func(s *Step) bool {
			parents := basicRuleParents(s, c.n, c.houses, c.src, c.cand)
			if len(parents) > 0 {
				out = appendBasic(out, c, s.Eliminations, parents, basicRuleRef(s.Tech))
			}
			return true
		})
	}
	return out
}

// appendBasic adds the off nodes of a basic rule's hint: by cell, then
// digit, as the classic grader takes them (Sudoku Explainer 1.2.1 keeps
// them in a HashMap of cells without a hash of their own, so no order is
// its); on the layouts SukakuExplainer rates (Layout.sukakuOrder), in the
// order of its HashMap of cells, whose hash is the cell index
// (hashMapCells), on a copy in a stack buffer (el is the caller's).
func appendBasic(out []advEntry, c *chainer, el []Candidate, parents []int32, nested int32) []advEntry {
	if c.g.lay().sukakuOrder() == nil {
		return appendEntries(out, c, el, parents, nested)
	}
	var buf [32]Candidate
	ord := append(buf[:0], el...)
	hashMapCells(ord)
	return appendOrdered(out, c, ord, parents, nested)
}

// addNested registers a nested hint and returns its index; proof builds
// its explanation, when explanations are wanted (now: the hint's search
// does not outlive this call).
func (ctx *fcContext) addNested(h nestedHint, proof func() *ChainProof) int32 {
	if ctx.proofs {
		h.proof = proof()
	}
	ctx.nested = append(ctx.nested, h)
	return int32(len(ctx.nested) - 1)
}

// coverSet is a set of candidate keys (eliminations some usable hint of a
// rule already gives).
type coverSet struct{ keys []int32 }

func (cs *coverSet) all(c *chainer, el []Candidate) bool {
	for _, e := range el {
		if !slices.Contains(cs.keys, c.candKey(e.Cell, int(e.Digit-1))) {
			return false
		}
	}
	return true
}

func (cs *coverSet) add(c *chainer, el []Candidate) {
	for _, e := range el {
		cs.keys = append(cs.keys, c.candKey(e.Cell, int(e.Digit-1)))
	}
}

// cycleEntries turns producer 21's hints on c's working grid (p21Search's
// list) into off nodes: the usable ones (with rule parents, not all of
// whose eliminations an earlier usable hint gives), in their order.
func (ctx *fcContext) cycleEntries(hints []chainHint, c *chainer) []advEntry {
	var out []advEntry
	var covered coverSet
	for i := range hints {
		h := &hints[i]
		if covered.all(c, h.el) {
			continue
		}
		parents := h.ruleParents(c, c.src, c.cand)
		if len(parents) == 0 {
			continue
		}
		covered.add(c, h.el)
		idx := ctx.addNested(nestedHint{tech: h.tech, cx: h.complexity, sig: h.signature()}, func() *ChainProof { return h.proof(c) })
		out = appendEntries(out, c, h.el, parents, idx)
	}
	return out
}

// p21Search runs SE's producer 21 on the view g of c's working grid
// (p21Run), counts its work against the budget and keeps the hints in the
// producer-21 memo (nested_p21memo.go); ok false when the budget ran out.
func (ctx *fcContext) p21Search(g *Grid, c *chainer) ([]chainHint, bool) {
	left := ctx.leftover()
	if ctx.srcFacts(c).quiet {
		ctx.p21Src = c.src
	}
	hints, work, final := ctx.p21Run(g)
	ctx.p21Src = nil
	if ctx.prune && ctx.p21Empty {
		ctx.p21EmptyKeep(c)
		if p21EmptyCheck != nil {
			p21EmptyCheck(g)
		}
	}
	if p21DigitCheck != nil {
		ctx.p21DigitRecheck(g, left, hints, work, final)
	}
	if p21PruneCheck != nil && ctx.prune {
		ctx.p21PruneRecheck(g, hints)
	}
	if ctx.spend(int(work)) {
		return nil, false
	}
	ctx.p21Keep(c, hints, work-left, final)
	return hints, true
}

// srcFacts are facts about the source grid of a step's propagations
// that bound what producer 21 can find on their working grids, whose
// candidates are the source's less some (see p21Nothing and
// cycleSearch.nrPrepare).
type srcFacts struct {
	// quiet: no candidate's assumption implies its opposite through SE's
	// X- and Y-links (the both-links strong index's answers), so the
	// source grid has no forcing chain of producer 21
	quiet bool
	// cycleFree: no cycle of the source grid's graph eliminates anything
	// (strongIndex.cycleMayEliminate is false for every component on a
	// cycle)
	cycleFree bool
}

// srcFacts returns the facts of the source grid of c's propagation (its
// search's grid, c.g), kept per source grid for the step. The index is
// built on an engine of the package's pool, not the context's free list,
// whose leftover nodes count as work.
func (ctx *fcContext) srcFacts(c *chainer) srcFacts {
	if c.g == nil || !slices.Equal(c.g.Cand, c.src) {
		return srcFacts{}
	}
	h := gridHash(c.src)
	if f, ok := ctx.quiet[h]; ok {
		return f
	}
	e := getChainer(c.g)
	defer e.release()
	si := &ctx.quietIdx
	si.build(&e.implGraph, true, true)
	f := srcFacts{quiet: true, cycleFree: true}
	n := e.n
	for cell, m := range e.cand {
		for ; m != 0 && f.quiet; m &= m - 1 {
			k := int32(cell*n + trailing(m))
			f.quiet = !si.implies(&e.implGraph, k, true) && !si.implies(&e.implGraph, k, false)
		}
	}
	for _, k := range si.keys {
		if !f.cycleFree {
			break
		}
		f.cycleFree = !si.onLongCycle(k) || !si.cycleMayEliminate(&e.implGraph, k)
	}
	if ctx.quiet == nil {
		ctx.quiet = map[[2]uint64]srcFacts{}
	}
	ctx.quiet[h] = f
	return f
}

// p21Nothing reports (pruning: its answer stands for a search, whose
// nodes it does not count) that producer 21 finds no hint on c's working
// grid: its source grid is quiet and cycle-free (srcFacts) and the
// working grid has no strong link the source grid lacks (a house where a
// digit lost places and has two left, a cell that lost candidates and
// has two left). Then the working grid's graph is a subgraph of the
// source grid's: a forcing chain of the working grid would be one of the
// source grid, and a cycle of its lies in a component of the source
// grid's graph on a cycle, and eliminates a candidate only that
// component's cycleMayEliminate counts (the working grid's candidates are
// the source's less some). Classic frames only.
func (ctx *fcContext) p21Nothing(c *chainer) bool {
	if c.frame != 3 || c.onLayout || c.g == nil || c.g.Geo == nil {
		return false
	}
	if f := ctx.srcFacts(c); !f.quiet || !f.cycleFree {
		return false
	}
	n, geo := c.n, c.g.Geo
	for cell, m := range c.src {
		gone := m &^ c.cand[cell]
		if gone == 0 {
			continue
		}
		if popc(c.cand[cell]) == 2 {
			return false
		}
		r, col, b := geo.Row[cell], n+geo.Col[cell], 2*n+geo.Box[cell]
		for ; gone != 0; gone &= gone - 1 {
			d := trailing(gone)
			if popc(c.pos[r][d]) == 2 || popc(c.pos[col][d]) == 2 || popc(c.pos[b][d]) == 2 {
				return false
			}
		}
	}
	return true
}

// p21PruneCheck, when set (by a test), is given every producer-21 run of
// a context that prunes (fcContext.prune) beside a run without pruning
// (nor the per-digit memo) on the same grid.
var p21PruneCheck func(pruned, full []chainHint)

// p21PruneRecheck runs producer 21 on g again without pruning and without
// the per-digit memo, and hands both runs' hints to p21PruneCheck (the
// work counted no longer matters: a pruning run has no budget).
func (ctx *fcContext) p21PruneRecheck(g *Grid, hints []chainHint) {
	ctx.prune, p21DigitMemoOff = false, true
	full, _, _ := ctx.p21Run(g)
	ctx.prune, p21DigitMemoOff = true, false
	p21PruneCheck(hints, full)
}

// leftover is the node count the next engine taken from the free list
// still holds from its last search: the first search begun on it counts
// them as made (chainer.begin), so they are part of the work the next
// search counts against the budget.
func (ctx *fcContext) leftover() int64 {
	if n := len(ctx.chainers); n > 0 {
		return int64(len(ctx.chainers[n-1].pool))
	}
	return 0
}

// p21Run runs SE's producer 21 (every hint) on grid g and returns its
// hints in SE's order (chainBefore, stable), each elimination set once
// (its first hint), without hints that remove nothing, the work of the
// search (nodes made, the engine's leftover ones included: see leftover)
// and the nodes the engine holds at the end (-1: no search began, it holds
// its leftover ones).
func (ctx *fcContext) p21Run(g *Grid) (hints []chainHint, work int64, final int) {
	inner := ctx.getChainer(g)
	defer ctx.putChainer(inner)
	cs := ctx.getCycleSearch(inner)
	defer ctx.putCycleSearch(cs)
	all := ctx.p21[:0]
	defer func() { ctx.p21 = all[:0] }()
	cur := inner.cur
	cs.search(&all)
	// no hint (so no forcing chain) and no component on a long cycle
	// that may eliminate anything (p21EmptyAfter)
	ctx.p21Empty = len(all) == 0
	if xy := &cs.strong[2]; ctx.p21Empty {
		for _, k := range xy.keys {
			if xy.onLongCycle(k) && xy.cycleMayEliminate(&inner.implGraph, k) {
				ctx.p21Empty = false
				break
			}
		}
	}
	// the searches the per-digit memo answered count as made; when the
	// last search was one of them, the engine is left with its nodes
	// (a safeguard: the both-links pass searches every candidate the
	// X-links pass does, its graph holding the other's, so a search
	// always begins after the first pass when one was kept)
	work = int64(inner.made+int64(len(inner.pool))) + cs.skipped
	final = len(inner.pool)
	switch {
	case cs.virtFinal >= 0 && inner.cur == cs.curAfter0:
		final = cs.virtFinal
		if cap(inner.pool) < final {
			inner.pool = make([]chainNode, final)
		}
		inner.pool = inner.pool[:final]
	case inner.cur == cur:
		final = -1 // no search began: the engine keeps its leftover nodes
	}
	hints = all
	sort.SliceStable(hints, func(i, j int) bool { return chainBefore(&hints[i], &hints[j]) })
	var out []chainHint
	seen := map[string]bool{}
	var key []byte
	for i := range hints {
		h := &hints[i]
		key = key[:0]
		for _, e := range h.el {
			key = append(key, byte(e.Cell), byte(e.Cell>>8), e.Digit)
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		if len(h.el) == 0 {
			continue
		}
		out = append(out, *h)
	}
	return out, work, final
}

// targetChains lists a producer-21 hint's targets' chains as SE walks them
// (getChain): a forcing chain from its target back to its start; a cycle
// from its closing node back (the start equals it), then the reversed
// cycle from its start (each node's polarity flipped, its cause kept).
func (h *chainHint) targetChains() [][]pathNode {
	p := h.path
	n := len(p)
	if !h.cycle {
		rev := make([]pathNode, n)
		for i := range p {
			rev[i] = p[n-1-i]
		}
		return [][]pathNode{rev}
	}
	on := make([]pathNode, 0, n-1)
	for i := n - 1; i >= 1; i-- {
		on = append(on, p[i])
	}
	off := make([]pathNode, 0, n-1)
	for i := 0; i < n-1; i++ {
		x := p[i]
		x.on = !x.on
		off = append(off, x)
	}
	return [][]pathNode{on, off}
}

// ruleParents lists a producer-21 hint's rule parents against source src
// and working grid cur (see fcSearch.ruleParents).
func (h *chainHint) ruleParents(c *chainer, src, cur []uint32) []int32 {
	var out []int32
	add := func(k int32) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, chain := range h.targetChains() {
		for _, x := range chain {
			if !x.on || x.cause == causeNone || x.cause == causeAdvanced {
				continue
			}
			c.lostParents(x.cause, x.key, src, cur, add)
		}
	}
	return out
}

// lostParents adds the rule parents SE names for an on node of candidate
// key derived by cause, against source src and working grid cur: for a
// cell cause the candidates its cell lost, for a house cause the places
// of its digit its house lost. A sees or non-consecutive link makes an on
// node only in a cycle's reversed chain (its off node flipped, its cause
// kept); SukakuExplainer gives those links the cell's cause
// (NakedSingle), so they name the cell's lost candidates too.
func (c *chainer) lostParents(cause uint8, key int32, src, cur []uint32, add func(int32)) {
	cell, d := c.cellOf(key), c.digitOf0(key)
	if cause == causeCell || cause == causeSees || cause == causeConsec {
		for gone := src[cell] &^ cur[cell]; gone != 0; gone &= gone - 1 {
			add(c.candKey(cell, trailing(gone)))
		}
		return
	}
	bit := uint32(1) << d
	for _, o := range c.houses[c.unitOf(int(cause-causeBox), cell)] {
		if src[o]&bit != 0 && cur[o]&bit == 0 {
			add(c.candKey(o, d))
		}
	}
}

// signature identifies a producer-21 hint's chains (SE's FullChain).
func (h *chainHint) signature() uint64 {
	var hs maphash.Hash
	hs.SetSeed(hashSeed0)
	for _, chain := range h.targetChains() {
		hs.WriteByte('|')
		for _, x := range chain {
			v := uint32(x.key) << 1
			if x.on {
				v |= 1
			}
			hs.WriteByte(byte(v))
			hs.WriteByte(byte(v >> 8))
			hs.WriteByte(byte(v >> 16))
		}
	}
	return hs.Sum64()
}

// basicRules are the techniques of the advanced rules without a nested
// chain; an advanced node from one of them has nested -2-i (i the index
// here) so that explanations can name it.
var basicRules = []string{"pointing", "claiming", "hidden-pair", "naked-pair", "x-wing", genLockingID, genNakedPairID}

func basicRuleRef(tech string) int32 { return int32(-2 - slices.Index(basicRules, tech)) }

// appendEntries adds one off node per elimination (row-major) with the
// given rule parents and nested chain.
func appendEntries(out []advEntry, c *chainer, el []Candidate, parents []int32, nested int32) []advEntry {
	if !slices.IsSortedFunc(el, compareCandidates) {
		el = slices.Clone(el)
		slices.SortFunc(el, compareCandidates)
	}
	return appendOrdered(out, c, el, parents, nested)
}

// compareCandidates orders candidates by cell, then digit.
func compareCandidates(a, b Candidate) int {
	if a.Cell != b.Cell {
		return a.Cell - b.Cell
	}
	return int(a.Digit) - int(b.Digit)
}

// basicRuleParents lists the rule parents of a locking, fish, hidden or
// naked pair step found on the working grid cur (source grid src): the
// candidates the pattern needs gone that were there at the start.
func basicRuleParents(s *Step, n int, houses [][]int, src, cur []uint32) []int32 {
	var out []int32
	gone := func(c int, d uint8) bool { bit := uint32(1) << (d - 1); return src[c]&bit != 0 && cur[c]&bit == 0 }
	key := func(c int, d uint8) int32 { return int32(c*n + int(d-1)) }
	inUnits := func(c int, us []int) bool {
		for _, u := range us {
			for _, x := range houses[u] {
				if x == c {
					return true
				}
			}
		}
		return false
	}
	switch s.Tech {
	case "pointing", "claiming", "x-wing":
		// removed positions of the digit in the base units outside the
		// cover units
		k := len(s.Units) / 2
		d := s.Digits[0]
		for _, u := range s.Units[:k] {
			for _, c := range houses[u] {
				if gone(c, d) && !inUnits(c, s.Units[k:]) {
					out = append(out, key(c, d))
				}
			}
		}
	case "hidden-pair":
		// the set's digits that were in the unit's other cells
		u := s.Units[0]
		for _, c := range houses[u] {
			if slices.Contains(s.Cells, c) {
				continue
			}
			for _, d := range s.Digits {
				if src[c]&(1<<(d-1)) != 0 {
					out = append(out, key(c, d))
				}
			}
		}
	case "naked-pair":
		// the other digits the set's cells had
		var set uint32
		for _, d := range s.Digits {
			set |= 1 << (d - 1)
		}
		for _, c := range s.Cells {
			for m := src[c] &^ set; m != 0; m &= m - 1 {
				out = append(out, key(c, uint8(trailing(m)+1)))
			}
		}
	}
	return out
}

// ruleParents lists the rule parents of hint h of this search (run on the
// working grid cur of an outer propagation with source src): for every
// node of every target's chain (breadth first, one target at a time) that
// is on because of a cell, the candidates of that cell src has and cur
// lacks; because of a unit, the positions of its digit there likewise.
// The assumption of a cell (region) forcing chain counts as caused by its
// cell (unit).
func (s *fcSearch) ruleParents(h *fcHint, src, cur []uint32) []int32 {
	c := s.c
	var out []int32
	seen := map[int32]bool{}
	add := func(k int32) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	s.chainOnsEach(h, func(key int32, cause uint8) { c.lostParents(cause, key, src, cur, add) })
	return out
}

// chainOnsEach calls f with each on node of hint h's chains that may name
// rule parents, one target at a time, breadth first, and the cause it
// counts for: its own, or for an assumption the hint's cell (unit).
func (s *fcSearch) chainOnsEach(h *fcHint, f func(key int32, cause uint8)) {
	c := s.c
	for _, t := range h.targets {
		s.bfs(t, func(x int32) {
			nd := &c.pool[x]
			if !nd.on {
				return
			}
			cause := nd.cause
			if cause == causeNone {
				switch h.kind {
				case fcCell:
					cause = causeCell
				case fcRegion:
					cause = c.causeOf(h.unit, c.cellOf(nd.key))
				}
			}
			if cause == causeNone || cause == causeAdvanced {
				return
			}
			f(nd.key, cause)
		})
	}
}

// unitType is the unit kind of u as unitOf numbers them: 0 block, 1 row,
// 2 column.
func unitType(geo *sudoku.Geometry, u int) int {
	switch u / geo.N {
	case 0:
		return 1
	case 1:
		return 2
	}
	return 0
}

// bfs visits the nodes of x's chain breadth first, each (key, polarity)
// once, as SE walks a chain (getChain).
func (s *fcSearch) bfs(x int32, visit func(int32)) {
	c := s.c
	c.newVisit()
	todo := append(c.stack[:0], x)
	var next []int32
	for len(todo) > 0 {
		next = next[:0]
		for _, y := range todo {
			nd := &c.pool[y]
			if !c.firstVisit(nd) {
				continue
			}
			visit(y)
			if nd.parent >= 0 {
				next = append(next, nd.parent)
			}
			next = append(next, c.extra[nd.extra:nd.extra+nd.nextra]...)
		}
		todo, next = next, todo
	}
	c.stack = todo[:0]
}

// signature identifies hint h's chains as SE's FullChain does: its targets
// and every target's chain, node by node.
func (s *fcSearch) signature(h *fcHint) uint64 {
	c := s.c
	var hs maphash.Hash
	hs.SetSeed(hashSeed0)
	for _, t := range h.targets {
		hs.WriteByte('|')
		s.bfs(t, func(x int32) {
			nd := &c.pool[x]
			v := uint32(nd.key) << 1
			if nd.on {
				v |= 1
			}
			hs.WriteByte(byte(v))
			hs.WriteByte(byte(v >> 8))
			hs.WriteByte(byte(v >> 16))
		})
	}
	return hs.Sum64()
}

// nestedComplexity adds the complexities of the distinct nested chains the
// targets' chains stand on (SE counts each FullChain once per hint).
func (ctx *fcContext) nestedComplexity(c *chainer, targets []int32) int {
	if len(ctx.nested) == 0 {
		return 0
	}
	var sigs []uint64
	sum := 0
	for _, t := range targets {
		c.newVisit()
		stack := append(c.stack[:0], t)
		for len(stack) > 0 {
			y := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			nd := &c.pool[y]
			if !c.firstVisit(nd) {
				continue
			}
			if nd.nested >= 0 {
				nh := &ctx.nested[nd.nested]
				if !slices.Contains(sigs, nh.sig) {
					sigs = append(sigs, nh.sig)
					sum += nh.cx
				}
			}
			if nd.parent >= 0 {
				stack = append(stack, nd.parent)
			}
			stack = append(stack, c.extra[nd.extra:nd.extra+nd.nextra]...)
		}
		c.stack = stack[:0]
	}
	return sum
}
