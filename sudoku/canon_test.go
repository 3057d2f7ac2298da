package sudoku

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

func canonMustParse(t testing.TB, s string) Grid {
	t.Helper()
	g, err := ParseAuto(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return g
}

// canonWithZeros prints a grid the way the test vectors do, with 0 for empty.
func canonWithZeros(s string) string { return strings.ReplaceAll(s, ".", "0") }

func TestCanonicalMinlexVectors(t *testing.T) {
	c := NewCanonicalizer(Shape9)
	lines := testdata.Fields(t, "canon/minlex-vectors.txt")
	if len(lines) < 200 {
		t.Fatalf("only %d vectors read", len(lines))
	}
	for i, f := range lines {
		g := canonMustParse(t, f[0])
		got, tr := c.Canonical(g)
		if canonWithZeros(got.String()) != canonWithZeros(f[1]) {
			t.Errorf("vector %d: %s\n got  %s\n want %s", i+1, f[0], got, f[1])
			continue
		}
		if tr.Apply(g).String() != got.String() {
			t.Errorf("vector %d: transform does not give the canonical form", i+1)
		}
	}
}

func TestCanonicalIsomorphPairs(t *testing.T) {
	c := NewCanonicalizer(Shape9)
	lines := testdata.Fields(t, "canon/isomorph-pairs.txt")
	if len(lines) < 1000 {
		t.Fatalf("only %d pairs read", len(lines))
	}
	for i, f := range lines {
		a, b := c.String(canonMustParse(t, f[0])), c.String(canonMustParse(t, f[1]))
		if a != b {
			t.Errorf("pair %d: %s -> %s but %s -> %s", i+1, f[0], a, f[1], b)
		}
	}
}

// TestCanonicalDistinct checks that the published lists of pairwise
// non-isomorphic puzzles give pairwise distinct canonical forms: on the
// repository's every-10th subsets, and with SUDOGEN_LONG=1 on the whole
// lists (a few seconds; see testdata.Full).
func TestCanonicalDistinct(t *testing.T) {
	for _, tc := range []struct {
		file         string
		subset, full int
	}{
		{"sudoku/17-clue.txt", 4916, 49158},
		{"sudoku/forum-hardest-11plus.txt", 4877, 48766},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			lines, want := testdata.Fields(t, tc.file), tc.subset
			if os.Getenv("SUDOGEN_LONG") != "" {
				lines, want = testdata.FullFields(t, tc.file), tc.full
			}
			if len(lines) != want {
				t.Fatalf("read %d puzzles, expected %d", len(lines), want)
			}
			const step = 1
			c := NewCanonicalizer(Shape9)
			seen := make(map[string]int, len(lines)/step)
			for i := 0; i < len(lines); i += step {
				g := canonMustParse(t, lines[i][0])
				s, tr := c.Canonical(g)
				key := s.String()
				if j, dup := seen[key]; dup {
					t.Fatalf("puzzles %d and %d share canonical form %s", j+1, i+1, key)
				}
				seen[key] = i
				if i%50 == 0 && tr.Apply(g).String() != key {
					t.Fatalf("puzzle %d: transform does not give the canonical form", i+1)
				}
			}
			t.Logf("%d puzzles, %d distinct canonical forms", (len(lines)+step-1)/step, len(seen))
		})
	}
}

// canonRandomGrid returns a random valid full grid of shape s. For 25x25, where
// the reference solver's random fill is too slow for a unit test, it is a
// random isomorph of the pattern grid.
func canonRandomGrid(s Shape, rng *rand.Rand) Grid {
	g := NewGrid(s)
	if s.N() < 25 {
		NewSolver(s).Random(g.Cells, rng, g.Cells)
		return g
	}
	n, br, bc := s.N(), s.BoxRows, s.BoxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.Cells[r*n+c] = uint8((bc*(r%br)+r/br+c)%n + 1)
		}
	}
	return RandomTransform(s, rng).Apply(g)
}

