package grade

import (
	"fmt"
	"math/bits"
	"strings"
)

// The general fish search (HoDoKu's FishSolver): any units as base and
// cover sets. It finds finned and sashimi fish under HoDoKu's scan on
// grids of up to 9 digits (scanOrder.finsByUnits; basic fish come from
// fish.go's base-line search in both scans), Franken fish (boxes may join
// the rows of the base set and the columns of the cover set, or the other
// way round), mutant fish (any units on either side) and fish of 5-7 base
// units; Kraken fish are an option of it (fish_kraken.go), and the
// regression library runs it for one digit. HoDoKu's order and rules:
//
//   - digits ascending; for basic and Franken fish rows as base units
//     first (columns as cover), then columns; mutant fish in one pass;
//   - base units in unit order (rows, columns, boxes), combinations depth
//     first; a unit overlapping the base units chosen so far adds endo
//     fins (its shared cells), allowed only in finned Franken and mutant
//     searches and at most two in all;
//   - cover units: every unit that is not a base unit and meets the base
//     cells, combinations depth first;
//   - a base cell outside the cover units is a fin (at most five, endo
//     fins counted); a finless fish removes the digit from the cover
//     cells outside the base and from base cells in two cover units; a
//     finned one only from those of them that see every fin;
//   - a basic fish is sashimi when some base unit keeps at most one cell
//     besides the fins; the finned search skips sashimi fish and the
//     sashimi search finned ones.
//
// The first fish found is HoDoKu's step. The search prunes cover
// combinations that can no longer cover all but five base cells, which
// does not change what it finds.

// HoDoKu fish categories.
const (
	fishCatBasic = iota
	fishCatFranken
	fishCatMutant
)

const (
	hodokuMaxFins     = 5
	hodokuMaxEndoFins = 2
)

// fishMask is a cell set for the fish search (up to 640 cells).
type fishMask [10]uint64

// hodokuFishSearch is the state of one fish search.
type hodokuFishSearch struct {
	g          *Grid
	nw         int // words used
	size       int
	cat        int
	finless    bool // find fish without fins
	finned     bool // find fish with fins
	sashimi    bool // (finned search) sashimi fish instead of finned ones
	endoFins   bool
	d          int // digit, 0-based
	emit       func(*Step) bool
	stopped    bool
	baseUnits  []int
	baseCands  []fishMask
	covUnits   []int
	covCands   []fishMask
	baseUsed   []bool
	digitCells fishMask // the cells with the digit
	covUsed    []bool
	unitMask   []fishMask // cells of each unit
	peers      []fishMask // per cell
	// current search
	base    []int // chosen base unit indexes (into baseUnits)
	baseSet fishMask
	endo    fishMask
	cover   []int // chosen cover unit indexes (into cu)
	cu      []int // cover units usable for this base set
	cuCands []fishMask
	// pruning (see coverSearch)
	baseCells []int
	prune     bool
	maxFins   int
	cov       []uint64
	suffix    []uint64 // suffix[j]: union of cov[j:]
	endoC     uint64
	gen       uint32 // base sets searched
	finCache  [256]finCacheEntry
	// Kraken search (fish_kraken.go): the fins' tables and the emitter
	kraken     *krakenTables
	krakenEmit func(*Step) bool
}

func (m *fishMask) add(c int)      { m[c>>6] |= 1 << (c & 63) }
func (m *fishMask) has(c int) bool { return m[c>>6]&(1<<(c&63)) != 0 }
func fmOr(a, b *fishMask, nw int) (r fishMask) {
	for i := 0; i < nw; i++ {
		r[i] = a[i] | b[i]
	}
	return
}
func fmAnd(a, b *fishMask, nw int) (r fishMask) {
	for i := 0; i < nw; i++ {
		r[i] = a[i] & b[i]
	}
	return
}
func fmAndNot(a, b *fishMask, nw int) (r fishMask) {
	for i := 0; i < nw; i++ {
		r[i] = a[i] &^ b[i]
	}
	return
}
func fmEmpty(a *fishMask, nw int) bool {
	for i := 0; i < nw; i++ {
		if a[i] != 0 {
			return false
		}
	}
	return true
}
func fmCount(a *fishMask, nw int) int {
	n := 0
	for i := 0; i < nw; i++ {
		n += popc64(a[i])
	}
	return n
}

