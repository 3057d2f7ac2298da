package generate

import (
	"errors"
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// A tridagon (Denis Berthier's name; also "Thor's hammer", "trivalue
// oddagon") is a rank-0 pattern: four boxes at the corners of a rectangle
// (two bands, two stacks), three cells in each, one per row and column of
// the box, whose candidates are three digits a, b, c. When an odd number
// of the four cell sets are "anti-diagonal" (an odd permutation of the
// box's rows to its columns), no assignment of a, b, c to the twelve cells
// satisfies the rows, columns and boxes: the parity of the four
// permutations a solution would need does not add up. So a puzzle in
// which eleven of the cells hold only a, b, c has the twelfth (the
// guardian) outside them. Sudoku Explainer has no rule for it and needs
// nested forcing chains, and most of the hardest known puzzles hold one
// (docs/generate.md cites the forum threads).
//
// TridagonStart builds such a puzzle from scratch, with no known puzzle as
// input: a random solution grid in which eleven of the twelve cells of a
// random tridagon hold its three digits, dug to a minimal puzzle in which
// the twelve cells are empty, the givens of the three digits are removed
// first (so their candidates stay wide), then the givens outside the four
// boxes, last those inside them (so the boxes' other six cells stay
// given and the pattern's cells keep few other candidates).

// tridagonPerms are the six ways to put three cells in the rows and
// columns of a box: entry i is the column (in the box) of the cell in row
// i. The first three are even permutations, the last three odd.
var tridagonPerms = [6][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}

// errNoTridagonShape is returned by TridagonStart for shapes other than
// 9x9.
var errNoTridagonShape = errors.New("generate: a tridagon start needs 9x9 (3x3 boxes)")

// tridagonTries bounds the attempts of TridagonStart; one attempt fails
// only when the drawn digits admit no solution grid or the twelve cells
// cannot all be empty in a unique puzzle, both rare.
const tridagonTries = 1000

// TridagonStart returns a random minimal 9x9 puzzle built around a random
// tridagon (see above), with its solution; every choice is drawn from rng.
// The puzzle is unique and minimal by construction (the digger proves
// each removal). A nil rng is an error.
func (v *Vicinity) TridagonStart(rng *rand.Rand) (Puzzle, error) {
	if v.opts.Shape != sudoku.Shape9 {
		return Puzzle{}, errNoTridagonShape
	}
	if rng == nil {
		return Puzzle{}, errVicinityRng
	}
	var cells [12]int
	var abc [3]uint8
	d := v.dig
	for try := 0; try < tridagonTries; try++ {
		if v.opts.Cancel != nil && v.canceled() {
			return Puzzle{}, ErrCanceled
		}
		tridagonCells(rng, &cells)
		perm := rng.Perm(9)
		for i := range abc {
			abc[i] = uint8(perm[i] + 1)
		}
		p := v.work
		for i := range p {
			p[i] = 0
		}
		if !tridagonFill(p, cells[:], abc, rng.IntN(12), 0, rng) || !v.sv.Random(p, rng, d.sol) {
			continue
		}
		d.start()
		if !d.tryRemove(cells[:]) {
			continue // the twelve empty cells leave two solutions
		}
		// Dig: the givens of a, b, c first, then those outside the four
		// boxes, then the boxes' own; random order within each.
		inBox := func(c int) bool {
			b := c/27*3 + c%9/3
			for _, x := range cells {
				if x/27*3+x%9/3 == b {
					return true
				}
			}
			return false
		}
		v.order = v.order[:0]
		for pass := 0; pass < 3; pass++ {
			from := len(v.order)
			for c, x := range d.puzzle() {
				if x == 0 {
					continue
				}
				isABC := x == abc[0] || x == abc[1] || x == abc[2]
				if (pass == 0) == isABC && (pass == 0 || (pass == 2) == inBox(c)) {
					v.order = append(v.order, c)
				}
			}
			part := v.order[from:]
			rng.Shuffle(len(part), func(a, b int) { part[a], part[b] = part[b], part[a] })
		}
		for _, c := range v.order {
			d.tryRemove([]int{c})
		}
		pz := sudoku.NewGrid(v.opts.Shape)
		copy(pz.Cells, d.puzzle())
		sol := sudoku.NewGrid(v.opts.Shape)
		copy(sol.Cells, d.sol)
		return Puzzle{Puzzle: pz, Solution: sol, Minimal: true, Symmetry: string(SymNone), Attempts: try + 1}, nil
	}
	return Puzzle{}, errors.New("generate: no tridagon start in 1000 attempts")
}

// tridagonCells draws a tridagon: two of the three bands, two of the three
// stacks, and in each of the four boxes a permutation, an odd number of
// them odd. cells gets the twelve cells, box by box, row by row.
func tridagonCells(rng *rand.Rand, cells *[12]int) {
	bands, stacks := rng.Perm(3), rng.Perm(3)
	var ps [4]int
	for {
		odd := 0
		for i := range ps {
			ps[i] = rng.IntN(6)
			if ps[i] >= 3 {
				odd++
			}
		}
		if odd%2 == 1 {
			break
		}
	}
	k := 0
	for b := 0; b < 4; b++ {
		band, stack := bands[b/2], stacks[b%2]
		for i := 0; i < 3; i++ {
			cells[k] = (band*3+i)*9 + stack*3 + tridagonPerms[ps[b]][i]
			k++
		}
	}
}

// tridagonFill puts the digits abc into the cells of the pattern from k
// on, skipping the guardian's index, so that no row, column or box repeats
// a digit (a random depth-first search); it reports whether it could.
func tridagonFill(p []uint8, cells []int, abc [3]uint8, guardian, k int, rng *rand.Rand) bool {
	if k == len(cells) {
		return true
	}
	if k == guardian {
		return tridagonFill(p, cells, abc, guardian, k+1, rng)
	}
	c := cells[k]
	off := rng.IntN(3)
	for i := 0; i < 3; i++ {
		x := abc[(off+i)%3]
		ok := true
		for _, o := range cells[:k] {
			if p[o] == x && (o/9 == c/9 || o%9 == c%9 || (o/27 == c/27 && o%9/3 == c%9/3)) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		p[c] = x
		if tridagonFill(p, cells, abc, guardian, k+1, rng) {
			return true
		}
		p[c] = 0
	}
	return false
}
