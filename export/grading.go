package export

// GradingClearer is a kind's Fields holding grading fields of its own
// (a variant's "hodoku" note): ClearGrading empties them.
type GradingClearer interface {
	ClearGrading()
}

// ClearGrading empties the record's grading fields: rating,
// rating_at_least, ep, ed, tier, hardest, techniques, level, score, and
// the kind's own when its Fields are a GradingClearer. grade writes a
// puzzle without exactly one solution so: not graded.
func (r *Record) ClearGrading() {
	r.Rating, r.RatingAtLeast, r.EP, r.ED = 0, 0, 0, 0
	r.Tier, r.Hardest, r.Techniques = "", "", nil
	r.Level, r.Score = "", 0
	if c, ok := r.Fields.(GradingClearer); ok {
		c.ClearGrading()
	}
}
