package main

import (
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/killer"
)

// The killer's grading rules, for every reader's check of its records
// (export.CheckGrading): its ladder is the killer techniques and the
// classic ones of grade's SE ladder it asks grade for, its scale 1.0 to
// 20.0 without SE's ep and ed, and its tier table is fixed
// (killer.KillerTiers; no --tiers), so every reader checks the tier.
// Registered here: package killer registers its kind, and export cannot
// name killer's ladder.
func init() {
	ids := map[string]bool{}
	for _, t := range killer.Techniques {
		ids[t.ID] = true
	}
	export.RegisterGrading(killer.Kind{}.Name(), export.GradingRules{
		Ladder: "the killer ladder (docs/grading.md, \"Killer\", and sudogen techniques)",
		Technique: func(id string) bool {
			if ids[id] {
				return true
			}
			_, ok := grade.TechniqueByID(id)
			return ok
		},
		Min: 1, Max: 20,
		Tier: killer.TierOf,
	})
}