func popc64(x uint64) int { return bits.OnesCount64(x) }

// fmCells lists the cells of a set, ascending.
func fmCells(a *fishMask, nw int) []int {
	var out []int
	for w := 0; w < nw; w++ {
		for m := a[w]; m != 0; m &= m - 1 {
			out = append(out, w*64+trailing64(m))
		}
	}
	return out
}

// hodokuFish runs one HoDoKu fish search (getAnyFish) and emits the fish
// in the order HoDoKu finds them.
func hodokuFish(g *Grid, size, cat int, finless, finned, sashimi bool, emit func(*Step) bool) {
	hodokuFishDigits(g, size, cat, finless, finned, sashimi, ^uint32(0), emit)
}

// hodokuFishDigits is hodokuFish for the digits in a mask only (bit d-1
// for digit d), as HoDoKu's library tests search one candidate; opts
// adjust the search before it starts (the Kraken search).
func hodokuFishDigits(g *Grid, size, cat int, finless, finned, sashimi bool, digits uint32, emit func(*Step) bool, opts ...func(*hodokuFishSearch)) {
	geo := g.Geo
	s := &hodokuFishSearch{g: g, nw: (geo.Cells + 63) / 64, size: size, cat: cat,
		finless: finless, finned: finned, sashimi: sashimi, endoFins: cat != fishCatBasic, emit: emit}
	for _, o := range opts {
		o(s)
	}
	s.unitMask = make([]fishMask, len(geo.Units))
	for u, cells := range geo.Units {
		for _, c := range cells {
			s.unitMask[u].add(c)
		}
	}
	t := tablesOf(geo)
	s.peers = make([]fishMask, geo.Cells)
	for c := range s.peers {
		for w := range t.peerMask[c] {
			s.peers[c][w] = t.peerMask[c][w]
		}
	}
	s.baseUsed = make([]bool, len(geo.Units))
	s.covUsed = make([]bool, len(geo.Units))
	for d := 0; d < geo.N && !s.stopped; d++ {
		if digits&(1<<d) == 0 {
			continue
		}
		s.d = d
		s.digitCells = fishMask{}
		for c := 0; c < geo.Cells; c++ {
			if g.Cand[c]&(1<<d) != 0 {
				s.digitCells.add(c)
			}
		}
		s.search(true)
		if cat != fishCatMutant && !s.stopped {
			s.search(false)
		}
	}
}

// search runs one pass: rows as base units (lines) or columns.
func (s *hodokuFishSearch) search(lines bool) {
	g := s.g
	geo := g.Geo
	n := geo.N
	s.baseUnits, s.baseCands = s.baseUnits[:0], s.baseCands[:0]
	s.covUnits, s.covCands = s.covUnits[:0], s.covCands[:0]
	bit := uint32(1) << s.d
	add := func(u int, m fishMask, base bool) {
		if base {
			if s.finned || fmCount(&m, s.nw) <= s.size {
				s.baseUnits = append(s.baseUnits, u)
				s.baseCands = append(s.baseCands, m)
			}
			return
		}
		s.covUnits = append(s.covUnits, u)
		s.covCands = append(s.covCands, m)
	}
	for u := range geo.Units {
		if u >= 2*n && s.cat == fishCatBasic {
			continue
		}
		var m fishMask
		for _, c := range geo.Units[u] {
			if g.Cand[c]&bit != 0 {
				m.add(c)
			}
		}
		if fmEmpty(&m, s.nw) {
			continue
		}
		switch {
		case u >= 2*n:
			add(u, m, false)
			add(u, m, true)
		case s.cat == fishCatMutant:
			add(u, m, true)
			add(u, m, false)
		default:
			isRow := u < n
			add(u, m, isRow == lines)
		}
	}
	s.base = s.base[:0]
	s.baseRec(0, fishMask{}, fishMask{})
}

