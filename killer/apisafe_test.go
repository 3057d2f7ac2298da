package killer

import (
	"fmt"
	"math/bits"
	"testing"
)

// TestSumRange checks SumRange against every set of distinct digits 1..n
// (enumerated here, not derived from the formula), and that a cell count
// no set has (more cells than digits, none, or digits beyond MaxN) is an
// error (audit A4 D9: SumRange(20, 9) gave 45..144).
func TestSumRange(t *testing.T) {
	for n := 1; n <= MaxN; n++ {
		lo := make([]int, n+1)
		hi := make([]int, n+1)
		for i := range lo {
			lo[i] = 1 << 30
		}
		for m := 1; m < 1<<n; m++ {
			k, s := bits.OnesCount(uint(m)), 0
			for d := 1; d <= n; d++ {
				if m&(1<<(d-1)) != 0 {
					s += d
				}
			}
			lo[k], hi[k] = min(lo[k], s), max(hi[k], s)
		}
		for size := 1; size <= n; size++ {
			l, h, err := SumRange(n, size)
			if err != nil || l != lo[size] || h != hi[size] {
				t.Fatalf("SumRange(%d, %d) = %d, %d, %v; want %d, %d", n, size, l, h, err, lo[size], hi[size])
			}
		}
	}
	for _, c := range [][2]int{{20, 9}, {9, 10}, {9, 0}, {9, -1}, {0, 0}, {-1, 1}, {10, 3}, {4, 5}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			if l, h, err := SumRange(c[0], c[1]); err == nil {
				t.Fatalf("SumRange(%d, %d) = %d, %d, want an error", c[0], c[1], l, h)
			}
		})
	}
}

// TestZeroPuzzleNoPanic: the exported helpers given a Puzzle without a
// geometry (the zero Puzzle, or nil) return their documented result
// instead of dereferencing the nil Geometry.
func TestZeroPuzzleNoPanic(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *Puzzle
	}{{"zero", &Puzzle{}}, {"nil", nil}, {"cages without geometry", &Puzzle{Cages: []Cage{{Cells: []int{0, 1}, Sum: 3}}}}} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("panicked: %v", p)
				}
			}()
			if k := CanonicalKey(c.p); k != "" {
				t.Fatalf("CanonicalKey = %q, want \"\"", k)
			}
			r := Grade(c.p)
			if r.Solved || len(r.Steps) != 0 || TierOf(r.Rating, r.Solved) != "beyond" {
				t.Fatalf("Grade = solved %v, %d steps, tier %s; want unsolved, 0 steps, beyond", r.Solved, len(r.Steps), TierOf(r.Rating, r.Solved))
			}
			if c.p.Validate() == nil {
				t.Fatal("Validate accepts a puzzle without a geometry")
			}
			// the rest of the surface: "" or nil, or an error
			if s := Format(c.p) + FormatLine(c.p); s != "" {
				t.Fatalf("Format, FormatLine = %q, want \"\"", s)
			}
			if c.p.CageOf() != nil {
				t.Fatal("CageOf is not nil")
			}
			for name, f := range map[string]func(*Puzzle) (string, error){
				"FormatArrows": FormatArrows, "FormatSudokuWiki": FormatSudokuWiki, "FormatSumoCue": FormatSumoCue,
			} {
				if _, err := f(c.p); err == nil {
					t.Fatalf("%s: no error", name)
				}
			}
			if _, err := ClassicLayout(c.p); err == nil {
				t.Fatal("ClassicLayout: no error")
			}
			if c.p.CheckSolution(make([]int8, 81)) == nil {
				t.Fatal("CheckSolution: no error")
			}
		})
	}
}

// TestSolutionStringAndNilRng: SolutionString writes a cell not yet solved
// as '.' and a value with no symbol as '?' (it indexed the symbols with
// v-1 and panicked on both), and Generate refuses a nil rng with an error
// (it panicked drawing the full grid).
func TestSolutionStringAndNilRng(t *testing.T) {
	for _, c := range []struct {
		sol  []int8
		want string
	}{
		{nil, ""},
		{[]int8{1, 2, 3, 4}, "1234"},
		{[]int8{1, 0, 3, 0}, "1.3."},
		{[]int8{9, 26, -1, 25}, "9??P"},
	} {
		t.Run(fmt.Sprint(c.sol), func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("panicked: %v", p)
				}
			}()
			if got := SolutionString(c.sol); got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
	t.Run("Generate/nil rng", func(t *testing.T) {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("panicked: %v", p)
			}
		}()
		if _, _, _, err := Generate(nil, Options{}); err == nil {
			t.Fatal("no error")
		}
	})
}
