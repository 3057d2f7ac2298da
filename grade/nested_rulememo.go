package grade

import "slices"

// The chain-rule memo of the nesting levels: the hints of the multiple
// forcing chains (level 3) and of the dynamic forcing chains (level 4) on
// a working grid, kept across the solving steps of a run, as the
// producer-21 memo keeps producer 21's (nested_p21memo.go).
//
// Level 3 runs the static multiple forcing chains at every stall of every
// propagation that neither a basic rule nor producer 21 helps, about
// 1,600 working grids a step on a 16x16 grid, and level 4 the dynamic
// forcing chains likewise; the step's cache (fcContext.cache) keeps their
// off nodes for one step only (they depend on the source grid, through
// their rule parents, and refer to the step's nested chains). The search
// does not: its engine is set up from the working grid's layout and
// candidates alone (implGraph.reset), and so are its runs, its hints,
// their order and their complexities (no advanced rule runs inside
// either). About one working grid in eight of a level-3 step of the
// 16x16 stoppers was searched one step before.
//
// The memo keeps, per working grid, every hint of the search in SE's
// order (fcSearch.sorted) with what ruleEntries reads of it: its
// eliminations, complexity and chain signature, and the on nodes of its
// chains that may name rule parents (ruleParents' walk, in its order), and
// the nodes the search made. A hit counts those nodes against the budget
// and leaves the engine the search would have taken holding as many
// nodes as it would have left (the next search counts them: see
// fcContext.leftover), then ruleEntries makes the step's off nodes from
// the kept hints exactly as from a fresh search (memoEntries: rule parents
// against this step's source grid, nested chains registered with this
// step's context). Only runs without a work limit use it (a search cut
// short by the budget counts part of its nodes, a hit all of them). A hit
// needs the same layout and candidates compared in full, not only their
// hash. Memory is bounded as the producer-21 memo's: two generations of at
// most p21MemoWords candidate words each.

// ruleMemoOff turns the chain-rule memo off (a test compares whole runs
// with and without it).
var ruleMemoOff bool

// ruleMemoCheck, when set (by a test), is given every hint list the memo
// answers beside a fresh search's on the same working grid, with the
// nodes each counted and left on the engine.
var ruleMemoCheck func(kept, fresh []memoHint, keptWork, freshWork int64, keptFinal, freshFinal int)

// memoParentsCheck, when set (by a test), is given the rule parents of
// every hint of every search the memo keeps, found by
// fcSearch.ruleParents and by memoParents from the kept on nodes.
var memoParentsCheck func(search, kept []int32)

// ruleMemoEntry is a search's result on one working grid.
type ruleMemoEntry struct {
	hints []memoHint
	// work: the nodes the search counted against the budget; final: the
	// nodes its engine held at the end
	work  int64
	final int
}

// memoHint is what ruleEntries reads of a hint of an inner search.
type memoHint struct {
	el  []Candidate
	cx  int
	sig uint64
	// ons: the on nodes of its chains with a cell or unit cause (the
	// assumptions of cell and region forcing chains with their cell's or
	// unit's), in ruleParents' walk order, repeats kept
	ons []memoOn
}

// memoOn is an on node of a chain: its candidate and its cause.
type memoOn struct {
	key   int32
	cause uint8
}

// ruleMemoFor returns the memo of rule (advMultiple or advDynamic), nil
// when the run does not use one: it has a work limit, or it explains its
// steps (a nested chain's explanation is made from its search).
func (ctx *fcContext) ruleMemoFor(rule uint8) *workingMemo[ruleMemoEntry] {
	if ruleMemoOff || !ctx.prune || ctx.proofs {
		return nil
	}
	switch rule {
	case advMultiple:
		return &ctx.ruleMemos[0]
	case advDynamic:
		return &ctx.ruleMemos[1]
	}
	return nil
}

// replay stands for the search e was kept from: it counts the search's
// nodes against the budget and leaves the engine the search would have
// taken from the free list (a new one when the list is empty) holding the
// nodes the search left on it.
func (ctx *fcContext) replay(e *ruleMemoEntry) {
	en := ctx.freeEngine()
	if cap(en.pool) < e.final {
		en.pool = make([]chainNode, e.final)
	}
	en.pool = en.pool[:e.final]
	ctx.spend(int(e.work))
}

// memoHints lists the hints of the finished search s in SE's order as the
// memo keeps them.
func (s *fcSearch) memoHints() []memoHint {
	order := s.sorted()
	out := make([]memoHint, len(order))
	for j, i := range order {
		h := &s.hints[i]
		out[j] = memoHint{el: slices.Clone(h.el), cx: h.cx, sig: s.signature(h), ons: s.chainOns(h)}
	}
	return out
}

// chainOns lists the on nodes of hint h's chains that may name rule
// parents, as ruleParents walks them (one target at a time, breadth
// first), with the cause ruleParents gives them.
func (s *fcSearch) chainOns(h *fcHint) []memoOn {
	var out []memoOn
	s.chainOnsEach(h, func(key int32, cause uint8) { out = append(out, memoOn{key, cause}) })
	return out
}

// memoEntries turns an inner search's hints (memoHints' list) into the
// off nodes of the propagation c is running, as ruleEntries does with a
// fresh search's: the usable ones (with rule parents against c's source
// grid, not all of whose eliminations an earlier usable hint gives), in
// their order.
func (ctx *fcContext) memoEntries(c *chainer, tech string, hints []memoHint) []advEntry {
	var out []advEntry
	var covered coverSet
	for i := range hints {
		h := &hints[i]
		if covered.all(c, h.el) {
			continue
		}
		parents := memoParents(c, h.ons, c.src, c.cand)
		if len(parents) == 0 {
			continue
		}
		covered.add(c, h.el)
		idx := ctx.addNested(nestedHint{tech: tech, cx: h.cx, sig: h.sig}, nil)
		out = appendEntries(out, c, h.el, parents, idx)
	}
	return out
}

// memoParents lists the rule parents of a hint whose chains' on nodes
// are ons (chainOns), against source src and working grid cur, each once,
// in the order fcSearch.ruleParents finds them.
func memoParents(c *chainer, ons []memoOn, src, cur []uint32) []int32 {
	var out []int32
	add := func(k int32) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, o := range ons {
		c.lostParents(o.cause, o.key, src, cur, add)
	}
	return out
}

// ruleMemoRecheck runs the search of mode m on g (the view of the
// working grid the memo answered for with e) from the engine and budget
// state the answer found, and hands both to ruleMemoCheck: the same
// hints, the same nodes counted and left on the engine.
func (ctx *fcContext) ruleMemoRecheck(g *Grid, m fcMode, e *ruleMemoEntry) {
	inner := newFCSearch(g, ctx, m)
	inner.search(0, len(g.Cand))
	fresh, work, final := inner.memoHints(), inner.spent, len(inner.c.pool)
	inner.release()
	// the fresh search's nodes were counted: the answer's replay counts
	// its own, so take the fresh ones back
	if b := ctx.budget; b != nil {
		b.used.Add(-work)
	}
	ruleMemoCheck(e.hints, fresh, e.work, work, e.final, final)
}