// canonRandomPuzzle returns a random full grid with about keep of its cells
// kept (not necessarily a unique puzzle: the canonical form does not care).
func canonRandomPuzzle(s Shape, rng *rand.Rand, keep float64) Grid {
	g := canonRandomGrid(s, rng)
	for i := range g.Cells {
		if rng.Float64() >= keep {
			g.Cells[i] = 0
		}
	}
	return g
}

func TestTransformInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range Shapes {
		for i := 0; i < 20; i++ {
			g := canonRandomPuzzle(s, rng, 0.4)
			tr := RandomTransform(s, rng)
			if err := tr.Check(); err != nil {
				t.Fatalf("%s: random transform: %v", s, err)
			}
			h := tr.Apply(g)
			if h.Givens() != g.Givens() || h.Conflict() != nil {
				t.Fatalf("%s: transform broke the grid", s)
			}
			if back := tr.Inverse().Apply(h); back.String() != g.String() {
				t.Fatalf("%s: inverse does not undo (transpose=%v)", s, tr.Transpose)
			}
		}
	}
}

func TestTransformCheckRefuses(t *testing.T) {
	tr := Identity(Shape6)
	tr.Transpose = true
	if tr.Check() == nil {
		t.Error("transpose of 2x3 boxes accepted")
	}
	tr = Identity(Shape9)
	tr.Rows[2], tr.Rows[3] = 3, 2
	if tr.Check() == nil {
		t.Error("row swap across bands accepted")
	}
	tr = Identity(Shape9)
	tr.Relabel[1] = 2
	if tr.Check() == nil {
		t.Error("non-bijective relabeling accepted")
	}
	if err := Identity(Shape16).Check(); err != nil {
		t.Error(err)
	}
}

// TestCanonicalRandomTransforms is the property test for every shape: a
// grid and a random member of its symmetry group get the same canonical
// form, the returned transformation gives it, and canonicalizing it again
// changes nothing.
func TestCanonicalRandomTransforms(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, s := range Shapes {
		trials := map[int]int{4: 200, 6: 200, 8: 100, 9: 100, 12: 30, 16: 10, 25: 3}[s.N()]
		c := NewCanonicalizer(s)
		for i := 0; i < trials; i++ {
			var g Grid
			switch i % 4 {
			case 0:
				g = canonRandomGrid(s, rng) // full grid path
			case 1:
				g = canonRandomPuzzle(s, rng, 0.2)
			case 2:
				g = canonRandomPuzzle(s, rng, 0.35)
			default:
				g = canonRandomPuzzle(s, rng, 0.6)
			}
			want, tr := c.Canonical(g)
			if tr.Check() != nil {
				t.Fatalf("%s: returned transform invalid: %v", s, tr.Check())
			}
			if got := string(c.Append(nil, g)); got != want.String() {
				t.Fatalf("%s: Append gives %s, Canonical %s", s, got, want)
			}
			if got := tr.Apply(g); got.String() != want.String() {
				t.Fatalf("%s: transform gives %s, canonical %s", s, got, want)
			}
			if back := tr.Inverse().Apply(want); back.String() != g.String() {
				t.Fatalf("%s: inverse does not turn the canonical form back", s)
			}
			for j := 0; j < 3; j++ {
				h := RandomTransform(s, rng).Apply(g)
				if got := c.String(h); got != want.String() {
					t.Fatalf("%s: %s\n and its image %s\n got %s\n and %s", s, g, h, want, got)
				}
			}
			if again := c.String(want); again != want.String() {
				t.Fatalf("%s: canonical form is not a fixed point: %s -> %s", s, want, again)
			}
		}
	}
}

