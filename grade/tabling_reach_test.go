package grade

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestLoopReachSound checks the "on" table skip of hodokuLoopsWith
// against the tables themselves and against a plain search of the
// implication graph, on working grids of hard 9x9 puzzles and of other
// sizes, with and without group nodes: for every candidate, mayLoop is
// true exactly when a depth-first walk of the kept lists from on(p) meets
// off(p) or on(q) for another candidate q of the cell, and it is true
// whenever the built table holds an entry of the cell past depth 1 (the
// only entries checkNiceLoop can keep).
func TestLoopReachSound(t *testing.T) {
	var starts []sudoku.Grid
	for i, p := range readPuzzles(t, "sudoku/forum-hardest-1106.txt", 40) {
		if i%4 == 0 {
			starts = append(starts, p)
		}
	}
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape9, sudoku.Shape12, sudoku.Shape16} {
		starts = append(starts, sudoku.NewGrid(sh))
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var lr loopReach
	var seen []bool
	var stack []int32
	premises, hits, skips := 0, 0, 0
	for _, st := range starts {
		for round := 0; round < 6; round++ {
			g := NewGrid(st)
			keep := 0.2 + 0.7*rng.Float64()
			for cell, m := range g.Cand {
				for mm := m; mm != 0; mm &= mm - 1 {
					if popc(g.Cand[cell]) > 1 && rng.Float64() > keep {
						g.Eliminate(cell, uint8(trailing(mm)+1))
					}
				}
			}
			for _, grouped := range []bool{false, true} {
				var kinds []nodeKind
				gk := &groupKind{}
				if grouped {
					kinds = append(kinds, gk)
				}
				c := getChainer(g, kinds...)
				tb := &tabler{c: c, g: g, n: g.Geo.N, l: hodokuTableLinks}
				if grouped {
					tb.groups = gk
				}
				n := tb.n
				c.keepLinks(tb.l)
				lr.build(c, g)
				for cell, m := range g.Cand {
					if g.Values[cell] != 0 {
						continue
					}
					base := int32(cell * n)
					for mm := m; mm != 0; mm &= mm - 1 {
						key := base + int32(trailing(mm))
						premises++
						may := lr.mayLoop(key, base, m)
						// the walk: every node on(key) reaches, no cap
						seen = append(seen[:0], make([]bool, 2*int(c.nkeys))...)
						stack = append(stack[:0], 2*key+1)
						seen[2*key+1] = true
						for len(stack) > 0 {
							s := stack[len(stack)-1]
							stack = stack[:len(stack)-1]
							for _, x := range c.impliedKey(s>>1, s&1 == 1, tb.l) {
								u := 2 * x.key
								if s&1 == 0 {
									u++
								}
								if !seen[u] {
									seen[u] = true
									stack = append(stack, u)
								}
							}
						}
						walk := seen[2*key]
						for q := m &^ (1 << uint(key-base)); q != 0; q &= q - 1 {
							walk = walk || seen[2*(base+int32(trailing(q)))+1]
						}
						if may != walk {
							t.Fatalf("%v grouped=%v cell %d digit %d: mayLoop %v, the walk %v", g.Geo.Shape, grouped, cell, key-base+1, may, walk)
						}
						tb.fill(key, true)
						hit := false
						for j := 1; j < len(c.pool); j++ {
							if uint32(c.pool[j].key-base) < uint32(n) && c.pool[j].depth > 1 {
								hit = true
							}
						}
						if hit && !may {
							t.Fatalf("%v grouped=%v cell %d digit %d: the table closes a loop, mayLoop false", g.Geo.Shape, grouped, cell, key-base+1)
						}
						if hit {
							hits++
						}
						if !may {
							skips++
						}
					}
				}
				c.release()
			}
		}
	}
	if hits == 0 || skips == 0 {
		t.Fatalf("%d premises, %d tables with loops, %d skipped: the test checks nothing", premises, hits, skips)
	}
	t.Logf("%d premises, %d tables with loop entries, %d skipped", premises, hits, skips)
}
