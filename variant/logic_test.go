package variant

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLogicSound: the logic closure never removes a solution's digit. On
// puzzles cut from random solutions of every 9x9 engine layout, from
// dense to sparse, after the closure (all its rules, or those below
// LogicNaked, every other puzzle) each cell still holds its solution
// digit, placed or as a candidate; and both outcomes (solved, stalled)
// occur. Non-consecutive boards too (the pair engine with the pair
// rules, logic_pairs.go).
func TestLogicSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 4))
	for _, vs := range append(slices.Clone(bb9Cases), []string{NonConsecutive}, []string{X, NonConsecutive}) {
		g, _ := buildRandom(t, 9, vs, rng)
		s := NewSolver(g)
		e := s.logicEngine()
		sol := make([]uint8, 81)
		solved, stalled := 0, 0
		for trial := range 12 {
			puzzle := cutPuzzle(t, s, rng, sol, 8+trial*4)
			e.setLogicTop([]float64{LogicTop, LogicFloor}[trial%2])
			ok := e.logicSolves(puzzle) != logicOpen
			for c := range 81 {
				d := int(sol[c] - 1)
				if !e.logic.cand[d].has(int32(c)) && !e.logic.dig[d].has(int32(c)) {
					t.Fatalf("%v: %v: the closure removed the solution's %d from r%dc%d", vs, puzzle, d+1, c/9+1, c%9+1)
				}
			}
			if ok {
				solved++
			} else {
				stalled++
			}
		}
		if solved == 0 || stalled == 0 {
			t.Errorf("%v: %d puzzles solved, %d stalled: both should occur", vs, solved, stalled)
		}
	}
}

// TestLogicRules: each rule of the closure on a grid built for it (X
// board; no cell of the patterns is on a diagonal, but r1c1).
func TestLogicRules(t *testing.T) {
	g, err := Build(Spec{Size: 9, Variants: []string{X}})
	if err != nil {
		t.Fatal(err)
	}
	e := NewSolver(g).fast
	full := func() *bbState { return fullState(e) }
	keep := func(st *bbState, c int, digits ...int) {
		for d := range st.cand {
			st.cand[d] = st.cand[d].andNot(bit128(c))
		}
		for _, d := range digits {
			st.cand[d-1] = st.cand[d-1].or(bit128(c))
		}
	}
	rc := func(r, c int) int { return (r-1)*9 + c - 1 }
	has := func(st *bbState, c, d int) bool { return st.cand[d-1].has(int32(c)) }

	// X-Wing on digit 5: rows 1 and 5 hold it in columns 2 and 7 only.
	st := full()
	for _, r := range []int{1, 5} {
		for c := 1; c <= 9; c++ {
			if c != 2 && c != 7 {
				st.cand[4] = st.cand[4].andNot(bit128(rc(r, c)))
			}
		}
	}
	e.marks = logicMarks{}
	if !e.fish(st) || has(st, rc(3, 2), 5) || has(st, rc(9, 7), 5) || !has(st, rc(1, 2), 5) || !has(st, rc(3, 3), 5) {
		t.Error("X-Wing: column 2 and 7 outside rows 1 and 5 should lose 5, and nothing else")
	}

	// XY-Wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r3c2 {2,3}: r1c2,
	// r1c3 (row 1, box 1) and r3c5 (row 3, column 5) see both pincers.
	st = full()
	keep(st, rc(1, 1), 1, 2)
	keep(st, rc(1, 5), 1, 3)
	keep(st, rc(3, 2), 2, 3)
	var cm [81]uint16
	two := set128{}
	for _, c := range []int{rc(1, 1), rc(1, 5), rc(3, 2)} {
		for d := range 9 {
			if st.cand[d].has(int32(c)) {
				cm[c] |= 1 << d
			}
		}
		two = two.or(bit128(c))
	}
	if !e.wingsOver(st, &cm, two, two, set128{}, &e.peers, false) || has(st, rc(1, 2), 3) || has(st, rc(1, 3), 3) || has(st, rc(3, 5), 3) || !has(st, rc(1, 4), 3) || !has(st, rc(2, 5), 3) {
		t.Error("XY-Wing: r1c2, r1c3 and r3c5 (seeing both pincers) should lose 3, r1c4 and r2c5 not")
	}

	// Hidden pair: digits 8 and 9 only in r5c1 and r5c2 of row 5.
	st = full()
	for c := 3; c <= 9; c++ {
		st.cand[7] = st.cand[7].andNot(bit128(rc(5, c)))
		st.cand[8] = st.cand[8].andNot(bit128(rc(5, c)))
	}
	var cm2 [81]uint16
	for d := range 9 {
		for c := range 81 {
			if st.cand[d].has(int32(c)) {
				cm2[c] |= 1 << d
			}
		}
	}
	e.marks = logicMarks{}
	if !e.houseSubsets(st, &cm2, manyOf(&cm2)) || has(st, rc(5, 1), 1) || has(st, rc(5, 2), 7) || !has(st, rc(5, 1), 8) || !has(st, rc(5, 2), 9) {
		t.Error("hidden pair: r5c1 and r5c2 should keep only 8 and 9")
	}

	// Locked candidates: digit 4 in box 1 only in row 2: the rest of row
	// 2 loses it.
	st = full()
	for _, c := range []int{rc(1, 1), rc(1, 2), rc(1, 3), rc(3, 1), rc(3, 2), rc(3, 3)} {
		st.cand[3] = st.cand[3].andNot(bit128(c))
	}
	e.marks = logicMarks{}
	if !e.lockedGeneral(st) || has(st, rc(2, 5), 4) || has(st, rc(2, 9), 4) || !has(st, rc(2, 1), 4) || !has(st, rc(5, 5), 4) {
		t.Error("pointing: row 2 outside box 1 should lose 4")
	}
}

