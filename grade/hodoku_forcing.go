package grade

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// HoDoKu's forcing chains and forcing nets (its TablingSolver), the last
// logical techniques of its default order.
//
// Both read HoDoKu's tables: for every premise (a candidate taken true,
// or false) everything it implies, breadth first, capped at 1000 entries
// (tabling.go builds the same tables for nice loops). A forcing chain's
// table grows by direct implications (with group nodes); a forcing net's
// starts from a look-ahead: the premise is played on a copy of the grid
// and four rounds of naked and hidden singles are played after it (the
// singles in the order HoDoKu's queues give them), and each implication
// then adds the look-ahead table of its own premise.
//
// The conclusions, in HoDoKu's order of checks:
//
//   - one table (contradiction): the premise implies its own negation, a
//     candidate both true and false, two digits in one cell, one digit
//     twice in a unit, a cell left without candidates, or a digit left
//     without a place in a unit (HoDoKu counts a unit's places among the
//     cells its placed digits do not rule out, so a place removed by an
//     earlier step keeps the unit from emptying): the premise is false;
//   - a candidate true and the same candidate false (verity): what both
//     imply holds;
//   - every candidate of a cell, every place of a digit in a row, column
//     or box (verity): what all of them imply holds.
//
// HoDoKu only knows 9x9 grids. On larger ones the tables grow with the
// square of the candidates (a 16x16 grid has 4096 of them, each with a
// table of up to 1000 entries, per step), so the searches are left out
// there and such puzzles go on to brute force.
//
// Every conclusion places one digit or removes one candidate. HoDoKu
// collects them all, one per result, and sorts: placements first, the
// lowest cell first; then eliminations, the lowest cell and digit first.
// The first is the step.

// Forcing conclusion kinds (ChainProof.Kind).
const (
	hfContra = "contradiction"
	hfDouble = "double"
	hfCell   = "cell"
	hfRegion = "region"
)

// hodokuForcingMaxN is the largest grid size searched for forcing chains
// and nets.
const hodokuForcingMaxN = 9

// hfBranch is one branch of a conclusion: a premise and the entry of its
// table that the conclusion reads.
type hfBranch struct {
	premise, target gnode
}

// hfResult is one conclusion.
type hfResult struct {
	place    bool
	cell     int
	d        uint8 // 1-based
	verity   bool
	kind     string
	unit     int // the unit (region verity) or cell (cell verity)
	rank     [3]int
	branches []hfBranch
}

// hfSearch is one forcing chain or net search.
type hfSearch struct {
	g    *Grid
	c    *chainer
	gk   *groupKind
	n    int
	w    int // words of a cell set
	nets bool
	// look-ahead tables of the candidate premises (nets), per slot
	// 2*key+on
	netEnts       []gnode
	netAt, netLen []int32
	// sets of the current table: on sets of the digits, then off sets
	stride int
	cur    []uint64
	offTab []uint64
	// on tables of every candidate, by key
	onTabs  []uint64
	hasTab  []bool
	allowed []uint64 // per digit: empty cells no placed digit rules out
	solved  []uint64
	// candCells: per digit the cells holding it (w words each); live:
	// per digit the units where it is allowed somewhere, in unit order,
	// with those cells (liveAt[d]..liveAt[d+1] index liveU, and w words
	// each of liveM)
	candCells []uint64
	liveAt    []int32
	liveU     []int32
	liveM     []uint64
	// unionScratch: checkOne's cells some table entry keeps alive
	unionScratch []uint64
	found        map[int]int // result key -> index in results
	results      []hfResult
	scratch      []uint64
}

