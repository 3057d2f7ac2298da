package variant

import "math/bits"

// LogicTop is the highest SE rating of the techniques the logic closure
// (bb9.logicSolves) covers: XYZ-Wing's 4.4. A Keep whose ladder is SE's
// capped at or below it, without uniqueness rules, solves only puzzles
// the closure solves (Options.KeepLogic). Below LogicNaked (SE's naked
// pair, 3.0) the closure leaves out naked subsets, fish and wings, as
// that ladder does; below LogicFloor (pointing, 2.6) it is not run: the
// ladder (singles and the direct techniques) costs less than the
// closure would save.
const (
	LogicTop   = 4.4
	LogicNaked = 3.0
	LogicFloor = 2.6
)

// logicAnswer is what the logic closure says of a grid.
type logicAnswer uint8

const (
	// logicOpen: the closure leaves a cell open; the capped ladder
	// refuses the grid.
	logicOpen logicAnswer = iota
	// logicUnsure: the closure solves the grid (or cannot tell); the
	// ladder decides.
	logicUnsure
	// logicProven: the closure's first phase, rules SE's ladder has in
	// the same or a weaker form, solves the grid; the capped ladder
	// solves it too (see logicRun).
	logicProven
)

// logicSolves reports whether the logic closure solves grid (81 cells,
// 0 empty): logicOpen when it does not, logicProven when its first phase
// alone does, else logicUnsure (also when it cannot tell: the grid breaks
// a constraint, or the board is not the engine's).
//
// The closure applies, until none finds anything: naked and hidden
// singles (over the houses and the sees cells); locked candidates in a
// general form over the houses SE locks in (bb9.lockH: the cells sharing
// such a house with every place of a digit in such a house lose it);
// naked pairs in a general form (two cells that see
// each other, by a house or as sees cells, holding the same two digits:
// the cells seeing both lose them); naked and hidden triples and hidden
// pairs in a house; X-Wing and Swordfish on rows and columns; XY-Wing
// and XYZ-Wing, whose cells see each other by houses or sees cells, and
// an XYZ-Wing whose pivot holds two digits. Each is sound, and the set
// is closed under losing candidates: a pattern found on a grid is, on
// any grid with fewer candidates that the closure has reached, either
// still there or degenerate, and then its eliminations follow from
// singles, a smaller subset or fish, a general naked pair or the
// two-digit-pivot XYZ-Wing (an XY-Wing whose pivot lost a digit places
// its pincers by singles; an XYZ-Wing whose pivot lost x or y is one
// with a two-digit pivot, or an XY-Wing; one whose pincer xz is placed
// x leaves the pivot and the other pincer a naked pair of cells that
// may see each other only as sees cells). So the closure is the same in
// any order, and every elimination and placement of SE's ladder up to
// LogicTop (singles, direct and plain locked candidates on pairs of
// houses, subsets up to three, X-Wing, Swordfish, XY- and XYZ-Wing with
// SE's peers; SE's restrictions, such as hidden subsets only in houses
// with enough empty cells or no naked subsets on a diagonal, only take
// steps away) holds in it: where the closure leaves a cell open, that
// ladder stalls too. Locked candidates use the houses alone, and only
// those SE locks in, as SE's do (no degenerate pattern of the other
// rules needs them: those leave singles, subsets, fish, naked pairs and
// wings), so the closure stays close to the ladder and refuses most of
// what the ladder refuses: on X (--tier hard --count 400, 2026-12-05)
// locking along the diagonals too left 8,817 of 49,066 closure calls
// solved but unproven, whose ladder refused 7,045; locking as SE does,
// 3,393, and 1,638 (docs/lab/variants.md, "The closure locks where SE
// locks"). On boards with non-consecutive pairs the closure
// and its first phase also have the pair rules (logic_pairs.go), and
// the ladder is SE's with SukakuExplainer's non-consecutive techniques.
func (e *bb9) logicSolves(grid []uint8) logicAnswer {
	if !e.loadInto(&e.logic, grid) || !e.singles(&e.logic, nil) {
		return logicUnsure
	}
	return e.logicRun()
}

// keepClosure keeps level 0 (the closure of singles the last closure
// call computed) for logicFromClosure.
func (e *bb9) keepClosure() { e.closed = e.stack[0] }

