package sudoku

import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// solverBand is the 9x9 engine's method for every shape whose band (one row
// of boxes) fits a 64-bit word: 4x4, 6x6, 8x8, 12x12 and 16x16. For each
// digit d and band b the word f[d*4+b] holds the cells of the band where d
// may go, bit (row in band)*N + column. A band has as many rows as boxes
// (BoxRows = N/BoxCols), so a digit's minirows (row x box) form a square
// pattern whose surviving minirows must lie on a row-to-box permutation; the
// columns across bands give pointing and claiming; naked singles come from
// bitwise counting over the digit words. See solver9.go for the same rules
// on fixed 9x9 tables.
type solverBand struct {
	*bandTables
	st        stateBand
	stack     []stateBand
	rng       *rand.Rand
	nodesLeft int    // branch budget; negative: none
	each      func() // called with every solution written to sol (Solutions)
}

// bandTables are the immutable tables of one shape, shared by its solvers.
type bandTables struct {
	n, br, bc, nb int // side, rows per band (= boxes per band), box columns, bands
	rowFull       uint64
	bandFull      uint64
	rowRep        uint64   // one bit per band row at column 0: cols*rowRep repeats cols in every row
	groupMask     uint64   // the BoxCols low bits
	shrink        []uint16 // minirow pattern (bit r*br+k) → minirows on a fitting permutation
	boxExpand     []uint64 // set of boxes → their columns, as a row mask
	peers         [64]uint64
	rowBoxes      []uint8  // N-bit row → boxes holding a candidate
	lockedT       []uint16 // column projection → columns alone in their box group
	claimT        []uint16 // columns only this band can hold → columns allowed
}

var (
	bandMu    sync.Mutex
	bandCache = map[Shape]*bandTables{}
)

// bandFits reports whether the band engine serves shape s.
func bandFits(s Shape) bool { return s.BoxRows*s.N() <= 64 && s.N() <= 16 }

type stateBand struct {
	f        [64]uint64 // f[d*4+b]
	unsolved [4]uint64
	dirty    uint64 // bit d*4+b: word changed since last processed
}

func newSolverBand(g *Geometry) *solverBand {
	bandMu.Lock()
	t := bandCache[g.Shape]
	if t == nil {
		t = newBandTables(g)
		bandCache[g.Shape] = t
	}
	bandMu.Unlock()
	return &solverBand{bandTables: t, stack: make([]stateBand, 0, 16)}
}

func newBandTables(g *Geometry) *bandTables {
	n, br, bc := g.N, g.BoxRows, g.BoxCols
	s := &bandTables{n: n, br: br, bc: bc, nb: n / br}
	s.rowFull = 1<<n - 1
	s.bandFull = ^uint64(0) >> (64 - br*n)
	for r := 0; r < br; r++ {
		s.rowRep |= 1 << (r * n)
	}
	s.groupMask = 1<<bc - 1
	s.boxExpand = make([]uint64, 1<<br)
	for m := range s.boxExpand {
		for k := 0; k < br; k++ {
			if m>>k&1 != 0 {
				s.boxExpand[m] |= s.groupMask << (k * bc)
			}
		}
	}
	// Row-to-box permutations of br rows.
	var perms [][]int
	var gen func(p []int, used int)
	gen = func(p []int, used int) {
		if len(p) == br {
			perms = append(perms, append([]int(nil), p...))
			return
		}
		for k := 0; k < br; k++ {
			if used>>k&1 == 0 {
				gen(append(p, k), used|1<<k)
			}
		}
	}
	gen(nil, 0)
	s.shrink = make([]uint16, 1<<(br*br))
	for _, p := range perms {
		var on uint16
		for r, k := range p {
			on |= 1 << (r*br + k)
		}
		// Every superset pattern of on keeps on.
		for m := range s.shrink {
			if uint16(m)&on == on {
				s.shrink[m] |= on
			}
		}
	}
	s.rowBoxes = make([]uint8, 1<<n)
	s.lockedT = make([]uint16, 1<<n)
	s.claimT = make([]uint16, 1<<n)
	for m := range s.rowBoxes {
		for k := 0; k < br; k++ {
			if uint64(m)>>(k*bc)&s.groupMask != 0 {
				s.rowBoxes[m] |= 1 << k
			}
		}
		s.lockedT[m] = uint16(s.locked(uint64(m)))
		s.claimT[m] = uint16(s.claim(uint64(m)))
	}
	for p := 0; p < br*n; p++ {
		r, c := p/n, p%n
		for q := 0; q < br*n; q++ {
			if q != p && (q/n == r || q%n/bc == c/bc) {
				s.peers[p] |= 1 << q
			}
		}
	}
	return s
}

