package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestCounter9Sets counts every puzzle of the published sets with the
// counting engine: 17-clue, top1465, forum-hardest-1106 and
// forum-hardest-11plus have one solution each, serg-multi-solution two or
// more. The engine's tree is not solver9's (triad rules, configuration
// branching), so the node counts are not compared puzzle by puzzle; on
// each of the hard sets it must take fewer in total (the rules are in
// use).
func TestCounter9Sets(t *testing.T) {
	sets := []struct {
		rel   string
		want  int
		fewer bool
	}{
		{"sudoku/17-clue.txt", 1, false},
		{"sudoku/top1465.txt", 1, true},
		{"sudoku/forum-hardest-1106.txt", 1, true},
		{"sudoku/forum-hardest-11plus.txt", 1, true},
		{"sudoku/serg-multi-solution.txt", 2, false},
	}
	c, old := newCounter9(), NewSolver(Shape9)
	for _, set := range sets {
		nodes, oldNodes := 0, 0
		for i, p := range loadPuzzles(t, set.rel) {
			if got := c.count(p, 2); got != set.want {
				t.Fatalf("%s #%d: count %d, want %d", set.rel, i+1, got, set.want)
			}
			nodes += c.nodes
			if set.fewer {
				old.run(p, 2, nil, nil, -1, 0, -1)
				oldNodes += -1 - old.s9.nodesLeft
			}
		}
		if set.fewer && nodes >= oldNodes {
			t.Errorf("%s: %d branch nodes, solver9 %d", set.rel, nodes, oldNodes)
		}
		t.Logf("%s: %d branch nodes, solver9 %d", set.rel, nodes, oldNodes)
	}
}

// TestCounter9Random compares the counting engine with the generic engine
// (an independent implementation) and solver9 on random under-clued
// puzzles, with and without a conflicting given, for several limits.
func TestCounter9Random(t *testing.T) {
	c, fast, gen := newCounter9(), NewSolver(Shape9), newGenericSolver(Shape9, 0)
	rng := rand.New(rand.NewPCG(26, 9))
	seen := map[int]int{}
	for trial := 0; trial < 600; trial++ {
		_, p := randomPuzzle(t, fast, rng, 45+rng.IntN(20))
		if trial%4 == 0 {
			p[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		for _, limit := range []int{1, 2, 300} {
			want := gen.Count(p, limit, nil)
			if got := c.count(p, limit); got != want {
				t.Fatalf("%s limit %d: counter9 %d, generic %d", Grid{GeometryOf(Shape9), p}, limit, got, want)
			}
			if got := fast.s9count(p, limit); got != want {
				t.Fatalf("%s limit %d: solver9 %d, generic %d", Grid{GeometryOf(Shape9), p}, limit, got, want)
			}
			if limit == 300 {
				seen[min(want, 2)]++
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Fatalf("cases not varied enough: %v", seen)
	}
}

// s9count counts with solver9 itself (bypassing the counting engine).
func (s *Solver) s9count(p []uint8, limit int) int { return s.run(p, limit, nil, nil, -1, 0, -1) }

// TestCounter9Edges: wrong lengths, values out of range and digits twice
// in a unit count 0; the empty grid counts up to the limit; a solved grid
// counts 1; a sequence of puzzles differing in a cell or two (the givens
// record's incremental path) counts as from scratch.
func TestCounter9Edges(t *testing.T) {
	c := newCounter9()
	if c.count(make([]uint8, 80), 2) != 0 || c.count(make([]uint8, 82), 2) != 0 {
		t.Fatal("wrong length counted")
	}
	bad := make([]uint8, 81)
	bad[5] = 10
	if c.count(bad, 2) != 0 {
		t.Fatal("value 10 counted")
	}
	twice := make([]uint8, 81)
	twice[0], twice[80] = 3, 3 // different units: fine
	if c.count(twice, 5) != 5 {
		t.Fatal("two 3s in different units")
	}
	twice[10] = 3 // box of cell 0
	if c.count(twice, 5) != 0 {
		t.Fatal("3 twice in a box counted")
	}
	if c.count(make([]uint8, 81), 7) != 7 {
		t.Fatal("empty grid")
	}
	g, _ := Parse("483921657967345821251876493548132976729564138136798245372689514814253769695417382", Shape9)
	if c.count(g.Cells, 2) != 1 {
		t.Fatal("solved grid")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	ref := newGenericSolver(Shape9, 0)
	p := append([]uint8(nil), g.Cells...)
	for i := 0; i < 300; i++ {
		x := rng.IntN(81)
		switch rng.IntN(3) {
		case 0:
			p[x] = 0
		case 1:
			p[x] = uint8(1 + rng.IntN(9))
		default:
			p[x] = g.Cells[x]
		}
		if got, want := c.count(p, 3), ref.Count(p, 3, nil); got != want {
			t.Fatalf("step %d %s: %d, generic %d", i, Grid{GeometryOf(Shape9), p}, got, want)
		}
	}
}

// FuzzCounter9 compares the counting engine with the generic engine on
// arbitrary grids (each byte a cell, value byte%10, at most 30 givens
// kept so that most inputs have solutions), counting to 2 and to 20.
func FuzzCounter9(f *testing.F) {
	f.Add([]byte("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	f.Add(make([]byte, 81))
	c, gen := newCounter9(), newGenericSolver(Shape9, 0)
	f.Fuzz(func(t *testing.T, data []byte) {
		p := make([]uint8, 81)
		givens := 0
		for i := 0; i < 81 && i < len(data); i++ {
			if v := data[i] % 10; v != 0 && givens < 30 {
				p[i] = v
				givens++
			}
		}
		for _, limit := range []int{2, 20} {
			if got, want := c.count(p, limit), gen.Count(p, limit, nil); got != want {
				t.Fatalf("%s limit %d: counter9 %d, generic %d", Grid{GeometryOf(Shape9), p}, limit, got, want)
			}
		}
	})
}

// TestKeep9 checks the counting engine's merged table against solver9's
// two: for every minirow pattern, the cells of the minirows that survive.
func TestKeep9(t *testing.T) {
	for p := 0; p < 512; p++ {
		if want := miniCells9[shrink9[p]&0x1FF]; uint32(keep9[p])&band27 != want {
			t.Fatalf("pattern %09b: keep9 %027b, solver9 %027b", p, keep9[p], want)
		}
	}
}

// TestColumnTables9 checks the counting engine's replicated column tables
// against solver9's.
func TestColumnTables9(t *testing.T) {
	for p := 0; p < 512; p++ {
		if lockedRep9[p] != rep3(uint32(locked9[p])) || claimRep9[p] != rep3(uint32(claim9[p])) {
			t.Fatalf("projection %09b: %027b %027b, solver9 %09b %09b", p, lockedRep9[p], claimRep9[p], locked9[p], claim9[p])
		}
	}
}
