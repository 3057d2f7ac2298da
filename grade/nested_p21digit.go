package grade

import (
	"hash/maphash"
	"slices"
	"unsafe"
)

// The per-digit memo of producer 21's first pass inside the nesting
// levels.
//
// Producer 21's first pass (X-links only: forcing X-chains and X-cycles)
// follows one digit's links: an on node implies off the digit's other
// positions in its houses, an off node implies on the other position of
// the digit in a house where it has exactly two. So the searches of a
// digit, whether the strong index lets them run (the X-links index's
// answers for the digit's candidates: its components hold one digit; the
// both-links index's "no" is only a shortcut, a subgraph has no path the
// whole graph lacks), the nodes they make and the hints they find are a
// function of where the digit is, and of which of those cells hold it
// alone (a cell with one candidate starts no search). The one exception
// is a forcing chain whose target is its start taken on: it places the
// digit and eliminates the cell's other candidates, which are read off the
// grid at hand.
//
// Inside the levels producer 21 runs on thousands of working grids a
// step that differ from each other in a few candidates, most of them in a
// few digits, so the first pass of most digits repeats one already run.
// The memo keeps, per (digit, its positions, its lone positions), the
// pass's hints for the digit in generation order, the nodes its searches
// made and the last search's node count; p21Run counts the kept nodes as
// made (the same work against the budget) and leaves the engine holding
// the node count the last search would have left (the next search counts
// it), so Result.Work and where a budget runs out do not change
// (TestP21DigitMemoSame checks every producer-21 run against a run
// without the memo). Memory is bounded as the producer-21 memo's: two
// generations of at most p21DigitWords state words.

// p21DigitWords bounds the state words one generation of the per-digit
// memo keeps.
const p21DigitWords = 1 << 20

// p21DigitMemoOff turns the per-digit memo off (a test compares runs with
// and without it).
var p21DigitMemoOff bool

// p21DigitMemo is the per-digit memo of one fcContext, with the scratch
// of the search using it.
type p21DigitMemo struct {
	lay      *Layout
	cur, old map[uint64]*p21DigitResult
	words    int
	// state holds, per digit, its positions then its lone positions
	// (2*w words each) for the grid being searched; hit and rec per digit
	// the kept result used, or the one being recorded
	state    []uint64
	w        int
	hit, rec []*p21DigitResult
	hashes   []uint64
}

// p21DigitResult is the first pass of producer 21 for one digit.
type p21DigitResult struct {
	state []uint64
	hints []chainHint
	// nodes made by the searches, the last search's candidate (-1: none
	// ran) and its node count
	nodes    int64
	lastCi   int
	lastPool int
}

var digitSeed = maphash.MakeSeed()

// prepare looks up every digit of g's candidates (layout lay, n digits):
// hit[d] is the kept result or nil, and rec[d] a fresh result to record
// for a digit not kept.
func (m *p21DigitMemo) prepare(lay *Layout, cand []uint32, n int) {
	if m.lay != lay || m.cur == nil {
		m.lay = lay
		m.cur, m.old, m.words = map[uint64]*p21DigitResult{}, nil, 0
	}
	w := (len(cand) + 63) / 64
	m.w = w
	m.state = slices.Grow(m.state[:0], 2*w*n)[:2*w*n]
	clear(m.state)
	for cell, c := range cand {
		i, b := cell>>6, uint64(1)<<(cell&63)
		lone := c&(c-1) == 0
		for mm := c; mm != 0; mm &= mm - 1 {
			d := trailing(mm)
			m.state[2*w*d+i] |= b
			if lone {
				m.state[2*w*d+w+i] |= b
			}
		}
	}
	m.hit = slices.Grow(m.hit[:0], n)[:n]
	m.rec = slices.Grow(m.rec[:0], n)[:n]
	m.hashes = slices.Grow(m.hashes[:0], n)[:n]
	for d := 0; d < n; d++ {
		st := m.state[2*w*d : 2*w*(d+1)]
		b := unsafe.Slice((*byte)(unsafe.Pointer(&st[0])), 8*len(st))
		h := maphash.Bytes(digitSeed, b) ^ uint64(d)*0x9e3779b97f4a7c15
		m.hashes[d] = h
		r := m.cur[h]
		if r == nil {
			r = m.old[h]
		}
		if r != nil && !slices.Equal(r.state, st) {
			r = nil
		}
		m.hit[d], m.rec[d] = r, nil
		if r == nil {
			m.rec[d] = &p21DigitResult{lastCi: -1}
		}
	}
}

