package sudoku

import (
	"math/bits"
	"sort"
)

// Prover answers the digger's question "has this puzzle a solution with
// cell c != v?" by conflict-driven clause learning (CDCL), the method of
// SAT solvers, on the puzzle's rules: a variable per (cell, digit); "each
// cell holds a digit" and "each unit holds each digit" kept as counters of
// the variables not yet false (the last one left is set true); "at most
// one" applied directly (a true (cell, digit) falsifies its peers). Only
// the learnt clauses are stored.
//
// The givens and "c != v" are assumptions, set together at decision level
// 1. A conflict teaches a clause over the decisions (the first-UIP clause,
// minus literals implied by the others), so the search does not walk into
// the same dead end twice; a depth-first search does, which is why the
// engines of Solver need 10^4 to 10^5 branch nodes and more for one 25x25
// proof near 270 givens, and the prover a few hundred conflicts. The
// clauses rest on the question's givens, so each question starts afresh,
// unless KeepLearnts is on: then each clause records the givens it rests
// on and takes part in every later question that still has them.
//
// Hint sets the polarity decisions try first: the digger's full grid, so
// a search for a second solution starts next to the first one.
//
// A Prover keeps its work space between calls; use one per goroutine. It
// is not safe for concurrent use.
type Prover struct {
	geo *Geometry
	n   int

	// "At least one" constraints: cell k < Cells holds a digit; k = Cells +
	// u*N + d: unit u holds digit d. Their variables are
	// alo[k*N:(k+1)*N]; bit i of open[k] is set when alo[k*N+i] is not
	// false, so the last one left is found by its bit; open[k]>>oneTrue
	// counts its true variables. Variable v = c*N + d is in four: its
	// cell's (k = c, place d) and its cell's row's, column's and box's
	// (cr[c]). The rules (and tables) are read in propagation without
	// any table per variable, which would not fit the caches on 25x25.
	alo    []int32
	aloLit []int32 // alo's variables as positive literals (v<<1)
	open   []uint32
	cr     []cellRules
	// unitCells[u*N+i] is the i-th cell of unit u (Geometry.Units).
	unitCells []int32
	// magic makes v/N a multiplication (cellOf).
	magic uint64

	clauses []clause // learnt clauses
	// arena holds the clauses: at offset off (clause.off, watch.cref)
	// the length, the clause's index, then its literals. Offsets grow
	// with the index; the space of deleted clauses is reclaimed when it
	// outgrows the live (live counts the live clauses' words).
	arena      []int32
	live       int
	arenaSlack int // words of deleted clauses let be (1<<16; tests 0)
	learnts    int // learnt clauses alive
	watches    [][]watch
	wnz        []uint64 // bit l: watches[l] may be non-empty

	assign   []int8    // per variable: 0 unassigned, 1 true, -1 false
	vd       []varData // per variable: its reason and decision level
	trail    []int32   // literals in assignment order
	trailLim []int32
	qhead    int

	activity []float64
	varInc   float64
	claInc   float64
	heap     varHeap
	phase    []bool // saved polarity: true = positive
	hint     []bool
	// hintFor is how many conflicts of a call the decisions follow the
	// hint (negative: the whole call); after that, from the next restart
	// on, they follow the saved phases, which start all false.
	hintFor int64
	hinted  bool // the decisions of this call follow the hint now
	// unhinted counts the calls whose decisions stopped following it.
	unhinted int64

	// flags per variable: fSeen (marked by the analysis), fLow
	// (assigned at level 1), read together in one byte.
	flags  []uint8
	learnt []int32
	toClr  []int32
	conf   []int32 // the clause of the last conflict
	stack  []int32 // redundant's work list
	// failAt[v] == anow: in this analysis, v was found not to follow from
	// the clause being learnt (redundant's answer for it is false).
	failAt []uint32
	anow   uint32

	ante   []int32
	assume []int32

	// Conflicts counts the conflicts of all calls so far (the size of the
	// proofs).
	Conflicts int64
	maxLearnt int
	reduced   int64 // calls of reduce
	// restartUnit is the Luby restarts' unit in conflicts (100; tests
	// make it small to restart and reduce often).
	restartUnit int64
	decay       float64

	// Clauses kept across calls (KeepLearnts). A learnt clause follows
	// from the rules and the givens in its deps (a set of cells, words
	// uint64 each, in cdeps at the clause's index), so it holds in every
	// later call whose puzzle has those givens with the Hint grid's
	// values; it takes part only in those. A clause that rests on the
	// call's "cell != value" as well gets the literal "cell = value".
	keep     bool
	words    int
	cdeps    []uint64 // per clause
	misses   []int8   // per clause: calls in a row it sat out
	vdeps    []uint64 // per variable assigned at level 1: the givens it rests on
	l1       []level1 // per variable assigned at level 1: its one given, question flag and stamp
	depsDone int      // trail positions whose vdeps are computed
	ldeps    []uint64 // the clause being learnt
	lq       bool
	dnow     uint32
	given    []uint64 // this call's givens
	qvar     int32    // the variable of this call's "cell != value", or -1
	keepMax  int      // maxLearnt stops growing there in keep mode
	attached int64    // kept clauses and units that took part in a later call
	units    []int32  // learnt unit literals kept
	udeps    []uint64 // their deps
	unitOf   []int32  // per variable: its index in units when assumed so this call, else -1

	// The last call, when its conflict cap stopped it: its question and
	// the Luby round it stopped in. A call with the same question goes
	// on from there (SolveAvoidingWithin).
	pending    bool
	pendCell   int
	pendValue  uint8
	pendRound  int
	pendPuzzle []uint8
}

