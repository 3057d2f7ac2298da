package grade

import (
	"fmt"
	"math/bits"
)

// Aligned exclusion (Sudoku Explainer's producers 20 and 22, SE-RULES.md
// section 2): the values two or three cells could take together are
// tested against the bivalue (and trivalue) cells all of them see.

var exclusionTechniques = []Technique{
	{ID: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Family: "exclusion", Houses: true, SE: 6.2,
		Find: findAPE, Explain: explainAPE},
	{ID: "aligned-triple-exclusion", Name: "Aligned Triple Exclusion", Family: "exclusion", Houses: true, SE: 7.5,
		Find: findATE, Explain: explainATE},
}

func init() { registerTechniques(exclusionTechniques...) }

// findAPE is producer 20: aligned pair exclusion. Base cells (row-major) have >= 2 candidates, no peer that is a naked
// single and at least one bivalue peer (an excluder); every pair of base
// cells (colex; they need not see each other) with >= 2 common excluders
// is tried.
func findAPE(g *Grid, _ *Ctx, emit func(*Step) bool) {
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
	var part [32]uint32
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
			ma, mb := g.Cand[a], g.Cand[b]
			if n < popc(mb)-1 && n < popc(ma)-1 {
				// removing da from a needs every other digit of b to
				// share an excluder with da (one each, so popc(mb)-1
				// excluders), and the same the other way round
				continue
			}
			// every excluder is bivalue: a pair (da, db) empties it when
			// its candidates are da|db, so da is allowed with db unless
			// db is one of da's partners (part: the digits sharing an
			// excluder with da) or equals da where a and b see each other
			for x := ma | mb; x != 0; x &= x - 1 {
				part[trailing(x)] = 0
			}
			for k := range ej {
				for m := ei[k] & ej[k]; m != 0; m &= m - 1 {
					ce := g.Cand[k*64+trailing64(m)]
					for y := ce; y != 0; y &= y - 1 {
						part[trailing(y)] |= ce
					}
				}
			}
			see := t.sees(a, b)
			// okA, okB: the candidates some allowed pair uses
			okA, okB := ma, mb
			for x := ma; x != 0; x &= x - 1 {
				da := x & -x
				if mb&^da&^part[trailing(x)] == 0 && (mb&da == 0 || see) {
					okA &^= da
				}
			}
			for y := mb; y != 0; y &= y - 1 {
				db := y & -y
				if ma&^db&^part[trailing(y)] == 0 && (ma&db == 0 || see) {
					okB &^= db
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

func explainAPE(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s and %s both see %s: every pair of values for the two cells that uses a removed digit would leave one of those cells without a candidate (or repeat a digit), so: %s",
		geo.CellName(s.Cells[0]), geo.CellName(s.Cells[1]), cellList(geo, s.Cells[2:]), resultText(s, geo))
}

// findATE is producer 22: aligned triple exclusion. Base cells (row-major)
// have >= 2 candidates, no peer that is a naked single and at least one
// excluder (a peer with 2 or 3 candidates). Every pair of base cells
// (colex) is completed by each base cell among the two cells' excluders
// (the first cell's in house order, then the second's); with >= 2 excluders
// common to the three, every choice of one candidate per cell is tested:
// two cells that see each other cannot share a digit, and no common
// excluder may lose all its candidates. A candidate no allowed choice uses
// is eliminated.
func findATE(g *Grid, _ *Ctx, emit func(*Step) bool) {
	t := tablesFor(g)
	nc := len(g.Cand)
	w := (nc + 63) / 64
	// the memory of the last search that found nothing (ateMemo): chg
	// the cells whose candidates changed since, was its base cells
	var memo *ateMemo
	var chg, was cellSet
	if g.memo != nil && !ateMemoOff {
		memo = &g.memo.ate
		chg, was = memo.changes(g, w)
		memo.ok = false
		emit0 := emit
		found := false
		emit = func(s *Step) bool { found = true; return emit0(s) }
		defer func() {
			if !found {
				memo.record(g)
			}
		}()
	}
	var base []int
	var excl [][]int
	// exclFlat[c*w:(c+1)*w]: the excluders of base cell c as a cell set
	exclFlat := make([]uint64, nc*w+w)
	isBase := cellSet(exclFlat[nc*w:])
	// exSlab: the excluder lists (a kept list is never written again)
	exSlab := make([]int, 0, len(t.house[0])*nc)
	for c, m := range g.Cand {
		if popc(m) < 2 {
			continue
		}
		single := false
		at := len(exSlab)
		ex := exSlab[at:at]
		for _, p := range t.house[c] {
			switch k := popc(g.Cand[p]); {
			case k == 1:
				single = true
			case k == 2 || k == 3:
				ex = append(ex, p)
			}
		}
		if !single && len(ex) > 0 {
			// ex is exSlab's tail, or a copy of it made by append when
			// the slab was full
			exSlab = append(exSlab[:at], ex...)
			ex = exSlab[at:len(exSlab):len(exSlab)]
			base = append(base, c)
			excl = append(excl, ex)
			for _, x := range ex {
				cellSet(exclFlat[c*w : (c+1)*w]).add(x)
			}
			isBase.add(c)
		}
	}
	if memo != nil {
		memo.base = append(memo.base[:0], isBase...)
	}
	if len(base) < 3 {
		return
	}
	var twin []int
	var common []uint32
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
				n01 = s0.countAnd(s1)
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
			// with both cells unchanged base cells, a triple with a third
			// such cell and no changed cell among their common peers
			// (which hold its common excluders) has the cells, excluders
			// and candidates it had in the last search, which tried it
			// (from one of its pairs: the same cells are base cells and
			// excluders of each other) and found nothing
			var region []uint64
			if chg != nil && !chg.has(c0) && !chg.has(c1) && was.has(c0) && was.has(c1) {
				region = memo.region[:w]
				p0, p1 := t.peerMask[c0], t.peerMask[c1]
				for k := range region {
					region[k] = p0[k] & p1[k] & chg[k]
				}
			}
			for _, c2 := range twin {
				if region != nil && !chg.has(c2) && was.has(c2) && !intersects(region, t.peerMask[c2]) {
					continue
				}
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
				m0, m1, m2 := g.Cand[c0], g.Cand[c1], g.Cand[c2]
				// the candidates of the common excluders a choice can
				// empty (those within m0|m1|m2; the others never empty)
				common = common[:0]
				for w := range s0 {
					for m := s0[w] & s1[w] & s2[w]; m != 0; m &= m - 1 {
						if ce := g.Cand[w*64+trailing64(m)]; ce&^(m0|m1|m2) == 0 {
							common = append(common, ce)
						}
					}
				}
				see02, see12 := t.sees(c0, c2), t.sees(c1, c2)
				// ok[k]: the candidates of cell k some allowed choice
				// uses: one witness is looked for per candidate not
				// yet used by one found before
				var ok [3]uint32
				allowed := func(v0, v1, v2 uint32) bool {
					if (v0 == v1 && see01) || (v2 == v0 && see02) || (v2 == v1 && see12) {
						return false
					}
					return !coversOne(common, v0|v1|v2)
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

// ateMemoOff, set by a test, makes findATE search every triple (the
// reference its memory is checked against).
var ateMemoOff bool

// ateMemo remembers the last grid state aligned triple exclusion found
// nothing in (its candidates and base cells): a triple's result depends
// only on its three cells' candidates and those of their common peers
// (the common excluders), so one whose cells and common peers have not
// changed since, all three base cells then, has nothing again.
type ateMemo struct {
	ok     bool
	lay    *Layout
	cand   []uint32
	base   []uint64
	was    []uint64
	chg    []uint64
	region []uint64
}

// changes returns the cells whose candidates differ from the remembered
// state and its base cells, both nil when there is none (nothing
// remembered, or another layout).
func (m *ateMemo) changes(g *Grid, w int) (chg, was cellSet) {
	if !m.ok || m.lay != g.lay() || len(m.cand) != len(g.Cand) || len(m.base) != w {
		return nil, nil
	}
	m.chg = resized(m.chg, w)
	clear(m.chg)
	for c, x := range g.Cand {
		if x != m.cand[c] {
			cellSet(m.chg).add(c)
		}
	}
	m.region = resized(m.region, w)
	// (the search overwrites base with its own)
	m.was = append(m.was[:0], m.base...)
	return m.chg, m.was
}

// record remembers g's candidates as a state the search found nothing
// in (the base cells were kept by the search).
func (m *ateMemo) record(g *Grid) {
	m.ok, m.lay = true, g.lay()
	m.cand = append(m.cand[:0], g.Cand...)
}

// intersects reports whether two cell sets share a cell.
func intersects(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// coversOne reports whether some candidate set of common lies in chosen
// (that excluder would be left without a candidate).
func coversOne(common []uint32, chosen uint32) bool {
	for _, ce := range common {
		if ce&^chosen == 0 {
			return true
		}
	}
	return false
}

func explainATE(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s, %s and %s all see %s: every choice of values for the three cells that uses a removed digit would repeat a digit where they see each other or leave one of those cells without a candidate, so: %s",
		geo.CellName(s.Cells[0]), geo.CellName(s.Cells[1]), geo.CellName(s.Cells[2]), cellList(geo, s.Cells[3:]), resultText(s, geo))
}
