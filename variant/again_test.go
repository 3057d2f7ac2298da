package variant

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGenerateAgain: Again digs the last puzzle's solution once more, on
// the same board (a jigsaw's own layout), into a puzzle that is unique
// and minimal (the plain counter, given by given) and, steered, one Keep
// (singles, from the naive model) accepts. Keep's memo serves Again only
// with the answers of the solution it digs: a generator whose memo holds
// another solution's answers when Again starts (the last returned puzzle
// put back after a later one, and the memo given wrong answers for every
// grid that Again asks about) makes the same puzzles as one without the
// memo.
func TestGenerateAgain(t *testing.T) {
	for _, tc := range []struct {
		name     string
		size     int
		variants []string
		steer    bool
	}{
		{"non-consecutive steered", 6, []string{NonConsecutive}, true},
		{"anti-knight steered", 6, []string{AntiKnight}, true},
		{"jigsaw", 6, []string{Jigsaw}, false},
		{"x", 6, []string{X}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var keepFn func(*Geometry, []uint8) bool
			if tc.steer {
				keepFn = singlesKeep(newNaive(tc.size, tc.variants, ""))
			}
			var runs [2][]string
			// asked: the grids Keep is asked about in the memo-less run's
			// last Again, which the memo run then holds with wrong answers
			// as the other solution's (poisoned).
			var asked [][]uint8
			record := false
			for with := range 2 {
				opts := Options{}
				if tc.steer {
					opts = Options{Keep: func(g *Geometry, c []uint8) bool {
						if record {
							asked = append(asked, slices.Clone(c))
						}
						return keepFn(g, c)
					}, KeepSingles: HiddenSingle}
				}
				gen, err := NewGenerator(Spec{Size: tc.size, Variants: tc.variants}, opts)
				if err != nil {
					t.Fatal(err)
				}
				if with == 0 {
					gen.memo = nil
				}
				rng := rand.New(rand.NewPCG(13, uint64(tc.size)))
				gens := func() Puzzle {
					p, err := gen.Generate(rng)
					if err != nil {
						t.Fatal(err)
					}
					return p
				}
				again := func(last Puzzle) Puzzle {
					p, err := gen.Again(rng)
					if err != nil {
						t.Fatal(err)
					}
					if p.Geometry != last.Geometry || !slices.Equal(p.Solution, last.Solution) {
						t.Fatalf("Again dug another solution or board")
					}
					pc := plainFromNaive(newNaive(tc.size, tc.variants, p.Geometry.Regions))
					checkPuzzle(t, "again", pc, p, true)
					if tc.steer && !keepFn(p.Geometry, p.Puzzle) {
						t.Errorf("Keep refuses the puzzle Again returned")
					}
					return p
				}
				a := gens()
				a2 := again(a)
				a3 := again(a2)
				lastA := gen.last
				b := gens()
				gen.last = lastA // Again digs a's solution; the memo holds b's
				if with == 1 {
					for _, c := range asked {
						gen.memo.ask(func(g *Geometry, c []uint8) bool { return !keepFn(g, c) }, nil, c)
					}
				}
				record = with == 0
				a4 := again(a3)
				record = false
				for _, p := range []Puzzle{a, a2, a3, b, a4} {
					runs[with] = append(runs[with], string(p.Puzzle))
				}
			}
			if !slices.Equal(runs[0], runs[1]) {
				t.Errorf("the memo changed the puzzles")
			}
		})
	}
}

// TestAgainPays: another dig of a solution is asked for where a fresh
// solution costs more than a dig: non-consecutive pairs and jigsaw
// without fixed regions.
func TestAgainPays(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want bool
	}{
		{Spec{Size: 9, Variants: []string{NonConsecutive}}, true},
		{Spec{Size: 9, Variants: []string{X, NonConsecutive}}, true},
		{Spec{Size: 9, Variants: []string{Jigsaw}}, true},
		{Spec{Size: 9, Variants: []string{Jigsaw}, Regions: BoxRegions(9)}, false},
		{Spec{Size: 9, Variants: []string{X}}, false},
		{Spec{Size: 9, Variants: []string{AntiKnight}}, false},
		{Spec{Size: 9, Variants: []string{Windoku}}, false},
		{Spec{Variants: []string{SamuraiName}}, false},
	} {
		gen, err := NewGenerator(tc.spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := gen.AgainPays(); got != tc.want {
			t.Errorf("%v regions %q: AgainPays %v, want %v", tc.spec.Variants, tc.spec.Regions, got, tc.want)
		}
	}
}