// TestLogicFromClosure: the closure run from the dig's kept closure of
// singles answers as the one that loads the closure's grid.
func TestLogicFromClosure(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 5))
	for _, vs := range bb9Cases {
		g, _ := buildRandom(t, 9, vs, rng)
		s := NewSolver(g)
		sol := make([]uint8, 81)
		buf := make([]uint8, 81)
		for trial := range 12 {
			puzzle := cutPuzzle(t, s, rng, sol, 10+trial*4)
			if !s.Singles(puzzle, nil, buf) {
				continue
			}
			s.fast.keepClosure()
			s.fast.setLogicTop(LogicTop)
			want := s.fast.logicSolves(buf)
			if got := s.fast.logicFromClosure(); got != want {
				t.Fatalf("%v: %v: from the kept closure %v, from its grid %v", vs, puzzle, got, want)
			}
		}
	}
}

// TestProveHouses: the closure's first phase works on the rows, columns
// and boxes (or jigsaw regions) alone, each line crossing the boxes it
// shares cells with and each box the lines, and has the XYZ-Wing only on
// boards with boxes (see logicRun).
func TestProveHouses(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 6))
	for _, vs := range bb9Cases {
		g, _ := buildRandom(t, 9, vs, rng)
		e := NewSolver(g).fast
		if n := bits.OnesCount64(e.classic); n != 27 {
			t.Fatalf("%v: %d classic houses, expected 27", vs, n)
		}
		jig := slices.Contains(vs, Jigsaw)
		if e.boxes == jig {
			t.Errorf("%v: boxes %v", vs, e.boxes)
		}
		for hs := e.classic; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs)
			line := g.data.HouseKinds[h] == "row" || g.data.HouseKinds[h] == "column"
			covered := set128{}
			for xs := e.cross[h]; xs != 0; xs &= xs - 1 {
				o := bits.TrailingZeros64(xs)
				oline := g.data.HouseKinds[o] == "row" || g.data.HouseKinds[o] == "column"
				if oline == line || e.houses[h].and(e.houses[o]).empty() {
					t.Fatalf("%v: house %d (%s) crosses house %d (%s)", vs, h, g.data.HouseKinds[h], o, g.data.HouseKinds[o])
				}
				covered = covered.or(e.houses[h].and(e.houses[o]))
			}
			// every cell of a box lies in a line, of a line in a box
			if covered != e.houses[h] {
				t.Errorf("%v: house %d's crossings cover %d of its 9 cells", vs, h, covered.count())
			}
		}
		for c := range int32(81) {
			if e.cpeers[c].count() != 20 && !jig {
				t.Errorf("%v: r%dc%d has %d classic peers, expected 20", vs, c/9+1, c%9+1, e.cpeers[c].count())
			}
			if !e.cpeers[c].andNot(e.peers[c]).empty() {
				t.Errorf("%v: r%dc%d: a classic peer is not a peer", vs, c/9+1, c%9+1)
			}
		}
	}
}

