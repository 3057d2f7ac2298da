package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// Kraken fish (HoDoKu's FishSolver with its TablingSolver). A finned fish
// that removes nothing by itself still says: the digit is in the fish
// (then the usual eliminations hold) or in one of the fins. Chains from
// the fins finish the job:
//
//   - type 1: a cover candidate outside the base (or in two cover units)
//     that every fin, taken true, turns off by a chain is false;
//   - type 2: for one cover unit holding candidates outside the base, the
//     digit is in one of that unit's base cells or in a fin; a candidate
//     (any digit) that each of them, taken true, turns off by a chain is
//     false.
//
// The chains are HoDoKu's tables with group nodes (capped at 1000
// entries each). The search is HoDoKu's default kraken settings: basic
// and Franken fish of 2 to 4 base units, at most two fins, no endo fins,
// digits ascending; each size searched rows first, then columns. HoDoKu
// leaves Kraken fish off by default, and so does the hodoku profile.

const (
	krakenMaxSize = 4
	krakenMaxFins = 2
)

var krakenTechniques = []Technique{
	{ID: "kraken-fish-1", Name: "Kraken Fish Type 1", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 500, HoDoKuLevel: LevelExtreme,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findKraken(g, ^uint32(0), emit) }, Explain: explainKraken},
	{ID: "kraken-fish-2", Name: "Kraken Fish Type 2", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 500, HoDoKuLevel: LevelExtreme,
		MadeBy: "kraken-fish-1", Explain: explainKraken},
}

func init() { registerTechniques(krakenTechniques...) }

// krakenTables keeps, per candidate taken true, the candidates its table
// turns off (a bit per candidate key), built when first asked for.
type krakenTables struct {
	tb    *tabler
	words int
	off   [][]uint64
}

func (k *krakenTables) offOf(key int32) []uint64 {
	if k.off[key] != nil {
		return k.off[key]
	}
	s := make([]uint64, k.words)
	c := k.tb.c
	k.tb.fill(key, true)
	for _, nd := range c.pool {
		if !nd.on && nd.key < c.ncand {
			s[nd.key>>6] |= 1 << (nd.key & 63)
		}
	}
	k.off[key] = s
	return s
}

// turnsOff reports whether the table of from (taken true) turns to off.
func (k *krakenTables) turnsOff(from, to int32) bool {
	return k.offOf(from)[to>>6]&(1<<(to&63)) != 0
}

// chainText writes the chain of from's table that turns to off.
func (k *krakenTables) chainText(from, to int32) string {
	tb := k.tb
	c := tb.c
	tb.fill(from, true)
	if !c.inOff(to) {
		return ""
	}
	tb.readChain(c.offSet[to])
	geo := tb.g.Geo
	parts := make([]string, len(tb.chain))
	for i, nd := range tb.chain {
		d := sym(tb.nodeDigit(nd.key))
		switch {
		case tb.isGroup(nd.key) && nd.on:
			parts[i] = fmt.Sprintf("%s is in %s", d, cellList(geo, tb.nodeCells(nd.key)))
		case tb.isGroup(nd.key):
			parts[i] = fmt.Sprintf("%s is not in %s", d, cellList(geo, tb.nodeCells(nd.key)))
		case nd.on:
			parts[i] = fmt.Sprintf("%s is %s", geo.CellName(tb.nodeCell(nd.key)), d)
		default:
			parts[i] = fmt.Sprintf("%s is not %s", geo.CellName(tb.nodeCell(nd.key)), d)
		}
	}
	return strings.Join(parts, " → ")
}

// findKraken runs the Kraken fish search for the digits in mask.
func findKraken(g *Grid, digits uint32, emit func(*Step) bool) {
	if g.Geo.N > hodokuForcingMaxN {
		return // tables of larger grids grow too fast (see hodokuForcing)
	}
	gk := &groupKind{}
	c := getChainer(g, gk)
	defer c.release()
	tb := &tabler{c: c, g: g, n: g.Geo.N, l: hodokuTableLinks, groups: gk}
	tb.lasso, tb.cells = newCellSet(g.Geo.Cells), newCellSet(g.Geo.Cells)
	kt := &krakenTables{tb: tb, words: int(c.ncand+63) / 64, off: make([][]uint64, c.ncand)}
	stopped := false
	for d := 0; d < g.Geo.N && !stopped; d++ {
		if digits&(1<<d) == 0 {
			continue
		}
		for size := 2; size <= krakenMaxSize && !stopped; size++ {
			runFish(g, fishSpec{size: size, cat: fishCatFranken, finned: true, noEndo: true, digits: 1 << d, kraken: kt,
				krakenEmit: func(st *Step) bool {
					if !emit(st) {
						stopped = true
						return false
					}
					return true
				}}, nil)
		}
	}
}

