package grade

import (
	"fmt"
	"math/bits"
	"reflect"
	"testing"
)

// TestAlignedExclusionReference checks aligned pair and triple exclusion
// against the first implementation (refAPE, refATE: every pair or triple
// of values tried against every common excluder) on every grid of hard
// puzzles' SE solve paths: the same steps in the same order.
func TestAlignedExclusionReference(t *testing.T) {
	paths := top1465Paths(t, true, 25)
	grids, steps := 0, 0
	for i, q := range readPuzzles(t, "sudoku/top1465.txt", 25) {
		res := paths[i]
		g := NewGrid(q)
		for k := range res.Steps {
			if k > 0 {
				res.Steps[k-1].Apply(g)
			}
			grids++
			for _, tc := range []struct {
				name      string
				got, want func(*Grid, *Ctx, func(*Step) bool)
			}{
				{"pair", findAPE, refAPE},
				{"triple", findATE, refATE},
			} {
				var got, want []string
				tc.got(g, nil, func(s *Step) bool { got = append(got, fmt.Sprint(*s)); return true })
				tc.want(g, nil, func(s *Step) bool { want = append(want, fmt.Sprint(*s)); return true })
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("puzzle %d, grid %s, %s: %d steps, the reference %d\n%v\n%v", i+1, g.Puzzle().String(), tc.name, len(got), len(want), got, want)
				}
				steps += len(want)
			}
		}
	}
	if steps == 0 {
		t.Fatalf("no aligned exclusion on %d grids: the test checks nothing", grids)
	}
	t.Logf("%d grids, %d steps", grids, steps)
}

// BenchmarkAlignedExclusion runs aligned pair and triple exclusion (all
// steps) on the regression library's grids; ns/op is per grid.
func BenchmarkAlignedExclusion(b *testing.B) {
	grids := benchGrids(b)
	for _, tc := range []struct {
		name string
		find func(*Grid, *Ctx, func(*Step) bool)
	}{{"pair", findAPE}, {"triple", findATE}} {
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				tc.find(grids[i%len(grids)], nil, func(*Step) bool { return true })
			}
		})
	}
}

// The first implementation of findAPE and findATE, kept as the reference.