// hodokuForcing runs HoDoKu's forcing chain search (nets false) or forcing
// net search on g and emits the conclusions in HoDoKu's order of
// preference.
func hodokuForcing(g *Grid, nets bool, emit func(*Step) bool) {
	if g.Geo.N > hodokuForcingMaxN {
		return
	}
	gk := &groupKind{}
	c := getChainer(g, gk)
	defer c.release()
	geo := g.Geo
	s := &hfSearch{g: g, c: c, gk: gk, n: geo.N, w: (geo.Cells + 63) / 64, nets: nets, found: map[int]int{}}
	s.stride = 2 * s.n * s.w
	ncand := int(c.ncand)
	s.onTabs = make([]uint64, ncand*s.stride)
	s.hasTab = make([]bool, ncand)
	s.offTab = make([]uint64, s.stride)
	s.scratch = make([]uint64, s.w)
	s.prepareSets()
	if nets {
		s.buildNetTables()
	}
	for cell := 0; cell < geo.Cells; cell++ {
		if g.Values[cell] != 0 {
			continue
		}
		for m := g.Cand[cell]; m != 0; m &= m - 1 {
			d := trailing(m)
			key := c.candKey(cell, d)
			on := s.onTabs[int(key)*s.stride : int(key+1)*s.stride]
			s.table(key, true, on)
			s.hasTab[key] = true
			s.checkOne(key, true, on, int(key)*2)
			s.table(key, false, s.offTab)
			s.checkOne(key, false, s.offTab, int(key)*2+1)
			s.checkTwo(key, on, s.offTab)
		}
	}
	s.checkCells()
	s.checkUnits()
	sort.SliceStable(s.results, func(i, j int) bool { return hfLess(&s.results[i], &s.results[j], s.n) })
	for i := range s.results {
		if !emit(s.step(&s.results[i])) {
			return
		}
	}
}

// hfLess is HoDoKu's TablingComparator on our conclusions: placements
// first, the lowest cell first; then eliminations by cell and digit.
func hfLess(a, b *hfResult, n int) bool {
	if a.place != b.place {
		return a.place
	}
	if a.place {
		return a.cell < b.cell
	}
	return a.cell*(n+1)+int(a.d) < b.cell*(n+1)+int(b.d)
}

// prepareSets computes the cells every check needs: solved cells and, per
// digit, the empty cells no placed copy of the digit sees.
func (s *hfSearch) prepareSets() {
	g := s.g
	geo := g.Geo
	w, n := s.w, s.n
	t := s.c.t
	s.solved = make([]uint64, w)
	s.allowed = make([]uint64, n*w)
	for cell := 0; cell < geo.Cells; cell++ {
		if g.Values[cell] != 0 {
			s.solved[cell>>6] |= 1 << (cell & 63)
		}
	}
	for d := 0; d < n; d++ {
		a := s.allowed[d*w : (d+1)*w]
		for i := range a {
			a[i] = ^s.solved[i]
		}
		if r := geo.Cells & 63; r != 0 {
			a[w-1] &= 1<<r - 1
		}
	}
	for cell, v := range g.Values {
		if v == 0 {
			continue
		}
		a := s.allowed[int(v-1)*w : int(v)*w]
		for i := range a {
			a[i] &^= t.peerMask[cell][i]
		}
	}
	s.candCells = make([]uint64, n*w)
	for cell, m := range g.Cand {
		for ; m != 0; m &= m - 1 {
			s.candCells[trailing(m)*w+cell>>6] |= 1 << (cell & 63)
		}
	}
	s.unionScratch = make([]uint64, w)
	s.liveAt = make([]int32, n+1)
	for d := 0; d < n; d++ {
		s.liveAt[d] = int32(len(s.liveU))
		al := s.allowed[d*w : (d+1)*w]
		for u := range geo.Units {
			um := t.unitMask[u]
			any := false
			for k := 0; k < w; k++ {
				any = any || al[k]&um[k] != 0
			}
			if !any {
				continue
			}
			s.liveU = append(s.liveU, int32(u))
			for k := 0; k < w; k++ {
				s.liveM = append(s.liveM, al[k]&um[k])
			}
		}
	}
	s.liveAt[n] = int32(len(s.liveU))
}

