package sudoku

import "testing"

func TestSolveSmoke(t *testing.T) {
	g, err := Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", Shape9)
	if err != nil {
		t.Fatal(err)
	}
	sol, n := Solve(g)
	if n != 1 || sol.String() != "483921657967345821251876493548132976729564138136798245372689514814253769695417382" {
		t.Fatalf("n=%d sol=%s", n, sol)
	}
}