// baseRec chooses base units depth first from index from.
func (s *hodokuFishSearch) baseRec(from int, cands, endo fishMask) {
	for i := from; i < len(s.baseUnits) && !s.stopped; i++ {
		ov := fmAnd(&cands, &s.baseCands[i], s.nw)
		var nendo fishMask
		if !fmEmpty(&ov, s.nw) {
			if !s.finned || !s.endoFins || fmCount(&endo, s.nw)+fmCount(&ov, s.nw) > hodokuMaxEndoFins {
				continue
			}
		}
		nc := fmOr(&cands, &s.baseCands[i], s.nw)
		nendo = fmOr(&endo, &ov, s.nw)
		if !fmEmpty(&ov, s.nw) && !s.canEliminate(&nendo) {
			// the endo fins are fins of every fish of this subtree and
			// no candidate sees them all
			continue
		}
		u := s.baseUnits[i]
		s.baseUsed[u] = true
		s.base = append(s.base, i)
		if len(s.base) == s.size {
			s.baseSet, s.endo = nc, nendo
			s.coverSearch()
		} else {
			s.baseRec(i+1, nc, nendo)
		}
		s.base = s.base[:len(s.base)-1]
		s.baseUsed[u] = false
	}
}

// coverSearch tries every combination of cover units for the base set.
//
// The pruning works on the base cells numbered 0..63 (every fish of a
// 9x9 grid has fewer base cells; a larger base set is searched without
// pruning): bit k of cov[j] says cover unit j holds base cell k.
func (s *hodokuFishSearch) coverSearch() {
	s.cu, s.cuCands = s.cu[:0], s.cuCands[:0]
	for i, u := range s.covUnits {
		if s.baseUsed[u] {
			continue
		}
		x := fmAnd(&s.baseSet, &s.covCands[i], s.nw)
		if fmEmpty(&x, s.nw) {
			continue
		}
		s.cu = append(s.cu, u)
		s.cuCands = append(s.cuCands, s.covCands[i])
	}
	s.cover = s.cover[:0]
	s.gen++
	s.baseCells = fmCells(&s.baseSet, s.nw)
	s.prune = len(s.baseCells) <= 64
	s.maxFins = 0
	if s.finned {
		s.maxFins = hodokuMaxFins
	}
	if s.kraken != nil {
		s.maxFins = krakenMaxFins
	}
	n := len(s.cu)
	if cap(s.cov) < n+1 {
		s.cov = make([]uint64, n+1)
		s.suffix = make([]uint64, n+1)
	}
	s.cov, s.suffix = s.cov[:n+1], s.suffix[:n+1]
	s.endoC = 0
	if s.prune {
		for k, c := range s.baseCells {
			if s.endo.has(c) {
				s.endoC |= 1 << k
			}
		}
		for j := range s.cu {
			s.cov[j] = 0
			for k, c := range s.baseCells {
				if s.cuCands[j].has(c) {
					s.cov[j] |= 1 << k
				}
			}
		}
		s.suffix[n] = 0
		for j := n - 1; j >= 0; j-- {
			s.suffix[j] = s.suffix[j+1] | s.cov[j]
		}
	}
	s.coverRec(0, 0)
}

// coverRec chooses the cover units depth first from index from; covered
// holds the base cells (numbered) the chosen units cover.
func (s *hodokuFishSearch) coverRec(from int, covered uint64) {
	need := s.size - len(s.cover)
	all := uint64(1)<<len(s.baseCells) - 1
	if len(s.baseCells) == 64 {
		all = ^uint64(0)
	}
	for i := from; i <= len(s.cu)-need && !s.stopped; i++ {
		if s.prune {
			// the base cells no remaining unit can cover, and the endo
			// fins, are fins: at most maxFins, and some candidate must
			// see them all
			unc := all &^ covered
			left := unc&^s.suffix[i] | s.endoC
			if nl := bits.OnesCount64(left); nl > s.maxFins || (nl > 0 && !s.canEliminateC(left)) {
				return
			}
			if i == from && !s.coverable(unc, i, need) {
				return
			}
		}
		if need == 1 && s.prune {
			// the fish's fins are known: reject it cheaply
			fins := all&^(covered|s.cov[i]) | s.endoC
			nf := bits.OnesCount64(fins)
			if nf == 0 && !s.finless || nf > 0 && (nf > s.maxFins || !s.canEliminateC(fins)) {
				continue
			}
		}
		s.cover = append(s.cover, i)
		if len(s.cover) == s.size {
			s.checkCover()
		} else {
			s.coverRec(i+1, covered|s.cov[i])
		}
		s.cover = s.cover[:len(s.cover)-1]
	}
}

