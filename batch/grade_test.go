package batch

import (
	"bytes"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// TestApplyGradeCutOff: a grading cut off by a rating cap leaves the
// record without a rating and with the bound it reached, and the JSONL
// line carries it (rating_at_least) and reads back the same.
func TestApplyGradeCutOff(t *testing.T) {
	// SE 7.1 by Sudoku Explainer (cb-ser-dev.tsv)
	p, err := sudoku.Parse("1..4.6..945.....23..........1....8..3...........8.2.545....864..3...4.1.9...7...8", sudoku.Shape9)
	if err != nil {
		t.Fatal(err)
	}
	for _, cap := range []float64{0, 5.0} { // none, and below the puzzle's 7.1
		g, err := grade.NewGrader(grade.GraderOptions{MaxRating: cap})
		if err != nil {
			t.Fatal(err)
		}
		gr, err := g.Grade(p)
		if err != nil {
			t.Fatal(err)
		}
		var rec export.Record
		rec.ID, rec.Kind, rec.Size = "x", "sudoku", 9
		ApplyGrade(&rec, &gr)
		line := export.AppendJSON(nil, &rec)
		if cap == 0 {
			if rec.Rating != 7.1 || rec.RatingAtLeast != 0 || bytes.Contains(line, []byte("rating_at_least")) {
				t.Fatalf("uncapped: rating %v, rating_at_least %v: %s", rec.Rating, rec.RatingAtLeast, line)
			}
			continue
		}
		if rec.Rating != 0 || rec.RatingAtLeast <= cap || rec.Tier != "beyond" {
			t.Fatalf("cap %v: rating %v, rating_at_least %v, tier %q; want no rating, a bound above the cap, tier beyond", cap, rec.Rating, rec.RatingAtLeast, rec.Tier)
		}
		if !bytes.Contains(line, []byte(`"rating_at_least":`)) || bytes.Contains(line, []byte(`"rating":`)) {
			t.Fatalf("cap %v: JSONL %s", cap, line)
		}
		var back export.Record
		if err := export.DecodeRecord(line, &back); err != nil || back.RatingAtLeast != rec.RatingAtLeast {
			t.Fatalf("read back %v (%v), want rating_at_least %v", back.RatingAtLeast, err, rec.RatingAtLeast)
		}
	}
}