// logicFromClosure is logicSolves on the grid of the closure kept by
// keepClosure (the same state, without loading it again).
func (e *bb9) logicFromClosure() logicAnswer {
	e.logic = e.closed
	return e.logicRun()
}

// logicFor is logicFromClosure for a dig's removal of frame cell f from
// a puzzle keep accepts (the kept closure is that of the puzzle without
// f, f open in it): each phase stops as soon as it places f, and the
// first phase placing f proves the grid. The closure placing f is the
// closure of the puzzle with f (the least fixpoint, and its state then
// holds no more candidates than the puzzle's), which solves it (keep's
// capped ladder does, and the closure holds its every step), so the
// answer is not logicOpen either way; the first phase placing f means
// the ladder places f (see logicRun: where the ladder stalls, every
// step of the first phase still holds), and from there, with no more
// candidates than the accepted puzzle's, the ladder (its rules monotone
// up to LogicTop) solves it: keep accepts. Stopped so, the closure's
// answers are keep's as before, some logicUnsure ones now
// logicProven.
func (e *bb9) logicFor(f int) logicAnswer {
	e.stop = bit128(f)
	a := e.logicFromClosure()
	e.stop = set128{}
	return a
}

// logicRun runs the closure from e.logic, a fixpoint of singles, in two
// phases. The first (proveStep; from a ladder cap of ProveLocked) has
// only rules SE's ladder up to the cap has, in forms every SE layout
// uses: pointing and claiming between the boxes (or jigsaw regions) and
// the rows and columns; from ProveAll, naked and hidden pairs and triples
// in those houses, X-Wing and Swordfish on rows and columns, and XY-Wing
// over the houses and sees cells (the grader's wings see so); from
// ProveXYZ on boards with boxes, XYZ-Wing over the rows, columns and
// boxes. If it solves the grid, so does the ladder:
//
//   - those rules are closed under losing candidates, as above: a
//     degenerate pattern leaves singles, a naked pair of the same house
//     (a naked triple with a cell placed; a hidden pair whose other
//     cells are one or two; an XYZ-Wing whose pivot lost x or y, whose
//     pivot and pincer then share a house holding every cell that sees
//     all three, on a board with boxes), a hidden pair, an XY-Wing (an
//     XYZ-Wing whose pivot lost z) or an X-Wing. So from any grid the
//     ladder reaches, unsolved, one of them or a single still finds
//     something;
//   - SE's restrictions (SE-RULES.md: naked sets only in houses with 2k
//     empty cells or more, hidden sets with more than 2k, fish only on
//     digits placed at most 9-2k times) leave instead, where they bar
//     such a step, a single, a naked or hidden set of the other cells of
//     the same house, or an X-Wing on the other lines (a Swordfish with
//     four digits placed), each within the cap;
//   - and the ladder takes a step within its cap whenever it has one.
//
// So the dig skips a ladder call without changing its answer
// (TestLogicCoversKeeper checks both directions on every call). The
// second phase is the whole closure: its rules hold the first's in
// general forms, and the closure is the same in any order. It runs
// first, from the closure of singles: most calls of a steered dig end
// with a cell open (81% of anti-knight --tier hard's, 2026-12-04), and
// they skip the first phase, whose last pass scans every rule to find
// nothing. Only when the closure solves the grid does the first phase
// run, from the same start, to tell logicProven from logicUnsure.
func (e *bb9) logicRun() logicAnswer {
	st := &e.logic
	e.marks = logicMarks{}
	if e.prove == 0 {
		return e.phase(st, false).answer()
	}
	start := *st
	switch e.phase(st, false) {
	case phaseStalled:
		return logicOpen
	case phaseBroken:
		return logicUnsure
	}
	*st = start
	e.marks = logicMarks{}
	if e.phase(st, true) == phaseSolved {
		return logicProven
	}
	return logicUnsure
}

// phaseEnd is how a phase of the logic closure ended.
type phaseEnd uint8

const (
	phaseSolved  phaseEnd = iota // every cell placed
	phaseStalled                 // no rule of the phase finds more
	phaseBroken                  // a contradiction (a grid without solution)
)

// answer is the closure's answer when it ended so (the first phase's
// logicProven aside).
func (p phaseEnd) answer() logicAnswer {
	if p == phaseStalled {
		return logicOpen
	}
	return logicUnsure
}