// coverable reports whether need more cover units from index from on can
// cover all but maxFins cells of unc (an upper bound: the need units
// covering most of unc).
func (s *hodokuFishSearch) coverable(unc uint64, from, need int) bool {
	nu := bits.OnesCount64(unc) - s.maxFins
	if nu <= 0 {
		return true
	}
	var best [8]int // the need largest coverages, descending
	for j := from; j < len(s.cu); j++ {
		n := bits.OnesCount64(unc & s.cov[j])
		for k := 0; k < need; k++ {
			if n > best[k] {
				n, best[k] = best[k], n
			}
		}
	}
	sum := 0
	for k := 0; k < need; k++ {
		sum += best[k]
	}
	return sum >= nu
}

// canEliminateC is canEliminate for numbered base cells, remembered per
// base set in a small direct-mapped cache.
func (s *hodokuFishSearch) canEliminateC(fins uint64) bool {
	if s.kraken != nil {
		return true // a Kraken fish needs no plain elimination
	}
	h := (fins * 0x9e3779b97f4a7c15) >> 56
	if e := &s.finCache[h]; e.gen == s.gen && e.fins == fins {
		return e.ok
	}
	fb := s.digitCells
	for m := fins; m != 0; m &= m - 1 {
		fb = fmAnd(&fb, &s.peers[s.baseCells[bits.TrailingZeros64(m)]], s.nw)
	}
	ok := !fmEmpty(&fb, s.nw)
	s.finCache[h] = finCacheEntry{gen: s.gen, fins: fins, ok: ok}
	return ok
}

// finCacheEntry remembers canEliminateC for one fin set; gen is the
// base set it belongs to.
type finCacheEntry struct {
	gen  uint32
	fins uint64
	ok   bool
}

// canEliminate reports whether some candidate of the digit outside fins
// sees every cell of fins (fins must be non-empty): the only candidates a
// finned fish can remove.
func (s *hodokuFishSearch) canEliminate(fins *fishMask) bool {
	if s.kraken != nil {
		return true
	}
	fb := s.digitCells
	for w := 0; w < s.nw; w++ {
		for m := fins[w]; m != 0; m &= m - 1 {
			fb = fmAnd(&fb, &s.peers[w*64+bits.TrailingZeros64(m)], s.nw)
		}
	}
	return !fmEmpty(&fb, s.nw)
}

// checkCover collects the chosen cover units' candidates and cannibalistic
// cells (in two cover units) and checks the fish.
func (s *hodokuFishSearch) checkCover() {
	var cands, cannibal fishMask
	for _, j := range s.cover {
		ov := fmAnd(&cands, &s.cuCands[j], s.nw)
		cannibal = fmOr(&cannibal, &ov, s.nw)
		cands = fmOr(&cands, &s.cuCands[j], s.nw)
	}
	s.check(cands, cannibal)
}

// check tests the chosen base and cover units.
func (s *hodokuFishSearch) check(cover, cannibal fishMask) {
	if s.kraken != nil {
		s.checkKraken(cover, cannibal)
		return
	}
	nw := s.nw
	fins := fmAndNot(&s.baseSet, &cover, nw)
	covered := fmEmpty(&fins, nw)
	fins = fmOr(&fins, &s.endo, nw)
	outside := fmAndNot(&cover, &s.baseSet, nw)
	if covered && s.finless && fmEmpty(&fins, nw) {
		if fmEmpty(&outside, nw) && fmEmpty(&cannibal, nw) {
			return
		}
		s.found(false, fins, outside, cannibal)
		return
	}
	nf := fmCount(&fins, nw)
	if !s.finned || nf == 0 || nf > hodokuMaxFins {
		return
	}
	var fb fishMask
	first := true
	for w := 0; w < nw; w++ {
		for m := fins[w]; m != 0; m &= m - 1 {
			c := w*64 + trailing64(m)
			if first {
				fb = s.peers[c]
				first = false
			} else {
				fb = fmAnd(&fb, &s.peers[c], nw)
			}
		}
	}
	if fmEmpty(&fb, nw) {
		return
	}
	del := fmAnd(&outside, &fb, nw)
	can := fmAnd(&cannibal, &fb, nw)
	if fmEmpty(&del, nw) && fmEmpty(&can, nw) {
		return
	}
	s.found(true, fins, del, can)
}

