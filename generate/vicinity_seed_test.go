package generate

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// tridagonIn finds, by brute force over every rectangle of boxes, digit
// triple and choice of one cell per row and column in each box, a
// tridagon of puzzle p with solution sol as TridagonStart promises: twelve
// empty cells of which eleven hold the three digits in sol, with no
// three-digit filling of their own. It returns the cells and digits, or
// ok false.
func tridagonIn(p, sol []uint8) (cells []int, abc [3]uint8, ok bool) {
	for rect := 0; rect < 81; rect++ {
		b0, b1, s0, s1 := rect/27, rect/9%3, rect/3%3, rect%3
		if b0 >= b1 || s0 >= s1 {
			continue
		}
		boxes := [4][2]int{{b0, s0}, {b0, s1}, {b1, s0}, {b1, s1}}
		for a := uint8(1); a <= 9; a++ {
			for b := a + 1; b <= 9; b++ {
				for c := b + 1; c <= 9; c++ {
					in := func(x uint8) bool { return x == a || x == b || x == c }
					if cells, ok := tridagonWith(p, sol, boxes, in); ok {
						return cells, [3]uint8{a, b, c}, true
					}
				}
			}
		}
	}
	return nil, abc, false
}

// tridagonWith tries every choice of one empty cell per row and column in
// each of the four boxes (at most one of them outside the digits in sol)
// for twelve cells with exactly one outside and no three-digit filling.
func tridagonWith(p, sol []uint8, boxes [4][2]int, in func(uint8) bool) ([]int, bool) {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var choice [4][][]int
	for k, bx := range boxes {
		for _, pm := range perms {
			var cs []int
			out := 0
			for i := 0; i < 3; i++ {
				cell := (bx[0]*3+i)*9 + bx[1]*3 + pm[i]
				if p[cell] != 0 {
					out = 9
				}
				if !in(sol[cell]) {
					out++
				}
				cs = append(cs, cell)
			}
			if out <= 1 {
				choice[k] = append(choice[k], cs)
			}
		}
	}
	for n := 0; n < len(choice[0])*len(choice[1])*len(choice[2])*len(choice[3]); n++ {
		m := n
		var cells []int
		for k := range choice {
			cells = append(cells, choice[k][m%len(choice[k])]...)
			m /= len(choice[k])
		}
		out := 0
		for _, cell := range cells {
			if !in(sol[cell]) {
				out++
			}
		}
		if out == 1 && !threeDigitFill(cells) {
			return cells, true
		}
	}
	return nil, false
}

// threeDigitFill reports, by trying all 3^12 assignments, whether three
// digits can fill the twelve cells without repeating in a row, column or
// box: the brute-force truth that a tridagon has no solution of its own.
func threeDigitFill(cells []int) bool {
	var d [12]int
	for n := 0; n < 531441; n++ {
		m := n
		for i := range d {
			d[i] = m % 3
			m /= 3
		}
		ok := true
		for i := 0; i < 12 && ok; i++ {
			for j := i + 1; j < 12; j++ {
				x, y := cells[i], cells[j]
				if d[i] == d[j] && (x/9 == y/9 || x%9 == y%9 || (x/27 == y/27 && x%9/3 == y%9/3)) {
					ok = false
					break
				}
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestTridagonStart: every start is unique with the solution it carries
// and minimal (the independent counter), holds a tridagon that brute force
// finds and proves to have no three-digit filling, and the same rng gives
// the same start; other shapes are refused.
func TestTridagonStart(t *testing.T) {
	// The brute force itself: four falling diagonals (even) can be
	// filled, three falling and one rising (odd) cannot.
	even := []int{0, 10, 20, 3, 13, 23, 27, 37, 47, 30, 40, 50}
	odd := []int{0, 10, 20, 3, 13, 23, 27, 37, 47, 32, 40, 48}
	if !threeDigitFill(even) || threeDigitFill(odd) {
		t.Fatalf("threeDigitFill: even pattern %v, odd pattern %v", threeDigitFill(even), threeDigitFill(odd))
	}
	geo := sudoku.GeometryOf(sudoku.Shape9)
	v, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	empty := Puzzle{Puzzle: sudoku.NewGrid(sudoku.Shape9)}
	for seed := uint64(1); seed <= 6; seed++ {
		q, err := v.TridagonStart(rand.New(rand.NewPCG(seed, 26)))
		if err != nil {
			t.Fatal(err)
		}
		checkNeighbour(t, geo, empty, q, true)
		cells, abc, ok := tridagonIn(q.Puzzle.Cells, q.Solution.Cells)
		if !ok {
			t.Fatalf("seed %d: %s holds no tridagon", seed, q.Puzzle)
		}
		again, err := v.TridagonStart(rand.New(rand.NewPCG(seed, 26)))
		if err != nil || !slices.Equal(again.Puzzle.Cells, q.Puzzle.Cells) {
			t.Fatalf("seed %d: the same rng gave %s, then %s (%v)", seed, q.Puzzle, again.Puzzle, err)
		}
		t.Logf("%s: tridagon %v digits %v", q.Puzzle, cells, abc)
	}
	v6, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape6})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v6.TridagonStart(rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Fatal("6x6: a tridagon start was made")
	}
}
