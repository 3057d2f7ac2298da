package grade

import (
	"fmt"
	"sort"

	"github.com/sudogen/sudogen/sudoku"
)

// Unique rectangles and loops as Sudoku Explainer finds them (its producer
// 15, SE-RULES.md section 3.1): a loop of cells on two digits that would
// allow two solutions, types 1-4, loops of 4 to 2N cells. On a variant
// layout whose extra houses have SukakuExplainer types (Layout.uniqueLoops)
// they run as SukakuExplainer runs them: the loop also moves along the
// extra houses, each extra house must hold the loop's cells in pairs of
// opposite parity, type 3 and 4 use the extra houses the two cells share,
// and with sees pairs (anti-knight, anti-king) a loop is dropped when a
// cell a loop cell sees by a pair holds one of its digits
// (Layout.restrictedLoop). Where the layout has non-consecutive pairs, a
// loop a pair could tell apart is dropped too (Layout.consecutiveLoop).

var uniqueLoopTechniques = []Technique{
	{ID: "unique-rectangle", Name: "Unique Rectangle (SE types 1-4)", Family: "uniqueness", Frame: true, SE: 4.5, SENote: "type 3: +0.1 per extra subset cell", Uniqueness: true,
		MadeBy: "unique-loop", Explain: explainUniqueLoop},
	{ID: "unique-loop", Name: "Unique Loop (SE types 1-4)", Family: "uniqueness", Frame: true, SE: 4.5, SENote: "4.5 +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more; type 3 +0.1 per extra subset cell", Uniqueness: true,
		Find: findUniqueLoops, Explain: explainUniqueLoop},
}

func init() { registerTechniques(uniqueLoopTechniques...) }

type ulHint struct {
	typ    int
	diff   float64
	loop   []int
	region int    // type 3: region used
	set    uint32 // type 3: digits of the set
	pair   uint32 // the loop's two digits (bits 0-based)
	el     []Candidate
}

type ulSearch struct {
	g      *Grid
	t      *seTables
	v1, v2 int // 0-based digits
	path   []int
	onPath []bool
	loops  [][]int
	slab   []int // the loops' cells (addLoop)
	extra  bool  // the layout's extra houses join the search
	// lk: lkSudoku's fix, SukakuExplainer's default (islkSudokuURUL), on
	// the layouts it rates (Layout.sukakuRules): a cell's extra digits
	// count on its own branch only. Sudoku Explainer 1.2.1 (classic) keeps
	// them for the cells tried after it from the same cell, so a sibling
	// with other extra digits can stop a loop.
	lk bool
	// par[p] are the boxes, rows and columns of the path's cells at
	// even (p 0) and odd (p 1) positions. validLoop rejects a loop two
	// of whose cells of one parity share one; the path is the loop's
	// start, so a path that has such cells is not followed (the loops
	// found are the same valid loops, in the same order).
	par [2][3]uint32
	// both[u]: the positions (bit i: the house's i-th cell) of geo.Units[u]
	// whose cells hold both digits, the only cells follow can take
	both []uint32
	pos  [][sudoku.MaxN]uint32 // the grid's places (Grid.unitTables)
}

// loadBoth sets s.both for the digits v1, v2 (the layout's first houses
// are geo.Units, in order, so its places are theirs).
func (s *ulSearch) loadBoth() {
	units := s.g.Geo.Units
	if len(s.both) != len(units) {
		s.both = make([]uint32, len(units))
	}
	for u := range units {
		s.both[u] = s.pos[u][s.v1] & s.pos[u][s.v2]
	}
}

// parOK reports whether cell next may join the path at position
// len(s.path) (validLoop's test on the path so far).
func (s *ulSearch) parOK(next int) bool {
	geo := s.g.Geo
	p := &s.par[len(s.path)&1]
	return p[0]&(1<<geo.Box[next]) == 0 && p[1]&(1<<geo.Row[next]) == 0 && p[2]&(1<<geo.Col[next]) == 0
}

