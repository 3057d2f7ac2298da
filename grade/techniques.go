package grade

import (
	"sort"
	"sync"
)

// Technique describes one solving technique: its stable id, the name a
// player knows it by, and its rating on both scales.
type Technique struct {
	// ID is the stable kebab-case id used in records and step logs.
	ID string
	// Name is the display name.
	Name string
	// Family groups techniques for listings ("singles", "fish", ...).
	Family string
	// HoDoKuScore and HoDoKuLevel are the technique's score and level in
	// HoDoKu 2.2.0 (0 and "" when HoDoKu has no such technique).
	HoDoKuScore int
	HoDoKuLevel string
	// SE is the base Sudoku Explainer rating (0 when SE has no rule of its
	// own); SENote says how SE rates it otherwise or which bonus applies.
	SE     float64
	SENote string
	// Uniqueness marks techniques that assume a unique solution.
	Uniqueness bool
	// Finder finds the technique's steps (nil for ids whose steps are made
	// by another producer, e.g. SE-only rules registered elsewhere).
	Finder Finder
}

// HoDoKu level names.
const (
	LevelEasy    = "Easy"
	LevelMedium  = "Medium"
	LevelHard    = "Hard"
	LevelUnfair  = "Unfair"
	LevelExtreme = "Extreme"
)

const asChain = "SE finds it as a chain (X-/Y-cycle or forcing chain, 6.5-7.5)"