// canonBruteCanonical enumerates the whole symmetry group of g's shape and
// returns the true minlex string (with 0 for empty), independently of the
// pruned search.
func canonBruteCanonical(g Grid) string {
	s := g.Geo.Shape
	n := s.N()
	rowPerms := canonAllBlockPerms(n, s.BoxRows)
	colPerms := canonAllBlockPerms(n, s.BoxCols)
	best := []byte(nil)
	cur := make([]byte, n*n)
	var label [MaxN + 1]byte
	for tp := 0; tp < 2; tp++ {
		if tp == 1 && s.BoxRows != s.BoxCols {
			break
		}
		for _, rp := range rowPerms {
			for _, cp := range colPerms {
				for i := range label {
					label[i] = 0
				}
				next := byte(1)
				worse := false
				less := best == nil
				for i := 0; i < n*n && !worse; i++ {
					r, c := rp[i/n], cp[i%n]
					if tp == 1 {
						r, c = c, r
					}
					v := g.Cells[r*n+c]
					if v != 0 && label[v] == 0 {
						label[v] = next
						next++
					}
					cur[i] = label[v]
					if !less {
						if cur[i] > best[i] {
							worse = true
						} else if cur[i] < best[i] {
							less = true
						}
					}
				}
				if !worse && less {
					best = append(best[:0], cur...)
				}
			}
		}
	}
	var sb strings.Builder
	for _, v := range best {
		sb.WriteByte("0123456789ABCDEFGHIJKLMNOP"[v])
	}
	return sb.String()
}

// canonAllBlockPerms lists every permutation of 0..n-1 that moves whole blocks
// of size b and permutes within blocks.
func canonAllBlockPerms(n, b int) [][]int {
	perms := func(k int) [][]int {
		var out [][]int
		var rec func(p []int, used int)
		rec = func(p []int, used int) {
			if len(p) == k {
				out = append(out, append([]int(nil), p...))
				return
			}
			for i := 0; i < k; i++ {
				if used&(1<<i) == 0 {
					rec(append(p, i), used|1<<i)
				}
			}
		}
		rec(nil, 0)
		return out
	}
	blockOrders := perms(n / b)
	inner := perms(b)
	res := [][]int{{}}
	for _, bo := range blockOrders {
		parts := [][]int{{}}
		for _, blk := range bo {
			var next [][]int
			for _, pre := range parts {
				for _, in := range inner {
					q := append([]int(nil), pre...)
					for _, i := range in {
						q = append(q, blk*b+i)
					}
					next = append(next, q)
				}
			}
			parts = next
		}
		res = append(res, parts...)
	}
	return res[1:]
}

func TestAllBlockPerms(t *testing.T) {
	for _, tc := range []struct{ n, b, want int }{{4, 2, 8}, {6, 2, 48}, {6, 3, 72}, {9, 3, 1296}} {
		if got := len(canonAllBlockPerms(tc.n, tc.b)); got != tc.want {
			t.Errorf("canonAllBlockPerms(%d,%d) = %d perms, want %d", tc.n, tc.b, got, tc.want)
		}
	}
}

// TestCanonicalBruteForce checks the pruned search against the whole group
// on random puzzles and grids: 4x4 and 6x6 in quantity, 8x8 and 9x9 on a
// few (the 9x9 group has 3,359,232 members).
func TestCanonicalBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, tc := range []struct {
		s      Shape
		trials int
	}{{Shape4, 400}, {Shape6, 300}, {Shape8, 6}, {Shape9, 4}} {
		c := NewCanonicalizer(tc.s)
		for i := 0; i < tc.trials; i++ {
			keep := []float64{1, 0.15, 0.3, 0.5, 0.75}[i%5]
			g := canonRandomPuzzle(tc.s, rng, keep)
			got := canonWithZeros(c.String(g))
			if want := canonBruteCanonical(g); got != want {
				t.Fatalf("%s: %s\n got  %s\n want %s", tc.s, g, got, want)
			}
		}
	}
}