// keep stores the results recorded for the digits not kept.
func (m *p21DigitMemo) keep() {
	w := m.w
	for d, r := range m.rec {
		if r == nil {
			continue
		}
		if m.words+2*w > p21DigitWords {
			m.old, m.cur, m.words = m.cur, map[uint64]*p21DigitResult{}, 0
		}
		r.state = slices.Clone(m.state[2*w*d : 2*w*(d+1)])
		m.cur[m.hashes[d]] = r
		m.words += 2 * w
		m.rec[d] = nil
	}
}

// firstPass ends producer 21's first pass with the per-digit memo: the
// hints of every digit (kept or recorded) go to *all in generation order
// (candidate by candidate; a candidate's hints are one digit's, in their
// order), a kept placement's eliminations read off g's candidates; the
// kept digits' nodes are counted in cs.skipped, and when the last search
// of the pass was a kept one, cs.virtFinal is its node count.
func (cs *cycleSearch) firstPass(all *[]chainHint, cand []uint32, n int) {
	m := cs.dm
	start := len(*all)
	last, lastPool, lastKept := -1, 0, false
	for d := 0; d < n; d++ {
		r, kept := m.rec[d], false
		if r == nil {
			r, kept = m.hit[d], true
		}
		if r.lastCi > last {
			last, lastPool, lastKept = r.lastCi, r.lastPool, kept
		}
		if !kept {
			*all = append(*all, r.hints...)
			continue
		}
		cs.skipped += r.nodes
		for _, h := range r.hints {
			if h.place.Digit != 0 {
				cell, dg := h.place.Cell, h.place.Digit-1
				h.el = nil
				for mm := cand[cell] &^ (1 << dg); mm != 0; mm &= mm - 1 {
					h.el = append(h.el, Candidate{cell, uint8(trailing(mm) + 1)})
				}
			}
			*all = append(*all, h)
		}
	}
	// pass 0's sequence numbers are (candidate*3+kind)<<16 + record
	slices.SortStableFunc((*all)[start:], func(a, b chainHint) int {
		return int((a.seq>>16)/3) - int((b.seq>>16)/3)
	})
	if lastKept {
		cs.virtFinal = lastPool
	}
	if p21DigitCount != nil {
		h := 0
		for _, r := range m.hit {
			if r != nil {
				h++
			}
		}
		p21DigitCount(h, n-h)
	}
	cs.curAfter0 = cs.c.cur
	m.keep()
}

// searched counts a search of the digit's first pass from candidate ci
// that made pool nodes.
func (r *p21DigitResult) searched(ci, pool int) {
	r.nodes += int64(pool)
	r.lastCi, r.lastPool = ci, pool
}

// p21DigitCount, when set (by a test), is given the digits of each first
// pass answered by the memo and those searched.
var p21DigitCount func(hits, misses int)

// p21DigitCheck, when set (by a test), is given every producer-21 run's
// hints, work and final node count beside a run without the per-digit
// memo on the same grid, from the same leftover nodes.
var p21DigitCheck func(with, without []chainHint, withWork, withoutWork int64, withFinal, withoutFinal int)

// p21DigitRecheck runs producer 21 on g again without the per-digit memo
// on the engine the run just used, from the left nodes it held before,
// and hands both runs to p21DigitCheck.
func (ctx *fcContext) p21DigitRecheck(g *Grid, left int64, hints []chainHint, work int64, final int) {
	e := ctx.chainers[len(ctx.chainers)-1]
	held := len(e.pool)
	e.pool = slices.Grow(e.pool[:0], int(left))[:left]
	p21DigitMemoOff = true
	fresh, fw, ff := ctx.p21Run(g)
	p21DigitMemoOff = false
	if len(e.pool) != held {
		ff = -2 // the engine is not left as the run with the memo left it
	}
	p21DigitCheck(hints, fresh, work, fw, final, ff)
}
