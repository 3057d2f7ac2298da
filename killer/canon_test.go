package killer

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// groupMap is a map of Sudoku's geometric group with the complement,
// written out for the tests independently of canon.go: output cell (i, j)
// takes the source cell (rows[i], cols[j]), of the transposed grid when
// t, and digits d become N+1-d when comp.
type groupMap struct {
	rows, cols []int
	t, comp    bool
}

// apply is the image of p under m (its cages may be in pieces).
func (m groupMap) apply(p *Puzzle) *Puzzle {
	g := p.Geo
	n := g.N
	dest := make([]int, g.Cells) // source cell -> output cell
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			r, c := m.rows[i], m.cols[j]
			if m.t {
				r, c = c, r
			}
			dest[r*n+c] = i*n + j
		}
	}
	q := &Puzzle{Geo: g}
	for _, cg := range p.Cages {
		nc := Cage{Sum: cg.Sum}
		if m.comp {
			nc.Sum = len(cg.Cells)*(n+1) - cg.Sum
		}
		for _, c := range cg.Cells {
			nc.Cells = append(nc.Cells, dest[c])
		}
		q.Cages = append(q.Cages, nc)
	}
	if p.GivenCount() > 0 {
		q.Givens = make([]int8, g.Cells)
		for c, v := range p.Givens {
			if v != 0 && m.comp {
				v = int8(n+1) - v
			}
			q.Givens[dest[c]] = v
		}
	}
	q.Sort()
	return q
}

// allPerms lists the permutations of 0..n-1 keeping blocks of size b.
func allPerms(n, b int) [][]int {
	var out [][]int
	var rec func(p []int, used int)
	rec = func(p []int, used int) {
		if len(p) == n {
			out = append(out, append([]int(nil), p...))
			return
		}
		i := len(p)
		for v := 0; v < n; v++ {
			if used>>v&1 == 0 && (i%b == 0 || v/b == p[i/b*b]/b) {
				rec(append(p, v), used|1<<v)
			}
		}
	}
	rec(nil, 0)
	return out
}

// keepsDiagonals reports whether m maps each diagonal onto a diagonal.
func keepsDiagonals(m groupMap, n int) bool {
	rinv, cinv := make([]int, n), make([]int, n)
	for i := 0; i < n; i++ {
		rinv[m.rows[i]], cinv[m.cols[i]] = i, i
	}
	for _, anti := range []bool{false, true} {
		allMain, allAnti := true, true
		for k := 0; k < n; k++ {
			a, b := k, k // the source cell (a, b) on this diagonal
			if anti {
				b = n - 1 - k
			}
			i, j := rinv[a], cinv[b]
			if m.t {
				i, j = rinv[b], cinv[a]
			}
			allMain = allMain && i == j
			allAnti = allAnti && i+j == n-1
		}
		if !allMain && !allAnti {
			return false
		}
	}
	return true
}

