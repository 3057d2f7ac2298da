package variant

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
)

// permsOf returns every permutation of 0..n-1.
func permsOf(n int) [][]int {
	var out [][]int
	p := make([]int, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			out = append(out, append([]int(nil), p...))
			return
		}
		for v := range n {
			if !used[v] {
				used[v], p[i] = true, v
				rec(i + 1)
				used[v] = false
			}
		}
	}
	rec(0)
	return out
}

// lineMap is the cell permutation of (transpose, row map f, column map g)
// on an n x n grid.
func lineMap(n int, t bool, f, g []int) []int {
	p := make([]int, n*n)
	for i := range p {
		r, c := i/n, i%n
		if t {
			r, c = c, r
		}
		p[i] = f[r]*n + g[c]
	}
	return p
}

// naiveAuto reports whether cell permutation p keeps the naive model's
// constraints: cells that must differ map to cells that must differ and
// back, non-consecutive neighbours to non-consecutive neighbours.
func naiveAuto(m naiveModel, p []int) bool {
	n := m.n
	for a := range n * n {
		for b := a + 1; b < n*n; b++ {
			pa, pb := p[a], p[b]
			if m.differ(a/n, a%n, b/n, b%n) != m.differ(pa/n, pa%n, pb/n, pb%n) {
				return false
			}
			if m.variants[NonConsecutive] && (abs(a/n-b/n)+abs(a%n-b%n) == 1) != (abs(pa/n-pb/n)+abs(pa%n-pb%n) == 1) {
				return false
			}
		}
	}
	return true
}

func permKey(p []int) string { return fmt.Sprint(p) }

