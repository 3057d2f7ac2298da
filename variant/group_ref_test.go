package variant

// This file keeps the line-group search as it was before the incremental
// element check (main at ed566a7), unchanged but for its names, as the
// reference the faster search must equal element by element.

import "math/rand/v2"

// refLineGroup lists the line-preserving automorphisms of d: maps that send
// rows to rows (or, with a transposition, to columns) and columns to
// columns (rows), i.e. a row permutation f and a column permutation g,
// optionally after transposing, that map every house onto a house, every
// sees pair onto a sees pair, every rule pair onto a rule pair and used
// cells onto used cells. Each element is returned as a cell permutation
// (source cell -> image cell), the identity first.
func refLineGroup(d *Data) ([][]int, error) {
	keys := newStructKeys(d)
	var out [][]int
	s := &refGroupSearch{dst: d, keys: keys}
	s.prepareTarget()
	for _, t := range []bool{false, true} {
		if t && d.Rows != d.Cols {
			continue
		}
		src := *d
		if t {
			src = refTransposeData(d)
		}
		s.src = &src
		s.transposed = t
		s.prepareSource()
		if err := s.run(func(perm []int) error {
			if len(out) >= maxGroup {
				return errGroupTooLarge
			}
			out = append(out, perm)
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// refTransposeData returns d with every cell (r, c) moved to (c, r).
func refTransposeData(d *Data) Data {
	n := d.Rows
	tr := func(c int) int { return c%n*n + c/n }
	t := Data{Rows: d.Cols, Cols: d.Rows, N: d.N, HouseKinds: d.HouseKinds}
	if d.Mask != nil {
		t.Mask = make([]bool, len(d.Mask))
		for i, u := range d.Mask {
			t.Mask[tr(i)] = u
		}
	}
	for _, h := range d.Houses {
		th := make([]int, len(h))
		for i, c := range h {
			th[i] = tr(c)
		}
		t.Houses = append(t.Houses, th)
	}
	for _, p := range d.Sees {
		t.Sees = append(t.Sees, [2]int{tr(p[0]), tr(p[1])})
	}
	for _, p := range d.Pairs {
		t.Pairs = append(t.Pairs, Pair{tr(p.A), tr(p.B), p.Rule})
	}
	return t
}

// refGroupSearch finds the (f, g) line maps from src's structure onto dst's.
// It assigns row 0, column 0, row 1, column 1, ... in turn; a new row is
// pruned by the row profiles of the elements that end there, and every new
// row or column by the cells already mapped: each element's mapped cells
// must lie inside one element of the target.
type refGroupSearch struct {
	src, dst   *Data
	keys       *structKeys
	transposed bool
	nodes      int

	// target: per family, per cell, the bitset of elements holding it;
	// the row profiles of its elements (sums of random row keys).
	inc      [3][][]uint64
	profiles map[uint64]bool
	zrow     []uint64

	// source: elements per family, by the row where they end, by the rows
	// and by the columns they touch.
	elems    [3][][]int
	byMaxRow [][]refElemRef
	byRow    [][]refElemRef
	byCol    [][]refElemRef

	f, g    []int
	nr, nc  int // rows and columns assigned so far
	rowUsed []bool
	colUsed []bool
	and     []uint64
}

type refElemRef struct{ fam, e int32 }

func refFamilies(d *Data) [3][][]int {
	var fs [3][][]int
	fs[0] = d.Houses
	for _, p := range d.Sees {
		fs[1] = append(fs[1], []int{p[0], p[1]})
	}
	for _, p := range d.Pairs {
		fs[2] = append(fs[2], []int{p.A, p.B})
	}
	return fs
}

// profile is the row profile of cells under row map f (nil: identity):
// the sum of the rows' random keys, tagged with the family.
func (s *refGroupSearch) profile(fam int, cells []int, cols int, f []int) uint64 {
	sum := uint64(fam) * 0x9e3779b97f4a7c15
	for _, c := range cells {
		r := c / cols
		if f != nil {
			r = f[r]
		}
		sum += s.zrow[r]
	}
	return sum
}

func (s *refGroupSearch) prepareTarget() {
	d := s.dst
	rng := rand.New(rand.NewPCG(0x9e37, uint64(d.Rows)))
	s.zrow = make([]uint64, max(d.Rows, d.Cols))
	for i := range s.zrow {
		s.zrow[i] = rng.Uint64()
	}
	fs := refFamilies(d)
	s.profiles = map[uint64]bool{}
	for fam, es := range fs {
		words := (len(es) + 63) / 64
		inc := make([][]uint64, d.Rows*d.Cols)
		for i := range inc {
			inc[i] = make([]uint64, words)
		}
		for e, cells := range es {
			for _, c := range cells {
				inc[c][e/64] |= 1 << (e % 64)
			}
			s.profiles[s.profile(fam, cells, d.Cols, nil)] = true
		}
		s.inc[fam] = inc
	}
	s.and = make([]uint64, 64)
}

func (s *refGroupSearch) prepareSource() {
	d := s.src
	s.elems = refFamilies(d)
	s.byMaxRow = make([][]refElemRef, d.Rows)
	s.byRow = make([][]refElemRef, d.Rows)
	s.byCol = make([][]refElemRef, d.Cols)
	for fam, es := range s.elems {
		for e, cells := range es {
			maxRow := 0
			rows, cols := map[int]bool{}, map[int]bool{}
			for _, c := range cells {
				maxRow = max(maxRow, c/d.Cols)
				rows[c/d.Cols] = true
				cols[c%d.Cols] = true
			}
			ref := refElemRef{int32(fam), int32(e)}
			s.byMaxRow[maxRow] = append(s.byMaxRow[maxRow], ref)
			for r := range rows {
				s.byRow[r] = append(s.byRow[r], ref)
			}
			for c := range cols {
				s.byCol[c] = append(s.byCol[c], ref)
			}
		}
	}
	s.f = make([]int, d.Rows)
	s.g = make([]int, d.Cols)
	s.rowUsed = make([]bool, d.Rows)
	s.colUsed = make([]bool, d.Cols)
	s.nr, s.nc = 0, 0
}

func (s *refGroupSearch) run(emit func([]int) error) error { return s.step(emit) }

// step assigns the next row or column (alternating while both remain).
func (s *refGroupSearch) step(emit func([]int) error) error {
	src, dst := s.src, s.dst
	if s.nr == src.Rows && s.nc == src.Cols {
		n := dst.Rows * dst.Cols
		perm := make([]int, n)
		for i := range n {
			r, col := i/dst.Cols, i%dst.Cols
			if s.transposed {
				r, col = col, r
			}
			perm[i] = s.f[r]*dst.Cols + s.g[col]
		}
		if !s.keys.maps(dst, perm) {
			return nil // cannot happen: every element was matched
		}
		return emit(perm)
	}
	doRow := s.nr < src.Rows && (s.nr <= s.nc || s.nc == src.Cols)
	if doRow {
		r := s.nr
		for t := range dst.Rows {
			if s.rowUsed[t] {
				continue
			}
			if s.nodes++; s.nodes > maxNodes {
				return errGroupTooLarge
			}
			s.f[r] = t
			s.nr = r + 1
			ok := s.maskFits(r, -1) && s.rowFits(r)
			if ok {
				s.rowUsed[t] = true
				err := s.step(emit)
				s.rowUsed[t] = false
				if err != nil {
					return err
				}
			}
			s.nr = r
		}
		return nil
	}
	c := s.nc
	for t := range dst.Cols {
		if s.colUsed[t] {
			continue
		}
		if s.nodes++; s.nodes > maxNodes {
			return errGroupTooLarge
		}
		s.g[c] = t
		s.nc = c + 1
		if s.maskFits(-1, c) && s.fits(s.byCol[c]) {
			s.colUsed[t] = true
			err := s.step(emit)
			s.colUsed[t] = false
			if err != nil {
				return err
			}
		}
		s.nc = c
	}
	return nil
}

// rowFits checks the new row r: row profiles of the elements ending there,
// used cells kept used, mapped cells inside one element.
func (s *refGroupSearch) rowFits(r int) bool {
	for _, ref := range s.byMaxRow[r] {
		if !s.profiles[s.profile(int(ref.fam), s.elems[ref.fam][ref.e], s.src.Cols, s.f)] {
			return false
		}
	}
	return s.fits(s.byRow[r])
}

// fits checks, for the elements refs, that the mapped cells (row and
// column assigned) keep used cells used and lie inside one target element.
func (s *refGroupSearch) fits(refs []refElemRef) bool {
	src, dst := s.src, s.dst
	for _, ref := range refs {
		inc := s.inc[ref.fam]
		words := len(inc[0])
		and := s.and[:0]
		first := true
		for _, cell := range s.elems[ref.fam][ref.e] {
			r, col := cell/src.Cols, cell%src.Cols
			if r >= s.nr || col >= s.nc {
				continue
			}
			img := s.f[r]*dst.Cols + s.g[col]
			if first {
				and = append(and, inc[img]...)
				first = false
				continue
			}
			for w := range words {
				and[w] &= inc[img][w]
			}
		}
		s.and = and
		if first {
			continue
		}
		any := false
		for _, w := range and {
			any = any || w != 0
		}
		if !any {
			return false
		}
	}
	return true
}

// maskFits checks that the newly mapped cells of row r (or column c, the
// other argument -1) keep used cells used and unused cells unused.
func (s *refGroupSearch) maskFits(r, c int) bool {
	src, dst := s.src, s.dst
	if src.Mask == nil {
		return true
	}
	check := func(r, c int) bool {
		return src.Mask[r*src.Cols+c] == dst.Mask[s.f[r]*dst.Cols+s.g[c]]
	}
	if r >= 0 {
		for c := range s.nc {
			if !check(r, c) {
				return false
			}
		}
		return true
	}
	for r := range s.nr {
		if !check(r, c) {
			return false
		}
	}
	return true
}