func (s *ulSearch) dfs(cell int, allowed int, ex uint32, lastType int) {
	geo := s.g.Geo
	p := &s.par[len(s.path)&1]
	p[0], p[1], p[2] = p[0]|1<<geo.Box[cell], p[1]|1<<geo.Row[cell], p[2]|1<<geo.Col[cell]
	s.path = append(s.path, cell)
	s.onPath[cell] = true
	both := uint32(1)<<s.v1 | uint32(1)<<s.v2
	n := s.t.n
	for rt := 0; rt < 3; rt++ { // order A: block, row, column
		if rt == lastType {
			continue
		}
		var u int
		switch rt {
		case 0:
			u = 2*n + geo.Box[cell]
		case 1:
			u = geo.Row[cell]
		default:
			u = n + geo.Col[cell]
		}
		ex = s.followMask(geo.Units[u], s.both[u], allowed, ex, both, rt)
	}
	if s.extra {
		// the extra houses, each its own kind (a cell is in at most one
		// house of each of SukakuExplainer's region types)
		l := s.g.lay()
		for _, u := range l.CellHouses[cell] {
			if u >= 3*n && u+3 != lastType {
				ex = s.follow(l.Houses[u], allowed, ex, both, u+3)
			}
		}
	}
	s.onPath[cell] = false
	s.path = s.path[:len(s.path)-1]
	p[0], p[1], p[2] = p[0]&^(1<<geo.Box[cell]), p[1]&^(1<<geo.Row[cell]), p[2]&^(1<<geo.Col[cell])
}

// follow continues the search from the cells of one house (of kind rt):
// a loop closes at the first cell, or goes on to a cell holding both
// digits (SE's rule for cells with more). It returns the extra digits
// seen so far (SE 1.2.1 keeps them across the house's cells; with s.lk
// they are the ones it was given).
func (s *ulSearch) follow(cells []int, allowed int, ex, both uint32, rt int) uint32 {
	for _, next := range cells {
		if next == s.path[0] && len(s.path) >= 4 {
			s.addLoop()
			continue
		}
		if s.onPath[next] {
			continue
		}
		m := s.g.Cand[next]
		if m&both != both {
			continue
		}
		ex = s.step(next, m, allowed, ex, both, rt)
	}
	return ex
}

// step goes on from the path's last cell to next, a cell off the path
// holding both digits (candidates m): it adds next's other digits to
// the extra digits seen ex and searches on from next when SE's rule
// lets it (a bivalue cell, one extra digit in all, or an extra cell
// still allowed), and returns ex with them (with s.lk, ex as it was).
func (s *ulSearch) step(next int, m uint32, allowed int, ex, both uint32, rt int) uint32 {
	nex := ex | m&^both
	card := popc(m)
	if (card == 2 || popc(nex) == 1 || allowed > 0) && s.parOK(next) {
		na := allowed
		if card > 2 {
			na--
		}
		s.dfs(next, na, nex, rt)
	}
	if s.lk {
		return ex
	}
	return nex
}

// followMask is follow over the cells of a classic house whose
// positions are in mask (the cells holding both digits: follow skips the
// others, the loop's start among them), in house order.
func (s *ulSearch) followMask(cells []int, mask uint32, allowed int, ex, both uint32, rt int) uint32 {
	for ; mask != 0; mask &= mask - 1 {
		next := cells[trailing(mask)]
		if next == s.path[0] && len(s.path) >= 4 {
			s.addLoop()
			continue
		}
		if s.onPath[next] {
			continue
		}
		ex = s.step(next, s.g.Cand[next], allowed, ex, both, rt)
	}
	return ex
}

// ulMemoOff, set by a test, makes every unique-loop search run in full
// (the reference ulMemo is checked against).
var ulMemoOff bool

// ulMemo remembers, per pair of digits v1 < v2 (index v1*N+v2), the
// cells holding both digits (their places in each row) and those cells'
// candidates when the unique-loop search found no loop from any bivalue
// cell of the pair. The search from such a cell follows only cells
// holding both digits and reads only their candidates, and the pair's
// bivalue cells are among them: with the same cells and candidates it
// finds no loop again. Compared in full, so a stale entry is never used.
type ulMemo struct {
	geo   *sudoku.Geometry
	none  []bool
	rows  [][]uint32 // per pair: rows[r], the places of row r holding both
	cands [][]uint32 // per pair: the candidates of those cells, row by row
	pair  []uint8    // findUniqueLoops' scratch, per pair
}