// TestGroupAllLineMaps4x4: on 4x4 the group search finds exactly the line
// maps (all 24*24*2 of them tried) that keep the naive model's
// constraints.
func TestGroupAllLineMaps4x4(t *testing.T) {
	perms := permsOf(4)
	for _, vs := range [][]string{{X}, {DisjointGroups}, {AntiKnight}, {AntiKing}, {NonConsecutive}, {X, DisjointGroups}} {
		g, err := Build(Spec{Size: 4, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		m := newNaive(4, vs, "")
		want := map[string]bool{}
		for _, tr := range []bool{false, true} {
			for _, f := range perms {
				for _, h := range perms {
					if p := lineMap(4, tr, f, h); naiveAuto(m, p) {
						want[permKey(p)] = true
					}
				}
			}
		}
		grp := GroupOf(g)
		got := map[string]bool{}
		for _, p := range grp.Perms {
			got[permKey(p)] = true
		}
		if len(got) != len(want) || len(got) != len(grp.Perms) {
			t.Errorf("%v: group of %d (%d distinct), brute force finds %d", vs, len(grp.Perms), len(got), len(want))
			continue
		}
		for k := range want {
			if !got[k] {
				t.Errorf("%v: brute force map %s missing from the group", vs, k)
				break
			}
		}
		t.Logf("%v: %d line maps", vs, len(want))
	}
}

// classicLineMaps calls fn with the row and column maps of every
// band/stack-preserving permutation of a 9x9 grid (1296 each).
func classicMaps9() [][]int {
	var out [][]int
	p3 := permsOf(3)
	for _, bands := range p3 {
		for _, a := range p3 {
			for _, b := range p3 {
				for _, c := range p3 {
					in := [3][]int{a, b, c}
					f := make([]int, 9)
					for r := range 9 {
						f[r] = bands[r/3]*3 + in[r/3][r%3]
					}
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// TestGroupContainsClassicStabilizer9: every transformation of the classic
// 9x9 group (band, row, stack, column permutations, transposition) that
// keeps a variant's naive constraints is in the variant's group, and every
// element of the group keeps them. For X the count is 96 on both sides.
func TestGroupContainsClassicStabilizer9(t *testing.T) {
	cases := [][]string{{X}, {Windoku}, {AntiKnight}, {NonConsecutive}}
	if os.Getenv("SUDOGEN_LONG") != "" {
		cases = append(cases, []string{DisjointGroups}, []string{Asterisk}, []string{Girandola}, []string{CenterDot}, []string{AntiKing})
	}
	maps := classicMaps9()
	for _, vs := range cases {
		g, err := Build(Spec{Size: 9, Variants: vs})
		if err != nil {
			t.Fatal(err)
		}
		m := newNaive(9, vs, "")
		// The constraint pairs beyond rows, columns and boxes.
		classic := newNaive(9, nil, "")
		var extra [][2]int
		var is [81][81]bool
		for a := range 81 {
			for b := range 81 {
				d := m.differ(a/9, a%9, b/9, b%9) && !classic.differ(a/9, a%9, b/9, b%9)
				nc := m.variants[NonConsecutive] && abs(a/9-b/9)+abs(a%9-b%9) == 1
				if d || nc {
					is[a][b] = true
					if a < b {
						extra = append(extra, [2]int{a, b})
					}
				}
			}
		}
		grp := GroupOf(g)
		in := map[string]bool{}
		for _, p := range grp.Perms {
			in[permKey(p)] = true
			if !naiveAuto(m, p) {
				t.Fatalf("%v: group element %v breaks the naive constraints", vs, p)
			}
		}
		found := 0
		for _, tr := range []bool{false, true} {
			for _, f := range maps {
				for _, h := range maps {
					ok := true
					for _, e := range extra {
						a, b := e[0], e[1]
						if tr {
							a, b = a%9*9+a/9, b%9*9+b/9
						}
						if !is[f[a/9]*9+h[a%9]][f[b/9]*9+h[b%9]] {
							ok = false
							break
						}
					}
					if !ok {
						continue
					}
					found++
					if p := lineMap(9, tr, f, h); !in[permKey(p)] {
						t.Fatalf("%v: classic map %v keeps the constraints but is not in the group", vs, p)
					}
				}
			}
		}
		t.Logf("%v: group %d, classic stabilizer %d", vs, len(grp.Perms), found)
		if vs[0] == X && (found != 96 || len(grp.Perms) != 96) {
			t.Errorf("x: group %d, stabilizer %d, want 96 and 96", len(grp.Perms), found)
		}
	}
}

// transformPuzzle applies cell permutation p and value map vm to puzzle.
func transformPuzzle(puzzle []uint8, p []int, vm []uint8) []uint8 {
	out := make([]uint8, len(puzzle))
	for i, v := range puzzle {
		if v != 0 {
			out[p[i]] = vm[v]
		} else {
			out[p[i]] = 0
		}
	}
	return out
}

// valueMap draws a value relabelling the group allows.
func valueMap(grp *Group, n int, rng *rand.Rand) []uint8 {
	vm := make([]uint8, n+1)
	if grp.Reversal {
		rev := rng.IntN(2) == 1
		for v := 1; v <= n; v++ {
			vm[v] = uint8(v)
			if rev {
				vm[v] = uint8(n + 1 - v)
			}
		}
		return vm
	}
	for i, v := range rng.Perm(n) {
		vm[i+1] = uint8(v + 1)
	}
	return vm
}

// transformRegions moves a regions string with cell permutation p.
func transformRegions(regions string, p []int) string {
	b := make([]byte, len(regions))
	for i := range regions {
		b[p[i]] = regions[i]
	}
	return string(b)
}

// TestCanonIsomorphsCollapse: a puzzle moved by random elements of its
// group with random value relabellings keeps its key; different puzzles
// get different keys.
func TestCanonIsomorphsCollapse(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	specs := append(canonSpecs(), Spec{Size: 9, Variants: []string{Jigsaw}}, Spec{Size: 6, Variants: []string{Jigsaw}})
	for _, spec := range specs {
		gen, err := NewGenerator(spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		keys := map[string]bool{}
		for range 3 {
			p, err := gen.Generate(rng)
			if err != nil {
				t.Fatal(err)
			}
			c := NewCanonicalizer(p.Geometry)
			key, err := c.Key(p.Geometry, p.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if keys[key] {
				t.Fatalf("%v: two generated puzzles share key %s", spec.Variants, key)
			}
			keys[key] = true
			grp := c.Group()
			for range 10 {
				perm := grp.Perms[rng.IntN(len(grp.Perms))]
				q := transformPuzzle(p.Puzzle, perm, valueMap(grp, p.Geometry.N(), rng))
				qg := p.Geometry
				if qg.Regions != "" {
					qg, err = Build(Spec{Size: spec.Size, Variants: spec.Variants, Regions: transformRegions(qg.Regions, perm)})
					if err != nil {
						t.Fatal(err)
					}
				}
				if NewSolver(qg).Count(q, 2) != 1 {
					t.Fatalf("%v: a moved puzzle is not unique: the element is no symmetry", spec.Variants)
				}
				k2, err := c.Key(qg, q)
				if err != nil {
					t.Fatal(err)
				}
				if k2 != key {
					t.Fatalf("%v: isomorph keys differ:\n%s\n%s", spec.Variants, key, k2)
				}
			}
		}
	}
}

// TestCanonMatchesNaiveIsomorphism4x4: on 4x4 X and anti-knight puzzles,
// two puzzles share a key exactly when some line map keeping the naive
// constraints, with some value relabelling, maps one onto the other
// (decided by trying every line map and every relabelling).
func TestCanonMatchesNaiveIsomorphism4x4(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	perms := permsOf(4)
	for _, vs := range [][]string{{X}, {AntiKnight}, {DisjointGroups}} {
		g, _ := Build(Spec{Size: 4, Variants: vs})
		m := newNaive(4, vs, "")
		var autos [][]int
		for _, tr := range []bool{false, true} {
			for _, f := range perms {
				for _, h := range perms {
					if p := lineMap(4, tr, f, h); naiveAuto(m, p) {
						autos = append(autos, p)
					}
				}
			}
		}
		iso := func(a, b []uint8) bool {
			for _, p := range autos {
				for _, vp := range perms {
					ok := true
					for i, v := range a {
						w := uint8(0)
						if v != 0 {
							w = uint8(vp[v-1] + 1)
						}
						if b[p[i]] != w {
							ok = false
							break
						}
					}
					if ok {
						return true
					}
				}
			}
			return false
		}
		s := NewSolver(g)
		c := NewCanonicalizer(g)
		random := func() []uint8 {
			sol := make([]uint8, 16)
			s.Random(rng, nil, sol)
			for _, i := range rng.Perm(16)[:6+rng.IntN(6)] {
				sol[i] = 0
			}
			return sol
		}
		same, diff := 0, 0
		for range 300 {
			a := random()
			var b []uint8
			switch rng.IntN(3) {
			case 0:
				b = random()
			case 1: // a map keeping the naive constraints
				b = transformPuzzle(a, autos[rng.IntN(len(autos))], valueMap(&Group{}, 4, rng))
			default: // any line map, in the group or not
				tr := rng.IntN(2) == 1
				b = transformPuzzle(a, lineMap(4, tr, perms[rng.IntN(24)], perms[rng.IntN(24)]), valueMap(&Group{}, 4, rng))
			}
			ka, _ := c.Key(g, a)
			kb, _ := c.Key(g, b)
			if want := iso(a, b); (ka == kb) != want {
				t.Fatalf("%v: %v and %v: keys equal %v, isomorphic %v", vs, a, b, ka == kb, want)
			} else if want {
				same++
			} else {
				diff++
			}
		}
		t.Logf("%v: %d isomorphic pairs, %d not", vs, same, diff)
	}
}
