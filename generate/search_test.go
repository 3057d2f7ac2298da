package generate

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestAltExistsAgainstRef digs with the generator and, at every removal
// test, compares the digger's answer with refCount's.
func TestAltExistsAgainstRef(t *testing.T) {
	type tc struct {
		shape  sudoku.Shape
		locked bool
	}
	var cases []tc
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12} {
		// Locked candidates are on from 16x16 only; force them on here too,
		// where the reference count is fast, for every box shape.
		cases = append(cases, tc{sh, false}, tc{sh, true})
	}
	for _, tc := range cases {
		sh := tc.shape
		geo := sudoku.GeometryOf(sh)
		d := newDigger(geo)
		if tc.locked && !d.s.useLocked {
			d.s.useLocked = true
			d.s.segs = [2]segments{newSegments(geo, true), newSegments(geo, false)}
			d.s.segU = make([]uint32, geo.N*geo.N)
		}
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
						t.Fatalf("%s (locked %v): removing %d from %s: altExists %v, refCount says %v", sh, tc.locked, c, sudoku.Grid{Geo: geo, Cells: d.p}, alt, want)
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
