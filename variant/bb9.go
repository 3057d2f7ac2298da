package variant

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

const hi81 = 1<<17 - 1 // the hi bits of a 9x9 board's 81 cells (set128)

// bbState is a search state of the 9x9 engine: per digit the unplaced
// cells that can still take it, and the cells placed with it.
type bbState struct {
	cand [9]set128
	dig  [9]set128
	done set128 // placed cells
	// open holds per digit the houses (a bit each) not holding it yet.
	open [9]uint64
}

// bb9 is the solver's engine for 9x9 boards of 81 used cells without pair
// rules (classic frames with extra houses and sees cells, jigsaw): digit
// by digit bitboards, so a placement is nine and-nots and a peer mask, a
// naked single a bit-sliced count over the digits, a hidden single an
// and with a house mask. It answers what the dig asks that does not
// depend on the order of the search: the closure of singles (a unique
// fixpoint), whether a removal allows a second solution, and the probe
// for one within a node bound (whose answer only saves a ladder call).
// With the general solver's whole rule set (bbfull.go) it also draws
// Random's full solutions, step for step as the general solver would (a
// seed's solutions depend on its nodes), and answers the unbounded
// uniqueness test where counting searches take locked candidates.
// Counts stay with the general solver.
type bb9 struct {
	houses [64]set128
	// fold holds each house for singles' test: its hi word rotated by
	// rot bits lands on no cell of its lo word, so the places of a digit
	// in the house are one word, lo | rotl(hi, rot), with as many bits.
	fold [64]foldHouse
	// foldCell[h][b]: the cell of house h whose folded place is bit b
	// (81 at bit 64, where a folded word's trailing zeros put an empty
	// one: lockedPlain's third place when there are two).
	foldCell [64][65]int8
	// peers: each cell's peers, and every cell at 81 (no place, no
	// constraint: lockedPlain's third place when there are two).
	peers [82]set128
	cellH [81]uint64 // the houses of each cell (a bit each)
	// byteH[j][b]: the houses of the cells of byte b at bits 8j.. of a
	// set (housesOf by bytes).
	byteH [11][256]uint64
	allH  uint64 // every house's bit
	stack []bbState
	pref  [81]int8 // the preferred digit per cell, -1 none
	limit int64
	nodes int64
	// aborted: the last search stopped at the node bound.
	aborted bool
	// solvedAt is the level holding the solution the last search found.
	solvedAt int
	// stop, when not empty, ends singles (true) at the start of a round
	// once it has placed one of these cells (closureTo).
	stop set128
	// logic and marks are logicSolves' state, closed the closure of
	// singles kept for it (logic.go).
	logic, closed bbState
	marks         logicMarks
	// logicHidden: the closure's rules stop at locked candidates and
	// hidden subsets (setLogicTop).
	logicHidden bool
	// prove: the rules of the closure's first phase (logicRun): 0 none,
	// 1 locked candidates, 2 also subsets, fish and XY-Wing, 3 also
	// XYZ-Wing (setLogicTop).
	prove uint8
	// classic holds the rows, columns and boxes (or jigsaw regions) as
	// house bits; cross, per classic house, the classic houses of the
	// other sort (boxes for a line, lines for a box) it shares cells
	// with; cpeers the cells sharing a classic house with each cell.
	classic uint64
	// lockH holds the houses SE's locked candidates use on the board
	// (the classic ones, disjoint groups and windows; not the diagonals,
	// girandola, asterisk or center dot: grade.SetHouseTypes, on a
	// frame with boxes, where Layout types the extra houses), every
	// house on other boards and on boards with pairs; lpeers the cells sharing one of them
	// with each cell. The logic closure locks digits in those alone
	// (lockedGeneral).
	lockH uint64
	// lpeers: each cell's peers through lockH's houses, every cell at
	// 81 (see peers).
	lpeers [82]set128
	// lock3: lockH holds rows, columns and boxes alone, where no cell
	// outside a house sees more than three cells of it through them (a
	// box's line or a line's box meets it in three, a crossing line in
	// one), so a digit's places lock only when two or three.
	lock3 bool
	// lockBand: lock3 on the standard rows, columns and 3x3 boxes,
	// where lockedGeneral first asks lockCan whether a digit can lock
	// at all.
	lockBand bool
	boxes    bool // the classic houses are rows, columns and boxes (no jigsaw regions)
	cross    [64]uint64
	cpeers   [82]set128 // every cell at 81, as peers (wingsOver takes either)
	// pairs: the board has non-consecutive pairs (newBB9Pairs), nbr
	// each cell's pair neighbours: a placement takes the digits next to
	// its own from them. rng and found are randomSolve's.
	pairs bool
	nbr   [81]set128
	rng   *rand.Rand
	found bbState
	// wide: lockedOther's search on a board with pairs, whose answer
	// does not depend on its nodes, takes the digits next to a digit on
	// two or three places of a house from the cells on or next to every
	// place (SukakuExplainer's locked NC: a place next to the others
	// too), not only from the cells next to all of them. Measured on 30
	// untargeted non-consecutive puzzles (1,360 uniqueness tests,
	// 2026-12-04): 1,686,265 nodes -> 911,385, 3.70 s -> 2.62 s. Any
	// number of places (up to five can have a cell on or next to all)
	// cut the nodes to 881,740 but took 2.93 s.
	wide bool
	// focus, when not empty, holds the cells search branches on first
	// (focusCell; set by the probe, and with focusOther by lockedOther).
	focus set128
	// focusOther: lockedOther's unbounded search branches first on the
	// peers of its cell (anti-knight boards: Solver.fast there).
	focusOther bool
	// given and givenSt: the last puzzle load loaded in full or by
	// difference, and its loaded state (givenOK: they hold one).
	given   [81]uint8
	givenSt bbState
	givenOK bool
	// noLocked: randomSearch runs singles (and pair rules) without
	// locked candidates, as the general solver's Random on boards where
	// it takes none (Solver.lockRandom).
	noLocked bool
}

