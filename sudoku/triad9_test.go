package sudoku

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestTriadTables9 checks the triad rules' tables cell by cell from
// coordinates (cell r*9+c of a band word is row r, column c, box c/3):
// the fitting row-to-box permutations of every minirow pattern (keep9's
// high bits), the cells a forced minirow set leaves, the cells a forced
// minicolumn set removes in its band, and the columns a box holds alone.
func TestTriadTables9(t *testing.T) {
	for p := uint32(0); p < 512; p++ {
		has := func(r, k int) bool { return p>>(r*3+k)&1 != 0 }
		var union, lock uint32 = 0, 0x1FF
		fits := 0
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				for c := 0; c < 3; c++ {
					if a == b || a == c || b == c || !has(0, a) || !has(1, b) || !has(2, c) {
						continue
					}
					on := uint32(1<<a | 1<<(3+b) | 1<<(6+c))
					fits++
					union |= on
					lock &= on
				}
			}
		}
		if fits == 0 {
			lock = 0
		}
		if got := keep9[p] >> 27; got != uint64(union)|uint64(lock)<<27 {
			t.Fatalf("pattern %09b: keep9 high bits %036b, want union %09b lock %09b", p, got, union, lock)
		}
		var keep, vf uint32
		var bl uint16
		for r := 0; r < 3; r++ {
			for c := 0; c < 9; c++ {
				ok := true
				for fr := 0; fr < 3; fr++ {
					for fk := 0; fk < 3; fk++ {
						// a forced minirow (fr, fk) removes the rest of
						// row fr and of box fk
						if has(fr, fk) && (r == fr) != (c/3 == fk) {
							ok = false
						}
					}
				}
				if ok {
					keep |= 1 << (r*9 + c)
				}
				for fc := 0; fc < 9; fc++ {
					// a forced minicolumn (fc) removes the rest of its box
					if p>>fc&1 != 0 && c/3 == fc/3 && c != fc {
						vf |= 1 << (r*9 + c)
					}
				}
			}
		}
		for c := 0; c < 9; c++ {
			alone := p>>c&1 != 0
			for o := c / 3 * 3; o < c/3*3+3; o++ {
				if o != c && p>>o&1 != 0 {
					alone = false
				}
			}
			if alone {
				bl |= 1 << c
			}
		}
		if forceKeep[p] != keep || vForce9[p] != vf || boxLock9[p] != bl {
			t.Fatalf("set %09b: forceKeep %027b vForce9 %027b boxLock9 %09b, want %027b %027b %09b",
				p, forceKeep[p], vForce9[p], boxLock9[p], keep, vf, bl)
		}
		if want := uint64(p) | uint64(bl)<<27; cpRec9[p] != want {
			t.Fatalf("set %09b: cpRec9 %036b, want %036b", p, cpRec9[p], want)
		}
	}
}

// TestCounter9ManySolutions counts puzzles with few givens (20-34, taken
// from a random full grid, so at least one solution) up to limits in the
// hundreds against the generic engine and solver9: a triad rule that
// removed a candidate it should not, or a configuration branch that did
// not split the solutions in two, loses or doubles solutions here.
func TestCounter9ManySolutions(t *testing.T) {
	c, fast, gen := newCounter9(), NewSolver(Shape9), newGenericSolver(Shape9, 0)
	rng := rand.New(rand.NewPCG(9, 61))
	for trial := 0; trial < 150; trial++ {
		_, p := randomPuzzle(t, fast, rng, 81-20-rng.IntN(15))
		limit := 1 + rng.IntN(800)
		want := gen.Count(p, limit, nil)
		if got := c.count(p, limit); got != want {
			t.Fatalf("%s limit %d: counter9 %d, generic %d", Grid{GeometryOf(Shape9), p}, limit, got, want)
		}
		if got := fast.s9count(p, limit); got != want {
			t.Fatalf("%s limit %d: solver9 %d, generic %d", Grid{GeometryOf(Shape9), p}, limit, got, want)
		}
	}
}

