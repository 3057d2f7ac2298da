package variant

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The logic closure's rules as they were before their scans were cut
// (branch akn5): each test below runs a rule's current form and its old
// one on the same candidate grids, with the same marks, and wants the
// same answer, the same candidates after and the same marks.

// ruleGrids returns candidate grids of board vs's engine as the closure
// meets them: closures of singles of puzzles cut from random solutions
// (17 to 38 givens), each with some wrong candidates taken out at
// random and singles run again, and the grids before each step of the
// closure's second phase from there. Each grid comes with the one
// before it (its predecessor in the closure, or itself), whose pass
// leaves the marks a rule meets.
func ruleGrids(t *testing.T, vs []string, rng *rand.Rand, puzzles int) (*bb9, [][2]bbState) {
	t.Helper()
	_, s, e := logicBoard(t, vs, rng)
	e.setLogicTop(LogicTop)
	sol := make([]uint8, 81)
	var out [][2]bbState
	for p := range puzzles {
		puzzle := cutPuzzle(t, s, rng, sol, 17+p%8*3)
		var st bbState
		if !e.loadInto(&st, puzzle) || !e.singles(&st, nil) {
			t.Fatalf("%v: %v: no closure of singles", vs, puzzle)
		}
		for range rng.IntN(12) {
			c := rng.IntN(81)
			if d := rng.IntN(9); int(sol[c]) != d+1 && !st.done.has(int32(c)) {
				st.cand[d] = st.cand[d].andNot(bit128(c))
			}
		}
		if !e.singles(&st, nil) {
			continue
		}
		prev := st
		e.marks = logicMarks{}
		for range 12 {
			out = append(out, [2]bbState{prev, st})
			if e.solved(&st) {
				break
			}
			prev = st
			base := st.cand
			if !e.logicStep(&st) || !e.singles(&st, &base) {
				break
			}
		}
	}
	return e, out
}

// sameRule runs rule (new) and ref (old) on grid g with the marks of a
// pass of ref over pre (none when first), and fails where they differ.
func sameRule(t *testing.T, name string, vs []string, e *bb9, pre, g bbState, first bool, rule, ref func(*bbState) bool) {
	t.Helper()
	e.marks = logicMarks{}
	if !first {
		ref(&pre)
	}
	marks := e.marks
	a, b := g, g
	got := rule(&a)
	gotMarks := e.marks
	e.marks = marks
	want := ref(&b)
	if got != want || a != b || gotMarks != e.marks {
		t.Fatalf("%v: %s: found %v, want %v (same candidates %v, same marks %v)", vs, name, got, want, a == b, gotMarks == e.marks)
	}
}

// ruleCases: the engine's boards, with pairs too.
var ruleCases = append(slices.Clone(bb9Cases), []string{NonConsecutive}, []string{X, NonConsecutive}, []string{AntiKnight, AntiKing})

// TestClosureRulesAsBefore: lockedGeneral (lockCan's filter first on
// lock3 boards), houseSubsets (naked sets from the cells with three
// digits or fewer, hidden subsets without branches), subsetsSE and fish
// answer as their old forms on the grids of ruleGrids, and naked pairs
// and wings with cellMasks' masks as with the old ones (all nine digits
// on the cells holding four or more, now left unwritten).
func TestClosureRulesAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(58, 5))
	runs := 0
	for _, vs := range ruleCases {
		e, grids := ruleGrids(t, vs, rng, 60)
		for i, pg := range grids {
			first := i%3 == 0
			sameRule(t, "lockedGeneral", vs, e, pg[0], pg[1], first, e.lockedGeneral, e.oldLockedGeneral)
			var cm [81]uint16
			g := pg[1]
			two, trio, many := cellMasks(&g, &cm)
			// the old masks: all nine digits on the cells of many
			old := cm
			for c := range 81 {
				if many.has(int32(c)) {
					old[c] = 511
				}
			}
			sameRule(t, "houseSubsets", vs, e, pg[0], pg[1], first,
				func(st *bbState) bool { return e.houseSubsets(st, &cm, many) },
				func(st *bbState) bool { return e.oldHouseSubsets(st, &old) })
			sameRule(t, "subsetsSE", vs, e, pg[0], pg[1], first,
				func(st *bbState) bool { return e.subsetsSE(st, &cm, many) },
				func(st *bbState) bool { return e.oldSubsetsSE(st, &old) })
			sameRule(t, "nakedPairs", vs, e, pg[0], pg[1], first,
				func(st *bbState) bool { return e.nakedPairs(st, &cm, two) },
				func(st *bbState) bool { return e.nakedPairs(st, &old, two) })
			for _, narrow := range []bool{false, true} {
				sameRule(t, "wings", vs, e, pg[0], pg[1], first,
					func(st *bbState) bool { return e.wingsOver(st, &cm, two.or(trio), two, trio, &e.peers, narrow) },
					func(st *bbState) bool { return e.wingsOver(st, &old, two.or(trio), two, trio, &e.peers, narrow) })
			}
			sameRule(t, "fish", vs, e, pg[0], pg[1], first, e.fish, e.oldFish)
			runs++
		}
	}
	if runs < 1000 {
		t.Errorf("only %d grids", runs)
	}
}