// techniqueTable lists the HoDoKu-style techniques, easiest first.
var techniqueTable = []Technique{
	{ID: "full-house", Name: "Full House", Family: "singles", HoDoKuScore: 4, HoDoKuLevel: LevelEasy, SE: 1.0, Finder: FullHouse},
	{ID: "hidden-single", Name: "Hidden Single", Family: "singles", HoDoKuScore: 14, HoDoKuLevel: LevelEasy, SE: 1.2, SENote: "1.2 in a box, 1.5 in a row or column", Finder: HiddenSingle},
	{ID: "naked-single", Name: "Naked Single", Family: "singles", HoDoKuScore: 4, HoDoKuLevel: LevelEasy, SE: 2.3, Finder: NakedSingle},
	{ID: "locked-pair", Name: "Locked Pair", Family: "intersections", HoDoKuScore: 40, HoDoKuLevel: LevelMedium, SE: 3.0, SENote: "a naked pair to SE", Finder: LockedPair},
	{ID: "locked-triple", Name: "Locked Triple", Family: "intersections", HoDoKuScore: 60, HoDoKuLevel: LevelMedium, SE: 3.6, SENote: "a naked triple to SE", Finder: LockedTriple},
	{ID: "pointing", Name: "Locked Candidates (Pointing)", Family: "intersections", HoDoKuScore: 50, HoDoKuLevel: LevelMedium, SE: 2.6, Finder: Pointing},
	{ID: "claiming", Name: "Locked Candidates (Claiming)", Family: "intersections", HoDoKuScore: 50, HoDoKuLevel: LevelMedium, SE: 2.8, Finder: Claiming},
	{ID: "naked-pair", Name: "Naked Pair", Family: "subsets", HoDoKuScore: 60, HoDoKuLevel: LevelMedium, SE: 3.0, Finder: NakedSubset(2)},
	{ID: "naked-triple", Name: "Naked Triple", Family: "subsets", HoDoKuScore: 80, HoDoKuLevel: LevelMedium, SE: 3.6, Finder: NakedSubset(3)},
	{ID: "hidden-pair", Name: "Hidden Pair", Family: "subsets", HoDoKuScore: 70, HoDoKuLevel: LevelMedium, SE: 3.4, Finder: HiddenSubset(2)},
	{ID: "hidden-triple", Name: "Hidden Triple", Family: "subsets", HoDoKuScore: 100, HoDoKuLevel: LevelMedium, SE: 4.0, Finder: HiddenSubset(3)},
	{ID: "naked-quad", Name: "Naked Quadruple", Family: "subsets", HoDoKuScore: 120, HoDoKuLevel: LevelHard, SE: 5.0, Finder: NakedSubset(4)},
	{ID: "x-wing", Name: "X-Wing", Family: "fish", HoDoKuScore: 140, HoDoKuLevel: LevelHard, SE: 3.2, Finder: BasicFish(2)},
	{ID: "swordfish", Name: "Swordfish", Family: "fish", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SE: 3.8, Finder: BasicFish(3)},
	{ID: "jellyfish", Name: "Jellyfish", Family: "fish", HoDoKuScore: 160, HoDoKuLevel: LevelHard, SE: 5.2, Finder: BasicFish(4)},
	{ID: "finned-x-wing", Name: "Finned X-Wing", Family: "fish", HoDoKuScore: 130, HoDoKuLevel: LevelHard, SENote: asChain, Finder: FinnedFish(2)},
	{ID: "sashimi-x-wing", Name: "Sashimi X-Wing", Family: "fish", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SENote: asChain, Finder: SashimiFish(2)},
	{ID: "finned-swordfish", Name: "Finned Swordfish", Family: "fish", HoDoKuScore: 200, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: FinnedFish(3)},
	{ID: "sashimi-swordfish", Name: "Sashimi Swordfish", Family: "fish", HoDoKuScore: 240, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: SashimiFish(3)},
	{ID: "finned-jellyfish", Name: "Finned Jellyfish", Family: "fish", HoDoKuScore: 250, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: FinnedFish(4)},
	{ID: "sashimi-jellyfish", Name: "Sashimi Jellyfish", Family: "fish", HoDoKuScore: 260, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: SashimiFish(4)},
	{ID: "skyscraper", Name: "Skyscraper", Family: "single-digit", HoDoKuScore: 130, HoDoKuLevel: LevelHard, SENote: asChain, Finder: Skyscraper},
	{ID: "two-string-kite", Name: "2-String Kite", Family: "single-digit", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SENote: asChain, Finder: TwoStringKite},
	{ID: "turbot-fish", Name: "Turbot Fish", Family: "single-digit", HoDoKuScore: 120, HoDoKuLevel: LevelHard, SENote: asChain, Finder: TurbotFish},
	{ID: "empty-rectangle", Name: "Empty Rectangle", Family: "single-digit", HoDoKuScore: 120, HoDoKuLevel: LevelHard, SENote: asChain, Finder: EmptyRectangle},
	{ID: "w-wing", Name: "W-Wing", Family: "wings", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SENote: asChain, Finder: WWing},
	{ID: "xy-wing", Name: "XY-Wing", Family: "wings", HoDoKuScore: 160, HoDoKuLevel: LevelHard, SE: 4.2, Finder: XYWing},
	{ID: "xyz-wing", Name: "XYZ-Wing", Family: "wings", HoDoKuScore: 180, HoDoKuLevel: LevelHard, SE: 4.4, Finder: XYZWing},
	{ID: "uniqueness-1", Name: "Uniqueness Test 1", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SE: 4.5, Uniqueness: true, Finder: UniquenessTest(1)},
	{ID: "uniqueness-2", Name: "Uniqueness Test 2", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SE: 4.5, Uniqueness: true, Finder: UniquenessTest(2)},
	{ID: "uniqueness-3", Name: "Uniqueness Test 3", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SE: 4.5, SENote: "+0.1 per extra subset cell", Uniqueness: true, Finder: UniquenessTest(3)},
	{ID: "uniqueness-4", Name: "Uniqueness Test 4", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SE: 4.5, Uniqueness: true, Finder: UniquenessTest(4)},
	{ID: "uniqueness-5", Name: "Uniqueness Test 5", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SENote: asChain, Uniqueness: true, Finder: UniquenessTest(5)},
	{ID: "uniqueness-6", Name: "Uniqueness Test 6", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SENote: asChain, Uniqueness: true, Finder: UniquenessTest(6)},
	{ID: "hidden-rectangle", Name: "Hidden Rectangle", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SENote: asChain, Uniqueness: true, Finder: HiddenRectangle},
	{ID: "avoidable-rectangle-1", Name: "Avoidable Rectangle Type 1", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SENote: "SE has no avoidable rectangles", Uniqueness: true, Finder: AvoidableRectangle(1)},
	{ID: "avoidable-rectangle-2", Name: "Avoidable Rectangle Type 2", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SENote: "SE has no avoidable rectangles", Uniqueness: true, Finder: AvoidableRectangle(2)},
	{ID: "bug-plus-1", Name: "Bivalue Universal Grave + 1", Family: "uniqueness", HoDoKuScore: 100, HoDoKuLevel: LevelHard, SE: 5.6, SENote: "BUG type 1", Uniqueness: true, Finder: BUGPlusOne},
	{ID: "simple-colors-trap", Name: "Simple Colors Trap", Family: "coloring", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SENote: asChain, Finder: SimpleColorsTrap},
	{ID: "simple-colors-wrap", Name: "Simple Colors Wrap", Family: "coloring", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SENote: asChain, Finder: SimpleColorsWrap},
	{ID: "multi-colors-1", Name: "Multi-Colors 1", Family: "coloring", HoDoKuScore: 200, HoDoKuLevel: LevelHard, SENote: asChain, Finder: MultiColors1},
	{ID: "multi-colors-2", Name: "Multi-Colors 2", Family: "coloring", HoDoKuScore: 200, HoDoKuLevel: LevelHard, SENote: asChain, Finder: MultiColors2},
	{ID: "remote-pair", Name: "Remote Pair", Family: "chains", HoDoKuScore: 110, HoDoKuLevel: LevelHard, SENote: asChain, Finder: RemotePair},
	{ID: "x-chain", Name: "X-Chain", Family: "chains", HoDoKuScore: 260, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: XChain},
	{ID: "xy-chain", Name: "XY-Chain", Family: "chains", HoDoKuScore: 260, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: XYChain},
	{ID: "continuous-nice-loop", Name: "Continuous Nice Loop", Family: "chains", HoDoKuScore: 280, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: ContinuousNiceLoop},
	{ID: "discontinuous-nice-loop", Name: "Discontinuous Nice Loop", Family: "chains", HoDoKuScore: 280, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: DiscontinuousNiceLoop},
	{ID: "aic", Name: "AIC", Family: "chains", HoDoKuScore: 280, HoDoKuLevel: LevelUnfair, SENote: asChain, Finder: AIC},
	{ID: "hidden-quad", Name: "Hidden Quadruple", Family: "subsets", HoDoKuScore: 150, HoDoKuLevel: LevelHard, SE: 5.4, Finder: HiddenSubset(4)},
}