// TestCanonicalSymmetricInputs covers inputs with many automorphisms, where
// the search must branch the most: the empty grid, a single given, a
// nearly full grid, and an invalid full grid (which must not panic).
func TestCanonicalSymmetricInputs(t *testing.T) {
	for _, s := range Shapes {
		c := NewCanonicalizer(s)
		g := NewGrid(s)
		if got := c.String(g); got != strings.Repeat(".", s.Cells()) {
			t.Errorf("%s: empty grid -> %s", s, got)
		}
		g.Cells[len(g.Cells)/2] = 3
		want := strings.Repeat(".", s.Cells()-1) + "1"
		if got := c.String(g); got != want {
			t.Errorf("%s: one given -> %s", s, got)
		}
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, s := range []Shape{Shape4, Shape6, Shape9} {
		c := NewCanonicalizer(s)
		g := canonRandomGrid(s, rng)
		g.Cells[5] = 0
		if s.N() <= 6 {
			if got, want := canonWithZeros(c.String(g)), canonBruteCanonical(g); got != want {
				t.Errorf("%s: nearly full grid: got %s want %s", s, got, want)
			}
		}
		h := canonRandomGrid(s, rng)
		h.Cells[0] = h.Cells[1]
		_ = c.String(h)
	}
}

// TestCanonicalInvalidGrids feeds grids with repeated values in a unit: the
// canonical form is only defined for valid grids (the commands refuse the
// others), but the library must not panic and its transformation must
// still give the string it returns.
func TestCanonicalInvalidGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, s := range []Shape{Shape4, Shape6, Shape9, Shape16} {
		c := NewCanonicalizer(s)
		for i := 0; i < 300; i++ {
			g := NewGrid(s)
			for j := range g.Cells {
				if rng.IntN(3) == 0 {
					g.Cells[j] = uint8(1 + rng.IntN(s.N()))
				}
			}
			want, tr := c.Canonical(g)
			if tr.Check() != nil || tr.Apply(g).String() != want.String() {
				t.Fatalf("%s: inconsistent result on invalid grid %s", s, g)
			}
			// Append (on 9x9 spelled from the search's best rows, or
			// redone with a transformation when a row holds a new
			// value twice) gives the same string.
			if got := string(c.Append(nil, g)); got != want.String() {
				t.Fatalf("%s: Append gives %s, Canonical %s on invalid grid %s", s, got, want, g)
			}
		}
	}
}

// TestCanonical9AgreesWithGeneric: the 9x9 puzzle search must find the same
// canonical form and the same transformation (the first one the generic
// search finds) on published puzzles, random puzzles of every density,
// sparse puzzles with empty rows, bands and stacks, and symmetric ones.
func TestCanonical9AgreesWithGeneric(t *testing.T) {
	fast, gen := NewCanonicalizer(Shape9), NewCanonicalizer(Shape9)
	gen.puzzle9 = nil
	var gs []Grid
	for _, f := range []string{"sudoku/17-clue.txt", "sudoku/forum-hardest-11plus.txt"} {
		for i, l := range testdata.Fields(t, f) {
			if i%5 == 0 {
				gs = append(gs, canonMustParse(t, l[0]))
			}
		}
	}
	rng := rand.New(rand.NewPCG(21, 9))
	for i := 0; i < 3000; i++ {
		keep := []float64{0.02, 0.05, 0.1, 0.2, 0.35, 0.6, 0.9}[i%7]
		g := canonRandomPuzzle(Shape9, rng, keep)
		if i%11 == 0 { // clear a band, a stack or a row
			for j := 0; j < 81; j++ {
				r, c := j/9, j%9
				if r/3 == i%3 || (i%2 == 0 && c/3 == i%3) || r == i%9 {
					g.Cells[j] = 0
				}
			}
		}
		gs = append(gs, g)
		// a mirror-symmetric pattern: many automorphisms
		h := g.Clone()
		for j := 0; j < 81; j++ {
			h.Cells[(j/9)*9+8-j%9] = h.Cells[j]
		}
		gs = append(gs, h)
	}
	for _, g := range gs {
		a, ta := fast.Canonical(g)
		b, tb := gen.Canonical(g)
		if a.String() != b.String() || !slices.Equal(ta.Rows, tb.Rows) || !slices.Equal(ta.Cols, tb.Cols) ||
			!slices.Equal(ta.Relabel, tb.Relabel) || ta.Transpose != tb.Transpose {
			t.Fatalf("%s:\n 9x9 search %s %+v\n generic    %s %+v", g, a, ta, b, tb)
		}
	}
}