// varData is what the conflict analysis reads of an assigned variable,
// side by side: the reason (a clause index, noReason, binReason(implying
// variable) or an at-least-one rule's aloReason) and the decision level.
// cellRules is what propagation reads of a cell: for its row, column
// and box (in this order), u*N for the unit u (the rule of digit d is
// Cells + u*N + d, its variables' cells unitCells[u*N:u*N+N]) and the
// cell's place in it; and the places in the box outside the cell's row
// and column. "At most one" falsifies the peers of a true (c, d) in the
// order: the cell's other digits, the row's other cells, the column's,
// then the box's rest (the order of Geometry.Peers).
type cellRules struct {
	unit [3]int32
	at   [3]uint8
	rest uint32
}

// cellOf returns variable v's cell and digit (from 0).
func (p *Prover) cellOf(v int32) (c, d int32) {
	c = int32(uint64(v) * p.magic >> 32)
	return c, v - c*int32(p.n)
}

// oneTrue is the place of the count of true variables in an open mask
// (above the N <= 25 bits of the variables not false).
const oneTrue = 26

// Prover.flags.
const (
	fSeen = 1 << iota // marked by the analysis (never at level 1)
	fLow              // assigned at level 1
)

// level1 is what the kept clauses' bookkeeping reads of a variable
// assigned at level 1, side by side: the one given it rests on, or -1
// (then its set is in vdeps); whether it rests on the call's question;
// and dnow when its givens are in the clause being learnt.
type level1 struct {
	one   int32
	stamp uint32
	q     bool
}

type varData struct {
	reason, level int32
}

type clause struct {
	off     int32 // in arena
	act     float64
	learnt  bool
	deleted bool
	dormant bool // kept, but not part of this call (its givens are not all there)
}

type watch struct {
	cref    int32 // the clause's offset in arena
	blocker int32
}

// lits returns the literals of the clause at offset off of the arena.
func (p *Prover) lits(off int32) []int32 {
	return p.arena[off+2 : off+2+p.arena[off]]
}

// watchClause adds the watches of clause c on its first two literals.
func (p *Prover) watchClause(c *clause) {
	l := p.lits(c.off)
	p.watch(l[0], watch{c.off, l[1]})
	p.watch(l[1], watch{c.off, l[0]})
}

// compact moves the live clauses down over the space of deleted ones
// (offsets grow with the index, so each moves to a lower place).
func (p *Prover) compact() {
	if len(p.arena) <= 2*p.live+p.arenaSlack {
		return
	}
	end := int32(0)
	for i := range p.clauses {
		c := &p.clauses[i]
		size := 2 + p.arena[c.off]
		copy(p.arena[end:end+size], p.arena[c.off:c.off+size])
		c.off = end
		end += size
	}
	p.arena = p.arena[:end]
}

const noReason = -1

// binReason encodes "implied false by variable v being true" (an at-most-
// one rule) as a reason.
func binReason(v int32) int32 { return -2 - v }

// aloReason encodes "the last variable not false of at-least-one
// constraint k" as a reason.
func (p *Prover) aloReason(k int32) int32 { return -2 - int32(len(p.assign)) - k }

// NewProver returns a prover for shape s. It panics on an unsupported shape
// (see GeometryOf).
func NewProver(s Shape) *Prover {
	g := GeometryOf(s)
	n := g.N
	nv := g.Cells * n
	p := &Prover{
		geo: g, n: n,
		watches:  make([][]watch, 2*nv),
		wnz:      make([]uint64, (2*nv+63)/64),
		assign:   make([]int8, nv),
		vd:       make([]varData, nv),
		activity: make([]float64, nv),
		phase:    make([]bool, nv),
		flags:    make([]uint8, nv),
		failAt:   make([]uint32, nv),
		varInc:   1, claInc: 1,
		maxLearnt:   4 * g.Cells,
		restartUnit: 100,
		arenaSlack:  1 << 16,
		decay:       0.95,
		hintFor:     -1,
	}

	nk := g.Cells + 3*n*n
	p.alo = make([]int32, 0, nk*n)
	p.open = make([]uint32, nk)
	for c := 0; c < g.Cells; c++ { // rule k = c
		for d := 0; d < n; d++ {
			p.alo = append(p.alo, int32(c*n+d))
		}
	}
	for _, cells := range g.Units { // rule k = Cells + u*N + d
		for d := 0; d < n; d++ {
			for _, c := range cells {
				p.alo = append(p.alo, int32(c*n+d))
			}
		}
	}
	p.aloLit = make([]int32, len(p.alo))
	for i, y := range p.alo {
		p.aloLit[i] = y << 1
	}
	for k := range p.open {
		p.open[k] = 1<<n - 1
	}
	p.magic = 1<<32/uint64(n) + 1 // exact for v < 2^16 (nv <= 15,625)
	p.unitCells = make([]int32, 0, len(g.Units)*n)
	for _, cells := range g.Units {
		for _, c := range cells {
			p.unitCells = append(p.unitCells, int32(c))
		}
	}
	p.cr = make([]cellRules, g.Cells)
	for c := range p.cr {
		cr := &p.cr[c]
		r, col := g.CellUnits[c][0], g.CellUnits[c][1]
		for j, u := range g.CellUnits[c] {
			cr.unit[j] = int32(u * n)
			for i, q := range g.Units[u] {
				if q == c {
					cr.at[j] = uint8(i)
				}
				if j == 2 && g.CellUnits[q][0] != r && g.CellUnits[q][1] != col {
					cr.rest |= 1 << i // the box's cells outside c's row and column
				}
			}
		}
	}
	p.heap.init(p.activity)
	for v := 0; v < nv; v++ {
		p.heap.insert(int32(v))
	}
	return p
}

