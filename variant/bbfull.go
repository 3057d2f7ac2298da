package variant

// The general solver's whole rule set (singles, locked candidates, pair
// rules) on the 9x9 engine's bitboards, for the searches that use those
// rules: Random's full solutions on every 9x9 board (randomSolve: the
// same search step for step, so a seed draws the same solutions), the
// generator's full solutions on boards with pairs (drawPairs: the same
// search without locked candidates, its own solutions) and the
// dig's unbounded uniqueness test where counting searches take locked
// candidates (lockedOther: jigsaw, anti-knight, non-consecutive; its
// answer is exact whatever the order), which also serves
// non-consecutive's second-solution probe.

import (
	"math/bits"
	"math/rand/v2"
)

// newBB9Pairs returns the 9x9 engine of a board with non-consecutive
// pairs, for random full solutions (randomSolve); nil when g is not a 9x9
// board of 81 used cells, or a pair joins cells that are not peers (the
// pair pass below assumes a neighbour also loses the cell's own value).
// Its singles place with the pair eliminations of each placement. It is
// Solver.pairRand; Solver.fast stays nil on such boards (the counts stay
// with the general solver). The closure of singles (Solver.Singles) and
// the steered dig's logic closure run on it (Solver.logicEngine, with
// the pair rules of logic_pairs.go); the logic starts from the closure
// Singles left on level 0 (keepClosure), as on the other 9x9 boards.
func newBB9Pairs(g *Geometry) *bb9 {
	if len(g.qNbr) == 0 {
		return nil
	}
	for k := range g.qNbr {
		if Rule(g.qRule[k]) != RuleNonConsecutive || !g.qPeer[k] {
			return nil
		}
	}
	e := newBB9Frame(g)
	if e == nil {
		return nil
	}
	e.pairs = true
	// SukakuExplainer's pair techniques are not checked against the
	// narrower locking: every house locks, as before.
	e.setLockHouses(e.allH)
	for c := range int32(81) {
		for k := g.qStart[c]; k < g.qStart[c+1]; k++ {
			e.nbr[c] = e.nbr[c].or(bit128(int(g.qNbr[k])))
		}
	}
	return e
}

// randomSolve is Solver.Random on a 9x9 board (with e.noLocked, without
// locked candidates, as the general solver's Random where it takes
// none): the general solver's search step for step on bitboards. Its fixpoint is the
// general solver's (singles with the peer and pair eliminations of each
// placement, the pair pass, locked candidates with their pair part: the
// rules are monotone, so their fixpoint does not depend on the order
// they run in), it branches on the same cell (the first of fewest
// candidates), draws the same digit from rng and counts the same nodes,
// so a seed draws the same solution and a node bound cuts the same
// searches. puzzle nil is the empty board. It reports false when there
// is no solution or the bound cut the search (e.aborted).
func (e *bb9) randomSolve(rng *rand.Rand, puzzle []uint8, out []uint8) bool {
	e.nodes, e.aborted = 0, false
	if puzzle == nil {
		puzzle = out[:0]
	}
	if !e.loadInto(&e.stack[0], puzzle) {
		return false
	}
	e.rng = rng
	found := e.randomSearch(0, nil)
	e.rng = nil
	if !found || e.aborted {
		return false
	}
	for d := range e.found.dig {
		for x := e.found.dig[d]; !x.empty(); {
			c := x.first()
			x = x.andNot(bit128(int(c)))
			out[c] = uint8(d + 1)
		}
	}
	return true
}