// wholeGroup lists every map of g's group (the diagonal-keeping ones for X).
func wholeGroup(g *Geometry) []groupMap {
	var out []groupMap
	rowPerms, colPerms := allPerms(g.N, g.Shape.BoxRows), allPerms(g.N, g.Shape.BoxCols)
	for _, t := range []bool{false, true} {
		if t && g.Shape.BoxRows != g.Shape.BoxCols {
			continue
		}
		for _, comp := range []bool{false, true} {
			for _, r := range rowPerms {
				for _, c := range colPerms {
					m := groupMap{r, c, t, comp}
					if !g.X || keepsDiagonals(m, g.N) {
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

// seqLess compares two puzzles by the key's order: cells row by row, each
// as (cage label by first appearance, cage sum, given).
func seqLess(a, b *Puzzle) int {
	seq := func(p *Puzzle) [][3]int {
		owner := p.CageOf()
		label := map[int]int{}
		var out [][3]int
		for c := 0; c < p.Geo.Cells; c++ {
			k := owner[c]
			if _, ok := label[k]; !ok {
				label[k] = len(label)
			}
			gv := 0
			if p.Givens != nil {
				gv = int(p.Givens[c])
			}
			out = append(out, [3]int{label[k], p.Cages[k].Sum, gv})
		}
		return out
	}
	x, y := seq(a), seq(b)
	for i := range x {
		for j := 0; j < 3; j++ {
			if x[i][j] != y[i][j] {
				if x[i][j] < y[i][j] {
					return -1
				}
				return 1
			}
		}
	}
	return 0
}

// bruteKey is CanonicalKey by trying every map of the group.
func bruteKey(p *Puzzle, maps []groupMap) string {
	var best *Puzzle
	for _, m := range maps {
		q := m.apply(p)
		if best == nil || seqLess(q, best) < 0 {
			best = q
		}
	}
	return FormatLine(best)
}

func genKiller(t *testing.T, rng *rand.Rand, o Options) *Puzzle {
	t.Helper()
	p, _, _, err := Generate(rng, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCanonicalKeyBrute: on the small grids, the key equals the smallest
// image over the whole group tried map by map, for plain killers and
// Killer-X, with and without givens.
func TestCanonicalKeyBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	for _, o := range []Options{
		{Shape: sudoku.Shape4, CageMin: 1, CageMax: 3},
		{Shape: sudoku.Shape4, X: true, CageMin: 2, CageMax: 3},
		{Shape: sudoku.Shape4, CageMin: 2, CageMax: 4, Givens: 2},
		{Shape: sudoku.Shape6},
		{Shape: sudoku.Shape6, X: true},
		{Shape: sudoku.Shape6, CageMin: 2, CageMax: 3, Givens: 3},
	} {
		g, err := NewGeometry(o.Shape, o.X)
		if err != nil {
			t.Fatal(err)
		}
		maps := wholeGroup(g)
		for i := 0; i < 3; i++ {
			p := genKiller(t, rng, o)
			if got, want := CanonicalKey(p), bruteKey(p, maps); got != want {
				t.Fatalf("%s x=%v: key %q, brute force %q", o.Shape, o.X, got, want)
			}
		}
	}
}

// randomMap draws a map of the group of g: for X, one that keeps the
// diagonals, drawn from the maps the test enumerates itself.
func randomMap(rng *rand.Rand, g *Geometry, xmaps []groupMap) groupMap {
	if g.X {
		return xmaps[rng.IntN(len(xmaps))]
	}
	perm := func(n, b int) []int {
		blocks := rng.Perm(n / b)
		var out []int
		for _, bl := range blocks {
			for _, i := range rng.Perm(b) {
				out = append(out, bl*b+i)
			}
		}
		return out
	}
	return groupMap{perm(g.N, g.Shape.BoxRows), perm(g.N, g.Shape.BoxCols),
		g.Shape.BoxRows == g.Shape.BoxCols && rng.IntN(2) == 0, rng.IntN(2) == 0}
}

// TestCanonicalKey: isomorphs (random maps of the group, with the
// complement) share the key; different killers, and for Killer-X the
// images under maps that move a diagonal off the diagonals, do not.
func TestCanonicalKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	for _, o := range []Options{{}, {X: true}, {Shape: sudoku.Shape8}, {Shape: sudoku.Shape8, X: true}, {Givens: 4}} {
		shape := o.Shape
		if shape == (sudoku.Shape{}) {
			shape = sudoku.Shape9
		}
		g, _ := NewGeometry(shape, o.X)
		var xmaps []groupMap
		if o.X {
			// every map of the group that keeps the diagonals, found by
			// checking cells over all row and column permutations
			rowPerms, colPerms := allPerms(g.N, g.Shape.BoxRows), allPerms(g.N, g.Shape.BoxCols)
			for _, tr := range []bool{false, true} {
				if tr && g.Shape.BoxRows != g.Shape.BoxCols {
					continue
				}
				for _, r := range rowPerms {
					for _, c := range colPerms {
						if m := (groupMap{r, c, tr, rng.IntN(2) == 0}); keepsDiagonals(m, g.N) {
							xmaps = append(xmaps, m)
						}
					}
				}
			}
			want := len(xMaps(g))
			if g.Shape.BoxRows == g.Shape.BoxCols {
				want *= 2
			}
			if len(xmaps) != want {
				t.Fatalf("%s: %d diagonal-keeping maps by cells, %d in xMaps (with the transposition)", g.Shape, len(xmaps), want)
			}
		}
		p := genKiller(t, rng, o)
		key := CanonicalKey(p)
		for i := 0; i < 12; i++ {
			q := randomMap(rng, g, xmaps).apply(p)
			if k := CanonicalKey(q); k != key {
				t.Fatalf("%s x=%v: an isomorph has key %q, the puzzle %q", g.Shape, o.X, k, key)
			}
		}
		if o.X {
			// rows 1 and 2 swapped: a Sudoku symmetry that moves the diagonals
			rows := make([]int, g.N)
			cols := make([]int, g.N)
			for i := range rows {
				rows[i], cols[i] = i, i
			}
			rows[0], rows[1] = 1, 0
			if CanonicalKey(groupMap{rows, cols, false, false}.apply(p)) == key {
				t.Fatalf("%s: a map moving the diagonals kept the Killer-X key", g.Shape)
			}
		}
		for i := 0; i < 3; i++ {
			if CanonicalKey(genKiller(t, rng, o)) == key {
				t.Fatalf("%s x=%v: two different killers share a key", g.Shape, o.X)
			}
		}
	}
}

func BenchmarkCanonicalKey(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	p, _, _, err := Generate(rng, Options{CageMin: 2, CageMax: 5})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		CanonicalKey(p)
	}
}
