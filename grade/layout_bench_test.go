package grade

import (
	"testing"
)

// BenchmarkLayoutLadder is the steering ladder of variant `--tier hard`
// runs alone: SE's profile capped at 4.4 on one engine and one reused grid
// (ResetLayoutGrid), over three X-Sudoku puzzles (typed diagonals; the
// first three records of `batch --variant x --tier hard --seed 2026`) and
// a jigsaw. One op grades the four.
func BenchmarkLayoutLadder(b *testing.B) {
	x := testLayouts(b)["x-sudoku"]
	if err := x.SetHouseTypes([]HouseType{HouseDiagonal, HouseDiagonal}, nil); err != nil {
		b.Fatal(err)
	}
	jig := framelessLayouts(b)["jigsaw"]
	type job struct {
		l *Layout
		p []uint8
	}
	var jobs []job
	for _, s := range []string{
		"........7.4.....2.....249...7.....3.3....9....1........8.1.5...........85..94....",
		".4....1............6....8.4...3..6....3.4..1....58.4.3..2.9......62............7.",
		"......6......53.....48.....4.....3..1.............72.............2...514.5.63....",
	} {
		jobs = append(jobs, job{x, digitsOf(s)})
	}
	jobs = append(jobs, job{jig, digitsOf(jigsawPuzzle)})
	e := NewEngine(SEProfile())
	var g *Grid
	for b.Loop() {
		for _, j := range jobs {
			var err error
			if g, err = ResetLayoutGrid(g, j.l, j.p); err != nil {
				b.Fatal(err)
			}
			if _, err := e.Solve(g, Options{MaxRating: 4.4}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// digitsOf reads a puzzle line ('.' empty).
func digitsOf(s string) []uint8 {
	p := make([]uint8, len(s))
	for i, ch := range s {
		if ch != '.' {
			p[i] = uint8(ch - '0')
		}
	}
	return p
}
