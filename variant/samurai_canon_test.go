package variant

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/sudoku"
)

// samuraiSample reads testdata/samurai-sample.txt: six generated Samurai
// puzzles (`sudogen batch --variant samurai --count 6 --seed 21
// --no-grade`), 441 characters each, '.' empty and '#' unused.
func samuraiSample(t testing.TB) [][]uint8 {
	t.Helper()
	f, err := os.Open("testdata/samurai-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]uint8
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if len(line) != 441 {
			t.Fatalf("samurai sample: line of %d characters", len(line))
		}
		p := make([]uint8, 441)
		for i := range line {
			if k := strings.IndexByte(sudoku.Symbols[:9], line[i]); k >= 0 {
				p[i] = uint8(k + 1)
			}
		}
		out = append(out, p)
	}
	return out
}

// samuraiElement is one element of the Samurai group, written as the
// docs state it (docs/variants.md, "Samurai's group"), independently of
// the search's reading order: out(r, c) = in(rowMap[r], colMap[r][c])
// after an optional transposition... as plain per-grid line maps.
type samuraiElement struct {
	transpose    bool
	flipR, flipC int
	// shared bands (output frame rows 6-8, 12-14) and the middle band,
	// as orders of their three lines; the same for columns.
	sTop, sBot, mid, tLeft, tRight, midC [3]int
	// per outer grid (TL, TR, BL, BR): orders of its six unshared rows
	// and columns (indexes into its bands' lines).
	rows, cols [4][6]int
}

// randomSamuraiElement draws an element: every choice uniform.
func randomSamuraiElement(rng *rand.Rand) samuraiElement {
	e := samuraiElement{transpose: rng.IntN(2) == 1, flipR: rng.IntN(2), flipC: rng.IntN(2)}
	p3 := func() [3]int { return perms3[rng.IntN(6)] }
	e.sTop, e.sBot, e.mid, e.tLeft, e.tRight, e.midC = p3(), p3(), p3(), p3(), p3(), p3()
	for g := range 4 {
		e.rows[g] = samuraiUnsharedOrders[rng.IntN(72)]
		e.cols[g] = samuraiUnsharedOrders[rng.IntN(72)]
	}
	return e
}

// cellMap returns the element as a map output frame cell -> source frame
// cell (unused cells map to themselves).
func (e samuraiElement) cellMap() []int {
	m := make([]int, 441)
	for i := range m {
		m[i] = i
	}
	top6 := func(flip int) [2][6]int {
		a, b := [6]int{0, 1, 2, 3, 4, 5}, [6]int{15, 16, 17, 18, 19, 20}
		if flip == 1 {
			return [2][6]int{b, a}
		}
		return [2][6]int{a, b}
	}
	shared := func(flip int) [2][3]int {
		a, b := [3]int{6, 7, 8}, [3]int{12, 13, 14}
		if flip == 1 {
			return [2][3]int{b, a}
		}
		return [2][3]int{a, b}
	}
	oR, oC, shR, shC := top6(e.flipR), top6(e.flipC), shared(e.flipR), shared(e.flipC)
	pick3 := func(lines, ord [3]int) [3]int { return [3]int{lines[ord[0]], lines[ord[1]], lines[ord[2]]} }
	sTop, sBot := pick3(shR[0], e.sTop), pick3(shR[1], e.sBot)
	tLeft, tRight := pick3(shC[0], e.tLeft), pick3(shC[1], e.tRight)
	mid, midC := pick3([3]int{9, 10, 11}, e.mid), pick3([3]int{9, 10, 11}, e.midC)
	six := func(lines [6]int, ord [6]int) []int {
		out := make([]int, 6)
		for i := range 6 {
			out[i] = lines[ord[i]]
		}
		return out
	}
	// per grid: output frame rows/cols -> source rows/cols
	type gridMap struct{ outR, srcR, outC, srcC []int }
	cat := func(a ...[]int) []int {
		var out []int
		for _, x := range a {
			out = append(out, x...)
		}
		return out
	}
	rng := func(lo, hi int) []int {
		var out []int
		for i := lo; i < hi; i++ {
			out = append(out, i)
		}
		return out
	}
	grids := []gridMap{
		{rng(0, 9), cat(six(oR[0], e.rows[0]), sTop[:]), rng(0, 9), cat(six(oC[0], e.cols[0]), tLeft[:])},
		{rng(0, 9), cat(six(oR[0], e.rows[1]), sTop[:]), rng(12, 21), cat(tRight[:], six(oC[1], e.cols[1]))},
		{rng(12, 21), cat(sBot[:], six(oR[1], e.rows[2])), rng(0, 9), cat(six(oC[0], e.cols[2]), tLeft[:])},
		{rng(12, 21), cat(sBot[:], six(oR[1], e.rows[3])), rng(12, 21), cat(tRight[:], six(oC[1], e.cols[3]))},
		{rng(6, 15), cat(sTop[:], mid[:], sBot[:]), rng(6, 15), cat(tLeft[:], midC[:], tRight[:])},
	}
	for _, g := range grids {
		for i, r := range g.outR {
			for j, c := range g.outC {
				sr, sc := g.srcR[i], g.srcC[j]
				if e.transpose {
					sr, sc = sc, sr
				}
				m[r*21+c] = sr*21 + sc
			}
		}
	}
	return m
}