// randomSearch looks for a solution below level dep: the fixpoint, then
// a branch on the first cell of fewest candidates with a digit drawn
// from e.rng (without one, the preferred digit, else the lowest). True
// when one is found (in e.found) or the node bound cut the search. base
// as in search.
func (e *bb9) randomSearch(dep int, base *[9]set128) bool {
	var fix [9]set128
	for {
		st := &e.stack[dep]
		if !e.fullFixpoint(st, base) {
			return false
		}
		if st.done.lo == ^uint64(0) && st.done.hi == hi81 {
			e.found = *st
			return true
		}
		var c int32
		if e.focus.empty() {
			c = branchCell(st)
		} else {
			c = e.focusCell(st)
		}
		e.nodes++
		if e.limit > 0 && e.nodes > e.limit {
			e.aborted = true
			return true
		}
		m := bit128(int(c))
		var ds uint32
		for d := range st.cand {
			if !st.cand[d].and(m).empty() {
				ds |= 1 << d
			}
		}
		d := bits.TrailingZeros32(ds)
		if e.rng != nil {
			for k := e.rng.IntN(bits.OnesCount32(ds)); k > 0; k-- {
				ds &= ds - 1
			}
			d = bits.TrailingZeros32(ds)
		} else if p := e.pref[c]; p >= 0 && ds&(1<<p) != 0 {
			d = int(p)
		}
		if e.child(dep, c, d) && e.randomSearch(dep+1, &e.stack[dep].cand) {
			return true
		}
		e.drop(dep, m, d, &fix)
		base = &fix
	}
}

// lockedOther reports whether puzzle (0 on cell k) has a solution with
// another digit than d on k, searching with the general solver's rules
// (locked candidates, and the pair rules where the board has them):
// Solver.other of a counting search. Unbounded (e.limit 0) the answer is
// exact, so it does not depend on the order of the search.
func (e *bb9) lockedOther(puzzle []uint8, k int32, d int) bool {
	e.nodes, e.aborted = 0, false
	e.found.done = set128{} // a solution found below fills it
	st := &e.stack[0]
	if !e.loadInto(st, puzzle) {
		return false
	}
	if st.done.has(k) {
		return st.dig[d].and(bit128(int(k))).empty()
	}
	st.cand[d] = st.cand[d].andNot(bit128(int(k)))
	e.wide = e.pairs
	if e.focusOther && e.limit == 0 {
		// A second solution moves d out of k's houses and sees cells:
		// a branch there meets it or a contradiction sooner (the answer
		// is exact either way). Anti-knight --tier hard --count 100
		// --seed 2026 (2026-12-05): the pass's searches 287,932 nodes
		// -> 251,291.
		e.focus = e.peers[k]
	}
	found := e.randomSearch(0, nil)
	e.wide = false
	e.focus = set128{}
	return found
}

// fullFixpoint runs singles, the pair pass and locked candidates (not
// with e.noLocked) to their common fixpoint (the general solver's
// fixpoint on this board).
// False on a contradiction. base as in search: the passes, like the
// hidden-single scans, look only at what changed since it.
func (e *bb9) fullFixpoint(st *bbState, base *[9]set128) bool {
	// snaps: the candidates at the last two fixpoints of singles, in
	// turn; the last is the next round's base, and the pair pass's seen
	// (the candidates at the start of its last pass, which came right
	// after that fixpoint); before the first round, base (the empty
	// board's when there is none). lseen: the candidates at the start of
	// the last locked pass.
	var snaps [2][9]set128
	var lseen [9]set128
	seen := base
	if base == nil {
		seen = &snaps[1]
		for d := range seen {
			seen[d] = set128{^uint64(0), hi81}
		}
	}
	if !e.noLocked {
		lseen = *seen
	}
	for i := 0; ; i ^= 1 {
		if !e.singles(st, base) {
			return false
		}
		snap := &snaps[i]
		*snap = st.cand
		ok, progress := true, false
		if e.pairs {
			if ok, progress = e.pairTake(st, e.pairChanged(st, seen)); !ok {
				return false
			}
		}
		if !progress && !e.noLocked {
			if ok, progress = e.lockedPass(st, &lseen); !ok {
				return false
			}
		}
		if !progress {
			return true
		}
		base, seen = snap, snap
	}
}

