package grade

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// refOnToOff is onToOff's list for a candidate key under SE's links as
// the peer lists give it (seTables.linked[0]: every peer of the cell once,
// with its first unit, checked against the working grid's candidates),
// the reference the classic frame's position-driven lists (seuPeers) must
// equal.
func refOnToOff(c *implGraph, k int32, l links) []imp {
	var out []imp
	cell, d := int(k)/c.n, int(k)%c.n
	if l.weakY {
		out = c.cellOthers(cell, d, out)
	}
	bit := uint32(1) << d
	for _, p := range c.t.linked[0][cell] {
		if c.cand[p.cell]&bit != 0 {
			out = append(out, imp{p.cell*int32(c.n) + int32(d), p.cause})
		}
	}
	return out
}

// TestSEPeersSame checks the on -> off lists of SE's links on classic
// grids of every box shape against refOnToOff: static grids thinned at
// random (some cells placed), and the dynamic mode's working grid after
// removals and after their restoration.
func TestSEPeersSame(t *testing.T) {
	var starts []sudoku.Grid
	for i, p := range readPuzzles(t, "sudoku/forum-hardest-1106.txt", 20) {
		if i%4 == 0 {
			starts = append(starts, p)
		}
	}
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12, sudoku.Shape16} {
		starts = append(starts, sudoku.NewGrid(sh))
	}
	rng := rand.New(rand.NewPCG(3, 5))
	checked, nonEmpty := 0, 0
	compare := func(c *chainer, what string) {
		for k := int32(0); k < c.ncand; k++ {
			if c.cand[int(k)/c.n]&(1<<(int(k)%c.n)) == 0 {
				continue
			}
			for _, l := range []links{seLinks(true, false), seLinks(false, true), seLinks(true, true)} {
				got := c.onToOff(k, l, nil)
				want := refOnToOff(&c.implGraph, k, l)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %dx%d, candidate %v, links %+v: onToOff %v, peers %v", what, c.n, c.n, c.candidate(k), l, got, want)
				}
				checked++
				if len(got) > 0 {
					nonEmpty++
				}
			}
		}
	}
	for _, p := range starts {
		for round := 0; round < 6; round++ {
			g := NewGrid(p)
			keep := 0.3 + 0.7*rng.Float64()
			for cell, m := range g.Cand {
				if m != 0 && popc(m) > 1 && rng.Float64() < 0.05 {
					g.Place(cell, uint8(trailing(m)+1))
					continue
				}
				for mm := m; mm != 0; mm &= mm - 1 {
					if popc(g.Cand[cell]) > 1 && rng.Float64() > keep {
						g.Eliminate(cell, uint8(trailing(mm)+1))
					}
				}
			}
			c := getChainer(g)
			compare(c, "static")
			c.setDynamic()
			mark := len(c.removed)
			for k := int32(0); k < c.ncand; k++ {
				if c.cand[int(k)/c.n]&(1<<(int(k)%c.n)) != 0 && rng.Float64() < 0.3 {
					c.remove(k)
				}
			}
			compare(c, "dynamic")
			c.restore(mark)
			compare(c, "restored")
			c.release()
		}
	}
	if nonEmpty < checked/2 {
		t.Errorf("only %d of %d lists not empty", nonEmpty, checked)
	}
	t.Logf("%d lists checked, %d not empty", checked, nonEmpty)
}
