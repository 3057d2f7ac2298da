package grade

import "sync"

// seTechniques are the technique ids only the SE profile produces.
var seTechniques = []Technique{
	{ID: "direct-pointing", Name: "Direct Pointing", Family: "intersections", SE: 1.7, SENote: "a pointing that at once leaves a hidden single; only the single is placed"},
	{ID: "direct-claiming", Name: "Direct Claiming", Family: "intersections", SE: 1.9, SENote: "a claiming that at once leaves a hidden single; only the single is placed"},
	{ID: "direct-hidden-pair", Name: "Direct Hidden Pair", Family: "subsets", SE: 2.0, SENote: "a hidden pair that at once leaves a hidden single"},
	{ID: "direct-hidden-triple", Name: "Direct Hidden Triple", Family: "subsets", SE: 2.5, SENote: "a hidden triple that at once leaves a hidden single"},
	{ID: "unique-rectangle", Name: "Unique Rectangle (SE types 1-4)", Family: "uniqueness", SE: 4.5, SENote: "type 3: +0.1 per extra subset cell", Uniqueness: true},
	{ID: "unique-loop", Name: "Unique Loop (SE types 1-4)", Family: "uniqueness", SE: 4.6, SENote: "4.5 +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more; type 3 +0.1 per extra subset cell", Uniqueness: true},
	{ID: "bug-1", Name: "BUG Type 1", Family: "uniqueness", SE: 5.6, SENote: "HoDoKu calls it BUG+1 (bug-plus-1)", Uniqueness: true},
	{ID: "bug-2", Name: "BUG Type 2", Family: "uniqueness", SE: 5.7, Uniqueness: true},
	{ID: "bug-3", Name: "BUG Type 3", Family: "uniqueness", SE: 5.8, SENote: "5.7 +0.1 per subset cell beyond one", Uniqueness: true},
	{ID: "bug-4", Name: "BUG Type 4", Family: "uniqueness", SE: 5.7, Uniqueness: true},
	{ID: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Family: "exclusion", SE: 6.2},
	{ID: "x-cycle", Name: "Bidirectional X-Cycle", Family: "chains", SE: 6.5, SENote: "+ length bonus"},
	{ID: "y-cycle", Name: "Bidirectional Y-Cycle", Family: "chains", SE: 6.5, SENote: "+ length bonus"},
	{ID: "forcing-x-chain", Name: "Forcing X-Chain", Family: "chains", SE: 6.6, SENote: "+ length bonus"},
	{ID: "xy-cycle", Name: "Bidirectional Cycle", Family: "chains", SE: 7.0, SENote: "+ length bonus"},
	{ID: "forcing-xy-chain", Name: "Forcing Chain (X and Y links)", Family: "chains", SE: 7.0, SENote: "+ length bonus"},
}

func init() {
	RegisterTechniques(seTechniques...)
	RegisterProfile("se", SEProfile)
}

var (
	seOnce    sync.Once
	seProfile *Profile
)

// SEProfile returns the Sudoku Explainer 1.2.1 profile: SE's producers 1-21
// (SE-RULES.md) in SE's order, each rating its own steps. Producers 22 and
// up (aligned triple exclusion, Nishio, multiple and dynamic forcing
// chains) are not part of it yet: a puzzle that needs them ends "beyond"
// (ER 20.0). The returned profile is shared; do not modify it.
func SEProfile() *Profile {
	seOnce.Do(func() {
		seProfile = &Profile{Name: "se", Rules: []Rule{
			{Tech: "hidden-single", Finder: FinderFunc(seHiddenSingle), Difficulty: 1.2},
			{Tech: "direct-pointing", Finder: FinderFunc(seDirectIntersection), Difficulty: 1.7},
			{Tech: "direct-hidden-pair", Finder: seDirectHidden(2), Difficulty: 2.0},
			{Tech: "naked-single", Finder: FinderFunc(seNakedSingle), Difficulty: 2.3},
			{Tech: "direct-hidden-triple", Finder: seDirectHidden(3), Difficulty: 2.5},
			{Tech: "pointing", Finder: FinderFunc(seIntersection), Difficulty: 2.6},
			{Tech: "naked-pair", Finder: seNakedSet(2), Difficulty: 3.0},
			{Tech: "x-wing", Finder: seFish(2), Difficulty: 3.2},
			{Tech: "hidden-pair", Finder: seHiddenSet(2), Difficulty: 3.4},
			{Tech: "naked-triple", Finder: seNakedSet(3), Difficulty: 3.6},
			{Tech: "swordfish", Finder: seFish(3), Difficulty: 3.8},
			{Tech: "hidden-triple", Finder: seHiddenSet(3), Difficulty: 4.0},
			{Tech: "xy-wing", Finder: seWing(false), Difficulty: 4.2},
			{Tech: "xyz-wing", Finder: seWing(true), Difficulty: 4.4},
			{Tech: "unique-loop", Finder: FinderFunc(seUniqueLoop), Difficulty: 4.5, Uniqueness: true},
			{Tech: "naked-quad", Finder: seNakedSet(4), Difficulty: 5.0},
			{Tech: "jellyfish", Finder: seFish(4), Difficulty: 5.2},
			{Tech: "hidden-quad", Finder: seHiddenSet(4), Difficulty: 5.4},
			{Tech: "bug-1", Finder: FinderFunc(seBUG), Difficulty: 5.6, Uniqueness: true},
			{Tech: "aligned-pair-exclusion", Finder: FinderFunc(seAPE), Difficulty: 6.2},
			{Tech: "x-cycle", Finder: FinderFunc(seChains), Difficulty: 6.5},
		}}
	})
	return seProfile
}