// pairPass is the general solver's pairPairs on bitboards: an unplaced
// cell whose candidates all lie within one of digit w takes w from its
// pair neighbours (whatever it holds, it is w, next to w, or equal to w,
// and its neighbours are its peers). Only cells whose candidates changed
// since seen (the candidates at the last pass, which gave all they can)
// can give something new; seen becomes the candidates now. False on a
// contradiction; progress when it removed a candidate.
func (e *bb9) pairPass(st *bbState, seen *[9]set128) (ok, progress bool) {
	open := e.pairChanged(st, seen)
	*seen = st.cand
	return e.pairTake(st, open)
}

// pairChanged returns the unplaced cells of st whose candidates changed
// since seen (st has fewer).
func (e *bb9) pairChanged(st *bbState, seen *[9]set128) set128 {
	var changed set128
	for d := range st.cand {
		changed = changed.or(seen[d].andNot(st.cand[d]))
	}
	return set128{^st.done.lo, hi81 &^ st.done.hi}.and(changed)
}

// pairTake is pairPass on the cells of open (unplaced cells of st).
func (e *bb9) pairTake(st *bbState, open set128) (ok, progress bool) {
	if open.empty() {
		return true, false
	}
	// below[v]: the cells with a candidate under v; above[v]: v or over.
	var below, above [10]set128
	for v := range 9 {
		below[v+1] = below[v].or(st.cand[v])
		above[8-v] = above[9-v].or(st.cand[8-v])
	}
	for w := range 9 {
		s := open // the changed cells whose candidates lie within one of w
		if w >= 2 {
			s = s.andNot(below[w-1])
		}
		if w <= 6 {
			s = s.andNot(above[w+2])
		}
		if s.empty() {
			continue // most w: nothing to take
		}
		var nb set128
		for ; !s.empty(); s = s.andNot(bit128(int(s.first()))) {
			nb = nb.or(e.nbr[s.first()])
		}
		ok, removed := take(st, w, nb)
		if !ok {
			return false, false
		}
		progress = progress || removed
	}
	return true, progress
}

// take removes digit w from the cells of x: false when one of them holds
// w placed (a contradiction); removed when a candidate went.
func take(st *bbState, w int, x set128) (ok, removed bool) {
	if !st.dig[w].and(x).empty() {
		return false, false
	}
	y := st.cand[w].and(x)
	if y.empty() {
		return true, false
	}
	st.cand[w] = st.cand[w].andNot(y)
	return true, true
}

// nextToAll returns the cells that are pair neighbours of every cell of
// p; with on, also the cells of p that are pair neighbours of all the
// others (the cells on or next to every one, as SukakuExplainer's locked
// NC takes them).
func (e *bb9) nextToAll(p set128, on bool) set128 {
	x := set128{^uint64(0), hi81}
	for q := p; !q.empty() && !x.empty(); {
		c := q.first()
		q = q.andNot(bit128(int(c)))
		n := e.nbr[c]
		if on {
			n = n.or(bit128(int(c)))
		}
		x = x.and(n)
	}
	return x
}

