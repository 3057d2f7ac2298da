package variant

import (
	"errors"
	"os"
	"testing"
	"time"
)

// TestSatisfiable: rules that admit no grid are proved so (anti-king and
// non-consecutive on 4x4, as docs/variants.md says; with SUDOGEN_LONG=1
// also 9x9 windoku with non-consecutive, a 5 s proof), boards with
// grids pass, jigsaw specs without regions are not searched, and an
// invalid spec gives its own error (from NewGenerator, before).
func TestSatisfiable(t *testing.T) {
	cases := []struct {
		spec Spec
		none bool
	}{
		{Spec{Size: 4, Variants: []string{AntiKing}}, true},
		{Spec{Size: 4, Variants: []string{NonConsecutive}}, true},
		{Spec{Size: 4, Variants: []string{X}}, false},
		{Spec{Size: 9, Variants: []string{NonConsecutive}}, false},
		{Spec{Size: 12, Variants: []string{AntiKnight}}, false},
		{Spec{Size: 9, Variants: []string{Windoku, AntiKing}}, false},
		{Spec{Variants: []string{SamuraiName}}, false},
		{Spec{Size: 9, Variants: []string{Jigsaw}}, false},
	}
	if os.Getenv("SUDOGEN_LONG") != "" {
		cases = append(cases, struct {
			spec Spec
			none bool
		}{Spec{Size: 9, Variants: []string{Windoku, NonConsecutive}}, true})
	}
	for _, c := range cases {
		gen, err := NewGenerator(c.spec, Options{})
		if err != nil {
			t.Fatalf("%d %v: %v", c.spec.Size, c.spec.Variants, err)
		}
		err = gen.Satisfiable()
		if got := errors.Is(err, ErrNoSolution); got != c.none || (err != nil && !got) {
			t.Errorf("%d %v: %v, want no grid %v", c.spec.Size, c.spec.Variants, err, c.none)
		}
	}
	if _, err := NewGenerator(Spec{Size: 6, Variants: []string{Windoku}}, Options{}); err == nil || errors.Is(err, ErrNoSolution) {
		t.Errorf("windoku 6x6: %v, want the spec's error", err)
	}
}

// BenchmarkSatisfiable runs Satisfiable once per op on every variant at
// every size it is defined on, every two of them on 9x9 and samurai;
// "worst-ms" is the slowest spec with a grid (the proofs that a spec
// has none are the specs' own: see TestSatisfiable).
func BenchmarkSatisfiable(b *testing.B) {
	names := []string{X, Windoku, DisjointGroups, Asterisk, Girandola, CenterDot, AntiKnight, AntiKing, NonConsecutive}
	var gens []*Generator
	add := func(sp Spec) {
		gen, err := NewGenerator(sp, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if errors.Is(gen.Satisfiable(), ErrNoSolution) {
			return // a proof of none, not the time a grid takes to show
		}
		gens = append(gens, gen)
	}
	for i, n := range names {
		for _, z := range Sizes(n) {
			add(Spec{Size: z, Variants: []string{n}})
		}
		for _, m := range names[i+1:] {
			add(Spec{Size: 9, Variants: []string{n, m}})
		}
	}
	add(Spec{Variants: []string{SamuraiName}})
	var worst time.Duration
	for b.Loop() {
		for _, gen := range gens {
			t0 := time.Now()
			if err := gen.Satisfiable(); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(t0))
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(len(gens)), "specs")
}

// TestSatisfiablePairs: on 9x9 boards with non-consecutive pairs (alone
// and with each other variant; with SUDOGEN_LONG=1 also the two specs
// without a grid, 5 s each), where Satisfiable tries random searches
// first, its answer is the exhaustive search's (the general solver's
// count of the empty board, bounded as before). It fails when the
// random searches' failure is taken for a proof.
func TestSatisfiablePairs(t *testing.T) {
	specs := [][]string{{NonConsecutive}}
	for _, n := range []string{X, DisjointGroups, Asterisk, Girandola, CenterDot, AntiKnight, AntiKing} {
		specs = append(specs, []string{n, NonConsecutive})
	}
	if os.Getenv("SUDOGEN_LONG") != "" {
		specs = append(specs, []string{Windoku, NonConsecutive}, []string{X, AntiKnight, NonConsecutive})
	}
	for _, vs := range specs {
		gen, err := NewGenerator(Spec{Size: 9, Variants: vs}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := errors.Is(gen.Satisfiable(), ErrNoSolution)
		s := NewSolver(gen.geo)
		s.SetLimit(SatisfiableNodes)
		want := s.Count(make([]uint8, 81), 1) == 0 && !s.Aborted()
		if got != want {
			t.Errorf("%v: no grid %v, the exhaustive search says %v", vs, got, want)
		}
	}
}
