package grade

import (
	"fmt"
	"strings"
)

// Chains: remote pairs, X-Chain, XY-Chain, discontinuous and continuous
// nice loops and AICs. Remote pairs, X- and XY-Chains (and turbot fish)
// are HoDoKu's depth-first search over its own link lists
// (simple_chains.go); nice loops and AICs are HoDoKu's tables over the
// chain engine (chain_engine.go, tabling.go), whose strong links are a
// conjugate pair in a unit or the two digits of a bivalue cell and weak
// links the same digit in two peer cells or two digits of one cell.
// Grouped nodes, ALS nodes and forcing nets extend the engine's node set
// and link lists.
//
// The code is general over box shapes; on large grids it is slow (the
// graph grows with N^3).

var chainTechniques = []Technique{
	{ID: "remote-pair", Name: "Remote Pair", HoDoKuName: "Remote Pair", Family: "chains", SENote: asChain, HoDoKuScore: 110, HoDoKuLevel: LevelHard,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findSimpleChains(g, chainRemotePair, emit) }, Explain: explainRemotePair},
	{ID: "x-chain", Name: "X-Chain", HoDoKuName: "X-Chain", Family: "chains", SENote: asChain, HoDoKuScore: 260, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findSimpleChains(g, chainX, emit) }, Explain: explainChain},
	{ID: "xy-chain", Name: "XY-Chain", HoDoKuName: "XY-Chain", Family: "chains", SENote: asChain, HoDoKuScore: 260, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { findSimpleChains(g, chainXY, emit) }, Explain: explainChain},
	{ID: "nice-loop", Name: "Nice Loop / AIC", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuLoops(g, false, emit) }, Explain: explainHoDoKuChain},
	{ID: "continuous-nice-loop", Name: "Continuous Nice Loop", HoDoKuName: "Continuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		MadeBy: "nice-loop", Explain: explainHoDoKuChain},
	{ID: "discontinuous-nice-loop", Name: "Discontinuous Nice Loop", HoDoKuName: "Discontinuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		MadeBy: "nice-loop", Explain: explainHoDoKuChain},
	{ID: "aic", Name: "AIC", HoDoKuName: "AIC", Family: "chains", SENote: asChain, HoDoKuScore: 280, HoDoKuLevel: LevelUnfair,
		MadeBy: "nice-loop", Explain: explainHoDoKuChain},
	{ID: "grouped-nice-loop", Name: "Grouped Nice Loop / AIC", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		Find: func(g *Grid, _ *Ctx, emit func(*Step) bool) { hodokuLoops(g, true, emit) }, Explain: explainHoDoKuChain},
	{ID: "grouped-continuous-nice-loop", Name: "Grouped Continuous Nice Loop", HoDoKuName: "Grouped Continuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		MadeBy: "grouped-nice-loop", Explain: explainHoDoKuChain},
	{ID: "grouped-discontinuous-nice-loop", Name: "Grouped Discontinuous Nice Loop", HoDoKuName: "Grouped Discontinuous Nice Loop", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		MadeBy: "grouped-nice-loop", Explain: explainHoDoKuChain},
	{ID: "grouped-aic", Name: "Grouped AIC", HoDoKuName: "Grouped AIC", Family: "chains", SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		MadeBy: "grouped-nice-loop", Explain: explainHoDoKuChain},
}

func init() { registerTechniques(chainTechniques...) }

// explainHoDoKuChain phrases a nice loop or AIC: what kind of chain, its
// nodes (a group node as the digit in one of its cells, an ALS node as
// the ALS losing the digit, which locks its other digits), and its result.
func explainHoDoKuChain(s *Step, g *Grid) string {
	geo := g.Geo
	if len(s.Chain) == 0 {
		return explainGeneric(s, g)
	}
	kind := "nice loop"
	switch {
	case strings.HasSuffix(s.Tech, "aic"):
		kind = "alternating inference chain (its two ends cannot both be false)"
	case strings.Contains(s.Tech, "discontinuous"):
		kind = "discontinuous nice loop (it comes back to its start cell with a contradiction or a forced digit)"
	case strings.Contains(s.Tech, "continuous"):
		kind = "continuous nice loop (closed: each weak link in it becomes strong)"
	}
	groups := map[int]ChainGroup{}
	for _, gr := range s.Groups {
		groups[gr.Index] = gr
	}
	parts := make([]string, len(s.Chain))
	for i, n := range s.Chain {
		d := sym(n.Digit)
		gr, isGroup := groups[i]
		switch {
		case isGroup && gr.ALS:
			var m uint32
			for _, c := range gr.Cells {
				m |= g.Cand[c]
			}
			parts[i] = fmt.Sprintf("ALS %s {%s} has no %s (its other digits are locked there)", cellList(geo, gr.Cells), digitList(maskDigits(m)), d)
		case isGroup && n.On:
			parts[i] = fmt.Sprintf("%s is in %s", d, cellList(geo, gr.Cells))
		case isGroup:
			parts[i] = fmt.Sprintf("%s is not in %s", d, cellList(geo, gr.Cells))
		case n.On:
			parts[i] = fmt.Sprintf("%s is %s", geo.CellName(n.Cell), d)
		default:
			parts[i] = fmt.Sprintf("%s is not %s", geo.CellName(n.Cell), d)
		}
	}
	return fmt.Sprintf("%s: %s: %s", kind, strings.Join(parts, " → "), resultText(s, geo))
}

func explainRemotePair(s *Step, g *Grid) string {
	return fmt.Sprintf("{%s} in the chain %s alternates the two digits, so a cell seeing two of its cells an odd number of steps apart can hold neither: %s",
		digitList(s.Digits), cellList(g.Geo, s.Cells), resultText(s, g.Geo))
}