// peersWithin reports whether two cells of a (a cell set) are peers
// (share a house), so a unit may hold two of them.
func (s *hfSearch) peersWithin(a []uint64) bool {
	pm := s.c.t.peerMask
	for k, x := range a {
		for ; x != 0; x &= x - 1 {
			p := pm[k*64+bits.TrailingZeros64(x)]
			for j := range a {
				if a[j]&p[j] != 0 {
					return true
				}
			}
		}
	}
	return false
}

// table builds the table of premise (key, on) in the engine's pool (entry
// 0 the premise, first-discoverer parents) and its sets into dst. A node
// expanded adds its own table's entries (its premise left out): a
// candidate's look-ahead table in a net, else its implications in the
// graph (tabling links), read in place.
func (s *hfSearch) table(key int32, on bool, dst []uint64) {
	c := s.c
	c.premise(key, on)
	for h := int32(0); int(h) < len(c.pool) && len(c.pool) < tabCap; h++ {
		nd := c.pool[h]
		if s.nets && nd.key < c.ncand {
			slot := 2 * nd.key
			if nd.on {
				slot++
			}
			at, l := s.netAt[slot], s.netLen[slot]
			for _, e := range s.netEnts[at : at+l] {
				if !s.enter(e.key, e.on, h) {
					break
				}
			}
			continue
		}
		for _, m := range c.impliedKey(nd.key, nd.on, hodokuTableLinks) {
			if !s.enter(m.key, !nd.on, h) {
				break
			}
		}
	}
	clear(dst)
	w, n := s.w, s.n
	for i := range c.pool {
		nd := &c.pool[i]
		if nd.key >= c.ncand {
			continue
		}
		cell, d := int(nd.key)/n, int(nd.key)%n
		off := d * w
		if !nd.on {
			off += n * w
		}
		dst[off+cell>>6] |= 1 << (cell & 63)
	}
}

// enter adds entry (key, on) to the table being built, found from entry
// h, unless the table holds it; false when the table is full.
func (s *hfSearch) enter(key int32, on bool, h int32) bool {
	c := s.c
	if len(c.pool) >= tabCap {
		return false
	}
	if on {
		if !c.inOn(key) {
			c.setOn(key, c.newNode(key, true, causeNone, h))
		}
	} else if !c.inOff(key) {
		c.setOff(key, c.newNode(key, false, causeNone, h))
	}
	return true
}

// set returns digit d's on (off false) set of a table's sets.
func (s *hfSearch) set(sets []uint64, d int, on bool) []uint64 {
	off := d * s.w
	if !on {
		off += s.n * s.w
	}
	return sets[off : off+s.w]
}

