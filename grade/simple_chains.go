package grade

import (
	"sort"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// HoDoKu's simple chains (its ChainSolver): remote pairs, X-chains and
// XY-chains, found by a depth-first search over the implication graph
// (implGraph, graph.go) and reported in HoDoKu's order of preference.
//
// The search is a strategy over the graph: it reads each candidate's
// links from the graph's on -> off list in HoDoKu's order (simpleLinks:
// for XY-chains and remote pairs the other digit of a bivalue cell, a
// strong link inside the cell, then the same digit in the cell's row,
// column and box, box cells already in the row or column left out, only
// bivalue cells for XY-chains), and owns only its own state (the chain,
// the cells on it, the start's seers, the chains found). A peer link is
// strong for X-chains when the unit it runs through holds the digit
// twice; remote pairs keep links to cells with the start's pair. The
// search starts at every candidate (cells, then digits, ascending) with a
// strong first link and alternates weak and strong links (a strong link
// may serve as a weak one; XY strong links stay inside a cell); no link
// may return to a cell of the chain but the start cell, which ends the
// branch. A chain ends on a strong link of the start digit: cells seeing
// both ends lose it. Chains stop at 20 links. Every chain is recorded (the
// shortest per set of eliminations) and the steps sorted as HoDoKu sorts
// them: most eliminations, lowest weighted sum of eliminations, shortest
// chain.

// Kinds of simple chain.
const (
	chainX = iota
	chainXY
	chainRemotePair
	// chainTurbot: X-chains of exactly three links (HoDoKu's turbot
	// fish), every one kept
	chainTurbot
)

// simpleLink is a link of the simple-chain search.
type simpleLink struct {
	cell   int32
	d      uint8 // 1-based
	strong bool
}

// simpleChainSearch is the state of one search.
type simpleChainSearch struct {
	g    *Grid
	kind int
	n    int
	// gr is the implication graph the links are read from, l its links
	// in HoDoKu's order (simpleLinks).
	gr      *implGraph
	l       links
	pos     [][sudoku.MaxN]uint32
	chain   []simpleLink
	inChain []int // cells of the chain but its last (a multiset count)
	start   int
	sd, sd2 uint8
	pair    uint32  // remote pair digits
	seesS   cellSet // cells holding the start digit that see the start cell
	seesS2  cellSet // remote pairs: the same for the other digit
	seen    map[string]int
	found   []simpleFound
	// adj caches, per candidate key, the links dfs may follow from it
	// (adjOf): adjBuf[adj[key].at:adj[key].end], the first cellN of them
	// the links before the first peer link of the graph's list.
	adj       []simpleAdj
	adjBuf    []simpleLink
	strongBuf []simpleLink // X-chains, turbot fish: the strong ones (adj[key].sAt, .sEnd)
	t         *seTables
	maxLen    int // links a chain may have
}

// simpleAdj is where a candidate's links lie in simpleChainSearch.adjBuf.
type simpleAdj struct {
	ok                      bool
	at, end, cel, sAt, sEnd int32
}

type simpleFound struct {
	el    []Candidate // sorted by digit, then cell
	chain []simpleLink
}

// findSimpleChains finds HoDoKu's chains of one kind and emits them in
// HoDoKu's order.
func findSimpleChains(g *Grid, kind int, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	if kind == chainRemotePair && !remotePairCells(g) {
		return
	}
	// a bivalue-cell search finds nothing where it found nothing before
	// on a superset of the candidates with the same bivalue cells
	// (bivalueMemo)
	var bmemo *bivalueMemo
	if !(kind == chainX || kind == chainTurbot) && g.memo != nil {
		bmemo = &g.memo.bivalueChains[0]
		if kind == chainRemotePair {
			bmemo = &g.memo.bivalueChains[1]
		}
		if bmemo.none(g) {
			return
		}
	}
	c := getChainer(g)
	defer c.release()
	s := simpleChainPool.Get().(*simpleChainSearch)
	defer s.release()
	s.g, s.kind, s.n, s.gr = g, kind, n, &c.implGraph
	if s.seen == nil {
		s.seen = map[string]int{}
	}
	s.l = simpleLinks(kind)
	s.pos, _ = g.unitTables()
	s.inChain = resized(s.inChain, geo.Cells)
	s.adj = resized(s.adj, geo.Cells*n)
	w := (geo.Cells + 63) / 64
	s.seesS, s.seesS2 = resized(s.seesS, w), resized(s.seesS2, w)
	t := tablesOf(geo)
	s.t, s.maxLen = t, 20
	if kind == chainTurbot {
		s.maxLen = 3
	}
	// a single-digit search reads only where its digit is: the digits it
	// found nothing for with the same places are skipped (digitMemo)
	var memo *digitMemo
	var skip, had uint64
	if s.single() && g.memo != nil {
		memo = &g.memo.singleChains[0]
		if kind == chainTurbot {
			memo = &g.memo.singleChains[1]
		}
		memo.forLayout(g.lay())
		for d := 0; d < n; d++ {
			if memo.same(d, s.pos) {
				skip |= 1 << d
			}
		}
	}
	s.gr.keepLinks(s.l)
	for start, m := range g.Cand {
		if g.Values[start] != 0 || (!s.single() && popc(m) != 2) {
			continue
		}
		for mm := m &^ uint32(skip); mm != 0; mm &= mm - 1 {
			sd := digitOf(mm)
			key := start*n + int(sd-1)
			nf := len(s.found)
			for _, x := range s.gr.kept(2*int32(key) + 1) {
				l := s.link(start, x)
				if !l.strong {
					continue
				}
				switch kind {
				case chainX, chainTurbot:
					if l.d != sd {
						continue
					}
				default:
					if popc(g.Cand[l.cell]) != 2 || int(l.cell) != start {
						continue
					}
				}
				s.start, s.sd = start, sd
				if kind == chainRemotePair {
					s.pair = g.Cand[start]
					s.sd2 = digitOf(s.pair &^ (1 << (sd - 1)))
				}
				s.fillSees(s.seesS, sd, t)
				if kind == chainRemotePair {
					s.fillSees(s.seesS2, s.sd2, t)
				}
				s.chain = append(s.chain[:0], simpleLink{int32(start), sd, false}, l)
				s.inChain[start]++
				s.dfs(l)
				s.inChain[start]--
			}
			if len(s.found) != nf {
				had |= 1 << (sd - 1)
			}
		}
	}
	if memo != nil {
		for d := 0; d < n; d++ {
			if (skip|had)&(1<<d) == 0 {
				memo.record(d, s.pos)
			}
		}
	}
	if bmemo != nil && len(s.found) == 0 {
		bmemo.record(g)
	}
	sort.SliceStable(s.found, func(i, j int) bool {
		a, b := &s.found[i], &s.found[j]
		if len(a.el) != len(b.el) {
			return len(a.el) > len(b.el)
		}
		if !sameCandidates(a.el, b.el) {
			return hodokuIndexSum(a.el) < hodokuIndexSum(b.el)
		}
		return len(a.chain) < len(b.chain)
	})
	tech := [...]string{"x-chain", "xy-chain", "remote-pair", "turbot-fish"}[kind]
	for i := range s.found {
		if !emit(s.toStep(tech, &s.found[i])) {
			return
		}
	}
}

// simpleChainPool keeps searches (their slices) from call to call.
var simpleChainPool = sync.Pool{New: func() any { return new(simpleChainSearch) }}

// release empties the search (keeping its slices) and pools it.
func (s *simpleChainSearch) release() {
	clear(s.seen)
	clear(s.found)
	s.g, s.gr, s.pos, s.found, s.chain, s.adjBuf, s.strongBuf = nil, nil, nil, s.found[:0], s.chain[:0], s.adjBuf[:0], s.strongBuf[:0]
	simpleChainPool.Put(s)
}

// resized returns x with length n, all zero, reusing its array when it
// is large enough.
func resized[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	x = x[:n]
	clear(x)
	return x
}

// remotePairCells reports whether some pair of digits is the candidates
// of four or more cells: a remote pair chain links cells holding its
// start's pair and is checked from seven links on (four cells).
func remotePairCells(g *Grid) bool {
	var count [sudoku.MaxN * sudoku.MaxN]uint8
	n := g.Geo.N
	for c, m := range g.Cand {
		if g.Values[c] != 0 || popc(m) != 2 {
			continue
		}
		lo := trailing(m)
		i := lo*n + trailing(m&^(1<<lo))
		if count[i]++; count[i] == 4 {
			return true
		}
	}
	return false
}

// single reports whether the search follows one digit (X-chains, turbot
// fish).
func (s *simpleChainSearch) single() bool { return s.kind == chainX || s.kind == chainTurbot }

// fillSees sets dst to the cells holding digit d that see the start cell.
func (s *simpleChainSearch) fillSees(dst cellSet, d uint8, t *seTables) {
	clear(dst)
	bit := uint32(1) << (d - 1)
	for _, p := range s.g.Geo.Peers[s.start] {
		if s.g.Cand[p]&bit != 0 {
			dst.add(p)
		}
	}
}

// simpleLinks are the graph's links a simple chain of kind follows, in
// HoDoKu's order (its getAllLinks): the same digit in the cell's row,
// column and box; for XY-chains and remote pairs the bivalue cell's other
// digit first and peers only in bivalue cells.
func simpleLinks(kind int) links {
	if kind == chainX || kind == chainTurbot {
		return links{hodoku: true}
	}
	return links{hodoku: true, weakY: true, cellFirst: true, bivalue: true}
}

// link turns the graph's implication x of a candidate of cell into a
// simple-chain link: the cell's other digit is a strong link (bivalue
// cells only: XY-chains, remote pairs), a peer is strong for X-chains
// when the unit it is linked through holds the digit twice.
func (s *simpleChainSearch) link(cell int, x imp) simpleLink {
	o, d0 := int(x.key)/s.n, int(x.key)%s.n
	if x.cause == causeCell {
		return simpleLink{int32(o), uint8(d0 + 1), true}
	}
	strong := s.single() && popc(s.pos[causeUnit(s.g.Geo, x.cause, cell)][d0]) == 2
	return simpleLink{int32(o), uint8(d0 + 1), strong}
}

// causeUnit is the classic unit of cell that cause (causeRow, causeCol or
// causeBox) names.
func causeUnit(geo *sudoku.Geometry, cause uint8, cell int) int {
	switch cause {
	case causeRow:
		return geo.Row[cell]
	case causeCol:
		return geo.N + geo.Col[cell]
	}
	return 2*geo.N + geo.Box[cell]
}

// dfs extends the chain from its last link, last (strong links and weak
// links alternate).
func (s *simpleChainSearch) dfs(last simpleLink) {
	strongOnly := !last.strong
	key := int32(last.cell)*int32(s.n) + int32(last.d-1)
	// XY-chains and remote pairs: a strong link stays in the cell, and
	// the cell's links come first (simpleLinks: cellFirst), so a strong
	// step ends at the first peer link
	cellOnly := strongOnly && !s.single()
	a := &s.adj[key]
	if !a.ok {
		s.buildAdj(a, key, last)
	}
	ls, cellN := s.adjBuf[a.at:a.end:a.end], a.cel
	if cellOnly {
		ls = ls[:cellN]
	} else if strongOnly {
		// a single-digit chain: only the strong links (in order) pass
		ls = s.strongBuf[a.sAt:a.sEnd:a.sEnd]
	}
	for _, l := range ls {
		if strongOnly && !l.strong {
			continue
		}
		if cellOnly && l.cell != last.cell {
			continue
		}
		loop := false
		if s.inChain[l.cell] > 0 {
			if int(l.cell) != s.start {
				continue
			}
			loop = true
		}
		if !strongOnly && l.strong {
			l.strong = false
		}
		s.inChain[last.cell]++
		s.chain = append(s.chain, l)
		level := len(s.chain) - 1
		if level > 1 && l.strong && l.d == s.sd && (s.kind != chainTurbot || level == 3) {
			s.check(int(l.cell))
		}
		if level < s.maxLen && !loop {
			s.dfs(l)
		}
		s.chain = s.chain[:len(s.chain)-1]
		s.inChain[last.cell]--
	}
}

// buildAdj makes the links dfs may follow from candidate key (the
// chain's last link last) in a, once per search, from the graph's list in its
// order: the links every chain through key would drop whatever came
// before it are left out (the candidate itself; X-chains and turbot
// fish: another digit than key's, which is the start's; XY-chains and
// remote pairs: a cell that is not bivalue; remote pairs: a cell without
// key's cell's pair, which is the start's). cellN counts the links kept
// from before the list's first peer link (the only ones a strong
// XY-chain or remote-pair step reads).
func (s *simpleChainSearch) buildAdj(a *simpleAdj, key int32, last simpleLink) {
	g := s.g
	a.ok, a.at, a.cel, a.sAt = true, int32(len(s.adjBuf)), -1, int32(len(s.strongBuf))
	for _, x := range s.gr.kept(2*key + 1) {
		if a.cel < 0 && x.cause != causeCell {
			a.cel = int32(len(s.adjBuf)) - a.at
		}
		l := s.link(int(last.cell), x)
		if l.cell == last.cell && l.d == last.d {
			continue
		}
		switch s.kind {
		case chainRemotePair:
			if g.Cand[l.cell] != g.Cand[last.cell] {
				continue
			}
		case chainX, chainTurbot:
			if l.d != last.d {
				continue
			}
		}
		if !s.single() && popc(g.Cand[l.cell]) != 2 {
			continue
		}
		s.adjBuf = append(s.adjBuf, l)
		if l.strong && s.single() {
			s.strongBuf = append(s.strongBuf, l)
		}
	}
	a.end, a.sEnd = int32(len(s.adjBuf)), int32(len(s.strongBuf))
	if a.cel < 0 {
		a.cel = a.end - a.at
	}
}

// check records the chain ending in cell if it eliminates something.
func (s *simpleChainSearch) check(end int) {
	g := s.g
	geo := g.Geo
	t := s.t
	var el []Candidate
	level := len(s.chain) - 1
	// only a chain whose ends share a seer of the start digit is checked
	any := false
	for w := range s.seesS {
		if s.seesS[w]&t.peerMask[end][w] != 0 {
			any = true
			break
		}
	}
	if !any {
		return
	}
	collect := func(dst []Candidate, sees cellSet, d uint8, a, b int) []Candidate {
		for w := range sees {
			for m := sees[w] & t.peerMask[b][w]; m != 0; m &= m - 1 {
				c := w*64 + trailing64(m)
				if a < 0 || t.peerMask[a].has(c) {
					dst = append(dst, Candidate{c, d})
				}
			}
		}
		return dst
	}
	switch s.kind {
	case chainRemotePair:
		if level < 7 {
			return
		}
		if level > 7 {
			var s1, s2 []Candidate
			bit1, bit2 := uint32(1)<<(s.sd-1), uint32(1)<<(s.sd2-1)
			for i := 0; i <= level; i += 2 {
				for j := i + 6; j <= level; j += 4 {
					a, b := int(s.chain[i].cell), int(s.chain[j].cell)
					for _, c := range geo.Peers[a] {
						if !t.peerMask[b].has(c) {
							continue
						}
						if g.Cand[c]&bit1 != 0 && !hasCandidate(s1, Candidate{c, s.sd}) {
							s1 = append(s1, Candidate{c, s.sd})
						}
						if g.Cand[c]&bit2 != 0 && !hasCandidate(s2, Candidate{c, s.sd2}) {
							s2 = append(s2, Candidate{c, s.sd2})
						}
					}
				}
			}
			el = append(s1, s2...)
		} else {
			el = collect(el, s.seesS, s.sd, -1, end)
			el = collect(el, s.seesS2, s.sd2, -1, end)
		}
	default:
		el = collect(el, s.seesS, s.sd, -1, end)
	}
	if len(el) == 0 {
		return
	}
	sortCandidates(el)
	el = dedupCandidates(el)
	if s.kind != chainTurbot {
		k := candKey(el)
		if i, ok := s.seen[k]; ok && len(s.found[i].chain) <= len(s.chain) {
			return
		}
		s.seen[k] = len(s.found)
	}
	s.found = append(s.found, simpleFound{el: el, chain: append([]simpleLink(nil), s.chain...)})
}

// toStep turns a found chain into a Step (nodes alternate off/on).
func (s *simpleChainSearch) toStep(tech string, f *simpleFound) *Step {
	st := &Step{Tech: tech, Eliminations: append([]Candidate(nil), f.el...)}
	var dm uint32
	for i, l := range f.chain {
		c := Candidate{int(l.cell), l.d}
		st.Chain = append(st.Chain, Node{c, i%2 == 1})
		st.Support = append(st.Support, c)
		if !inCells(c.Cell, st.Cells) {
			st.Cells = append(st.Cells, c.Cell)
		}
		dm |= 1 << (l.d - 1)
	}
	st.Digits = maskDigits(dm)
	return st
}

// bivalueMemo remembers a grid state in which an XY-chain or remote pair
// search found nothing. Such a chain runs through bivalue cells only
// (its links are their two digits and the same digit in peer bivalue
// cells) and removes its start digit from cells that see both ends: in a
// state whose every cell's candidates are a subset of the remembered
// ones and whose bivalue cells were bivalue with the same pair then,
// every chain was a chain then and every elimination one then, so the
// search finds nothing again. It compares the candidates themselves,
// never a hash.
type bivalueMemo struct {
	ok   bool
	lay  *Layout
	cand []uint32
}

// none reports whether the search is known to find nothing in g.
func (m *bivalueMemo) none(g *Grid) bool {
	if !m.ok || m.lay != g.lay() || len(m.cand) != len(g.Cand) {
		return false
	}
	for c, cur := range g.Cand {
		was := m.cand[c]
		if cur&^was != 0 || (cur != was && popc(cur) == 2) {
			return false
		}
	}
	return true
}

// record remembers that the search found nothing in g.
func (m *bivalueMemo) record(g *Grid) {
	m.ok, m.lay = true, g.lay()
	m.cand = append(m.cand[:0], g.Cand...)
}
