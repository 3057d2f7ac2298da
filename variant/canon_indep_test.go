package variant

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// This file checks dedupe against transformations written here from the
// variants' rules (docs/variants.md), not taken from the group the
// canonicalizer computes: moved by a symmetry of its variant, a puzzle
// keeps its key (isomorphs collapse); moved by a classic symmetry that
// breaks the variant's extra rules, it gets another key (non-isomorphs
// stay apart), which an invariant of the variant's group decides
// independently.

// frameMove is a map of a rows x cols frame: cell (r, c) goes to
// (rows[r], cols[c]), transposed first when t is set (square frames).
type frameMove struct {
	rows, cols []int
	t          bool
}

func identityLines(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// cellPerm returns the map as a cell permutation: p[i] is where cell i
// goes.
func (m frameMove) cellPerm(rows, cols int) []int {
	p := make([]int, rows*cols)
	for r := range rows {
		for c := range cols {
			rr, cc := r, c
			if m.t {
				rr, cc = c, r
			}
			p[r*cols+c] = m.rows[rr]*cols + m.cols[cc]
		}
	}
	return p
}

// reversed is the line map i -> n-1-i.
func reversed(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = n - 1 - i
	}
	return p
}

// swapped is the identity with the given pairs of lines exchanged.
func swapped(n int, pairs ...[2]int) []int {
	p := identityLines(n)
	for _, s := range pairs {
		p[s[0]], p[s[1]] = p[s[1]], p[s[0]]
	}
	return p
}

// variantMoves lists, for a geometry, symmetries stated by its rules: the
// reflections of the square (and transposition where the boxes are
// square), and for some variants line permutations their rules keep
// (X: rows 1<->3 with 7<->9, on rows and columns alike, which commutes
// with reading the diagonals backwards; disjoint groups and center dot: a
// band exchange, and for disjoint groups the same row swap in every band).
func variantMoves(spec Spec, rows, cols int) []frameMove {
	id := func() frameMove { return frameMove{rows: identityLines(rows), cols: identityLines(cols)} }
	mirror, flip := id(), id()
	mirror.cols = reversed(cols)
	flip.rows = reversed(rows)
	moves := []frameMove{mirror, flip}
	if rows == cols && (rows == 9 || rows == 21 || rows == 4) {
		tr := id()
		tr.t = true
		moves = append(moves, tr)
	}
	if spec.Size == 9 && len(spec.Variants) == 1 {
		switch spec.Variants[0] {
		case X:
			f := swapped(9, [2]int{0, 2}, [2]int{6, 8})
			moves = append(moves, frameMove{rows: f, cols: f})
		case DisjointGroups:
			band := []int{3, 4, 5, 0, 1, 2, 6, 7, 8}
			moves = append(moves, frameMove{rows: band, cols: identityLines(9)},
				frameMove{rows: identityLines(9), cols: swapped(9, [2]int{0, 1}, [2]int{3, 4}, [2]int{6, 7})})
		case CenterDot:
			moves = append(moves, frameMove{rows: []int{6, 7, 8, 3, 4, 5, 0, 1, 2}, cols: swapped(9, [2]int{0, 2})})
		}
	}
	return moves
}

// breakingMoves lists classic symmetries (of rows, columns and boxes)
// that the variant's extra rules do not all survive: a row swap inside
// the first band, a column swap inside the first stack, a band exchange.
func breakingMoves(n, boxRows, boxCols int) []frameMove {
	id := identityLines(n)
	bands := identityLines(n)
	for i := range boxRows {
		bands[i], bands[boxRows+i] = boxRows+i, i
	}
	return []frameMove{
		{rows: swapped(n, [2]int{0, 1}), cols: id},
		{rows: id, cols: swapped(n, [2]int{0, 1})},
		{rows: bands, cols: id},
		{rows: swapped(n, [2]int{0, 1}), cols: swapped(n, [2]int{1, 2})},
	}
}

// satisfies reports whether grid (a full frame) keeps every rule of g's
// data: houses hold each value once, sees pairs differ, pair rules hold.
func satisfies(g *Geometry, grid []uint8) error {
	d := g.Data()
	for h, cells := range d.Houses {
		seen := map[uint8]bool{}
		for _, c := range cells {
			if seen[grid[c]] {
				return fmt.Errorf("%s house %d holds %d twice", d.HouseKinds[h], h, grid[c])
			}
			seen[grid[c]] = true
		}
	}
	for _, s := range d.Sees {
		if grid[s[0]] == grid[s[1]] {
			return fmt.Errorf("sees pair %v holds %d twice", s, grid[s[0]])
		}
	}
	for _, p := range d.Pairs {
		if a, b := int(grid[p.A]), int(grid[p.B]); a-b == 1 || b-a == 1 {
			return fmt.Errorf("pair %d-%d holds %d and %d", p.A, p.B, a, b)
		}
	}
	return nil
}

// invariant is a fingerprint every symmetry of g keeps: the sorted counts
// of givens per house (a symmetry maps houses onto houses), the number of
// sees pairs and of rule pairs with both cells given.
func invariant(g *Geometry, puzzle []uint8) string {
	d := g.Data()
	var counts []int
	for _, cells := range d.Houses {
		k := 0
		for _, c := range cells {
			if puzzle[c] != 0 {
				k++
			}
		}
		counts = append(counts, k)
	}
	slices.Sort(counts)
	sees, pairs := 0, 0
	for _, s := range d.Sees {
		if puzzle[s[0]] != 0 && puzzle[s[1]] != 0 {
			sees++
		}
	}
	for _, p := range d.Pairs {
		if puzzle[p.A] != 0 && puzzle[p.B] != 0 {
			pairs++
		}
	}
	if len(d.Pairs) == 0 {
		return fmt.Sprint(counts, sees, pairs)
	}
	// non-consecutive keeps or reverses values: each given's distance
	// from the middle value is kept
	var dist []int
	for _, v := range puzzle {
		if v != 0 {
			dist = append(dist, max(2*int(v)-g.N()-1, g.N()+1-2*int(v)))
		}
	}
	slices.Sort(dist)
	return fmt.Sprint(counts, sees, pairs, dist)
}

