package grade_test

import (
	"os"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/refpath"
	"github.com/sudogen/sudogen/sudoku"
)

// TestReferencePaths solves the puzzles of a recorded reference path file
// with the matching profile and wants every step to place or remove what
// the reference grader's step of the same number did (refpath's form;
// each file's header says how its paths were recorded), and the same
// rating or score: the path itself, not only where it ends.
//
//   - SE: testdata/se121-paths.tsv, Sudoku Explainer 1.2.1's paths of
//     cb-ser-dev samples rated 1.2 to 9.x (224) and a 10.3 forum-hardest
//     puzzle (only with SUDOGEN_LONG=1); with pointing and claiming in
//     another order than SE's (lockedByPair off) 54 differ.
//   - HoDoKu: testdata/hodoku-paths.tsv, HoDoKu 2.2.0's printed paths of
//     those 224 and 80 of cb-hodoku-dev, and its scores; with XY-Wings in
//     scan order instead of HoDoKu's order by cells 5 differ. And one
//     puzzle of another controlled-bias collection whose multi-colors
//     step follows HoDoKu's cluster order (it differed before 2026-12-07,
//     when clusters were numbered from the conjugate pairs' units), and
//     one whose XYZ-Wing is the first by its pincers in cell order (they
//     were tried in the peers' row, column, box order before).
//
// SUDOGEN_SE_PATHS=FILE or SUDOGEN_HODOKU_PATHS=FILE compares that
// profile with another path file of the same form instead (fresh
// puzzles recorded from the reference grader), without the row minimum.
func TestReferencePaths(t *testing.T) {
	long := os.Getenv("SUDOGEN_LONG") != ""
	for _, tc := range []struct {
		name, file string
		profile    *grade.Profile
		min        int
		// same reports whether the result's rating (SE) or score
		// (HoDoKu) is the row's.
		same func(res grade.Result, want float64) bool
	}{
		{"SE", "testdata/se121-paths.tsv", grade.SEProfile(), 225,
			func(res grade.Result, want float64) bool { return grade.Round1(res.ER) == want }},
		{"HoDoKu", "testdata/hodoku-paths.tsv", grade.HoDoKuProfile(), 306,
			func(res grade.Result, want float64) bool { return float64(res.Score) == want }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if f := os.Getenv("SUDOGEN_" + strings.ToUpper(tc.name) + "_PATHS"); f != "" {
				tc.file, tc.min = f, 0
			}
			rows, err := refpath.Read(tc.file, false)
			if err != nil {
				t.Fatal(err)
			}
			e := grade.NewEngine(tc.profile)
			ran, steps := 0, 0
			for _, r := range rows {
				if tc.name == "SE" && r.Rating >= 10 && !long {
					continue
				}
				p, err := sudoku.ParseAuto(r.Puzzle)
				if err != nil {
					t.Fatalf("%s:%d: %v", tc.file, r.Line, err)
				}
				res, err := e.Rate(p, grade.Options{KeepSteps: true})
				if err != nil {
					t.Fatalf("%s:%d: %v", tc.file, r.Line, err)
				}
				ran++
				steps += len(r.Steps)
				if d := r.Compare(res.Steps); d != "" {
					t.Errorf("%s:%d %s: %s", tc.file, r.Line, r.Puzzle, d)
					continue
				}
				if !tc.same(res, r.Rating) {
					t.Errorf("%s:%d %s: the same path, rated %.1f (score %d), the reference %g", tc.file, r.Line, r.Puzzle, grade.Round1(res.ER), res.Score, r.Rating)
				}
			}
			if len(rows) < tc.min {
				t.Fatalf("%d rows, want %d or more", len(rows), tc.min)
			}
			t.Logf("%d paths, %d steps", ran, steps)
		})
	}
}
