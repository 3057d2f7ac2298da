package grade

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Almost locked sets (HoDoKu's AlsSolver). An ALS is k cells of one unit
// holding k+1 digits between them (a bivalue cell is an ALS of one cell).
// Two ALS with no cell in common are joined by a restricted common (RC)
// digit x when every x of both sees every other: x is then in at most one
// of them, so the other is a locked set.
//
//   - ALS-XZ: ALS A and B with RC x; any other digit z of both is in A or
//     in B, so a cell seeing every z of both loses z. With two RCs (doubly
//     linked) each ALS minus the two RCs is locked too and clears the rest
//     of the cells seeing its digits.
//   - ALS-XY-Wing: A and B each joined to C (RCs x and y, different);
//     again a digit z of A and B goes from cells seeing all of them.
//   - ALS chain: A joined to B joined to ... to Z (four or more ALS),
//     consecutive RCs different; a digit of A and Z, not an RC at either
//     end, goes from cells seeing all of it in A and Z.
//   - Death blossom: a stem cell whose every candidate d is seen by all the
//     d's of one ALS (one ALS per candidate, none overlapping); a digit
//     common to all those ALS goes from cells seeing every instance.
//
// Search order and choice are HoDoKu's: ALS collected unit by unit (rows,
// columns, boxes; cell subsets depth first), RCs only between an ALS and
// a later one and never between overlapping ALS (HoDoKu's defaults);
// ALS-XZ and ALS-XY-Wing take the first step in RC order, death blossoms
// the first stem cell's; ALS chains are all collected and sorted (most
// eliminations, lowest weighted sum, fewest ALS, fewest cells).

var alsTechniques = []Technique{
	{ID: "als-xz", Name: "ALS-XZ", HoDoKuName: "Almost Locked Set XZ-Rule", Family: "als", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findAlsXZ(g, alsOptions{}, emit) }, Explain: explainAls},
	{ID: "als-xy-wing", Name: "ALS-XY-Wing", HoDoKuName: "Almost Locked Set XY-Wing", Family: "als", SENote: asChain, HoDoKuScore: 320, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findAlsXYWing(g, alsOptions{}, emit) }, Explain: explainAls},
	{ID: "als-chain", Name: "ALS Chain", HoDoKuName: "Almost Locked Set Chain", Family: "als", SENote: asChain, HoDoKuScore: 340, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findAlsChain(g, alsOptions{}, emit) }, Explain: explainAls},
	{ID: "death-blossom", Name: "Death Blossom", HoDoKuName: "Death Blossom", Family: "als", SENote: asChain, HoDoKuScore: 360, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findDeathBlossom(g, alsOptions{}, emit) }, Explain: explainAls},
}

func init() { registerTechniques(alsTechniques...) }

// alsSet is one almost locked set.
type alsSet struct {
	cells []int
	in    cellSet // its cells
	cands uint32
	// per digit (0-based): the ALS cells holding it; the cells outside
	// the ALS holding it that see all of those; both together
	idx, bud, budAls []cellSet
	buddies          cellSet // union of bud
}

// alsRC is a restricted common between ALS a1 and a2 (a1 < a2): digit
// c1 (1-based), and c2 when they are doubly linked (else 0). actual is
// HoDoKu's propagation state in chains (1: c1, 2: c2, 3: both).
type alsRC struct {
	a1, a2 int
	c1, c2 uint8
	actual uint8
}

// alsOptions are HoDoKu's ALS search settings. The zero value is HoDoKu's
// solver default: RCs only towards later ALS, no overlapping ALS, chains
// of up to 50 RCs.
type alsOptions struct {
	both    bool // RCs in both directions (HoDoKu's "all steps" search)
	overlap bool // ALS may overlap outside their RCs
	maxRC   int  // longest chain in RCs (0: 50)
	// stream reports chains as found, unsorted and not deduplicated (for
	// callers that look for one particular chain)
	stream bool
	// exhaustive walks every chain (no alsChainMemo): HoDoKu's search as
	// written, the reference the memo is tested against
	exhaustive bool
}

// alsData holds the ALS and RCs of one grid state.
type alsData struct {
	opt     alsOptions
	g       *Grid
	words   int
	list    []alsSet
	rcs     []alsRC
	rcStart []int // per ALS: first RC whose a1 is it
	rcEnd   []int
	// byAls: per ALS the indexes of its RCs, ascending (ALS-XY-Wing)
	byAls [][]int32
	buf   []uint64
}

