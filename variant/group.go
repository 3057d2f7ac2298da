package variant

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// structKeys recognises the structure of plain geometry data under a cell
// permutation: each house, sees pair and rule pair is summed from random
// 64-bit cell keys, so an image is found by one map lookup.
type structKeys struct {
	z      []uint64
	houses map[uint64]bool
	sees   map[uint64]bool
	pairs  map[uint64]bool
}

func newStructKeys(d *Data) *structKeys {
	rng := rand.New(rand.NewPCG(0x5eed, uint64(d.Rows*d.Cols)))
	k := &structKeys{z: make([]uint64, d.Rows*d.Cols), houses: map[uint64]bool{}, sees: map[uint64]bool{}, pairs: map[uint64]bool{}}
	for i := range k.z {
		k.z[i] = rng.Uint64()
	}
	for _, h := range d.Houses {
		var s uint64
		for _, c := range h {
			s += k.z[c]
		}
		k.houses[s] = true
	}
	for _, p := range d.Sees {
		k.sees[k.z[p[0]]+k.z[p[1]]] = true
	}
	for _, p := range d.Pairs {
		k.pairs[k.z[p.A]+k.z[p.B]+uint64(p.Rule)] = true
	}
	return k
}

// maps reports whether the cell permutation p (source cell -> image cell)
// maps the structure of d onto the structure k was built from.
func (k *structKeys) maps(d *Data, p []int) bool {
	for i := range p {
		if (d.Mask == nil || d.Mask[i]) != (d.Mask == nil || d.Mask[p[i]]) {
			return false
		}
	}
	for _, h := range d.Houses {
		var s uint64
		for _, c := range h {
			s += k.z[p[c]]
		}
		if !k.houses[s] {
			return false
		}
	}
	for _, q := range d.Sees {
		if !k.sees[k.z[p[q[0]]]+k.z[p[q[1]]]] {
			return false
		}
	}
	for _, q := range d.Pairs {
		if !k.pairs[k.z[p[q.A]]+k.z[p[q.B]]+uint64(q.Rule)] {
			return false
		}
	}
	return true
}

// keys returns g's structure keys, built on first use (held by g, so a
// jigsaw geometry made per puzzle takes its keys with it).
func (g *Geometry) keys() *structKeys {
	g.keysOnce.Do(func() { g.keysVal = newStructKeys(&g.data) })
	return g.keysVal
}

// isAutomorphism reports whether cell permutation p maps g onto itself.
func (g *Geometry) isAutomorphism(p []int) bool {
	return g.keys().maps(&g.data, p)
}

// errGroupTooLarge stops the group search on boards whose line-preserving
// group is too large to list (Samurai).
var errGroupTooLarge = errors.New("symmetry group too large to list")

// maxGroup bounds the listed group; maxNodes the search for it.
const (
	maxGroup = 1 << 16
	maxNodes = 4 << 20
)

