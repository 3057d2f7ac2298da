package slide

import (
	"fmt"
	"math/bits"
)

// PDB is an additive pattern database for one group of tiles: for every
// placement of the group's tiles it holds the fewest moves of those tiles
// (moves of other tiles are free) needed to bring them to their goal cells.
// Sums over disjoint groups are admissible.
type PDB struct {
	W     int
	Tiles []uint8 // the group, in rank order
	Data  []uint8 // indexed by rank of the tiles' cells
}

// pdbSize returns n!/(n-k)!, the number of placements of k tiles on n cells.
func pdbSize(n, k int) int {
	s := 1
	for i := 0; i < k; i++ {
		s *= n - i
	}
	return s
}

// rankCells returns the rank of the placement p[0..k-1] (distinct cells of
// an n-cell board) in mixed radix n, n-1, ..., n-k+1, each digit being the
// cell's index among the cells not used by earlier tiles.
func rankCells(p []uint8, n int) int {
	r := 0
	var used uint32
	for i, c := range p {
		r = r*(n-i) + int(c) - bits.OnesCount32(used&(1<<c-1))
		used |= 1 << c
	}
	return r
}

// unrankCells inverts rankCells, writing the cells into p and returning
// the mask of used cells.
func unrankCells(r, n int, p []uint8) uint32 {
	k := len(p)
	var digit [MaxCells]int
	for i := k - 1; i >= 0; i-- {
		radix := n - i
		digit[i] = r % radix
		r /= radix
	}
	var used uint32
	for i := 0; i < k; i++ {
		d := digit[i]
		free := ^used
		for ; d > 0; d-- {
			free &= free - 1
		}
		c := bits.TrailingZeros32(free)
		p[i] = uint8(c)
		used |= 1 << c
	}
	return used
}

// checkGroup validates a group of tiles for width w.
func checkGroup(w int, tiles []uint8) error {
	if err := CheckWidth(w); err != nil {
		return err
	}
	n := w * w
	if len(tiles) == 0 || len(tiles) > 8 {
		return fmt.Errorf("pattern of %d tiles: want 1 to 8", len(tiles))
	}
	var seen uint32
	for _, t := range tiles {
		if t == 0 || int(t) >= n || seen&(1<<t) != 0 {
			return fmt.Errorf("bad pattern tiles %v for %dx%d", tiles, w, w)
		}
		seen |= 1 << t
	}
	if uint64(pdbSize(n, len(tiles)))*uint64(n) >= 1<<32 {
		return fmt.Errorf("pattern of %d tiles on %dx%d is too large", len(tiles), w, w)
	}
	return nil
}

// BuildPDB computes the additive pattern database of the tile group on a
// w x w board by a breadth-first search backwards from the goal over
// (placement, blank cell) states. Moving the blank through non-group cells
// is free, moving a group tile costs one; the table keeps, for each
// placement, the least cost over blank cells. Memory: two bitsets of
// n!/(n-k)! * n bits plus the frontier.
func BuildPDB(w int, tiles []uint8) (*PDB, error) {
	if err := checkGroup(w, tiles); err != nil {
		return nil, err
	}
	n := w * w
	k := len(tiles)
	size := pdbSize(n, k)
	data := make([]uint8, size)
	for i := range data {
		data[i] = 0xFF
	}
	words := (size*n + 63) / 64
	visited := make([]uint64, words)
	queued := make([]uint64, words)
	nb := &nbTables[w]

	var p [8]uint8
	for i, t := range tiles {
		p[i] = t - 1 // goal cell of tile t
	}
	frontier := []uint32{uint32(rankCells(p[:k], n)*n + n - 1)}
	var next []uint32
	var owner [MaxCells]int8 // group index at a cell, -1 if none
	for i := range owner {
		owner[i] = -1
	}
	var stack [MaxCells]uint8
	for level := 0; len(frontier) > 0; level++ {
		if level > 250 {
			return nil, fmt.Errorf("internal error: pattern search did not end")
		}
		next = next[:0]
		for _, e := range frontier {
			queued[e>>6] &^= 1 << (e & 63)
			if visited[e>>6]&(1<<(e&63)) != 0 {
				continue
			}
			r := int(e) / n
			z := uint8(int(e) % n)
			used := unrankCells(r, n, p[:k])
			for i := 0; i < k; i++ {
				owner[p[i]] = int8(i)
			}
			if data[r] == 0xFF {
				data[r] = uint8(level)
			}
			base := r * n
			visited[e>>6] |= 1 << (e & 63)
			sp := 0
			stack[sp] = z
			sp++
			for sp > 0 {
				sp--
				b := stack[sp]
				for j := 0; j < int(nb.n[b]); j++ {
					c := nb.cell[b][j]
					if used&(1<<c) == 0 {
						s := uint32(base + int(c))
						if visited[s>>6]&(1<<(s&63)) == 0 {
							visited[s>>6] |= 1 << (s & 63)
							stack[sp] = c
							sp++
						}
						continue
					}
					// Group tile i slides from c into the blank at b.
					i := owner[c]
					p[i] = b
					s := uint32(rankCells(p[:k], n)*n + int(c))
					p[i] = c
					if visited[s>>6]&(1<<(s&63)) == 0 && queued[s>>6]&(1<<(s&63)) == 0 {
						queued[s>>6] |= 1 << (s & 63)
						next = append(next, s)
					}
				}
			}
			for i := 0; i < k; i++ {
				owner[p[i]] = -1
			}
		}
		frontier, next = next, frontier
	}
	for r, d := range data {
		if d == 0xFF {
			return nil, fmt.Errorf("internal error: placement %d of pattern %v unreached", r, tiles)
		}
	}
	return &PDB{W: w, Tiles: append([]uint8(nil), tiles...), Data: data}, nil
}