func applySamurai(p []uint8, m []int, vm []uint8) []uint8 {
	q := make([]uint8, len(p))
	for i, s := range m {
		q[i] = vm[p[s]]
	}
	return q
}

// TestSamuraiCanonGroup: random elements of the group, each checked to
// map the board's houses onto houses (so they are symmetries, whatever
// the search does), with random digit relabellings, give every sample
// puzzle one key; the puzzles get keys of their own (3 puzzles, 3
// elements each; all 6, 10 each with SUDOGEN_LONG=1); a puzzle with one given
// changed (another digit that keeps the givens legal) gets another key.
func TestSamuraiCanonGroup(t *testing.T) {
	g := Samurai()
	c := NewCanonicalizer(g)
	rng := rand.New(rand.NewPCG(21, 5))
	keys := map[string]bool{}
	sample, moves := samuraiSample(t)[:3], 3
	if os.Getenv("SUDOGEN_LONG") != "" {
		sample, moves = samuraiSample(t), 10
	}
	for i, p := range sample {
		t0 := time.Now()
		key, err := c.Key(g, p)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("puzzle %d: key in %v", i, time.Since(t0))
		if keys[key] {
			t.Fatalf("puzzle %d: another sample puzzle has its key", i)
		}
		keys[key] = true
		for range moves {
			m := randomSamuraiElement(rng).cellMap()
			perm := make([]int, 441) // source -> image, for the house check
			for out, src := range m {
				perm[src] = out
			}
			if !g.isAutomorphism(perm) {
				t.Fatalf("a drawn element maps a house onto no house")
			}
			vm := make([]uint8, 10)
			for j, v := range rng.Perm(9) {
				vm[j+1] = uint8(v + 1)
			}
			k2, err := c.Key(g, applySamurai(p, m, vm))
			if err != nil {
				t.Fatal(err)
			}
			if k2 != key {
				t.Fatalf("puzzle %d: an isomorph has another key:\n%s\n%s", i, key, k2)
			}
		}
		// One given changed: a different puzzle (its givens differ in a
		// multiset no symmetry changes: the count of each digit).
		q := append([]uint8(nil), p...)
		for f, v := range q {
			if v == 0 {
				continue
			}
			q[f] = v%9 + 1
			if g.Check(q) == nil {
				break
			}
			q[f] = v
		}
		if k2, _ := c.Key(g, q); k2 == key {
			t.Errorf("puzzle %d: a puzzle with one given changed has its key", i)
		}
	}
}

// samuraiReadOrder is the key's reading order written out from the docs:
// the four outer grids whole (top-left, top-right, bottom-left,
// bottom-right, row-major), then the centre grid's cells outside its
// corner boxes.
func samuraiReadOrder() []int {
	var order []int
	for _, o := range [][2]int{{0, 0}, {0, 12}, {12, 0}, {12, 12}} {
		for r := range 9 {
			for c := range 9 {
				order = append(order, (o[0]+r)*21+o[1]+c)
			}
		}
	}
	for r := 6; r < 15; r++ {
		for c := 6; c < 15; c++ {
			if (r < 9 || r >= 12) && (c < 9 || c >= 12) {
				continue
			}
			order = append(order, r*21+c)
		}
	}
	return order
}