// Hint sets the preferred value of every cell for every later call:
// decisions try grid's digit first (a cell of 0 prefers none).
func (p *Prover) Hint(grid []uint8) {
	n := p.n
	if p.hint == nil {
		p.hint = make([]bool, len(p.phase))
	}
	for c, v := range grid {
		for d := 0; d < n; d++ {
			p.hint[c*n+d] = int(v) == d+1
		}
	}
	copy(p.phase, p.hint)
	p.dropLearnts()
	p.clearUnits()
	p.pending = false
}

// clearUnits forgets the kept unit clauses.
func (p *Prover) clearUnits() {
	for _, l := range p.units {
		p.unitOf[l>>1] = -1
	}
	p.units, p.udeps = p.units[:0], p.udeps[:0]
}

// satisfiedBy reports whether a literal of lits places a given of puzzle:
// the clause is then true throughout the call.
func (p *Prover) satisfiedBy(lits []int32, puzzle []uint8) bool {
	n := int32(p.n)
	for _, l := range lits {
		if l&1 == 0 {
			v := l >> 1
			if int32(puzzle[v/n]) == v%n+1 {
				return true
			}
		}
	}
	return false
}

// givenHas reports whether every cell of deps d is given in this call.
func (p *Prover) givenHas(d []uint64) bool {
	for i, x := range d {
		if x&^p.given[i] != 0 {
			return false
		}
	}
	return true
}

// HintFor makes the decisions of each later call follow the Hint grid
// for its first conflicts conflicts only (negative, the default: the whole
// call; 0: never); then the search restarts, and its decisions follow the
// saved phases, all false at first (a decision rules a digit out of a
// cell). On 25x25 the hard second-solution searches of a dig near 270-290
// givens take several times fewer conflicts that way.
func (p *Prover) HintFor(conflicts int64) { p.hintFor = conflicts }

// KeepLearnts makes the prover keep its learnt clauses from call to call
// (for a sequence of questions on puzzles dug out of the Hint grid, as the
// digger asks them): each clause takes part in a later call when the
// givens it was derived from are all still given there. Puzzles whose
// givens differ from the Hint grid make a call start afresh. Answers are
// the same with or without it; only the work to reach them changes.
func (p *Prover) KeepLearnts() {
	if p.keep {
		return
	}
	p.keep = true
	p.keepMax = p.maxLearnt
	p.words = (p.geo.Cells + 63) / 64
	p.dropLearnts()
	nv := len(p.assign)
	p.vdeps = make([]uint64, nv*p.words)
	p.l1 = make([]level1, nv)
	p.ldeps = make([]uint64, p.words)
	p.given = make([]uint64, p.words)
	p.unitOf = make([]int32, nv)
	for v := range p.unitOf {
		p.unitOf[v] = -1
	}
}

// orDeps adds src to dst.
func orDeps(dst, src []uint64) {
	for i := range dst {
		dst[i] |= src[i]
	}
}

// orVar adds to dst the deps of variable u, assigned at level 1 (one
// bit when it rests on one given).
func (p *Prover) orVar(dst []uint64, u int32) {
	if c := p.l1[u].one; c >= 0 {
		dst[c>>6] |= 1 << (c & 63)
		return
	}
	w := p.words
	orDeps(dst, p.vdeps[int(u)*w:int(u+1)*w])
}

// level1Deps computes the deps of the variables assigned at level 1 that
// are not done yet (in trail order: a literal's antecedents come first).
func (p *Prover) level1Deps() {
	end := len(p.trail)
	if len(p.trailLim) > 1 {
		end = int(p.trailLim[1])
	}
	w, n := p.words, int32(p.n)
	for ; p.depsDone < end; p.depsDone++ {
		l := p.trail[p.depsDone]
		v := l >> 1
		d := p.vdeps[int(v)*w : int(v+1)*w]
		q := false
		one := int32(-1)
		nv := int32(len(p.assign))
		switch r := p.vd[v].reason; {
		case r == noReason:
			switch {
			case p.unitOf[v] >= 0:
				u := int(p.unitOf[v])
				copy(d, p.udeps[u*w:(u+1)*w])
			case v == p.qvar && l&1 != 0:
				clear(d)
				q = true
			default: // a given
				one = v / n
			}
		case r >= 0:
			copy(d, p.cdeps[int(r)*w:int(r+1)*w])
			for _, a := range p.lits(p.clauses[r].off)[1:] {
				u := a >> 1
				p.orVar(d, u)
				q = q || p.l1[u].q
			}
		case r >= -1-nv:
			u := -2 - r
			if one = p.l1[u].one; one < 0 {
				copy(d, p.vdeps[int(u)*w:int(u+1)*w])
			}
			q = p.l1[u].q
		default:
			k := -2 - nv - r
			clear(d)
			for _, y := range p.alo[k*n : k*n+n] {
				if y != v {
					p.orVar(d, y)
					q = q || p.l1[y].q
				}
			}
		}
		p.l1[v].one = one
		p.l1[v].q = q
	}
}

// addLevel1 adds the deps of variable v, assigned at level 1, to the
// clause being learnt.
func (p *Prover) addLevel1(v int32) {
	if p.l1[v].stamp == p.dnow {
		return // already in
	}
	p.l1[v].stamp = p.dnow
	p.level1Deps()
	p.orVar(p.ldeps, v)
	p.lq = p.lq || p.l1[v].q
}

// addClauseDeps adds the deps of clause ci to the clause being learnt.
func (p *Prover) addClauseDeps(ci int32) {
	w := p.words
	orDeps(p.ldeps, p.cdeps[int(ci)*w:int(ci+1)*w])
}

