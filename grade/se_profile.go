package grade

import "sync"

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
			{Tech: "bug", Finder: FinderFunc(seBUG), Difficulty: 5.6, Uniqueness: true},
			{Tech: "aligned-pair-exclusion", Finder: FinderFunc(seAPE), Difficulty: 6.2},
			{Tech: "forcing-chain", Finder: FinderFunc(seChains), Difficulty: 6.5},
		}}
	})
	return seProfile
}