// checkKraken looks for Kraken fish on the chosen base and cover units
// (HoDoKu's searchForKraken): fins, and nothing the plain fish removes.
func (s *fishSearch) checkKraken(cover, cannibal fishMask) {
	nw := s.nw
	fins := fmAndNot(&s.baseSet, &cover, nw)
	nf := fmCount(&fins, nw)
	if nf == 0 || nf > krakenMaxFins {
		return
	}
	// the cells seeing every fin: the plain fish removes what of its
	// potential eliminations lies there; a Kraken needs none of it
	fb := s.seenByAll(&fins)
	if fmEmpty(&fb, nw) {
		return
	}
	outside := fmAndNot(&cover, &s.baseSet, nw)
	del := fmAnd(&outside, &fb, nw)
	can := fmAnd(&cannibal, &fb, nw)
	if !fmEmpty(&del, nw) || !fmEmpty(&can, nw) {
		return
	}
	g := s.g
	n := g.Geo.N
	d := s.d
	// try reports a Kraken fish when every source cell, its digit d taken
	// true, turns candidate e off; false stops the search
	try := func(tech string, srcCells []int, e Candidate) bool {
		to := int32(e.Cell*n + int(e.Digit) - 1)
		for _, sc := range srcCells {
			if !s.kraken.turnsOff(int32(sc*n+d), to) {
				return true
			}
		}
		chains := make([]string, len(srcCells))
		for i, sc := range srcCells {
			chains[i] = s.kraken.chainText(int32(sc*n+d), to)
		}
		return s.krakenStep(tech, fins, e, chains)
	}
	// type 1
	finCells := fmCells(&fins, nw)
	pot := fmOr(&outside, &cannibal, nw)
	for _, e := range fmCells(&pot, nw) {
		if !try("kraken-fish-1", finCells, Candidate{e, uint8(d + 1)}) {
			return
		}
	}
	// type 2: per cover unit with candidates outside the base
	for _, j := range s.cover {
		inBase := fmAnd(&s.cuCands[j], &s.baseSet, nw)
		inBase = fmAndNot(&inBase, &cannibal, nw)
		if inBase == s.cuCands[j] {
			continue // every candidate of the unit is in the base: a forcing chain
		}
		src := fmOr(&inBase, &fins, nw)
		srcCells := fmCells(&src, nw)
		for x := 0; x < n; x++ {
			bit := uint32(1) << x
			for cell := range g.Cand {
				if g.Values[cell] != 0 || g.Cand[cell]&bit == 0 || src.has(cell) {
					continue
				}
				if !try("kraken-fish-2", srcCells, Candidate{cell, uint8(x + 1)}) {
					return
				}
			}
		}
	}
}

// krakenStep emits one Kraken fish removing e; false stops the search.
func (s *fishSearch) krakenStep(tech string, fins fishMask, e Candidate, chains []string) bool {
	nw := s.nw
	d := uint8(s.d + 1)
	st := &Step{Tech: tech, Digits: []uint8{d}, Eliminations: []Candidate{e}}
	for _, i := range s.base {
		st.Units = append(st.Units, s.baseUnits[i])
	}
	for _, i := range s.cover {
		st.Units = append(st.Units, s.cu[i])
	}
	st.Cells = fmCells(&s.baseSet, nw)
	var fc []Candidate
	for _, c := range fmCells(&fins, nw) {
		fc = append(fc, Candidate{c, d})
	}
	for _, c := range st.Cells {
		if !fins.has(c) {
			st.Support = append(st.Support, Candidate{c, d})
		}
	}
	st.Support = append(st.Support, fc...)
	st.Detail = "fins " + candNames(s.g.Geo, fc) + "; chains: " + strings.Join(chains, "; ")
	if !s.krakenEmit(st) {
		s.stopped = true
		return false
	}
	return true
}

// explainKraken phrases a Kraken fish: the fish, its fins, and the chains
// (kept in Detail) that lead from each possibility to the elimination.
func explainKraken(s *Step, g *Grid) string {
	geo := g.Geo
	if len(s.Digits) != 1 || len(s.Units) < 2 {
		return explainGeneric(s, g)
	}
	base, cover := fishUnitNames(s, geo)
	fins, chains, _ := strings.Cut(strings.TrimPrefix(s.Detail, "fins "), "; chains: ")
	d := sym(s.Digits[0])
	what := fmt.Sprintf("in %s, %s can only go in %s or in the fins (%s), and the fish alone removes nothing", numfmt.AndList(base), d, numfmt.AndList(cover), fins)
	if s.Tech == "kraken-fish-2" {
		what += fmt.Sprintf("; so %s is in one of the fins or in the base cells of one cover unit", d)
	}
	return fmt.Sprintf("%s; every case leads to the same elimination (%s): %s", what, chains, resultText(s, geo))
}