// TestLockCan: lockCan against pointing and claiming looked for house
// by house on random candidate sets of every density; and the engines
// that use it are those of the standard board whose locking houses are
// its rows, columns and boxes.
func TestLockCan(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 5))
	var boxes [9]set128
	for c := range 81 {
		boxes[c/27*3+c%9/3] = boxes[c/27*3+c%9/3].or(bit128(c))
	}
	locks := 0
	for i := range 20000 {
		var x set128
		for c := range 81 {
			if rng.IntN(100) < i%60+2 {
				x = x.or(bit128(c))
			}
		}
		want := false
		for _, b := range boxes {
			for _, line := range append(rowMask[:], colMask[:]...) {
				in := x.and(b).and(line)
				if in.empty() || b.and(line).empty() {
					continue
				}
				if x.and(b).andNot(line).empty() != x.and(line).andNot(b).empty() {
					want = true
				}
			}
		}
		if got := lockCan(x); got != want {
			t.Fatalf("lockCan(%v) = %v, want %v", x, got, want)
		}
		if want {
			locks++
		}
	}
	if locks < 1000 || locks > 19000 {
		t.Errorf("%d of 20000 sets lock", locks)
	}
	for _, c := range []struct {
		vs   []string
		band bool
	}{{[]string{AntiKnight}, true}, {[]string{X}, true}, {[]string{AntiKing}, true}, {[]string{X, AntiKnight}, true},
		{[]string{Windoku}, false}, {[]string{Jigsaw}, false}, {[]string{DisjointGroups}, false}} {
		_, e := engineOf(t, c.vs, rng)
		if e.lockBand != c.band {
			t.Errorf("%v: lockBand %v, want %v", c.vs, e.lockBand, c.band)
		}
	}
}

// The old forms.

func (e *bb9) oldLockedGeneral(st *bbState) bool {
	progress := false
	first := e.marks.done&1 == 0
	e.marks.done |= 1
	for d := range st.cand {
		for hs := st.open[d] & e.lockH & e.changedHouses(st, &e.marks.lock, first, d); hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs) & 63
			// Two places or more (three at most with lock3): the places
			// folded into one word (bb9.fold) less their lowest bit.
			f := &e.fold[h]
			cd := st.cand[d]
			w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
			w &= w - 1
			if v := w & (w - 1); w == 0 || e.lock3 && v&(v-1) != 0 {
				continue
			}
			hm := e.houses[h]
			pos := cd.and(hm)
			// the cells outside the house holding d and seeing every
			// place so far (inside it only the places hold d)
			out := st.cand[d].andNot(hm)
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

// oldNakedSets is nakedSets as it was: the house's open cells holding at
// most three digits read off cm cell by cell, not from the many set the
// closure computes once (cellMasks); the pair and triple search over
// them is nakedSets' own.
func oldNakedSets(st *bbState, cm *[81]uint16, hm set128, pairs bool) bool {
	var many set128
	for c := range cm {
		if bits.OnesCount16(cm[c]) > 3 {
			many = many.or(bit128(c))
		}
	}
	return nakedSets(st, cm, many, hm, pairs)
}
func oldHiddenSubsets(st *bbState, f *foldHouse) bool {
	// fw: each digit's places folded into one word (bb9.fold: a place a
	// bit, so a union's places are its words' or); pos unfolded.
	var fw [9]uint64
	var pos [9]set128
	var ds [9]int
	nd := 0
	for d := range st.cand {
		cd := st.cand[d]
		w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
		v := w & (w - 1)
		if u := v & (v - 1); v != 0 && u&(u-1) == 0 { // two or three
			fw[nd], pos[nd], ds[nd] = w, set128{cd.lo & f.lo, cd.hi & f.hi}, d
			nd++
		}
	}
	progress := false
	for i := 0; i < nd; i++ {
		for j := i + 1; j < nd; j++ {
			wu := fw[i] | fw[j]
			switch bits.OnesCount64(wu) {
			case 2:
				if keepOnly(st, pos[i].or(pos[j]), 1<<ds[i]|1<<ds[j]) {
					progress = true
				}
			case 3:
				for k := j + 1; k < nd; k++ {
					if bits.OnesCount64(wu|fw[k]) == 3 && keepOnly(st, pos[i].or(pos[j]), 1<<ds[i]|1<<ds[j]|1<<ds[k]) {
						progress = true
					}
				}
			}
		}
	}
	return progress
}
func (e *bb9) oldFish(st *bbState) bool {
	progress := false
	first := e.marks.done&4 == 0
	e.marks.done |= 4
	for d := range st.cand {
		if !first && st.cand[d] == e.marks.fish[d] {
			continue
		}
		e.marks.fish[d] = st.cand[d]
		var rows, cols [9]uint16
		for r := range 9 {
			rows[r] = rowBits(st.cand[d], r)
			cols[r] = colBits(st.cand[d], r)
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
				m := bl[i]
				if k := bits.OnesCount16(m); k >= 2 && k <= 3 {
					lines[n], idx[n] = m, i
					n++
				}
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
func (e *bb9) oldSubsetsSE(st *bbState, cm *[81]uint16) bool {
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
		if n >= nakedFrom[0] && oldNakedSets(st, cm, hm, true) {
			progress = true
		}
		if oldHiddenSubsets(st, &e.fold[h]) {
			progress = true
		}
	}
	return progress
}
func (e *bb9) oldHouseSubsets(st *bbState, cm *[81]uint16) bool {
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
		if cm != nil && n >= nakedFrom[1] && oldNakedSets(st, cm, hm, false) {
			progress = true
		}
		if (cm == nil || n >= hiddenFrom) && oldHiddenSubsets(st, &e.fold[h]) {
			progress = true
		}
	}
	return progress
}

// TestUnfold: a house's places folded (bb9.fold) and unfolded are the
// places, on every house of every engine board, for random subsets.
func TestUnfold(t *testing.T) {
	rng := rand.New(rand.NewPCG(60, 5))
	for _, vs := range ruleCases {
		_, e := engineOf(t, vs, rng)
		for hs := e.allH; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs)
			f := &e.fold[h]
			for range 200 {
				var x set128
				for c := range 81 {
					if rng.IntN(3) == 0 {
						x = x.or(bit128(c))
					}
				}
				p := x.and(e.houses[h])
				w := x.lo&f.lo | bits.RotateLeft64(x.hi&f.hi, f.rot)
				if got := f.unfold(w); got != p {
					t.Fatalf("%v: house %d: unfold(fold(%v)) = %v", vs, h, p, got)
				}
			}
		}
	}
}

