package variant

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// Rule names a pairwise constraint between two cells.
type Rule uint8

// The pairwise rules.
const (
	// RuleNonConsecutive: the two values never differ by exactly 1
	// (1 and N are not consecutive).
	RuleNonConsecutive Rule = 1
)

// String is the rule's name in records and docs.
func (r Rule) String() string {
	switch r {
	case RuleNonConsecutive:
		return "non-consecutive"
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// Pair is a pairwise constraint between cells A and B (frame indexes).
type Pair struct {
	A, B int
	Rule Rule
}

// Data is a geometry as plain data: what the grader, the record codec and
// the independent checker read. Cells are frame indexes, row-major.
type Data struct {
	// Rows and Cols are the frame; N is the number of symbols (1..N).
	Rows, Cols, N int
	// Mask marks the used cells of the frame; nil means every cell is used.
	Mask []bool `json:",omitempty"`
	// Houses lists the houses: each holds every symbol exactly once.
	Houses [][]int
	// HouseKinds names each house's kind ("row", "column", "box",
	// "region", "diagonal", "window", "disjoint-group", "asterisk",
	// "girandola", "center-dot"), parallel to Houses.
	HouseKinds []string
	// Sees lists cell pairs outside any common house that must differ
	// (anti-knight, anti-king), each with the smaller cell first.
	Sees [][2]int `json:",omitempty"`
	// Pairs lists the pairwise constraints (non-consecutive).
	Pairs []Pair `json:",omitempty"`
}

// Geometry is a board with its constraints and the tables the solver, the
// generator and the canonical form use. Build it with Build, Samurai or
// FromData; it is read-only afterwards and safe to share.
type Geometry struct {
	// Name is the variant list ("x,anti-knight", "jigsaw", "samurai").
	Name string
	// Variants is the sorted variant list the geometry was built from.
	Variants []string
	// Regions is the jigsaw regions string ("" when not jigsaw).
	Regions string
	// BoxRows and BoxCols are the box shape (0 for jigsaw and samurai).
	BoxRows, BoxCols int

	data Data

	m        int     // used cells
	used     []int32 // compact index -> frame index
	index    []int32 // frame index -> compact index, -1 if unused
	full     uint32  // all N symbol bits
	hStart   []int32 // houses over compact cells, flattened
	hCells   []int32
	cStart   []int32 // houses of each compact cell, flattened
	cHouse   []int32
	pStart   []int32 // peers (house mates and sees) per compact cell
	peers    []int32
	qStart   []int32 // pairwise neighbours per compact cell
	qNbr     []int32
	qRule    []uint8
	qPeer    []bool        // the pair's cells are also peers (must differ)
	forbid   [2][32]uint32 // per rule, per value: the bits the neighbour loses
	keysOnce sync.Once     // structure keys for symmetry checks, built on first use
	keysVal  *structKeys
	words    int      // 64-bit words of a bitset over the compact cells
	peerBits []uint64 // per compact cell, its peers as a bitset
	pairBits []uint64 // per compact cell, its non-consecutive neighbours
}

// Data returns the geometry as plain data. The slices are the geometry's
// own: do not modify them.
func (g *Geometry) Data() Data { return g.data }

// Rows is the frame height.
func (g *Geometry) Rows() int { return g.data.Rows }

// Cols is the frame width.
func (g *Geometry) Cols() int { return g.data.Cols }

// N is the number of symbols.
func (g *Geometry) N() int { return g.data.N }

// Cells is the number of cells in the frame (used or not).
func (g *Geometry) Cells() int { return g.data.Rows * g.data.Cols }

// Used reports whether frame cell i is part of the board.
func (g *Geometry) Used(i int) bool { return i >= 0 && i < len(g.index) && g.index[i] >= 0 }

// UsedCells is the number of cells of the board.
func (g *Geometry) UsedCells() int { return g.m }

// FromData checks d and builds its geometry. Every house must hold N
// distinct used cells; sees and pairs join two distinct used cells.
func FromData(d Data) (*Geometry, error) {
	g := &Geometry{data: d}
	if err := g.init(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Geometry) init() error {
	d := &g.data
	if d.Rows < 1 || d.Cols < 1 || d.Rows*d.Cols > 4096 {
		return fmt.Errorf("geometry: frame %dx%d: expected 1..4096 cells", d.Rows, d.Cols)
	}
	if d.N < 1 || d.N > 25 {
		return fmt.Errorf("geometry: %d symbols: expected 1..25", d.N)
	}
	cells := d.Rows * d.Cols
	if d.Mask != nil && len(d.Mask) != cells {
		return fmt.Errorf("geometry: mask of %d cells for a %dx%d frame", len(d.Mask), d.Rows, d.Cols)
	}
	if len(d.HouseKinds) != len(d.Houses) {
		return fmt.Errorf("geometry: %d house kinds for %d houses", len(d.HouseKinds), len(d.Houses))
	}
	g.index = make([]int32, cells)
	g.used = g.used[:0]
	for i := range cells {
		if d.Mask == nil || d.Mask[i] {
			g.index[i] = int32(len(g.used))
			g.used = append(g.used, int32(i))
		} else {
			g.index[i] = -1
		}
	}
	g.m = len(g.used)
	g.full = uint32(1)<<d.N - 1
	cell := func(what string, c int) (int32, error) {
		if c < 0 || c >= cells || g.index[c] < 0 {
			return 0, fmt.Errorf("geometry: %s: cell %d is not a used cell of the %dx%d frame", what, c, d.Rows, d.Cols)
		}
		return g.index[c], nil
	}
	// peerBits: per used cell a bitset (words words) of the cells that
	// share a house or a sees pair with it; the lists below follow from
	// it in ascending order.
	g.words = (g.m + 63) / 64
	g.peerBits = make([]uint64, g.m*g.words)
	mate := func(a, b int32) { g.peerBits[int(a)*g.words+int(b)/64] |= 1 << (b % 64) }
	inHouse := make([]int32, g.m) // the house (plus one) each cell was last listed in
	g.hStart = append(g.hStart[:0], 0)
	g.hCells = g.hCells[:0]
	for h, house := range d.Houses {
		if len(house) != d.N {
			return fmt.Errorf("geometry: house %d (%s) has %d cells, expected %d", h, d.HouseKinds[h], len(house), d.N)
		}
		start := len(g.hCells)
		for _, c := range house {
			if c < 0 || c >= cells || g.index[c] < 0 {
				_, err := cell(fmt.Sprintf("house %d", h), c)
				return err
			}
			k := g.index[c]
			if inHouse[k] == int32(h)+1 {
				return fmt.Errorf("geometry: house %d lists cell %d twice", h, c)
			}
			inHouse[k] = int32(h) + 1
			g.hCells = append(g.hCells, k)
		}
		g.hStart = append(g.hStart, int32(len(g.hCells)))
		for _, a := range g.hCells[start:] {
			for _, b := range g.hCells[start:] {
				if a != b {
					mate(a, b)
				}
			}
		}
	}
	for _, s := range d.Sees {
		a, err := cell("sees", s[0])
		if err != nil {
			return err
		}
		b, err := cell("sees", s[1])
		if err != nil {
			return err
		}
		if a == b {
			return fmt.Errorf("geometry: sees pair joins cell %d to itself", s[0])
		}
		mate(a, b)
		mate(b, a)
	}
	of := make([][]int32, g.m)
	for h := 0; h+1 < len(g.hStart); h++ {
		for _, c := range g.hCells[g.hStart[h]:g.hStart[h+1]] {
			of[c] = append(of[c], int32(h))
		}
	}
	g.cStart = append(g.cStart[:0], 0)
	g.cHouse = g.cHouse[:0]
	for i := range g.m {
		g.cHouse = append(g.cHouse, of[i]...)
		g.cStart = append(g.cStart, int32(len(g.cHouse)))
	}
	g.pStart = append(g.pStart[:0], 0)
	g.peers = g.peers[:0]
	for i := range g.m {
		row := g.peerBits[i*g.words : (i+1)*g.words]
		for w, x := range row {
			for ; x != 0; x &= x - 1 {
				g.peers = append(g.peers, int32(w*64+bits.TrailingZeros64(x)))
			}
		}
		g.pStart = append(g.pStart, int32(len(g.peers)))
	}
	nbr := make([][]int32, g.m)
	rule := make([][]uint8, g.m)
	for _, p := range d.Pairs {
		if p.Rule != RuleNonConsecutive {
			return fmt.Errorf("geometry: pair %d-%d: unknown rule %d", p.A, p.B, p.Rule)
		}
		a, err := cell("pair", p.A)
		if err != nil {
			return err
		}
		b, err := cell("pair", p.B)
		if err != nil {
			return err
		}
		if a == b {
			return fmt.Errorf("geometry: pair joins cell %d to itself", p.A)
		}
		nbr[a] = append(nbr[a], b)
		rule[a] = append(rule[a], uint8(p.Rule))
		nbr[b] = append(nbr[b], a)
		rule[b] = append(rule[b], uint8(p.Rule))
	}
	g.qStart = append(g.qStart[:0], 0)
	g.qNbr, g.qRule, g.qPeer = g.qNbr[:0], g.qRule[:0], g.qPeer[:0]
	for i := range g.m {
		g.qNbr = append(g.qNbr, nbr[i]...)
		g.qRule = append(g.qRule, rule[i]...)
		for _, p := range nbr[i] {
			g.qPeer = append(g.qPeer, g.peerBits[i*g.words+int(p)/64]&(1<<(p%64)) != 0)
		}
		g.qStart = append(g.qStart, int32(len(g.qNbr)))
	}
	g.pairBits = nil
	if len(g.qNbr) > 0 {
		g.pairBits = make([]uint64, g.m*g.words)
		for i := range g.m {
			for k := g.qStart[i]; k < g.qStart[i+1]; k++ {
				p := g.qNbr[k]
				g.pairBits[i*g.words+int(p)/64] |= 1 << (p % 64)
			}
		}
	}
	for v := 1; v <= d.N; v++ {
		var f uint32
		if v > 1 {
			f |= 1 << (v - 2)
		}
		if v < d.N {
			f |= 1 << v
		}
		g.forbid[RuleNonConsecutive][v-1] = f
	}
	return nil
}

// Check reports the first broken constraint of a filled or partial grid of
// frame cells (0 empty): a value out of range, a value on an unused cell,
// two equal values in a house or on a sees pair, a pair rule broken.
func (g *Geometry) Check(cells []uint8) error {
	d := &g.data
	if len(cells) != d.Rows*d.Cols {
		return fmt.Errorf("grid of %d cells, expected %d", len(cells), d.Rows*d.Cols)
	}
	for i, v := range cells {
		if int(v) > d.N {
			return fmt.Errorf("cell %s: value %d out of 1..%d", g.CellName(i), v, d.N)
		}
		if v != 0 && g.index[i] < 0 {
			return fmt.Errorf("cell %s: value on an unused cell", g.CellName(i))
		}
	}
	for h, house := range d.Houses {
		if a, b, ok := sudoku.Repeat(house, cells); ok {
			return g.repeatError(cells, h, a, b)
		}
	}
	for _, s := range d.Sees {
		if a, b := cells[s[0]], cells[s[1]]; a != 0 && a == b {
			return fmt.Errorf("cells %s and %s see each other and both hold %d", g.CellName(s[0]), g.CellName(s[1]), a)
		}
	}
	for _, p := range d.Pairs {
		a, b := int(cells[p.A]), int(cells[p.B])
		if a != 0 && b != 0 && (a-b == 1 || b-a == 1) {
			return fmt.Errorf("cells %s and %s are %s and hold %d and %d", g.CellName(p.A), g.CellName(p.B), p.Rule, a, b)
		}
	}
	return nil
}

// repeatError says that house h holds the value of cells a and b twice, as
// the classic reader does: "4 appears twice in box 1 (r1c1 and r2c2)", the
// house numbered among those of its kind from 1 and both cells named.
func (g *Geometry) repeatError(cells []uint8, h, a, b int) error {
	d := &g.data
	nth := 1
	for _, k := range d.HouseKinds[:h] {
		if k == d.HouseKinds[h] {
			nth++
		}
	}
	return fmt.Errorf("%c appears twice in %s %d (%s and %s)", sudoku.Symbols[cells[a]-1], d.HouseKinds[h], nth, g.CellName(a), g.CellName(b))
}

// CellName names frame cell c as r<row>c<col>, 1-based, as the Sudoku and
// killer geometries name theirs.
func (g *Geometry) CellName(c int) string {
	return fmt.Sprintf("r%dc%d", c/g.data.Cols+1, c%g.data.Cols+1)
}

// popcount of a candidate mask.
func popcount(x uint32) int { return bits.OnesCount32(x) }
