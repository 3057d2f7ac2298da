package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// Fish: X-Wing, Swordfish, Jellyfish and their finned and sashimi forms,
// Franken and mutant fish, the big fish HoDoKu names (squirmbag, whale,
// leviathan) and Kraken fish (fish_kraken.go): every one is an option of
// the one fish search (fish_search.go).

var fishTechniques = []Technique{
	{ID: "x-wing", Name: "X-Wing", HoDoKuName: "X-Wing", Family: "fish", Houses: true, SEFixed: true, SE: 3.2, HoDoKuScore: 140, HoDoKuLevel: LevelHard, Find: fishFinder(fishCatBasic, 2, fishBasic), Explain: explainFish},
	{ID: "swordfish", Name: "Swordfish", HoDoKuName: "Swordfish", Family: "fish", Houses: true, SEFixed: true, SE: 3.8, HoDoKuScore: 150, HoDoKuLevel: LevelHard, Find: fishFinder(fishCatBasic, 3, fishBasic), Explain: explainFish},
	{ID: "jellyfish", Name: "Jellyfish", HoDoKuName: "Jellyfish", Family: "fish", Houses: true, SEFixed: true, SE: 5.2, HoDoKuScore: 160, HoDoKuLevel: LevelHard, Find: fishFinder(fishCatBasic, 4, fishBasic), Explain: explainFish},
	{ID: "finned-x-wing", Name: "Finned X-Wing", HoDoKuName: "Finned X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 130, HoDoKuLevel: LevelHard, Find: fishFinder(fishCatBasic, 2, fishFinned), Explain: explainFish},
	{ID: "sashimi-x-wing", Name: "Sashimi X-Wing", HoDoKuName: "Sashimi X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard, Find: fishFinder(fishCatBasic, 2, fishSashimi), Explain: explainFish},
	{ID: "finned-swordfish", Name: "Finned Swordfish", HoDoKuName: "Finned Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelUnfair, Find: fishFinder(fishCatBasic, 3, fishFinned), Explain: explainFish},
	{ID: "sashimi-swordfish", Name: "Sashimi Swordfish", HoDoKuName: "Sashimi Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 240, HoDoKuLevel: LevelUnfair, Find: fishFinder(fishCatBasic, 3, fishSashimi), Explain: explainFish},
	{ID: "finned-jellyfish", Name: "Finned Jellyfish", HoDoKuName: "Finned Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 250, HoDoKuLevel: LevelUnfair, Find: fishFinder(fishCatBasic, 4, fishFinned), Explain: explainFish},
	{ID: "sashimi-jellyfish", Name: "Sashimi Jellyfish", HoDoKuName: "Sashimi Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 260, HoDoKuLevel: LevelUnfair, Find: fishFinder(fishCatBasic, 4, fishSashimi), Explain: explainFish},
	{ID: "franken-x-wing", Name: "Franken X-Wing", HoDoKuName: "Franken X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 300, HoDoKuLevel: LevelUnfair,
		Find: fishFinder(fishCatFranken, 2, fishBasic), Explain: explainGeneralFish},
	{ID: "franken-swordfish", Name: "Franken Swordfish", HoDoKuName: "Franken Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 350, HoDoKuLevel: LevelUnfair,
		Find: fishFinder(fishCatFranken, 3, fishBasic), Explain: explainGeneralFish},
	{ID: "franken-jellyfish", Name: "Franken Jellyfish", HoDoKuName: "Franken Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 370, HoDoKuLevel: LevelUnfair,
		Find: fishFinder(fishCatFranken, 4, fishBasic), Explain: explainGeneralFish},
	{ID: "finned-franken-x-wing", Name: "Finned Franken X-Wing", HoDoKuName: "Finned Franken X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 390, HoDoKuLevel: LevelUnfair,
		Find: fishFinder(fishCatFranken, 2, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-franken-swordfish", Name: "Finned Franken Swordfish", HoDoKuName: "Finned Franken Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 410, HoDoKuLevel: LevelUnfair,
		Find: fishFinder(fishCatFranken, 3, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-franken-jellyfish", Name: "Finned Franken Jellyfish", HoDoKuName: "Finned Franken Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 430, HoDoKuLevel: LevelUnfair,
		Find: fishFinder(fishCatFranken, 4, fishFinned), Explain: explainGeneralFish},
	{ID: "mutant-x-wing", Name: "Mutant X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 450, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 2, fishBasic), Explain: explainGeneralFish},
	{ID: "mutant-swordfish", Name: "Mutant Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 450, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 3, fishBasic), Explain: explainGeneralFish},
	{ID: "mutant-jellyfish", Name: "Mutant Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 450, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 4, fishBasic), Explain: explainGeneralFish},
	{ID: "finned-mutant-x-wing", Name: "Finned Mutant X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 2, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-swordfish", Name: "Finned Mutant Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 3, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-jellyfish", Name: "Finned Mutant Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 4, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-squirmbag", Name: "Finned Mutant Squirmbag", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 5, fishFinned), Explain: explainGeneralFish},
	{ID: "finned-mutant-whale", Name: "Finned Mutant Whale", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 470, HoDoKuLevel: LevelExtreme,
		Find: fishFinder(fishCatMutant, 6, fishFinned), Explain: explainGeneralFish},
}

func init() {
	registerTechniques(fishTechniques...)
	registerTechniques(bigFishTechniques()...)
}

// fishFinder returns the finder of the fish of one category, size (base
// houses: 2 X-Wing, 3 Swordfish, 4 Jellyfish, ...) and kind (without
// fins, finned, sashimi): the one fish search with those options, its
// hits picked in the scan's order.
func fishFinder(cat, size, kind int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, c *Ctx, emit func(*Step) bool) {
		runFish(g, fishSpec{size: size, cat: cat, finless: kind == fishBasic, finned: kind != fishBasic, sashimi: kind == fishSashimi,
			digits: ^uint32(0), order: c.Scan.order()}, emit)
	}
}

// hodokuFishDigits is the fish search of one category, size and kind in
// HoDoKu's order for the digits in a mask only (bit d-1 for digit d), as
// HoDoKu's library tests search one candidate; siamese adds the Siamese
// fish (fishSpec.siamese).
func hodokuFishDigits(g *Grid, cat, size, kind int, digits uint32, siamese bool, emit func(*Step) bool) {
	runFish(g, fishSpec{size: size, cat: cat, finless: kind == fishBasic, finned: kind != fishBasic, sashimi: kind == fishSashimi,
		siamese: siamese, digits: digits}, emit)
}

// bigFishTechniques are the fish of five to seven base houses HoDoKu
// names (squirmbag, whale, leviathan), found by the fish search of that
// size; HoDoKu scores them all 470 (Extreme) and leaves them off by
// default.
func bigFishTechniques() []Technique {
	var ts []Technique
	for size := 5; size <= 7; size++ {
		for _, cat := range [...]int{fishCatBasic, fishCatFranken, fishCatMutant} {
			for _, kind := range [...]int{fishBasic, fishFinned, fishSashimi} {
				if kind == fishSashimi && cat != fishCatBasic {
					continue
				}
				id := fishID(cat, size, kind != fishBasic, kind == fishSashimi)
				if id == "finned-mutant-squirmbag" || id == "finned-mutant-whale" {
					continue // registered with the Franken and mutant fish
				}
				ts = append(ts, Technique{ID: id, Name: fishName(id), Family: "fish", SEFixed: true, SENote: asChain,
					HoDoKuScore: 470, HoDoKuLevel: LevelExtreme, Find: fishFinder(cat, size, kind), Explain: explainGeneralFish})
			}
		}
	}
	return ts
}

// fishName turns a fish id into its display name ("finned-franken-whale"
// is "Finned Franken Whale").
func fishName(id string) string {
	parts := strings.Split(id, "-")
	for i, p := range parts {
		parts[i] = strings.ToUpper(p[:1]) + p[1:]
	}
	return strings.Join(parts, " ")
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

// candNames prints candidates' cells, e.g. "r1c2 r3c4".
func candNames(geo *sudoku.Geometry, cs []Candidate) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += geo.CellName(c.Cell)
	}
	return s
}

// fishUnitNames names a fish step's base units (the first half of Units,
// the first third for a Siamese fish) and cover units (the rest).
func fishUnitNames(s *Step, geo *sudoku.Geometry) (base, cover []string) {
	k := len(s.Units) / 2
	if _, siamese := fishFins(s); siamese {
		k = len(s.Units) / 3
	}
	for i, u := range s.Units {
		if i < k {
			base = append(base, geo.UnitName(u))
		} else {
			cover = append(cover, geo.UnitName(u))
		}
	}
	return base, cover
}

// fishFins reads a fish step's Detail: the names of its fins ("" for
// none) and whether it is a Siamese fish.
func fishFins(s *Step) (fins string, siamese bool) {
	d, siamese := strings.CutPrefix(s.Detail, "siamese ")
	return strings.TrimPrefix(d, "fins "), siamese
}

// fishCoverText names a fish's cover houses; a Siamese fish's two cover
// sets are named apart ("A and B, or C and D").
func fishCoverText(s *Step, cover []string) string {
	if _, siamese := fishFins(s); siamese {
		k := len(cover) / 2
		return numfmt.AndList(cover[:k]) + ", or " + numfmt.AndList(cover[k:]) + " (a Siamese fish)"
	}
	return numfmt.AndList(cover)
}

func explainFish(s *Step, g *Grid) string {
	geo := g.Geo
	if geo == nil {
		return explainGeneric(s, g)
	}
	base, cover := fishUnitNames(s, geo)
	d := sym(s.Digits[0])
	txt := fmt.Sprintf("in %s, %s can only go in %s", numfmt.AndList(base), d, fishCoverText(s, cover))
	if fins, _ := fishFins(s); strings.HasPrefix(s.Tech, "finned") || strings.HasPrefix(s.Tech, "sashimi") {
		txt += fmt.Sprintf(" or in the fin cells (%s); either way %s is not in the cells of those %ss that share the fins' box", fins, d, lineWord(cover))
	} else {
		txt += fmt.Sprintf(", so it leaves the rest of those %ss", lineWord(cover))
	}
	return txt + ": " + resultText(s, geo)
}

// explainGeneralFish phrases Franken and mutant fish.
func explainGeneralFish(s *Step, g *Grid) string {
	geo := g.Geo
	base, cover := fishUnitNames(s, geo)
	d := sym(s.Digits[0])
	txt := fmt.Sprintf("in %s, %s can only go in %s", numfmt.AndList(base), d, fishCoverText(s, cover))
	if fins, _ := fishFins(s); fins != "" {
		txt += fmt.Sprintf(" or in the fins (%s); either way %s leaves the cells seeing all fins", fins, d)
	}
	return txt + ": " + resultText(s, g.Geo)
}