// newBB9 returns g's engine, nil when g is not a 9x9 board of 81 used
// cells without pair rules.
func newBB9(g *Geometry) *bb9 {
	if len(g.qNbr) > 0 {
		return nil
	}
	return newBB9Frame(g)
}

// newBB9Frame returns the engine of g's houses and sees cells, nil when
// g is not a 9x9 board of 81 used cells (pairs are newBB9Pairs' to add).
func newBB9Frame(g *Geometry) *bb9 {
	if g.m != 81 || g.data.N != 9 || g.Cells() != 81 || len(g.hStart)-1 > 64 {
		return nil
	}
	for k, f := range g.used {
		if int(f) != k {
			return nil
		}
	}
	e := &bb9{stack: make([]bbState, 1, 82)}
	for h := range len(g.hStart) - 1 {
		var m set128
		for _, c := range g.hCells[g.hStart[h]:g.hStart[h+1]] {
			m = m.or(bit128(int(c)))
			e.cellH[c] |= 1 << h
		}
		e.houses[h] = m
		e.fold[h] = foldOf(m)
		e.allH |= 1 << h
		for b := range e.foldCell[h] {
			e.foldCell[h][b] = 81
		}
		f := &e.fold[h]
		for c := range 81 {
			if w := bit128(c); w.and(m) != (set128{}) {
				e.foldCell[h][bits.TrailingZeros64(w.lo&f.lo|bits.RotateLeft64(w.hi&f.hi, f.rot))] = int8(c)
			}
		}
	}
	for j := range e.byteH {
		for b := 1; b < 256; b++ {
			c := 8*j + bits.TrailingZeros8(uint8(b))
			if c < 81 {
				e.byteH[j][b] = e.byteH[j][b&(b-1)] | e.cellH[c]
			} else {
				e.byteH[j][b] = e.byteH[j][b&(b-1)]
			}
		}
	}
	var lines uint64
	e.boxes = true
	for h, k := range g.data.HouseKinds {
		switch k {
		case "row", "column":
			lines |= 1 << h
		case "region":
			e.boxes = false
		case "box":
		case "disjoint-group", "window", "hidden-window":
			e.lockH |= 1 << h
			continue
		default:
			continue
		}
		e.classic |= 1 << h
	}
	for hs := e.classic; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs)
		other := e.classic &^ lines
		if lines&(1<<h) == 0 {
			other = lines
		}
		for os := other; os != 0; os &= os - 1 {
			if o := bits.TrailingZeros64(os); !e.houses[h].and(e.houses[o]).empty() {
				e.cross[h] |= 1 << o
			}
		}
		for x := e.houses[h]; !x.empty(); x = x.andNot(bit128(int(x.first()))) {
			c := x.first()
			e.cpeers[c] = e.cpeers[c].or(e.houses[h])
		}
	}
	for c := range int32(81) {
		e.cpeers[c] = e.cpeers[c].andNot(bit128(int(c)))
		for _, p := range g.peers[g.pStart[c]:g.pStart[c+1]] {
			e.peers[c] = e.peers[c].or(bit128(int(p)))
		}
	}
	e.peers[81] = set128{^uint64(0), ^uint64(0)}
	e.cpeers[81] = e.peers[81]
	if g.BoxRows > 0 && g.data.Rows == g.data.Cols {
		// the grader types the extra houses (Layout) ...
		e.setLockHouses(e.lockH | e.classic)
	} else {
		// ... else every house takes every technique
		e.setLockHouses(e.allH)
	}
	for i := range e.pref {
		e.pref[i] = -1
	}
	return e
}

