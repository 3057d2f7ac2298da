package sudoku

import "testing"

// TestSolveAvoidingEdgesAgree asks the Solver and the Prover the same
// edge questions (no cell, a cell off the grid, the first and last
// cells, a value off the digit range) on a unique 4x4 and a 9x9 puzzle
// and on a 4x4 grid with many solutions: the two answer alike, and the
// answers are the ones their doc comments give.
func TestSolveAvoidingEdgesAgree(t *testing.T) {
	cases := []struct {
		shape  Shape
		puzzle string
	}{
		{Shape4, "1...........4..3"},
		{Shape4, "................"},
		{Shape9, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"},
	}
	for _, tc := range cases {
		p, err := Parse(tc.puzzle, tc.shape)
		if err != nil {
			t.Fatal(err)
		}
		g := p.Geo
		s, pv := NewSolver(tc.shape), NewProver(tc.shape)
		any := s.Count(p.Cells, 1, nil) > 0
		type q struct {
			cell  int
			value uint8
			want  func() bool
		}
		qs := []q{
			{-1, 0, func() bool { return any }},
			{g.Cells, 1, func() bool { return false }},
			{g.Cells + 7, 1, func() bool { return false }},
			{0, 1, nil},
			{g.Cells - 1, uint8(g.N), nil},
			{0, uint8(g.N + 1), func() bool { return any }},
		}
		for _, x := range qs {
			got := s.SolveAvoiding(p.Cells, x.cell, x.value)
			if x.want != nil && got != x.want() {
				t.Errorf("%v %s: Solver.SolveAvoiding(cell %d, value %d) = %v, want %v", tc.shape, p, x.cell, x.value, got, x.want())
			}
			if pgot := pv.SolveAvoiding(p.Cells, x.cell, x.value, nil); pgot != got {
				t.Errorf("%v %s: Prover says %v, Solver %v (cell %d, value %d)", tc.shape, p, pgot, got, x.cell, x.value)
			}
			if found, decided := s.SolveAvoidingWithin(p.Cells, x.cell, x.value, -1); !decided || found != got {
				t.Errorf("%v %s: SolveAvoidingWithin(cell %d, value %d) = %v, %v; SolveAvoiding %v", tc.shape, p, x.cell, x.value, found, decided, got)
			}
		}
	}
}
