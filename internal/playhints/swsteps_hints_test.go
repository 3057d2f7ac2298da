package playhints

import (
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// TestSwstepsHintsAgainstSolution turns the SE path of hard puzzles
// (top1465: chains and forcing chains) into the page's stored hints and
// holds every hint against independent truth: each placement is the
// solution's digit, each removal is not, each house is one of the 27 of a
// 9x9 board, and a forcing chain's drawn branches start where its proof
// says: in its cell ("cell"), or on its digit in its house ("region").
func TestSwstepsHintsAgainstSolution(t *testing.T) {
	n, proofs := 0, 0
	for _, f := range testdata.Fields(t, "sudoku/top1465.txt") {
		if n == 2 {
			break
		}
		p, err := sudoku.Parse(f[0], sudoku.Shape9)
		if err != nil {
			continue
		}
		n++
		sol, count := sudoku.Solve(p)
		if count != 1 {
			t.Fatalf("%s: %d solutions", f[0], count)
		}
		_, res, err := grade.Explain(p, grade.SEProfile(), grade.Options{Solution: sol.Cells})
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range Steps(res.Steps) {
			for _, c := range h.Places {
				if int(sol.Cells[c.Cell]) != c.Digit {
					t.Errorf("%s hint %d (%s): places %d in cell %d, the solution has %d", f[0], i, h.Tech, c.Digit, c.Cell, sol.Cells[c.Cell])
				}
			}
			for _, c := range h.Elims {
				if int(sol.Cells[c.Cell]) == c.Digit {
					t.Errorf("%s hint %d (%s): removes the solution's %d from cell %d", f[0], i, h.Tech, c.Digit, c.Cell)
				}
			}
			if len(h.Places)+len(h.Elims) == 0 {
				t.Errorf("%s hint %d (%s): changes nothing", f[0], i, h.Tech)
			}
			for _, u := range h.Houses {
				if u < 0 || u >= 27 {
					t.Errorf("%s hint %d (%s): house %d is not a house of the board", f[0], i, h.Tech, u)
				}
			}
			pr := h.Proof
			if pr == nil || (pr.Kind != "cell" && pr.Kind != "region") {
				continue
			}
			proofs++
			for _, b := range pr.Branches {
				start := b[0]
				switch {
				case pr.Kind == "cell" && start.Cell != pr.Cell:
					t.Errorf("%s hint %d (%s): a branch of cell %d's forcing starts in cell %d", f[0], i, h.Tech, pr.Cell, start.Cell)
				case pr.Kind == "region" && (start.Digit != pr.Digit || !swstepsInUnit(pr.Unit, start.Cell)):
					t.Errorf("%s hint %d (%s): a branch of %d's forcing in house %d starts with %d in cell %d", f[0], i, h.Tech, pr.Digit, pr.Unit, start.Digit, start.Cell)
				}
			}
		}
	}
	if proofs == 0 {
		t.Error("no cell or region forcing chain among the hints: the proof check checked nothing")
	}
}

// swstepsInUnit reports whether cell c (0..80) lies in house u of a 9x9
// board (rows 0..8, columns 9..17, boxes 18..26).
func swstepsInUnit(u, c int) bool {
	r, col := c/9, c%9
	switch {
	case u < 9:
		return r == u
	case u < 18:
		return col == u-9
	}
	b := u - 18
	return r/3 == b/3 && col/3 == b%3
}