func refAPE(g *Grid, _ *Ctx, emit func(*Step) bool) {
	t := tablesFor(g)
	nc := len(g.Cand)
	w := (nc + 63) / 64
	var base []int
	// biv: the bivalue cells (the excluders); common: scratch
	biv := make(cellSet, w)
	for c, m := range g.Cand {
		if popc(m) == 2 {
			biv.add(c)
		}
	}
	for c, m := range g.Cand {
		if popc(m) < 2 {
			continue
		}
		single, excl := false, false
		for _, p := range t.house[c] {
			switch popc(g.Cand[p]) {
			case 1:
				single = true
			case 2:
				excl = true
			}
		}
		if !single && excl {
			base = append(base, c)
		}
	}
	if len(base) < 2 {
		return
	}
	// ex[i*w:(i+1)*w]: the excluders base cell i sees (its bivalue peers)
	ex := make([]uint64, len(base)*w)
	for i, c := range base {
		pm := t.peerMask[c]
		for k := range biv {
			ex[i*w+k] = pm[k] & biv[k]
		}
	}
	var common []int
	for j := 1; j < len(base); j++ {
		ej := ex[j*w : (j+1)*w]
		for i := 0; i < j; i++ {
			a, b := base[i], base[j]
			// the common excluders: bivalue cells both see
			ei := ex[i*w : (i+1)*w]
			n := 0
			if w == 2 {
				n = bits.OnesCount64(ei[0]&ej[0]) + bits.OnesCount64(ei[1]&ej[1])
			} else {
				for k := range ej {
					n += bits.OnesCount64(ei[k] & ej[k])
				}
			}
			if n < 2 {
				continue
			}
			common = common[:0]
			for k := range ej {
				for m := ei[k] & ej[k]; m != 0; m &= m - 1 {
					common = append(common, k*64+trailing64(m))
				}
			}
			see := t.sees(a, b)
			ma, mb := g.Cand[a], g.Cand[b]
			// okA, okB: the candidates some allowed pair uses (one
			// witness looked for per candidate)
			var okA, okB uint32
			allowed := func(da, db uint32) bool {
				return !(see && da == db) && !refCoversOne(g.Cand, common, da|db)
			}
			for x := ma; x != 0; x &= x - 1 {
				da := x & -x
				for y := mb; y != 0; y &= y - 1 {
					if db := y & -y; allowed(da, db) {
						okA, okB = okA|da, okB|db
						break
					}
				}
			}
			for y := mb &^ okB; y != 0; y &= y - 1 {
				db := y & -y
				for x := okA; x != 0; x &= x - 1 {
					if allowed(x&-x, db) {
						okB |= db
						break
					}
				}
			}
			if okA == ma && okB == mb {
				continue
			}
			var el []Candidate
			for x := ma &^ okA; x != 0; x &= x - 1 {
				el = append(el, Candidate{a, uint8(trailing(x) + 1)})
			}
			for x := mb &^ okB; x != 0; x &= x - 1 {
				el = append(el, Candidate{b, uint8(trailing(x) + 1)})
			}
			cells := []int{a, b}
			for _, p := range t.house[a] {
				if popc(g.Cand[p]) == 2 && t.sees(p, b) {
					cells = append(cells, p)
				}
			}
			if !emit(&Step{Tech: "aligned-pair-exclusion", Eliminations: el, Cells: cells}) {
				return
			}
		}
	}
}
func refATE(g *Grid, _ *Ctx, emit func(*Step) bool) {
	t := tablesFor(g)
	nc := len(g.Cand)
	w := (nc + 63) / 64
	var base []int
	var excl [][]int
	// exclFlat[c*w:(c+1)*w]: the excluders of base cell c as a cell set
	exclFlat := make([]uint64, nc*w+w)
	isBase := cellSet(exclFlat[nc*w:])
	for c, m := range g.Cand {
		if popc(m) < 2 {
			continue
		}
		single := false
		var ex []int
		for _, p := range t.house[c] {
			switch k := popc(g.Cand[p]); {
			case k == 1:
				single = true
			case k == 2 || k == 3:
				ex = append(ex, p)
			}
		}
		if !single && len(ex) > 0 {
			base = append(base, c)
			excl = append(excl, ex)
			for _, x := range ex {
				cellSet(exclFlat[c*w : (c+1)*w]).add(x)
			}
			isBase.add(c)
		}
	}
	if len(base) < 3 {
		return
	}
	var twin, common []int
	inTwin := newCellSet(nc)
	for j := 1; j < len(base); j++ {
		for i := 0; i < j; i++ {
			c0, c1 := base[i], base[j]
			s0, s1 := cellSet(exclFlat[c0*w:(c0+1)*w]), cellSet(exclFlat[c1*w:(c1+1)*w])
			// at least two excluders common to c0 and c1 are needed
			n01 := 0
			if w == 2 {
				n01 = bits.OnesCount64(s0[0]&s1[0]) + bits.OnesCount64(s0[1]&s1[1])
			} else {
				for w := range s0 {
					n01 += bits.OnesCount64(s0[w] & s1[w])
				}
			}
			if n01 < 2 {
				continue
			}
			twin = twin[:0]
			clear(inTwin)
			for _, list := range [2][]int{excl[i], excl[j]} {
				for _, x := range list {
					if isBase.has(x) && x != c0 && x != c1 && !inTwin.has(x) {
						inTwin.add(x)
						twin = append(twin, x)
					}
				}
			}
			see01 := t.sees(c0, c1)
			for _, c2 := range twin {
				s2 := cellSet(exclFlat[c2*w : (c2+1)*w])
				// the excluders common to the three
				n := 0
				if w == 2 {
					n = bits.OnesCount64(s0[0]&s1[0]&s2[0]) + bits.OnesCount64(s0[1]&s1[1]&s2[1])
				} else {
					for w := range s0 {
						n += bits.OnesCount64(s0[w] & s1[w] & s2[w])
					}
				}
				if n < 2 {
					continue
				}
				common = common[:0]
				for w := range s0 {
					for m := s0[w] & s1[w] & s2[w]; m != 0; m &= m - 1 {
						common = append(common, w*64+trailing64(m))
					}
				}
				m0, m1, m2 := g.Cand[c0], g.Cand[c1], g.Cand[c2]
				see02, see12 := t.sees(c0, c2), t.sees(c1, c2)
				// ok[k]: the candidates of cell k some allowed choice
				// uses: one witness is looked for per candidate not
				// yet used by one found before
				var ok [3]uint32
				allowed := func(v0, v1, v2 uint32) bool {
					if (v0 == v1 && see01) || (v2 == v0 && see02) || (v2 == v1 && see12) {
						return false
					}
					return !refCoversOne(g.Cand, common, v0|v1|v2)
				}
				for x0 := m0 &^ ok[0]; x0 != 0; x0 &= x0 - 1 {
					v0 := x0 & -x0
					if ok[0]&v0 != 0 {
						continue
					}
				w0:
					for x1 := m1; x1 != 0; x1 &= x1 - 1 {
						for x2 := m2; x2 != 0; x2 &= x2 - 1 {
							if v1, v2 := x1&-x1, x2&-x2; allowed(v0, v1, v2) {
								ok[0], ok[1], ok[2] = ok[0]|v0, ok[1]|v1, ok[2]|v2
								break w0
							}
						}
					}
				}
				for x1 := m1 &^ ok[1]; x1 != 0; x1 &= x1 - 1 {
					v1 := x1 & -x1
					if ok[1]&v1 != 0 {
						continue
					}
				w1:
					for x0 := ok[0]; x0 != 0; x0 &= x0 - 1 {
						for x2 := m2; x2 != 0; x2 &= x2 - 1 {
							if v0, v2 := x0&-x0, x2&-x2; allowed(v0, v1, v2) {
								ok[1], ok[2] = ok[1]|v1, ok[2]|v2
								break w1
							}
						}
					}
				}
				for x2 := m2 &^ ok[2]; x2 != 0; x2 &= x2 - 1 {
					v2 := x2 & -x2
				w2:
					for x0 := ok[0]; x0 != 0; x0 &= x0 - 1 {
						for x1 := ok[1]; x1 != 0; x1 &= x1 - 1 {
							if v0, v1 := x0&-x0, x1&-x1; allowed(v0, v1, v2) {
								ok[2] |= v2
								break w2
							}
						}
					}
				}
				if ok[0] == m0 && ok[1] == m1 && ok[2] == m2 {
					continue
				}
				cells := []int{c0, c1, c2}
				var el []Candidate
				for k, c := range cells {
					for x := g.Cand[c] &^ ok[k]; x != 0; x &= x - 1 {
						el = append(el, Candidate{c, uint8(trailing(x) + 1)})
					}
				}
				if len(el) == 0 {
					continue
				}
				// the step lists the common excluders in the first cell's
				// house order
				st := &Step{Tech: "aligned-triple-exclusion", Eliminations: el, Cells: cells}
				for _, x := range excl[i] {
					if s1.has(x) && s2.has(x) {
						st.Cells = append(st.Cells, x)
					}
				}
				if !emit(st) {
					return
				}
			}
		}
	}
}
func refCoversOne(cand []uint32, common []int, chosen uint32) bool {
	for _, e := range common {
		if cand[e]&^chosen == 0 {
			return true
		}
	}
	return false
}