// phase runs the first phase's rules (first; see logicRun) or the second
// phase's (the whole closure) from st until they solve it or find nothing
// more.
func (e *bb9) phase(st *bbState, first bool) phaseEnd {
	for !e.solved(st) {
		if !st.done.and(e.stop).empty() {
			return phaseSolved // logicFor's cell placed
		}
		base := st.cand
		var found bool
		if first {
			found = e.proveStep(st)
		} else {
			found = e.logicStep(st)
		}
		if !found {
			return phaseStalled
		}
		if !e.singles(st, &base) {
			return phaseBroken
		}
	}
	return phaseSolved
}

// proveStep runs the first phase's rules (see logicRun; on boards with
// non-consecutive pairs first SukakuExplainer's forcing cells and locked
// NC on the rows, columns and boxes, logic_pairs.go), cheapest first,
// and stops after the first that removes a candidate: false when none
// does.
func (e *bb9) proveStep(st *bbState) bool {
	if e.pairs && e.pairRules(st, &e.marks.pfc, &e.marks.plnc, 64, e.classic) {
		return true
	}
	if e.lockedSE(st) {
		return true
	}
	if e.prove < 2 {
		return false
	}
	var cm [81]uint16
	two, trio, many := cellMasks(st, &cm)
	// SE's XY-Wing over the houses and sees cells (the grader's wings
	// take their pincers and victims so), its XYZ-Wing over the rows,
	// columns and boxes (see logicRun)
	if e.subsetsSE(st, &cm, many) || e.fish(st) || e.wingsOver(st, &cm, two, two, set128{}, &e.peers, true) {
		return true
	}
	return e.prove >= 3 && e.wingsOver(st, &cm, trio, two, trio, &e.cpeers, true)
}

// lockedSE: SE's pointing and claiming on the classic houses: the
// places (two or more) of a digit in a box all in one row or column, or
// in a row or column all in one box; the other cells of that second
// house lose the digit.
func (e *bb9) lockedSE(st *bbState) bool {
	progress := false
	first := e.marks.done&8 == 0
	e.marks.done |= 8
	for d := range st.cand {
		for hs := st.open[d] & e.classic & e.changedHouses(st, &e.marks.plock, first, d); hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs)
			pos := st.cand[d].and(e.houses[h])
			if pos.count() < 2 {
				continue
			}
			for xs := e.cross[h]; xs != 0; xs &= xs - 1 {
				b := e.houses[bits.TrailingZeros64(xs)]
				if pos.andNot(b).empty() && eliminate(st, d, b.andNot(e.houses[h])) {
					progress = true
				}
			}
		}
	}
	return progress
}

// nakedFrom holds the fewest open cells of a house the naked sets are
// looked for in: the first phase's pairs and triples (subsetsSE), the
// closure's triples (houseSubsets). Below, the hidden pairs and triples
// of the house's other cells take the same candidates, so the phases'
// fixpoints are the same (a test sets 4, every house). HardMaker x
// instructions -2.7%, anti-king -2.2% (2026-12-05).
var nakedFrom = [2]int{6, 7}

// hiddenFrom: the fewest open cells of a house the closure (with its
// naked pairs, nakedPairs) looks for hidden sets in: in four, a hidden
// pair is the naked pair of the other two cells and a hidden triple a
// hidden single (a test sets 4). HardMaker x instructions -0.5%,
// anti-king -0.4% (2026-12-05).
var hiddenFrom = 5

// subsetsSE: SE's naked pairs and triples in the classic houses (the
// house's other cells lose the set's digits), and its hidden pairs and
// triples there.
func (e *bb9) subsetsSE(st *bbState, cm *[81]uint16, many set128) bool {
	progress := false
	for hs := e.changedSince(st, &e.marks.psub, 16) & e.classic; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs) & 63
		hm := e.houses[h]
		n := hm.andNot(st.done).count()
		if n < 4 {
			continue // a set of k in k+1 cells or fewer is singles' work
		}
		// In a house of n open cells a naked set of k is the hidden set
		// of n-k of the other cells, which takes the same candidates:
		// up to five, hidden pairs and triples cover the naked ones.
		if n >= nakedFrom[0] && nakedSets(st, cm, many, hm, true) {
			progress = true
		}
		if hiddenSubsets(st, &e.fold[h]) {
			progress = true
		}
	}
	return progress
}

