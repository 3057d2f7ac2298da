package variant

import (
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/sudoku"
)

// TestCPUPerPuzzle (SUDOGEN_VARIANT_CPU=K, K puzzles per variant) prints
// the CPU time (user+sys, this process) per generated minimal puzzle of
// each variant beside classic 9x9 generation measured in the same run
// (package generate), as medians of 5 rounds, and the ratio.
func TestCPUPerPuzzle(t *testing.T) {
	k, _ := strconv.Atoi(os.Getenv("SUDOGEN_VARIANT_CPU"))
	if k <= 0 {
		t.Skip("SUDOGEN_VARIANT_CPU not set")
	}
	median := func(run func(rng *rand.Rand)) time.Duration {
		var ds []time.Duration
		for round := range 5 {
			rng := rand.New(rand.NewPCG(uint64(round), 99))
			t0 := cputime.Now()
			for range k {
				run(rng)
			}
			ds = append(ds, (cputime.Now()-t0)/time.Duration(k))
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		return ds[2]
	}
	shape, _ := sudoku.ShapeForSize(9)
	cg, err := generate.New(generate.Options{Shape: shape})
	if err != nil {
		t.Fatal(err)
	}
	classic := median(func(rng *rand.Rand) {
		if _, err := cg.Sudoku(rng); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("classic 9x9: %v CPU per puzzle", classic)
	for _, bs := range benchSpecs {
		if only := os.Getenv("ONLY"); only != "" && only != bs.name {
			continue
		}
		gen, err := NewGenerator(bs.spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := median(func(rng *rand.Rand) {
			if _, err := gen.Generate(rng); err != nil {
				t.Fatal(err)
			}
		})
		t.Logf("%-16s %10v CPU per puzzle, %.1fx classic", bs.name, d, float64(d)/float64(classic))
	}
}
