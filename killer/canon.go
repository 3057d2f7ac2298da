package killer

import (
	"sync"
)

// The symmetries of a killer.
//
// A map keeps a killer the same puzzle when it maps the houses onto the
// houses and the cages, with their sums, onto cages: then the solutions
// of one are the solutions of the other, mapped, and a person solves both
// by the same steps. For a plain killer these are the maps of Sudoku's
// geometric group (band and stack permutations, row permutations within a
// band and column permutations within a stack, and the transposition
// where the boxes are square), each applied to the cells of the cages,
// together with the digit complement d -> N+1-d, which maps a cage of k
// cells and sum S to one of sum k(N+1)-S (the only digit relabelling that
// keeps every sum a sum: a cage's digits must map to digits with a fixed
// total). Other digit permutations are not symmetries of killers.
//
// A band or row permutation can break a cage into pieces that no longer
// touch (a cage crossing the boundary between two rows that the map
// separates), and the image is then no longer a killer as printed; where
// the image is a killer, it is the same puzzle, and where the group maps
// one valid killer onto another, the key collapses them. The key is
// computed over the whole group, so it depends on the orbit alone.
//
// For Killer-X the diagonals are houses too, and only the maps that send
// both diagonals onto the diagonals keep it: the row permutation p and the
// column permutation q with q = p (main diagonal onto itself) or q = r∘p
// (onto the anti-diagonal; r reverses the order), where p keeps the bands,
// the stacks and commutes with r, and the transposition on square boxes;
// 96 maps on 9x9 (times two with the complement).

// canonCode is one cell of the canonical sequence: the cell's cage label
// (cages numbered by first appearance, row by row), the cage's sum and the
// cell's given (0 for none), compared as a number.
type canonCode uint32

func makeCode(label uint8, sum int, given int8) canonCode {
	return canonCode(label)<<16 | canonCode(sum)<<8 | canonCode(given)
}

// canonInput is a puzzle as the key's search reads it.
type canonInput struct {
	n      int
	cageOf [MaxCells]uint8
	sums   [2][MaxCells]uint8 // by complement: the cage's sum as given, complemented
	givens [2][MaxCells]int8  // by complement
	square bool
}

func newCanonInput(p *Puzzle) *canonInput {
	g := p.Geo
	in := &canonInput{n: g.N, square: g.Shape.BoxRows == g.Shape.BoxCols}
	for k, cg := range p.Cages {
		in.sums[0][k] = uint8(cg.Sum)
		if !cg.Hidden() { // a hidden sum stays hidden under the complement
			in.sums[1][k] = uint8(len(cg.Cells)*(g.N+1) - cg.Sum)
		}
		for _, c := range cg.Cells {
			in.cageOf[c] = uint8(k)
		}
	}
	for c, v := range p.Givens {
		if v != 0 {
			in.givens[0][c] = v
			in.givens[1][c] = int8(g.N+1) - v
		}
	}
	return in
}

// src is the cell of the puzzle that the map (transposition t, then row
// rho and column sigma) puts at the position being filled.
func (in *canonInput) src(t bool, rho, sigma int) int {
	if t {
		return sigma*in.n + rho
	}
	return rho*in.n + sigma
}

// canonState is a partial image: the transposition, the complement, the
// column permutation and the rows chosen so far, with the labels handed
// out to the cages met so far (0: not met yet, else label+1).
type canonState struct {
	t, comp bool
	cols    *[MaxN]int8
	rows    [MaxN]int8
	nrows   int
	used    uint16 // rows taken
	next    uint8
	labels  [MaxCells]uint8
}

// rowCodes writes into out the codes of the output row filled from
// source row rho and compares them with bound (nil: no bound): -1, 0 or 1
// as the row is below, equal to or above it; at 1 it stops early and out
// is left partly written. s is not changed.
func (in *canonInput) rowCodes(s *canonState, rho int, out, bound []canonCode) int {
	var fresh [MaxN]uint8 // cages first met in this row, in order
	nf, cmp := 0, 0
	ci := 0
	if s.comp {
		ci = 1
	}
	for j := 0; j < in.n; j++ {
		cell := in.src(s.t, rho, int(s.cols[j]))
		k := in.cageOf[cell]
		lab := s.labels[k]
		if lab == 0 {
			for f := 0; f < nf; f++ {
				if fresh[f] == k {
					lab = s.next + uint8(f) + 1
					break
				}
			}
			if lab == 0 {
				fresh[nf] = k
				nf++
				lab = s.next + uint8(nf)
			}
		}
		out[j] = makeCode(lab-1, int(in.sums[ci][k]), in.givens[ci][cell])
		if cmp == 0 && bound != nil && out[j] != bound[j] {
			if out[j] > bound[j] {
				return 1
			}
			cmp = -1
		}
	}
	return cmp
}