// logicMarks hold, per rule of the closure that reads houses or digits
// alone, the candidates at its last pass in the current logicSolves
// call: a house (or a digit's fish) none of whose candidates changed
// since has nothing new for it, so the pass skips it.
type logicMarks struct {
	lock, sub, fish, plock, psub [9]set128
	// fc and lnc: the pair rules' forcing cells and locked NC
	// (logic_pairs.go); pfc and plnc the first phase's.
	fc, lnc, pfc, plnc [9]set128
	// done says which rules made a pass: 1 locked candidates, 2
	// subsets, 4 fish, 8 the first phase's locked candidates, 16 its
	// subsets, 32 the pair rules, 64 the first phase's.
	done uint8
}

// changedHouses returns the houses of digit d worth a pass of the rule
// whose marks are last (all houses at its first pass) and records d's
// candidates.
func (e *bb9) changedHouses(st *bbState, last *[9]set128, first bool, d int) uint64 {
	cd := st.cand[d]
	if first {
		last[d] = cd
		return e.allH
	}
	if cd == last[d] {
		return 0
	}
	hs := e.housesOf(last[d].andNot(cd))
	last[d] = cd
	return hs
}

// changedSince returns the houses worth a pass of the rule whose marks
// are last and whose pass bit (logicMarks.done) is bit: every house at
// its first pass, else those where some digit lost a candidate since;
// it records each digit's candidates.
func (e *bb9) changedSince(st *bbState, last *[9]set128, bit uint8) uint64 {
	first := e.marks.done&bit == 0
	e.marks.done |= bit
	var hs uint64
	for d := range st.cand {
		hs |= e.changedHouses(st, last, first, d)
	}
	return hs
}

// solved reports whether every cell of st is placed.
func (e *bb9) solved(st *bbState) bool { return st.done.lo == ^uint64(0) && st.done.hi == hi81 }

// logicStep runs the closure's rules other than singles (with pairs,
// the pair rules on every house first), cheapest first, and stops after
// the first that removes a candidate: false when none does.
func (e *bb9) logicStep(st *bbState) bool {
	if e.pairs && e.pairRules(st, &e.marks.fc, &e.marks.lnc, 32, e.allH) {
		return true
	}
	if e.lockedGeneral(st) {
		return true
	}
	if e.logicHidden {
		return e.houseSubsets(st, nil, set128{})
	}
	var cm [81]uint16
	two, trio, many := cellMasks(st, &cm)
	return e.nakedPairs(st, &cm, two) || e.houseSubsets(st, &cm, many) || e.fish(st) || e.wingsOver(st, &cm, two.or(trio), two, trio, &e.peers, false)
}

// cellMasks sets cm to the digits (a bit each) of each cell holding at
// most three, and leaves the others (the rules read the digits of cells
// with two or three, and of others only that they hold more than three,
// from many); it returns the cells holding two digits, those holding
// three and those holding four or more (many).
func cellMasks(st *bbState, cm *[81]uint16) (two, trio, many set128) {
	var once, twice, three, four set128
	for d := range st.cand {
		x := st.cand[d]
		four = four.or(three.and(x))
		three = three.or(twice.and(x))
		twice = twice.or(once.and(x))
		once = once.or(x)
	}
	few := once.andNot(four)
	for d := range st.cand {
		x := st.cand[d].and(few)
		for w := x.lo; w != 0; w &= w - 1 {
			cm[bits.TrailingZeros64(w)] |= 1 << d
		}
		for w := x.hi; w != 0; w &= w - 1 {
			cm[64+bits.TrailingZeros64(w)] |= 1 << d
		}
	}
	return twice.andNot(three), three.andNot(four), four
}

// eliminate removes digit d from the cells of x; it reports whether any
// held it.
func eliminate(st *bbState, d int, x set128) bool {
	x = x.and(st.cand[d])
	if x.empty() {
		return false
	}
	st.cand[d] = st.cand[d].andNot(x)
	return true
}

