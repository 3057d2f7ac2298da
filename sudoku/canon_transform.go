package sudoku

import (
	"fmt"
	"math/rand/v2"
)

// Transform is one member of a shape's symmetry group: an optional
// transpose (square boxes only), a permutation of rows that keeps bands
// together, a permutation of columns that keeps stacks together, and a
// relabeling of the values.
//
// Applied to a grid in, it gives out with
//
//	a = in, or in transposed when Transpose is set
//	out[i][j] = Relabel[a[Rows[i]][Cols[j]]]
//
// Relabel has N+1 entries; Relabel[0] is 0 (empty stays empty).
type Transform struct {
	Shape     Shape
	Transpose bool
	Rows      []int
	Cols      []int
	Relabel   []uint8
}

// Identity returns the identity transformation of shape s, or the zero
// Transform (which fails Check) for a shape not in Shapes.
func Identity(s Shape) Transform {
	if !s.Valid() {
		return Transform{}
	}
	n := s.N()
	t := Transform{Shape: s, Rows: make([]int, n), Cols: make([]int, n), Relabel: make([]uint8, n+1)}
	for i := 0; i < n; i++ {
		t.Rows[i], t.Cols[i] = i, i
		t.Relabel[i+1] = uint8(i + 1)
	}
	return t
}

// Apply returns the image of g under t. t must pass Check and g must have
// t's shape and pass Grid.Check; otherwise (the zero Transform, a
// transformation of another shape) Apply returns the zero Grid.
func (t Transform) Apply(g Grid) Grid {
	if g.Geo == nil || g.Geo.Shape != t.Shape || g.Check() != nil || t.Check() != nil {
		return Grid{}
	}
	n := g.Geo.N
	out := NewGrid(g.Geo.Shape)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			r, c := t.Rows[i], t.Cols[j]
			if t.Transpose {
				r, c = c, r
			}
			out.Cells[i*n+j] = t.Relabel[g.Cells[r*n+c]]
		}
	}
	return out
}

// Inverse returns the transformation that undoes t: t.Inverse().Apply(t.Apply(g)) == g.
// A t that fails Check has no inverse: Inverse returns the zero Transform.
func (t Transform) Inverse() Transform {
	if t.Check() != nil {
		return Transform{}
	}
	n := len(t.Rows)
	inv := Transform{Shape: t.Shape, Transpose: t.Transpose, Rows: make([]int, n), Cols: make([]int, n), Relabel: make([]uint8, len(t.Relabel))}
	rowInv := make([]int, n)
	colInv := make([]int, n)
	for i := 0; i < n; i++ {
		rowInv[t.Rows[i]] = i
		colInv[t.Cols[i]] = i
	}
	if t.Transpose {
		copy(inv.Rows, colInv)
		copy(inv.Cols, rowInv)
	} else {
		copy(inv.Rows, rowInv)
		copy(inv.Cols, colInv)
	}
	for v, w := range t.Relabel {
		inv.Relabel[w] = uint8(v)
	}
	return inv
}

// Check reports whether t is a member of its shape's symmetry group: rows
// permuted within and by whole bands, columns within and by whole stacks,
// transpose only for square boxes, and a relabeling of 1..N that keeps 0.
func (t Transform) Check() error {
	s := t.Shape
	if !s.Valid() {
		return fmt.Errorf("transform: unsupported shape %s", s)
	}
	n := s.N()
	if len(t.Rows) != n || len(t.Cols) != n || len(t.Relabel) != n+1 {
		return fmt.Errorf("transform: sizes %d/%d/%d, expected %d/%d/%d", len(t.Rows), len(t.Cols), len(t.Relabel), n, n, n+1)
	}
	if t.Transpose && s.BoxRows != s.BoxCols {
		return fmt.Errorf("transform: transpose is not a symmetry of %s boxes", s)
	}
	if err := checkBlockPerm(t.Rows, s.BoxRows); err != nil {
		return fmt.Errorf("transform rows: %v", err)
	}
	if err := checkBlockPerm(t.Cols, s.BoxCols); err != nil {
		return fmt.Errorf("transform columns: %v", err)
	}
	if t.Relabel[0] != 0 {
		return fmt.Errorf("transform: relabeling moves the empty value")
	}
	var seen [MaxN + 1]bool // no allocation: Apply checks every transform it is given
	for _, w := range t.Relabel[1:] {
		if w == 0 || int(w) > n || seen[w] {
			return fmt.Errorf("transform: relabeling is not a permutation of 1..%d", n)
		}
		seen[w] = true
	}
	return nil
}

// checkBlockPerm checks that p permutes 0..n-1 keeping blocks of size b
// together (block i of the image is one whole block of the source).
func checkBlockPerm(p []int, b int) error {
	var seen [MaxN]bool // len(p) is a valid shape's N (Check tested it)
	for i, v := range p {
		if v < 0 || v >= len(p) || seen[v] {
			return fmt.Errorf("not a permutation")
		}
		seen[v] = true
		if v/b != p[i-i%b]/b {
			return fmt.Errorf("position %d leaves its block", i)
		}
	}
	return nil
}

// RandomTransform draws a uniformly random member of shape s's symmetry
// group (geometry and relabeling) from rng. A shape not in Shapes or a nil
// rng gives the zero Transform (which fails Check).
func RandomTransform(s Shape, rng *rand.Rand) Transform {
	if !s.Valid() || rng == nil {
		return Transform{}
	}
	n := s.N()
	t := Transform{Shape: s, Rows: blockPerm(n, s.BoxRows, rng), Cols: blockPerm(n, s.BoxCols, rng), Relabel: make([]uint8, n+1)}
	t.Transpose = s.BoxRows == s.BoxCols && rng.IntN(2) == 1
	for i, v := range rng.Perm(n) {
		t.Relabel[i+1] = uint8(v + 1)
	}
	return t
}

// blockPerm draws a permutation of 0..n-1 that moves whole blocks of size b
// and permutes within each block.
func blockPerm(n, b int, rng *rand.Rand) []int {
	p := make([]int, 0, n)
	for _, blk := range rng.Perm(n / b) {
		for _, i := range rng.Perm(b) {
			p = append(p, blk*b+i)
		}
	}
	return p
}
