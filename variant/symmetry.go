package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Symmetries lists the clue-pattern symmetries a puzzle may be asked for,
// with the names the classic generator uses ("none" first). "random"
// picks one the geometry allows, per puzzle.
var Symmetries = []string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"}

// image maps frame cell (r, c) of an n x n frame under symmetry sym.
func image(sym string, n, r, c int) (int, int) {
	switch sym {
	case "rot180":
		return n - 1 - r, n - 1 - c
	case "rot90":
		return c, n - 1 - r
	case "mirror":
		return r, n - 1 - c
	case "flip":
		return n - 1 - r, c
	case "diagonal":
		return c, r
	case "antidiagonal":
		return n - 1 - c, n - 1 - r
	}
	return r, c
}

// symmetryPerm returns the cell permutation of sym on g's frame, nil for
// none or if the frame is not square.
func symmetryPerm(g *Geometry, sym string) []int {
	n := g.data.Rows
	if n != g.data.Cols || sym == "none" || sym == "" {
		return nil
	}
	return squarePerm(sym, n)
}

// squarePerm returns the cell permutation of sym (not none) on an n x n
// grid: each cell's image.
func squarePerm(sym string, n int) []int {
	p := make([]int, n*n)
	for r := range n {
		for c := range n {
			r2, c2 := image(sym, n, r, c)
			p[r*n+c] = r2*n + c2
		}
	}
	return p
}

// AllowedSymmetries lists the symmetries (not "none") that map g onto
// itself: every house to a house, sees to sees, pairs to pairs, used cells
// to used cells. Only those can be asked of the clue pattern: an X-Sudoku
// allows all seven (every one maps the diagonals to the diagonals), a
// jigsaw only those its regions have.
func AllowedSymmetries(g *Geometry) []string {
	var out []string
	for _, s := range Symmetries[1:] {
		if p := symmetryPerm(g, s); p != nil && g.isAutomorphism(p) {
			out = append(out, s)
		}
	}
	return out
}

// checkSymmetry resolves a symmetry name for g: "" and "none" are none,
// "random" draws an allowed one from rng (none if there is none).
func checkSymmetry(g *Geometry, sym string, rng *rand.Rand) (string, error) {
	sym = strings.ToLower(strings.TrimSpace(sym))
	allowed := AllowedSymmetries(g)
	switch sym {
	case "", "none":
		return "none", nil
	case "random":
		if len(allowed) == 0 {
			return "none", nil
		}
		return allowed[rng.IntN(len(allowed))], nil
	}
	for _, s := range allowed {
		if s == sym {
			return s, nil
		}
	}
	for _, s := range Symmetries {
		if s == sym {
			return "", fmt.Errorf("symmetry %s does not map the %s geometry onto itself (allowed: %s)", sym, g.Name, strings.Join(append([]string{"none"}, allowed...), ", "))
		}
	}
	return "", fmt.Errorf("symmetry %q: expected one of %s, random", sym, strings.Join(Symmetries, ", "))
}

// orbits partitions the used cells of g into the orbits of the cell
// permutation p (nil: every cell alone).
func orbits(g *Geometry, p []int) [][]int {
	seen := make([]bool, g.Cells())
	var out [][]int
	for _, f := range g.used {
		i := int(f)
		if seen[i] {
			continue
		}
		var orb []int
		for j := i; !seen[j]; {
			seen[j] = true
			orb = append(orb, j)
			if p == nil {
				break
			}
			j = p[j]
		}
		out = append(out, orb)
	}
	return out
}

// IsSymmetric reports whether the clue pattern of puzzle (frame cells, 0
// empty) is invariant under sym on g's frame. A puzzle that is not one
// value a frame cell, or a sym that is not one of Symmetries ("random",
// "", "ROT180"), is not symmetric.
func IsSymmetric(g *Geometry, puzzle []uint8, sym string) bool {
	if g == nil || len(puzzle) != g.Cells() || !slices.Contains(Symmetries, sym) {
		return false
	}
	p := symmetryPerm(g, sym)
	if p == nil {
		return sym == "none"
	}
	for i, v := range puzzle {
		if (v == 0) != (puzzle[p[i]] == 0) {
			return false
		}
	}
	return true
}
