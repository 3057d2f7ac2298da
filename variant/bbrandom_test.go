package variant

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPairRandomSame checks that the 9x9 engine's random search draws
// what the general solver draws: the same solution, node count and
// abort for the same rng, and the rng left in the same state, on boards
// with non-consecutive pairs alone and with extra houses, sees cells and
// givens, with and without a node bound.
func TestPairRandomSame(t *testing.T) {
	for _, tc := range []struct {
		name     string
		variants []string
		runs     int
	}{
		{"non-consecutive", []string{NonConsecutive}, 40},
		{"x,non-consecutive", []string{X, NonConsecutive}, 20},
		{"anti-knight,non-consecutive", []string{AntiKnight, NonConsecutive}, 10},
		{"disjoint-groups,non-consecutive", []string{DisjointGroups, NonConsecutive}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Build(Spec{Size: 9, Variants: tc.variants})
			if err != nil {
				t.Fatal(err)
			}
			fast, ref := NewSolver(g), NewSolver(g)
			if fast.pairRand == nil {
				t.Fatal("no 9x9 pair engine for this board")
			}
			ref.pairRand = nil
			var sol []uint8
			found, aborted := 0, 0
			for run := range tc.runs {
				for _, limit := range []int64{150, 40, 2000} {
					var puzzle []uint8
					if sol != nil && run%2 == 1 {
						// Givens: a third of a known solution's cells.
						puzzle = make([]uint8, 81)
						r := rand.New(rand.NewPCG(uint64(run), 9))
						for _, c := range r.Perm(81)[:27] {
							puzzle[c] = sol[c]
						}
					}
					a, b := make([]uint8, 81), make([]uint8, 81)
					ra := rand.New(rand.NewPCG(uint64(run), uint64(limit)))
					rb := rand.New(rand.NewPCG(uint64(run), uint64(limit)))
					fast.SetLimit(limit)
					ref.SetLimit(limit)
					okA, okB := fast.Random(ra, puzzle, a), ref.Random(rb, puzzle, b)
					if okA != okB || fast.Nodes() != ref.Nodes() || fast.Aborted() != ref.Aborted() || !slices.Equal(a, b) {
						t.Fatalf("run %d limit %d: engine %v %d nodes aborted %v, general %v %d nodes aborted %v\n%v\n%v",
							run, limit, okA, fast.Nodes(), fast.Aborted(), okB, ref.Nodes(), ref.Aborted(), a, b)
					}
					if ra.Uint64() != rb.Uint64() {
						t.Fatalf("run %d limit %d: the rng is left in another state", run, limit)
					}
					if okA {
						found++
						if err := g.Check(a); err != nil {
							t.Fatalf("run %d: %v", run, err)
						}
						if puzzle == nil {
							sol = a
						}
					}
					if fast.Aborted() {
						aborted++
					}
				}
			}
			if found == 0 || aborted == 0 {
				t.Fatalf("%d found, %d cut by the bound: both kinds of search should be met", found, aborted)
			}
			t.Logf("%d found, %d cut", found, aborted)
		})
	}
}