// TestCounter9StackGrowth counts with a stack that starts at one entry
// for every puzzle, so that the search grows it at depths 1, 2, 4, 8,
// ... (append): the counts must be the generic engine's and the branch
// nodes those of a counter whose stack never grows (a branch whose
// alternative is lost or kept unrestricted when the stack moves shows in
// one or the other).
func TestCounter9StackGrowth(t *testing.T) {
	c, big, fast, gen := newCounter9(), newCounter9(), NewSolver(Shape9), newGenericSolver(Shape9, 0)
	big.stack, big.then = make([]cstate9, 500), make([]int16, 500)
	rng := rand.New(rand.NewPCG(5, 17))
	for trial := 0; trial < 150; trial++ {
		_, p := randomPuzzle(t, fast, rng, 81-20-rng.IntN(15))
		limit := 1 + rng.IntN(300)
		c.stack, c.then = make([]cstate9, 1), make([]int16, 1)
		want := gen.Count(p, limit, nil)
		if got := c.count(p, limit); got != want {
			t.Fatalf("%s limit %d: counter9 %d, generic %d", Grid{GeometryOf(Shape9), p}, limit, got, want)
		}
		big.count(p, limit)
		if c.nodes != big.nodes {
			t.Fatalf("%s limit %d: %d branch nodes, %d without growth", Grid{GeometryOf(Shape9), p}, limit, c.nodes, big.nodes)
		}
	}
	for i, p := range loadPuzzles(t, "sudoku/forum-hardest-1106.txt") {
		c.stack, c.then = make([]cstate9, 1), make([]int16, 1)
		if got := c.count(p, 2); got != 1 {
			t.Fatalf("forum-hardest-1106 #%d: count %d", i+1, got)
		}
		big.count(p, 2)
		if c.nodes != big.nodes {
			t.Fatalf("forum-hardest-1106 #%d: %d branch nodes, %d without growth", i+1, c.nodes, big.nodes)
		}
	}
}

// TestChooseConfig9 checks the configuration chooser against its
// definition computed here by plain counting from the state's recorded
// minirows and minicolumns (not from the triad pass's counters it reads),
// at every fixed point along the first branches of each puzzle of
// top1465 and forum-hardest-1106: the unit that is not fixed with the
// fewest reached, summed over the digits (first on a tie), the digit with
// the fewest there that is not fixed (first on a tie), its first
// minirow or minicolumn there that it is not locked to.
func TestChooseConfig9(t *testing.T) {
	checked := walkFixedPoints9(t, func(rel string, i int, c *counter9) {
		st := c.st
		words := func(u int) (*[16]uint64, uint32) {
			if u < 3 {
				return &st.mr, 0x1FF << (9 * u)
			}
			return &st.cp, rep3(7 << (3 * (u - 3)))
		}
		wantU, wantD, best := -1, uint(0), 0
		for u := 0; u < 6; u++ {
			w, mask := words(u)
			sum := 0
			for d := 0; d < 9; d++ {
				sum += bits.OnesCount32(uint32(w[d]) & mask)
			}
			if sum > 27 && (wantU < 0 || sum < best) {
				wantU, best = u, sum
			}
		}
		u, d, bit, ok := c.chooseConfig()
		if ok != (wantU >= 0) {
			t.Fatalf("%s #%d: chooser found %v, want %v", rel, i+1, ok, wantU >= 0)
		}
		if !ok {
			return
		}
		w, mask := words(wantU)
		least := 10
		for dd := uint(0); dd < 9; dd++ {
			if n := bits.OnesCount32(uint32(w[dd]) & mask); n > 3 && n < least {
				wantD, least = dd, n
			}
		}
		x := uint32(w[wantD]) & mask &^ uint32(w[wantD]>>27)
		wantBit := uint(bits.TrailingZeros32(x))
		if u != wantU || d != wantD || bit != wantBit {
			t.Fatalf("%s #%d: chooser unit %d digit %d bit %d, want %d %d %d", rel, i+1, u, d, bit, wantU, wantD, wantBit)
		}
	})
	t.Logf("%d choices checked", checked)
}

// walkFixedPoints9 settles each puzzle of top1465 and forum-hardest-1106
// and follows the chooser's branches, "uses" and "does not use" in turn,
// calling check at every fixed point with cells left (before the choice
// there is applied); it returns how many it checked.
func walkFixedPoints9(t *testing.T, check func(rel string, i int, c *counter9)) int {
	c := newCounter9()
	checked := 0
	for _, rel := range []string{"sudoku/top1465.txt", "sudoku/forum-hardest-1106.txt"} {
		for i, p := range loadPuzzles(t, rel) {
			if !c.load(p) {
				t.Fatalf("%s #%d: load", rel, i+1)
			}
			for force := true; c.settle(); force = !force {
				st := c.st
				if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
					break
				}
				check(rel, i, c)
				checked++
				u, d, bit, ok := c.chooseConfig()
				if !ok {
					break
				}
				applyConfig(st, u, d, bit, force)
			}
		}
	}
	return checked
}
