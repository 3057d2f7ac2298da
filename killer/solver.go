package killer

import (
	"math/bits"
	"math/rand/v2"
)

// Solver is the exact solver and solution counter of one killer. It keeps
// a candidate bitset per cell and propagates, to a fixed point: naked
// singles (a placed digit leaves its houses and its cage), hidden singles
// in every house, and every cage's sum with its no-repeat rule (a digit
// stays in a cage cell only if some combination of distinct digits with
// the cage's sum uses it and fits the cage's other cells' candidates).
// Besides the cages it propagates the innie groups of the rule of 45: the
// cells of a house outside the cages lying wholly in it add up to the
// house total minus those cages' sums, and hold distinct digits. It
// branches on a cell with fewest candidates.
type Solver struct {
	geo       *Geometry
	n         int
	full      uint16
	peers     [][]uint8
	houses    [][]uint8
	houseMask []CellSet
	groups    []group
	sums      []sumGroup
	init      state
	all       CellSet
	bad       bool // the givens contradict each other or the cages

	limit int
	count int
	keep  bool
	sols  [][]int8
	nodes int
	rng   *rand.Rand

	// MaxNodes, when positive, stops a search after this many nodes;
	// Aborted then reports true and the count is a lower bound.
	MaxNodes int
	aborted  bool
}

// group is a sum constraint on distinct digits: a cage, or an innie group
// of the rule of 45.
type group struct {
	cells  []uint8
	sum    int
	combos []uint16
	mask   CellSet
}

// sumGroup is a sum constraint on cells whose digits may repeat (they
// need not share a house): the innies of a union of several houses, or
// the outies of a house or union. It is propagated by bounds.
type sumGroup struct {
	cells []uint8
	sum   int
	mask  CellSet
}

// state is the search state: candidates per cell and the placed cells.
type state struct {
	cand   [MaxCells]uint16
	placed CellSet
}

// NewSolver prepares the solver of p. p must be valid (Validate), though
// the cages may also leave cells uncovered (then those cells have only
// the house rules).
func NewSolver(p *Puzzle) *Solver {
	g := p.Geo
	s := &Solver{geo: g, n: g.N, full: 1<<g.N - 1}
	cageOf := p.CageOf()
	s.peers = make([][]uint8, g.Cells)
	for c := 0; c < g.Cells; c++ {
		var m CellSet
		for _, q := range g.Peers[c] {
			m.Add(q)
		}
		if k := cageOf[c]; k >= 0 {
			for _, q := range p.Cages[k].Cells {
				m.Add(q)
			}
		}
		m.Remove(c)
		for _, q := range m.Cells() {
			s.peers[c] = append(s.peers[c], uint8(q))
		}
	}
	for _, h := range g.Houses {
		s.houses = append(s.houses, toU8(h))
	}
	s.houseMask = g.HouseMask
	for _, cg := range p.Cages {
		s.groups = append(s.groups, group{cells: toU8(cg.Cells), sum: cg.Sum, combos: CageCombos(g.N, len(cg.Cells), cg.Sum)})
	}
	// Innie groups: a house less the cages wholly inside it (none when
	// one of those hides its sum).
	for h, hm := range g.HouseMask {
		rest, sum := hm, g.Total()
		hidden := false
		for _, cg := range p.Cages {
			if cs := Set(cg.Cells); cs.SubsetOf(hm) {
				rest = rest.Minus(cs)
				sum -= cg.Sum
				hidden = hidden || cg.Hidden()
			}
		}
		k := rest.Len()
		if hidden {
			continue
		}
		if k == 0 || k == g.N || (k == len(g.Houses[h]) && sum == g.Total()) {
			continue
		}
		if k > g.N-1 {
			continue
		}
		if cells := rest.Cells(); !s.hasGroup(cells) {
			s.groups = append(s.groups, group{cells: toU8(cells), sum: sum, combos: Combos(g.N, k, sum)})
		}
	}
	s.addRegionGroups(p)
	for c := range s.init.cand[:g.Cells] {
		s.init.cand[c] = s.full
	}
	for c, v := range p.Givens {
		if v != 0 {
			s.init.cand[c] = 1 << (v - 1)
		}
	}
	for i := range s.groups {
		s.groups[i].mask = Set(u8Ints(s.groups[i].cells))
	}
	for c := 0; c < g.Cells; c++ {
		s.all.Add(c)
	}
	for _, gr := range s.groups {
		if len(gr.combos) == 0 {
			s.bad = true
		}
	}
	return s
}