// setLockHouses sets lockH to hs and lpeers to match.
func (e *bb9) setLockHouses(hs uint64) {
	e.lockH = hs
	e.lock3 = e.boxes && hs&^e.classic == 0
	e.lockBand = e.lock3 && e.standard()
	for c := range 81 {
		e.lpeers[c] = set128{}
		for h := e.cellH[c] & hs; h != 0; h &= h - 1 {
			e.lpeers[c] = e.lpeers[c].or(e.houses[bits.TrailingZeros64(h)])
		}
		e.lpeers[c] = e.lpeers[c].andNot(bit128(c))
	}
	e.lpeers[81] = set128{^uint64(0), ^uint64(0)}
}

// standard reports whether the classic houses are the 27 rows, columns
// and 3x3 boxes of the 9x9 board.
func (e *bb9) standard() bool {
	want := map[set128]bool{}
	for i := range 9 {
		want[rowMask[i]], want[colMask[i]] = true, true
		var b set128
		for c := range 81 {
			if c/27 == i/3 && c%9/3 == i%3 {
				b = b.or(bit128(c))
			}
		}
		want[b] = true
	}
	n := 0
	for hs := e.classic; hs != 0; hs &= hs - 1 {
		if !want[e.houses[bits.TrailingZeros64(hs)]] {
			return false
		}
		n++
	}
	return n == 27
}

// foldHouse is a house with the rotation that folds its cells into one
// word (bb9.fold).
type foldHouse struct {
	lo, hi uint64
	rot    int
}

// unfold returns the cells of the house whose folded places are w (the
// inverse of the fold: the hi word's cells rotated back land on none of
// the lo word's, as the lo word's rotated back land on none of the hi
// word's).
func (f *foldHouse) unfold(w uint64) set128 {
	return set128{w & f.lo, bits.RotateLeft64(w, -f.rot) & f.hi}
}

// foldOf returns house m with the least rotation that folds it into one
// word: there is one, as a house has at most 64 cells.
func foldOf(m set128) foldHouse {
	rot := 0
	for m.lo&bits.RotateLeft64(m.hi, rot) != 0 {
		rot++
	}
	return foldHouse{m.lo, m.hi, rot}
}

// load puts the givens of puzzle (81 frame cells, 0 empty; frame and
// compact indices agree) into level 0, without singles. False on a
// broken constraint among them. A puzzle a few givens away from the
// last one it loaded (a dig's next removal: one given out, the one
// before back in) is loaded from that one's state by difference
// (loadNear), the same state as loadInto's.
func (e *bb9) load(puzzle []uint8) bool {
	if e.givenOK && len(puzzle) == 81 && e.loadNear(puzzle) {
		e.stack[0] = e.givenSt
		return true
	}
	ok := e.loadInto(&e.stack[0], puzzle)
	e.givenOK = ok && len(puzzle) == 81
	if e.givenOK {
		e.givenSt = e.stack[0]
		copy(e.given[:], puzzle)
	}
	return ok
}