// extend is s with source row rho appended (labels handed out).
func (in *canonInput) extend(s *canonState, rho int) canonState {
	e := *s
	for j := 0; j < in.n; j++ {
		k := in.cageOf[in.src(s.t, rho, int(s.cols[j]))]
		if e.labels[k] == 0 {
			e.next++
			e.labels[k] = e.next
		}
	}
	e.rows[e.nrows] = int8(rho)
	e.nrows++
	e.used |= 1 << rho
	return e
}

// CanonicalKey is a key of p under the killer's symmetry group (see the
// comment above): two killers get the same key exactly when a map of the
// group, with or without the complement, takes one onto the other. The
// key is the one-line cage-map form (FormatLine) of the image whose
// sequence of cells, row by row, each read as (cage label by first
// appearance, cage sum, given), is the smallest; it is a key, not always
// a printable killer (its cages may be in pieces, see above). p must pass
// Validate; nil or a puzzle without a geometry (the zero Puzzle) gives "".
func CanonicalKey(p *Puzzle) string {
	if p == nil || p.Geo == nil {
		return ""
	}
	in := newCanonInput(p)
	var best canonState
	if p.Geo.X {
		best = in.canonX(p.Geo)
	} else {
		best = in.canonSearch(p.Geo)
	}
	return in.keyOf(p.Geo, &best)
}

// canonSearch finds the smallest image over the geometric group and the
// complement, row by row: every transposition, complement and column
// permutation is a start; each level appends the source rows the band
// structure allows and keeps the partial images whose new row is the
// smallest. The order is lexicographic on the cell sequence and the
// labels of a prefix do not depend on what follows it, so a partial image
// above another can never end below it: the search is exact.
func (in *canonInput) canonSearch(g *Geometry) canonState {
	n, br := g.N, g.Shape.BoxRows
	cols := blockPerms(n, g.Shape.BoxCols)
	var cur, next []canonState
	var bestRow, row [MaxN]canonCode
	for level := 0; level < n; level++ {
		next = next[:0]
		have := false
		consider := func(s *canonState, rho int) {
			var bound []canonCode
			if have {
				bound = bestRow[:n]
			}
			c := in.rowCodes(s, rho, row[:n], bound)
			if !have {
				c = -1
			}
			if c > 0 {
				return
			}
			if c < 0 {
				next = next[:0]
				bestRow = row
				have = true
			}
			next = append(next, in.extend(s, rho))
		}
		each := func(s *canonState) {
			if level%br == 0 { // a new band: any row of a band not used yet
				bandMask := uint16(1)<<br - 1
				for rho := 0; rho < n; rho++ {
					if s.used&(bandMask<<(rho/br*br)) == 0 {
						consider(s, rho)
					}
				}
				return
			}
			band := int(s.rows[level-1]) / br * br
			for rho := band; rho < band+br; rho++ {
				if s.used>>rho&1 == 0 {
					consider(s, rho)
				}
			}
		}
		if level == 0 {
			for _, t := range []bool{false, true} {
				if t && !in.square {
					continue
				}
				for _, comp := range []bool{false, true} {
					for i := range cols {
						s := canonState{t: t, comp: comp, cols: &cols[i]}
						each(&s)
					}
				}
			}
		} else {
			for i := range cur {
				each(&cur[i])
			}
		}
		cur, next = next, cur
	}
	return cur[0]
}

// canonX finds the smallest image over the maps that keep the diagonals.
func (in *canonInput) canonX(g *Geometry) canonState {
	n := g.N
	var best canonState
	var bestSeq, seq [MaxCells]canonCode
	have := false
	for _, m := range xMaps(g) {
		for _, t := range []bool{false, true} {
			if t && !in.square {
				continue
			}
			for _, comp := range []bool{false, true} {
				s := canonState{t: t, comp: comp, cols: &m[1]}
				c := 0 // the image so far against the best: -1 below, 0 equal
				for i := 0; i < n; i++ {
					var bound []canonCode
					if have && c == 0 {
						bound = bestSeq[i*n : (i+1)*n]
					}
					r := in.rowCodes(&s, int(m[0][i]), seq[i*n:(i+1)*n], bound)
					if r > 0 {
						c = 1
						break
					}
					if bound != nil {
						c = r
					}
					s = in.extend(&s, int(m[0][i]))
				}
				if !have || c < 0 {
					best, bestSeq, have = s, seq, true
				}
			}
		}
	}
	return best
}