// proj is the set of columns holding a candidate in band word x.
func (s *bandTables) proj(x uint64) uint64 {
	p := x
	for r := 1; r < s.br; r++ {
		p |= x >> (r * s.n)
	}
	return p & s.rowFull
}

// locked returns the columns alone in their box group in projection p.
func (s *bandTables) locked(p uint64) uint64 {
	var l uint64
	for k := 0; k < s.br; k++ {
		g := p >> (k * s.bc) & s.groupMask
		if g != 0 && g&(g-1) == 0 {
			l |= g << (k * s.bc)
		}
	}
	return l
}

// claim returns the columns allowed in a band given the columns that only
// it can hold: in a box group with one such column, that column alone; with
// two or more, none (a contradiction); with none, all.
func (s *bandTables) claim(excl uint64) uint64 {
	if excl == 0 {
		return s.rowFull
	}
	var a uint64
	for k := 0; k < s.br; k++ {
		g := excl >> (k * s.bc) & s.groupMask
		switch {
		case g == 0:
			a |= s.groupMask << (k * s.bc)
		case g&(g-1) == 0:
			a |= g << (k * s.bc)
		}
	}
	return a
}

func (s *solverBand) load(puzzle []uint8, avoidCell int, avoidValue uint8) bool {
	n, br, nb := s.n, s.br, s.nb
	if len(puzzle) != n*n {
		return false
	}
	st := &s.st
	var given [64]uint64
	var occ [4]uint64
	bandCells := br * n
	for b := 0; b < nb; b++ {
		for pos, v := range puzzle[b*bandCells : (b+1)*bandCells] {
			if v == 0 {
				continue
			}
			if int(v) > n {
				return false
			}
			given[int(v-1)*4+b] |= 1 << pos
			occ[b] |= 1 << pos
		}
	}
	st.unsolved = [4]uint64{}
	for b := 0; b < nb; b++ {
		st.unsolved[b] = s.bandFull &^ occ[b]
	}
	st.f = [64]uint64{}
	for d := 0; d < n; d++ {
		var cols, all uint64
		var colsOf [4]uint64
		for b := 0; b < nb; b++ {
			g := given[d*4+b]
			var peers uint64
			for m := g; m != 0; m &= m - 1 {
				peers |= s.peers[bits.TrailingZeros64(m)]
			}
			if g&peers != 0 {
				return false // two givens in one row or box
			}
			c := s.proj(g)
			if all&c != 0 {
				return false // two givens in one column
			}
			all |= c
			colsOf[b] = c
			st.f[d*4+b] = (st.unsolved[b] | g) &^ peers
		}
		for b := 0; b < nb; b++ {
			cols = all &^ colsOf[b]
			st.f[d*4+b] &^= cols * s.rowRep
		}
	}
	st.dirty = 0
	for d := 0; d < n; d++ {
		st.dirty |= (1<<nb - 1) << (d * 4)
	}
	if avoidCell >= 0 && avoidCell < n*n && avoidValue >= 1 && int(avoidValue) <= n {
		if puzzle[avoidCell] == avoidValue {
			return false
		}
		st.f[int(avoidValue-1)*4+avoidCell/bandCells] &^= 1 << (avoidCell % bandCells)
	}
	return true
}

