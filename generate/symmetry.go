package generate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Symmetry names a symmetry of the clue pattern: a given at a cell implies
// givens at every image of that cell.
type Symmetry string

// The symmetries. All our grids are square, so every symmetry is defined on
// every shape. The pattern is what is symmetric: for non-square boxes (2x3,
// 2x4, 3x4) rot90, diagonal and antidiagonal do not map boxes onto boxes, so
// they are not automorphisms of the puzzle, but the clue pattern still has
// the symmetry, which is what the option promises.
const (
	SymNone         Symmetry = "none"
	SymRot180       Symmetry = "rot180"       // half turn: (r,c) -> (N-1-r, N-1-c)
	SymRot90        Symmetry = "rot90"        // quarter turns: (r,c) -> (c, N-1-r)
	SymMirror       Symmetry = "mirror"       // left-right: (r,c) -> (r, N-1-c)
	SymFlip         Symmetry = "flip"         // top-bottom: (r,c) -> (N-1-r, c)
	SymDiagonal     Symmetry = "diagonal"     // main diagonal: (r,c) -> (c, r)
	SymAntidiagonal Symmetry = "antidiagonal" // anti-diagonal: (r,c) -> (N-1-c, N-1-r)
	SymRandom       Symmetry = "random"       // one of the above but none, per puzzle
)

// Symmetries lists the concrete symmetries (not "random"), SymNone first.
var Symmetries = []Symmetry{SymNone, SymRot180, SymRot90, SymMirror, SymFlip, SymDiagonal, SymAntidiagonal}

// randomChoices are the symmetries SymRandom picks from.
var randomChoices = Symmetries[1:]

// ParseSymmetry reads a symmetry name (case-insensitive).
func ParseSymmetry(text string) (Symmetry, error) {
	s := Symmetry(strings.ToLower(strings.TrimSpace(text)))
	if s == SymRandom {
		return s, nil
	}
	for _, t := range Symmetries {
		if s == t {
			return s, nil
		}
	}
	return "", fmt.Errorf("symmetry %q: expected one of none, rot180, rot90, mirror, flip, diagonal, antidiagonal, random", text)
}

// image returns the cell that (r,c) maps to under one application of s on
// an n x n grid.
func (s Symmetry) image(n, r, c int) (int, int) {
	switch s {
	case SymRot180:
		return n - 1 - r, n - 1 - c
	case SymRot90:
		return c, n - 1 - r
	case SymMirror:
		return r, n - 1 - c
	case SymFlip:
		return n - 1 - r, c
	case SymDiagonal:
		return c, r
	case SymAntidiagonal:
		return n - 1 - c, n - 1 - r
	}
	return r, c
}

// orbits partitions the cells of shape into the orbits of s: each orbit is
// the set of cells one cell maps to under repeated application of s,
// listed from its smallest cell.
func orbits(shape sudoku.Shape, s Symmetry) [][]int {
	n := shape.N()
	seen := make([]bool, n*n)
	var out [][]int
	for i := 0; i < n*n; i++ {
		if seen[i] {
			continue
		}
		var orb []int
		r, c := i/n, i%n
		for {
			j := r*n + c
			if seen[j] {
				break
			}
			seen[j] = true
			orb = append(orb, j)
			r, c = s.image(n, r, c)
		}
		out = append(out, orb)
	}
	return out
}

// IsSymmetric reports whether the clue pattern of g (which cells are
// filled, not their values) is invariant under s. A grid without a shape
// or of the wrong length (the zero Grid; see sudoku.Grid.Check) is not,
// and neither is any grid under an s that is not one of Symmetries
// (SymRandom, "", a name in capitals: ParseSymmetry reads those).
func IsSymmetric(g sudoku.Grid, s Symmetry) bool {
	if g.Geo == nil || len(g.Cells) != g.Geo.Cells || !slices.Contains(Symmetries, s) {
		return false
	}
	n := g.Geo.N
	for i, v := range g.Cells {
		r, c := s.image(n, i/n, i%n)
		if (v != 0) != (g.Cells[r*n+c] != 0) {
			return false
		}
	}
	return true
}