var (
	techMu    sync.Mutex
	techExtra []Technique
	techIndex map[string]int
	techAll   []Technique
)

// RegisterTechniques adds techniques to the registry (used for ids whose
// producers live outside the HoDoKu families, e.g. SE-only rules). Call it
// from an init function; ids must be new.
func RegisterTechniques(ts ...Technique) {
	techMu.Lock()
	defer techMu.Unlock()
	techExtra = append(techExtra, ts...)
	techIndex = nil
}

func techBuild() {
	if techIndex != nil {
		return
	}
	techAll = append(append([]Technique(nil), techniqueTable...), techExtra...)
	techIndex = make(map[string]int, len(techAll))
	for i, t := range techAll {
		if _, dup := techIndex[t.ID]; dup {
			panic("grade: technique id registered twice: " + t.ID)
		}
		techIndex[t.ID] = i
	}
}

// Techniques returns every registered technique: the HoDoKu-style ones in
// HoDoKu's solving order, then the others sorted by SE rating.
func Techniques() []Technique {
	techMu.Lock()
	defer techMu.Unlock()
	techBuild()
	out := append([]Technique(nil), techAll...)
	rank := func(id string) int {
		for i, x := range hodokuOrder {
			if x == id {
				return i
			}
		}
		return len(hodokuOrder)
	}
	own := out[:len(techniqueTable)]
	sort.SliceStable(own, func(i, j int) bool { return rank(own[i].ID) < rank(own[j].ID) })
	extra := out[len(techniqueTable):]
	sort.SliceStable(extra, func(i, j int) bool { return extra[i].SE < extra[j].SE })
	return out
}

// TechniqueByID returns the technique with this id.
func TechniqueByID(id string) (Technique, bool) {
	techMu.Lock()
	defer techMu.Unlock()
	techBuild()
	i, ok := techIndex[id]
	if !ok {
		return Technique{}, false
	}
	return techAll[i], true
}