// found builds the step (HoDoKu's createFishStep) and emits it unless it
// is of the other finned kind.
func (s *hodokuFishSearch) found(withFins bool, fins, del, cannibal fishMask) {
	g := s.g
	geo := g.Geo
	n := geo.N
	nw := s.nw
	var baseKinds, coverKinds uint8 // bit 0 row, 1 column, 2 box
	kindBit := func(u int) uint8 { return 1 << (u / n) }
	for _, i := range s.base {
		baseKinds |= kindBit(s.baseUnits[i])
	}
	for _, i := range s.cover {
		coverKinds |= kindBit(s.cu[i])
	}
	const row, col, box = 1, 2, 4
	basic := (baseKinds == row && coverKinds == col) || (baseKinds == col && coverKinds == row)
	sashimi := false
	if basic {
		for _, i := range s.base {
			rest := fmAndNot(&s.baseCands[i], &fins, nw)
			if fmCount(&rest, nw) <= 1 {
				sashimi = true
				break
			}
		}
	}
	cat := fishCatMutant
	switch {
	case basic:
		cat = fishCatBasic
	case ((baseKinds == row || baseKinds == row|box) && (coverKinds == col || coverKinds == col|box)) ||
		((baseKinds == col || baseKinds == col|box) && (coverKinds == row || coverKinds == row|box)):
		cat = fishCatFranken
	}
	if s.cat == fishCatBasic && withFins && sashimi != s.sashimi {
		return // the other search reports it
	}
	tech := hodokuFishTech(cat, s.size, withFins, sashimi)
	if tech == "" {
		return
	}
	d := uint8(s.d + 1)
	st := &Step{Tech: tech, Digits: []uint8{d}}
	for _, c := range fmCells(&del, nw) {
		st.Eliminations = append(st.Eliminations, Candidate{c, d})
	}
	for _, c := range fmCells(&cannibal, nw) {
		if !hasCandidate(st.Eliminations, Candidate{c, d}) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
	}
	for _, i := range s.base {
		st.Units = append(st.Units, s.baseUnits[i])
	}
	for _, i := range s.cover {
		st.Units = append(st.Units, s.cu[i])
	}
	st.Cells = fmCells(&s.baseSet, nw)
	finCells := fmCells(&fins, nw)
	for _, c := range st.Cells {
		if !inCells(c, finCells) {
			st.Support = append(st.Support, Candidate{c, d})
		}
	}
	if len(finCells) > 0 {
		var fc []Candidate
		for _, c := range finCells {
			fc = append(fc, Candidate{c, d})
		}
		st.Support = append(st.Support, fc...)
		st.Detail = "fins " + candNames(geo, fc)
	}
	if !s.emit(st) {
		s.stopped = true
	}
}

// hodokuFishTech names a fish; "" for kinds we have no technique for.
func hodokuFishTech(cat, size int, finned, sashimi bool) string {
	if name := fishID(cat, size, finned, sashimi); name != "" && techByID(name) != nil {
		return name
	}
	return ""
}

// fishID builds a fish's technique id from its category, size (base
// units, 2-7) and kind ("" for other sizes).
func fishID(cat, size int, finned, sashimi bool) string {
	names := [...]string{"", "", "x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"}
	if size >= len(names) {
		return ""
	}
	name := names[size]
	switch cat {
	case fishCatFranken:
		name = "franken-" + name
	case fishCatMutant:
		name = "mutant-" + name
	}
	switch {
	case sashimi && cat == fishCatBasic && finned:
		name = "sashimi-" + name
	case finned:
		name = "finned-" + name
	}
	return name
}

// hodokuFishFinder returns a finder for one HoDoKu fish search: category,
// size and kind (finless, finned, sashimi).
func hodokuFishFinder(cat, size, kind int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, _ *Ctx, emit func(*Step) bool) {
		hodokuFish(g, size, cat, kind == fishBasic, kind != fishBasic, kind == fishSashimi, emit)
	}
}

