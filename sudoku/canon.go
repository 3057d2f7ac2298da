package sudoku

import "sync"

// The canonical form of a grid is its true minlex form: over every member
// of the shape's geometric symmetry group (transpose when boxes are square,
// band and row-in-band permutations, stack and column-in-stack
// permutations), relabel the values in order of first appearance
// (row-major), read the cells with empty as 0, and keep the
// lexicographically smallest string. Two puzzles that differ only by a
// Sudoku symmetry have the same canonical form.
//
// The search (canon_puzzle.go) builds the answer row by row and keeps only
// partial transformations whose rows tie the best so far; full grids have
// their own search (canon_grid.go), and so have puzzles with many givens
// (canon_dense.go), where a row holds many values not yet labeled.

// Canonicalizer computes canonical forms of one shape. It keeps work space
// between calls, so use one per goroutine; the zero value is not usable,
// make one with NewCanonicalizer.
type Canonicalizer struct {
	geo         *Geometry
	n, br, bc   int
	nb, ns      int // bands (of br rows) and stacks (of bc columns)
	square      bool
	g           [2][MaxN * MaxN]uint8 // the input and its transpose
	puzzle      puzzleSearch
	puzzle9     *puzzleSearch9 // the 9x9 puzzle search; nil on other shapes
	grid        gridSearch
	denseSearch *denseSearch // the dense puzzle search, made on first use
	denseAt     int          // tests: givens from which it is taken (0: denseFrom)
	sparseLimit int          // tests: the puzzle search's node limit (0: sparseLimit)
	emptyRows   [2]uint32    // rows of each orientation without a given
	tr          Transform
	out         Grid
}

// NewCanonicalizer returns a canonicalizer for shape s. Like GeometryOf it
// panics on an unsupported shape: get s from Shapes, ParseShape or
// ShapeForSize.
func NewCanonicalizer(s Shape) *Canonicalizer {
	geo := GeometryOf(s)
	c := &Canonicalizer{
		geo: geo, n: geo.N, br: s.BoxRows, bc: s.BoxCols,
		nb: s.BoxCols, ns: s.BoxRows, square: s.BoxRows == s.BoxCols,
	}
	c.tr = Transform{Shape: s, Rows: make([]int, c.n), Cols: make([]int, c.n), Relabel: make([]uint8, c.n+1)}
	c.out = NewGrid(s)
	c.puzzle.c = c
	c.grid.c = c
	if s == Shape9 {
		c.puzzle9 = &puzzleSearch9{c: c}
	}
	return c
}

// Shape returns the shape c works on.
func (c *Canonicalizer) Shape() Shape { return c.geo.Shape }

// Canonical returns the canonical form of g and a transformation t with
// t.Apply(g) equal to it. g must have c's shape, N*N cells and values
// 0..N; any other g (the zero Grid, a grid of another shape, a value
// above N) gives the zero Grid and the zero Transform. The returned values
// are fresh copies the caller owns.
func (c *Canonicalizer) Canonical(g Grid) (Grid, Transform) {
	if !c.fits(g) {
		return Grid{}, Transform{}
	}
	c.run(g, true)
	c.applyTransform()
	t := Transform{Shape: c.tr.Shape, Transpose: c.tr.Transpose,
		Rows:    append([]int(nil), c.tr.Rows...),
		Cols:    append([]int(nil), c.tr.Cols...),
		Relabel: append([]uint8(nil), c.tr.Relabel...)}
	return c.out.Clone(), t
}

// String returns the canonical form of g in the one-line format, or ""
// for a g Canonical refuses.
func (c *Canonicalizer) String(g Grid) string {
	if !c.fits(g) {
		return ""
	}
	if c.puzzle9 != nil {
		var buf [81]byte
		return string(c.Append(buf[:0], g))
	}
	c.run(g, true)
	c.applyTransform()
	return c.out.String()
}

// Append appends the canonical form of g, in the one-line format, to dst
// and returns the extended slice. It does not allocate when dst has room.
// A g Canonical refuses appends nothing.
func (c *Canonicalizer) Append(dst []byte, g Grid) []byte {
	if !c.fits(g) {
		return dst
	}
	if c.puzzle9 != nil {
		// The string alone: the 9x9 search's best rows spell it, so
		// no transformation is recorded, unless a value stood twice
		// in a row (an invalid grid; then once more with one).
		if c.run(g, false) {
			if !c.puzzle9.dup {
				return c.puzzle9.appendBest(dst)
			}
			c.run(g, true)
		}
		return c.appendTransformed9(dst)
	}
	c.run(g, true)
	c.applyTransform()
	for _, v := range c.out.Cells {
		dst = append(dst, cellSymbols[v])
	}
	return dst
}

// appendTransformed9 appends the image of the input under c.tr, as
// symbols, to dst: applyTransform and the one-line format in one pass.
func (c *Canonicalizer) appendTransformed9(dst []byte) []byte {
	src := &c.puzzle9.grid[0]
	if c.tr.Transpose {
		src = &c.puzzle9.grid[1]
	}
	var cols [9]uint8
	for j, x := range c.tr.Cols[:9] {
		cols[j] = uint8(x)
	}
	var sym [16]byte // value -> the symbol of its label
	for v, l := range c.tr.Relabel[:10] {
		sym[v] = cellSymbols[l%10]
	}
	at := len(dst)
	dst = append(dst, make([]byte, 81)...)
	out := (*[81]byte)(dst[at : at+81])
	for i, r := range c.tr.Rows[:9] {
		row := &src[r&15]
		o := (*[9]byte)(out[i*9 : i*9+9])
		for j, x := range cols {
			o[j] = sym[row[x&15]&15]
		}
	}
	return dst
}

