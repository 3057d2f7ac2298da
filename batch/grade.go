package batch

import (
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// ApplyGrade writes a grading into a record's grading fields: rating (SE
// ER; rating_at_least instead when the grading was cut off by a rating cap
// or the work budget), ep, ed, tier, hardest, techniques, and HoDoKu level
// and score when that profile ran.
func ApplyGrade(rec *export.Record, gr *grade.Grade) {
	rec.Solution = gr.Solution.String()
	rec.Rating = gr.Rating()
	rec.RatingAtLeast = gr.RatingAtLeast()
	rec.EP = grade.Round1(gr.SE.EP)
	rec.ED = grade.Round1(gr.SE.ED)
	rec.Tier = gr.Tier
	if gr.Canonical.Geo != nil {
		// The grader rated the canonical isomorph: reuse it for dedupe.
		rec.Canonical = gr.Canonical.String()
	}
	rec.Hardest = gr.Path.Hardest
	rec.Techniques = gr.Path.CountMap()
	rec.Level, rec.Score = "", 0
	if gr.HoDoKu != nil {
		rec.Level, rec.Score = gr.HoDoKu.Level, gr.HoDoKu.Score
	}
}

// gradeRecord grades a generated puzzle whose unique solution is known and
// fills the record's grading fields.
func gradeRecord(g *grade.Grader, rec *export.Record, puzzle, solution sudoku.Grid) error {
	gr, err := g.GradeSolved(puzzle, solution)
	if err != nil {
		return err
	}
	ApplyGrade(rec, &gr)
	return nil
}