// forGeo readies the memo for geometry geo (emptied when it changes).
func (m *ulMemo) forGeo(geo *sudoku.Geometry) {
	if m.geo == geo {
		return
	}
	m.geo = geo
	n := geo.N
	m.none = make([]bool, n*n)
	m.rows = make([][]uint32, n*n)
	m.cands = make([][]uint32, n*n)
	m.pair = make([]uint8, n*n)
}

// bothState appends to rows the places of each row holding both of the
// search's digits, and to cands those cells' candidates.
func (s *ulSearch) bothState(rows, cands []uint32) ([]uint32, []uint32) {
	units := s.g.Geo.Units
	for r := 0; r < s.g.Geo.N; r++ {
		p := s.pos[r][s.v1] & s.pos[r][s.v2]
		rows = append(rows, p)
		for ; p != 0; p &= p - 1 {
			cands = append(cands, s.g.Cand[units[r][trailing(p)]])
		}
	}
	return rows, cands
}

// same reports whether pair pi's cells holding both digits (s.v1, s.v2)
// and their candidates are those recorded.
func (m *ulMemo) same(s *ulSearch, pi int) bool {
	rows := m.rows[pi]
	units := s.g.Geo.Units
	k := 0
	for r := 0; r < s.g.Geo.N; r++ {
		p := s.pos[r][s.v1] & s.pos[r][s.v2]
		if p != rows[r] {
			return false
		}
		for ; p != 0; p &= p - 1 {
			if s.g.Cand[units[r][trailing(p)]] != m.cands[pi][k] {
				return false
			}
			k++
		}
	}
	return true
}

// record remembers that pair pi (s.v1, s.v2) found no loop with the
// grid's cells holding both digits.
func (m *ulMemo) record(s *ulSearch, pi int) {
	m.rows[pi], m.cands[pi] = s.bothState(m.rows[pi][:0], m.cands[pi][:0])
	m.none[pi] = true
}

// addLoop records the path as a loop closed at its first cell (a copy
// at the end of s.slab; a recorded loop is never written again).
func (s *ulSearch) addLoop() {
	if s.slab == nil {
		s.slab = make([]int, 0, 256)
	}
	at := len(s.slab)
	s.slab = append(s.slab, s.path...)
	s.loops = append(s.loops, s.slab[at:len(s.slab):len(s.slab)])
}

// validExtra is validLoop for the extra houses of layout l: each holds
// the loop's cells in pairs of opposite parity.
func validExtra(l *Layout, loop []int) bool {
	n3 := 3 * l.Geo.N
	var count [2][]int8
	count[0] = make([]int8, len(l.Houses))
	count[1] = make([]int8, len(l.Houses))
	for i, c := range loop {
		for _, u := range l.CellHouses[c] {
			if u >= n3 {
				if count[i&1][u]++; count[i&1][u] > 1 {
					return false
				}
			}
		}
	}
	for u := n3; u < len(l.Houses); u++ {
		if count[0][u] != count[1][u] {
			return false
		}
	}
	return true
}

// validLoop applies SE's parity check on the loop's regions.
func validLoop(geo *sudoku.Geometry, loop []int) bool {
	n := geo.N
	var sets [2][3]uint32 // per parity: box, row, column masks
	for i, c := range loop {
		p := i & 1
		for k, r := range [3]int{geo.Box[c], geo.Row[c], geo.Col[c]} {
			if sets[p][k]&(1<<r) != 0 {
				return false
			}
			sets[p][k] |= 1 << r
		}
	}
	_ = n
	return sets[0] == sets[1]
}