func (d *alsData) newSet() cellSet {
	if len(d.buf) < d.words {
		d.buf = make([]uint64, 4096*d.words)
	}
	s := cellSet(d.buf[:d.words:d.words])
	d.buf = d.buf[d.words:]
	return s
}

// alsMemo keeps the ALS (single cells included) and RCs of one grid
// state with HoDoKu's default options, so that the ALS finders of one
// step (ALS-XZ, ALS-XY-Wing, ALS chain, death blossom, tried one after
// the other on the same grid) collect them once. The state is compared
// in full (values and candidates), so no grid change can leave it stale.
// The finders only read the data (the sets they pass to steps are
// copied).
type alsMemo struct {
	geo    *sudoku.Geometry
	values []uint8
	cand   []uint32
	data   *alsData
	rcs    bool // data.collectRCs ran
}

// alsDataOf returns the ALS of g (single cells included) and, with rcs,
// their RCs: from the solving loop's memo when g's state is the one it
// holds, else collected (and kept in the memo).
func alsDataOf(g *Grid, opt alsOptions, rcs bool) *alsData {
	if g.memo == nil || opt != (alsOptions{}) {
		d := collectAls(g, true, opt)
		if rcs {
			d.collectRCs()
		}
		return d
	}
	m := &g.memo.als
	if m.data == nil || m.geo != g.Geo || !slices.Equal(m.values, g.Values) || !slices.Equal(m.cand, g.Cand) {
		m.data = collectAls(g, true, opt)
		m.rcs = false
		m.geo = g.Geo
		m.values = append(m.values[:0], g.Values...)
		m.cand = append(m.cand[:0], g.Cand...)
	}
	if rcs && !m.rcs {
		m.data.collectRCs()
		m.rcs = true
	}
	return m.data
}