// lockedGeneral: the places of digit d in a house of lockH (two or
// more) all share a house of lockH with some cells, which lose d.
func (e *bb9) lockedGeneral(st *bbState) bool {
	progress := false
	first := e.marks.done&1 == 0
	e.marks.done |= 1
	for d := range st.cand {
		hs := st.open[d] & e.lockH & e.changedHouses(st, &e.marks.lock, first, d)
		if hs != 0 && e.lockBand && !lockCan(st.cand[d]) {
			continue
		}
		for ; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs) & 63
			// Two places or more (three at most with lock3): the places
			// folded into one word (bb9.fold) less their lowest bit.
			f := &e.fold[h]
			cd := st.cand[d]
			w0 := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
			w := w0 & (w0 - 1)
			v := w & (w - 1)
			if w == 0 || e.lock3 && v&(v-1) != 0 {
				continue
			}
			hm := e.houses[h]
			// the cells outside the house holding d and seeing every
			// place so far (inside it only the places hold d)
			out := st.cand[d].andNot(hm)
			if e.lock3 {
				// two or three places, from the folded word (see
				// lockedPlain)
				fc, p := &e.foldCell[h], &e.lpeers
				out = out.and(p[fc[bits.TrailingZeros64(w0)]]).and(p[fc[bits.TrailingZeros64(w)]]).and(p[fc[bits.TrailingZeros64(v)]])
				if eliminate(st, d, out) {
					progress = true
				}
				continue
			}
			pos := cd.and(hm)
			for w := pos.lo; w != 0 && !out.empty(); w &= w - 1 {
				out = out.and(e.lpeers[bits.TrailingZeros64(w)])
			}
			for w := pos.hi; w != 0 && !out.empty(); w &= w - 1 {
				out = out.and(e.lpeers[64+bits.TrailingZeros64(w)])
			}
			if eliminate(st, d, out) {
				progress = true
			}
		}
	}
	return progress
}

// lockCan reports whether x, a digit's candidates on the standard 9x9
// board, can lock between the rows or columns and the boxes (pointing or
// claiming with a cell to take), from the segments a line shares with a
// box that hold places: within a band (or stack), the 3x3 matrix of its
// lines' segments, where a box whose segments are one line's while that
// line has others, or a line whose segments are one box's while that box
// has others, locks (lockTab). lockedGeneral on lock3 boards takes
// nothing where it says no: false rules out every house of the digit.
// The rows are read as nine-bit fields, without a loop or a branch; a
// stack's matrix is taken transposed (its columns' places per band, bit
// 3k+i: column i of the stack in band k), which locks exactly when the
// matrix does (a place alone in its line but not in its box, or the
// other way round).
func lockCan(x set128) bool {
	var r [9]uint16
	rowsOf(x, &r)
	r0, r1, r2, r3, r4, r5, r6, r7, r8 := r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]
	t := &segTab
	b0 := t[r0] | t[r1]<<3 | t[r2]<<6
	b1 := t[r3] | t[r4]<<3 | t[r5]<<6
	b2 := t[r6] | t[r7]<<3 | t[r8]<<6
	o0, o1, o2 := r0|r1|r2, r3|r4|r5, r6|r7|r8 // the bands' columns
	s0 := o0&7 | o1&7<<3 | o2&7<<6
	s1 := o0>>3&7 | o1>>3&7<<3 | o2>>3&7<<6
	s2 := o0>>6&7 | o1>>6&7<<3 | o2>>6&7<<6
	l := &lockTab
	return l[b0]|l[b1]|l[b2]|l[s0]|l[s1]|l[s2] != 0
}

// segTab[m]: the three segments (bit k: cells 3k to 3k+2) of a line's
// nine bits m holding one; lockTab[p]: whether the matrix p of a band's
// or stack's segments (bits 3i+k: line i's segment in box k) locks (see
// lockCan).
var segTab, lockTab = func() (seg, lock [512]uint16) {
	for m := range 512 {
		for k := range 3 {
			if m>>(3*k)&7 != 0 {
				seg[m] |= 1 << k
			}
		}
	}
	for p := range 512 {
		for i := range 3 {
			for k := range 3 {
				if p>>(3*i+k)&1 == 0 {
					continue
				}
				lineOnly := p>>(3*i)&7 == 1<<k
				boxOnly := true
				for j := range 3 {
					if j != i && p>>(3*j+k)&1 != 0 {
						boxOnly = false
					}
				}
				if lineOnly != boxOnly {
					lock[p] = 1
				}
			}
		}
	}
	return
}()

