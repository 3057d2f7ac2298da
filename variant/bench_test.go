package variant

import (
	"math/rand/v2"
	"testing"
)

// benchSpecs are the geometries the benchmarks run on.
var benchSpecs = []struct {
	name string
	spec Spec
}{
	{"x", Spec{Size: 9, Variants: []string{X}}},
	{"windoku", Spec{Size: 9, Variants: []string{Windoku}}},
	{"disjoint-groups", Spec{Size: 9, Variants: []string{DisjointGroups}}},
	{"asterisk", Spec{Size: 9, Variants: []string{Asterisk}}},
	{"anti-knight", Spec{Size: 9, Variants: []string{AntiKnight}}},
	{"anti-king", Spec{Size: 9, Variants: []string{AntiKing}}},
	{"non-consecutive", Spec{Size: 9, Variants: []string{NonConsecutive}}},
	{"jigsaw", Spec{Size: 9, Variants: []string{Jigsaw}}},
	{"x+anti-knight", Spec{Size: 9, Variants: []string{X, AntiKnight}}},
	{"samurai", Spec{Variants: []string{SamuraiName}}},
}

// BenchmarkGenerate makes one minimal unique puzzle per op.
func BenchmarkGenerate(b *testing.B) {
	for _, bs := range benchSpecs {
		b.Run(bs.name, func(b *testing.B) {
			gen, err := NewGenerator(bs.spec, Options{})
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				if _, err := gen.Generate(rng); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