// loadNear turns givenSt, the loaded state of the givens in given, into
// that of puzzle's when they differ on at most loadNearCells cells, each
// a given taken out or put in (false, and givenOK unset where it changed
// them, when not, or when a given put in breaks a constraint: the
// caller loads in full). The loaded state is a function of the givens:
// a digit's candidates are the empty cells that neither are peers of a
// given of it nor (pairs) pair neighbours of a given one apart, so a
// given taken out gives its cell back the digits no given rules out
// there and recomputes the candidates of its own digit (and, with
// pairs, of the digits next to it); a given put in is assign, as
// loadInto places it.
func (e *bb9) loadNear(puzzle []uint8) bool {
	var out, in [loadNearCells]int32
	nout, nin := 0, 0
	for c := 0; c < 81; c += 8 {
		x, y := cellsWord(puzzle, c), cellsWord(e.given[:], c)
		if x == y {
			continue
		}
		for diff := ^byteCells(x^y, 0) & 0xff; diff != 0; diff &= diff - 1 {
			k := c + bits.TrailingZeros64(diff)
			switch v, w := puzzle[k], e.given[k]; {
			case v == 0 && nout < loadNearCells:
				out[nout] = int32(k)
				nout++
			case w == 0 && v <= 9 && nin < loadNearCells:
				in[nin] = int32(k)
				nin++
			default:
				return false
			}
		}
	}
	if nout+nin > loadNearCells {
		return false
	}
	st := &e.givenSt
	for _, k := range out[:nout] {
		e.unplace(st, k, int(e.given[k]-1))
		e.given[k] = 0
	}
	for _, k := range in[:nin] {
		e.given[k] = puzzle[k]
		if !e.assign(st, k, int(puzzle[k]-1)) {
			e.givenOK = false
			return false
		}
	}
	return true
}

// loadNearCells bounds the cells loadNear changes.
const loadNearCells = 4

// unplace takes the given d on cell k out of st, a loaded state (givens
// only, no singles; see loadNear).
func (e *bb9) unplace(st *bbState, k int32, d int) {
	m := bit128(int(k))
	st.done = st.done.andNot(m)
	st.dig[d] = st.dig[d].andNot(m)
	st.open[d] |= e.cellH[k] // a house holds d once
	for x := range st.cand {
		switch {
		case x == d, e.pairs && (x == d-1 || x == d+1):
			st.cand[x] = e.loadedCand(st, x)
		case e.peers[k].and(st.dig[x]).empty() && (!e.pairs || e.nbr[k].and(e.nearDigits(st, x)).empty()):
			st.cand[x] = st.cand[x].or(m)
		}
	}
}

// loadedCand returns digit x's candidates in st, a loaded state: the
// empty cells no given of x sees and (pairs) no given one apart is next
// to.
func (e *bb9) loadedCand(st *bbState, x int) set128 {
	var ruled set128
	for g := st.dig[x]; !g.empty(); g = g.andNot(bit128(int(g.first()))) {
		ruled = ruled.or(e.peers[g.first()])
	}
	if e.pairs {
		for g := e.nearDigits(st, x); !g.empty(); g = g.andNot(bit128(int(g.first()))) {
			ruled = ruled.or(e.nbr[g.first()])
		}
	}
	return set128{^uint64(0), hi81}.andNot(st.done).andNot(ruled)
}

// nearDigits returns the cells of st placed with digit x-1 or x+1.
func (e *bb9) nearDigits(st *bbState, x int) set128 {
	var g set128
	if x > 0 {
		g = st.dig[x-1]
	}
	if x < 8 {
		g = g.or(st.dig[x+1])
	}
	return g
}

// loadInto puts the givens of puzzle into st, without singles. False on
// a broken constraint among them.
func (e *bb9) loadInto(st *bbState, puzzle []uint8) bool {
	*st = bbState{}
	for d := range st.cand {
		st.cand[d] = set128{^uint64(0), hi81}
		st.open[d] = e.allH
	}
	// The givens eight cells a word (byteCells), in the order of the cells.
	for c := 0; c < len(puzzle); c += 8 {
		for given := ^byteCells(cellsWord(puzzle, c), 0) & 0xff; given != 0; given &= given - 1 {
			k := c + bits.TrailingZeros64(given)
			if v := puzzle[k]; v > 9 || !e.assign(st, int32(k), int(v-1)) {
				return false
			}
		}
	}
	return true
}

// assign places digit d on cell c: c leaves every candidate set, d
// leaves c's peers and (pairs) the digits next to d leave c's pair
// neighbours. False when c cannot take d, a peer holds d or a pair
// neighbour a digit next to it.
func (e *bb9) assign(st *bbState, c int32, d int) bool {
	if e.pairs {
		return e.assignPairs(st, c, d)
	}
	return e.place(st, c, d)
}

