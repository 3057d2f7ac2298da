package grade

import (
	"fmt"

	"github.com/sudogen/sudogen/sudoku"
)

// Sue de Coq (HoDoKu's MiscellaneousSolver, with its extensions). Take two
// or more empty cells C where a line crosses a box, holding candidates V
// with |V| >= |C|+2. Find cells CL in the rest of the line and CB in the
// rest of the box (disjoint, drawn from V plus extra digits, each extra
// digit paid for with one more cell) so that the line cells and the box
// cells together account for the |V|-|C| digits C cannot hold, the line
// set and the box set sharing no digit of V. Then C ∪ CL ∪ CB is locked:
// the line's other cells lose the digits of C and CL that are not in CB,
// the box's other cells those of C and CB not in CL (extra digits common
// to both sets go from both).

var sueDeCoqTechniques = []Technique{
	{ID: "sue-de-coq", Name: "Sue de Coq", HoDoKuName: "Sue de Coq", Family: "miscellaneous", SENote: asChain, HoDoKuScore: 250, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findSueDeCoq(g, emit) }, Explain: explainSueDeCoq},
}

func init() { registerTechniques(sueDeCoqTechniques...) }

// sdcSearch is the state of one Sue de Coq search.
type sdcSearch struct {
	g                   *Grid
	emit                func(*Step) bool
	line, box           int
	lineEmpty, boxEmpty []int // empty cells of the line / box
	inter               []int // chosen intersection cells
	interCand           uint32
	lineAct             []int // chosen line cells
	lineCand            uint32
	stopped             bool
	emitted             int // steps emitted
	// scratch
	boxSrc, boxAct []int
	boxSuffix      []uint32
	lineSrc        []int
	lineSuffix     []uint32
	lineBuf        []int
}

// findSueDeCoq searches rows then columns, each crossed with every box,
// in HoDoKu's order, and reports steps as found.
func findSueDeCoq(g *Grid, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	s := &sdcSearch{g: g, emit: emit}
	// a line and box's search reads only their cells: in the solving
	// loop, one that found nothing is skipped while they are the same
	var memo *sdcMemo
	if g.memo != nil {
		memo = &g.memo.sdc
		memo.forGeo(geo)
	}
	for lt := 0; lt < 2; lt++ {
		for i := 0; i < n; i++ {
			s.line = lt*n + i
			s.lineEmpty = emptyCells(g, s.line, s.lineEmpty[:0])
			for b := 0; b < n; b++ {
				s.box = 2*n + b
				s.boxEmpty = emptyCells(g, s.box, s.boxEmpty[:0])
				var interBuf [sudoku.MaxN]int
				inter := interBuf[:0]
				for _, c := range s.lineEmpty {
					if inCells(c, s.boxEmpty) {
						inter = append(inter, c)
					}
				}
				if len(inter) < 2 {
					continue
				}
				k := (lt*n+i)*n + b
				if memo != nil && memo.same(k, g, s.line, s.box) {
					continue
				}
				before := s.emitted
				s.intersections(inter, 0, 0)
				if s.stopped {
					return
				}
				if memo != nil && s.emitted == before {
					memo.record(k, g, s.line, s.box)
				}
			}
		}
	}
}

// sdcMemo remembers, per line and box (index (lineType*N+line)*N+box),
// the state of their cells (candidates, and whether solved) when their
// Sue de Coq search found nothing; the search skips them while every
// one of those cells is the same (compared in full, never hashed).
type sdcMemo struct {
	geo   *sudoku.Geometry
	ok    []bool
	cells []uint32 // per index: the line's cells, then the box's
}

// forGeo makes the memo empty for geo unless it is geo's already.
func (m *sdcMemo) forGeo(geo *sudoku.Geometry) {
	if m.geo == geo {
		return
	}
	n := geo.N
	m.geo, m.ok, m.cells = geo, make([]bool, 2*n*n), make([]uint32, 2*n*n*2*n)
}

// cellState is a cell's candidates, with bit 31 set when it is solved.
func cellState(g *Grid, c int) uint32 {
	if g.Values[c] != 0 {
		return g.Cand[c] | 1<<31
	}
	return g.Cand[c]
}