// nakedPairs: two cells that see each other (by a house or as sees
// cells), each holding the same two digits: the cells seeing both lose
// them.
func (e *bb9) nakedPairs(st *bbState, cm *[81]uint16, two set128) bool {
	progress := false
	for x := two; !x.empty(); {
		a := x.first()
		x = x.andNot(bit128(int(a)))
		for y := x.and(e.peers[a]); !y.empty(); y = y.andNot(bit128(int(y.first()))) {
			b := y.first()
			if cm[a] != cm[b] {
				continue
			}
			both := e.peers[a].and(e.peers[b])
			for m := cm[a]; m != 0; m &= m - 1 {
				if eliminate(st, bits.TrailingZeros16(m), both) {
					progress = true
				}
			}
		}
	}
	return progress
}

// houseSubsets: in a house, three cells holding three digits between
// them (nakedSets; not without cm; the naked pairs are nakedPairs'), or two or three digits whose places
// are two or three cells (hiddenSubsets), in the houses changed since its
// last pass.
func (e *bb9) houseSubsets(st *bbState, cm *[81]uint16, many set128) bool {
	progress := false
	for hs := e.changedSince(st, &e.marks.sub, 2); hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs) & 63
		hm := e.houses[h]
		n := hm.andNot(st.done).count()
		if n < 4 {
			continue // a subset of k in k+1 cells or fewer is singles' work
		}
		// up to six open cells the hidden pairs and triples of the
		// others take what a naked triple takes (see subsetsSE)
		if cm != nil && n >= nakedFrom[1] && nakedSets(st, cm, many, hm, false) {
			progress = true
		}
		if (cm == nil || n >= hiddenFrom) && hiddenSubsets(st, &e.fold[h]) {
			progress = true
		}
	}
	return progress
}

// nakedSets: three open cells of house hm holding three digits between
// them, and with pairs also two holding two; the house's other cells
// lose those digits. many holds the cells whose mask in cm has more than
// three digits (cellMasks): the sets are among the house's other open
// cells, and a house with too few of them has none (most houses of a
// stalled scan).
func nakedSets(st *bbState, cm *[81]uint16, many, hm set128, pairs bool) bool {
	var cells [9]int32 // the open cells holding at most three digits
	nc := 0
	for x := hm.andNot(st.done).andNot(many); !x.empty() && nc < len(cells); x = x.andNot(bit128(int(x.first()))) {
		cells[nc] = x.first()
		nc++
	}
	if nc < 3 && (!pairs || nc < 2) {
		return false
	}
	progress := false
	drop := func(digits uint16, rest set128) {
		for m := digits; m != 0; m &= m - 1 {
			if eliminate(st, bits.TrailingZeros16(m), rest) {
				progress = true
			}
		}
	}
	for i := 0; i < nc; i++ {
		for j := i + 1; j < nc; j++ {
			ab := cm[cells[i]] | cm[cells[j]]
			n := bits.OnesCount16(ab)
			if n > 3 {
				continue
			}
			rest := hm.andNot(bit128(int(cells[i]))).andNot(bit128(int(cells[j])))
			if n == 2 && pairs {
				drop(ab, rest)
			}
			for k := j + 1; k < nc; k++ {
				if abc := ab | cm[cells[k]]; bits.OnesCount16(abc) == 3 {
					drop(abc, rest.andNot(bit128(int(cells[k]))))
				}
			}
		}
	}
	return progress
}

// hiddenSubsets: two or three digits of house hm whose places (two or
// three each) are two or three cells; those cells lose their other
// digits.
func hiddenSubsets(st *bbState, f *foldHouse) bool {
	// fw: each digit's places folded into one word (bb9.fold: a place a
	// bit, so a union's places are its words' or; f.unfold gives the
	// cells back).
	var fw [9]uint64
	var ds [9]uint8
	nd := 0
	for d := range st.cand {
		cd := st.cand[d]
		w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
		fw[nd], ds[nd] = w, uint8(d)
		// kept (nd moves on) when two or three: w less its lowest bit
		// (v) is not empty, and v less its lowest (u) has one bit at
		// most; without a branch (most houses keep some digits and not
		// others, in no order a predictor learns)
		v := w & (w - 1)
		u := v & (v - 1)
		u &= u - 1
		nd += int((v|-v)>>63) &^ int((u|-u)>>63)
	}
	if nd < 2 {
		return false
	}
	progress := false
	for i := 0; i < nd; i++ {
		for j := i + 1; j < nd; j++ {
			wu := fw[i] | fw[j]
			switch bits.OnesCount64(wu) {
			case 2:
				if keepOnly(st, f.unfold(wu), 1<<ds[i]|1<<ds[j]) {
					progress = true
				}
			case 3:
				for k := j + 1; k < nd; k++ {
					if bits.OnesCount64(wu|fw[k]) == 3 && keepOnly(st, f.unfold(wu), 1<<ds[i]|1<<ds[j]|1<<ds[k]) {
						progress = true
					}
				}
			}
		}
	}
	return progress
}

