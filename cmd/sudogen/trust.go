package main

import (
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/variantkind"
)

// The grading rules of the kinds whose ladder export cannot name: package
// killer and variantkind register their kinds, and export does not import
// them.
//
// The killer's grading rules, for every reader's check of its records
// (export.CheckGrading): its ladder is the killer techniques and the
// classic ones of grade's SE ladder it asks grade for, its scale 1.0 to
// 20.0 without SE's ep and ed, and its tier table is fixed
// (killer.KillerTiers; no --tiers), so every reader checks the tier.
func init() {
	ids := map[string]bool{}
	for _, t := range killer.Techniques {
		ids[t.ID] = true
	}
	classic := export.SEGrading().Technique
	export.RegisterGrading(killer.Kind{}.Name(), export.GradingRules{
		Ladder:    "the killer ladder (docs/grading.md, \"Killer\", and sudogen techniques)",
		Technique: func(id string) bool { return ids[id] || classic(id) },
		Min:       1, Max: 20,
		Tier: killer.TierOf,
	})
}

// The variants' grading rules: Sudoku Explainer's scale and ep/ed, and
// the SE ladder on the variant's houses (grade's ids) with
// SukakuExplainer's two non-consecutive techniques. The tier table is a
// run's (--tiers), so only the run checks the tier (export.CheckTier).
func init() {
	nc := map[string]bool{variantkind.TechNCForcingCell: true, variantkind.TechLockedNC: true}
	rules := export.SEGrading()
	classic := rules.Technique
	rules.Ladder = "the variant ladder (sudogen techniques, and nc-forcing-cell, locked-nc)"
	rules.Technique = func(id string) bool { return nc[id] || classic(id) }
	export.RegisterGrading(variantkind.Kind{}.Name(), rules)
}