// same reports whether the search of index k found nothing when the
// cells of line and box were as they are.
func (m *sdcMemo) same(k int, g *Grid, line, box int) bool {
	if !m.ok[k] {
		return false
	}
	n := m.geo.N
	st := m.cells[k*2*n : (k+1)*2*n]
	for i, c := range m.geo.Units[line] {
		if st[i] != cellState(g, c) {
			return false
		}
	}
	for i, c := range m.geo.Units[box] {
		if st[n+i] != cellState(g, c) {
			return false
		}
	}
	return true
}

// record remembers that the search of index k found nothing.
func (m *sdcMemo) record(k int, g *Grid, line, box int) {
	n := m.geo.N
	st := m.cells[k*2*n : (k+1)*2*n]
	for i, c := range m.geo.Units[line] {
		st[i] = cellState(g, c)
	}
	for i, c := range m.geo.Units[box] {
		st[n+i] = cellState(g, c)
	}
	m.ok[k] = true
}

func emptyCells(g *Grid, u int, out []int) []int {
	for _, c := range g.Geo.Units[u] {
		if g.Values[c] == 0 {
			out = append(out, c)
		}
	}
	return out
}

// intersections tries the pairs and triples of intersection cells, in
// HoDoKu's order (a pair, then the triples extending it); HoDoKu looks at
// no more (a 9x9 intersection has three cells).
func (s *sdcSearch) intersections(inter []int, from int, cand uint32) {
	for i := from; i < len(inter) && !s.stopped; i++ {
		c := inter[i]
		s.inter = append(s.inter, c)
		m := cand | s.g.Cand[c]
		if k := len(s.inter); k >= 2 {
			if nPlus := popc(m) - k; nPlus >= 2 {
				s.interCand = m
				s.lineSets(nPlus)
			}
		}
		if len(s.inter) < 3 {
			s.intersections(inter, i+1, m)
		}
		s.inter = s.inter[:len(s.inter)-1]
	}
}

// lineSets tries every set of line cells outside the chosen intersection
// cells that can supply part of the missing digits. A set is skipped with
// all its supersets once even the extra digits every remaining cell
// could bring cannot keep it below nPlus (each extra digit pays for one
// cell), which does not change what is found.
func (s *sdcSearch) lineSets(nPlus int) {
	src := s.lineSrc[:0]
	for _, c := range s.lineEmpty {
		if !inCells(c, s.inter) {
			src = append(src, c)
		}
	}
	s.lineSrc = src
	// suffix[i]: the digits of src[i:]
	suffix := resized(s.lineSuffix, len(src)+1)
	s.lineSuffix = suffix
	suffix[len(src)] = 0
	for i := len(src) - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1] | s.g.Cand[src[i]]
	}
	act := s.lineBuf[:0]
	var walk func(from int, cand uint32)
	walk = func(from int, cand uint32) {
		for i := from; i < len(src) && !s.stopped; i++ {
			act = append(act, src[i])
			m := cand | s.g.Cand[src[i]]
			contained, extra := popc(m&s.interCand), popc(m&^s.interCand)
			if lv := len(act); contained > 0 && lv > extra && lv-extra < nPlus {
				s.lineAct, s.lineCand = act, m
				s.boxSets(nPlus-(lv-extra), m&^s.interCand)
			}
			if len(act)+1-popc((m|suffix[i+1])&^s.interCand) < nPlus {
				walk(i+1, m)
			}
			act = act[:len(act)-1]
		}
	}
	walk(0, 0)
	s.lineBuf = act[:0]
}