// TestLogicPairRules: the closure's non-consecutive rules on grids built
// for them: a forcing cell, and locked NC in a row (both cells of the
// pair are on or next to both places) and in a box, where the first
// phase, on the rows, columns and boxes, finds it too.
func TestLogicPairRules(t *testing.T) {
	g, err := Build(Spec{Size: 9, Variants: []string{NonConsecutive}})
	if err != nil {
		t.Fatal(err)
	}
	e := NewSolver(g).logicEngine()
	if e == nil || !e.pairs {
		t.Fatal("no pair engine on a non-consecutive board")
	}
	full := func() *bbState { return fullState(e) }
	rc := func(r, c int) int { return (r-1)*9 + c - 1 }
	has := func(st *bbState, c, d int) bool { return st.cand[d-1].has(int32(c)) }
	run := func(st *bbState, first bool) bool {
		e.marks = logicMarks{}
		if first {
			return e.pairRules(st, &e.marks.pfc, &e.marks.plnc, 64, e.classic)
		}
		return e.pairRules(st, &e.marks.fc, &e.marks.lnc, 32, e.allH)
	}

	// Forcing cell: r5c5 holds 3 and 5, so its neighbours cannot be 4.
	st := full()
	for d := range st.cand {
		if d != 2 && d != 4 {
			st.cand[d] = st.cand[d].andNot(bit128(rc(5, 5)))
		}
	}
	if !run(st, false) {
		t.Fatal("forcing cell: nothing removed")
	}
	for _, n := range []int{rc(4, 5), rc(6, 5), rc(5, 4), rc(5, 6)} {
		if has(st, n, 4) || !has(st, n, 3) || !has(st, n, 5) {
			t.Errorf("forcing cell: neighbour %d should lose 4 alone", n)
		}
	}
	if !has(st, rc(4, 4), 4) || !has(st, rc(5, 7), 4) {
		t.Error("forcing cell: cells that are not neighbours keep 4")
	}

	// Locked NC in a row: 5 in row 1 only on r1c4 and r1c5; those two are
	// each on one place and next to the other, so they lose 4 and 6.
	for _, first := range []bool{false, true} {
		st = full()
		for c := 1; c <= 9; c++ {
			if c != 4 && c != 5 {
				st.cand[4] = st.cand[4].andNot(bit128(rc(1, c)))
			}
		}
		if !run(st, first) {
			t.Fatalf("locked NC (first phase %v): nothing removed", first)
		}
		for _, c := range []int{rc(1, 4), rc(1, 5)} {
			for _, d := range []int{4, 6} {
				if has(st, c, d) {
					t.Errorf("locked NC (first phase %v): cell %d should lose %d", first, c, d)
				}
			}
		}
		if !has(st, rc(2, 4), 4) || !has(st, rc(1, 3), 6) || !has(st, rc(1, 4), 5) {
			t.Errorf("locked NC (first phase %v): cells off a place keep 4 and 6, the places keep 5", first)
		}
	}

	// Locked NC in a box: 7 in box 5 only on the four cells around its
	// centre r5c5, which is next to all of them and loses 6 and 8.
	st = full()
	for r := 4; r <= 6; r++ {
		for c := 4; c <= 6; c++ {
			if (r == 5) == (c == 5) {
				st.cand[6] = st.cand[6].andNot(bit128(rc(r, c)))
			}
		}
	}
	if !run(st, true) || has(st, rc(5, 5), 6) || has(st, rc(5, 5), 8) || !has(st, rc(4, 5), 8) {
		t.Error("locked NC in a box: r5c5 alone should lose 6 and 8")
	}
}

// fullState returns a state of e's board with every candidate on every
// cell and no digit placed.
func fullState(e *bb9) *bbState {
	st := &bbState{}
	for d := range st.cand {
		st.cand[d] = set128{^uint64(0), hi81}
		st.open[d] = e.allH
	}
	return st
}