// place is assign without the pair rules, on the word holding c (the
// engine's hottest lines: singles' placements).
func (e *bb9) place(st *bbState, c int32, d int) bool {
	p := &e.peers[c]
	x, dd := &st.cand, &st.dig[d]
	if dd.lo&p.lo|dd.hi&p.hi != 0 {
		return false
	}
	b := uint64(1) << (uint(c) & 63)
	if c < 64 {
		if x[d].lo&b == 0 {
			return false
		}
		keep := ^b
		x[0].lo &= keep
		x[1].lo &= keep
		x[2].lo &= keep
		x[3].lo &= keep
		x[4].lo &= keep
		x[5].lo &= keep
		x[6].lo &= keep
		x[7].lo &= keep
		x[8].lo &= keep
		dd.lo |= b
		st.done.lo |= b
	} else {
		if x[d].hi&b == 0 {
			return false
		}
		keep := ^b
		x[0].hi &= keep
		x[1].hi &= keep
		x[2].hi &= keep
		x[3].hi &= keep
		x[4].hi &= keep
		x[5].hi &= keep
		x[6].hi &= keep
		x[7].hi &= keep
		x[8].hi &= keep
		dd.hi |= b
		st.done.hi |= b
	}
	x[d].lo &^= p.lo
	x[d].hi &^= p.hi
	st.open[d] &^= e.cellH[c]
	return true
}

// assignPairs is assign on a board with pairs. A pair neighbour of c
// holding d-1 or d+1 took d from c when it was placed (every placement
// is assignPairs', and candidates only go), so place's test that c can
// take d is that one's too.
func (e *bb9) assignPairs(st *bbState, c int32, d int) bool {
	if !e.place(st, c, d) {
		return false
	}
	nb := e.nbr[c]
	if d > 0 {
		st.cand[d-1] = st.cand[d-1].andNot(nb)
	}
	if d < 8 {
		st.cand[d+1] = st.cand[d+1].andNot(nb)
	}
	return true
}

// singles runs naked and hidden singles (with the peer eliminations of
// each placement) to their fixpoint. False on a contradiction: an
// unplaced cell without a candidate, or a house where a digit has no
// place. base, when set, holds the candidates of a fixpoint st descends
// from (st has fewer): the hidden-single scans start from it.
func (e *bb9) singles(st *bbState, base *[9]set128) bool {
	// seen holds each digit's candidates at its last hidden-single scan
	// (or at base, which a scan would leave as it is): only a house with
	// a cell that lost the digit since can have become a hidden single or
	// lost the digit's last place (placing d changes them too), so a
	// scan looks at those houses alone. Without base the first scan
	// looks at every house.
	var seen [9]set128
	first := base == nil
	if base != nil {
		seen = *base
	}
	for {
		if !st.done.and(e.stop).empty() {
			return true // closureTo's cell placed
		}
		once, twice := candCounts(&st.cand)
		if ^st.done.lo&^once.lo|(hi81&^st.done.hi)&^once.hi != 0 {
			return false // an open cell without a candidate
		}
		progress := false
		if ns := once.andNot(twice); !ns.empty() {
			for ; !ns.empty(); ns = ns.andNot(bit128(int(ns.first()))) {
				c := ns.first()
				if d := cellDigit(st, c); d == 9 || !e.assign(st, c, d) {
					return false // emptied by an earlier placement of the batch
				}
			}
			progress = true
		}
		for d := range st.cand {
			cd := st.cand[d]
			var hs uint64
			if first {
				hs = st.open[d]
			} else {
				if cd == seen[d] {
					continue
				}
				hs = st.open[d] & e.housesOf(seen[d].andNot(cd))
			}
			seen[d] = cd
			for ; hs != 0; hs &= hs - 1 {
				h := &e.fold[bits.TrailingZeros64(hs)&63]
				w := cd.lo&h.lo | bits.RotateLeft64(cd.hi&h.hi, h.rot) // d's places, folded
				if w&(w-1) != 0 {
					continue // two places or more
				}
				if w == 0 {
					return false
				}
				if !e.assign(st, set128{cd.lo & h.lo, cd.hi & h.hi}.first(), d) {
					return false
				}
				progress = true
				// Houses of the placed cell hold d now.
				hs &= st.open[d] | (hs & -hs)
				cd = st.cand[d]
			}
		}
		if !progress {
			return true
		}
		first = false
	}
}