// attachKept starts a call in keep mode: the kept clauses and units whose
// givens are all in puzzle take part, the others sit out (a clause that
// sat out twice in a row has lost a given for good, as a dig goes, and is
// deleted). It reports false when puzzle has a given that differs from
// the Hint grid: then nothing kept applies.
func (p *Prover) attachKept(puzzle []uint8) bool {
	n := p.n
	clear(p.given)
	for c, v := range puzzle {
		if v != 0 {
			if p.hint == nil || int(v) > n || !p.hint[c*n+int(v)-1] {
				return false
			}
			p.given[c>>6] |= 1 << (c & 63)
		}
	}
	w := p.words
	p.clearWatches()
	out := 0
	for i := range p.clauses {
		c := p.clauses[i]
		d := p.cdeps[i*w : (i+1)*w]
		m := p.misses[i]
		if p.givenHas(d) && !p.satisfiedBy(p.lits(c.off), puzzle) {
			c.dormant, m = false, 0
		} else {
			c.dormant, m = true, m+1
			if m >= 2 {
				p.learnts--
				p.live -= 2 + int(p.arena[c.off])
				continue
			}
		}
		p.clauses[out] = c
		copy(p.cdeps[out*w:(out+1)*w], d)
		p.misses[out] = m
		out++
	}
	for i := out; i < len(p.clauses); i++ {
		p.clauses[i] = clause{}
	}
	p.clauses, p.cdeps, p.misses = p.clauses[:out], p.cdeps[:out*w], p.misses[:out]
	p.compact()
	for i := range p.clauses {
		c := &p.clauses[i]
		p.arena[c.off+1] = int32(i)
		if !c.dormant {
			p.attached++
			p.watchClause(c)
		}
	}
	return true
}

func (p *Prover) addClause(lits []int32, learnt bool) int32 {
	off := int32(len(p.arena))
	idx := int32(len(p.clauses))
	p.arena = append(p.arena, int32(len(lits)), idx)
	p.arena = append(p.arena, lits...)
	p.live += 2 + len(lits)
	p.clauses = append(p.clauses, clause{off: off, learnt: learnt})
	if p.keep {
		p.cdeps = append(p.cdeps, p.ldeps...)
		p.misses = append(p.misses, 0)
	}
	p.watch(lits[0], watch{off, lits[1]})
	p.watch(lits[1], watch{off, lits[0]})
	if learnt {
		p.learnts++
	}
	return idx
}

// watch adds w to literal l's watch list.
func (p *Prover) watch(l int32, w watch) {
	p.watches[l] = append(p.watches[l], w)
	p.wnz[l>>6] |= 1 << (l & 63)
}

// clearWatches empties every watch list.
func (p *Prover) clearWatches() {
	for l := range p.watches {
		p.watches[l] = p.watches[l][:0]
	}
	clear(p.wnz)
}

// litTrue reports whether literal l is true under assign.
func litTrue(assign []int8, l int32) bool {
	return assign[l>>1] == 1-2*int8(l&1)
}

// litFalse reports whether literal l is false under assign.
func litFalse(assign []int8, l int32) bool {
	return assign[l>>1] == 2*int8(l&1)-1
}

// value returns 1 when literal l is true, -1 when false, 0 unassigned.
func (p *Prover) value(l int32) int8 {
	a := p.assign[l>>1]
	if l&1 != 0 {
		return -a
	}
	return a
}

func (p *Prover) decisionLevel() int32 { return int32(len(p.trailLim)) }

func (p *Prover) enqueue(l int32, from int32) {
	c, d := p.cellOf(l >> 1)
	p.enqueueAt(l, c, d, from)
}

// enqueueAt is enqueue for a literal of cell c's digit d (from 0).
func (p *Prover) enqueueAt(l, c, d, from int32) {
	v := l >> 1
	cr := &p.cr[c]
	k := int32(p.geo.Cells) + d
	if l&1 != 0 {
		p.assign[v] = -1
		p.open[c] &^= 1 << d
		p.open[k+cr.unit[0]] &^= 1 << cr.at[0]
		p.open[k+cr.unit[1]] &^= 1 << cr.at[1]
		p.open[k+cr.unit[2]] &^= 1 << cr.at[2]
	} else {
		p.assign[v] = 1
		p.open[c] += 1 << oneTrue
		p.open[k+cr.unit[0]] += 1 << oneTrue
		p.open[k+cr.unit[1]] += 1 << oneTrue
		p.open[k+cr.unit[2]] += 1 << oneTrue
	}
	lvl := p.decisionLevel()
	p.vd[v] = varData{from, lvl}
	if lvl <= 1 {
		p.flags[v] = fLow
	}
	p.trail = append(p.trail, l)
}

// falsify sets variable y (cell c's digit d) false, implied by v true
// (at most one), and reports false on a conflict (y is true).
func (p *Prover) falsify(v, y, c, d int32) bool {
	if p.assign[y] == 1 {
		p.conf = append(p.conf[:0], v<<1|1, y<<1|1)
		return false
	}
	p.enqueueAt(y<<1|1, c, d, binReason(v))
	return true
}