// TestRowsOf: rowsOf against rowBits on random sets.
func TestRowsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 5))
	for range 1000 {
		x := set128{rng.Uint64(), rng.Uint64() & hi81}
		var rows [9]uint16
		rowsOf(x, &rows)
		for r := range 9 {
			if rows[r] != rowBits(x, r) {
				t.Fatalf("rowsOf(%v)[%d] = %b, want %b", x, r, rows[r], rowBits(x, r))
			}
		}
	}
}

// rowBits returns the cells of x in row r (the old fish's and
// TestRowsOf's reference) as nine bits (bit j: column j).
func rowBits(x set128, r int) uint16 {
	switch s := uint(9 * r); {
	case s+9 <= 64:
		return uint16(x.lo>>s) & 511
	case s >= 64:
		return uint16(x.hi>>(s-64)) & 511
	default:
		return uint16(x.lo>>s|x.hi<<(64-s)) & 511
	}
}

// oldLockedPlain is lockedPlain before branch akn5: the places taken
// one by one from the house's cells, their peers intersected in a loop.
func (e *bb9) oldLockedPlain(st *bbState, seen *[9]set128) (ok, progress bool) {
	for d := range st.cand {
		cd := st.cand[d]
		lost := seen[d].andNot(cd)
		seen[d] = cd
		if lost.empty() {
			continue
		}
		for hs := e.housesOf(lost) & st.open[d]; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs) & 63
			f := &e.fold[h]
			w := cd.lo&f.lo | bits.RotateLeft64(cd.hi&f.hi, f.rot)
			w &= w - 1
			if v := w & (w - 1); w == 0 || v&(v-1) != 0 {
				continue
			}
			p := set128{cd.lo & f.lo, cd.hi & f.hi}
			c := p.first()
			p = p.andNot(bit128(int(c)))
			sees := e.peers[c]
			c = p.first()
			p = p.andNot(bit128(int(c)))
			sees = sees.and(e.peers[c])
			if !p.empty() {
				sees = sees.and(e.peers[p.first()])
			}
			if x := cd.and(sees); !x.empty() {
				cd = cd.andNot(x)
				st.cand[d] = cd
				progress = true
			}
		}
	}
	return true, progress
}

// TestLockedPlainAsBefore: the uniqueness searches' locked candidates
// (lockedPlain, the places' common peers by folded-word lookups) take
// the same candidates and leave the same seen sets as the old form, on
// the grids of ruleGrids with seen as the grid before (the pass's case)
// and as every cell (every house that lost a candidate looked at).
func TestLockedPlainAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 7))
	took := 0
	for _, vs := range ruleCases {
		e, grids := ruleGrids(t, vs, rng, 40)
		for _, pg := range grids {
			for _, all := range []bool{false, true} {
				seen := pg[0].cand
				if all {
					for d := range seen {
						seen[d] = set128{^uint64(0), hi81}
					}
				}
				a, b := pg[1], pg[1]
				sa, sb := seen, seen
				okA, progA := e.lockedPlain(&a, &sa)
				okB, progB := e.oldLockedPlain(&b, &sb)
				if okA != okB || progA != progB || a != b || sa != sb {
					t.Fatalf("%v: lockedPlain (all seen %v): progress %v, want %v (same candidates %v, same seen %v)", vs, all, progA, progB, a == b, sa == sb)
				}
				if progA {
					took++
				}
			}
		}
	}
	if took < 100 {
		t.Errorf("only %d grids where locked candidates took something", took)
	}
	t.Logf("%d grids where lockedPlain took candidates", took)
}
