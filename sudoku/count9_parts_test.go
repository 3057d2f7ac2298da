package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestKeepH9 checks the band step's multiply-indexed table against keep9
// indexed by the minirow pattern found from coordinates (cell r*9+c of a
// band word is row r, column c; minirow r*3+c/3): every pattern with the
// minirows full, and random words.
func TestKeepH9(t *testing.T) {
	pattern := func(x uint32) int {
		p := 0
		for cell := 0; cell < 27; cell++ {
			if x>>cell&1 != 0 {
				r, c := cell/9, cell%9
				p |= 1 << (r*3 + c/3)
			}
		}
		return p
	}
	check := func(x uint32) {
		t.Helper()
		if got, want := keepH9[miniHash9(x)], keep9[pattern(x)]; got != want {
			t.Fatalf("word %027b: keepH9 %x, keep9 of its pattern %x", x, got, want)
		}
	}
	for p := 0; p < 512; p++ {
		var x uint32
		for i := 0; i < 9; i++ {
			if p>>i&1 != 0 {
				x |= 7 << (9*(i/3) + 3*(i%3))
			}
		}
		check(x)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200000; i++ {
		x := rng.Uint32() & rng.Uint32() & band27 // sparser words too
		if i%2 == 0 {
			x = rng.Uint32() & band27
		}
		check(x)
	}
}

// TestClearBands9 checks the three-band clearing against clearing cell by
// cell: every digit's words lose exactly the given cells, and the dirty
// bits are the digits that had one of them.
func TestClearBands9(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		var st cstate9
		f := st.f()
		for b := 0; b < 3; b++ {
			for d := 0; d < 9; d++ {
				f[b*10+d] = rng.Uint32() & rng.Uint32() & band27
			}
		}
		var h [3]uint32
		for b := range h {
			if rng.IntN(3) > 0 {
				h[b] = 1 << rng.IntN(27)
				if rng.IntN(3) == 0 {
					h[b] |= 1 << rng.IntN(27)
				}
			}
		}
		want := *f
		var wantDirty uint32
		for b := 0; b < 3; b++ {
			for d := 0; d < 9; d++ {
				for cell := 0; cell < 27; cell++ {
					if h[b]>>cell&1 != 0 && want[b*10+d]>>cell&1 != 0 {
						want[b*10+d] &^= 1 << cell
						wantDirty |= 1 << d
					}
				}
			}
		}
		got := clearBands9(&st.w, h[0], h[1], h[2])
		if *f != want || got != wantDirty {
			t.Fatalf("cells %v: dirty %09b, want %09b; words %v, want %v", h, got, wantDirty, *f, want)
		}
	}
}

// TestCountBits9 checks the carry-save counter against counting each bit
// position over the nine words.
func TestCountBits9(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		var x [16]uint64
		for j := range 9 {
			x[j] = rng.Uint64()
			if i%3 == 0 {
				x[j] |= rng.Uint64() // denser: counts up to nine
			}
		}
		c0, c1, c2, c3 := countBits9(&x)
		for k := 0; k < 64; k++ {
			n := uint64(0)
			for j := range 9 {
				n += x[j] >> k & 1
			}
			got := c0>>k&1 | c1>>k&1<<1 | c2>>k&1<<2 | c3>>k&1<<3
			if got != n {
				t.Fatalf("words %x, bit %d: count %d, want %d", x[:9], k, got, n)
			}
		}
	}
}

// TestSettleFixedPoint9 checks, at every fixed point along the first
// branches of each puzzle of top1465 and forum-hardest-1106
// (walkFixedPoints9), by plain counting from coordinates: that
// each digit's recorded minirows and columns are those of its words, and
// that no triad rule would still change a word (a minirow or minicolumn
// that exactly three digits reach, one of them not locked to it, or that
// three are locked to and another reaches). A pass that skipped a rule
// that fires, or a stale record, fails here while counts may still agree.
func TestSettleFixedPoint9(t *testing.T) {
	checked := walkFixedPoints9(t, func(rel string, i int, c *counter9) {
		st := c.st
		f := st.f()
		for d := 0; d < 9; d++ {
			for b := 0; b < 3; b++ {
				var mini, cols uint64
				for cell := 0; cell < 27; cell++ {
					if f[b*10+d]>>cell&1 != 0 {
						r, col := cell/9, cell%9
						mini |= 1 << (r*3 + col/3)
						cols |= 1 << col
					}
				}
				if got := st.mr[d] >> (9 * b) & 511; got != mini {
					t.Fatalf("%s #%d: digit %d band %d: recorded minirows %09b, words have %09b", rel, i+1, d+1, b, got, mini)
				}
				if got := st.cp[d] >> (9 * b) & 511; got != cols {
					t.Fatalf("%s #%d: digit %d band %d: recorded columns %09b, words have %09b", rel, i+1, d+1, b, got, cols)
				}
			}
		}
		for _, w := range []*[16]uint64{&st.mr, &st.cp} {
			for k := 0; k < 27; k++ {
				reach, locked := 0, 0
				for d := 0; d < 9; d++ {
					reach += int(w[d] >> k & 1)
					locked += int(w[d] >> (27 + k) & 1)
				}
				if reach == 3 && locked < 3 || locked == 3 && reach > 3 {
					t.Fatalf("%s #%d: bit %d: %d reach, %d locked at a fixed point", rel, i+1, k, reach, locked)
				}
			}
		}
	})
	t.Logf("%d fixed points checked", checked)
}

// TestCounter9Nodes pins the counter's branch nodes (count to 2) on the
// repository's top1465, forum-hardest-1106 and 17-clue subset to those of
// main 0f5d049 before the 2026-12-06 bookkeeping changes (docs/solver.md):
// the tree follows from the rules' fixed point, which no processing order
// changes, and from the chooser, so bookkeeping that leaves the rules
// alone leaves these totals alone; a rule that fires less (or more) than
// it should changes them even where every count stays right.
func TestCounter9Nodes(t *testing.T) {
	c := newCounter9()
	for _, set := range []struct {
		rel   string
		nodes int
	}{{"sudoku/top1465.txt", 12844}, {"sudoku/forum-hardest-1106.txt", 41936}, {"sudoku/17-clue.txt", 3472}} {
		nodes := 0
		for i, p := range loadPuzzles(t, set.rel) {
			if n := c.count(p, 2); n != 1 {
				t.Fatalf("%s #%d: %d solutions", set.rel, i+1, n)
			}
			nodes += c.nodes
		}
		if nodes != set.nodes {
			t.Errorf("%s: %d branch nodes, want %d", set.rel, nodes, set.nodes)
		}
	}
}