// TestSamuraiCanonBruteForce: with the search restricted to a subgroup
// small enough to list (each band's lines kept or their first two
// swapped, each outer grid's unshared bands kept or swapped, with the
// transposition and flips: 131,072 elements; by default the bands' lines
// are kept, 2,048 elements, 2 puzzles), its key is the least
// image, read in the key's order with digits renamed by first
// appearance, over every element listed one by one. On the sample
// puzzles and on sparse ones (most givens dropped: many ties).
func TestSamuraiCanonBruteForce(t *testing.T) {
	unshared := [][6]int{{0, 1, 2, 3, 4, 5}, {3, 4, 5, 0, 1, 2}}
	free := [][3]int{{0, 1, 2}, {1, 0, 2}}
	nPuzzles, freeBits := 2, 0 // 2,048 elements, 2 puzzles
	if os.Getenv("SUDOGEN_LONG") != "" {
		nPuzzles, freeBits = 5, 6
	}
	sc := &samuraiCanon{ch: &samuraiChoices{
		transpose: []bool{false, true},
		flips:     [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}},
		unshared:  unshared, free: free[:1<<min(freeBits, 1)],
	}}
	order := samuraiReadOrder()
	if len(order) != samuraiKeyLen {
		t.Fatalf("reading order of %d cells", len(order))
	}
	rng := rand.New(rand.NewPCG(8, 9))
	puzzles := samuraiSample(t)[:nPuzzles/2]
	for _, p := range samuraiSample(t)[3 : 3+(nPuzzles+1)/2] {
		q := append([]uint8(nil), p...)
		for i := range q {
			if rng.IntN(3) > 0 {
				q[i] = 0
			}
		}
		puzzles = append(puzzles, q)
	}
	img := make([]byte, samuraiKeyLen)
	for n, p := range puzzles {
		var best []byte
		var e samuraiElement
		for _, tr := range []bool{false, true} {
			e.transpose = tr
			for f := range 4 {
				e.flipR, e.flipC = f/2, f%2
				for x := range 1 << freeBits {
					sel := func(b int) [3]int { return free[x>>b&1] }
					e.sTop, e.sBot, e.mid, e.tLeft, e.tRight, e.midC = sel(0), sel(1), sel(2), sel(3), sel(4), sel(5)
					for y := range 1 << 8 {
						for gi := range 4 {
							e.rows[gi] = unshared[y>>gi&1]
							e.cols[gi] = unshared[y>>(gi+4)&1]
						}
						m := e.cellMap()
						var lab [10]byte
						next := byte(1)
						less := best == nil
						worse := false
						for i, cell := range order {
							v := p[m[cell]]
							if v != 0 {
								if lab[v] == 0 {
									lab[v] = next
									next++
								}
								v = lab[v]
							}
							img[i] = v
							if !less {
								if v > best[i] {
									worse = true
									break
								}
								less = v < best[i]
							}
						}
						if !worse && less {
							best = append(best[:0], img...)
						}
					}
				}
			}
		}
		want := SamuraiName + ":"
		for _, v := range best {
			if v == 0 {
				want += "."
			} else {
				want += string(sudoku.Symbols[v-1])
			}
		}
		if got := sc.key(p); got != want {
			t.Errorf("puzzle %d: search\n%s\nbrute force\n%s", n, got, want)
		}
	}
}

// BenchmarkSamuraiKey: one canonical key of a generated Samurai puzzle
// (the sample's, in turn).
func BenchmarkSamuraiKey(b *testing.B) {
	g := Samurai()
	c := NewCanonicalizer(g)
	sample := samuraiSample(b)
	b.ResetTimer()
	for i := range b.N {
		if _, err := c.Key(g, sample[i%len(sample)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSamuraiCanonEqualLines: on boards with equal lines (emptied rows
// and columns, inside a band, across the two unshared bands of a grid, in
// the shared and middle bands, and lines copied from others), the
// search that tries one order of equal lines (rowCls, colCls) gives the
// key of the search that tries every order; the empty board, whose ties
// the search of every order does not get through, takes it
// milliseconds. (A board of few givens but no equal lines still ties
// everywhere: 30 givens take minutes.)
func TestSamuraiCanonEqualLines(t *testing.T) {
	each := samuraiFull
	each.each = true
	fast := &samuraiCanon{ch: &samuraiFull}
	ref := &samuraiCanon{ch: &each}
	sample := samuraiSample(t)
	blank := func(p []uint8, rows, cols []int) []uint8 {
		q := append([]uint8(nil), p...)
		for _, r := range rows {
			for c := range 21 {
				q[r*21+c] = 0
			}
		}
		for _, c := range cols {
			for r := range 21 {
				q[r*21+c] = 0
			}
		}
		return q
	}
	copyLine := func(p []uint8, from, to int, row bool) []uint8 {
		q := append([]uint8(nil), p...)
		for i := range 21 {
			if row {
				q[to*21+i] = p[from*21+i]
			} else {
				q[i*21+to] = p[i*21+from]
			}
		}
		return q
	}
	boards := [][]uint8{
		blank(sample[0], []int{0, 1}, nil),            // one band's rows
		blank(sample[1], []int{1, 4}, []int{16, 19}),  // across the two unshared bands
		blank(sample[2], []int{6, 7}, []int{9, 10}),   // a shared band, the middle stack
		blank(sample[3], []int{12, 14, 18}, []int{2}), // shared and unshared
		copyLine(sample[4], 0, 2, true),               // equal, not empty
		copyLine(copyLine(sample[5], 15, 16, false), 9, 11, true),
		// equal rows of the two unshared bands of a grid: a band's lines
		// are picked together, so these are not one choice
		blank(sample[2], []int{0, 3}, nil),
		blank(sample[4], []int{1, 5}, nil),
		blank(sample[4], []int{16, 20}, nil),
	}
	for n, p := range boards {
		if got, want := fast.key(p), ref.key(p); got != want {
			t.Errorf("board %d: one order of equal lines\n%s\nevery order\n%s", n, got, want)
		}
	}
	// The empty board: every order of every line ties (the full search
	// does not finish); one order of equal lines reads it at once.
	start := time.Now()
	if k := fast.key(make([]uint8, 21*21)); k != SamuraiName+":"+strings.Repeat(".", samuraiKeyLen) {
		t.Errorf("empty board: key %s", k)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("empty board: %v for its key", d)
	}
}