// maxSumGroup bounds the cells of a bounds-propagated sum group.
const maxSumGroup = 6

// addRegionGroups adds the rule of 45 over regions: for each house and
// each run of 2..N-1 consecutive rows or columns, the innies (cells not
// in cages wholly inside) and the outies (the cells outside of cages
// partly inside) have known sums.
func (s *Solver) addRegionGroups(p *Puzzle) {
	g := p.Geo
	cageSets := make([]CellSet, len(p.Cages))
	for k, cg := range p.Cages {
		cageSets[k] = Set(cg.Cells)
	}
	region := func(r CellSet, total int) {
		inner, outer := r, CellSet{}
		in, part := 0, 0
		hiddenIn, hiddenPart := false, false // a cage hides its sum
		for k, cs := range cageSets {
			switch {
			case cs.SubsetOf(r):
				inner = inner.Minus(cs)
				in += p.Cages[k].Sum
				hiddenIn = hiddenIn || p.Cages[k].Hidden()
			case !cs.Inter(r).Empty():
				outer = outer.Union(cs.Minus(r))
				part += p.Cages[k].Sum
				hiddenPart = hiddenPart || p.Cages[k].Hidden()
			}
		}
		if hiddenIn {
			return // neither the innies' sum nor the outies' is known
		}
		innSum := total - in
		if k := inner.Len(); k > 0 && k <= maxSumGroup {
			s.sums = append(s.sums, sumGroup{cells: toU8(inner.Cells()), sum: innSum, mask: inner})
		}
		if k := outer.Len(); k > 0 && k <= maxSumGroup && !hiddenPart {
			s.sums = append(s.sums, sumGroup{cells: toU8(outer.Cells()), sum: part - innSum, mask: outer})
		}
	}
	for h := range g.Houses {
		region(g.HouseMask[h], g.Total())
	}
	for _, base := range []int{0, g.N} { // rows, columns
		for a := 0; a < g.N; a++ {
			r := g.HouseMask[base+a]
			for b := a + 1; b < g.N-1 && b-a < g.N-1; b++ {
				r = r.Union(g.HouseMask[base+b])
				region(r, (b-a+1)*g.Total())
			}
		}
	}
}

func (s *Solver) hasGroup(cells []int) bool {
	for _, gr := range s.groups {
		if len(gr.cells) == len(cells) {
			same := true
			for i, c := range gr.cells {
				same = same && int(c) == cells[i]
			}
			if same {
				return true
			}
		}
	}
	return false
}

func u8Ints(cells []uint8) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = int(c)
	}
	return out
}

func toU8(cells []int) []uint8 {
	out := make([]uint8, len(cells))
	for i, c := range cells {
		out[i] = uint8(c)
	}
	return out
}

// Count returns the number of solutions, counting no further than limit
// (Count(2) tells unique from not).
func (s *Solver) Count(limit int) int {
	s.run(limit, false)
	return s.count
}

// Solutions returns up to limit solutions (a digit 1..N per cell).
func (s *Solver) Solutions(limit int) [][]int8 {
	s.run(limit, true)
	return s.sols
}

// Aborted reports whether the last search stopped at MaxNodes.
func (s *Solver) Aborted() bool { return s.aborted }

// Nodes is the number of search nodes of the last Count or Solutions.
func (s *Solver) Nodes() int { return s.nodes }

// RandomSolution returns a solution drawn at random (the candidate order
// at each branch shuffled by rng), or nil if there is none.
func (s *Solver) RandomSolution(rng *rand.Rand) []int8 {
	s.rng = rng
	defer func() { s.rng = nil }()
	s.run(1, true)
	if len(s.sols) == 0 {
		return nil
	}
	return s.sols[0]
}

func (s *Solver) run(limit int, keep bool) {
	s.limit, s.count, s.nodes, s.aborted = limit, 0, 0, false
	s.sols = nil
	if s.bad || limit <= 0 {
		return
	}
	st := s.init
	s.keep = keep
	s.search(&st, s.all)
}