// TestNakedFrom: looking for naked sets only in houses of nakedFrom open
// cells or more, and the closure's hidden sets in houses of hiddenFrom,
// leaves each phase of the closure where looking in every house does (the same end, the same candidates), on puzzles cut from
// random solutions of every 9x9 engine layout, from dense to sparse, at
// each rule set; and the skipped houses held naked sets that took
// candidates (so the cases are met).
func TestNakedFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 6))
	defer func(n [2]int, h int) { nakedFrom, hiddenFrom = n, h }(nakedFrom, hiddenFrom)
	set := [3]int{nakedFrom[0], nakedFrom[1], hiddenFrom} // the package's limits
	skipped := 0
	for _, vs := range append(slices.Clone(bb9Cases), []string{NonConsecutive}, []string{X, NonConsecutive}) {
		_, s, e := logicBoard(t, vs, rng)
		sol := make([]uint8, 81)
		// 80 trials a layout (200 before): every givens count (trial%8)
		// at every rule set (trial%4) ten times
		for trial := range 80 {
			puzzle := cutPuzzle(t, s, rng, sol, 17+trial%8*3)
			e.setLogicTop([]float64{LogicTop, ProveAll, 4.0, LogicNaked}[trial%4])
			var start bbState
			if !e.loadInto(&start, puzzle) || !e.singles(&start, nil) {
				t.Fatalf("%v: %v: no closure of singles", vs, puzzle)
			}
			for _, first := range []bool{true, false} {
				var ends [2]phaseEnd
				var sts [2]bbState
				for i, n := range [][3]int{set, {4, 4, 4}} {
					nakedFrom, hiddenFrom = [2]int{n[0], n[1]}, n[2]
					sts[i] = start
					e.marks = logicMarks{}
					ends[i] = e.phase(&sts[i], first)
				}
				nakedFrom, hiddenFrom = [2]int{set[0], set[1]}, set[2]
				if ends[0] != ends[1] || sts[0].cand != sts[1].cand {
					t.Fatalf("%v: %v: phase (first %v) ends %v with naked sets from %v open cells, %v in every house", vs, puzzle, first, ends[0], nakedFrom, ends[1])
				}
				if ends[0] == phaseStalled && (!first || e.prove >= 2) {
					// the stalled phase's houses of 4 to 6 open cells
					// (the first phase's rows, columns and boxes, where
					// it has subsets) hold no naked set that would take
					// candidates
					hs := e.allH
					if first {
						hs = e.classic
					}
					for h := range 64 {
						if hs&(1<<h) == 0 {
							continue
						}
						hm := e.houses[h]
						if n := hm.andNot(sts[0].done).count(); n >= 4 && n < 7 {
							var cm [81]uint16
							st := sts[0]
							_, _, many := cellMasks(&st, &cm)
							if nakedSets(&st, &cm, many, hm, true) {
								t.Fatalf("%v: %v: a stalled phase (first %v) leaves a naked set in a house of %d open cells", vs, puzzle, first, n)
							}
							skipped++
						}
					}
				}
			}
		}
	}
	if skipped == 0 {
		t.Error("no stalled phase had a house of 4 to 6 open cells")
	}
}

// TestDigStops: a dig's removal tests that stop once the removed cell
// is placed (Solver.digSingles, bb9.logicFor) answer as the full ones.
// The dig keeps what the closure's first phase solves (a keeper whose
// rules the first phase has, closed under losing candidates as the
// capped ladder's): from such a puzzle without f, the closure of singles
// places f exactly when the full closure does, and otherwise writes the
// same grid; logicFor answers as logicSolves on that grid, logicProven
// included (the first phase placing f solves the accepted puzzle's
// grid, and so the one without f). Also on non-consecutive boards (the
// pair engine).
func TestDigStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 7))
	cases := append(slices.Clone(bb9Cases), []string{NonConsecutive}, []string{X, NonConsecutive})
	placed, proven, unsure, open := 0, 0, 0, 0
	for _, vs := range cases {
		_, s, e := logicBoard(t, vs, rng)
		e.setLogicTop(LogicTop)
		sol := make([]uint8, 81)
		buf, ref := make([]uint8, 81), make([]uint8, 81)
		for range 3 {
			puzzle := cutPuzzle(t, s, rng, sol, 81)
			for _, f := range rng.Perm(81) {
				puzzle[f] = 0
				got := s.digSingles(puzzle, []int{f}, buf)
				want := s.Singles(puzzle, []int{f}, ref)
				if got != want {
					t.Fatalf("%v: %v without r%dc%d: digSingles %v, Singles %v", vs, puzzle, f/9+1, f%9+1, got, want)
				}
				if got {
					placed++
					continue
				}
				s.digSingles(puzzle, []int{f}, buf)
				if !slices.Equal(buf, ref) {
					t.Fatalf("%v: %v without r%dc%d: digSingles wrote %v, Singles %v", vs, puzzle, f/9+1, f%9+1, buf, ref)
				}
				e.keepClosure()
				a := e.logicFor(f)
				if w := e.logicSolves(ref); a != w {
					t.Fatalf("%v: %v without r%dc%d: logicFor %d, logicSolves %d", vs, puzzle, f/9+1, f%9+1, a, w)
				}
				switch a {
				case logicProven:
					proven++
					continue
				case logicUnsure:
					unsure++
				default:
					open++
				}
				puzzle[f] = sol[f]
			}
		}
	}
	if placed == 0 || proven == 0 || open == 0 {
		t.Fatalf("placed %d, proven %d, unsure %d, open %d: a case not met", placed, proven, unsure, open)
	}
	t.Logf("placed %d, proven %d, unsure %d, open %d", placed, proven, unsure, open)
}

// manyOf returns the cells whose mask in cm holds more than three digits
// (cellMasks' many, for masks written by hand).
func manyOf(cm *[81]uint16) set128 {
	var many set128
	for c, m := range cm {
		if bits.OnesCount16(m) > 3 {
			many = many.or(bit128(c))
		}
	}
	return many
}
