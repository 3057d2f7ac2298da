package grade

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// graderAndP9 returns a Grader with the default options, a 9x9 puzzle
// with one solution and that solution.
func graderAndP9(t *testing.T) (*Grader, sudoku.Grid, sudoku.Grid) {
	t.Helper()
	gr, err := NewGrader(GraderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const p9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	g9, _ := sudoku.Parse(p9, sudoku.Shape9)
	sol9, n := sudoku.Solve(g9)
	if n != 1 {
		t.Fatalf("%d solutions, want 1", n)
	}
	return gr, g9, sol9
}

// TestGradeBadGridsNoPanic: Grade and GradeSolved refuse, with an error, a
// grid that is not one (the zero Grid, a short grid, a value above N) and
// a solution of another shape or length (audit A4 D3: a 9x9 puzzle with a
// 4x4 solution indexed past the solution's cells), and still grade a good
// pair.
func TestGradeBadGridsNoPanic(t *testing.T) {
	gr, g9, sol9 := graderAndP9(t)
	g4, _ := sudoku.Parse("1...............", sudoku.Shape4)
	v42 := g9.Clone()
	v42.Cells[0] = 42
	short := sudoku.Grid{Geo: g9.Geo, Cells: g9.Cells[:40]}
	shortSol := sudoku.Grid{Geo: sol9.Geo, Cells: sol9.Cells[:80]}
	for _, c := range []struct {
		name   string
		p, sol sudoku.Grid
	}{
		{"solution 4x4", g9, g4},
		{"solution zero", g9, sudoku.Grid{}},
		{"solution short", g9, shortSol},
		{"puzzle zero", sudoku.Grid{}, sol9},
		{"puzzle short", short, sol9},
		{"puzzle value 42", v42, sol9},
		{"puzzle 4x4", g4, sol9},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("panicked: %v", p)
				}
			}()
			if _, err := gr.GradeSolved(c.p, c.sol); err == nil {
				t.Fatal("GradeSolved: no error")
			}
			// Grade: no shape is an error; a grid the solver cannot
			// solve (short, a value above N) has no solution.
			switch g, err := gr.Grade(c.p); {
			case c.p.Geo == nil && err == nil:
				t.Fatal("Grade: no error")
			case c.p.Geo != nil && c.p.Check() != nil && (err != nil || g.Status != StatusNoSolution):
				t.Fatalf("Grade: status %q, error %v; want %q", g.Status, err, StatusNoSolution)
			}
		})
	}
	r, err := gr.GradeSolved(g9, sol9)
	if err != nil || r.Status != "" || r.Rating() <= 0 {
		t.Fatalf("good pair: status %q rating %v err %v", r.Status, r.Rating(), err)
	}
}

// TestGradeSolvedRefusesNonSolution: GradeSolved refuses a sol that does
// not solve p (an empty cell, a value twice in a unit, a given changed);
// it rated p and returned that sol as the Grade's Solution.
func TestGradeSolvedRefusesNonSolution(t *testing.T) {
	gr, g9, sol9 := graderAndP9(t)
	swapped := sol9.Clone()
	swapped.Cells[0], swapped.Cells[1] = swapped.Cells[1], swapped.Cells[0]
	holed := sol9.Clone()
	holed.Cells[40] = 0
	other, _ := sudoku.Solve(sudoku.NewGrid(sudoku.Shape9)) // a full grid, not p9's
	for _, c := range []struct {
		name string
		sol  sudoku.Grid
	}{
		{"empty grid", sudoku.NewGrid(sudoku.Shape9)},
		{"one empty cell", holed},
		{"two cells swapped", swapped},
		{"another full grid", other},
	} {
		t.Run(c.name, func(t *testing.T) {
			if g, err := gr.GradeSolved(g9, c.sol); err == nil {
				t.Fatalf("no error; rating %v, solution %v", g.Rating(), g.Solution)
			}
		})
	}
	if _, err := gr.GradeSolved(g9, sol9); err != nil {
		t.Fatalf("the solution: %v", err)
	}
}

// TestRateExplainRefuseBadGrids: Engine.Rate and Explain refuse, with an
// error, a grid sudoku.Grid.Check refuses (Rate panicked on the zero Grid
// and on a value above N, and rated a short grid 20; Explain panicked on
// all three), and Engine.Solve refuses an Options.Solution of the wrong
// length (it indexed past it).
func TestRateExplainRefuseBadGrids(t *testing.T) {
	_, g9, sol9 := graderAndP9(t)
	oor := g9.Clone()
	oor.Cells[0] = 50
	short := sudoku.Grid{Geo: g9.Geo, Cells: g9.Cells[:5]}
	cases := []struct {
		name string
		p    sudoku.Grid
		opt  Options
	}{
		{"zero Grid", sudoku.Grid{}, Options{}},
		{"short", short, Options{}},
		{"value 50", oor, Options{}},
		{"short Solution", g9, Options{Solution: sol9.Cells[:2]}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("panicked: %v", p)
				}
			}()
			if _, err := NewEngine(SEProfile()).Rate(c.p, c.opt); err == nil {
				t.Error("Rate: no error")
			}
			if _, _, err := Explain(c.p, SEProfile(), c.opt); err == nil {
				t.Error("Explain: no error")
			}
		})
	}
	if r, err := NewEngine(SEProfile()).Rate(g9, Options{Solution: sol9.Cells}); err != nil || !r.Solved {
		t.Fatalf("the good puzzle: solved %v, error %v", r.Solved, err)
	}
}
