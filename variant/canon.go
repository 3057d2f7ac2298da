package variant

import (
	"fmt"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// Group is a geometry's symmetry group as used by the canonical form.
type Group struct {
	// Perms lists the cell permutations (frame cell -> image cell), the
	// identity first.
	Perms [][]int
	// Reversal is true when values may only be kept or reversed
	// (v -> N+1-v), as for non-consecutive; otherwise any relabelling of
	// the values is a symmetry.
	Reversal bool
	// Partial is true when Perms is a subgroup only (Samurai: its group,
	// about 2.7e20 cell maps, is too large to list; Perms holds the
	// symmetries of the square that map the board onto itself, and the
	// canonical form searches the whole group, see samurai_canon.go).
	Partial bool
}

var groupCache sync.Map // group key -> *Group

// groupKey names a geometry for the group cache: the variants and the
// size (jigsaw groups do not depend on the regions, see GroupOf).
func groupKey(g *Geometry) string {
	return fmt.Sprintf("%s/%dx%d", g.Name, g.data.Rows, g.data.Cols)
}

// GroupOf returns g's symmetry group: the line-preserving maps (a row
// permutation and a column permutation, optionally after a transposition)
// that map every house onto a house, sees pairs onto sees pairs, pairs
// onto pairs and used cells onto used cells, with the value relabellings
// the rules allow. For jigsaw the regions are part of the puzzle, not of
// the group: the group is the symmetries of the square (rotations and
// reflections) that map the rest of the geometry (rows, columns, other
// variants' houses, sees, pairs) onto itself, and the canonical form
// carries the transformed regions. The group is computed once per variant
// list and size and cached.
func GroupOf(g *Geometry) *Group {
	key := groupKey(g)
	if v, ok := groupCache.Load(key); ok {
		return v.(*Group)
	}
	grp := computeGroup(g)
	v, _ := groupCache.LoadOrStore(key, grp)
	return v.(*Group)
}

func computeGroup(g *Geometry) *Group {
	grp := &Group{Reversal: len(g.data.Pairs) > 0}
	if g.Name == SamuraiName {
		// Not a line group (its outer grids move on their own): the
		// canonical form searches it (samurai_canon.go); Perms lists the
		// symmetries of the square only.
		grp.Partial = true
	} else if g.Regions == "" {
		d := g.data
		perms, err := lineGroup(&d)
		if err == nil {
			grp.Perms = perms
			return grp
		}
		grp.Partial = true
	}
	// The symmetries of the square that map the geometry (without its
	// jigsaw regions) onto itself.
	rest := g.data
	rest.Houses, rest.HouseKinds = nil, nil
	for i, h := range g.data.Houses {
		if g.data.HouseKinds[i] != "region" {
			rest.Houses = append(rest.Houses, h)
			rest.HouseKinds = append(rest.HouseKinds, g.data.HouseKinds[i])
		}
	}
	keys := newStructKeys(&rest)
	id := make([]int, g.Cells())
	for i := range id {
		id[i] = i
	}
	grp.Perms = append(grp.Perms, id)
	for _, s := range Symmetries[1:] {
		for _, p := range squareMaps(g, s) {
			if keys.maps(&rest, p) {
				grp.Perms = append(grp.Perms, p)
			}
		}
	}
	return grp
}

// squareMaps returns the cell permutation of one symmetry of the square
// (for rot90 also its inverse rot270, which is not in Symmetries).
func squareMaps(g *Geometry, sym string) [][]int {
	p := symmetryPerm(g, sym)
	if p == nil {
		return nil
	}
	if sym != "rot90" {
		return [][]int{p}
	}
	inv := make([]int, len(p))
	for i, j := range p {
		inv[j] = i
	}
	return [][]int{p, inv}
}

// Canonicalizer computes canonical keys for one geometry's puzzles. It
// is for one goroutine; make one per worker.
type Canonicalizer struct {
	g    *Geometry
	grp  *Group
	inv  [][]int32 // per element: the source frame cell of each used output position
	used []int32
	cur  []byte
	best []byte
	reg  []byte
	breg []byte
	sam  *samuraiCanon // Samurai: the search over its whole group
}

// NewCanonicalizer returns a canonicalizer for g's variant list and size.
func NewCanonicalizer(g *Geometry) *Canonicalizer {
	grp := GroupOf(g)
	c := &Canonicalizer{g: g, grp: grp, used: g.used}
	for _, p := range grp.Perms {
		inv := make([]int32, g.Cells())
		for i, j := range p {
			inv[j] = int32(i)
		}
		c.inv = append(c.inv, inv)
	}
	if g.Name == SamuraiName {
		c.sam = &samuraiCanon{ch: &samuraiFull}
	}
	return c
}

// Group returns the group the keys are taken under.
func (c *Canonicalizer) Group() *Group { return c.grp }

// Key returns the canonical key of puzzle (frame cells, 0 empty) on
// geometry pg, which must have c's variant list and size (for jigsaw its
// own regions): the variant list, then for jigsaw the least transformed
// regions string (regions renamed in order of first appearance), then
// the least transformed puzzle string over the used cells with values
// renamed in order of first appearance ('.' for empty; with non-consecutive
// only kept or reversed). Two puzzles have the same key exactly when an
// element of the group (with a value relabelling) maps one onto the
// other. A Samurai key reads the cells in its own order, grid by grid,
// and is the least over the board's whole group (samurai_canon.go).
// A nil pg is c's own geometry. Another geometry, a puzzle that is not
// one value a frame cell, or a value above N is an error.
func (c *Canonicalizer) Key(pg *Geometry, puzzle []uint8) (string, error) {
	if pg == nil {
		pg = c.g
	}
	if groupKey(pg) != groupKey(c.g) {
		return "", fmt.Errorf("canonical key: puzzle geometry %s, canonicalizer for %s", groupKey(pg), groupKey(c.g))
	}
	if len(puzzle) != pg.Cells() {
		return "", fmt.Errorf("canonical key: %d cells, expected %d", len(puzzle), pg.Cells())
	}
	for i, v := range puzzle {
		if int(v) > pg.data.N {
			return "", fmt.Errorf("canonical key: cell %s holds %d, expected 0..%d", pg.CellName(i), v, pg.data.N)
		}
	}
	if c.sam != nil {
		return c.sam.key(puzzle), nil
	}
	n := pg.data.N
	m := len(c.used)
	jig := pg.Regions != ""
	c.best = c.best[:0]
	c.breg = c.breg[:0]
	for _, inv := range c.inv {
		if jig {
			c.reg = relabel(c.reg[:0], pg.Regions, inv)
			if len(c.breg) > 0 {
				if cmp := strings.Compare(string(c.reg), string(c.breg)); cmp > 0 {
					continue
				} else if cmp < 0 {
					c.best = c.best[:0]
				}
			}
		}
		for rev := 0; rev < 2; rev++ {
			if rev == 1 && !c.grp.Reversal {
				break
			}
			c.cur = c.cur[:0]
			var label [32]byte
			next := byte(1)
			worse := false
			for k := 0; k < m; k++ {
				v := puzzle[inv[c.used[k]]]
				var out byte
				switch {
				case v == 0:
					out = 0
				case c.grp.Reversal:
					out = v
					if rev == 1 {
						out = byte(n) + 1 - v
					}
				default:
					if label[v] == 0 {
						label[v] = next
						next++
					}
					out = label[v]
				}
				if len(c.best) > 0 && !worse {
					if out > c.best[k] {
						worse = true
						break
					}
					if out < c.best[k] {
						c.best = c.best[:0]
					}
				}
				c.cur = append(c.cur, out)
			}
			if worse {
				continue
			}
			c.best = append(c.best[:0], c.cur...)
			if jig {
				c.breg = append(c.breg[:0], c.reg...)
			}
		}
	}
	var b strings.Builder
	b.WriteString(pg.Name)
	b.WriteByte(':')
	if jig {
		b.Write(c.breg)
		b.WriteByte(':')
	}
	for _, v := range c.best {
		if v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(sudoku.Symbols[v-1])
		}
	}
	return b.String(), nil
}

// relabel writes the regions string seen through inv (output cell ->
// source cell), regions renamed 1, 2, ... in order of first appearance.
func relabel(dst []byte, regions string, inv []int32) []byte {
	var label [256]byte
	next := 0
	for i := range inv {
		r := regions[inv[i]]
		if label[r] == 0 {
			label[r] = sudoku.Symbols[next]
			next++
		}
		dst = append(dst, label[r])
	}
	return dst
}
