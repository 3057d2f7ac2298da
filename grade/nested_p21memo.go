package grade

import "slices"

// The producer-21 memo of the nesting levels: producer 21's hints on a
// working grid, kept across the solving steps of a run (and the runs of an
// engine).
//
// Levels 2 and 3 run SE's producer 21 (cycles and forcing chains) at
// every stall of every propagation that no basic rule helps, tens of
// thousands of times a step on a 16x16 grid. The step's cache
// (fcContext.cache) keeps each rule's off nodes per (source grid, working
// grid) for one step only: off nodes depend on the source grid (their rule
// parents) and refer to the step's nested chains. The search itself does
// not: producer 21 on a working grid reads only its candidates and its
// layout (the chain engine's graph, the strong indexes, the unit tables of
// the candidates; no placed value, no source grid, no memo of the solving
// loop: cycleSearch.memo is nil inside the levels), so its hints, sorted
// and cut to one per elimination set (p21Search), are a function of
// (layout, candidates). Between one step and the next only the step's
// eliminations and placements change the source grid, and a propagation
// that removed those candidates anyway often stalls on a working grid
// already searched one step before (on puzzle 5 of the 16x16 rating
// sample, 3,333 of 27,137 producer-21 runs).
//
// The memo keeps, per working grid, the hint list and the work the search
// counted against the budget; a hit counts that same work again (the run
// without the memo searched and counted it), then the step's off nodes are
// made from the list as from a fresh search (cycleEntries: rule parents
// against this step's source grid, nested chains registered with this
// step's context). A hit needs the same layout and candidates compared in
// full, not only their hash. Hints own their slices (paths and
// eliminations are allocated per hint), so a kept list is never
// overwritten. Memory is bounded: two generations of at most
// p21MemoWords candidate words each; a full generation becomes the old
// one (the one before is dropped).

// p21MemoWords bounds the candidate words one generation of the memo
// keeps (4 MB of grids: 4,096 16x16 working grids).
const p21MemoWords = 1 << 20

// p21MemoOff turns the memo's answers off (a test compares whole runs
// with and without them).
var p21MemoOff bool

// p21Memo is the producer-21 memo of one fcContext.
type p21Memo struct {
	workingMemo[p21Result]
	// the last hit's work counted, free engine's node count before and
	// after (for p21MemoCheck)
	lastWork            int64
	lastLeft, lastFinal int
}

// p21Result is producer 21's result on one working grid: its hints, the
// nodes its searches made and the nodes its engine holds at the end (-1:
// no search began, it keeps those it had).
type p21Result struct {
	hints []chainHint
	work  int64
	final int
}

// p21Known returns the kept hints for c's working grid, and counts their
// search's work against the budget as the search did; ok false when the
// grid is not kept. Out of budget, the hints are nil (the caller's search
// is abandoned).
func (ctx *fcContext) p21Known(c *chainer) (hints []chainHint, ok bool) {
	m := &ctx.p21memo
	if p21MemoOff {
		return nil, false
	}
	r := m.find(c)
	if r == nil {
		return nil, false
	}

	// the search would have taken the free list's last engine (a new
	// one when the list is empty), counted its leftover nodes with its
	// own, and left it holding its last search's nodes: the same count
	// goes to the budget and the engine is left with the same node count
	// (its nodes are never read before the next search begins)
	e := ctx.freeEngine()
	left := len(e.pool)
	work := int64(left) + r.work
	final := r.final
	if final < 0 {
		final = left // no search began: the engine keeps its nodes
	}
	if cap(e.pool) < final {
		e.pool = make([]chainNode, final)
	}
	e.pool = e.pool[:final]
	m.lastWork, m.lastLeft, m.lastFinal = work, left, final
	if ctx.spend(int(work)) {
		return nil, true
	}
	return r.hints, true
}

// p21Keep keeps hints (p21Search's list, owned by the memo from now on)
// for c's working grid, with the nodes their search made (beyond its
// engine's leftover ones) and the nodes its engine held at the end.
func (ctx *fcContext) p21Keep(c *chainer, hints []chainHint, work int64, final int) {
	ctx.p21memo.keep(c, p21Result{hints: hints, work: work, final: final})
}

// p21CheckHit hands p21MemoCheck (set by a test) the memo's answer on c's
// working grid beside a fresh search's: the answer took the place of a
// search (its work counted, the free engine's nodes set), so a fresh
// search on the same engine, from the same leftover nodes, must find the
// same hints, count the same work and leave the same nodes.
func (ctx *fcContext) p21CheckHit(c *chainer, view **Grid, hints []chainHint) {
	m := &ctx.p21memo
	kept := m.lastWork
	e := ctx.chainers[len(ctx.chainers)-1]
	e.pool = slices.Grow(e.pool[:0], m.lastLeft)[:m.lastLeft]
	if *view == nil {
		*view = ctx.view(c)
	}
	fresh, work, final := ctx.p21Run(*view)
	if final < 0 {
		final = m.lastLeft
	}
	p21MemoCheck(hints, fresh, kept, work, m.lastFinal, final)
}