// propagate applies the rules to a fixed point and reports whether it
// met no conflict. On a conflict p.conf holds its clause (every literal
// false) and the result is the learnt clause's index, or -1 for a rule.
func (p *Prover) propagate() (confl int32, ok bool) {
	n := int32(p.n)
	for p.qhead < len(p.trail) {
		l := p.trail[p.qhead]
		p.qhead++
		v := l >> 1
		c, d := p.cellOf(v)
		cr := &p.cr[c]
		k0 := int32(p.geo.Cells) + d
		if l&1 == 0 {
			// Falsify the peers not false yet (a true one conflicts),
			// in the order of cellRules.
			full := uint32(1)<<n - 1
			for m := p.open[c] & full &^ (1 << d); m != 0; m &= m - 1 {
				e := int32(bits.TrailingZeros32(m))
				if !p.falsify(v, c*n+e, c, e) {
					return -1, false
				}
			}
			for j := range 3 {
				u := cr.unit[j]
				mask := full &^ (1 << cr.at[j])
				if j == 2 {
					mask = cr.rest
				}
				for m := p.open[k0+u] & mask; m != 0; m &= m - 1 {
					q := p.unitCells[u+int32(bits.TrailingZeros32(m))]
					if !p.falsify(v, q*n+d, q, d) {
						return -1, false
					}
				}
			}
		} else {
			for j := range 4 {
				k := c
				if j > 0 {
					k = k0 + cr.unit[j-1]
				}
				m := p.open[k]
				switch {
				case m == 0:
					p.conf = append(p.conf[:0], p.aloLit[k*n:k*n+n]...)
					return -1, false
				case m&(m-1) == 0:
					// The one variable not false, unassigned (no
					// variable of k is true).
					y := p.alo[k*n+int32(bits.TrailingZeros32(m))]
					p.enqueue(y<<1, p.aloReason(k))
				}
			}
		}
		fl := l ^ 1 // the literal that became false
		if p.wnz[fl>>6]>>(fl&63)&1 == 0 {
			continue // no clause watches it (most lists are empty)
		}
		ws := p.watches[fl]
		assign, arena := p.assign, p.arena // neither changes length here
		i, j := 0, 0
		for i < len(ws) {
			w := ws[i]
			i++
			if litTrue(assign, w.blocker) {
				ws[j] = w
				j++
				continue
			}
			off := w.cref
			c := arena[off+2 : off+2+arena[off]]
			if len(c) < 2 {
				panic("prover: a clause of fewer than two literals")
			}
			if c[0] == fl {
				c[0], c[1] = c[1], c[0]
			}
			first := c[0]
			if first != w.blocker && litTrue(assign, first) {
				ws[j] = watch{off, first}
				j++
				continue
			}
			moved := false
			for k, q := range c[2:] {
				if !litFalse(assign, q) {
					c[1], c[k+2] = q, c[1]
					p.watch(q, watch{off, first})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{off, first}
			j++
			if litFalse(assign, first) {
				j += copy(ws[j:], ws[i:])
				p.watches[fl] = ws[:j]
				p.conf = append(p.conf[:0], c...)
				return arena[off+1], false
			}
			p.enqueue(first, arena[off+1])
		}
		p.watches[fl] = ws[:j]
		if j == 0 {
			p.wnz[fl>>6] &^= 1 << (fl & 63)
		}
	}
	return 0, true
}

func (p *Prover) cancelUntil(lvl int32) {
	if p.decisionLevel() <= lvl {
		return
	}
	lim := int(p.trailLim[lvl])
	for k := len(p.trail) - 1; k >= lim; k-- {
		l := p.trail[k]
		v := l >> 1
		p.assign[v] = 0
		p.flags[v] = 0
		c, d := p.cellOf(v)
		cr := &p.cr[c]
		k := int32(p.geo.Cells) + d
		if l&1 != 0 {
			p.open[c] |= 1 << d
			p.open[k+cr.unit[0]] |= 1 << cr.at[0]
			p.open[k+cr.unit[1]] |= 1 << cr.at[1]
			p.open[k+cr.unit[2]] |= 1 << cr.at[2]
		} else {
			p.open[c] -= 1 << oneTrue
			p.open[k+cr.unit[0]] -= 1 << oneTrue
			p.open[k+cr.unit[1]] -= 1 << oneTrue
			p.open[k+cr.unit[2]] -= 1 << oneTrue
		}
		p.phase[v] = l&1 == 0
		if !p.heap.contains(v) {
			p.heap.insert(v)
		}
	}
	p.trail = p.trail[:lim]
	p.trailLim = p.trailLim[:lvl]
	p.qhead = lim
	p.depsDone = min(p.depsDone, lim)
}

func (p *Prover) bumpVar(v int32) {
	p.activity[v] += p.varInc
	if p.activity[v] > 1e100 {
		for i := range p.activity {
			p.activity[i] *= 1e-100
		}
		for i := range p.heap.heap {
			p.heap.heap[i].act *= 1e-100
		}
		p.varInc *= 1e-100
	}
	if i := p.heap.pos[v]; i >= 0 {
		p.heap.heap[i].act = p.activity[v]
		p.heap.up(i)
	}
}

func (p *Prover) bumpClause(ci int32) {
	c := &p.clauses[ci]
	c.act += p.claInc
	if c.act > 1e20 {
		for i := range p.clauses {
			p.clauses[i].act *= 1e-20
		}
		p.claInc *= 1e-20
	}
}

// antecedents returns the false literals that implied variable v: a learnt
// clause's, *buf rewritten, or an at-least-one rule's literals, among
// which v's own (true) literal v<<1 is left for the caller to skip.
func (p *Prover) antecedents(v int32, buf *[]int32) []int32 {
	r := p.vd[v].reason
	if r >= 0 {
		return p.lits(p.clauses[r].off)[1:]
	}
	nv := int32(len(p.assign))
	if r >= -1-nv {
		*buf = append((*buf)[:0], (-2-r)<<1|1)
		return *buf
	}
	k, n := -2-nv-r, int32(p.n)
	return p.aloLit[k*n : k*n+n]
}

// analyze derives the first-UIP clause of a conflict into p.learnt (the
// asserting literal first, a literal of the backjump level second) and
// returns the backjump level.
func (p *Prover) analyze(confl int32) int32 {
	if p.keep {
		clear(p.ldeps)
		p.lq = false
		p.dnow++
		if p.dnow == 0 {
			for i := range p.l1 {
				p.l1[i].stamp = 0
			}
			p.dnow = 1
		}
	}
	if confl >= 0 {
		p.bumpClause(confl)
		if p.keep {
			p.addClauseDeps(confl)
		}
	}
	p.anow++
	if p.anow == 0 {
		clear(p.failAt)
		p.anow = 1
	}
	lits := p.conf
	p.learnt = append(p.learnt[:0], 0)
	pathC := 0
	idx := len(p.trail) - 1
	dl := p.decisionLevel()
	var uip int32
	skip := int32(-1) // the variable resolved on (antecedents may hold it)
	for {
		for _, q := range lits {
			v := q >> 1
			f := p.flags[v]
			if f&fSeen != 0 || v == skip {
				continue
			}
			if f&fLow != 0 {
				if p.keep {
					p.addLevel1(v)
				}
				continue
			}
			p.flags[v] = fSeen
			p.bumpVar(v)
			if p.vd[v].level >= dl {
				pathC++
			} else {
				p.learnt = append(p.learnt, q)
			}
		}
		for p.flags[p.trail[idx]>>1]&fSeen == 0 {
			idx--
		}
		uip = p.trail[idx]
		idx--
		v := uip >> 1
		p.flags[v] = 0
		pathC--
		if pathC == 0 {
			break
		}
		if r := p.vd[v].reason; r >= 0 {
			p.bumpClause(r)
			if p.keep {
				p.addClauseDeps(r)
			}
		}
		lits = p.antecedents(v, &p.ante)
		skip = v
	}
	p.learnt[0] = uip ^ 1
	// Drop literals implied by the others (recursive minimization: a
	// literal goes when its reasons, followed back, end in the clause's
	// other literals and level-1 literals only).
	p.toClr = append(p.toClr[:0], p.learnt[1:]...)
	var abs uint32
	for _, q := range p.learnt[1:] {
		abs |= 1 << (p.vd[q>>1].level & 31)
	}
	j := 1
	for i := 1; i < len(p.learnt); i++ {
		q := p.learnt[i]
		if p.vd[q>>1].reason == noReason || !p.redundant(q, abs) {
			p.learnt[j] = q
			j++
		}
	}
	p.learnt = p.learnt[:j]
	for _, q := range p.toClr {
		p.flags[q>>1] = 0
	}
	if len(p.learnt) == 1 {
		if p.lq {
			p.learnt = append(p.learnt, p.qvar<<1) // cell = value, false at level 1
		}
		return 1
	}
	maxI := 1
	for i := 2; i < len(p.learnt); i++ {
		if p.vd[p.learnt[i]>>1].level > p.vd[p.learnt[maxI]>>1].level {
			maxI = i
		}
	}
	p.learnt[1], p.learnt[maxI] = p.learnt[maxI], p.learnt[1]
	if p.lq {
		p.learnt = append(p.learnt, p.qvar<<1)
	}
	return p.vd[p.learnt[1]>>1].level
}

// redundant reports whether literal q of the clause being learnt follows
// from its other literals and level-1 literals, following reasons back
// (minisat's recursive minimization; abs holds the clause's decision
// levels as bits 1<<(level&31): a literal of another level is not
// followed). The variables it visits are marked seen and added to
// p.toClr, where analyze clears them; on failure they are unmarked. On
// success in keep mode the clause takes on the givens of the reasons
// followed.
func (p *Prover) redundant(q int32, abs uint32) bool {
	p.stack = append(p.stack[:0], q)
	top := len(p.toClr)
	for len(p.stack) > 0 {
		v := p.stack[len(p.stack)-1] >> 1
		p.stack = p.stack[:len(p.stack)-1]
		for _, a := range p.antecedents(v, &p.ante) {
			w := a >> 1
			if p.flags[w] != 0 { // seen or at level 1
				continue
			}
			if p.vd[w].reason != noReason && (1<<(p.vd[w].level&31))&abs != 0 && p.failAt[w] != p.anow {
				p.flags[w] = fSeen
				p.stack = append(p.stack, a)
				p.toClr = append(p.toClr, a)
				continue
			}
			// v does not follow (nor does q); a later test that meets
			// v fails at once (the answer does not change within one
			// analysis: the clause's literals and levels stay).
			p.failAt[v] = p.anow
			for _, l := range p.toClr[top:] {
				p.flags[l>>1] = 0
			}
			p.toClr = p.toClr[:top]
			return false
		}
	}
	if p.keep {
		// q and every variable marked here follow from their reasons
		// and level-1 antecedents, which the clause now rests on (those
		// marked by an earlier success have added theirs already).
		p.addReasonDeps(q >> 1)
		for _, l := range p.toClr[top:] {
			p.addReasonDeps(l >> 1)
		}
	}
	return true
}

// addReasonDeps adds to the clause being learnt the givens that the
// implication of variable v (above level 1) rests on: its reason
// clause's and its level-1 antecedents'.
func (p *Prover) addReasonDeps(v int32) {
	if r := p.vd[v].reason; r >= 0 {
		p.addClauseDeps(r)
	}
	for _, a := range p.antecedents(v, &p.ante) {
		if w := a >> 1; p.vd[w].level <= 1 {
			p.addLevel1(w)
		}
	}
}

// reduce deletes the less active half of the learnt clauses (not those
// that are the reason of a current assignment) and renumbers the rest.
func (p *Prover) reduce() {
	p.reduced++
	var cand []int32
	for i := range p.clauses {
		c := &p.clauses[i]
		if l := p.lits(c.off); c.learnt && len(l) > 2 {
			v := l[0] >> 1
			if p.assign[v] != 0 && p.vd[v].reason == int32(i) {
				continue
			}
			cand = append(cand, int32(i))
		}
	}
	sort.Slice(cand, func(a, b int) bool { return p.clauses[cand[a]].act < p.clauses[cand[b]].act })
	for _, i := range cand[:len(cand)/2] {
		p.clauses[i].deleted = true
		p.learnts--
		p.live -= 2 + int(p.arena[p.clauses[i].off])
	}
	remap := make([]int32, len(p.clauses))
	out := p.clauses[:0]
	w := p.words
	for i, c := range p.clauses {
		if c.deleted {
			remap[i] = -1
			continue
		}
		remap[i] = int32(len(out))
		if p.keep {
			copy(p.cdeps[len(out)*w:], p.cdeps[i*w:(i+1)*w])
			p.misses[len(out)] = p.misses[i]
		}
		out = append(out, c)
	}
	if p.keep {
		p.cdeps, p.misses = p.cdeps[:len(out)*w], p.misses[:len(out)]
	}
	for i := len(out); i < len(p.clauses); i++ {
		p.clauses[i] = clause{}
	}
	p.clauses = out
	for _, l := range p.trail {
		v := l >> 1
		if r := p.vd[v].reason; r >= 0 {
			p.vd[v].reason = remap[r]
		}
	}
	p.compact()
	p.clearWatches()
	for i := range p.clauses {
		c := &p.clauses[i]
		p.arena[c.off+1] = int32(i)
		if !c.dormant {
			p.watchClause(c)
		}
	}
}

// dropLearnts forgets every learnt clause (they hold for the last
// question's givens only).
func (p *Prover) dropLearnts() {
	for i := range p.clauses {
		p.clauses[i] = clause{}
	}
	p.clauses = p.clauses[:0]
	p.arena = p.arena[:0]
	p.live = 0
	p.learnts = 0
	p.cdeps, p.misses = p.cdeps[:0], p.misses[:0]
	p.clearWatches()
}

// luby returns the i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int) int {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != i {
		size = (size - 1) >> 1
		seq--
		i %= size
	}
	return 1 << seq
}