// fits reports whether g is a grid c can work on: of c's shape, with N*N
// cells, every value within 0..N (the exported methods check it once per
// call). A value above N has no symbol and no label: the searches would
// drop or truncate it, giving another puzzle's form.
func (c *Canonicalizer) fits(g Grid) bool {
	return g.Geo != nil && g.Geo.Shape == c.geo.Shape && g.Check() == nil
}

// run computes the best transformation of g into c.tr; applyTransform
// then writes its image into c.out. Without needTr the 9x9 puzzle search
// may leave c.tr unset: run then reports true, and the form is in the
// search's best rows (puzzleSearch9.appendBest).
func (c *Canonicalizer) run(g Grid, needTr bool) (keyed bool) {
	n := c.n
	full := true
	if c.puzzle9 != nil {
		if full = c.puzzle9.load(g.Cells); full {
			// The grid search reads c.g, the transformation's image
			// both orientations of the 9x9 copy.
			c.puzzle9.transpose()
			for r := 0; r < 9; r++ {
				for col := 0; col < 9; col++ {
					v := g.Cells[r*9+col]
					c.g[0][r*9+col] = v
					c.g[1][col*9+r] = v
				}
			}
		}
	} else {
		for r := 0; r < n; r++ {
			for col := 0; col < n; col++ {
				v := g.Cells[r*n+col]
				if v == 0 {
					full = false
				}
				c.g[0][r*n+col] = v
				c.g[1][col*n+r] = v
			}
		}
	}
	switch {
	case full && g.Conflict() == nil:
		c.grid.run()
	case c.puzzle9 != nil:
		c.puzzle9.needTr, c.puzzle9.lastKeyOnly = needTr, false
		c.puzzle9.run()
		return !needTr
	default:
		c.runPuzzle(g)
	}
	return false
}

// applyTransform writes c.tr applied to the input into c.out.
func (c *Canonicalizer) applyTransform() {
	n := c.n
	src := &c.g[0]
	if c.tr.Transpose {
		src = &c.g[1]
	}
	if c.puzzle9 != nil { // 9x9: the search's padded copy of the cells
		var cols [9]uint8
		for j, x := range c.tr.Cols[:9] {
			cols[j] = uint8(x)
		}
		relabel := (*[10]uint8)(c.tr.Relabel[:10])
		out := (*[81]uint8)(c.out.Cells[:81])
		grid := &c.puzzle9.grid[b2u(c.tr.Transpose)]
		for i, r := range c.tr.Rows[:9] {
			row := &grid[r&15]
			o := (*[9]uint8)(out[i*9 : i*9+9])
			for j, x := range cols {
				o[j] = relabel[row[x&15]%10]
			}
		}
		return
	}
	for i := 0; i < n; i++ {
		row := src[c.tr.Rows[i]*n:]
		for j := 0; j < n; j++ {
			c.out.Cells[i*n+j] = c.tr.Relabel[row[c.tr.Cols[j]]]
		}
	}
}

// finishRelabel completes c.tr.Relabel, whose used values already carry
// their labels 1..next-1, by giving the values that never appear the
// remaining labels in increasing order, so the relabeling is a bijection.
func (c *Canonicalizer) finishRelabel(label []uint8, next uint8) {
	c.tr.Relabel[0] = 0
	for v := 1; v <= c.n; v++ {
		if label[v] != 0 {
			c.tr.Relabel[v] = label[v]
		} else {
			c.tr.Relabel[v] = next
			next++
		}
	}
}

var canonPools sync.Map // Shape -> *sync.Pool of *Canonicalizer

func canonicalizerFor(s Shape) (*sync.Pool, *Canonicalizer) {
	p, ok := canonPools.Load(s)
	if !ok {
		p, _ = canonPools.LoadOrStore(s, &sync.Pool{New: func() any { return NewCanonicalizer(s) }})
	}
	pool := p.(*sync.Pool)
	return pool, pool.Get().(*Canonicalizer)
}

// Canonical returns the canonical (true minlex) form of g and a
// transformation t with t.Apply(g) equal to it. It is safe for concurrent
// use; hot loops should keep their own Canonicalizer. A grid Grid.Check
// refuses (no shape, the wrong length, a value above N) gives the zero
// Grid and the zero Transform.
func Canonical(g Grid) (Grid, Transform) {
	if g.checkShape() != nil {
		return Grid{}, Transform{}
	}
	pool, c := canonicalizerFor(g.Geo.Shape)
	defer pool.Put(c)
	return c.Canonical(g)
}

// CanonicalString returns the canonical form of g in the one-line format,
// or "" for a grid Canonical refuses.
func CanonicalString(g Grid) string {
	if g.checkShape() != nil {
		return ""
	}
	pool, c := canonicalizerFor(g.Geo.Shape)
	defer pool.Put(c)
	return c.String(g)
}