// collectAls finds every ALS of g (with single cells when withOne), in
// HoDoKu's order.
func collectAls(g *Grid, withOne bool, opt alsOptions) *alsData {
	geo := g.Geo
	d := &alsData{g: g, opt: opt, words: (geo.Cells + 63) / 64}
	maxCells := geo.N - 1
	if maxCells > 8 {
		maxCells = 8
	}
	t := tablesOf(geo)
	// an ALS is found in every unit holding all its cells (the search
	// of a unit goes through every subset of its empty cells that may
	// be one): it is kept in the first, in unit order
	keptBefore := func(u int, set []int) bool {
		for _, o := range geo.CellUnits[set[0]] {
			if o >= u {
				continue
			}
			all := true
			for _, c := range set[1:] {
				if t.inUnit[o][c] < 0 {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
		return false
	}
	var cells, cellSlab []int
	var rec func(u, from int, cand uint32)
	rec = func(u, from int, cand uint32) {
		if len(cells) >= maxCells || popc(cand) > maxCells+1 {
			return
		}
		for i := from; i < geo.N; i++ {
			c := geo.Units[u][i]
			if g.Values[c] != 0 {
				continue
			}
			cells = append(cells, c)
			m := cand | g.Cand[c]
			if popc(m)-len(cells) == 1 && (withOne || len(cells) > 1) {
				// the sorted cells at the end of the slab (kept there when
				// the ALS is new; kept slices are never written)
				at := len(cellSlab)
				cellSlab = append(cellSlab, cells...)
				sorted := cellSlab[at:len(cellSlab):len(cellSlab)]
				sort.Ints(sorted)
				if !keptBefore(u, sorted) {
					d.list = append(d.list, alsSet{cells: sorted, cands: m})
				} else {
					cellSlab = cellSlab[:at]
				}
			}
			rec(u, i+1, m)
			cells = cells[:len(cells)-1]
		}
	}
	for u := range geo.Units {
		rec(u, 0, 0)
	}
	// the per-digit set headers of every ALS, from one slab
	slab := make([]cellSet, 3*geo.N*len(d.list))
	for i := range d.list {
		a := &d.list[i]
		a.in = d.newSet()
		for _, c := range a.cells {
			a.in.add(c)
		}
		sl := slab[3*geo.N*i : 3*geo.N*(i+1)]
		a.idx = sl[:geo.N:geo.N]
		a.bud = sl[geo.N : 2*geo.N : 2*geo.N]
		a.budAls = sl[2*geo.N:]
		a.buddies = d.newSet()
		for dm := a.cands; dm != 0; dm &= dm - 1 {
			x := trailing(dm)
			bit := uint32(1) << x
			idx, bud, ba := d.newSet(), d.newSet(), d.newSet()
			first := true
			for _, c := range a.cells {
				if g.Cand[c]&bit == 0 {
					continue
				}
				idx.add(c)
				if first {
					copy(bud, t.peerMask[c])
					first = false
				} else {
					for w := range bud {
						bud[w] &= t.peerMask[c][w]
					}
				}
			}
			for w := range bud {
				bud[w] &^= a.in[w]
			}
			for w := range bud {
				var m uint64
				for b := bud[w]; b != 0; b &= b - 1 {
					c := w*64 + trailing64(b)
					if g.Cand[c]&bit != 0 {
						m |= b & -b
					}
				}
				bud[w] = m
				ba[w] = m | idx[w]
				a.buddies[w] |= m
			}
			a.idx[x], a.bud[x], a.budAls[x] = idx, bud, ba
		}
	}
	return d
}

// collectRCs finds the RCs between each ALS and every later one that does
// not overlap it (HoDoKu's defaults; opt widens both).
func (d *alsData) collectRCs() {
	n := len(d.list)
	d.rcStart = make([]int, n)
	d.rcEnd = make([]int, n)
	// rcm[i]: the digits of ALS i that can be an RC with another ALS: an
	// RC digit x of a and b has b's x outside a (the overlap may not hold
	// x) and seeing all of a's, so in a.bud[x], which is then not empty
	rcm := make([]uint32, n)
	for i := range d.list {
		a := &d.list[i]
		for m := a.cands; m != 0; m &= m - 1 {
			x := trailing(m)
			for _, w := range a.bud[x] {
				if w != 0 {
					rcm[i] |= 1 << x
					break
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		a := &d.list[i]
		am := rcm[i]
		d.rcStart[i] = len(d.rcs)
		from := i + 1
		if d.opt.both {
			from = 0
		}
		for j := from; j < n; j++ {
			common := am & rcm[j]
			if common == 0 || j == i {
				continue
			}
			b := &d.list[j]
			overlap := setsMeet(a.in, b.in)
			if overlap && !d.opt.overlap {
				continue
			}
			found := -1
			for m := common; m != 0; m &= m - 1 {
				x := trailing(m)
				// every x of both ALS must see every other: all of them lie
				// in the common buddies (ALS cells included)
				ok := true
				ai, bi, aa, ba := a.idx[x], b.idx[x], a.budAls[x], b.budAls[x]
				for w := range ai {
					t := ai[w] | bi[w]
					if t&^(aa[w]&ba[w]) != 0 || (overlap && t&a.in[w]&b.in[w] != 0) {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				if found < 0 {
					d.rcs = append(d.rcs, alsRC{a1: i, a2: j, c1: uint8(x + 1)})
					found = len(d.rcs) - 1
				} else {
					d.rcs[found].c2 = uint8(x + 1)
				}
			}
		}
		d.rcEnd[i] = len(d.rcs)
	}
}

func setsMeet(a, b cellSet) bool {
	for w := range a {
		if a[w]&b[w] != 0 {
			return true
		}
	}
	return false
}

// alsElims appends the eliminations of two flanking ALS: for each digit
// common to both but the excluded ones (ascending), the cells seeing all
// its instances in both.
func alsElims(el []Candidate, a, b *alsSet, exclude uint32, n int) []Candidate {
	common := a.cands & b.cands &^ exclude
	if common == 0 || !setsMeet(a.buddies, b.buddies) {
		return el
	}
	for m := common; m != 0; m &= m - 1 {
		x := trailing(m)
		for w := range a.bud[x] {
			for bb := a.bud[x][w] & b.bud[x][w]; bb != 0; bb &= bb - 1 {
				el = append(el, Candidate{w*64 + trailing64(bb), uint8(x + 1)})
			}
		}
	}
	return el
}

// digitBit is the mask of a 1-based digit (0 for digit 0).
func digitBit(d uint8) uint32 {
	if d == 0 {
		return 0
	}
	return 1 << (d - 1)
}

// findAlsXZ reports ALS-XZ steps in RC order.
func findAlsXZ(g *Grid, opt alsOptions, emit func(*Step) bool) {
	d := alsDataOf(g, opt, true)
	n := g.Geo.N
	for _, rc := range d.rcs {
		a, b := &d.list[rc.a1], &d.list[rc.a2]
		var el []Candidate
		el = alsElims(el, a, b, digitBit(rc.c1), n)
		if rc.c2 != 0 {
			el = alsElims(el, a, b, digitBit(rc.c2), n)
			el = doublyLinked(el, a, b, rc)
			el = doublyLinked(el, b, a, rc)
		}
		el = firstOccurrences(el)
		if len(el) == 0 {
			continue
		}
		s := alsStep(g, "als-xz", el, []*alsSet{a, b}, []uint8{rc.c1, rc.c2})
		if !emit(s) {
			return
		}
	}
}

// doublyLinked adds the eliminations of ALS a locked by two RCs: its other
// digits leave every cell outside b seeing all their instances in a.
func doublyLinked(el []Candidate, a, b *alsSet, rc alsRC) []Candidate {
	rest := a.cands &^ (digitBit(rc.c1) | digitBit(rc.c2))
	for m := rest; m != 0; m &= m - 1 {
		x := trailing(m)
		for w := range a.bud[x] {
			for bb := a.bud[x][w] &^ b.in[w]; bb != 0; bb &= bb - 1 {
				el = append(el, Candidate{w*64 + trailing64(bb), uint8(x + 1)})
			}
		}
	}
	return el
}

// firstOccurrences drops repeated candidates, keeping the first of each.
func firstOccurrences(el []Candidate) []Candidate {
	out := el[:0]
	for _, e := range el {
		if !hasCandidate(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// findAlsXYWing reports ALS-XY-Wings in the order of RC pairs.
func findAlsXYWing(g *Grid, opt alsOptions, emit func(*Step) bool) {
	d := alsDataOf(g, opt, true)
	n := g.Geo.N
	union := d.newSet()
	// the RCs of each ALS, ascending: an RC pair of a wing shares an ALS,
	// so the pairs (i, j) are walked in the same order without the others
	if d.byAls == nil {
		// counted, then placed in one slab (each ALS's RCs ascending)
		d.byAls = make([][]int32, len(d.list))
		cnt := make([]int32, len(d.list)+1)
		for _, rc := range d.rcs {
			cnt[rc.a1+1]++
			cnt[rc.a2+1]++
		}
		for i := 1; i < len(cnt); i++ {
			cnt[i] += cnt[i-1]
		}
		slab := make([]int32, cnt[len(d.list)])
		for a := range d.byAls {
			d.byAls[a] = slab[cnt[a]:cnt[a]:cnt[a+1]]
		}
		for i, rc := range d.rcs {
			d.byAls[rc.a1] = append(d.byAls[rc.a1], int32(i))
			d.byAls[rc.a2] = append(d.byAls[rc.a2], int32(i))
		}
	}
	for i := range d.rcs {
		r1 := d.rcs[i]
		l1, l2 := d.byAls[r1.a1], d.byAls[r1.a2]
		k1, _ := slices.BinarySearch(l1, int32(i+1))
		k2, _ := slices.BinarySearch(l2, int32(i+1))
		for k1 < len(l1) || k2 < len(l2) {
			var j int
			switch {
			case k2 >= len(l2) || (k1 < len(l1) && l1[k1] < l2[k2]):
				j = int(l1[k1])
				k1++
			case k1 >= len(l1) || l2[k2] < l1[k1]:
				j = int(l2[k2])
				k2++
			default:
				j = int(l1[k1])
				k1++
				k2++
			}
			r2 := d.rcs[j]
			if r1.c2 == 0 && r2.c2 == 0 && r1.c1 == r2.c1 {
				continue
			}
			var ai, bi, ci int
			switch {
			case r1.a1 == r2.a1 && r1.a2 != r2.a2:
				ci, ai, bi = r1.a1, r1.a2, r2.a2
			case r1.a2 == r2.a1 && r1.a1 != r2.a2:
				ci, ai, bi = r1.a2, r1.a1, r2.a2
			case r1.a1 == r2.a2 && r1.a2 != r2.a1:
				ci, ai, bi = r1.a1, r1.a2, r2.a1
			case r1.a2 == r2.a2 && r1.a1 != r2.a1:
				ci, ai, bi = r1.a2, r1.a1, r2.a1
			default:
				continue
			}
			a, b, c := &d.list[ai], &d.list[bi], &d.list[ci]
			if !opt.overlap && setsMeet(a.in, b.in) {
				continue
			}
			for w := range union {
				union[w] = a.in[w] | b.in[w]
			}
			if equalSets(union, a.in) || equalSets(union, b.in) {
				continue
			}
			excl := digitBit(r1.c1) | digitBit(r1.c2) | digitBit(r2.c1) | digitBit(r2.c2)
			el := alsElims(nil, a, b, excl, n)
			if len(el) == 0 {
				continue
			}
			s := alsStep(g, "als-xy-wing", el, []*alsSet{a, b, c}, []uint8{r1.c1, r1.c2, r2.c1, r2.c2})
			if !emit(s) {
				return
			}
		}
	}
}

func equalSets(a, b cellSet) bool {
	for w := range a {
		if a[w] != b[w] {
			return false
		}
	}
	return true
}

// checkRC is HoDoKu's RestrictedCommon.checkRC: the RCs of rc still
// usable after the previous link last (nil at the chain's start, where a
// doubly linked RC is tried once per digit); 0 when none is.
func checkRC(rc *alsRC, last *alsRC, firstTry bool) uint8 {
	act := uint8(1)
	if rc.c2 != 0 {
		act = 3
	}
	if last == nil {
		if rc.c2 != 0 {
			if firstTry {
				act = 1
			} else {
				act = 2
			}
		}
		return act
	}
	switch last.actual {
	case 1:
		act = checkRCPair(last.c1, 0, rc.c1, rc.c2)
	case 2:
		act = checkRCPair(last.c2, 0, rc.c1, rc.c2)
	case 3:
		// HoDoKu passes the first digit twice here
		act = checkRCPair(last.c1, last.c1, rc.c1, rc.c2)
	}
	return act
}

func checkRCPair(c11, c12, c21, c22 uint8) uint8 {
	if c12 == 0 {
		if c22 == 0 {
			if c11 == c21 {
				return 0
			}
			return 1
		}
		switch {
		case c11 == c22:
			return 1
		case c11 == c21:
			return 2
		}
		return 3
	}
	if c22 == 0 {
		if c11 == c21 || c12 == c21 {
			return 0
		}
		return 1
	}
	switch {
	case (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21):
		return 0
	case c11 == c22 || c12 == c22:
		return 1
	case c11 == c21 || c12 == c21:
		return 2
	}
	return 3
}

// alsFound is a step of a collecting ALS search.
type alsFound struct {
	tech     string
	el       []Candidate // sorted by digit, then cell
	sets     []*alsSet
	rcDigits []uint8
	cells    int // cells in all its ALS
}

// findAlsChain collects HoDoKu's ALS chains (depth first from each ALS
// over RCs to later ALS) and reports them sorted.
func findAlsChain(g *Grid, opt alsOptions, emit func(*Step) bool) {
	d := alsDataOf(g, opt, true)
	n := g.Geo.N
	maxRC := opt.maxRC
	if maxRC == 0 {
		maxRC = 50
	}
	var found []alsFound
	seen := map[string]int{}
	chain := make([]alsRC, 0, maxRC)
	inChain := make([]bool, len(d.list))
	var start int
	stopped := false
	// HoDoKu's search walks every chain; with RCs only towards later ALS
	// (a DAG) a chain's future depends only on where it stands, so a
	// revisit no better than an earlier one is skipped (alsChainMemo).
	// The memo's tables cost more than a small search: it is made once
	// the search has visited alsMemoAfter chains, and from then on skips
	// revisits of chains seen since (still from the current start only).
	var memo *alsChainMemo
	useMemo := !opt.both && !opt.stream && !opt.exhaustive
	visits := 0
	cells := 0 // cells of the chain's ALS
	var rec func(ai int, last *alsRC)
	rec = func(ai int, last *alsRC) {
		if len(chain) >= maxRC || stopped {
			return
		}
		if useMemo && memo == nil {
			if visits++; visits > alsMemoAfter {
				if memo = newAlsChainMemo(d, n, maxRC); memo == nil {
					useMemo = false
				} else {
					memo.startAt(start)
				}
			}
		}
		if memo != nil && len(chain) >= 2 && memo.covered(chain[0], last, ai, len(chain), cells) {
			return
		}
		firstTry := true
		for i := d.rcStart[ai]; i < d.rcEnd[ai]; i++ {
			rc := d.rcs[i]
			act := checkRC(&rc, last, firstTry)
			if len(chain) >= maxRC || act == 0 || inChain[rc.a2] {
				continue
			}
			rc.actual = act
			chain = append(chain, rc)
			inChain[rc.a2] = true
			cells += len(d.list[rc.a2].cells)
			if len(chain) >= 3 {
				first := chain[0]
				c1, c2 := first.c1, first.c2
				if first.actual == 1 {
					c2 = 0
				} else if first.actual == 2 {
					c1 = 0
				}
				var c3, c4 uint8
				switch rc.actual {
				case 1:
					c3 = rc.c1
				case 2:
					c3 = rc.c2
				case 3:
					c3, c4 = rc.c1, rc.c2
				}
				el := alsElims(nil, &d.list[start], &d.list[rc.a2], digitBit(c1)|digitBit(c2)|digitBit(c3)|digitBit(c4), n)
				if len(el) > 0 {
					sortCandidates(el)
					el = dedupCandidates(el)
					f := alsFound{tech: "als-chain", el: el}
					f.sets = append(f.sets, &d.list[start])
					f.cells = len(d.list[start].cells)
					for _, x := range chain {
						f.sets = append(f.sets, &d.list[x.a2])
						f.cells += len(d.list[x.a2].cells)
						switch x.actual {
						case 1:
							f.rcDigits = append(f.rcDigits, x.c1)
						case 2:
							f.rcDigits = append(f.rcDigits, x.c2)
						default:
							f.rcDigits = append(f.rcDigits, x.c1, x.c2)
						}
					}
					if opt.stream {
						if !emit(alsStep(g, f.tech, f.el, f.sets, f.rcDigits)) {
							stopped = true
							return
						}
					} else if j, ok := seen[candKey(el)]; ok {
						if found[j].cells > f.cells {
							found[j] = f
						}
					} else {
						seen[candKey(el)] = len(found)
						found = append(found, f)
					}
				}
			}
			rec(rc.a2, &chain[len(chain)-1])
			cells -= len(d.list[rc.a2].cells)
			inChain[rc.a2] = false
			chain = chain[:len(chain)-1]
			if last == nil {
				if rc.c2 != 0 && firstTry {
					firstTry = false
					i--
				} else {
					firstTry = true
				}
			}
		}
	}
	for i := 0; i < len(d.list) && !stopped; i++ {
		start = i
		clear(inChain)
		inChain[i] = true
		cells = len(d.list[i].cells)
		if memo != nil {
			memo.startAt(i)
		}
		rec(i, nil)
	}
	sortAlsFound(found)
	for i := range found {
		f := &found[i]
		if !emit(alsStep(g, f.tech, f.el, f.sets, f.rcDigits)) {
			return
		}
	}
}

// alsChainMemo skips the ALS chain search's revisits that can find
// nothing new. With RCs only towards later ALS, what the search finds
// below a chain depends only on its start, the digit its first RC uses
// (both excluded from the eliminations), the ALS it stands on, the digit
// its last RC passes on (HoDoKu's checkRC reads one digit of it: c2 when
// actual is 2, else c1), its length (the 50-RC limit; and from 2 RCs on
// every extension is a chain of 3+) and its cells (which chain is kept
// for an elimination set). A chain standing where an earlier one stood
// (from the same start, so already walked to the end) that is no
// shorter and has no fewer cells finds only elimination sets found
// before, each by a chain with no more cells: HoDoKu keeps the first
// chain of each set and replaces it only by one with fewer cells, so the
// list and its order are the full search's.
type alsChainMemo struct {
	n, maxRC int
	// height[a]: the most RCs a chain can still take from ALS a (a bound:
	// a chain no longer than maxRC-height[a] is not cut by the limit)
	height []int
	// per (first digit, last digit, ALS): the earlier visit from the
	// current start, when stamp is start+1
	stamp []int32
	depth []int32 // -1: not cut by the limit below
	cells []int32
	cur   int32
}

// alsMemoMax bounds the memo's table (entries); a bigger search goes
// without it.
const alsMemoMax = 1 << 23

// alsMemoAfter is the number of chain visits after which a search makes
// its memo (a variable so that tests can make it at once).
var alsMemoAfter = 1 << 14

func newAlsChainMemo(d *alsData, n, maxRC int) *alsChainMemo {
	size := n * n * len(d.list)
	if size > alsMemoMax {
		return nil
	}
	m := &alsChainMemo{n: n, maxRC: maxRC, height: make([]int, len(d.list)),
		stamp: make([]int32, size), depth: make([]int32, size), cells: make([]int32, size)}
	for a := len(d.list) - 1; a >= 0; a-- {
		for i := d.rcStart[a]; i < d.rcEnd[a]; i++ {
			if h := 1 + m.height[d.rcs[i].a2]; h > m.height[a] {
				m.height[a] = h
			}
		}
	}
	return m
}

// startAt begins the chains from ALS start (the earlier visits are
// another start's).
func (m *alsChainMemo) startAt(start int) { m.cur = int32(start + 1) }

// covered reports whether the chain of length depth and cells standing on
// ALS a (first RC first, last RC last) is no better than an earlier
// visit's, and otherwise records it.
func (m *alsChainMemo) covered(first alsRC, last *alsRC, a, depth, cells int) bool {
	fd := first.c1
	if first.actual == 2 {
		fd = first.c2
	}
	ld := last.c1
	if last.actual == 2 {
		ld = last.c2
	}
	i := ((int(fd)-1)*m.n+int(ld)-1)*len(m.height) + a
	dep := int32(depth)
	if depth+m.height[a] <= m.maxRC {
		dep = -1
	}
	if m.stamp[i] == m.cur {
		if (m.depth[i] == -1 || (dep != -1 && m.depth[i] <= dep)) && m.cells[i] <= int32(cells) {
			return true
		}
		if !((dep == -1 || (m.depth[i] != -1 && dep <= m.depth[i])) && int32(cells) <= m.cells[i]) {
			return false // neither is better: keep the earlier
		}
	}
	m.stamp[i], m.depth[i], m.cells[i] = m.cur, dep, int32(cells)
	return false
}

// sortAlsFound sorts as HoDoKu's AlsComparator: most eliminations, then
// (different eliminations) the lowest weighted sum, then fewest ALS, then
// fewest cells.
func sortAlsFound(found []alsFound) {
	sort.SliceStable(found, func(i, j int) bool {
		a, b := &found[i], &found[j]
		if len(a.el) != len(b.el) {
			return len(a.el) > len(b.el)
		}
		if a.tech != b.tech || !sameCandidates(a.el, b.el) {
			return hodokuIndexSum(a.el) < hodokuIndexSum(b.el)
		}
		if len(a.sets) != len(b.sets) {
			return len(a.sets) < len(b.sets)
		}
		return a.cells < b.cells
	})
}

// findDeathBlossom reports HoDoKu's death blossoms: stem cells in cell
// order, ALS tried per stem candidate in ALS order.
func findDeathBlossom(g *Grid, opt alsOptions, emit func(*Step) bool) {
	d := alsDataOf(g, opt, false)
	geo := g.Geo
	n := geo.N
	// per cell and digit: the ALS whose instances of the digit it sees
	per := make([][][]int, geo.Cells)
	for i := range d.list {
		a := &d.list[i]
		for m := a.cands; m != 0; m &= m - 1 {
			x := trailing(m)
			for w := range a.bud[x] {
				for bb := a.bud[x][w]; bb != 0; bb &= bb - 1 {
					c := w*64 + trailing64(bb)
					if per[c] == nil {
						per[c] = make([][]int, n)
					}
					per[c][x] = append(per[c][x], i)
				}
			}
		}
	}
	seen := map[string]bool{}
	used := d.newSet()
	chosen := make([]int, n)
	for stem := 0; stem < geo.Cells; stem++ {
		if g.Values[stem] != 0 || per[stem] == nil {
			continue
		}
		var have uint32
		for x := 0; x < n; x++ {
			if len(per[stem][x]) > 0 {
				have |= 1 << x
			}
		}
		if have != g.Cand[stem] {
			continue
		}
		maxD := 31 - leadingZeros32(g.Cand[stem])
		for i := range chosen {
			chosen[i] = -1
		}
		clear(used)
		stop := false
		var rec func(x int, common uint32)
		rec = func(x int, common uint32) {
			if stop || x > maxD {
				return
			}
			if len(per[stem][x]) == 0 {
				chosen[x] = -1
				rec(x+1, common)
				return
			}
			for _, ai := range per[stem][x] {
				a := &d.list[ai]
				if (!opt.overlap && setsMeet(a.in, used)) || common&a.cands == 0 {
					continue
				}
				chosen[x] = ai
				nc := common & a.cands
				for w := range used {
					used[w] |= a.in[w]
				}
				if x < maxD {
					rec(x+1, nc)
				} else {
					var el []Candidate
					for m := nc; m != 0; m &= m - 1 {
						z := trailing(m)
						if chosen[z] != -1 {
							continue
						}
						seers := d.newSet()
						first := true
						for y := 0; y < n; y++ {
							if chosen[y] == -1 {
								continue
							}
							b := &d.list[chosen[y]]
							if b.cands&(1<<z) == 0 {
								continue
							}
							// cells seeing every z of every ALS
							for w := range seers {
								if first {
									seers[w] = b.bud[z][w]
								} else {
									seers[w] &= b.bud[z][w]
								}
							}
							first = false
						}
						for w := range seers {
							for bb := seers[w] &^ used[w]; bb != 0; bb &= bb - 1 {
								c := w*64 + trailing64(bb)
								if c != stem {
									el = append(el, Candidate{c, uint8(z + 1)})
								}
							}
						}
					}
					if len(el) > 0 {
						var sets []*alsSet
						var rcd []uint8
						for y := 0; y < n; y++ {
							if chosen[y] >= 0 {
								sets = append(sets, &d.list[chosen[y]])
								rcd = append(rcd, uint8(y+1))
							}
						}
						k := candKey(el)
						if !seen[k] {
							seen[k] = true
							s := alsStep(g, "death-blossom", el, sets, rcd)
							s.Cells = append([]int{stem}, s.Cells...)
							s.Detail = "1," + s.Detail
							if !emit(s) {
								stop = true
							}
						}
					}
				}
				for w := range used {
					used[w] &^= a.in[w]
				}
				if stop {
					return
				}
			}
		}
		rec(0, g.Geo.All)
		if stop {
			return
		}
	}
}

func leadingZeros32(m uint32) int {
	n := 0
	for b := uint32(1) << 31; b != 0 && m&b == 0; b >>= 1 {
		n++
	}
	return n
}

// alsStep builds an ALS step: Cells holds the ALS' cells one ALS after the
// other, Detail their sizes ("3,2"), Digits the RC digits.
func alsStep(g *Grid, tech string, el []Candidate, sets []*alsSet, rcDigits []uint8) *Step {
	s := &Step{Tech: tech, Eliminations: el}
	sizes := make([]string, len(sets))
	for i, a := range sets {
		s.Cells = append(s.Cells, a.cells...)
		sizes[i] = strconv.Itoa(len(a.cells))
		for _, c := range a.cells {
			for m := g.Cand[c]; m != 0; m &= m - 1 {
				s.Support = append(s.Support, Candidate{c, digitOf(m)})
			}
		}
	}
	s.Detail = strings.Join(sizes, ",")
	var dm uint32
	for _, x := range rcDigits {
		dm |= digitBit(x)
	}
	s.Digits = maskDigits(dm)
	return s
}

// alsParts splits an ALS step's cells into its sets (see alsStep).
func alsParts(s *Step) [][]int {
	var out [][]int
	at := 0
	for _, f := range strings.Split(s.Detail, ",") {
		k, err := strconv.Atoi(f)
		if err != nil || k <= 0 || at+k > len(s.Cells) {
			return nil
		}
		out = append(out, s.Cells[at:at+k])
		at += k
	}
	if at != len(s.Cells) {
		return nil
	}
	return out
}

func explainAls(s *Step, g *Grid) string {
	geo := g.Geo
	parts := alsParts(s)
	if parts == nil {
		return explainGeneric(s, g)
	}
	set := func(cells []int) string {
		var m uint32
		for _, x := range s.Support {
			if inCells(x.Cell, cells) {
				m |= 1 << (x.Digit - 1)
			}
		}
		return fmt.Sprintf("%s {%s}", cellList(geo, cells), digitList(maskDigits(m)))
	}
	var names []string
	for _, p := range parts {
		names = append(names, set(p))
	}
	rc := digitList(s.Digits)
	switch s.Tech {
	case "als-xz":
		return fmt.Sprintf("almost locked sets %s and %s share the restricted common %s (it can be in only one of them), so each other common digit is in one of them: %s",
			names[0], names[1], rc, resultText(s, geo))
	case "als-xy-wing":
		return fmt.Sprintf("almost locked sets %s and %s are each linked to %s by restricted commons %s: a digit common to the first two is in one of them: %s",
			names[0], names[1], names[2], rc, resultText(s, geo))
	case "als-chain":
		return fmt.Sprintf("the almost locked sets %s form a chain through restricted commons %s: the first or the last holds their common digit: %s",
			strings.Join(names, " - "), rc, resultText(s, geo))
	case "death-blossom":
		return fmt.Sprintf("stem cell %s: each of its candidates %s is seen by all its instances in one of %s, so the digits these sets share go from cells seeing them all: %s",
			geo.CellName(parts[0][0]), rc, strings.Join(names[1:], ", "), resultText(s, geo))
	}
	return explainGeneric(s, g)
}
