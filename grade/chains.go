package grade

import (
	"fmt"
	"math/bits"
)

// Chains: remote pairs, X-Chain, XY-Chain, discontinuous and continuous
// nice loops and AICs. They share one graph of candidates with strong links
// (a conjugate pair in a unit, the two digits of a bivalue cell) and weak
// links (the same digit in two peer cells, two digits of one cell), and one
// breadth-first search over alternating inferences: "A false, so B true,
// so C false, ...". Grouped nodes, ALS nodes and forcing nets extend the
// node set and the link lists; the search and the conclusions stay.
//
// The code is general over box shapes; on large grids it is slow (the
// graph grows with N^3).

// Chain step kinds a finder reports.
const (
	kindXChain = iota
	kindXYChain
	kindAIC
	kindDNL
	kindCNL
)

var chainTechniques = []Technique{
	{ID: "remote-pair", Name: "Remote Pair", Family: "chains", SENote: asChain, HoDoKuScore: 110, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { findRemotePairs(g, emit) }, Explain: explainRemotePair},
	{ID: "x-chain", Name: "X-Chain", Family: "chains", SENote: asChain, HoDoKuScore: 260, HoDoKuLevel: LevelUnfair,
		Find: chainFinder(kindXChain), Explain: explainChain},
	{ID: "xy-chain", Name: "XY-Chain", Family: "chains", SENote: asChain, HoDoKuScore: 260, HoDoKuLevel: LevelUnfair,
		Find: chainFinder(kindXYChain), Explain: explainChain},
	{ID: "nice-loop", Name: "Nice Loop / AIC", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { hodokuLoops(g, false, emit) }, Explain: explainChain},
	{ID: "continuous-nice-loop", Name: "Continuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		MadeBy: "nice-loop", Explain: explainChain},
	{ID: "discontinuous-nice-loop", Name: "Discontinuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		MadeBy: "nice-loop", Explain: explainChain},
	{ID: "aic", Name: "AIC", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		MadeBy: "nice-loop", Explain: explainChain},
	{ID: "grouped-nice-loop", Name: "Grouped Nice Loop / AIC", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ Scan, emit func(*Step) bool) { hodokuLoops(g, true, emit) }, Explain: explainChain},
	{ID: "grouped-continuous-nice-loop", Name: "Grouped Continuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		MadeBy: "grouped-nice-loop", Explain: explainChain},
	{ID: "grouped-discontinuous-nice-loop", Name: "Grouped Discontinuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		MadeBy: "grouped-nice-loop", Explain: explainChain},
	{ID: "grouped-aic", Name: "Grouped AIC", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		MadeBy: "grouped-nice-loop", Explain: explainChain},
}

func init() { registerTechniques(chainTechniques...) }

// chainFinder returns the finder of one kind of HoDoKu chain: X-Chain
// (single-digit alternating chain whose ends both see a cell: it loses the
// digit), XY-Chain (bivalue cells, same digit at both ends), AIC (any
// strong and weak links), discontinuous nice loop (a loop through one
// cell breaking the alternation there) and continuous nice loop (every
// weak link of a closed loop becomes strong).
func chainFinder(kind int) func(*Grid, Scan, func(*Step) bool) {
	return func(g *Grid, _ Scan, emit func(*Step) bool) { findChains(g, kind, emit) }
}

// chainGraph is a HoDoKu chain search over the chain engine: the links
// of one mode (X: one digit's conjugate pairs and peers; XY: bivalue cells,
// strong inside a cell and weak between cells; all) in HoDoKu's order, and
// a breadth-first search over alternating inferences from a start
// candidate taken false. Node keys are candidate keys (cell*N + digit-1).
type chainGraph struct {
	c *chainer
	g *Grid
	n int
	l links
}

func nodeOf(n, cell int, d uint8) int32 { return int32(cell*n + int(d) - 1) }

func (cg *chainGraph) cand(x int32) Candidate {
	return Candidate{int(x) / cg.n, uint8(int(x)%cg.n + 1)}
}

// HoDoKu's chain modes as engine links.
var (
	hodokuXLinks   = links{strongX: true, hodoku: true}
	hodokuXYLinks  = links{strongY: true, hodoku: true, bivalue: true}
	hodokuAllLinks = links{weakY: true, strongX: true, strongY: true, hodoku: true}
)

// bfs searches from start (taken false) and calls fn for every node taken
// true that it reaches (key z, node index s), shortest chains first. fn
// returns false to stop; bfs then returns false.
func (cg *chainGraph) bfs(start int32, fn func(z int32, s int32) bool) bool {
	c := cg.c
	c.begin()
	s0 := c.newNode(start, false, causeNone, -1)
	c.setOff(start, s0)
	q := append(c.pendOff[:0], s0)
	defer func() { c.pendOff = q[:0] }()
	for h := 0; h < len(q); h++ {
		s := q[h]
		on := c.pool[s].on
		for _, m := range c.implied(s, cg.l) {
			y := m.key
			if on {
				if c.inOff(y) || y == start {
					continue // never make the start false again
				}
			} else if c.inOn(y) {
				continue
			}
			t := c.newNode(y, !on, m.cause, s)
			if on {
				c.setOff(y, t)
			} else {
				c.setOn(y, t)
				if !fn(y, t) {
					return false
				}
				if y == start {
					continue // start proven true: do not extend through it
				}
			}
			q = append(q, t)
		}
	}
	return true
}

// weakLinked reports whether x and y are weakly linked in the full sense
// (peers with the same digit or two digits of one cell).
func (cg *chainGraph) weakLinked(x, y int32) bool {
	if x == y {
		return false
	}
	a, b := cg.cand(x), cg.cand(y)
	if a.Cell == b.Cell {
		return true
	}
	return a.Digit == b.Digit && sees(cg.g.Geo, a.Cell, b.Cell)
}

// path reconstructs the nodes from the start to node s.
func (cg *chainGraph) path(s int32) []Node { return cg.c.path(s) }

// validPath rejects lassos: a candidate used twice, or a cell left and
// entered again (two nodes of one cell must be neighbours in the chain).
// With closeAtStart, the last node may return to the first node's cell (a
// loop through its start).
func validPath(p []Node, closeAtStart bool) bool {
	last := len(p) - 1
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i].Cell != p[j].Cell {
				continue
			}
			if closeAtStart && i == 0 && j == last {
				continue
			}
			if p[i].Digit == p[j].Digit || j > i+1 {
				return false
			}
		}
	}
	return true
}

