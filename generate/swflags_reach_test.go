package generate

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestUnreachableGivensFailFast: a givens range far below where the digs
// end fails after the first few grids, saying what they reached, instead
// of digging every one of its 200 (16x16 digs end at 87-101 givens; a
// 25x25 --givens 200 dug for hours, each grid a minute).
func TestUnreachableGivensFailFast(t *testing.T) {
	for _, c := range []struct {
		shape sudoku.Shape
		sym   Symmetry
		max   int
		want  string
	}{
		{sudoku.Shape16, SymNone, 60, "no 16x16 puzzle with givens 60-60: the first "},
		{sudoku.Shape12, SymRot90, 26, "no 12x12 puzzle with givens 26-26, symmetry rot90: the first "},
	} {
		g, err := New(Options{Shape: c.shape, Symmetry: c.sym, MinGivens: c.max, MaxGivens: c.max})
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Sudoku(rngFor(1, 1))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !strings.Contains(err.Error(), "or more, or leave it out") {
			t.Fatalf("err = %v, want %q...", err, c.want)
		}
		m := regexp.MustCompile(`first (\d+) grids dug to (\d+)-(\d+) givens, and a dig ends below (\d+) .* reach (\d+) \(the fewest dug\)`).FindStringSubmatch(err.Error())
		if m == nil {
			t.Fatalf("err = %v: no counts", err)
		}
		grids, _ := strconv.Atoi(m[1])
		fewest, _ := strconv.Atoi(m[2])
		floor, _ := strconv.Atoi(m[4])
		if grids > 10 || fewest <= c.max || floor <= c.max || m[5] != m[2] {
			t.Errorf("%v", err)
		}
	}
}

// TestReachableGivensNotCutShort: ranges the digs do reach now and then
// are dug for as before: the fewest givens seen in 2,000 12x12 digs
// was 42 (2% at 44 or fewer), in 400 16x16 digs 88 (6% at 90 or fewer),
// and a rot90 12x12 dig whose first grids all end at 56 may still end
// at 48. The generator finds such a puzzle or, after every grid, says so
// the old way; it never stops early.
func TestReachableGivensNotCutShort(t *testing.T) {
	for _, c := range []struct {
		shape sudoku.Shape
		max   int
		seed  uint64
	}{
		{sudoku.Shape12, 44, 1}, {sudoku.Shape12, 44, 2}, {sudoku.Shape12, 44, 3}, {sudoku.Shape16, 90, 1},
	} {
		g, err := New(Options{Shape: c.shape, MaxGivens: c.max})
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.Sudoku(rngFor(c.seed, 1))
		if err != nil && !strings.Contains(err.Error(), "after 200 grids") {
			t.Errorf("%v --givens 0-%d, seed %d: %v", c.shape, c.max, c.seed, err)
		}
		if err == nil && (p.Givens() > c.max || sudoku.CountSolutions(p.Puzzle, 2) != 1) {
			t.Errorf("%v seed %d: %d givens, want at most %d and one solution", c.shape, c.seed, p.Givens(), c.max)
		}
	}
	var r digReach
	for range 3 {
		r.add(56)
	}
	if r.outOfReach(48) {
		t.Errorf("three rot90 12x12 digs at 56 put 48 out of reach (floor %.1f)", r.floor())
	}
}
