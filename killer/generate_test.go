package killer

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

func TestGenerateUnique(t *testing.T) {
	cases := []struct {
		name string
		opt  Options
		n    int
	}{
		{"4x4", Options{Shape: sudoku.Shape4, CageMin: 2, CageMax: 3}, 30},
		{"6x6", Options{Shape: sudoku.Shape6}, 20},
		{"6x6 X", Options{Shape: sudoku.Shape6, X: true, CageMin: 2, CageMax: 5}, 10},
		{"8x8", Options{Shape: sudoku.Shape8}, 5},
		{"9x9", Options{}, 5},
		{"9x9 X big cages", Options{X: true, CageMin: 3, CageMax: 6}, 3},
		{"9x9 givens", Options{Givens: 5}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 5))
			for i := 0; i < tc.n; i++ {
				p, sol, _, err := Generate(rng, tc.opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Validate(); err != nil {
					t.Fatal(err)
				}
				if err := p.CheckSolution(sol); err != nil {
					t.Fatal(err)
				}
				if got := p.GivenCount(); got != tc.opt.Givens {
					t.Fatalf("%d givens, asked for %d", got, tc.opt.Givens)
				}
				if p.Geo.N <= 6 {
					if k := bruteCount(p, 2); k != 1 {
						t.Fatalf("brute force finds %d solutions\n%s", k, Format(p))
					}
				} else if k := NewSolver(p).Count(2); k != 1 {
					t.Fatalf("%d solutions", k)
				}
				hi := tc.opt.CageMax
				if hi == 0 {
					_, hi = DefaultCageSizes("")
				}
				for _, cg := range p.Cages {
					if len(cg.Cells) > max(hi, p.Geo.N) {
						t.Fatalf("cage of %d cells", len(cg.Cells))
					}
				}
			}
		})
	}
}

func TestGenerateDeterministic(t *testing.T) {
	a, _, _, err := Generate(rand.New(rand.NewPCG(5, 9)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _, _, _ := Generate(rand.New(rand.NewPCG(5, 9)), Options{})
	c, _, _, _ := Generate(rand.New(rand.NewPCG(5, 10)), Options{})
	if FormatLine(a) != FormatLine(b) {
		t.Fatal("same seed, different puzzles")
	}
	if FormatLine(a) == FormatLine(c) {
		t.Fatal("different seeds, same puzzle")
	}
}

func TestGenerateBadOptions(t *testing.T) {
	for _, o := range []Options{{CageMin: 3, CageMax: 2}, {CageMin: 1, CageMax: 10}, {Givens: -1}, {Shape: sudoku.Shape12}} {
		if _, _, _, err := Generate(rand.New(rand.NewPCG(1, 1)), o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
}

// BenchmarkGenerate9 makes default 9x9 killers (no grading).
func BenchmarkGenerate9(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < b.N; i++ {
		if _, _, _, err := Generate(rng, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGenerateTier: with Options.Tier the rating never exceeds the
// tier's top (the generator splits where those techniques get stuck) and
// the seeded puzzles land in the tier.
func TestGenerateTier(t *testing.T) {
	for _, tier := range []string{"easy", "medium", "hard"} {
		lo, hi := DefaultCageSizes(tier)
		rng := rand.New(rand.NewPCG(17, uint64(len(tier))))
		in := 0
		const n = 3
		for i := 0; i < n; i++ {
			p, _, _, err := Generate(rng, Options{CageMin: lo, CageMax: hi, Tier: tier})
			if err != nil {
				t.Fatal(err)
			}
			r := Grade(p)
			_, top, _ := tierBounds(tier)
			if !r.Solved || r.Rating > top+1e-9 {
				t.Fatalf("%s: solved %v, rating %.1f above the tier's %.1f", tier, r.Solved, r.Rating, top)
			}
			if r.Tier == tier {
				in++
			}
		}
		if in < n-1 {
			t.Errorf("%s: %d of %d puzzles in the tier", tier, in, n)
		}
	}
	if _, _, ok := tierBounds("beyond"); ok {
		t.Error("beyond has bounds")
	}
}

// BenchmarkMakeHard makes records as `batch --kind killer --tier hard`
// does (generate steered to hard, grade, canonical key); hard/op is the
// share that lands in the tier (the batch keeps only those).
func BenchmarkMakeHard(b *testing.B) {
	mk, err := Kind{}.Makers(kind.Spec{Seed: 1, Tier: "hard"})
	if err != nil {
		b.Fatal(err)
	}
	m, _ := mk(b.Context())
	hard := 0
	i := int64(0)
	for b.Loop() {
		rec, err := m.Make(i, rand.New(rand.NewPCG(1, uint64(i))))
		if err != nil {
			b.Fatal(err)
		}
		if rec.Tier == "hard" {
			hard++
		}
		i++
	}
	b.ReportMetric(float64(hard)/float64(i), "hard/op")
}
