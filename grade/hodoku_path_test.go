package grade_test

import (
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/refpath"
	"github.com/sudogen/sudogen/sudoku"
)

// TestHoDoKuPaths solves the puzzles of testdata/hodoku-paths.tsv with
// the HoDoKu profile and wants every step to place or remove what
// HoDoKu 2.2.0's step of the same number did (its printed solution path;
// the file's header says how it was recorded), and the same score.
func TestHoDoKuPaths(t *testing.T) {
	const name = "testdata/hodoku-paths.tsv"
	rows, err := refpath.Read(name, false)
	if err != nil {
		t.Fatal(err)
	}
	e := grade.NewEngine(grade.HoDoKuProfile())
	steps := 0
	for _, r := range rows {
		p, err := sudoku.ParseAuto(r.Puzzle)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, r.Line, err)
		}
		res, err := e.Rate(p, grade.Options{KeepSteps: true})
		if err != nil {
			t.Fatalf("%s:%d: %v", name, r.Line, err)
		}
		steps += len(r.Steps)
		if d := r.Compare(res.Steps); d != "" {
			t.Errorf("%s:%d %s: %s", name, r.Line, r.Puzzle, d)
			continue
		}
		if res.Score != int(r.Rating) {
			t.Errorf("%s:%d %s: the same path, score %d, HoDoKu %d", name, r.Line, r.Puzzle, res.Score, int(r.Rating))
		}
	}
	if len(rows) < 304 {
		t.Fatalf("%d rows, want 304 or more", len(rows))
	}
	t.Logf("%d paths, %d steps", len(rows), steps)
}
