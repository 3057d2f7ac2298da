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
	if pdbSize(n, len(tiles)) > 1<<28 {
		return fmt.Errorf("pattern of %d tiles on %dx%d is too large", len(tiles), w, w)
	}
	return nil
}

// BuildPDB computes the additive pattern database of the tile group on a
// w x w board by a breadth-first search backwards from the goal over
// (placement, blank cell) states. Moving the blank through non-group cells
// is free, moving a group tile costs one; the table keeps, for each
// placement, the least cost over blank cells.
//
// The blank cells of a placement are kept as a bit mask, so one step
// floods the blank's whole free region at once with shifts. Memory: three
// words per placement (visited, this level's and next level's entry
// cells) plus the frontier of placements.
func BuildPDB(w int, tiles []uint8) (*PDB, error) {
	if err := checkGroup(w, tiles); err != nil {
		return nil, err
	}
	if w*w <= 16 {
		return buildPDB[uint16](w, tiles)
	}
	return buildPDB[uint32](w, tiles)
}

// cellMask is a set of cells: 16 bits are enough up to 4x4, and halve the
// memory (and the cache misses) of the search there.
type cellMask interface{ ~uint16 | ~uint32 }

func buildPDB[M cellMask](w int, tiles []uint8) (*PDB, error) {
	n := w * w
	k := len(tiles)
	size := pdbSize(n, k)
	data := make([]uint8, size)
	for i := range data {
		data[i] = 0xFF
	}
	// st[r] holds the blank cells of placement r already reached, and the
	// entry cells queued for the current and the next level (by level
	// parity), side by side so one state costs one cache miss.
	st := make([][3]M, size)
	nb := &nbTables[w]
	full := M(uint32(1)<<n - 1)
	var notLeft, notRight M // cells not in the first / last column
	for c := 0; c < n; c++ {
		if c%w != 0 {
			notLeft |= 1 << c
		}
		if c%w != w-1 {
			notRight |= 1 << c
		}
	}

	var p [8]uint8
	for i, t := range tiles {
		p[i] = t - 1 // goal cell of tile t
	}
	r0 := rankCells(p[:k], n)
	st[r0][1] = M(1) << (n - 1)
	frontier := []uint32{uint32(r0)}
	var next []uint32
	for level := 0; len(frontier) > 0; level++ {
		if level > 250 {
			return nil, fmt.Errorf("internal error: pattern search did not end")
		}
		next = next[:0]
		qc, qn := 1+level%2, 2-level%2
		for _, ru := range frontier {
			r := int(ru)
			e := &st[r]
			entries := e[qc] &^ e[0]
			e[qc] = 0
			if entries == 0 {
				continue
			}
			occ := unrankCells(r, n, p[:k])
			free := full &^ M(occ)
			m := entries
			for {
				m2 := (m | (m&notRight)<<1 | (m&notLeft)>>1 | m<<w | m>>w) & free
				if m2 == m {
					break
				}
				m = m2
			}
			e[0] |= m
			if data[r] == 0xFF {
				data[r] = uint8(level)
			}
			for i := 0; i < k; i++ {
				pc := p[i]
				for j := 0; j < int(nb.n[pc]); j++ {
					c := nb.cell[pc][j]
					if m&(1<<c) == 0 {
						continue
					}
					// Tile i slides from pc into the blank at c.
					p[i] = c
					r2 := rankCells(p[:k], n)
					p[i] = pc
					bit := M(1) << pc
					e2 := &st[r2]
					if (e2[0]|e2[qn])&bit == 0 {
						if e2[qn] == 0 {
							next = append(next, uint32(r2))
						}
						e2[qn] |= bit
					}
				}
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
