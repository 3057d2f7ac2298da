package killer

// CanonicalKey is a key of p under the killer symmetries it covers: the
// symmetries of the square that keep the boxes (all eight for square
// boxes; identity, both reflections and the half turn for 2x3 and 2x4
// boxes), each with or without the digit complement d -> N+1-d (a cage
// of k cells and sum S becomes one of sum k(N+1)-S). Two puzzles one of
// these maps onto the other get the same key. Band, stack, row-in-band
// and column-in-stack permutations are not covered yet, so isomorphs by
// those keep different keys.
func CanonicalKey(p *Puzzle) string {
	g := p.Geo
	n := g.N
	square := g.Shape.BoxRows == g.Shape.BoxCols
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return r, n - 1 - c },
		func(r, c int) (int, int) { return n - 1 - r, c },
		func(r, c int) (int, int) { return n - 1 - r, n - 1 - c },
	}
	if square {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return n - 1 - c, n - 1 - r },
			func(r, c int) (int, int) { return c, n - 1 - r },
			func(r, c int) (int, int) { return n - 1 - c, r },
		)
	}
	best := ""
	for _, m := range maps {
		for _, comp := range []bool{false, true} {
			q := &Puzzle{Geo: g}
			for _, cg := range p.Cages {
				nc := Cage{Sum: cg.Sum}
				if comp {
					nc.Sum = len(cg.Cells)*(n+1) - cg.Sum
				}
				for _, c := range cg.Cells {
					r, col := m(g.Rows[c], g.Cols[c])
					nc.Cells = append(nc.Cells, r*n+col)
				}
				q.Cages = append(q.Cages, nc)
			}
			if p.GivenCount() > 0 {
				q.Givens = make([]int8, g.Cells)
				for c, v := range p.Givens {
					if v != 0 {
						r, col := m(g.Rows[c], g.Cols[c])
						if comp {
							v = int8(n+1) - v
						}
						q.Givens[r*n+col] = v
					}
				}
			}
			q.Sort()
			if k := FormatLine(q); best == "" || k < best {
				best = k
			}
		}
	}
	return best
}