// candCounts returns the cells with a candidate in x and those with two
// or more (bit-sliced, unrolled: singles takes them every round).
func candCounts(x *[9]set128) (once, twice set128) {
	once.lo, twice.lo = wordCounts(x[0].lo, x[1].lo, x[2].lo, x[3].lo, x[4].lo, x[5].lo, x[6].lo, x[7].lo, x[8].lo)
	once.hi, twice.hi = wordCounts(x[0].hi, x[1].hi, x[2].hi, x[3].hi, x[4].hi, x[5].hi, x[6].hi, x[7].hi, x[8].hi)
	return once, twice
}

// wordCounts returns the bits set in one of the words and those set in
// two or more.
func wordCounts(a, b, c, d, e, f, g, h, i uint64) (once, twice uint64) {
	twice = a&b | (a|b)&c
	once = a | b | c
	twice |= once & d
	once |= d
	twice |= once & e
	once |= e
	twice |= once & f
	once |= f
	twice |= once & g
	once |= g
	twice |= once & h
	once |= h
	return once | i, twice | once&i
}

// cellDigit returns the lowest digit cell c can take in st, 9 if none.
func cellDigit(st *bbState, c int32) int {
	d := 0
	if c < 64 {
		for b := uint64(1) << (uint(c) & 63); d < 9 && st.cand[d].lo&b == 0; d++ {
		}
		return d
	}
	for b := uint64(1) << (uint(c) & 63); d < 9 && st.cand[d].hi&b == 0; d++ {
	}
	return d
}

// housesOf returns the houses (a bit each) of the cells of x: eleven
// lookups of byteH, a byte of x each, without a branch (a loop over the
// cells mispredicted its exit at every call; singles' hidden-single scan
// calls it for every digit that lost a candidate: batch --variant x
// --tier hard CPU 0.93-0.94x, 2026-12-05).
func (e *bb9) housesOf(x set128) uint64 {
	t := &e.byteH
	lo, hi := x.lo, x.hi
	return t[0][uint8(lo)] | t[1][uint8(lo>>8)] | t[2][uint8(lo>>16)] | t[3][uint8(lo>>24)] |
		t[4][uint8(lo>>32)] | t[5][uint8(lo>>40)] | t[6][uint8(lo>>48)] | t[7][uint8(lo>>56)] |
		t[8][uint8(hi)] | t[9][uint8(hi>>8)] | t[10][uint8(hi>>16)]
}

// hiddenGiven is hiddenSingle on the engine's board (81 cells, 0 empty,
// cell f empty): whether a house of f has no other cell that can take v,
// each being filled, a peer of a given v or (pairs) a pair neighbour of a
// given v-1 or v+1 (peers and pair neighbours are symmetric). It reads
// the puzzle eight cells a word (byteCells) and tests a house with a
// mask, where hiddenSingle looks at every peer of every cell of the
// houses.
func (e *bb9) hiddenGiven(puzzle []uint8, f int, v uint8) bool {
	var filled, sees set128
	for c := 0; c < 81; c += 8 {
		x := cellsWord(puzzle, c)
		filled = filled.orShifted(^byteCells(x, 0)&0xff, c)
		for eq := byteCells(x, v); eq != 0; eq &= eq - 1 {
			sees = sees.or(e.peers[c+bits.TrailingZeros64(eq)])
		}
		if !e.pairs {
			continue
		}
		near := byteCells(x, v+1)
		if v > 1 {
			near |= byteCells(x, v-1) // (v-1 = 0 would be the empty cells)
		}
		for ; near != 0; near &= near - 1 {
			sees = sees.or(e.nbr[c+bits.TrailingZeros64(near)])
		}
	}
	free := set128{^uint64(0), hi81}.andNot(filled).andNot(sees).andNot(bit128(f))
	for hs := e.cellH[f]; hs != 0; hs &= hs - 1 {
		if e.houses[bits.TrailingZeros64(hs)].and(free).empty() {
			return true
		}
	}
	return false
}

// cellsWord returns the eight cells of puzzle from c as the bytes of a
// word, byte i cell c+i (zeros past the end).
func cellsWord(puzzle []uint8, c int) uint64 {
	if c+8 <= len(puzzle) {
		return binary.LittleEndian.Uint64(puzzle[c:])
	}
	var x uint64
	for i, v := range puzzle[c:] {
		x |= uint64(v) << (8 * i)
	}
	return x
}

// byteCells returns the bytes of x equal to v, a bit each (bit i: byte
// i), without a branch.
func byteCells(x uint64, v uint8) uint64 {
	const lows, highs = 0x0101010101010101, 0x8080808080808080
	y := x ^ lows*uint64(v)                              // zero where equal
	nz := (y | (y&^highs + ^uint64(highs))) & highs      // high bit of each non-zero byte
	return (^nz & highs) >> 7 * 0x0102040810204080 >> 56 // gather the high bits
}

