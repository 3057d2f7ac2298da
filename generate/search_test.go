package generate

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestAltExistsAgainstRef digs with the generator and, at every removal
// test, compares the digger's answer with refCount's.
func TestAltExistsAgainstRef(t *testing.T) {
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12} {
		geo := sudoku.GeometryOf(sh)
		d := newDigger(geo)
		checks := 0
		for seed := uint64(0); seed < 6; seed++ {
			rng := rngFor(11, seed)
			if !d.randomGrid(rng) {
				t.Fatal("no grid")
			}
			d.start()
			for _, c := range rng.Perm(geo.Cells) {
				d.clear(c)
				alt := d.altExists(c)
				if sh.N() < 12 || checks%8 == 0 {
					want := refCount(geo, d.p, 2) > 1
					if alt != want {
						t.Fatalf("%s: removing %d from %s: altExists %v, refCount says %v", sh, c, sudoku.Grid{Geo: geo, Cells: d.p}, alt, want)
					}
				}
				checks++
				if alt {
					d.restore(c)
				}
			}
		}
	}
}