// lockedPass is the general solver's locked on bitboards: a digit left
// on two or three cells of a house leaves the other cells that see all
// of them, and the digits next to it leave the cells that are pair
// neighbours of all of them (with e.wide, also the places that are pair
// neighbours of all the others). Only a house where the digit lost a cell
// since seen (the candidates at the last pass) can give something new;
// seen becomes the candidates now. False on a contradiction; progress
// when it removed a candidate.
func (e *bb9) lockedPass(st *bbState, seen *[9]set128) (ok, progress bool) {
	if !e.pairs {
		return e.lockedPlain(st, seen)
	}
	var hs [9]uint64
	for d := range st.cand {
		if lost := seen[d].andNot(st.cand[d]); !lost.empty() {
			hs[d] = e.housesOf(lost) & st.open[d]
		}
	}
	*seen = st.cand
	for d := range st.cand {
		// hs[d] holds open houses only (the pass places nothing).
		for ; hs[d] != 0; hs[d] &= hs[d] - 1 {
			h := bits.TrailingZeros64(hs[d]) & 63
			// Two or three places: the places folded into one word
			// (bb9.fold) less their lowest bit have one or two.
			f := &e.fold[h]
			cd := st.cand[d]
			w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
			w &= w - 1
			if v := w & (w - 1); w == 0 || v&(v-1) != 0 {
				continue
			}
			hm := &e.houses[h]
			p := cd.and(*hm)
			// sees: the cells seeing every place; next: next to every
			// place (with e.wide, on or next to: nextToAll, inline here,
			// as this is Random's hot path).
			c := p.first()
			p = p.andNot(bit128(int(c)))
			sees, next := e.peers[c], e.nbr[c]
			if e.wide {
				next = next.or(bit128(int(c)))
			}
			for ; !p.empty(); p = p.andNot(bit128(int(c))) {
				c = p.first()
				sees = sees.and(e.peers[c])
				if e.wide {
					next = next.and(e.nbr[c].or(bit128(int(c))))
				} else {
					next = next.and(e.nbr[c])
				}
			}
			ok, removed := take(st, d, sees.andNot(*hm))
			if !ok {
				return false, false
			}
			progress = progress || removed
			if next.empty() {
				continue
			}
			if d > 0 {
				if ok, removed = take(st, d-1, next); !ok {
					return false, false
				}
				progress = progress || removed
			}
			if d < 8 {
				if ok, removed = take(st, d+1, next); !ok {
					return false, false
				}
				progress = progress || removed
			}
		}
	}
	return true, progress
}

// lockedPlain is lockedPass on a board without pairs: a digit's two or
// three places in a house take it from the cells seeing all of them
// (the peers of its first two places, and of the third), digit by digit
// as the houses that lost a place come.
func (e *bb9) lockedPlain(st *bbState, seen *[9]set128) (ok, progress bool) {
	for d := range st.cand {
		cd := st.cand[d]
		lost := seen[d].andNot(cd)
		seen[d] = cd
		if lost.empty() {
			continue
		}
		// The pass places nothing, so the open houses stay open.
		for hs := e.housesOf(lost) & st.open[d]; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs) & 63
			f := &e.fold[h]
			w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
			w1 := w & (w - 1)
			w2 := w1 & (w1 - 1)
			if w1 == 0 || w2&(w2-1) != 0 {
				continue
			}
			// The cells seeing every place: the places taken from the
			// folded word (foldCell), a third one or none (81, seeing
			// all) without a branch.
			fc := &e.foldCell[h]
			p := &e.peers
			sees := p[fc[bits.TrailingZeros64(w)]].and(p[fc[bits.TrailingZeros64(w1)]]).and(p[fc[bits.TrailingZeros64(w2)]])
			// sees holds no cell placed with d (each place would see it).
			if x := cd.and(sees); !x.empty() {
				cd = cd.andNot(x)
				st.cand[d] = cd
				progress = true
			}
		}
		// seen[d] holds the candidates before this digit's removals: the
		// houses they touch are the next pass's (as lockedPass's seen,
		// taken before the pass, leaves them).
	}
	return true, progress
}

// drawPairs draws a full solution of the empty board into out on a board
// with pairs (the generator's full solutions, Solver.Full): up to tries
// random searches of e.limit nodes each (0: unbounded), each from the
// empty board, with singles and the pair pass but without locked
// candidates. Not the general solver's search (Random is): its nodes
// are cheaper (locked candidates cost more than they cut here) and it
// draws other solutions for the same rng. It reports false when no
// search found one; e.nodes holds the nodes of all the searches.
// Measured on 9x9 non-consecutive (BenchmarkRandomPairs, 2026-12-05):
// see docs/lab/variants.md, "The non-consecutive solution draw".
func (e *bb9) drawPairs(rng *rand.Rand, out []uint8, tries int) bool {
	e.noLocked = true
	defer func() { e.noLocked = false }()
	var nodes int64
	for range tries {
		ok := e.randomSolve(rng, nil, out)
		nodes += e.nodes
		if ok {
			e.nodes = nodes
			return true
		}
	}
	e.nodes = nodes
	return false
}
