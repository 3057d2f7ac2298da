package variantkind

import (
	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/variant"
)

// basicFilter is a targeted maker's pre-filter (as classic's,
// internal/basics and batch/target.go): a puzzle that the rules of a
// basic level (variant.Basic) solve rates at most that level's top, so
// where that is below the band's lowest rating it is dropped without
// grading. The run's summary still counts it by tier: a level's ratings
// lie in one tier of the table (hidden singles: easy; singles and locked
// candidates: medium) or, with another table, in a range of tiers, which
// is then counted as classic counts its pre-filter's puzzles
// (batch.ReasonBasics, "not graded").
type basicFilter struct {
	// drop says per level whether its puzzles are dropped; tier names the
	// tier (or "FIRST to LAST") of their ratings, known whether it is one.
	drop  [variant.BasicBeyond]bool
	tier  [variant.BasicBeyond]string
	known [variant.BasicBeyond]bool
	// solver is the level's solver for geometry g (a jigsaw's is built
	// anew for each layout; boards without the 9x9 engine answer
	// BasicBeyond).
	solver *variant.Solver
	g      *variant.Geometry
}

// basicRange is the lowest and highest SE rating of a puzzle of level lv
// (variant.Basic's doc says why; TestBasicRanges checks them against the
// SE profile and the non-consecutive techniques).
func basicRange(lv variant.Basic) (lo, hi float64) {
	if lv == variant.BasicHidden {
		return 0, variant.HiddenTop
	}
	return variant.DirectTop, variant.ProveLocked
}

// newBasicFilter returns the pre-filter of a band whose lowest rating is
// min under tiers; nil when it drops no level.
func newBasicFilter(tiers *grade.Tiers, min float64) *basicFilter {
	f := &basicFilter{}
	drops := false
	for lv := variant.BasicHidden; lv < variant.BasicBeyond; lv++ {
		lo, hi := basicRange(lv)
		if !(hi < min-1e-9) {
			continue
		}
		f.drop[lv], drops = true, true
		first, last := tiers.Of(lo), tiers.Of(hi)
		f.tier[lv], f.known[lv] = first, first == last
		if first != last {
			f.tier[lv] = first + " to " + last
		}
	}
	if !drops {
		return nil
	}
	return f
}

// level returns p's basic level when the filter drops it (ok), solving on
// p's board.
func (f *basicFilter) level(p *variant.Puzzle) (lv variant.Basic, ok bool) {
	if f.g != p.Geometry {
		f.solver, f.g = variant.NewSolver(p.Geometry), p.Geometry
	}
	lv = f.solver.Basic(p.Puzzle)
	return lv, lv < variant.BasicBeyond && f.drop[lv]
}

// record makes the record of a puzzle of index: a puzzle the pre-filter
// drops gets its tier (an ungraded record the run drops, basic set; no
// canonical key either: the run drops it before its dedupe) and is
// counted in the work, else it is graded (Record).
func (m *maker) record(p variant.Puzzle, index int64) (export.Record, error) {
	m.basic = false
	if m.filter != nil {
		if lv, ok := m.filter.level(&p); ok {
			rec := baseRecord(p, m.seed, index)
			rec.Tier = m.filter.tier[lv]
			m.basic = true
			m.work.Generated++
			reason := batch.ReasonTier
			if !m.filter.known[lv] || m.tech.any() {
				// A range of tiers, or a run asking for techniques,
				// whose band is no tier: said as classic says it.
				reason = batch.ReasonBasics
			}
			m.dropped(reason, rec.Tier)
			return rec, nil
		}
	}
	return Record(p, m.grader, m.seed, index)
}
