package generate

import (
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestPairSets9 checks that findPairSets9 and findRowPairSets9 record the
// same sets, with the same ids, as the general findPairSets and
// findRowPairSets, on random 9x9 grids, and that every two-digit set found
// is unavoidable: swapping its two digits gives another valid grid.
func TestPairSets9(t *testing.T) {
	d := newDigger(sudoku.GeometryOf(sudoku.Shape9))
	rowSets := 0
	defer func() {
		if rowSets == 0 {
			t.Error("no row-pair set in any grid: the comparison tested nothing")
		}
	}()
	for i := 0; i < 300; i++ {
		if !d.randomGrid(rngFor(3, uint64(i))) {
			t.Fatal("no grid")
		}
		find := func(f func()) ([]int32, []int32) {
			d.setLeft = d.setLeft[:0]
			for c := range d.setOf {
				d.setOf[c] = -1
			}
			f()
			return slices.Clone(d.setOf), slices.Clone(d.setLeft)
		}
		of, left := find(d.findPairSets)
		of9, left9 := find(d.findPairSets9)
		if !slices.Equal(of, of9) || !slices.Equal(left, left9) {
			t.Fatalf("grid %d: findPairSets9 differs from findPairSets", i)
		}
		rowOf, rowLeft := find(func() {
			for c := range d.setCount {
				d.setCount[c] = 8
			}
			d.findRowPairSets()
		})
		rowCount := slices.Clone(d.setCount)
		rowOf9, rowLeft9 := find(func() {
			for c := range d.setCount {
				d.setCount[c] = 8
			}
			d.findRowPairSets9()
		})
		if !slices.Equal(rowOf, rowOf9) || !slices.Equal(rowLeft, rowLeft9) || !slices.Equal(rowCount, d.setCount) {
			t.Fatalf("grid %d: findRowPairSets9 differs from findRowPairSets", i)
		}
		rowSets += len(rowLeft)
		if len(left) < 36 {
			t.Fatalf("grid %d: %d two-digit sets, want at least one per pair of digits", i, len(left))
		}
		// Swap the digits of each set: still a valid grid, and the set's
		// cell count is its recorded size.
		for id := range left {
			g := sudoku.NewGrid(sudoku.Shape9)
			copy(g.Cells, d.sol)
			var a, b uint8
			cells := 0
			for c := 0; c < 81; c++ {
				if slices.Contains(of[c*d.stride:c*d.stride+8], int32(id)) {
					cells++
					if a == 0 {
						a = d.sol[c]
					} else if d.sol[c] != a {
						b = d.sol[c]
					}
				}
			}
			for c := 0; c < 81; c++ {
				if slices.Contains(of[c*d.stride:c*d.stride+8], int32(id)) {
					g.Cells[c] = a + b - d.sol[c]
				}
			}
			if int32(cells) != left[id] || !validGrid(g.Cells) {
				t.Fatalf("grid %d, set %d: %d cells (recorded %d), swap valid %v", i, id, cells, left[id], validGrid(g.Cells))
			}
		}
	}
}

// validGrid reports whether g is a full valid 9x9 grid.
func validGrid(g []uint8) bool {
	for u := 0; u < 27; u++ {
		var seen uint16
		for k := 0; k < 9; k++ {
			x := u*9 + k // rows
			switch {
			case u >= 18:
				b := u - 18
				x = (b/3*3+k/3)*9 + b%3*3 + k%3
			case u >= 9:
				x = k*9 + u - 9
			}
			seen |= 1 << g[x]
		}
		if seen != 0x3FE {
			return false
		}
	}
	return true
}
