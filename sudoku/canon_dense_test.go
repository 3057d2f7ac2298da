package sudoku

import (
	"math/rand/v2"
	"testing"
)

// canonPair returns a canonicalizer of shape s that takes the dense
// search on every valid puzzle with a given, and one that takes the puzzle search
// (with no node limit) on every puzzle; neither takes the 9x9 search.
func canonPair(s Shape) (dense, sparse *Canonicalizer) {
	dense, sparse = NewCanonicalizer(s), NewCanonicalizer(s)
	dense.denseAt, sparse.denseAt = 1, s.Cells()+1
	sparse.sparseLimit = 1 << 62
	dense.puzzle9, sparse.puzzle9 = nil, nil
	return dense, sparse
}

// canonPatternGrid returns the pattern grid of shape s (row r shifted by
// its place in the band and its band), the most symmetric valid grid.
func canonPatternGrid(s Shape) Grid {
	g := NewGrid(s)
	n, br, bc := s.N(), s.BoxRows, s.BoxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.Cells[r*n+c] = uint8((bc*(r%br)+r/br+c)%n + 1)
		}
	}
	return g
}

// canonMirror empties every cell whose mirror image (left-right) is
// empty: a puzzle with a symmetric pattern of givens.
func canonMirror(g Grid) Grid {
	h := g.Clone()
	n := g.Geo.N
	for j := range h.Cells {
		if h.Cells[j/n*n+n-1-j%n] == 0 {
			h.Cells[j] = 0
		}
	}
	return h
}

// canonBlank empties k distinct random cells of a copy of g.
func canonBlank(g Grid, k int, rng *rand.Rand) Grid {
	h := g.Clone()
	for _, j := range rng.Perm(len(h.Cells))[:k] {
		h.Cells[j] = 0
	}
	return h
}

// canonCheckForm checks, on c, that g's form is a fixed point, that the
// returned transformation is in the group and gives it, and that random
// isomorphs of g share it; it returns the form.
func canonCheckForm(t *testing.T, c *Canonicalizer, g Grid, rng *rand.Rand, isomorphs int) string {
	t.Helper()
	s := g.Geo.Shape
	form, tr := c.Canonical(g)
	want := form.String()
	if err := tr.Check(); err != nil {
		t.Fatalf("%s: transformation not in the group: %v", s, err)
	}
	if got := tr.Apply(g).String(); got != want {
		t.Fatalf("%s: %s\n transformation gives %s\n form is %s", s, g, got, want)
	}
	if got := string(c.Append(nil, g)); got != want {
		t.Fatalf("%s: Append gives %s, Canonical %s", s, got, want)
	}
	if again := c.String(form); again != want {
		t.Fatalf("%s: form is not a fixed point: %s -> %s", s, want, again)
	}
	for i := 0; i < isomorphs; i++ {
		h := RandomTransform(s, rng).Apply(g)
		if got := c.String(h); got != want {
			t.Fatalf("%s: %s\n and its isomorph %s\n give %s\n and %s", s, g, h, want, got)
		}
	}
	return want
}

// TestCanonDenseAgrees: the dense search gives the puzzle search's form
// on random puzzles of every shape and density the puzzle search
// finishes quickly, with symmetric patterns of givens and on isomorphs
// of the pattern grid.
func TestCanonDenseAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	for _, s := range Shapes {
		dense, sparse := canonPair(s)
		trials := map[int]int{4: 300, 6: 300, 8: 150, 9: 300, 12: 120, 16: 40, 25: 8}[s.N()]
		top := map[int]float64{4: 1, 6: 1, 8: 1, 9: 1, 12: 0.9, 16: 0.8, 25: 0.5}[s.N()]
		for i := 0; i < trials; i++ {
			keep := 0.05 + (top-0.05)*float64(i%10)/9
			var g Grid
			if i%4 == 3 {
				g = RandomTransform(s, rng).Apply(canonPatternGrid(s))
				for j := range g.Cells {
					if rng.Float64() >= keep {
						g.Cells[j] = 0
					}
				}
			} else {
				g = canonRandomPuzzle(s, rng, keep)
			}
			if i%3 == 0 {
				g = canonMirror(g)
			}
			want := sparse.String(g)
			if got := canonCheckForm(t, dense, g, rng, 1); got != want {
				t.Fatalf("%s keep %.2f: %s\n dense  %s\n puzzle %s", s, keep, g, got, want)
			}
		}
	}
}

// TestCanonDenseBruteForce checks the dense search against the whole
// group on 4x4 and 6x6 puzzles of every density up to one empty cell,
// random and symmetric.
func TestCanonDenseBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 15))
	for _, tc := range []struct {
		s      Shape
		trials int
	}{{Shape4, 400}, {Shape6, 300}} {
		dense, _ := canonPair(tc.s)
		for i := 0; i < tc.trials; i++ {
			keep := []float64{0.15, 0.3, 0.5, 0.75, 0.9, 0.97}[i%6]
			g := canonRandomPuzzle(tc.s, rng, keep)
			switch i % 4 {
			case 1:
				g = canonMirror(g)
			case 2:
				g = canonBlank(canonRandomGrid(tc.s, rng), 1+i%3, rng)
			case 3:
				g = canonBlank(canonPatternGrid(tc.s), 1+i%5, rng)
			}
			got := canonWithZeros(dense.String(g))
			if want := canonBruteCanonical(g); got != want {
				t.Fatalf("%s: %s\n got  %s\n want %s", tc.s, g, got, want)
			}
		}
	}
}

