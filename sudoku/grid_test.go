package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestConflictFastPath: the bit-mask test agrees with a plain pairwise
// search on random partial grids of every shape.
func TestConflictFastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range Shapes {
		geo := GeometryOf(s)
		for trial := 0; trial < 200000/geo.Cells; trial++ {
			g := NewGrid(s)
			fill := rng.IntN(geo.Cells/3 + 1)
			for k := 0; k < fill; k++ {
				g.Cells[rng.IntN(geo.Cells)] = uint8(rng.IntN(geo.N) + 1)
			}
			want := false
			for a := 0; a < geo.Cells && !want; a++ {
				for b := a + 1; b < geo.Cells; b++ {
					ra, ca, rb, cb := a/geo.N, a%geo.N, b/geo.N, b%geo.N
					same := ra == rb || ca == cb || (ra/geo.BoxRows == rb/geo.BoxRows && ca/geo.BoxCols == cb/geo.BoxCols)
					if same && g.Cells[a] != 0 && g.Cells[a] == g.Cells[b] {
						want = true
						break
					}
				}
			}
			if got := g.Conflict() != nil; got != want {
				t.Fatalf("%s: Conflict() != nil is %v, want %v for %s", s, got, want, g)
			}
		}
	}
}
