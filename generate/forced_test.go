package generate

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// forcedByScan is forced written out cell by cell: sol[c] is the only
// value the givens leave c, or the only place they leave it in one of c's
// units.
func forcedByScan(d *digger, c int) bool {
	b := uint32(1) << (d.sol[c] - 1)
	free := func(x int) uint32 {
		return d.geo.All &^ (d.used[d.cu[3*x]] | d.used[d.cu[3*x+1]] | d.used[d.cu[3*x+2]])
	}
	if free(c)&^b == 0 {
		return true
	}
	for k := 0; k < 3; k++ {
		alone := true
		for _, x := range d.geo.Units[d.cu[3*c+k]] {
			if x != c && d.p[x] == 0 && free(x)&b != 0 {
				alone = false
			}
		}
		if alone {
			return true
		}
	}
	return false
}

// TestForcedMasks digs grids of every shape with random removals and
// compares forced, which reads incrementally kept masks, with the scan.
func TestForcedMasks(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		geo := sudoku.GeometryOf(sh)
		d := newDigger(geo)
		rng := rngFor(4, uint64(sh.N()))
		grids := map[int]int{25: 1, 16: 3}[sh.N()]
		if grids == 0 {
			grids = 20
		}
		agreeTrue := 0
		for gi := 0; gi < grids; gi++ {
			if !d.randomGrid(rng) {
				t.Fatal("no grid")
			}
			d.start()
			for _, c := range rng.Perm(geo.Cells) {
				d.clear(c)
				want := forcedByScan(d, c)
				if got := d.forced(c); got != want {
					t.Fatalf("%s: cell %d: forced %v, scan %v", sh, c, got, want)
				}
				if want {
					agreeTrue++
				}
				if rng.IntN(3) == 0 { // keep some givens, remove the rest
					d.restore(c)
				}
			}
		}
		if agreeTrue == 0 {
			t.Fatalf("%s: no forced cell met", sh)
		}
	}
}