// SolveAvoiding reports whether puzzle (row-major, 0 for empty) has a
// solution in which cell does not hold value; when it has and sol is not
// nil, one such solution is written into sol. With cell < 0 it reports
// whether puzzle has any solution. A puzzle of the wrong length, with an
// out-of-range value or a cell off the grid has none; so has any puzzle
// when sol is not nil and shorter than the grid.
func (p *Prover) SolveAvoiding(puzzle []uint8, cell int, value uint8, sol []uint8) bool {
	found, _ := p.SolveAvoidingWithin(puzzle, cell, value, sol, -1)
	return found
}

// SolveAvoidingWithin is SolveAvoiding with a cap of maxConflicts conflicts
// (negative: no cap); decided is false when the cap was reached first.
// The next call with the same question (puzzle, cell and value) goes on
// where the cap stopped this one: the same saved phases and the same
// point of the restart sequence (and, with KeepLearnts, the clauses
// learnt so far), so that a question asked in turns with growing caps
// costs about what one call does.
func (p *Prover) SolveAvoidingWithin(puzzle []uint8, cell int, value uint8, sol []uint8, maxConflicts int64) (found, decided bool) {
	n := p.n
	if len(puzzle) != p.geo.Cells || cell >= p.geo.Cells || sol != nil && len(sol) < p.geo.Cells {
		return false, true
	}
	p.cancelUntil(0)
	p.qvar = -1
	if cell >= 0 && value >= 1 && int(value) <= n {
		p.qvar = int32(cell*n + int(value) - 1)
	}
	if !p.keep {
		p.dropLearnts()
	} else if !p.attachKept(puzzle) {
		p.dropLearnts()
		p.clearUnits()
	}
	// The same question again, after the cap stopped it: go on with the
	// saved phases and the restart sequence where it stopped.
	resume := p.pending && cell == p.pendCell && value == p.pendValue && string(puzzle) == string(p.pendPuzzle)
	p.pending = false
	round0 := 0
	if resume {
		round0 = p.pendRound
	} else {
		p.hinted = p.hint != nil && p.hintFor != 0
		if p.hint != nil && !p.hinted {
			p.unhinted++
		}
		if p.hinted {
			copy(p.phase, p.hint)
		} else if p.hint != nil {
			clear(p.phase)
		}
	}
	p.assume = p.assume[:0]
	for c, v := range puzzle {
		if v != 0 {
			if int(v) > n {
				return false, true
			}
			p.assume = append(p.assume, int32(c*n+int(v)-1)<<1)
		}
	}
	if cell >= 0 && value >= 1 && int(value) <= n {
		p.assume = append(p.assume, int32(cell*n+int(value)-1)<<1|1)
	}
	if p.keep {
		w := p.words
		for i, l := range p.units {
			p.unitOf[l>>1] = -1
			if p.givenHas(p.udeps[i*w : (i+1)*w]) {
				p.assume = append(p.assume, l)
				p.attached++
			}
		}
		for i, l := range p.units {
			if p.givenHas(p.udeps[i*w : (i+1)*w]) {
				p.unitOf[l>>1] = int32(i)
			}
		}
	}
	budget := maxConflicts
	start := p.Conflicts
	for round := round0; ; round++ {
		limit := p.restartUnit * int64(luby(round))
		if p.hinted && p.hintFor >= 0 {
			// Restart when the hint's conflicts are spent.
			limit = max(1, min(limit, p.hintFor-(p.Conflicts-start)))
		}
		res := p.search(limit, &budget)
		switch res {
		case 1:
			if sol != nil {
				for v, a := range p.assign {
					if a == 1 {
						sol[v/n] = uint8(v%n + 1)
					}
				}
			}
			p.cancelUntil(0)
			return true, true
		case -1:
			p.cancelUntil(0)
			return false, true
		}
		if budget == 0 {
			p.cancelUntil(0)
			p.pending, p.pendCell, p.pendValue, p.pendRound = true, cell, value, round
			p.pendPuzzle = append(p.pendPuzzle[:0], puzzle...)
			return false, false
		}
		if p.hinted && p.hintFor >= 0 && p.Conflicts-start >= p.hintFor {
			p.hinted = false
			p.unhinted++
			clear(p.phase)
		}
		if p.learnts > p.maxLearnt {
			p.cancelUntil(1)
			p.reduce()
			if !p.keep || p.maxLearnt < p.keepMax {
				p.maxLearnt += p.maxLearnt / 10
			}
		}
	}
}