func chainTech(kind int) string {
	return [...]string{"x-chain", "xy-chain", "aic", "discontinuous-nice-loop", "continuous-nice-loop"}[kind]
}

func findChains(g *Grid, kind int, emit func(*Step) bool) {
	c := getChainer(g)
	defer c.release()
	cg := &chainGraph{c: c, g: g, n: g.Geo.N, l: hodokuAllLinks}
	switch kind {
	case kindXChain:
		cg.l = hodokuXLinks
		for d := uint8(1); d <= uint8(g.Geo.N); d++ {
			if !cg.search(kind, d, emit) {
				return
			}
		}
	case kindXYChain:
		cg.l = hodokuXYLinks
		cg.search(kind, 0, emit)
	default:
		cg.search(kind, 0, emit)
	}
}

// search runs the BFS from every candidate (cell-major, digits ascending;
// only digit only when non-zero; only bivalue cells for XY-chains) and
// draws kind's conclusions.
func (cg *chainGraph) search(kind int, only uint8, emit func(*Step) bool) bool {
	g := cg.g
	n := cg.n
	for c, m := range g.Cand {
		if cg.l.bivalue && popc(m) != 2 {
			continue
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			a := nodeOf(n, c, digitOf(mm))
			if only != 0 && digitOf(mm) != only {
				continue
			}
			ca := cg.cand(a)
			ok := cg.bfs(a, func(z, s int32) bool {
				cz := cg.cand(z)
				switch kind {
				case kindXChain, kindXYChain, kindAIC:
					if cz.Cell == ca.Cell {
						return true
					}
					if kind != kindAIC && cz.Digit != ca.Digit {
						return true
					}
					el := cg.commonWeak(a, z)
					if len(el) == 0 {
						return true
					}
					p := cg.path(s)
					if !validPath(p, false) {
						return true
					}
					return emit(chainStep(g, chainTech(kind), p, el, nil))
				case kindDNL:
					if z == a {
						p := cg.path(s)
						if !validPath(p, true) {
							return true
						}
						return emit(chainStep(g, "discontinuous-nice-loop", p, nil, []Candidate{ca}))
					}
					if cz.Cell == ca.Cell {
						var el []Candidate
						for o := g.Cand[c] &^ (1<<(ca.Digit-1) | 1<<(cz.Digit-1)); o != 0; o &= o - 1 {
							el = append(el, Candidate{c, digitOf(o)})
						}
						if len(el) == 0 {
							return true
						}
						p := cg.path(s)
						if !validPath(p, true) {
							return true
						}
						return emit(chainStep(g, "discontinuous-nice-loop", p, el, nil))
					}
					// a candidate of the start cell that the end sees
					for o := g.Cand[c] &^ (1 << (ca.Digit - 1)); o != 0; o &= o - 1 {
						w := nodeOf(n, c, digitOf(o))
						if !cg.weakLinked(w, z) {
							continue
						}
						p := cg.path(s)
						if !validPath(p, false) || onPath(p, cg.cand(w)) {
							return true
						}
						p = append(p, Node{cg.cand(w), false})
						if !emit(chainStep(g, "discontinuous-nice-loop", p, []Candidate{cg.cand(w)}, nil)) {
							return false
						}
					}
					// a candidate outside both end cells seeing both ends
					for _, e := range cg.commonWeak(a, z) {
						if e.Cell == ca.Cell || e.Cell == cz.Cell {
							continue
						}
						p := cg.path(s)
						if !validPath(p, false) {
							return true
						}
						if onPath(p, e) {
							continue
						}
						loop := append([]Node{{e, true}}, p...)
						loop = append(loop, Node{e, false})
						if !emit(chainStep(g, "discontinuous-nice-loop", loop, []Candidate{e}, nil)) {
							return false
						}
					}
				case kindCNL:
					if z == a || !cg.weakLinked(z, a) {
						return true
					}
					p := cg.path(s)
					if !validPath(p, false) {
						return true
					}
					p = append(p, Node{ca, false})
					el := cg.loopElims(p)
					if len(el) == 0 {
						return true
					}
					return emit(chainStep(g, "continuous-nice-loop", p, el, nil))
				}
				return true
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

// commonWeak lists the candidates weakly linked to both a and z (other
// than a and z): one of a, z is true, so they are false.
func (cg *chainGraph) commonWeak(a, z int32) []Candidate {
	g := cg.g
	geo := g.Geo
	ca, cz := cg.cand(a), cg.cand(z)
	var el []Candidate
	if ca.Digit == cz.Digit {
		bit := uint32(1) << (ca.Digit - 1)
		for _, p := range geo.Peers[ca.Cell] {
			if g.Cand[p]&bit != 0 && p != cz.Cell && sees(geo, p, cz.Cell) {
				el = append(el, Candidate{p, ca.Digit})
			}
		}
		return el
	}
	if ca.Cell == cz.Cell {
		return el
	}
	if sees(geo, ca.Cell, cz.Cell) {
		if g.Has(ca.Cell, cz.Digit) {
			el = append(el, Candidate{ca.Cell, cz.Digit})
		}
		if g.Has(cz.Cell, ca.Digit) {
			el = append(el, Candidate{cz.Cell, ca.Digit})
		}
	}
	return el
}

// loopElims applies a continuous loop (first node repeated at the end):
// each weak link becomes strong. A link between two cells on one digit
// removes the digit from cells seeing both; a link inside a cell removes
// the cell's other digits.
func (cg *chainGraph) loopElims(p []Node) []Candidate {
	g := cg.g
	geo := g.Geo
	var el []Candidate
	onLoop := func(c Candidate) bool {
		for _, x := range p {
			if x.Candidate == c {
				return true
			}
		}
		return false
	}
	add := func(c Candidate) {
		if !g.Has(c.Cell, c.Digit) || onLoop(c) {
			return
		}
		for _, e := range el {
			if e == c {
				return
			}
		}
		el = append(el, c)
	}
	for i := 0; i+1 < len(p); i++ {
		x, y := p[i], p[i+1]
		if !x.On || y.On {
			continue // strong inference (false -> true)
		}
		if x.Cell == y.Cell {
			for o := g.Cand[x.Cell] &^ (1<<(x.Digit-1) | 1<<(y.Digit-1)); o != 0; o &= o - 1 {
				add(Candidate{x.Cell, digitOf(o)})
			}
			continue
		}
		bit := uint32(1) << (x.Digit - 1)
		for _, c := range geo.Peers[x.Cell] {
			// like HoDoKu, cells of the loop itself are left alone here
			if g.Cand[c]&bit != 0 && c != y.Cell && sees(geo, c, y.Cell) && !loopCell(p, c) {
				add(Candidate{c, x.Digit})
			}
		}
	}
	return el
}

// onPath reports whether candidate c is a node of p.
func onPath(p []Node, c Candidate) bool {
	for _, x := range p {
		if x.Candidate == c {
			return true
		}
	}
	return false
}

func loopCell(p []Node, c int) bool {
	for _, x := range p {
		if x.Cell == c {
			return true
		}
	}
	return false
}

func chainStep(g *Grid, tech string, p []Node, el, pl []Candidate) *Step {
	s := &Step{Tech: tech, Eliminations: el, Placements: pl, Chain: p}
	for _, x := range p {
		s.Support = append(s.Support, x.Candidate)
		if !inCells(x.Cell, s.Cells) {
			s.Cells = append(s.Cells, x.Cell)
		}
	}
	var dm uint32
	for _, x := range p {
		dm |= 1 << (x.Digit - 1)
	}
	s.Digits = maskDigits(dm)
	return s
}

// findRemotePairs finds chains of bivalue cells on the same two digits,
// each seeing the next: cells at odd distance hold opposite digits, so a
// cell seeing two of them loses both digits.
func findRemotePairs(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	var path []int
	var onPath []bool
	var rec func() bool
	rec = func() bool {
		last := path[len(path)-1]
		pair := g.Cand[last]
		if len(path) >= 4 {
			var el []Candidate
			for c := range g.Cand {
				m := g.Cand[c] & pair
				if m == 0 || onPath[c] {
					continue
				}
				hit := false
				for i := 0; i < len(path) && !hit; i++ {
					for j := i + 3; j < len(path); j += 2 {
						if sees(geo, c, path[i]) && sees(geo, c, path[j]) {
							hit = true
							break
						}
					}
				}
				if hit {
					for ; m != 0; m &= m - 1 {
						el = append(el, Candidate{c, digitOf(m)})
					}
				}
			}
			if len(el) > 0 {
				a, b := digitOf(pair), digitOf(pair&(pair-1))
				var ch []Node
				for i, c := range path {
					x, y := a, b
					if i%2 == 1 {
						x, y = b, a
					}
					ch = append(ch, Node{Candidate{c, x}, false}, Node{Candidate{c, y}, true})
				}
				s := &Step{Tech: "remote-pair", Eliminations: el, Cells: append([]int(nil), path...), Chain: ch, Digits: []uint8{a, b}}
				if !emit(s) {
					return false
				}
			}
		}
		for _, p := range geo.Peers[last] {
			if g.Cand[p] != pair || onPath[p] {
				continue
			}
			path = append(path, p)
			onPath[p] = true
			ok := rec()
			onPath[p] = false
			path = path[:len(path)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	onPath = make([]bool, geo.Cells)
	for c, m := range g.Cand {
		if bits.OnesCount32(m) != 2 {
			continue
		}
		path = append(path[:0], c)
		onPath[c] = true
		ok := rec()
		onPath[c] = false
		if !ok {
			return
		}
	}
}

func explainRemotePair(s *Step, g *Grid) string {
	return fmt.Sprintf("{%s} in the chain %s alternates the two digits, so a cell seeing two of its cells an odd number of steps apart can hold neither: %s",
		digitList(s.Digits), cellList(g.Geo, s.Cells), resultText(s, g.Geo))
}
