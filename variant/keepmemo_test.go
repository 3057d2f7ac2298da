package variant

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeepMemoTable: the memo's answers match a map kept beside it over
// random grids of a few shapes, across resets (a fresh solution forgets
// every answer) and past memoMax entries (then Keep is asked again), and
// Keep is asked once per grid while the memo has room.
func TestKeepMemoTable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells int
		grids int // distinct grids per solution
	}{
		{"9x9 few", 81, 50},
		{"6x6", 36, 300},
		{"9x9 full table", 81, memoMax + 500},
		{"big board, no memo", 369, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(tc.cells)))
			m := newKeepMemo()
			for sol := range 3 {
				m.reset()
				answer := map[string]bool{}
				asked := map[string]int{}
				keep := func(_ *Geometry, grid []uint8) bool {
					asked[string(grid)]++
					return answer[string(grid)]
				}
				var grids [][]uint8
				for range tc.grids {
					g := make([]uint8, tc.cells)
					for i := range g {
						if rng.IntN(3) == 0 {
							g[i] = uint8(1 + (i+sol)%9) // the solution's value
						}
					}
					if _, ok := answer[string(g)]; ok {
						continue
					}
					answer[string(g)] = rng.IntN(2) == 0
					grids = append(grids, g)
				}
				for round := range 3 {
					for _, g := range grids {
						if got := m.ask(keep, nil, g); got != answer[string(g)] {
							t.Fatalf("solution %d round %d: memo says %v, Keep %v", sol, round, got, !got)
						}
					}
				}
				for i, g := range grids {
					n, want := asked[string(g)], 1
					if tc.cells > 128 || i >= memoMax {
						want = 3
					}
					if n != want {
						t.Fatalf("solution %d grid %d: Keep asked %d times, want %d", sol, i, n, want)
					}
				}
			}
		})
	}
}

// TestKeepMemoSameDigs: a steered generator with the memo makes the same
// puzzles, from the same seeds, as one without it (Keep answers the same
// whether asked or remembered), and asks Keep fewer times where the dig
// swaps givens (anti-knight's redigs meet closures again; X's digs here
// never repeat one). Keep is singles from the naive model.
func TestKeepMemoSameDigs(t *testing.T) {
	for _, tc := range []struct {
		size     int
		variants []string
		count    int
		swaps    bool
	}{
		{6, []string{AntiKnight}, 30, true},
		{9, []string{AntiKnight}, 3, true},
		{9, []string{X}, 4, false},
	} {
		m := newNaive(tc.size, tc.variants, "")
		keepFn := singlesKeep(m)
		var runs [2][]string
		var calls [2]int
		for with := range 2 {
			gen, err := NewGenerator(Spec{Size: tc.size, Variants: tc.variants}, Options{
				Keep:        func(g *Geometry, c []uint8) bool { calls[with]++; return keepFn(g, c) },
				KeepSingles: NakedSingle, KeepSwaps: tc.swaps,
			})
			if err != nil {
				t.Fatal(err)
			}
			if with == 0 {
				gen.memo = nil
			}
			rng := rand.New(rand.NewPCG(11, uint64(tc.size)))
			for range tc.count {
				p, err := gen.Generate(rng)
				if err != nil {
					t.Fatal(err)
				}
				runs[with] = append(runs[with], string(p.Puzzle))
			}
		}
		if !slices.Equal(runs[0], runs[1]) {
			t.Errorf("%v %dx%d: the memo changed the puzzles", tc.variants, tc.size, tc.size)
		}
		t.Logf("%v %dx%d: %d Keep calls without the memo, %d with", tc.variants, tc.size, tc.size, calls[0], calls[1])
		if calls[1] > calls[0] || (tc.swaps && calls[1] == calls[0]) {
			t.Errorf("%v %dx%d: %d Keep calls with the memo, %d without", tc.variants, tc.size, tc.size, calls[1], calls[0])
		}
	}
}
