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
// empty cells of which eleven hold the three digits in sol. It returns the
// cells and digits, or ok false.
func tridagonIn(p, sol []uint8) (cells []int, abc [3]uint8, ok bool) {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for b0 := 0; b0 < 3; b0++ {
		for b1 := b0 + 1; b1 < 3; b1++ {
			for s0 := 0; s0 < 3; s0++ {
				for s1 := s0 + 1; s1 < 3; s1++ {
					boxes := [4][2]int{{b0, s0}, {b0, s1}, {b1, s0}, {b1, s1}}
					for a := uint8(1); a <= 9; a++ {
						for b := a + 1; b <= 9; b++ {
							for c := b + 1; c <= 9; c++ {
								in := func(x uint8) bool { return x == a || x == b || x == c }
								// Per box, the choices of empty cells
								// with at most one outside the digits.
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
								for _, x0 := range choice[0] {
									for _, x1 := range choice[1] {
										for _, x2 := range choice[2] {
											for _, x3 := range choice[3] {
												cells = slices.Concat(x0, x1, x2, x3)
												out := 0
												for _, cell := range cells {
													if !in(sol[cell]) {
														out++
													}
												}
												if out == 1 && !threeDigitFill(cells) {
													return cells, [3]uint8{a, b, c}, true
												}
											}
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	return nil, abc, false
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