// keyOf writes the image of state s as its one-line cage-map form.
func (in *canonInput) keyOf(g *Geometry, s *canonState) string {
	q := &Puzzle{Geo: g}
	q.Cages = make([]Cage, s.next)
	ci := 0
	if s.comp {
		ci = 1
	}
	hasGivens := false
	for i := 0; i < g.N; i++ {
		for j := 0; j < g.N; j++ {
			cell := in.src(s.t, int(s.rows[i]), int(s.cols[j]))
			k := in.cageOf[cell]
			cg := &q.Cages[s.labels[k]-1]
			cg.Sum = int(in.sums[ci][k])
			cg.Cells = append(cg.Cells, i*g.N+j)
			if v := in.givens[ci][cell]; v != 0 {
				if !hasGivens {
					q.Givens = make([]int8, g.Cells)
					hasGivens = true
				}
				q.Givens[i*g.N+j] = v
			}
		}
	}
	return format(q, "", keyLabels)
}

var (
	permMu    sync.Mutex
	permCache = map[[2]int][][MaxN]int8{}
	xCache    = map[sudoku2][][2][MaxN]int8{}
)

type sudoku2 struct{ br, bc int }

// blockPerms lists the permutations of 0..n-1 that keep the blocks of g
// consecutive values (bands of g rows, stacks of g columns): every
// permutation of the blocks with every permutation within each block. The
// list is built once per (n, g) and shared.
func blockPerms(n, g int) [][MaxN]int8 {
	permMu.Lock()
	defer permMu.Unlock()
	if ps, ok := permCache[[2]int{n, g}]; ok {
		return ps
	}
	blocks := n / g
	var out [][MaxN]int8
	blockOrders := permutations(blocks)
	inner := permutations(g)
	var rec func(b int, cur [MaxN]int8, order []int)
	rec = func(b int, cur [MaxN]int8, order []int) {
		if b == blocks {
			out = append(out, cur)
			return
		}
		for _, in := range inner {
			for i := 0; i < g; i++ {
				cur[b*g+i] = int8(order[b]*g + in[i])
			}
			rec(b+1, cur, order)
		}
	}
	for _, order := range blockOrders {
		rec(0, [MaxN]int8{}, order)
	}
	permCache[[2]int{n, g}] = out
	return out
}

// permutations lists the permutations of 0..k-1.
func permutations(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(k - 1) {
		for i := 0; i <= len(p); i++ {
			q := make([]int, 0, k)
			q = append(q, p[:i]...)
			q = append(q, k-1)
			q = append(q, p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// xMaps lists the (row permutation, column permutation) pairs that keep
// the houses of a Killer-X on g, the diagonals included (see the comment
// above): p keeps the bands and the stacks and commutes with the
// reversal r; the columns take p or r∘p.
func xMaps(g *Geometry) [][2][MaxN]int8 {
	key := sudoku2{g.Shape.BoxRows, g.Shape.BoxCols}
	permMu.Lock()
	if ms, ok := xCache[key]; ok {
		permMu.Unlock()
		return ms
	}
	permMu.Unlock()
	n := g.N
	keeps := func(p [MaxN]int8, block int) bool {
		for i := 0; i < n; i++ {
			if int(p[i])/block != int(p[i/block*block])/block {
				return false
			}
		}
		return true
	}
	var out [][2][MaxN]int8
	for _, p := range blockPerms(n, g.Shape.BoxRows) {
		if !keeps(p, g.Shape.BoxCols) {
			continue
		}
		ok := true
		var rp [MaxN]int8
		for i := 0; i < n; i++ {
			ok = ok && int(p[n-1-i]) == n-1-int(p[i])
			rp[i] = int8(n-1) - p[i]
		}
		if ok {
			out = append(out, [2][MaxN]int8{p, p}, [2][MaxN]int8{p, rp})
		}
	}
	permMu.Lock()
	xCache[key] = out
	permMu.Unlock()
	return out
}
