package grade

import (
	"slices"
	"sync"
)

// HoDoKu levels, in order, with the highest puzzle score each holds.
var hodokuLevels = []Level{
	{LevelEasy, 800},
	{LevelMedium, 1000},
	{LevelHard, 1600},
	{LevelUnfair, 1800},
	{LevelExtreme, 0},
}

// hodokuOrder is HoDoKu 2.2.0's default solving order of the techniques we
// implement (GRADING.md). Techniques of one row of that table keep
// HoDoKu's order inside the row.
var hodokuOrder = []string{
	"full-house", "naked-single", "hidden-single",
	"locked-pair", "locked-triple",
	"pointing", "claiming",
	"naked-pair", "naked-triple",
	"hidden-pair", "hidden-triple",
	"naked-quad", "hidden-quad",
	"x-wing", "swordfish", "jellyfish",
	"remote-pair", "bug-plus-1",
	"skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle",
	"w-wing", "xy-wing", "xyz-wing",
	"uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4", "uniqueness-5", "uniqueness-6",
	"hidden-rectangle", "avoidable-rectangle-1", "avoidable-rectangle-2",
	"finned-x-wing", "sashimi-x-wing",
	"finned-swordfish", "sashimi-swordfish", "finned-jellyfish", "sashimi-jellyfish",
	"sue-de-coq",
	"simple-colors", "multi-colors",
	"x-chain", "xy-chain",
	"nice-loop", "grouped-nice-loop",
	"als-xz", "als-xy-wing", "als-chain",
	"franken-x-wing", "franken-swordfish", "finned-franken-x-wing", "finned-franken-swordfish",
	"forcing-chain", "forcing-net",
	"brute-force",
}

// HoDoKuDefault reports whether HoDoKu 2.2.0 uses technique id in its
// default configuration (and so does sudogen's HoDoKu profile): the
// technique, or the one whose finder reports it, is in HoDoKu's default
// solving order. Death blossom, Kraken fish, fish beyond Franken
// Swordfish, templates and the like are off there unless a user turns
// them on.
func HoDoKuDefault(id string) bool {
	t, ok := TechniqueByID(id)
	if !ok {
		return false
	}
	if t.MadeBy != "" {
		id = t.MadeBy
	}
	return slices.Contains(hodokuOrder, id)
}

var (
	hodokuOnce    sync.Once
	hodokuProfile *Profile
)

// HoDoKuProfile returns the HoDoKu 2.2.0 profile: HoDoKu's techniques in
// its default order, each step scored as HoDoKu scores it; the puzzle's
// score is the sum and its level follows HoDoKu's rule. Step difficulties
// are the HoDoKu scores too, so Result.Hardest names the highest-scoring
// technique used. Techniques HoDoKu leaves off by default (death
// blossom, fish beyond Franken Swordfish, Kraken fish, templates, ALS
// nodes in chains) are off here too; brute force, last, finishes every
// valid unique puzzle. The profile is shared; do not modify it.
func HoDoKuProfile() *Profile {
	hodokuOnce.Do(func() {
		hodokuProfile = mustProfile(ProfileSpec{Name: "hodoku", Scale: ScaleHoDoKu, Scan: ScanHoDoKu, Order: hodokuOrder, Levels: hodokuLevels, Prepare: hodokuPrepare})
	})
	return hodokuProfile
}

func init() { RegisterProfile("hodoku", HoDoKuProfile) }