// search runs until a solution (1), a proof that none exists under the
// assumptions (-1), or limit conflicts (0: restart).
func (p *Prover) search(limit int64, budget *int64) int {
	var conflicts int64
	for {
		confl, ok := p.propagate()
		if !ok {
			p.Conflicts++
			conflicts++
			if *budget > 0 {
				*budget--
			}
			if p.decisionLevel() <= 1 {
				return -1 // the assumptions alone conflict
			}
			bt := p.analyze(confl)
			p.cancelUntil(bt)
			if len(p.learnt) == 1 {
				l := p.learnt[0]
				if p.keep {
					p.unitOf[l>>1] = int32(len(p.units))
					p.units = append(p.units, l)
					p.udeps = append(p.udeps, p.ldeps...)
				}
				p.enqueue(l, noReason)
			} else {
				ci := p.addClause(p.learnt, true)
				p.bumpClause(ci)
				p.enqueue(p.learnt[0], ci)
			}
			p.varInc /= p.decay
			p.claInc /= 0.999
			continue
		}
		if conflicts >= limit || *budget == 0 {
			p.cancelUntil(1)
			return 0
		}
		if p.decisionLevel() == 0 {
			// Level 1 holds every assumption.
			p.trailLim = append(p.trailLim, int32(len(p.trail)))
			for _, l := range p.assume {
				switch p.value(l) {
				case -1:
					return -1
				case 0:
					p.enqueue(l, noReason)
				}
			}
			continue
		}
		v := p.heap.popUnassigned(p.assign)
		if v < 0 {
			return 1
		}
		p.trailLim = append(p.trailLim, int32(len(p.trail)))
		l := v << 1
		if !p.phase[v] {
			l |= 1
			// Rather than only ruling a digit out, place the cell's
			// hinted digit when it is still open (fewer conflicts: the
			// placement propagates far more).
			if p.hinted {
				c := v / int32(p.n) * int32(p.n)
				for w := c; w < c+int32(p.n); w++ {
					if p.hint[w] && p.assign[w] == 0 {
						p.heap.insert(v)
						v, l = w, w<<1
						break
					}
				}
			}
		}
		p.enqueue(l, noReason)
	}
}