// hiddenSolves reports whether hidden singles (full houses among them),
// with the peer eliminations of each placement, solve puzzle: the
// ladder of SE's easy band (Options.KeepLogic from HiddenTop to below
// DirectTop). Level 0 holds the state it ends in. For boards without
// pairs.
func (e *bb9) hiddenSolves(puzzle []uint8) bool {
	if !e.load(puzzle) {
		return false
	}
	st := &e.stack[0]
	for {
		progress := false
		for d := range st.cand {
			for hs := st.open[d]; hs != 0; hs &= hs - 1 {
				h := bits.TrailingZeros64(hs) & 63
				if st.open[d]&(1<<h) == 0 {
					continue // d placed in the house since
				}
				f := &e.fold[h]
				cd := st.cand[d]
				w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot) // d's places, folded
				if w == 0 {
					return false // no place left for d
				}
				if w&(w-1) != 0 {
					continue
				}
				if !e.assign(st, set128{cd.lo & f.lo, cd.hi & f.hi}.first(), d) {
					return false
				}
				progress = true
			}
		}
		if !progress {
			return e.solved(st)
		}
	}
}

// closure loads puzzle and runs singles: false on a contradiction.
func (e *bb9) closure(puzzle []uint8) bool {
	return e.load(puzzle) && e.singles(&e.stack[0], nil)
}

// closureTo is closure, stopped as soon as it places frame cell f
// (placed then reports true, and level 0 is not a fixpoint): a dig asks
// only whether the closure places its removed cell, and the closure is
// the same in any order, so a cell placed on the way is placed in it.
// (A contradiction after that point goes unseen: a dig's puzzles are
// subsets of a solution's cells, where the closure meets none.)
func (e *bb9) closureTo(puzzle []uint8, f int) (closed, placed bool) {
	e.stop = bit128(f)
	closed = e.closure(puzzle)
	e.stop = set128{}
	return closed, closed && e.stack[0].done.has(int32(f))
}

// placedWith returns how many cells the closure of singles places from
// base (a fixpoint of singles) with digit d placed on its unplaced cell
// c, 0 on a contradiction: the closure of base's puzzle with that given
// added (the closure is the least fixpoint, so starting from base's
// reaches the same one). Level 1 of the stack is its scratch.
func (e *bb9) placedWith(base *bbState, c int32, d int) int {
	if len(e.stack) < 2 {
		e.stack = append(e.stack, bbState{})
	}
	st := &e.stack[1]
	*st = *base
	if !e.assign(st, c, d) || !e.singles(st, &base.cand) {
		return 0
	}
	return st.done.count()
}

// placesWith reports whether the closure of singles from base (a
// fixpoint of singles) with digit d placed on its unplaced cell c places
// cell t: placedWith's closure, stopped once t is placed (the closure is
// the same in any order). Level 1 of the stack is its scratch.
func (e *bb9) placesWith(base *bbState, c int32, d int, t int32) bool {
	if len(e.stack) < 2 {
		e.stack = append(e.stack, bbState{})
	}
	st := &e.stack[1]
	*st = *base
	e.stop = bit128(int(t))
	ok := e.assign(st, c, d) && e.singles(st, &base.cand)
	e.stop = set128{}
	return ok && st.done.has(t)
}

// dropAndSearch removes digit d from unplaced cell k of level 0 (which
// is at a fixpoint of singles when closed is set, else just loaded) and
// looks for a solution: true when one is found or the node bound cut the
// search (e.aborted).
func (e *bb9) dropAndSearch(k int32, d int, closed bool) bool {
	e.nodes, e.aborted = 0, false
	st := &e.stack[0]
	var fix [9]set128
	var base *[9]set128
	if closed {
		fix = st.cand
		base = &fix
	}
	st.cand[d] = st.cand[d].andNot(bit128(int(k)))
	return e.search(0, base)
}