// keepOnly removes from the cells of x every digit not in mask.
func keepOnly(st *bbState, x set128, mask int) bool {
	progress := false
	for d := range st.cand {
		if mask&(1<<d) == 0 && eliminate(st, d, x) {
			progress = true
		}
	}
	return progress
}

// Row and column masks of the 9x9 board.
var rowMask, colMask = func() (r, c [9]set128) {
	for i := range 81 {
		r[i/9] = r[i/9].or(bit128(i))
		c[i%9] = c[i%9].or(bit128(i))
	}
	return
}()

// fish: X-Wings and Swordfish of each digit, rows as base lines then
// columns.
func (e *bb9) fish(st *bbState) bool {
	progress := false
	first := e.marks.done&4 == 0
	e.marks.done |= 4
	for d := range st.cand {
		if !first && st.cand[d] == e.marks.fish[d] {
			continue
		}
		e.marks.fish[d] = st.cand[d]
		var rows, cols [9]uint16
		rowsOf(st.cand[d], &rows)
		for c := range 9 {
			cols[c] = colBits(st.cand[d], c)
		}
		for side := range 2 {
			base, cover, bl := &rowMask, &colMask, &rows
			if side == 1 {
				base, cover, bl = &colMask, &rowMask, &cols
			}
			// per base line, the cover lines holding d's places (2-3)
			var lines [9]uint16
			var idx [9]int
			n := 0
			for i := range 9 {
				m := uint64(bl[i])
				lines[n], idx[n] = uint16(m), i
				// kept when two or three, without a branch (see
				// hiddenSubsets)
				v := m & (m - 1)
				u := v & (v - 1)
				u &= u - 1
				n += int((v|-v)>>63) &^ int((u|-u)>>63)
			}
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					u := lines[i] | lines[j]
					switch bits.OnesCount16(u) {
					case 2:
						if e.fishElim(st, d, base, cover, u, 1<<idx[i]|1<<idx[j]) {
							progress = true
						}
					case 3:
						for k := j + 1; k < n; k++ {
							if bits.OnesCount16(u|lines[k]) == 3 && e.fishElim(st, d, base, cover, u, 1<<idx[i]|1<<idx[j]|1<<idx[k]) {
								progress = true
							}
						}
					}
				}
			}
		}
	}
	return progress
}

// rowsOf sets rows to the cells of x in each row as nine bits (bit j:
// column j), unrolled (the tests' rowBits reads one row).
func rowsOf(x set128, rows *[9]uint16) {
	lo, hi := x.lo, x.hi
	rows[0], rows[1], rows[2] = uint16(lo&511), uint16(lo>>9&511), uint16(lo>>18&511)
	rows[3], rows[4], rows[5] = uint16(lo>>27&511), uint16(lo>>36&511), uint16(lo>>45&511)
	rows[6], rows[7], rows[8] = uint16(lo>>54&511), uint16((lo>>63|hi<<1)&511), uint16(hi>>8&511)
}

// colBits returns the cells of x in column c as nine bits (bit r: row
// r): x shifted down by c holds them at bits 9r, rows 0-7 in its low
// word, where a multiply gathers them into its top byte (bit 9r times
// 2^(56-8r) lands on bit 56+r, no two products on one bit), row 8 at bit
// 8 of its high word.
func colBits(x set128, c int) uint16 {
	s := uint(c)
	lo := x.lo>>s | x.hi<<(64-s) // (a shift by 64 gives 0: c 0)
	hi := x.hi >> s
	return uint16((lo&0x8040201008040201)*0x0101010101010101>>56) | uint16(hi&0x100)
}

// fishElim removes d from the cover lines covers outside the base lines
// bases.
func (e *bb9) fishElim(st *bbState, d int, base, cover *[9]set128, covers uint16, bases int) bool {
	var x set128
	for m := covers; m != 0; m &= m - 1 {
		x = x.or(cover[bits.TrailingZeros16(m)])
	}
	for i := range 9 {
		if bases&(1<<i) != 0 {
			x = x.andNot(base[i])
		}
	}
	return eliminate(st, d, x)
}