// varHeap is a binary max-heap of variables by activity. Each entry
// holds its variable's activity (a copy of act[v], which bumpVar keeps
// equal), so that a comparison reads the heap array only.
type varHeap struct {
	act  []float64
	heap []heapEntry
	pos  []int32 // -1: not in the heap
}

type heapEntry struct {
	act float64
	v   int32
}

func (h *varHeap) init(act []float64) {
	h.act = act
	h.pos = make([]int32, len(act))
	for i := range h.pos {
		h.pos[i] = -1
	}
}

func (h *varHeap) contains(v int32) bool { return h.pos[v] >= 0 }

func (h *varHeap) insert(v int32) {
	h.pos[v] = int32(len(h.heap))
	h.heap = append(h.heap, heapEntry{h.act[v], v})
	h.up(h.pos[v])
}

func (h *varHeap) up(i int32) {
	e := h.heap[i]
	for i > 0 {
		parent := (i - 1) >> 1
		if h.heap[parent].act >= e.act {
			break
		}
		h.heap[i] = h.heap[parent]
		h.pos[h.heap[i].v] = i
		i = parent
	}
	h.heap[i] = e
	h.pos[e.v] = i
}

func (h *varHeap) down(i int32) {
	e := h.heap[i]
	n := int32(len(h.heap))
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.heap[c+1].act > h.heap[c].act {
			c++
		}
		if h.heap[c].act <= e.act {
			break
		}
		h.heap[i] = h.heap[c]
		h.pos[h.heap[i].v] = i
		i = c
	}
	h.heap[i] = e
	h.pos[e.v] = i
}

// popUnassigned removes and returns the most active unassigned variable,
// or -1 when every variable is assigned.
func (h *varHeap) popUnassigned(assign []int8) int32 {
	for len(h.heap) > 0 {
		v := h.heap[0].v
		last := h.heap[len(h.heap)-1]
		h.heap = h.heap[:len(h.heap)-1]
		h.pos[v] = -1
		if len(h.heap) > 0 {
			h.heap[0] = last
			h.pos[last.v] = 0
			h.down(0)
		}
		if assign[v] == 0 {
			return v
		}
	}
	return -1
}
