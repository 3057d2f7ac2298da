package schema_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
)

// swrecLinePerms lists the permutations of n lines in bands of b lines:
// any order of the bands, any order of the lines inside each band.
func swrecLinePerms(n, b int) [][]int {
	var perms func(k int) [][]int
	perms = func(k int) [][]int {
		if k == 0 {
			return [][]int{{}}
		}
		var out [][]int
		for _, p := range perms(k - 1) {
			for i := 0; i <= len(p); i++ {
				q := append(append(append([]int{}, p[:i]...), k-1), p[i:]...)
				out = append(out, q)
			}
		}
		return out
	}
	bands, inner := perms(n/b), perms(b)
	var out [][]int
	var walk func(order []int, k int, acc []int)
	walk = func(order []int, k int, acc []int) {
		if k == len(order) {
			out = append(out, append([]int{}, acc...))
			return
		}
		for _, in := range inner {
			next := acc
			for _, x := range in {
				next = append(next, order[k]*b+x)
			}
			walk(order, k+1, next)
		}
	}
	for _, order := range bands {
		walk(order, 0, nil)
	}
	return out
}

// swrecKillerKey computes a plain killer's canonical key from
// docs/records.md's words alone ("Killer records": the geometric group
// with or without the digit complement; the least image read cell by cell
// as (cage number by first appearance, sum or 0 for a hidden one, given);
// written as the one-line cage map, the sums in label order and the
// givens), by trying every map.
func swrecKillerKey(p *killer.Puzzle) string {
	n, br, bc := p.Geo.N, p.Geo.Shape.BoxRows, p.Geo.Shape.BoxCols
	cageOf := make([]int, n*n)
	for k, cg := range p.Cages {
		for _, c := range cg.Cells {
			cageOf[c] = k
		}
	}
	sumOf := func(k int, comp bool) int {
		cg := p.Cages[k]
		if cg.Hidden() || !comp {
			return cg.Sum
		}
		return len(cg.Cells)*(n+1) - cg.Sum
	}
	givenOf := func(c int, comp bool) int {
		if p.Givens == nil || p.Givens[c] == 0 {
			return 0
		}
		if comp {
			return n + 1 - int(p.Givens[c])
		}
		return int(p.Givens[c])
	}
	var best []int // 3 numbers a cell
	var bestSrc []int
	bestComp := false
	rows, cols := swrecLinePerms(n, br), swrecLinePerms(n, bc)
	for _, tr := range []bool{false, true} {
		if tr && br != bc {
			continue
		}
		for _, rp := range rows {
			for _, cp := range cols {
				src := make([]int, 0, n*n)
				for r := 0; r < n; r++ {
					for c := 0; c < n; c++ {
						sr, sc := rp[r], cp[c]
						if tr {
							sr, sc = sc, sr
						}
						src = append(src, sr*n+sc)
					}
				}
				if p.Geo.X && !swrecKeepsDiagonals(src, n) {
					continue
				}
				for _, comp := range []bool{false, true} {
					num := map[int]int{}
					seq := make([]int, 0, 3*n*n)
					for _, s := range src {
						k := cageOf[s]
						if _, ok := num[k]; !ok {
							num[k] = len(num)
						}
						seq = append(seq, num[k], sumOf(k, comp), givenOf(s, comp))
					}
					if best == nil || swrecLess(seq, best) {
						best, bestSrc, bestComp = seq, src, comp
					}
				}
			}
		}
	}
	const labels = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	var mp strings.Builder
	var sums []string
	seen := map[int]bool{}
	for i := 0; i < n*n; i++ {
		lab := best[3*i]
		mp.WriteByte(labels[lab])
		if !seen[lab] {
			seen[lab] = true
			s := "?"
			if k := cageOf[bestSrc[i]]; !p.Cages[k].Hidden() {
				s = strconv.Itoa(sumOf(k, bestComp))
			}
			sums = append(sums, string(labels[lab])+"="+s)
		}
	}
	key := mp.String() + " " + strings.Join(sums, ",")
	if p.Geo.X {
		key = "x " + key
	}
	if p.Givens != nil {
		var g strings.Builder
		for i := 0; i < n*n; i++ {
			if v := best[3*i+2]; v == 0 {
				g.WriteByte('.')
			} else {
				g.WriteString(strconv.Itoa(v))
			}
		}
		key += " givens=" + g.String()
	}
	return key
}

// swrecKeepsDiagonals reports whether the map whose image cell i comes
// from source cell src[i] sends the two main diagonals onto the two main
// diagonals (Killer-X's group).
func swrecKeepsDiagonals(src []int, n int) bool {
	onDiag := func(c int) int { // 1 main, 2 anti, 3 both (the centre), 0 none
		r, k, d := c/n, c%n, 0
		if r == k {
			d |= 1
		}
		if r+k == n-1 {
			d |= 2
		}
		return d
	}
	for _, want := range []int{1, 2} { // each image diagonal from one source diagonal
		from := 3
		for i := 0; i < n; i++ {
			cell := i*n + i
			if want == 2 {
				cell = i*n + n - 1 - i
			}
			from &= onDiag(src[cell])
		}
		if from == 0 {
			return false
		}
	}
	return true
}

// swrecLess reports whether a is lexicographically below b.
func swrecLess(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// TestRecordsDocKillerKey checks docs/records.md's definition of a
// killer's canonical key against killer.CanonicalKey, which writes the
// records' "canonical": on 4x4 and 6x6 killers and Killer-X (plain, with
// hidden sums, with givens) the key computed from the page's words by trying every
// map of the group must be the one sudogen writes.
func TestRecordsDocKillerKey(t *testing.T) {
	cases := []struct {
		shape           sudoku.Shape
		x               bool
		hide, givens, n int
	}{
		{sudoku.Shape4, false, 0, 0, 6},
		{sudoku.Shape4, false, 1, 0, 6},
		{sudoku.Shape4, false, 0, 2, 6},
		{sudoku.Shape6, false, 0, 0, 2},
		{sudoku.Shape6, false, 2, 1, 2},
		{sudoku.Shape4, true, 0, 0, 4},
		{sudoku.Shape4, true, 1, 1, 4},
		{sudoku.Shape6, true, 0, 0, 2},
	}
	hidden, givens := 0, 0
	for _, c := range cases {
		for seed := uint64(1); seed <= uint64(c.n); seed++ {
			rng := rand.New(rand.NewPCG(seed, 7))
			p, _, _, err := killer.Generate(rng, killer.Options{Shape: c.shape, X: c.x, HideSums: c.hide, Givens: c.givens})
			if err != nil {
				t.Fatalf("%v x %v hide %d givens %d seed %d: %v", c.shape, c.x, c.hide, c.givens, seed, err)
			}
			got, want := killer.CanonicalKey(p), swrecKillerKey(p)
			if strings.Contains(got, "=?") {
				hidden++
			}
			if strings.Contains(got, "givens=") {
				givens++
			}
			if got != want {
				t.Errorf("%v x %v hide %d givens %d seed %d: sudogen's key %q, docs/records.md's definition gives %q", c.shape, c.x, c.hide, c.givens, seed, got, want)
			}
		}
	}
	if hidden == 0 || givens == 0 {
		t.Errorf("%d keys with a hidden sum, %d with givens: the cases must have some of each", hidden, givens)
	}
}
