package variantkind

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// BenchmarkHardMaker makes one record per op with the maker of a
// `--tier hard` run (the steered dig, the capped grading), as
// `sudogen batch --variant V --tier hard` does; "hard/op" is the share
// of records kept. CPU per kept puzzle is ns/op divided by it. The
// "-peers" cases dig in the order of --dig-order peers.
func BenchmarkHardMaker(b *testing.B) {
	for _, bs := range []struct {
		name  string
		spec  variant.Spec
		order string
	}{
		{"x", variant.Spec{Size: 9, Variants: []string{variant.X}}, ""},
		{"windoku", variant.Spec{Size: 9, Variants: []string{variant.Windoku}}, ""},
		{"jigsaw", variant.Spec{Size: 9, Variants: []string{variant.Jigsaw}}, ""},
		{"anti-knight", variant.Spec{Size: 9, Variants: []string{variant.AntiKnight}}, ""},
		{"non-consecutive", variant.Spec{Size: 9, Variants: []string{variant.NonConsecutive}}, ""},
		{"samurai", variant.Spec{Variants: []string{variant.SamuraiName}}, ""},
		{"anti-king", variant.Spec{Size: 9, Variants: []string{variant.AntiKing}}, ""},
		{"x-peers", variant.Spec{Size: 9, Variants: []string{variant.X}}, variant.DigPeers},
		{"anti-knight-peers", variant.Spec{Size: 9, Variants: []string{variant.AntiKnight}}, variant.DigPeers},
	} {
		b.Run(bs.name, func(b *testing.B) {
			k, gr := variantKind(b)
			mk, err := k.Makers(kind.Spec{Seed: 2026, Options: Options{Spec: bs.spec, Grade: gr, Tiers: map[string]bool{"hard": true},
				Generate: variant.Options{DigOrder: bs.order}}})
			if err != nil {
				b.Fatal(err)
			}
			m, err := mk(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(2026, 1))
			made, hard := 0, 0
			for b.Loop() {
				rec, err := m.Make(int64(made), rng)
				if err != nil {
					b.Fatal(err)
				}
				made++
				if rec.Tier == "hard" {
					hard++
				}
			}
			b.ReportMetric(float64(hard)/float64(made), "hard/op")
		})
	}
}