// wingsOver: XY-Wing (a pivot holding xy sees pincers holding xz and yz:
// the cells seeing both pincers lose z) and XYZ-Wing (a pivot holding
// xyz sees pincers holding xz and yz: the cells seeing all three lose z),
// pivots among pivots (two digits: XY, trio: XYZ), pincers among two,
// "sees" by peers; unless narrow (SE's wings alone), also the XYZ-Wing
// whose pivot holds xz or yz (what one becomes when its pivot loses a
// digit).
func (e *bb9) wingsOver(st *bbState, cm *[81]uint16, pivots, two, trio set128, peers *[82]set128, narrow bool) bool {
	progress := false
	for ps := pivots; !ps.empty(); {
		p := ps.first()
		ps = ps.andNot(bit128(int(p)))
		pm := cm[p]
		xyz := trio.has(p)
		for as := two.and(peers[p]); !as.empty(); {
			a := as.first()
			as = as.andNot(bit128(int(a)))
			am := cm[a]
			if am&pm == 0 || (xyz && am&^pm != 0) {
				continue
			}
			for bs := as.and(peers[p]); !bs.empty(); bs = bs.andNot(bit128(int(bs.first()))) {
				b := bs.first()
				bm := cm[b]
				z := am & bm
				if bits.OnesCount16(z) != 1 {
					continue
				}
				targets := peers[a].and(peers[b])
				switch {
				case !xyz && z&pm == 0:
					// pivot xy, pincers xz and yz
					if (am|bm)&^z != pm {
						continue
					}
				case !xyz && !narrow:
					// an XYZ-Wing whose pivot lost x or y: pivot xz
					// and one pincer alike (the pair holds z or x
					// between them, so z is on one of the three)
					if pm != am && pm != bm || bits.OnesCount16(am|bm) != 3 {
						continue
					}
					targets = targets.and(peers[p])
				case !xyz:
					continue
				default:
					// pivot xyz, pincers inside it covering it
					if am|bm != pm {
						continue
					}
					targets = targets.and(peers[p])
				}
				if eliminate(st, bits.TrailingZeros16(z), targets) {
					progress = true
				}
			}
		}
	}
	return progress
}

// LogicSolves reports whether the logic closure for a ladder topping at
// top (see Options.KeepLogic) solves grid (frame cells, 0 empty); true
// when it cannot tell (a board the 9x9 engine does not serve, a top
// outside LogicFloor-LogicTop, or a grid breaking a constraint).
func (s *Solver) LogicSolves(grid []uint8, top float64) bool {
	e := s.logicEngine()
	if e == nil || !e.setLogicTop(top) {
		return true
	}
	return e.logicSolves(grid) != logicOpen
}

// logicEngine returns the 9x9 engine the logic closure runs on: fast, or
// on boards with non-consecutive pairs pairRand (nil: neither).
func (s *Solver) logicEngine() *bb9 {
	if s.fast != nil {
		return s.fast
	}
	return s.pairRand
}

// LogicProves reports whether the logic closure's first phase for a
// ladder topping at top, rules that ladder has (see logicRun), solves
// grid: then the ladder solves it too. False when it cannot tell.
func (s *Solver) LogicProves(grid []uint8, top float64) bool {
	e := s.logicEngine()
	if e == nil || !e.setLogicTop(top) {
		return false
	}
	return e.logicSolves(grid) == logicProven
}

// ProveLocked, ProveAll and ProveXYZ are the lowest ladder caps at which
// the closure's first phase (logicRun) has SE's locked candidates
// (claiming rates 2.8), then also its subsets up to three, X-Wing,
// Swordfish and XY-Wing (4.2), then XYZ-Wing (4.4).
const (
	ProveLocked = 2.8
	ProveAll    = 4.2
	ProveXYZ    = 4.4
)

// setLogicTop sets the closure's rules for a ladder topping at top;
// false when the closure is not run for it.
func (e *bb9) setLogicTop(top float64) bool {
	e.logicHidden = top < LogicNaked
	switch {
	case top >= ProveXYZ && e.boxes:
		e.prove = 3
	case top >= ProveAll:
		e.prove = 2
	case top >= ProveLocked:
		e.prove = 1
	default:
		e.prove = 0
	}
	return top >= LogicFloor && top <= LogicTop
}