func firstCell(a []uint64) int {
	for i, x := range a {
		if x != 0 {
			return i*64 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

func setCells(a []uint64) []int {
	var out []int
	for i, x := range a {
		for ; x != 0; x &= x - 1 {
			out = append(out, i*64+bits.TrailingZeros64(x))
		}
	}
	return out
}

// add records a conclusion unless one with the same result and an
// earlier rank is known.
func (s *hfSearch) add(r hfResult) {
	k := (r.cell*s.n + int(r.d-1)) * 2
	if r.place {
		k++
	}
	if i, ok := s.found[k]; ok {
		if !rankLess(r.rank, s.results[i].rank) {
			return
		}
		s.results[i] = r
		return
	}
	s.found[k] = len(s.results)
	s.results = append(s.results, r)
}

func rankLess(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// checkOne looks for a contradiction in the table of premise (key, on).
func (s *hfSearch) checkOne(key int32, on bool, sets []uint64, seq int) {
	g := s.g
	geo := g.Geo
	n, w := s.n, s.w
	t := s.c.t
	pcell, pd := int(key)/n, int(key)%n
	prem := gnode{key, on}
	var br []hfBranch
	to := func(cell, d int, on bool) hfBranch {
		return hfBranch{prem, gnode{s.c.candKey(cell, d), on}}
	}
	tmp := s.scratch
	switch {
	case on && s.set(sets, pd, false)[pcell>>6]&(1<<(pcell&63)) != 0,
		!on && s.set(sets, pd, true)[pcell>>6]&(1<<(pcell&63)) != 0:
		br = append(br, to(pcell, pd, !on))
	}
	for d := 0; d < n && br == nil; d++ {
		a, b := s.set(sets, d, true), s.set(sets, d, false)
		for i := range tmp {
			tmp[i] = a[i] & b[i]
		}
		if x := firstCell(tmp); x >= 0 {
			br = append(br, to(x, d, true), to(x, d, false))
		}
	}
	for i := 0; i < n && br == nil; i++ {
		for j := i + 1; j < n && br == nil; j++ {
			a, b := s.set(sets, i, true), s.set(sets, j, true)
			for k := range tmp {
				tmp[k] = a[k] & b[k]
			}
			if x := firstCell(tmp); x >= 0 {
				br = append(br, to(x, i, true), to(x, j, true))
			}
		}
	}
	// one digit twice in a unit (rows, columns, boxes); a digit none of
	// whose on cells are peers has none
	for d := 0; d < n && br == nil; d++ {
		a := s.set(sets, d, true)
		if !s.peersWithin(a) {
			continue
		}
		for u := 0; u < len(geo.Units) && br == nil; u++ {
			cnt := 0
			um := t.unitMask[u]
			for k := 0; k < w; k++ {
				cnt += bits.OnesCount64(a[k] & um[k])
			}
			if cnt > 1 {
				for k := 0; k < w; k++ {
					tmp[k] = a[k] & um[k]
				}
				for _, x := range setCells(tmp) {
					br = append(br, to(x, d, true))
				}
			}
		}
	}
	// a cell left without candidates: an empty cell that no digit's on
	// set holds and whose every candidate the off sets hold
	if br == nil {
		alive := s.unionScratch
		copy(alive, s.solved)
		for d := 0; d < n; d++ {
			a, b := s.set(sets, d, true), s.set(sets, d, false)
			cc := s.candCells[d*w : (d+1)*w]
			for k := range alive {
				alive[k] |= a[k] | cc[k]&^b[k]
			}
		}
		for k := 0; k < w && br == nil; k++ {
			dead := ^alive[k]
			if k == w-1 && geo.Cells&63 != 0 {
				dead &= 1<<(geo.Cells&63) - 1
			}
			for ; dead != 0 && br == nil; dead &= dead - 1 {
				cell := k*64 + bits.TrailingZeros64(dead)
				for m := g.Cand[cell]; m != 0; m &= m - 1 {
					br = append(br, to(cell, trailing(m), false))
				}
			}
		}
	}
	// a digit left without a place in a unit: a unit where the digit is
	// allowed whose allowed cells the digit's off set all holds
	for d := 0; d < n && br == nil; d++ {
		b := s.set(sets, d, false)
		for i := s.liveAt[d]; i < s.liveAt[d+1] && br == nil; i++ {
			m := s.liveM[int(i)*w : int(i+1)*w]
			sub := true
			for k := 0; k < w; k++ {
				if m[k]&^b[k] != 0 {
					sub = false
				}
			}
			if sub {
				for _, x := range setCells(m) {
					br = append(br, to(x, d, false))
				}
			}
		}
	}
	if br == nil {
		return
	}
	s.add(hfResult{place: !on, cell: pcell, d: uint8(pd + 1), kind: hfContra, rank: [3]int{0, seq, 0}, branches: br})
}

// checkTwo reads what a candidate's on and off tables both imply.
func (s *hfSearch) checkTwo(key int32, on, off []uint64) {
	n, w := s.n, s.w
	pcell := int(key) / n
	tmp := s.scratch
	for _, place := range []bool{true, false} {
		for d := 0; d < n; d++ {
			a, b := s.set(on, d, place), s.set(off, d, place)
			for k := 0; k < w; k++ {
				tmp[k] = a[k] & b[k]
			}
			tmp[pcell>>6] &^= 1 << (pcell & 63)
			for _, x := range setCells(tmp) {
				tgt := gnode{s.c.candKey(x, d), place}
				s.add(hfResult{place: place, cell: x, d: uint8(d + 1), verity: true, kind: hfDouble, rank: [3]int{1, int(key), 0},
					branches: []hfBranch{{gnode{key, true}, tgt}, {gnode{key, false}, tgt}}})
			}
		}
	}
}

// checkList reads what every premise of keys (all taken true) implies.
func (s *hfSearch) checkList(keys []int32, kind string, unit int, rank [3]int) {
	n, w := s.n, s.w
	tmp := s.scratch
	for _, place := range []bool{true, false} {
		for d := 0; d < n; d++ {
			for i, k := range keys {
				a := s.set(s.onTabs[int(k)*s.stride:int(k+1)*s.stride], d, place)
				if i == 0 {
					copy(tmp, a)
				} else {
					for j := 0; j < w; j++ {
						tmp[j] &= a[j]
					}
				}
			}
			for _, x := range setCells(tmp) {
				tgt := gnode{s.c.candKey(x, d), place}
				r := hfResult{place: place, cell: x, d: uint8(d + 1), verity: true, kind: kind, unit: unit, rank: rank}
				for _, k := range keys {
					r.branches = append(r.branches, hfBranch{gnode{k, true}, tgt})
				}
				s.add(r)
			}
		}
	}
}

// checkCells: all candidates of a cell.
func (s *hfSearch) checkCells() {
	g := s.g
	var keys []int32
	for cell := range g.Cand {
		if g.Values[cell] != 0 {
			continue
		}
		keys = keys[:0]
		for m := g.Cand[cell]; m != 0; m &= m - 1 {
			keys = append(keys, s.c.candKey(cell, trailing(m)))
		}
		s.checkList(keys, hfCell, cell, [3]int{2, cell, 0})
	}
}

// checkUnits: all places of a digit in a row, a column, a box.
func (s *hfSearch) checkUnits() {
	g := s.g
	geo := g.Geo
	var keys []int32
	for u := range geo.Units {
		for d := 0; d < s.n; d++ {
			keys = keys[:0]
			for _, cell := range geo.Units[u] {
				if g.Values[cell] == 0 && g.Cand[cell]&(1<<d) != 0 {
					keys = append(keys, s.c.candKey(cell, d))
				}
			}
			if len(keys) > 0 {
				s.checkList(keys, hfRegion, u, [3]int{3, u, d})
			}
		}
	}
}

// buildNetTables plays every premise on a copy of the grid (HoDoKu's
// getTableEntry) and stores its look-ahead table: the premise's own
// consequences, four rounds of the singles that appear (naked singles,
// then hidden singles, each in the order HoDoKu's queues hold them), and
// the group nodes the premise turns off or on.
func (s *hfSearch) buildNetTables() {
	g := s.g
	c := s.c
	nslots := 2 * int(c.ncand)
	s.netAt = make([]int32, nslots)
	s.netLen = make([]int32, nslots)
	base := &hodokuSingles{}
	base.load(g)
	base.ns.clear()
	base.hs.clear()
	cp := &hodokuSingles{}
	la := &lookAhead{s: s, h: cp}
	for cell := range g.Cand {
		if g.Values[cell] != 0 {
			continue
		}
		for m := g.Cand[cell]; m != 0; m &= m - 1 {
			d := trailing(m)
			key := c.candKey(cell, d)
			for _, on := range []bool{true, false} {
				cp.copyFrom(base)
				slot := 2 * key
				if on {
					slot++
				}
				s.netAt[slot] = int32(len(s.netEnts))
				la.run(cell, uint8(d+1), on)
				// the group nodes the premise links to come after
				for _, im := range c.impliedKey(key, on, hodokuTableLinks) {
					if im.key >= c.ncand {
						s.netEnts = append(s.netEnts, gnode{im.key, !on})
					}
				}
				s.netLen[slot] = int32(len(s.netEnts)) - s.netAt[slot]
			}
		}
	}
}

// copyFrom makes h a copy of o's grid and queues.
func (h *hodokuSingles) copyFrom(o *hodokuSingles) {
	h.geo, h.n, h.asc = o.geo, o.n, o.asc
	h.cand = append(h.cand[:0], o.cand...)
	h.val = append(h.val[:0], o.val...)
	h.free = append(h.free[:0], o.free...)
	h.ns.cell = append(h.ns.cell[:0], o.ns.cell...)
	h.ns.digit = append(h.ns.digit[:0], o.ns.digit...)
	h.ns.head = o.ns.head
	h.hs.cell = append(h.hs.cell[:0], o.hs.cell...)
	h.hs.digit = append(h.hs.digit[:0], o.hs.digit...)
	h.hs.head = o.hs.head
}

// lookAhead records one premise's look-ahead table into s.netEnts (the
// premise itself left out).
type lookAhead struct {
	s     *hfSearch
	h     *hodokuSingles
	start int
	// seen[2*key+on] == gen: (key, on) is recorded in the current table
	seen  []uint32
	gen   uint32
	found []bool
	todo  []gnode
}

const hfLookAhead = 4 // HoDoKu's anzTableLookAhead

func (la *lookAhead) run(cell int, d uint8, on bool) {
	s := la.s
	h := la.h
	la.start = len(s.netEnts)
	if n := 2 * int(s.c.ncand); len(la.seen) < n {
		la.seen = make([]uint32, n)
		la.gen = 0
	}
	la.gen++
	if la.gen == 0 {
		clear(la.seen)
		la.gen = 1
	}
	key := s.c.candKey(cell, int(d-1))
	la.mark(key, on)
	if on {
		la.setCell(cell, d)
	} else {
		h.eliminate(cell, d)
		if h.val[cell] == 0 && popc(h.cand[cell]) == 1 {
			la.setCell(cell, digitOf(h.cand[cell]))
		}
	}
	if len(la.found) < len(h.val) {
		la.found = make([]bool, len(h.val))
	}
	for round := 0; round < hfLookAhead; round++ {
		la.todo = la.todo[:0]
		for i := 0; i < len(h.ns.cell); i++ {
			if c := int(h.ns.cell[i]); h.val[c] == 0 {
				la.todo = append(la.todo, gnode{int32(c), true}, gnode{int32(h.ns.digit[i]), true})
			}
		}
		clear(la.found)
		for i := 0; i < len(h.hs.cell); i++ {
			c, v := int(h.hs.cell[i]), h.hs.digit[i]
			if h.val[c] != 0 || la.found[c] {
				continue
			}
			if _, ok := h.hiddenUnit(c, v); ok {
				la.todo = append(la.todo, gnode{int32(c), true}, gnode{int32(v), true})
				la.found[c] = true
			}
		}
		for i := 0; i < len(la.todo); i += 2 {
			la.setCell(int(la.todo[i].key), uint8(la.todo[i+1].key))
		}
	}
}

// mark records (key, on) as in the table; false if it was already.
func (la *lookAhead) mark(key int32, on bool) bool {
	slot := 2 * key
	if on {
		slot++
	}
	if la.seen[slot] == la.gen {
		return false
	}
	la.seen[slot] = la.gen
	return true
}

func (la *lookAhead) record(cell, d int, on bool) {
	s := la.s
	key := s.c.candKey(cell, d)
	if la.mark(key, on) {
		s.netEnts = append(s.netEnts, gnode{key, on})
	}
}

// setCell places d in cell on the copy and records it (HoDoKu's setCell):
// the placement, the digit leaving the peers that held it in the grid,
// then the cell's other candidates.
func (la *lookAhead) setCell(cell int, d uint8) {
	s := la.s
	h := la.h
	g := s.g
	own := h.cand[cell]
	h.place(cell, d)
	la.record(cell, int(d-1), true)
	bit := uint32(1) << (d - 1)
	for _, p := range h.asc[cell] {
		if g.Cand[p]&bit != 0 {
			la.record(int(p), int(d-1), false)
		}
	}
	for m := own &^ bit; m != 0; m &= m - 1 {
		la.record(cell, trailing(m), false)
	}
}

// step builds the Step of a conclusion, with its derivation (Step.Proof:
// one branch per premise, read back from the rebuilt tables).
func (s *hfSearch) step(r *hfResult) *Step {
	g := s.g
	c := s.c
	tech := "forcing-chain-"
	if s.nets {
		tech = "forcing-net-"
	}
	if r.verity {
		tech += "verity"
	} else {
		tech += "contradiction"
	}
	st := &Step{Tech: tech}
	res := Candidate{r.cell, r.d}
	if r.place {
		st.Placements = []Candidate{res}
	} else {
		st.Eliminations = []Candidate{res}
	}
	p := &ChainProof{Tech: tech, Kind: r.kind, Cell: -1, Unit: -1}
	switch r.kind {
	case hfCell:
		p.Cell = r.unit
	case hfRegion:
		p.Unit = r.unit
		p.Digit = uint8(int(r.branches[0].premise.key)%s.n + 1)
	}
	var dm uint32
	for _, b := range r.branches {
		s.table(b.premise.key, b.premise.on, s.offTab)
		var x int32 = -1
		if b.target.on && c.inOn(b.target.key) {
			x = c.onSet[b.target.key]
		} else if !b.target.on && c.inOff(b.target.key) {
			x = c.offSet[b.target.key]
		}
		var path []int32
		for y := x; y >= 0; y = c.pool[y].parent {
			path = append(path, y)
		}
		var br ChainBranch
		for i := len(path) - 1; i >= 0; i-- {
			nd := &c.pool[path[i]]
			pn := ProofNode{Node: Node{c.candidate(nd.key), nd.on}, Nested: -1}
			if nd.key >= c.ncand {
				_, gi := c.kindOf(nd.key)
				pn.Why = "group " + groupName(g.Geo, s.gk.groups[gi].cells)
			}
			if i < len(path)-1 {
				pn.Parents = []int{len(br.Nodes) - 1}
			}
			br.Nodes = append(br.Nodes, pn)
			if !inCells(pn.Cell, st.Cells) {
				st.Cells = append(st.Cells, pn.Cell)
			}
			dm |= 1 << (pn.Digit - 1)
		}
		p.Branches = append(p.Branches, br)
	}
	st.Digits = maskDigits(dm)
	st.Proof = p
	return st
}

// groupName names a group node's cells: "r4c56" (cells of one row) or
// "r45c6" (of one column); digits joined with "/" past 9.
func groupName(geo *sudoku.Geometry, cells []int) string {
	sep := ""
	if geo.N > 9 {
		sep = "/"
	}
	num := func(x int) string { return strconv.Itoa(x + 1) }
	var rs, cs []string
	for _, cell := range cells {
		rs = append(rs, num(geo.Row[cell]))
		cs = append(cs, num(geo.Col[cell]))
	}
	if geo.Row[cells[0]] == geo.Row[cells[len(cells)-1]] {
		return "r" + rs[0] + "c" + strings.Join(cs, sep)
	}
	return "r" + strings.Join(rs, sep) + "c" + cs[0]
}

const seForcing = "SE rates it by its own forcing chains (7.5-9+)"

var hodokuForcingTechniques = []Technique{
	{ID: "forcing-chain", Name: "Forcing Chain", Family: "chains", SENote: seForcing, HoDoKuScore: 500, HoDoKuLevel: LevelExtreme,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuForcing(g, false, emit) }, Explain: explainHoDoKuForcing},
	{ID: "forcing-chain-contradiction", Name: "Forcing Chain Contradiction", HoDoKuName: "Forcing Chain Contradiction", Family: "chains", SENote: seForcing, HoDoKuScore: 500, HoDoKuLevel: LevelExtreme,
		MadeBy: "forcing-chain", Explain: explainHoDoKuForcing},
	{ID: "forcing-chain-verity", Name: "Forcing Chain Verity", HoDoKuName: "Forcing Chain Verity", Family: "chains", SENote: seForcing, HoDoKuScore: 500, HoDoKuLevel: LevelExtreme,
		MadeBy: "forcing-chain", Explain: explainHoDoKuForcing},
	{ID: "forcing-net", Name: "Forcing Net", Family: "chains", SENote: seForcing, HoDoKuScore: 700, HoDoKuLevel: LevelExtreme,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuForcing(g, true, emit) }, Explain: explainHoDoKuForcing},
	{ID: "forcing-net-contradiction", Name: "Forcing Net Contradiction", HoDoKuName: "Forcing Net Contradiction", Family: "chains", SENote: seForcing, HoDoKuScore: 700, HoDoKuLevel: LevelExtreme,
		MadeBy: "forcing-net", Explain: explainHoDoKuForcing},
	{ID: "forcing-net-verity", Name: "Forcing Net Verity", HoDoKuName: "Forcing Net Verity", Family: "chains", SENote: seForcing, HoDoKuScore: 700, HoDoKuLevel: LevelExtreme,
		MadeBy: "forcing-net", Explain: explainHoDoKuForcing},
}

func init() { registerTechniques(hodokuForcingTechniques...) }

// explainHoDoKuForcing phrases a forcing chain or net: what is tried,
// then each branch from its premise to the conclusion it gives.
func explainHoDoKuForcing(s *Step, g *Grid) string {
	p := s.Proof
	if p == nil || len(p.Branches) == 0 {
		return explainGeneric(s, g)
	}
	geo := g.Geo
	var sb strings.Builder
	node := func(pn ProofNode) string {
		name := geo.CellName(pn.Cell)
		if rest, ok := strings.CutPrefix(pn.Why, "group "); ok {
			name = rest
		}
		if pn.On {
			if strings.HasPrefix(pn.Why, "group ") {
				return fmt.Sprintf("%s in %s", sym(pn.Digit), name)
			}
			return fmt.Sprintf("%s=%s", name, sym(pn.Digit))
		}
		if strings.HasPrefix(pn.Why, "group ") {
			return fmt.Sprintf("%s not in %s", sym(pn.Digit), name)
		}
		return fmt.Sprintf("%s≠%s", name, sym(pn.Digit))
	}
	first := p.Branches[0].Nodes[0]
	switch p.Kind {
	case hfContra:
		fmt.Fprintf(&sb, "assume %s: it leads to a contradiction\n", node(first))
	case hfDouble:
		fmt.Fprintf(&sb, "%s is either true or false, and both lead to the same conclusion\n", geo.CellName(first.Cell)+" "+sym(first.Digit))
	case hfCell:
		fmt.Fprintf(&sb, "each candidate of %s leads to the same conclusion\n", geo.CellName(p.Cell))
	case hfRegion:
		fmt.Fprintf(&sb, "each place of %s in %s leads to the same conclusion\n", sym(p.Digit), geo.UnitName(p.Unit))
	}
	for _, b := range p.Branches {
		sb.WriteString("  ")
		for i, pn := range b.Nodes {
			if i == 0 {
				sb.WriteString("if ")
			} else {
				sb.WriteString(" → ")
			}
			sb.WriteString(node(pn))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("so: ")
	sb.WriteString(resultText(s, geo))
	return sb.String()
}
