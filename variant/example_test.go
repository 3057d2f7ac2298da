package variant_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/variant"
)

// Build makes the geometry of a variant list, NewGenerator digs unique
// puzzles on it from a seeded rng, and NewSolver, Rate and a
// Canonicalizer count, grade and key them.
func Example() {
	spec := variant.Spec{Size: 9, Variants: []string{variant.X}}
	gen, err := variant.NewGenerator(spec, variant.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solutions:", variant.NewSolver(p.Geometry).Count(p.Puzzle, 2), "minimal:", p.Minimal)
	res, err := variant.Rate(p.Geometry, p.Puzzle, p.Solution)
	fmt.Println("rated:", err == nil && res.Rating() > 0)
	key, err := variant.NewCanonicalizer(p.Geometry).Key(p.Geometry, p.Puzzle)
	fmt.Println("key:", err == nil && key != "")
	// Output:
	// solutions: 1 minimal: true
	// rated: true
	// key: true
}
