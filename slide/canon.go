package slide

// tileSymbols encodes tiles 0..24 as one character each in canonical keys.
const tileSymbols = "0123456789ABCDEFGHIJKLMNO"

// Reflect returns b reflected about the main diagonal with the tiles
// renamed so the goal maps to itself: the tile at (r, c) moves to (c, r),
// and tile t, whose goal cell is (gr, gc), becomes the tile whose goal cell
// is (gc, gr). It is the only symmetry of the board that keeps the goal's
// blank corner in place, and it preserves the optimal length (a solution
// of b reflects to a solution of Reflect(b) with U<->L and D<->R).
func (b Board) Reflect() Board {
	w := b.W
	out := Board{W: w}
	for r := 0; r < w; r++ {
		for c := 0; c < w; c++ {
			out.Tiles[c*w+r] = reflTile(w, b.Tiles[r*w+c])
		}
	}
	return out
}

// reflTile renames tile t under the reflection about the main diagonal.
func reflTile(w int, t uint8) uint8 {
	if t == 0 {
		return 0
	}
	g := int(t) - 1
	return uint8((g%w)*w + g/w + 1)
}

// Key returns the exact encoding of b: one character per cell from
// "0123456789ABCDEFGHIJKLMNO" (tile 0..24).
func (b Board) Key() string {
	var buf [MaxCells]byte
	for i := 0; i < b.N(); i++ {
		buf[i] = tileSymbols[b.Tiles[i]]
	}
	return string(buf[:b.N()])
}

// Canonical returns the canonical key of b: the smaller of Key(b) and
// Key(Reflect(b)). Two boards have the same key exactly when they are equal
// or reflections of each other, and then they have the same optimal length.
func (b Board) Canonical() string {
	k1, k2 := b.Key(), b.Reflect().Key()
	if k2 < k1 {
		return k2
	}
	return k1
}