// place fixes digit d at position pos of band b.
func (s *solverBand) place(d, b int, pos int) {
	bit := uint64(1) << pos
	st := &s.st
	for e := 0; e < s.n; e++ {
		if e != d && st.f[e*4+b]&bit != 0 {
			st.f[e*4+b] &^= bit
			st.dirty |= 1 << (e*4 + b)
		}
	}
	st.f[d*4+b] &^= s.peers[pos]
	st.unsolved[b] &^= bit
	st.dirty |= 1 << (d*4 + b)
}

// digit brings digit d's band words to a fixed point of the band and column
// rules. It reports false on a contradiction.
func (s *solverBand) digit(d int) bool {
	st := &s.st
	n, br, nb := s.n, s.br, s.nb
	w := (*[4]uint64)(st.f[d*4 : d*4+4])
	todo := st.dirty >> (4 * d) & 15
	st.dirty &^= 15 << (4 * d)
	for {
		for ; todo != 0; todo &= todo - 1 {
			b := bits.TrailingZeros64(todo)
			x := w[b]
			var p uint
			for r := 0; r < br; r++ {
				p |= uint(s.rowBoxes[x>>(r*n)&s.rowFull]) << (r * br)
			}
			a := uint64(s.shrink[p])
			if a == 0 {
				return false
			}
			var keep, single uint64
			for r := 0; r < br; r++ {
				m := s.boxExpand[a>>(r*br)&(1<<br-1)] << (r * n)
				keep |= m
				if row := x & m; row&(row-1) == 0 {
					single |= row
				}
			}
			x &= keep
			if nw := single & st.unsolved[b]; nw != 0 {
				st.unsolved[b] &^= nw
				for e := 0; e < n; e++ {
					if e != d && st.f[e*4+b]&nw != 0 {
						st.f[e*4+b] &^= nw
						st.dirty |= 1 << (e*4 + b)
					}
				}
			}
			w[b] = x
		}
		var p, l [4]uint64
		var all, twice, lAll, lTwice uint64
		for b := 0; b < nb; b++ {
			p[b] = s.proj(w[b])
			l[b] = uint64(s.lockedT[p[b]])
			twice |= all & p[b]
			all |= p[b]
			lTwice |= lAll & l[b]
			lAll |= l[b]
		}
		if all != s.rowFull {
			return false
		}
		once := all &^ twice
		for b := 0; b < nb; b++ {
			// Columns locked in another band leave this one; columns
			// only this band holds are claimed within their boxes.
			lockedElse := lAll&^l[b] | lTwice
			nx := w[b] &^ (lockedElse * s.rowRep) & (uint64(s.claimT[p[b]&once]) * s.rowRep)
			if nx != w[b] {
				w[b] = nx
				todo |= 1 << b
			}
		}
		if todo == 0 {
			return true
		}
	}
}

// propagate runs the digit rules and naked singles to a fixed point.
func (s *solverBand) propagate() bool {
	st := &s.st
	for {
		for st.dirty != 0 {
			if !s.digit(bits.TrailingZeros64(st.dirty) / 4) {
				return false
			}
		}
		found := false
		for b := 0; b < s.nb; b++ {
			u := st.unsolved[b]
			if u == 0 {
				continue
			}
			var ones, twos uint64
			for d := 0; d < s.n; d++ {
				x := st.f[d*4+b]
				twos |= ones & x
				ones |= x
			}
			if u&^ones != 0 {
				return false
			}
			for singles := u &^ twos; singles != 0; singles &= singles - 1 {
				pos := bits.TrailingZeros64(singles)
				bit := uint64(1) << pos
				d := 0
				for d < s.n && st.f[d*4+b]&bit == 0 {
					d++
				}
				if d == s.n {
					return false
				}
				st.f[d*4+b] &^= s.peers[pos]
				st.unsolved[b] &^= bit
				st.dirty |= 1 << (d*4 + b)
				found = true
			}
		}
		if !found {
			return true
		}
	}
}