// TestCanonIndependentSymmetries: for every variant (and Samurai, and a
// jigsaw with its regions moved along), generated puzzles moved by the
// symmetries above with a value relabelling the rules allow (every
// permutation; non-consecutive: reversal) are still solutions of the
// variant (checked from the rules) and keep their key; moved by classic
// moves that break the variant, they keep the key exactly when the
// group invariant says they may, and at least one such move must break
// the invariant and the key for every variant with extra rules.
func TestCanonIndependentSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 21))
	specs := append(canonSpecs(), Spec{Size: 9, Variants: []string{X, AntiKing}}, Spec{Size: 9, Variants: []string{Jigsaw}})
	if os.Getenv("SUDOGEN_LONG") != "" {
		specs = append(specs, Spec{Size: 9, Variants: []string{SamuraiName}}) // 6 CPU-s
	}
	for _, spec := range specs {
		name := fmt.Sprint(spec.Size, spec.Variants)
		t.Run(name, func(t *testing.T) {
			gen, err := NewGenerator(spec, Options{})
			if err != nil {
				t.Fatal(err)
			}
			broken := 0
			{
				p, err := gen.Generate(rng)
				if err != nil {
					t.Fatal(err)
				}
				g := p.Geometry
				d := g.Data()
				c := NewCanonicalizer(g)
				key, err := c.Key(g, p.Puzzle)
				if err != nil {
					t.Fatal(err)
				}
				inv := invariant(g, p.Puzzle)
				n := g.N()
				for _, m := range variantMoves(spec, d.Rows, d.Cols) {
					perm := m.cellPerm(d.Rows, d.Cols)
					vm := make([]uint8, n+1)
					if slices.Contains(spec.Variants, NonConsecutive) {
						for v := 1; v <= n; v++ {
							vm[v] = uint8(n + 1 - v)
						}
					} else {
						for i, v := range rng.Perm(n) {
							vm[i+1] = uint8(v + 1)
						}
					}
					q, qs := transformPuzzle(p.Puzzle, perm, vm), transformPuzzle(p.Solution, perm, vm)
					qg := g
					if g.Regions != "" {
						if qg, err = Build(Spec{Size: spec.Size, Variants: spec.Variants, Regions: transformRegions(g.Regions, perm)}); err != nil {
							t.Fatal(err)
						}
					}
					if err := satisfies(qg, qs); err != nil {
						t.Fatalf("move %+v is no symmetry of the rules: %v", m, err)
					}
					k2, err := c.Key(qg, q)
					if err != nil {
						t.Fatal(err)
					}
					if k2 != key {
						t.Fatalf("isomorph under %+v gets another key:\n%s\n%s", m, key, k2)
					}
				}
				if g.BoxRows == 0 || g.Regions != "" {
					return // Samurai, jigsaw: no classic moves to break
				}
				// classic value relabellings (1 <-> 2, 1 <-> 3, v -> v+1)
				// break non-consecutive
				type move struct {
					m  frameMove
					vm []uint8
				}
				var moves []move
				for _, m := range breakingMoves(n, g.BoxRows, g.BoxCols) {
					moves = append(moves, move{m, identityValues(n)})
				}
				stay := frameMove{rows: identityLines(n), cols: identityLines(n)}
				for _, sw := range [][2]int{{1, 2}, {1, 3}, {0, 0}} {
					vm := identityValues(n)
					if sw[0] == 0 {
						for v := 1; v <= n; v++ {
							vm[v] = uint8(v%n + 1)
						}
					} else {
						vm[sw[0]], vm[sw[1]] = vm[sw[1]], vm[sw[0]]
					}
					moves = append(moves, move{stay, vm})
				}
				for _, mv := range moves {
					m := mv.m
					q := transformPuzzle(p.Puzzle, m.cellPerm(n, n), mv.vm)
					k2, err := c.Key(g, q)
					if err != nil {
						t.Fatal(err)
					}
					if invariant(g, q) != inv {
						broken++
						if k2 == key {
							t.Fatalf("move %+v changes the group invariant but keeps the key %s", m, key)
						}
					}
				}
			}
			if spec.Variants[0] != Jigsaw && spec.Variants[0] != SamuraiName && broken == 0 {
				t.Fatalf("no classic move broke the variant's invariant: the non-isomorph check checked nothing")
			}
		})
	}
}

// canonSpecs lists one spec of every variant with a classic frame (9x9,
// and 6x6 for non-consecutive and X) for the dedupe tests.
func canonSpecs() []Spec {
	return []Spec{
		{Size: 9, Variants: []string{X}}, {Size: 9, Variants: []string{Windoku}},
		{Size: 9, Variants: []string{DisjointGroups}}, {Size: 9, Variants: []string{Asterisk}},
		{Size: 9, Variants: []string{Girandola}}, {Size: 9, Variants: []string{CenterDot}},
		{Size: 9, Variants: []string{AntiKnight}}, {Size: 9, Variants: []string{AntiKing}},
		{Size: 6, Variants: []string{NonConsecutive}}, {Size: 6, Variants: []string{X}},
	}
}

func identityValues(n int) []uint8 {
	vm := make([]uint8, n+1)
	for v := range vm {
		vm[v] = uint8(v)
	}
	return vm
}