// findUniqueLoops is SE's producer 15: every loop found from every
// bivalue cell (row-major), its type 1-4 hints, duplicates dropped, sorted
// by difficulty then type (a loop hint's rating includes its size bonus).
func findUniqueLoops(g *Grid, _ *Ctx, emit func(*Step) bool) {
	l := g.lay()
	extra := !l.Plain()
	if extra && !l.uniqueLoops() {
		return
	}
	t := tablesFor(g)
	geo := g.Geo
	var hints []ulHint
	s := &ulSearch{g: g, t: t, onPath: make([]bool, geo.Cells), extra: extra, lk: l.sukakuRules()}
	// in the solving loop on the classic layout, the pairs of digits
	// whose cells found no loop with the same cells holding both digits
	// are skipped (ulMemo); pair[v1*N+v2]: 0 not looked at, 1 skipped, 2
	// searched without a loop, 3 searched with one
	var um *ulMemo
	var pair []uint8
	n := geo.N
	if !extra && !s.lk && g.memo != nil && !ulMemoOff {
		um = &g.memo.ul
		um.forGeo(geo)
		pair = um.pair
		clear(pair)
	}
	for c, m := range g.Cand {
		if popc(m) != 2 {
			continue
		}
		s.v1 = trailing(m)
		s.v2 = trailing(m &^ (1 << s.v1))
		s.loops = s.loops[:0]
		if s.pos == nil {
			s.pos, _ = g.unitTables()
		}
		if um != nil {
			pi := s.v1*n + s.v2
			if pair[pi] == 0 {
				pair[pi] = 2
				if um.none[pi] && um.same(s, pi) {
					pair[pi] = 1
				}
			}
			if pair[pi] == 1 {
				continue
			}
		}
		s.loadBoth()
		s.dfs(c, 2, 0, -1)
		if um != nil && len(s.loops) > 0 {
			pair[s.v1*n+s.v2] = 3
		}
		for _, loop := range s.loops {
			if !validLoop(geo, loop) || (extra && (!validExtra(l, loop) || l.restrictedLoop(g, loop, s.v1, s.v2))) || l.consecutiveLoop(g, loop, s.v1, s.v2) {
				continue
			}
			hints = ulHints(g, t, loop, s.v1, s.v2, hints)
		}
	}
	if um != nil {
		for pi, st := range pair {
			switch st {
			case 2:
				s.v1, s.v2 = pi/n, pi%n
				um.record(s, pi)
			case 3:
				um.none[pi] = false
			}
		}
	}
	if len(hints) == 0 {
		return
	}
	// Dedupe (same type, loop cell set, region and set) keeping the first,
	// then sort stably by difficulty, then type.
	var kept []ulHint
	for _, h := range hints {
		dup := false
		for _, k := range kept {
			if k.typ == h.typ && k.region == h.region && k.set == h.set && sameCells(k.loop, h.loop) {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, h)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].diff != kept[j].diff {
			return kept[i].diff < kept[j].diff
		}
		return kept[i].typ < kept[j].typ
	})
	for _, h := range kept {
		st := &Step{Tech: "unique-loop", Difficulty: h.diff, Eliminations: h.el, Cells: h.loop, Digits: maskDigits(h.pair)}
		if len(h.loop) == 4 {
			st.Tech = "unique-rectangle"
		}
		st.Detail = [...]string{1: "type 1", 2: "type 2", 3: "type 3", 4: "type 4"}[h.typ]
		if !emit(st) {
			return
		}
	}
}