func (s *solverBand) digitsAt(b, pos int) uint32 {
	var m uint32
	for d := 0; d < s.n; d++ {
		m |= uint32(s.st.f[d*4+b]>>pos&1) << d
	}
	return m
}

// choose picks the branch cell as solver9 does: the cell with two candidates
// and the most unsolved peers, else the first with three, else the first
// unsolved cell.
func (s *solverBand) choose() (b, pos int, mask uint32) {
	st := &s.st
	best := -1
	for bb := 0; bb < s.nb; bb++ {
		u := st.unsolved[bb]
		if u == 0 {
			continue
		}
		var ones, twos, threes uint64
		for d := 0; d < s.n; d++ {
			x := st.f[d*4+bb]
			threes |= twos & x
			twos |= ones & x
			ones |= x
		}
		for bi := u & twos &^ threes; bi != 0; bi &= bi - 1 {
			p := bits.TrailingZeros64(bi)
			col := (uint64(1) << (p % s.n)) * s.rowRep
			score := bits.OnesCount64(u &^ col & s.peers[p])
			for b2 := 0; b2 < s.nb; b2++ {
				score += bits.OnesCount64(st.unsolved[b2] & col)
			}
			if score > best {
				best, b, pos = score, bb, p
			}
		}
	}
	if best >= 0 {
		return b, pos, s.digitsAt(b, pos)
	}
	for pass := 0; pass < 2; pass++ {
		for bb := 0; bb < s.nb; bb++ {
			u := st.unsolved[bb]
			if u == 0 {
				continue
			}
			if pass == 0 {
				var ones, twos, threes, fours uint64
				for d := 0; d < s.n; d++ {
					x := st.f[d*4+bb]
					fours |= threes & x
					threes |= twos & x
					twos |= ones & x
					ones |= x
				}
				u &= threes &^ fours
				if u == 0 {
					continue
				}
			}
			p := bits.TrailingZeros64(u)
			return bb, p, s.digitsAt(bb, p)
		}
	}
	return 0, 0, 0
}

func (s *solverBand) run(limit int, sol []uint8) int {
	count := 0
	s.stack = s.stack[:0]
	ok := s.propagate()
	for {
		if ok {
			st := &s.st
			if st.unsolved[0]|st.unsolved[1]|st.unsolved[2]|st.unsolved[3] == 0 {
				count++
				if (count == 1 || s.each != nil) && sol != nil {
					bandCells := s.br * s.n
					for d := 0; d < s.n; d++ {
						for b := 0; b < s.nb; b++ {
							for m := st.f[d*4+b]; m != 0; m &= m - 1 {
								sol[b*bandCells+bits.TrailingZeros64(m)] = uint8(d + 1)
							}
						}
					}
				}
				if s.each != nil {
					s.each()
				}
				if count >= limit {
					return count
				}
				ok = false
				continue
			}
			b, pos, m := s.choose()
			if m == 0 {
				ok = false
				continue
			}
			if s.rng != nil {
				for k := s.rng.IntN(bits.OnesCount32(m)); k > 0; k-- {
					m &= m - 1
				}
			}
			if s.nodesLeft == 0 {
				return -1 // over budget: Random restarts
			}
			s.nodesLeft--
			d := bits.TrailingZeros32(m)
			s.stack = append(s.stack, *st)
			alt := &s.stack[len(s.stack)-1]
			alt.f[d*4+b] &^= 1 << pos
			alt.dirty = 1 << (d*4 + b)
			s.place(d, b, pos)
			ok = s.propagate()
			continue
		}
		if len(s.stack) == 0 {
			return count
		}
		s.st = s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		ok = s.propagate()
	}
}