// canonGenerated25 is a 25x25 grid of our generator (the solution of
// `sudogen batch --box 5x5 --count 1 --no-grade --seed 1`), less regular
// than the pattern grid's isomorphs that canonRandomGrid gives.
const canonGenerated25 = "M9L8P4CAFHBO157DNGIK6JE32C6KFBE12354DIGNPMHOJ89LA7E7O15JD8I93MLCA264BFNPHGK23INGOLK6MJ9FHP8E7A14C5BD" +
	"HDA4JPBGN7268EK5LC93FIO1MKJFG1649OLH3APEI5N8MD2C7BDC8MAN75G19B462FPKLO3HJEIOEHL2DMCA3KF5NI1BJ7GP6984" +
	"4B7392PIKFG8ODJAH6CELM1N5IP56NH8JEB7LC1M493D2AOKFGGFJKIL5M9DCEB416O23P7NAH85H1B7CIOJ6DA983NKEG42FPML" +
	"3LMECAHN72PIGK6J8DF9O5B41984DOF3EPKN52MH7AB1LIG6JCA2NP68G1B4FJ7LOHCM5IED3K97MDCEG6LHJ523A9KI8PB14NOF" +
	"1N92F3E45CMKH78GDO6AJBILPJ4BAL7OP281NEIDC3FH5GKM96PK3OHIFD1N6CJBG94LM75A82E65GI8K9BMAO4PFLE21JNC37DH" +
	"FAE931K7DI8HM2COJ546BLGPNNI27KMA34PL1DJ5BG9ECH8F6O81C5MBN6LGEPKO43FA2H97DIJBO6JD92HCEIGN3FL7PK8M145A" +
	"LGPH45JF8OA769BM1INDKE2C3"

// canonNearFull25 returns near-full and banded 25x25 puzzles the puzzle
// search does not finish: a random isomorph of the pattern grid with 1,
// 3 and 10 cells emptied, one at 95% of its cells, the generated grid
// with 1 and 10 cells emptied, the pattern grid at 95% (mirror-symmetric
// too), and one full band among four empty ones (20% of the cells).
func canonNearFull25(rng *rand.Rand) []Grid {
	s := Shape25
	var gs []Grid
	for _, k := range []int{1, 3, 10} {
		gs = append(gs, canonBlank(canonRandomGrid(s, rng), k, rng))
	}
	gs = append(gs, canonRandomPuzzle(s, rng, 0.95))
	gen, err := ParseAuto(canonGenerated25)
	if err != nil || gen.Geo.Shape != s || gen.Conflict() != nil {
		panic("canonGenerated25 is not a valid 25x25 grid")
	}
	for _, k := range []int{1, 10} {
		gs = append(gs, RandomTransform(s, rng).Apply(canonBlank(gen, k, rng)))
	}
	pat := canonPatternGrid(s)
	for _, sym := range []bool{false, true} {
		g := pat.Clone()
		for j := range g.Cells {
			if rng.Float64() >= 0.95 {
				g.Cells[j] = 0
			}
		}
		if sym {
			g = canonMirror(g)
		}
		gs = append(gs, RandomTransform(s, rng).Apply(g))
	}
	band := canonRandomGrid(s, rng)
	clear(band.Cells[125:])
	return append(gs, band)
}

// canonNearFullBound bounds the dense search's nodes (rows placed and
// branches taken) on each of canonNearFull25's puzzles (it takes at most
// 46,611 on the near-full ones and 224,447 on the banded one); the puzzle
// search passes it on every one (it would branch on up to 5!^5 x 5! =
// 3.0e12 children at a full row).
const canonNearFullBound = 500_000

// TestCanonNearFull25 checks that near-full and banded 25x25 puzzles take
// the dense search and finish within canonNearFullBound nodes, where the
// puzzle search does not, and that their forms are right: the same for
// random isomorphs, given by the returned transformation, fixed points.
func TestCanonNearFull25(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	c := NewCanonicalizer(Shape25)
	_, old := canonPair(Shape25)
	old.sparseLimit = canonNearFullBound
	for i, g := range canonNearFull25(rng) {
		canonCheckForm(t, c, g, rng, 3)
		if c.String(g); c.denseSearch == nil || c.denseSearch.nodes > canonNearFullBound {
			t.Fatalf("puzzle %d: not the dense search within %d nodes", i, canonNearFullBound)
		}
		want := c.String(g)
		// The puzzle search gives up past the bound and hands the
		// puzzle to the dense search.
		if got := old.String(g); !old.puzzle.aborted || got != want {
			t.Fatalf("puzzle %d: puzzle search within %d nodes (aborted %v), form %s, dense %s",
				i, canonNearFullBound, old.puzzle.aborted, got, want)
		}
	}
}