// boxSets tries every set of box cells (outside the intersection cells
// and the line set) using no digit of the line set but its extra digits;
// a set covering exactly the remaining digits completes a Sue de Coq.
func (s *sdcSearch) boxSets(nPlus int, lineExtra uint32) {
	g := s.g
	allowed := ^(s.lineCand &^ lineExtra)
	// the box cells that may join: outside the intersection and the line
	// set, and free of the line set's digits (a cell holding one spoils
	// every set it is in)
	src := s.boxSrc[:0]
	for _, c := range s.boxEmpty {
		if !inCells(c, s.inter) && !inCells(c, s.lineAct) && g.Cand[c]&^allowed == 0 {
			src = append(src, c)
		}
	}
	s.boxSrc = src
	// suffix[i]: the extra digits src[i:] could bring
	suffix := s.boxSuffix[:0]
	suffix = append(suffix, make([]uint32, len(src)+1)...)
	for i := len(src) - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1] | g.Cand[src[i]]&^s.interCand
	}
	s.boxSuffix = suffix
	act := s.boxAct[:0]
	var walk func(from int, cand uint32)
	walk = func(from int, cand uint32) {
		for i := from; i < len(src) && !s.stopped; i++ {
			act = append(act, src[i])
			m := cand | g.Cand[src[i]]
			contained, extra := popc(m&s.interCand), popc(m&^s.interCand)
			if contained > 0 && len(act)-extra == nPlus {
				if !s.check(act, m) {
					s.stopped = true
					return
				}
			}
			// a larger set adds a cell per step and can pay for at most
			// the extra digits still to come: skip it when even that
			// overshoots nPlus
			if len(act)-extra+1-popc(suffix[i+1]&^m) <= nPlus {
				walk(i+1, m)
			}
			act = act[:len(act)-1]
		}
	}
	walk(0, 0)
	s.boxAct = act
}

// check builds the step for box set act (digits boxCand); it returns
// emit's answer (true when the pattern removes nothing).
func (s *sdcSearch) check(act []int, boxCand uint32) bool {
	g := s.g
	shared := boxCand & s.lineCand
	st := g.newStep()
	del := func(cells []int, skip1, skip2 []int, digits uint32) {
		for _, c := range cells {
			if inCells(c, skip1) || inCells(c, skip2) {
				continue
			}
			for m := g.Cand[c] & digits; m != 0; m &= m - 1 {
				st.Eliminations = append(st.Eliminations, Candidate{c, digitOf(m)})
			}
		}
	}
	del(s.boxEmpty, act, s.inter, (s.interCand|boxCand)&^s.lineCand|shared)
	del(s.lineEmpty, s.lineAct, s.inter, (s.interCand|s.lineCand)&^boxCand|shared)
	if len(st.Eliminations) == 0 {
		return true
	}
	st.Tech = "sue-de-coq"
	st.Units = append(st.Units, s.line, s.box)
	st.Cells = append(st.Cells, s.inter...)
	st.Cells = append(st.Cells, s.lineAct...)
	st.Cells = append(st.Cells, act...)
	for _, c := range st.Cells {
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			st.Support = append(st.Support, Candidate{c, digitOf(m)})
		}
	}
	st.Digits = append(st.Digits, maskDigits(s.interCand)...)
	st.Detail = fmt.Sprintf("%d/%d/%d", len(s.inter), len(s.lineAct), len(act))
	s.emitted++
	return s.emit(st)
}

func explainSueDeCoq(s *Step, g *Grid) string {
	geo := g.Geo
	var ni, nl, nb int
	fmt.Sscanf(s.Detail, "%d/%d/%d", &ni, &nl, &nb)
	if ni+nl+nb != len(s.Cells) || ni == 0 {
		return explainGeneric(s, g)
	}
	inter, lc, bc := s.Cells[:ni], s.Cells[ni:ni+nl], s.Cells[ni+nl:]
	cands := func(cells []int) string {
		var m uint32
		for _, c := range cells {
			for _, x := range s.Support {
				if x.Cell == c {
					m |= 1 << (x.Digit - 1)
				}
			}
		}
		return digitList(maskDigits(m))
	}
	return fmt.Sprintf("%s, where %s crosses %s, hold {%s}; with %s of %s holding {%s} and %s of %s holding {%s}, these cells hold exactly their digits: remove the rest from both units: %s",
		cellList(geo, inter), unitName(s, geo, 0), unitName(s, geo, 1), digitList(s.Digits),
		cellList(geo, lc), unitName(s, geo, 0), cands(lc), cellList(geo, bc), unitName(s, geo, 1), cands(bc), resultText(s, geo))
}
