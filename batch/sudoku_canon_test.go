package batch

import (
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSudokuRecordCanonical checks every record's canonical field against
// the canonical form of its puzzle, whichever path computed it: the
// grader's canonical isomorph (graded, the default), or the maker's own
// (not graded, or graded as given).
func TestSudokuRecordCanonical(t *testing.T) {
	cases := []struct {
		name  string
		shape sudoku.Shape
		grade *grade.GraderOptions
	}{
		{"graded 9x9", sudoku.Shape9, &grade.GraderOptions{}},
		{"graded as given", sudoku.Shape9, &grade.GraderOptions{GivenForm: true}},
		{"not graded", sudoku.Shape9, nil},
		{"graded 6x6", sudoku.Shape6, &grade.GraderOptions{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := NewSudokuMaker(SudokuOptions{Generate: generate.Options{Shape: c.shape, Minimal: true}, Seed: 5, Grade: c.grade})
			if err != nil {
				t.Fatal(err)
			}
			for i := int64(0); i < 40; i++ {
				rec, err := m.Make(i, NewRNG(5, i))
				if err != nil {
					t.Fatal(err)
				}
				p, err := sudoku.Parse(rec.Puzzle, c.shape)
				if err != nil {
					t.Fatal(err)
				}
				if want := sudoku.CanonicalString(p); rec.Canonical != want {
					t.Fatalf("puzzle %d %s: canonical %s, want %s", i, rec.Puzzle, rec.Canonical, want)
				}
				if c.grade != nil && rec.Tier == "" {
					t.Fatalf("puzzle %d: graded record without a tier", i)
				}
			}
		})
	}
}