func (s *Solver) search(st *state, dirty CellSet) {
	s.nodes++
	if s.MaxNodes > 0 && s.nodes > s.MaxNodes {
		s.aborted = true
		return
	}
	if !s.propagate(st, dirty) {
		return
	}
	cells := s.geo.Cells
	best, bestN := -1, 99
	for c := 0; c < cells; c++ {
		if k := bits.OnesCount16(st.cand[c]); k > 1 && k < bestN {
			best, bestN = c, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		s.count++
		if s.keep {
			sol := make([]int8, cells)
			for c := 0; c < cells; c++ {
				sol[c] = int8(bits.TrailingZeros16(st.cand[c]) + 1)
			}
			s.sols = append(s.sols, sol)
		}
		return
	}
	var digits [MaxN]uint16
	nd := 0
	for m := st.cand[best]; m != 0; m &= m - 1 {
		digits[nd] = m & -m
		nd++
	}
	if s.rng != nil {
		s.rng.Shuffle(nd, func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	for i := 0; i < nd; i++ {
		next := *st
		next.cand[best] = digits[i]
		var d CellSet
		d.Add(best)
		s.search(&next, d)
		if s.count >= s.limit || s.aborted {
			return
		}
	}
}

// propagate applies singles, hidden singles and the cage sums until
// nothing changes; false means a contradiction. dirty holds the cells
// whose candidates changed since the last fixed point: only the houses
// and groups touching changed cells are looked at again.
func (s *Solver) propagate(st *state, dirty CellSet) bool {
	for !dirty.Empty() {
		var changed CellSet
		for w := 0; w < 2; w++ {
			for bitsLeft := dirty[w]; bitsLeft != 0; bitsLeft &= bitsLeft - 1 {
				c := w<<6 | bits.TrailingZeros64(bitsLeft)
				m := st.cand[c]
				if m&(m-1) != 0 || st.placed.Has(c) {
					continue
				}
				if m == 0 {
					return false
				}
				st.placed.Add(c)
				for _, p := range s.peers[c] {
					if st.cand[p]&m != 0 {
						st.cand[p] &^= m
						if st.cand[p] == 0 {
							return false
						}
						changed.Add(int(p))
					}
				}
			}
		}
		dirty = dirty.Union(changed)
		for hi, h := range s.houses {
			if s.houseMask[hi].Inter(dirty).Empty() {
				continue
			}
			var once, more uint16
			for _, c := range h {
				m := st.cand[c]
				more |= once & m
				once |= m
			}
			if once != s.full {
				return false
			}
			for u := once &^ more; u != 0; u &= u - 1 {
				d := u & -u
				for _, c := range h {
					if st.cand[c]&d != 0 {
						if st.cand[c] != d {
							st.cand[c] = d
							changed.Add(int(c))
						}
						break
					}
				}
			}
		}
		for gi := range s.groups {
			gr := &s.groups[gi]
			if gr.mask.Inter(dirty).Empty() {
				continue
			}
			var allowed uint16
			required := s.full
			for _, combo := range gr.combos {
				var union uint16
				ok := true
				for _, c := range gr.cells {
					x := st.cand[c] & combo
					if x == 0 {
						ok = false
						break
					}
					union |= x
				}
				if ok && union == combo {
					allowed |= combo
					required &= combo
				}
			}
			if allowed == 0 {
				return false
			}
			for _, c := range gr.cells {
				if nc := st.cand[c] & allowed; nc != st.cand[c] {
					if nc == 0 {
						return false
					}
					st.cand[c] = nc
					changed.Add(int(c))
				}
			}
			// a digit every combination needs, with one place in the cage
			for u := required; u != 0; u &= u - 1 {
				d := u & -u
				at, n := -1, 0
				for _, c := range gr.cells {
					if st.cand[c]&d != 0 {
						at, n = int(c), n+1
					}
				}
				if n == 1 && st.cand[at] != d {
					st.cand[at] = d
					changed.Add(at)
				}
			}
		}
		for gi := range s.sums {
			gr := &s.sums[gi]
			if gr.mask.Inter(dirty).Empty() {
				continue
			}
			lo, hi := 0, 0
			for _, c := range gr.cells {
				m := st.cand[c]
				lo += bits.TrailingZeros16(m) + 1
				hi += 16 - bits.LeadingZeros16(m)
			}
			if lo > gr.sum || hi < gr.sum {
				return false
			}
			for _, c := range gr.cells {
				m := st.cand[c]
				cl, ch := bits.TrailingZeros16(m)+1, 16-bits.LeadingZeros16(m)
				// v must lie in sum - (hi - ch) .. sum - (lo - cl)
				vmin, vmax := gr.sum-(hi-ch), gr.sum-(lo-cl)
				keep := m
				if vmin > 1 {
					keep &^= uint16(1)<<(vmin-1) - 1
				}
				if vmax < s.n {
					keep &= uint16(1)<<max(vmax, 0) - 1
				}
				if keep != m {
					if keep == 0 {
						return false
					}
					st.cand[c] = keep
					changed.Add(int(c))
				}
			}
		}
		dirty = changed
	}
	return true
}
