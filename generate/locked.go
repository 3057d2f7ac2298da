package generate

import "github.com/sudogen/sudogen/sudoku"

// Locked candidates (pointing and claiming) for the dig search. A segment
// is the intersection of a line (row or column) with a box. If, among a
// line's unsolved cells, digit d appears in one segment only, d is removed
// from the rest of that box; if, among a box's unsolved cells, d appears
// in one of its row (column) segments only, d is removed from the rest of
// that row (column). On 16x16 this halves the time per puzzle (fewer nodes
// in the hard removal tests); on 12x12 and below it costs more than it
// saves, so it is off there (lockedFrom).

// segments are the line-box intersections of one line direction.
type segments struct {
	k     int     // segments per line (boxes across)
	per   int     // segments per box along the other axis (lines per box)
	size  int     // cells per segment
	cells []int32 // seg*size
	// lineRest and boxRest: per segment, the cells of its line outside it
	// and the cells of its box outside it (n-size each).
	lineRest, boxRest []int32
}

func newSegments(geo *sudoku.Geometry, rows bool) segments {
	n := geo.N
	size, per := geo.BoxCols, geo.BoxRows // row segments
	if !rows {
		size, per = geo.BoxRows, geo.BoxCols
	}
	sg := segments{k: n / size, per: per, size: size}
	at := func(line, pos int) int {
		if rows {
			return line*n + pos
		}
		return pos*n + line
	}
	for line := 0; line < n; line++ {
		for j := 0; j < sg.k; j++ {
			for p := j * size; p < (j+1)*size; p++ {
				sg.cells = append(sg.cells, int32(at(line, p)))
			}
			for p := 0; p < n; p++ {
				if p/size != j {
					sg.lineRest = append(sg.lineRest, int32(at(line, p)))
				}
			}
			band := line / per
			for l := band * per; l < (band+1)*per; l++ {
				if l == line {
					continue
				}
				for p := j * size; p < (j+1)*size; p++ {
					sg.boxRest = append(sg.boxRest, int32(at(l, p)))
				}
			}
		}
	}
	return sg
}

// locked applies one round of locked candidates in both directions to st.
// It reports whether it removed anything, and false ok on a contradiction.
//
// The segment unions count unsolved cells only, which is sound only while
// every solved cell has been propagated; so after a direction that changed
// something it returns, and propagate drains the new singles first. (Within
// one direction the unions only go stale as supersets, which is safe.)
func (s *search) locked(st []uint32) (changed, ok bool) {
	for i := range s.segs {
		c, good := s.lockedDir(st, &s.segs[i])
		if !good || c {
			return c, good
		}
	}
	return false, true
}

func (s *search) lockedDir(st []uint32, sg *segments) (changed, ok bool) {
	n := s.n
	nseg := n * sg.k
	u := s.segU[:nseg]
	for i := 0; i < nseg; i++ {
		var m uint32
		for _, c := range sg.cells[i*sg.size : (i+1)*sg.size] {
			x := st[c]
			if x&(x-1) != 0 {
				m |= x
			}
		}
		u[i] = m
	}
	rest := n - sg.size
	// Claiming: in a line, a digit in one segment only.
	for line := 0; line < n; line++ {
		var once, twice uint32
		for j := 0; j < sg.k; j++ {
			m := u[line*sg.k+j]
			twice |= once & m
			once |= m
		}
		h := once &^ twice
		if h == 0 {
			continue
		}
		band := line / sg.per
		for j := 0; j < sg.k; j++ {
			seg := line*sg.k + j
			e := u[seg] & h
			if e == 0 {
				continue
			}
			// Only digits the rest of the box still has need a pass.
			var other uint32
			for l := band * sg.per; l < (band+1)*sg.per; l++ {
				if l != line {
					other |= u[l*sg.k+j]
				}
			}
			if e &= other; e != 0 {
				c, good := s.elim(st, sg.boxRest[seg*rest:(seg+1)*rest], e)
				if !good {
					return false, false
				}
				changed = changed || c
			}
		}
	}
	// Pointing: in a box, a digit in one of its segments along this
	// direction only.
	for band := 0; band < n/sg.per; band++ {
		for j := 0; j < sg.k; j++ {
			var once, twice uint32
			for l := band * sg.per; l < (band+1)*sg.per; l++ {
				m := u[l*sg.k+j]
				twice |= once & m
				once |= m
			}
			h := once &^ twice
			if h == 0 {
				continue
			}
			for l := band * sg.per; l < (band+1)*sg.per; l++ {
				seg := l*sg.k + j
				e := u[seg] & h
				if e == 0 {
					continue
				}
				// Only digits the rest of the line still has need a pass.
				var other uint32
				for jj := 0; jj < sg.k; jj++ {
					if jj != j {
						other |= u[l*sg.k+jj]
					}
				}
				if e &= other; e != 0 {
					c, good := s.elim(st, sg.lineRest[seg*rest:(seg+1)*rest], e)
					if !good {
						return false, false
					}
					changed = changed || c
				}
			}
		}
	}
	return changed, true
}

// elim removes the digits e from the unsolved cells listed.
func (s *search) elim(st []uint32, cells []int32, e uint32) (changed, ok bool) {
	for _, c := range cells {
		m := st[c]
		if m&e == 0 || m&(m-1) == 0 {
			continue
		}
		m &^= e
		if m == 0 {
			return false, false
		}
		st[c] = m
		s.mark(int(c))
		changed = true
		if m&(m-1) == 0 {
			s.queue = append(s.queue, c)
		}
	}
	return changed, true
}

// lockedFrom is the smallest grid side on which the search uses locked
// candidates.
const lockedFrom = 16
