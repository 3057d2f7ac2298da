package sudoku

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestGoldenRandomAndOrder pins, per shape, the random grids Random draws
// from a fixed rng and the order in which Solutions lists the solutions of
// puzzles made from them. Both were recorded from the build before the
// solver's speed work (b9fc06d): the generator's grids come from Random and
// the vicinity search draws from the Solutions list by position, so a
// faster engine must keep both exactly, or every corpus changes.
func TestGoldenRandomAndOrder(t *testing.T) {
	want := map[Shape][2]string{
		Shape4:  {"137109c65461d079", "144bff684ec05c6b"},
		Shape6:  {"4babd461e55cc1c0", "c69d2cfdce4003ab"},
		Shape8:  {"5ab374dcce5f84fc", "5f0b4d83ba181cc7"},
		Shape9:  {"ec3a53cea38d5fdc", "4cec2977a4898a66"},
		Shape12: {"d047f20f075c3b5f", "f7e7ad78290c0ab7"},
		Shape16: {"f4cd5beaec74fdc2", "f88eda4ac4a4af7a"},
		Shape25: {"8628cf7bfe08cfd1", "e3b0c44298fc1c14"},
	}
	for _, sh := range Shapes {
		geo := GeometryOf(sh)
		s := NewSolver(sh)
		rng := rand.New(rand.NewPCG(11, uint64(sh.N())))
		grids, order := sha256.New(), sha256.New()
		count := map[int]int{4: 300, 6: 300, 8: 200, 9: 300, 12: 60, 16: 20, 25: 3}[sh.N()]
		full := make([]uint8, geo.Cells)
		p := make([]uint8, geo.Cells)
		for i := 0; i < count; i++ {
			if !s.Random(make([]uint8, geo.Cells), rng, full) {
				t.Fatal("no grid")
			}
			grids.Write(full)
			if sh.N() > 16 {
				continue
			}
			keep := map[int]float64{4: 0.2, 6: 0.3, 8: 0.35, 9: 0.3, 12: 0.5, 16: 0.6}[sh.N()]
			for c := range p {
				p[c] = 0
				if rng.Float64() < keep {
					p[c] = full[c]
				}
			}
			s.Solutions(p, 40, func(sol []uint8) { order.Write(sol) })
		}
		got := [2]string{hex.EncodeToString(grids.Sum(nil))[:16], hex.EncodeToString(order.Sum(nil))[:16]}
		if got != want[sh] {
			t.Errorf("%s: Random digest %s, Solutions-order digest %s; recorded %s, %s", sh, got[0], got[1], want[sh][0], want[sh][1])
		}
	}
}