func sameCells(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// loopBase is the rating of a loop of size cells before type-3 extras.
func loopBase(size int) float64 {
	d := mustTech("unique-rectangle").SE
	switch {
	case size >= 10:
		d += 0.5
	case size >= 8:
		d += 0.2
	case size >= 6:
		d += 0.1
	}
	return d
}

// ulHints appends the hints of one valid loop.
func ulHints(g *Grid, t *seTables, loop []int, v1, v2 int, out []ulHint) []ulHint {
	both := uint32(1)<<v1 | uint32(1)<<v2
	var extra []int
	for _, c := range loop {
		if popc(g.Cand[c]) > 2 {
			extra = append(extra, c)
		}
	}
	base := loopBase(len(loop))
	add := func(h ulHint) {
		if len(h.el) > 0 {
			h.loop = loop
			h.pair = both
			out = append(out, h)
		}
	}
	type2 := func() {
		z := trailing(g.Cand[extra[0]] &^ both)
		var el []Candidate
		for c := range g.Cand {
			if g.Cand[c]&(1<<z) == 0 {
				continue
			}
			all := true
			for _, e := range extra {
				if !t.sees(c, e) {
					all = false
					break
				}
			}
			if all {
				el = append(el, Candidate{c, uint8(z + 1)})
			}
		}
		add(ulHint{typ: 2, diff: base, el: el, region: -1})
	}
	switch {
	case len(extra) == 1:
		var el []Candidate
		for _, v := range [2]int{v1, v2} {
			if g.Cand[extra[0]]&(1<<v) != 0 {
				el = append(el, Candidate{extra[0], uint8(v + 1)})
			}
		}
		add(ulHint{typ: 1, diff: base, el: el, region: -1})
	case len(extra) > 2:
		type2()
	case len(extra) == 2:
		c1, c2 := extra[0], extra[1]
		x := (g.Cand[c1] | g.Cand[c2]) &^ both
		if popc(x) == 1 {
			type2()
		} else {
			for _, h := range ulType3(g, t, c1, c2, x, both, base) {
				add(h)
			}
		}
		add(ulType4(g, t, c1, c2, v1, v2, base))
	}
	return out
}

// sharedUnits lists, in order A, the units holding both cells, then the
// extra houses (of a layout, t.inUnit covering them) holding both.
func sharedUnits(t *seTables, a, b int, us []int) []int {
	geo := t.geo
	n := t.n
	us = us[:0]
	if geo.Box[a] == geo.Box[b] {
		us = append(us, 2*n+geo.Box[a])
	}
	if geo.Row[a] == geo.Row[b] {
		us = append(us, geo.Row[a])
	}
	if geo.Col[a] == geo.Col[b] {
		us = append(us, n+geo.Col[a])
	}
	for u := 3 * n; u < len(t.inUnit); u++ {
		if t.inUnit[u][a] >= 0 && t.inUnit[u][b] >= 0 {
			us = append(us, u)
		}
	}
	return us
}

// ulType3 lists the type 3 hints of a loop whose two extra cells are c1
// and c2 (x their extra digits): a naked or hidden set in a house they
// share, degree by degree. A naked set removes its digits from the
// house's other cells; on a layout with typed extra houses or sees pairs,
// from every cell that sees each cell of the set holding the digit (c1
// and c2 included), as SukakuExplainer's createType3NakedHint does there
// (its generalized naked sets).
func ulType3(g *Grid, t *seTables, c1, c2 int, x, both uint32, base float64) []ulHint {
	var out []ulHint
	var elig []int
	n := t.n
	l := g.lay()
	gen := l.rating() != nil
	// on a variant (typed houses, sees or non-consecutive pairs)
	// SukakuExplainer, with lkSudoku's fix (on by default), takes the
	// degrees from 2 and naked sets from the number of extra digits on;
	// Sudoku Explainer 1.2.1 (classic) both from the number of extra
	// digits
	lk := l.sukakuRules()
	k0 := popc(x)
	if lk {
		k0 = 2
	}
	var usBuf [8]int
	shared := sharedUnits(t, c1, c2, usBuf[:0])
	for k := k0; k <= 7; k++ {
		for _, u := range shared {
			cells := g.lay().Houses[u]
			empty := 0
			for _, c := range cells {
				if g.Values[c] == 0 {
					empty++
				}
			}
			i1, i2 := int(t.inUnit[u][c1]), int(t.inUnit[u][c2])
			if 2*k <= empty && k >= popc(x) {
				// naked: k positions containing c1, not c2: c1's and k-1
				// of the unit's other cells with two or more candidates
				// (a combination holding any other cell is no subset),
				// in colex order of the positions
				elig = elig[:0]
				for i, c := range cells {
					if i != i1 && i != i2 && popc(g.Cand[c]) >= 2 {
						elig = append(elig, i)
					}
				}
				if len(elig) >= k-1 {
					comb := make([]int, k-1)
					for i := range comb {
						comb[i] = i
					}
					for {
						union := x
						union2 := x & g.Cand[c1] & g.Cand[c2]
						inSet := uint32(1) << i1
						for _, j := range comb {
							m := g.Cand[cells[elig[j]]]
							union |= m
							union2 |= m
							inSet |= 1 << elig[j]
						}
						if popc(union) == k && popc(union2) == k {
							var el []Candidate
							if gen {
								set := []int{c2}
								for m := inSet; m != 0; m &= m - 1 {
									set = append(set, cells[trailing(m)])
								}
								el = seenByAll(nil, g.Cand, t.peerMask, nil, set, union)
							} else {
								for i, c := range cells {
									if c == c1 || c == c2 || inSet&(1<<i) != 0 {
										continue
									}
									for m := g.Cand[c] & union; m != 0; m &= m - 1 {
										el = append(el, Candidate{c, uint8(trailing(m) + 1)})
									}
								}
							}
							d := base
							for j := 0; j < k-1; j++ {
								d += 0.1
							}
							out = append(out, ulHint{typ: 3, diff: d, el: el, region: u, set: union})
						}
						if !nextColex(comb, len(elig)) {
							break
						}
					}
				}
			}
			if 2*k < empty && k >= 2 {
				// hidden: k-2 digits outside v1, v2, X, plus v1, v2
				var pool []int
				for d := 0; d < n; d++ {
					if both&(1<<d) == 0 && x&(1<<d) == 0 {
						pool = append(pool, d)
					}
				}
				var pos [sudoku.MaxN]uint32
				housePos(g, u, &pos)
				try := func(digits uint32) {
					var union uint32
					for m := digits; m != 0; m &= m - 1 {
						p := pos[trailing(m)] &^ (1 << i2)
						if p == 0 {
							return
						}
						union |= p
					}
					if popc(union) != k {
						return
					}
					var el []Candidate
					others := 0
					for m := union; m != 0; m &= m - 1 {
						c := cells[trailing(m)]
						if c == c1 || c == c2 {
							continue
						}
						others++
						for r := g.Cand[c] &^ digits; r != 0; r &= r - 1 {
							el = append(el, Candidate{c, uint8(trailing(r) + 1)})
						}
					}
					d := base
					for j := 0; j < others-1; j++ {
						d += 0.1
					}
					out = append(out, ulHint{typ: 3, diff: d, el: el, region: u, set: digits})
				}
				if k-2 == 0 {
					try(both)
				} else if len(pool) >= k-2 {
					comb := make([]int, k-2)
					for i := range comb {
						comb[i] = i
					}
					for {
						digits := both
						for _, i := range comb {
							digits |= 1 << pool[i]
						}
						try(digits)
						if !nextColex(comb, len(pool)) {
							break
						}
					}
				}
			}
		}
	}
	return out
}

func ulType4(g *Grid, t *seTables, c1, c2, v1, v2 int, base float64) ulHint {
	r1, r2 := -1, -1
	var usBuf [8]int
	for _, u := range sharedUnits(t, c1, c2, usBuf[:0]) {
		var pos [sudoku.MaxN]uint32
		housePos(g, u, &pos)
		i1, i2 := uint(t.inUnit[u][c1]), uint(t.inUnit[u][c2])
		rest := ^(uint32(1)<<i1 | uint32(1)<<i2)
		if pos[v1]&rest == 0 {
			r1 = u
		}
		if pos[v2]&rest == 0 {
			r2 = u
		}
	}
	rm := -1
	if r1 >= 0 {
		rm = v2
	} else if r2 >= 0 {
		rm = v1
	}
	h := ulHint{typ: 4, diff: base, region: -1}
	if rm >= 0 {
		for _, c := range [2]int{c1, c2} {
			if g.Cand[c]&(1<<rm) != 0 {
				h.el = append(h.el, Candidate{c, uint8(rm + 1)})
			}
		}
	}
	return h
}

func explainUniqueLoop(s *Step, g *Grid) string {
	geo := g.Geo
	return fmt.Sprintf("%s on {%s} in %s: if these cells could only be %s, the puzzle would have two solutions; it has one, so: %s",
		s.Detail, digitList(s.Digits), cellList(geo, s.Cells), digitsAnd(s.Digits), resultText(s, geo))
}