// TestATEMemoSame runs aligned triple exclusion along hard puzzles' SE
// solve paths on one grid with its memory (ateMemo) and on a copy
// without: the same steps in the same order on every grid, with the
// memory holding a state the search found nothing in before most of
// them (the searches it skips triples in).
func TestATEMemoSame(t *testing.T) {
	paths := top1465Paths(t, true, 40)
	grids, active := 0, 0
	for i, q := range readPuzzles(t, "sudoku/top1465.txt", 40) {
		res := paths[i]
		g := NewGrid(q)
		g.memo = &gridMemo{}
		for k := range res.Steps {
			if k > 0 {
				res.Steps[k-1].Apply(g)
				g.memo.valid = false
			}
			grids++
			if g.memo.ate.ok {
				active++
			}
			// (the steps compared as values, printed only when they
			// differ: printing them all was a fifth of the test's time)
			var got, want []Step
			findATE(g, nil, func(s *Step) bool { got = append(got, cloneStep(s)); return true })
			findATE(g.Clone(), nil, func(s *Step) bool { want = append(want, cloneStep(s)); return true })
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("puzzle %d, grid %s: %d steps with the memory, %d without\n%v\n%v", i+1, g.Puzzle().String(), len(got), len(want), got, want)
			}
		}
	}
	if active < grids/2 {
		t.Fatalf("the memory held a state before %d of %d grids: the test checks little", active, grids)
	}
	t.Logf("%d grids, %d searched with the memory holding a state", grids, active)
}