var frankenTechniques = []Technique{
	{ID: "franken-x-wing", Name: "Franken X-Wing", HoDoKuName: "Franken X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		Find: hodokuFishFinder(fishCatFranken, 2, fishBasic), Explain: explainGeneralFish},
	{ID: "franken-swordfish", Name: "Franken Swordfish", HoDoKuName: "Franken Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 350, HoDoKuLevel: LevelUnfair,
		Find: hodokuFishFinder(fishCatFranken, 3, fishBasic), Explain: explainGeneralFish},
	{ID: "franken-jellyfish", Name: "Franken Jellyfish", HoDoKuName: "Franken Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 370, HoDoKuLevel: LevelUnfair,
		Find: hodokuFishFinder(fishCatFranken, 4, fishBasic), Explain: explainGeneralFish},
	{ID: "finned-franken-x-wing", Name: "Finned Franken X-Wing", HoDoKuName: "Finned Franken X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 390, HoDoKuLevel: LevelUnfair,
		Find: hodokuFishFinder(fishCatFranken, 2, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-franken-swordfish", Name: "Finned Franken Swordfish", HoDoKuName: "Finned Franken Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 410, HoDoKuLevel: LevelUnfair,
		Find: hodokuFishFinder(fishCatFranken, 3, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-franken-jellyfish", Name: "Finned Franken Jellyfish", HoDoKuName: "Finned Franken Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 430, HoDoKuLevel: LevelUnfair,
		Find: hodokuFishFinder(fishCatFranken, 4, fishFinned), Explain: explainGeneralFish},
	{ID: "mutant-x-wing", Name: "Mutant X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 450, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 2, fishBasic), Explain: explainGeneralFish},
	{ID: "mutant-swordfish", Name: "Mutant Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 450, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 3, fishBasic), Explain: explainGeneralFish},
	{ID: "mutant-jellyfish", Name: "Mutant Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 450, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 4, fishBasic), Explain: explainGeneralFish},
	{ID: "finned-mutant-x-wing", Name: "Finned Mutant X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 2, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-swordfish", Name: "Finned Mutant Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 3, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-jellyfish", Name: "Finned Mutant Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 4, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-squirmbag", Name: "Finned Mutant Squirmbag", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 5, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-whale", Name: "Finned Mutant Whale", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: hodokuFishFinder(fishCatMutant, 6, fishFinned), Explain: explainGeneralFish},
}

func init() { registerTechniques(frankenTechniques...) }

// explainGeneralFish phrases Franken and mutant fish.
func explainGeneralFish(s *Step, g *Grid) string {
	geo := g.Geo
	base, cover := fishUnitNames(s, geo)
	d := sym(s.Digits[0])
	txt := fmt.Sprintf("in %s, %s can only go in %s", joinAnd(base), d, joinAnd(cover))
	if strings.HasPrefix(s.Detail, "fins ") {
		txt += fmt.Sprintf(" or in the fins (%s); either way %s leaves the cells seeing all fins", strings.TrimPrefix(s.Detail, "fins "), d)
	}
	return txt + ": " + resultText(s, g.Geo)
}

// hodokuFishSearchOf reads the search behind a fish technique id (the
// inverse of hodokuFishTech); ok is false for other techniques.
func hodokuFishSearchOf(id string) (cat, size, kind int, ok bool) {
	kind = fishBasic
	if rest, cut := strings.CutPrefix(id, "finned-"); cut {
		id, kind = rest, fishFinned
	} else if rest, cut := strings.CutPrefix(id, "sashimi-"); cut {
		id, kind = rest, fishSashimi
	}
	cat = fishCatBasic
	if rest, cut := strings.CutPrefix(id, "franken-"); cut {
		id, cat = rest, fishCatFranken
	} else if rest, cut := strings.CutPrefix(id, "mutant-"); cut {
		id, cat = rest, fishCatMutant
	}
	for n, name := range [...]string{"", "", "x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"} {
		if name != "" && name == id {
			return cat, n, kind, true
		}
	}
	return 0, 0, 0, false
}
