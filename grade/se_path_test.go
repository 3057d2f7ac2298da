package grade_test

import (
	"os"
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/refpath"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSEPaths solves the puzzles of testdata/se121-paths.tsv with the SE
// profile and wants every step to place or remove what Sudoku Explainer
// 1.2.1's step of the same number did (refpath's form; the file's header
// says how the steps were recorded): its path, not only its rating. The
// puzzles are samples of cb-ser-dev across its ratings (1.2 to 9.x) and
// forum-hardest puzzles (10+, only with SUDOGEN_LONG=1).
func TestSEPaths(t *testing.T) {
	const name = "testdata/se121-paths.tsv"
	rows, err := refpath.Read(name, false)
	if err != nil {
		t.Fatal(err)
	}
	e := grade.NewEngine(grade.SEProfile())
	long := os.Getenv("SUDOGEN_LONG") != ""
	ran, steps := 0, 0
	for _, r := range rows {
		if r.Rating >= 10 && !long {
			continue
		}
		p, err := sudoku.ParseAuto(r.Puzzle)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, r.Line, err)
		}
		res, err := e.Rate(p, grade.Options{KeepSteps: true})
		if err != nil {
			t.Fatalf("%s:%d: %v", name, r.Line, err)
		}
		ran++
		steps += len(r.Steps)
		if d := r.Compare(res.Steps); d != "" {
			t.Errorf("%s:%d %s: %s", name, r.Line, r.Puzzle, d)
			continue
		}
		if got := grade.Round1(res.ER); got != r.Rating {
			t.Errorf("%s:%d %s: the same path, rated %.1f, Sudoku Explainer %.1f", name, r.Line, r.Puzzle, got, r.Rating)
		}
	}
	if len(rows) < 224 {
		t.Fatalf("%d rows, want 224 or more", len(rows))
	}
	t.Logf("%d paths, %d steps", ran, steps)
}
