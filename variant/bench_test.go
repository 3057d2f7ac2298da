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

// benchPuzzles makes k puzzles of spec (seeded) for the solver and canon
// benchmarks.
func benchPuzzles(b *testing.B, spec Spec, k int) []Puzzle {
	gen, err := NewGenerator(spec, Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]Puzzle, k)
	for i := range out {
		if out[i], err = gen.Generate(rng); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkSolve proves one generated puzzle unique per op (count to 2).
func BenchmarkSolve(b *testing.B) {
	for _, bs := range benchSpecs {
		if bs.name == "non-consecutive" || bs.name == "samurai" {
			continue // minutes to make the set; measured through Generate
		}
		b.Run(bs.name, func(b *testing.B) {
			ps := benchPuzzles(b, bs.spec, 16)
			solvers := make([]*Solver, len(ps))
			for i, p := range ps {
				solvers[i] = NewSolver(p.Geometry)
			}
			i := 0
			for b.Loop() {
				k := i % len(ps)
				if solvers[k].Count(ps[k].Puzzle, 2) != 1 {
					b.Fatal("not unique")
				}
				i++
			}
		})
	}
}

// BenchmarkCanon computes one canonical key per op.
func BenchmarkCanon(b *testing.B) {
	for _, bs := range benchSpecs {
		if bs.name == "non-consecutive" {
			continue
		}
		b.Run(bs.name, func(b *testing.B) {
			ps := benchPuzzles(b, bs.spec, 4)
			c := NewCanonicalizer(ps[0].Geometry)
			i := 0
			for b.Loop() {
				p := ps[i%len(ps)]
				if _, err := c.Key(p.Geometry, p.Puzzle); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkBB9Probe runs what a steered dig asks the 9x9 engine per
// removal: the closure of singles of a puzzle without one given, then
// the bounded probe for a second solution from that closure (twoWithin),
// over every given of generated minimal puzzles; one op is one removal.
func BenchmarkBB9Probe(b *testing.B) {
	for _, bs := range benchSpecs {
		if bs.spec.Size != 9 || has(bs.spec.Variants, NonConsecutive) || has(bs.spec.Variants, Jigsaw) {
			continue
		}
		b.Run(bs.name, func(b *testing.B) {
			ps := benchPuzzles(b, bs.spec, 4)
			s := NewSolver(ps[0].Geometry)
			type removal struct {
				p int
				f int
			}
			var rs []removal
			for i, p := range ps {
				for f, v := range p.Puzzle {
					if v != 0 {
						rs = append(rs, removal{i, f})
					}
				}
			}
			q := make([]uint8, 81)
			bound := s.refute
			if bound == 0 {
				bound = 4 // anti-knight's probe until 2026-12-05, now none
			}
			i := 0
			for b.Loop() {
				r := rs[i%len(rs)]
				i++
				p := ps[r.p]
				copy(q, p.Puzzle)
				q[r.f] = 0
				s.prefer(p.Solution)
				s.Singles(q, nil, nil)
				s.twoWithin(q, r.f, p.Solution[r.f], bound)
			}
			s.prefer(nil)
		})
	}
}

// BenchmarkRandomPairs draws one full 9x9 non-consecutive solution per
// op: "draw" as the generator does (Solver.Full: the pair engine's own
// draw, searches of 150 nodes restarted until one finds a solution);
// "engine" and "general" Random's searches the same way, on the 9x9
// engine (bbfull.go) and on the general solver (the same solutions).
func BenchmarkRandomPairs(b *testing.B) {
	g, err := Build(Spec{Size: 9, Variants: []string{NonConsecutive}})
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"draw", "engine", "general"} {
		b.Run(name, func(b *testing.B) {
			s := NewSolver(g)
			if name == "general" {
				s.pairRand = nil
			}
			s.SetLimit(pairNodeLimit)
			rng := rand.New(rand.NewPCG(1, 2))
			out := make([]uint8, 81)
			nodes := int64(0)
			if name == "draw" {
				for b.Loop() {
					if !s.Full(rng, out, PairRestarts) {
						b.Fatal("no solution")
					}
					nodes += s.Nodes()
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				return
			}
			for b.Loop() {
				for try := 0; ; try++ {
					if try == PairRestarts {
						b.Fatal("no solution")
					}
					ok := s.Random(rng, nil, out)
					nodes += s.Nodes()
					if ok {
						break
					}
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkBuild builds one board per op (regions parsed, peers and
// pairs laid out): "jigsaw" a random 9x9 layout of 50 drawn beforehand,
// as a jigsaw run builds one per solution; "samurai" the Samurai board.
func BenchmarkBuild(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var layouts []string
	for range 50 {
		r, err := randomLayout(9, "", rng)
		if err != nil {
			b.Fatal(err)
		}
		layouts = append(layouts, r)
	}
	for _, bs := range []struct {
		name string
		spec func(i int) Spec
	}{
		{"jigsaw", func(i int) Spec { return Spec{Size: 9, Variants: []string{Jigsaw}, Regions: layouts[i%len(layouts)]} }},
		{"samurai", func(int) Spec { return Spec{Variants: []string{SamuraiName}} }},
	} {
		b.Run(bs.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, err := Build(bs.spec(i)); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