// lineGroup lists the line-preserving automorphisms of d: maps that send
// rows to rows (or, with a transposition, to columns) and columns to
// columns (rows), i.e. a row permutation f and a column permutation g,
// optionally after transposing, that map every house onto a house, every
// sees pair onto a sees pair, every rule pair onto a rule pair and used
// cells onto used cells. Each element is returned as a cell permutation
// (source cell -> image cell), the identity first.
func lineGroup(d *Data) ([][]int, error) {
	keys := newStructKeys(d)
	var out [][]int
	s := &groupSearch{dst: d, keys: keys}
	s.prepareTarget()
	for _, t := range []bool{false, true} {
		if t && d.Rows != d.Cols {
			continue
		}
		src := *d
		if t {
			src = transposeData(d)
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

// transposeData returns d with every cell (r, c) moved to (c, r).
func transposeData(d *Data) Data {
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

// groupSearch finds the (f, g) line maps from src's structure onto dst's.
// It assigns row 0, column 0, row 1, column 1, ... in turn; a new row is
// pruned by the row profiles of the elements that end there, and every new
// row or column by the cells already mapped: each element's mapped cells
// must lie inside one element of the target.
type groupSearch struct {
	src, dst   *Data
	keys       *structKeys
	transposed bool
	nodes      int

	// target: per family, per cell, the bitset of elements holding it;
	// the row profiles of its elements (sums of random row keys).
	inc      [3][]uint64 // cell c's set: inc[fam][c*words[fam]:][:words[fam]]
	profiles map[uint64]bool
	zrow     []uint64

	// source: elements per family, by the row where they end.
	elems    [3][][]int
	byMaxRow [][]elemRef

	f, g    []int
	nr, nc  int // rows and columns assigned so far
	rowUsed []bool
	colUsed []bool

	// rowOK[r*dst.Rows+t] (colOK for columns) is false when source row r
	// cannot map to target row t: their line signatures differ.
	rowOK, colOK []bool

	// cellRefs lists, per source cell, the elements holding it. acc holds,
	// per element, the AND of the target sets of the element's mapped
	// cells (all ones while none is mapped), words[fam] words from the
	// element's offset; undo logs the words changed, restored on
	// backtracking.
	cellRefs [][]accRef
	acc      []uint64
	words    [3]int
	undo     []undoWord
}

// accRef names an element's running AND: its family and offset in acc.
type accRef struct{ fam, at int32 }

// undoWord is one word of acc as it was before a change.
type undoWord struct {
	at  int32
	old uint64
}

type elemRef struct{ fam, e int32 }

func families(d *Data) [3][][]int {
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
func (s *groupSearch) profile(fam int, cells []int, cols int, f []int) uint64 {
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

func (s *groupSearch) prepareTarget() {
	d := s.dst
	rng := rand.New(rand.NewPCG(0x9e37, uint64(d.Rows)))
	s.zrow = make([]uint64, max(d.Rows, d.Cols))
	for i := range s.zrow {
		s.zrow[i] = rng.Uint64()
	}
	fs := families(d)
	s.profiles = map[uint64]bool{}
	for fam, es := range fs {
		words := (len(es) + 63) / 64
		inc := make([]uint64, d.Rows*d.Cols*words)
		for e, cells := range es {
			for _, c := range cells {
				inc[c*words+e/64] |= 1 << (e % 64)
			}
			s.profiles[s.profile(fam, cells, d.Cols, nil)] = true
		}
		s.inc[fam] = inc
		s.words[fam] = words
	}
}

func (s *groupSearch) prepareSource() {
	d := s.src
	s.elems = families(d)
	s.byMaxRow = make([][]elemRef, d.Rows)
	for fam, es := range s.elems {
		for e, cells := range es {
			maxRow := 0
			for _, c := range cells {
				maxRow = max(maxRow, c/d.Cols)
			}
			s.byMaxRow[maxRow] = append(s.byMaxRow[maxRow], elemRef{int32(fam), int32(e)})
		}
	}
	s.cellRefs = make([][]accRef, d.Rows*d.Cols)
	s.acc = s.acc[:0]
	for fam, es := range s.elems {
		for _, cells := range es {
			at := int32(len(s.acc))
			for _, c := range cells {
				s.cellRefs[c] = append(s.cellRefs[c], accRef{int32(fam), at})
			}
			for range s.words[fam] {
				s.acc = append(s.acc, ^uint64(0))
			}
		}
	}
	s.undo = s.undo[:0]
	srcRows, srcCols := lineSignatures(d, s.elems)
	dstRows, dstCols := lineSignatures(s.dst, families(s.dst))
	s.rowOK = lineMatches(srcRows, dstRows)
	s.colOK = lineMatches(srcCols, dstCols)
	s.f = make([]int, d.Rows)
	s.g = make([]int, d.Cols)
	s.rowUsed = make([]bool, d.Rows)
	s.colUsed = make([]bool, d.Cols)
	s.nr, s.nc = 0, 0
}

// lineSignatures returns a signature of each row and each column of d
// that every line map sending d onto a target keeps: the multiset, over
// the distinct elements (of families fs, as cell sets: a map sends the
// set of a family's elements onto itself) meeting the line, of the element's family,
// size, rows and columns touched and cells on the line, and the number of
// used cells on the line, summed as mixed 64-bit hashes.
func lineSignatures(d *Data, fs [3][][]int) (rows, cols []uint64) {
	rows = make([]uint64, d.Rows)
	cols = make([]uint64, d.Cols)
	onRow := make([]int, d.Rows)
	onCol := make([]int, d.Cols)
	for fam, es := range fs {
		for _, cells := range distinctSets(es) {
			clear(onRow)
			clear(onCol)
			nr, nc := 0, 0
			for _, c := range cells {
				r, col := c/d.Cols, c%d.Cols
				if onRow[r] == 0 {
					nr++
				}
				if onCol[col] == 0 {
					nc++
				}
				onRow[r]++
				onCol[col]++
			}
			base := uint64(fam)<<48 | uint64(len(cells))<<32 | uint64(nr)<<16 | uint64(nc)
			for r, k := range onRow {
				if k > 0 {
					rows[r] += mix64(base<<8 | uint64(k))
				}
			}
			for c, k := range onCol {
				if k > 0 {
					cols[c] += mix64(base<<8 | uint64(k) | 1<<63)
				}
			}
		}
	}
	if d.Mask != nil {
		for i, u := range d.Mask {
			if u {
				rows[i/d.Cols] += 0x9e3779b97f4a7c15
				cols[i%d.Cols] += 0x9e3779b97f4a7c15
			}
		}
	}
	return rows, cols
}

// distinctSets returns the distinct cell sets among es.
func distinctSets(es [][]int) [][]int {
	seen := map[string]bool{}
	var out [][]int
	for _, cells := range es {
		c := slices.Clone(cells)
		slices.Sort(c)
		key := fmt.Sprint(c)
		if !seen[key] {
			seen[key] = true
			out = append(out, c)
		}
	}
	return out
}

// mix64 is the splitmix64 finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// lineMatches returns ok[i*len(dst)+j]: source line i and target line j
// have the same signature.
func lineMatches(src, dst []uint64) []bool {
	ok := make([]bool, len(src)*len(dst))
	for i, a := range src {
		for j, b := range dst {
			ok[i*len(dst)+j] = a == b
		}
	}
	return ok
}

func (s *groupSearch) run(emit func([]int) error) error { return s.step(emit) }

// step assigns the next row or column (alternating while both remain).
func (s *groupSearch) step(emit func([]int) error) error {
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
			if !s.rowOK[r*dst.Rows+t] {
				continue
			}
			s.f[r] = t
			s.nr = r + 1
			mark := len(s.undo)
			ok := s.maskFits(r, -1) && s.rowFits(r) && s.mapLine(r, -1)
			if ok {
				s.rowUsed[t] = true
				err := s.step(emit)
				s.rowUsed[t] = false
				if err != nil {
					return err
				}
			}
			s.restore(mark)
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
		if !s.colOK[c*dst.Cols+t] {
			continue
		}
		s.g[c] = t
		s.nc = c + 1
		mark := len(s.undo)
		if s.maskFits(-1, c) && s.mapLine(-1, c) {
			s.colUsed[t] = true
			err := s.step(emit)
			s.colUsed[t] = false
			if err != nil {
				return err
			}
		}
		s.restore(mark)
		s.nc = c
	}
	return nil
}

// rowFits checks the row profiles of the elements ending at the new row r.
func (s *groupSearch) rowFits(r int) bool {
	for _, ref := range s.byMaxRow[r] {
		if !s.profiles[s.profile(int(ref.fam), s.elems[ref.fam][ref.e], s.src.Cols, s.f)] {
			return false
		}
	}
	return true
}

// mapLine adds the cells newly mapped by row r (or column c, the other
// argument -1) to the running AND of each element holding them, and
// reports whether every such element's mapped cells still lie inside one
// target element. The elements without new cells kept theirs when they
// last changed, so this is the whole check (the search before kept it as
// fits, recomputed over every mapped cell of every element on the line).
// Changes are logged for restore, also on failure.
func (s *groupSearch) mapLine(r, c int) bool {
	src, dst := s.src, s.dst
	n := s.nc
	if r < 0 {
		n = s.nr
	}
	for k := range n {
		row, col := r, k
		if r < 0 {
			row, col = k, c
		}
		img := s.f[row]*dst.Cols + s.g[col]
		for _, ref := range s.cellRefs[row*src.Cols+col] {
			w := s.words[ref.fam]
			inc := s.inc[ref.fam][img*w : img*w+w]
			acc := s.acc[ref.at : int(ref.at)+w]
			var any uint64
			for i := range acc {
				s.undo = append(s.undo, undoWord{ref.at + int32(i), acc[i]})
				acc[i] &= inc[i]
				any |= acc[i]
			}
			if any == 0 {
				return false
			}
		}
	}
	return true
}

// restore undoes the running-AND changes logged after mark.
func (s *groupSearch) restore(mark int) {
	for i := len(s.undo) - 1; i >= mark; i-- {
		s.acc[s.undo[i].at] = s.undo[i].old
	}
	s.undo = s.undo[:mark]
}

// maskFits checks that the newly mapped cells of row r (or column c, the
// other argument -1) keep used cells used and unused cells unused.
func (s *groupSearch) maskFits(r, c int) bool {
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