// TestCanonAppendLine: AppendLine takes exactly the lines that ParseInto
// reads as a 9x9 puzzle with no value twice in a unit (Grid.Conflict) and
// not full, and gives them Append's form; it leaves every other line (bad
// symbols, other lengths, a repeat in a row, column or box only, full
// grids) to the caller with dst unchanged.
func TestCanonAppendLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 6))
	var lines []string
	for i, l := range testdata.Fields(t, "sudoku/17-clue.txt") {
		if i%7 == 0 {
			lines = append(lines, l[0], canonWithZeros(l[0]))
		}
	}
	for i := 0; i < 4000; i++ {
		keep := []float64{0.02, 0.2, 0.35, 0.6, 0.9, 1}[i%6]
		g := canonRandomPuzzle(Shape9, rng, keep)
		switch i % 5 {
		case 1: // one cell set to a random value: often a repeat, in one unit or more
			g.Cells[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		case 2: // a repeat in a column or a box only, or a bad symbol
			r, c := rng.IntN(9), rng.IntN(9)
			r2 := (r + 3 + rng.IntN(6)) % 9 // another band: not the box
			if rng.IntN(2) == 0 {
				r2 = r/3*3 + (r+1+rng.IntN(2))%3 // same box, another row
			}
			v := uint8(1 + rng.IntN(9))
			g.Cells[r*9+c], g.Cells[r2*9+c] = v, v
			if rng.IntN(2) == 0 {
				g.Cells[r2*9+c] = 0
				g.Cells[r2*9+(c/3*3+(c+1)%3)] = v // the box, not the column
			}
		}
		s := g.String()
		switch i % 13 {
		case 3:
			s = canonWithZeros(s)
		case 4:
			j := rng.IntN(81)
			s = s[:j] + string("x :*\xff"[rng.IntN(5)]) + s[j+1:]
		case 5:
			s = s[:80]
		case 6:
			s += "."
		}
		lines = append(lines, s)
	}
	c, ref := NewCanonicalizer(Shape9), NewCanonicalizer(Shape9)
	took := 0
	for i, s := range lines {
		g := NewGrid(Shape9)
		err := ParseInto(g, []byte(s))
		full := !slices.Contains(g.Cells, 0)
		want := err == nil && g.Conflict() == nil && !full
		dst := []byte("prefix")
		got, ok := c.AppendLine(dst, []byte(s))
		if ok != want {
			t.Fatalf("line %d %q: AppendLine %v, want %v (parse %v, full %v)", i, s, ok, want, err, full)
		}
		if !ok {
			if string(got) != "prefix" {
				t.Fatalf("line %q refused, dst changed to %q", s, got)
			}
			continue
		}
		took++
		if w := "prefix" + string(ref.Append(nil, g)); string(got) != w {
			t.Fatalf("line %q: AppendLine %s, Append %s", s, got, w)
		}
		if i%3 == 0 { // the same canonicalizer alternating between the two
			if a := string(c.Append(nil, g)); "prefix"+a != string(got) {
				t.Fatalf("line %q: Append after AppendLine %s", s, a)
			}
			if form, tr := c.Canonical(g); "prefix"+form.String() != string(got) || tr.Apply(g).String() != form.String() {
				t.Fatalf("line %q: Canonical after AppendLine %s, its transformation gives %s", s, form, tr.Apply(g))
			}
		}
	}
	if took < len(lines)/3 || took == len(lines) {
		t.Fatalf("%d of %d lines taken: the test lacks one kind", took, len(lines))
	}
}