// search looks for a solution from level dep: singles, then a branch on
// a cell of fewest candidates, its preferred digit first. base, when
// set, holds the candidates of the fixpoint of singles level dep
// descends from (singles starts its scans from it).
func (e *bb9) search(dep int, base *[9]set128) bool {
	var fix [9]set128
	for {
		st := &e.stack[dep]
		if !e.singles(st, base) {
			return false
		}
		if st.done.lo == ^uint64(0) && st.done.hi == hi81 {
			e.solvedAt = dep
			return true
		}
		e.nodes++
		if e.limit > 0 && e.nodes > e.limit {
			e.aborted = true
			return true
		}
		var c int32
		if e.focus.empty() {
			c = branchCell(st)
		} else {
			c = e.focusCell(st)
		}
		m := bit128(int(c))
		d := int(e.pref[c])
		if d < 0 || st.cand[d].and(m).empty() {
			d = 0
			for st.cand[d].and(m).empty() {
				d++
			}
		}
		if e.child(dep, c, d) && e.search(dep+1, &e.stack[dep].cand) {
			return true
		}
		e.drop(dep, m, d, &fix)
		base = &fix
	}
}

// focusCell is branchCell preferring the cells of e.focus (the probe's:
// Solver.twoWithin): the first of them with two candidates, else
// branchCell's cell. (The first of the focus with the fewest candidates
// when none has two: more instructions, 2026-12-05.)
func (e *bb9) focusCell(st *bbState) int32 {
	two := twoCands(st)
	if f := two.and(e.focus); !f.empty() {
		return f.first()
	}
	if !two.empty() {
		return two.first()
	}
	return fewest(st)
}

// branchCell returns the searches' branch cell at a fixpoint of singles
// (no unplaced cell holds one candidate; st has an unplaced cell): the
// first with two candidates, else the first of fewest.
func branchCell(st *bbState) int32 {
	if two := twoCands(st); !two.empty() {
		return two.first()
	}
	return fewest(st)
}

// twoCands returns the cells of st with exactly two candidates
// (bit-sliced counts over the digits).
func twoCands(st *bbState) set128 {
	var once, twice, three set128
	for d := range st.cand {
		x := st.cand[d]
		three = three.or(twice.and(x))
		twice = twice.or(once.and(x))
		once = once.or(x)
	}
	return twice.andNot(three)
}

// fewest returns the first unplaced cell of st with the fewest
// candidates (st has one): the counts bit-sliced over the digits, where a
// count cell by cell took some 500 steps a node on sparse puzzles.
func fewest(st *bbState) int32 {
	var at [11]set128 // at[k]: the cells with k candidates or more
	for d := range st.cand {
		x := st.cand[d]
		for k := d + 1; k >= 2; k-- {
			at[k] = at[k].or(at[k-1].and(x))
		}
		at[1] = at[1].or(x)
	}
	for k := 1; k < 10; k++ {
		if exact := at[k].andNot(at[k+1]); !exact.empty() {
			return exact.first()
		}
	}
	return 0
}

// child copies level dep into level dep+1 and places digit d on cell c
// there (a branch of the searches): false when the placement breaks a
// constraint.
func (e *bb9) child(dep int, c int32, d int) bool {
	if len(e.stack) <= dep+1 {
		e.stack = append(e.stack, bbState{})
	}
	e.stack[dep+1] = e.stack[dep]
	return e.assign(&e.stack[dep+1], c, d)
}

// drop removes digit d from the cell m of level dep after its branch
// found nothing; fix receives the level's candidates before it (a
// fixpoint, which the level's next scans start from).
func (e *bb9) drop(dep int, m set128, d int, fix *[9]set128) {
	st := &e.stack[dep]
	*fix = st.cand
	st.cand[d] = st.cand[d].andNot(m)
}

// other reports whether puzzle (0 on cell k) has a solution with another
// digit than d on k, within the node bound (a cut search says yes).
func (e *bb9) other(puzzle []uint8, k int32, d int) bool {
	if !e.load(puzzle) {
		return false
	}
	return e.dropAndSearch(k, d, false)
}

// write copies level 0's placed cells into out (0 where unplaced).
func (e *bb9) write(out []uint8) { e.writeLevel(0, out) }

// writeLevel copies level dep's placed cells into out (0 where unplaced).
func (e *bb9) writeLevel(dep int, out []uint8) {
	st := &e.stack[dep]
	out = out[:81]
	clear(out)
	for d := range st.dig {
		v := uint8(d + 1)
		for w := st.dig[d].lo; w != 0; w &= w - 1 {
			out[bits.TrailingZeros64(w)] = v
		}
		for w := st.dig[d].hi; w != 0; w &= w - 1 {
			out[64+bits.TrailingZeros64(w)&63] = v
		}
	}
}
