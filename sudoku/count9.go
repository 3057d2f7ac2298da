package sudoku

import (
	"math/bits"
	"unsafe"
)

// counter9 counts the solutions of 9x9 puzzles for the calls whose answer
// does not depend on the search order: Count without a solution to write
// (min(solutions, limit) is the same whatever is visited first). It keeps
// solver9's rules (per-digit band words, the band permutation rule, the
// column rules, naked singles by bitwise adders) and adds the triad rules
// and tdoku's branching on a digit's configurations in a band or stack
// (triad9.go): 60.6 branch nodes a puzzle on forum-hardest-11plus instead
// of solver9's 82.3. Removal tests (avoids) keep solver9's rules and
// branch on the first two-candidate cell. The bookkeeping is its own
// (-26.8% instructions against solver9 with the same tree):
//
//   - the band words are stored band by band, so that clearCells9,
//     clearBands9 and the candidate adders work on two digits per uint64,
//     and the dirty flags (one per digit) come from one carry trick and one
//     table lookup;
//   - propagate's passes over the bands count the candidates per cell up
//     to two only (an empty cell, naked singles); choose counts to three
//     once per cell branch (the configuration branches of count need no
//     cell counts);
//   - the dirty digits are processed in one loop (digits) with the hidden
//     singles cleared inline, once per digit after its last round (the
//     rows' singles of its final words, which are those of all its
//     rounds), shift counts are masked so that they need no range check,
//     and the band slices are constant so that they need no bounds check;
//   - the band rule takes one table lookup (keepH9), indexed by a
//     multiply of the word's minirow occupancy (miniHash9), where solver9
//     takes three rowMini9 lookups and then two tables in a row, and the
//     column rules take tables replicated into a band's three rows (no
//     multiplication): shorter chains of dependent loads;
//   - no solution is written, no rng, callback or node budget is consulted.
type counter9 struct {
	givens givens9
	st     *cstate9 // the current state: stack[sp] of run
	// stack holds the current state above the alternatives still to
	// search (a branch copies the state one entry up and turns the
	// entry below into the alternative, so a return copies nothing); it
	// grows past 82 when configuration branches nest deeper (see run).
	stack []cstate9
	then  []int16 // per alternative: digit<<8|band<<5|pos to place on return, or -1
	nodes int     // branch nodes of the last count
	// rc, cc: the last triad pass's counts of the digits reaching each
	// minirow (st.mr) and minicolumn (st.cp), bit-sliced (countBits9).
	rc, cc [4]uint64
	// firstPair makes run branch on the first two-candidate cell in band
	// order instead of scoring them all (removal tests, see avoids).
	firstPair bool
}

func newCounter9() *counter9 {
	c := &counter9{stack: make([]cstate9, 82), then: make([]int16, 82)}
	c.st = &c.stack[0]
	return c
}

// spread9 maps the flags clearCells9 gathers (bit k: digit 2k, bit 5+k:
// digit 2k+1) to the dirty bits (bit d: digit d).
var spread9 [512]uint32

// lockedRep9 and claimRep9 are solver9's locked9 and claim9 replicated
// into the three rows of a band word (rep3), so that the column rules
// need no multiplication.
var lockedRep9, claimRep9 [512]uint32

// keep9 maps a band's minirow pattern (bit r*3+k: row r has candidates in
// box k) to the cells of the minirows on a fitting row-to-box permutation:
// solver9's shrink9 and miniCells9 in one lookup.
// Bits 27-35 of an entry hold the pattern the kept cells reach (the
// minirows of the fitting permutations) and bits 54-62 the minirows every
// fitting permutation uses (the digit is locked to them), for the triad
// rules (triad9.go): shifted right by 27, an entry gives a band's part of
// cstate9.mr (reached at bit 0, locked at bit 27), so the three bands'
// parts combine by two shifts and two ors.
var keep9 [512]uint64

// keepH9 is keep9 indexed by miniHash9 of a band word instead of by its
// minirow pattern: the pattern's nine bits are found without the three
// rowMini9 lookups (and their shifts and ors) on the digit rounds' chain.
var keepH9 [512]uint64

// miniMul9 multiplies the minirow occupancy of a band word (bit 3i: minirow
// i, i = r*3+k, has a cell) into a 9-bit index in the top bits: a
// multiplier found by search whose index is one-to-one on the 512
// occupancies (init checks it).
const miniMul9 = 0x1008404001000700

// miniHash9 is keepH9's index for band word x: its minirow occupancy (bit
// 3i set when minirow i holds a cell) times miniMul9, top nine bits.
func miniHash9(x uint32) uint {
	return uint(uint64((x|x>>1|x>>2)&0x1249249) * miniMul9 >> 55)
}

func init() {
	// Built here from the rule (solver9's tables are filled by an init
	// that runs after this file's).
	perms := [6][3]uint{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for p := range keep9 {
		lock, n := uint64(0x1FF), 0
		for _, pm := range perms {
			var on uint
			for r := uint(0); r < 3; r++ {
				on |= 1 << (r*3 + pm[r])
			}
			if uint(p)&on != on {
				continue
			}
			n++
			lock &= uint64(on)
			keep9[p] |= uint64(on) << 27
			for r := uint(0); r < 3; r++ {
				keep9[p] |= 7 << (r*9 + pm[r]*3)
			}
		}
		if n > 0 {
			keep9[p] |= lock << 54
		}
	}
	var seen [512]bool
	for p := range keep9 {
		var x uint32 // the first cell of every minirow of p
		for i := 0; i < 9; i++ {
			if p>>i&1 != 0 {
				x |= 1 << (9*(i/3) + 3*(i%3))
			}
		}
		h := miniHash9(x)
		if seen[h] {
			panic("sudoku: miniMul9 is not one-to-one")
		}
		seen[h] = true
		keepH9[h] = keep9[p]
	}
	for m := range lockedRep9 {
		var locked, claim uint32
		for k := 0; k < 3; k++ {
			g := uint32(m>>(3*k)) & 7
			if g != 0 && g&(g-1) == 0 {
				locked |= g << (3 * k)
			}
			switch {
			case g == 0:
				claim |= 7 << (3 * k)
			case g&(g-1) == 0:
				claim |= g << (3 * k)
			}
		}
		lockedRep9[m], claimRep9[m] = rep3(locked), rep3(claim)
	}
	for i := range spread9 {
		for d := 0; d < 9; d++ {
			if i>>(d/2+5*(d%2))&1 != 0 {
				spread9[i] |= 1 << d
			}
		}
	}
}

// cstate9 is the counter's search state: solver9's band words laid out
// band by band, ten words a band (nine digits and a zero), so that a band's
// digit words can be read two at a time as uint64 (see clearCells9).
type cstate9 struct {
	w        [15]uint64 // as uint32: word b*10+d is digit d's cells in band b
	unsolved [3]uint32
	dirty    uint32 // bit d: a word of digit d changed since it was last processed
	// Per digit at the last fixed point of its rules (triad9.go): mr the
	// minirows it reaches (band b at bits 9b, bit r*3+k) and, at bit 27
	// on, those it is locked to; cp the columns it reaches per band (bit
	// 9b+c) and, at bit 27 on, those its box holds alone.
	mr, cp [16]uint64
}

// f returns the band words as uint32: f[b*10+d].
func (st *cstate9) f() *[30]uint32 { return (*[30]uint32)(unsafe.Pointer(&st.w)) }

// count returns the number of solutions of puzzle up to limit (>= 1); 0
// for a wrong length, a value out of range or a digit twice in a unit.
func (s *counter9) count(puzzle []uint8, limit int) int {
	s.nodes = 0
	if !s.load(puzzle) {
		return 0
	}
	return s.run(limit)
}

// avoids reports whether puzzle has a solution with value v (1-9) not at
// cell (0-80): SolveAvoiding's answer, which does not depend on the search
// order. As solver9 does for these calls, the avoided digit's rules run
// first and the branch cell is the first with two candidates (chooseFirst).
func (s *counter9) avoids(puzzle []uint8, cell int, v uint8) bool {
	s.nodes = 0
	if !s.load(puzzle) {
		return false
	}
	if v >= 1 && v <= 9 {
		if puzzle[cell] == v {
			return false
		}
		d, b := uint(v-1), uint(cell/27)
		st := s.st
		st.f()[b*10+d] &^= 1 << uint(cell%27)
		// The avoided digit first: most removal tests end in a
		// contradiction that follows from it (no fixed point changes).
		rest := st.dirty &^ (1 << d)
		st.dirty = 1 << d
		if !s.digits() {
			return false
		}
		st.dirty |= rest
	}
	s.firstPair = true
	n := s.run(1)
	s.firstPair = false
	return n > 0
}

// load sets the work state from puzzle, as solver9.load does without an
// avoided value.
func (s *counter9) load(puzzle []uint8) bool {
	if len(puzzle) != 81 {
		return false
	}
	g := &s.givens
	if !g.update(puzzle) || g.twice {
		return false
	}
	s.st = &s.stack[0]
	st := s.st
	f := st.f()
	free0, free1, free2 := band27&^g.occ[0], band27&^g.occ[1], band27&^g.occ[2]
	st.unsolved = [3]uint32{free0, free1, free2}
	// Per digit and band: its givens, and the free cells outside the rows,
	// columns and boxes holding one (bands unrolled; the givens are not
	// free cells).
	for d := 0; d < 9; d++ {
		u := &g.units[d]
		rows, boxes, cols := uint32(u[0]), uint32(u[2]), rep3(uint32(u[1]))
		x := (*[3]uint32)(g.given[3*d:])
		w := (*[21]uint32)(f[d : d+21])
		w[0] = free0&^(bandRows9[rows&7]|bandBoxes9[boxes&7]|cols) | x[0]
		w[10] = free1&^(bandRows9[rows>>3&7]|bandBoxes9[boxes>>3&7]|cols) | x[1]
		w[20] = free2&^(bandRows9[rows>>6&7]|bandBoxes9[boxes>>6&7]|cols) | x[2]
	}
	st.dirty = 1<<9 - 1
	return true
}

// place fixes digit d at band position pos of band b.
func (s *counter9) place(d, b int, pos uint) {
	bit := uint32(1) << pos
	st := s.st
	dirty := clearCells9((*[5]uint64)(st.w[b*5:b*5+5]), bit)
	f := st.f()
	f[b*10+d] = (f[b*10+d] | bit) &^ peers9[pos]
	st.unsolved[b] &^= bit
	st.dirty |= dirty | 1<<(uint(d)&31)
}

// clearCells9 takes the cells nw out of every digit's word of one band (w:
// its five words) and returns the dirty bits of the digits that lost one.
// It works on two digits
// at a time: a 64-bit word holds digits 2k and 2k+1 of the band in its
// halves, and adding 2^27-1 to each half carries into bit 27 of the half
// exactly when the half is not zero (a half holds 27 bits, so no carry
// crosses halves).
func clearCells9(w *[5]uint64, nw uint32) uint32 {
	n := uint64(nw) | uint64(nw)<<32
	const nz = 0x07FFFFFF07FFFFFF
	t0 := w[0] & n
	t1 := w[1] & n
	t2 := w[2] & n
	t3 := w[3] & n
	t4 := w[4] & n
	w[0] ^= t0
	w[1] ^= t1
	w[2] ^= t2
	w[3] ^= t3
	w[4] ^= t4
	// Per pair k, the halves' flags at bits 27 and 59, gathered at bit k
	// (digit 2k) and bit 32+k (digit 2k+1), then spread to the dirty
	// bits by one table lookup.
	const flags = 1<<27 | 1<<59
	y := (t0+nz)&flags>>27 | (t1+nz)&flags>>26 | (t2+nz)&flags>>25 |
		(t3+nz)&flags>>24 | (t4+nz)&flags>>23
	dirty := spread9[(y|y>>27)&511]
	return uint32(dirty)
}

// clearBands9 takes the cells h0, h1, h2 out of every digit's words of
// bands 0, 1, 2 and returns the dirty bits of the digits that lost one
// (the digit loop takes a dirty digit's three bands together, so which
// band lost the cell does not matter). As clearCells9, on two digits per
// word, with one carry test for the three bands.
func clearBands9(w *[15]uint64, h0, h1, h2 uint32) uint32 {
	const nz = 0x07FFFFFF07FFFFFF
	const flags = 1<<27 | 1<<59
	n0 := uint64(h0) | uint64(h0)<<32
	n1 := uint64(h1) | uint64(h1)<<32
	n2 := uint64(h2) | uint64(h2)<<32
	// Pair by pair, so that few values are live at once.
	a, b, c := w[0]&n0, w[5]&n1, w[10]&n2
	w[0], w[5], w[10] = w[0]^a, w[5]^b, w[10]^c
	y := ((a | b | c) + nz) & flags >> 27
	a, b, c = w[1]&n0, w[6]&n1, w[11]&n2
	w[1], w[6], w[11] = w[1]^a, w[6]^b, w[11]^c
	y |= ((a | b | c) + nz) & flags >> 26
	a, b, c = w[2]&n0, w[7]&n1, w[12]&n2
	w[2], w[7], w[12] = w[2]^a, w[7]^b, w[12]^c
	y |= ((a | b | c) + nz) & flags >> 25
	a, b, c = w[3]&n0, w[8]&n1, w[13]&n2
	w[3], w[8], w[13] = w[3]^a, w[8]^b, w[13]^c
	y |= ((a | b | c) + nz) & flags >> 24
	a, b, c = w[4]&n0, w[9]&n1, w[14]&n2
	w[4], w[9], w[14] = w[4]^a, w[9]^b, w[14]^c
	y |= ((a | b | c) + nz) & flags >> 23
	return spread9[(y|y>>27)&511]
}

// count3 counts, per cell of band b, its candidates: cells with at least
// one, at least two and at least three. The adders run on two digits at a
// time (the halves of the 64-bit words), then the halves are merged.
func count3(st *cstate9, b int) (ones, twos, threes uint32) {
	w := (*[5]uint64)(st.w[b*5 : b*5+5])
	o := w[0]
	t := o & w[1]
	o |= w[1]
	x := w[2]
	h := t & x
	t |= o & x
	o |= x
	x = w[3]
	h |= t & x
	t |= o & x
	o |= x
	x = w[4]
	h |= t & x
	t |= o & x
	o |= x
	lo1, hi1 := uint32(o), uint32(o>>32)
	lo2, hi2 := uint32(t), uint32(t>>32)
	ones = lo1 | hi1
	twos = lo2 | hi2 | lo1&hi1
	threes = uint32(h) | uint32(h>>32) | lo2&hi1 | lo1&hi2
	return
}

// propagate runs the digit rules and naked singles to a fixed point. It
// reports false on a contradiction.
func (s *counter9) propagate() bool {
	st := s.st
	for {
		if !s.digits() {
			return false
		}
		found := false
		for b := 0; b < 3; b++ {
			u := st.unsolved[b]
			if u == 0 {
				continue
			}
			// The cells with at least one and at least two candidates
			// (bitwise adders on two digits a word, written out here: a
			// call cost more than they do).
			w := (*[5]uint64)(st.w[b*5 : b*5+5])
			o, x := w[0], w[1]
			t := o & x
			o |= x
			x = w[2]
			t |= o & x
			o |= x
			x = w[3]
			t |= o & x
			o |= x
			x = w[4]
			t |= o & x
			o |= x
			lo, hi := uint32(o), uint32(o>>32)
			ones, twos := lo|hi, uint32(t)|uint32(t>>32)|lo&hi
			if u&^ones != 0 {
				return false
			}
			singles := u &^ twos
			if singles == 0 {
				continue
			}
			// Naked singles: each leaves its digit's row and box peers
			// in the band (the column rules take the rest); two of one
			// digit seeing each other are a contradiction.
			st.unsolved[b] &^= singles
			f := (*[9]uint32)(st.f()[b*10 : b*10+9])
			for d := 0; d < 9; d++ {
				sd := singles & f[d]
				if sd == 0 {
					continue
				}
				var pr uint32
				for m := sd; m != 0; m &= m - 1 {
					pr |= peers9[bits.TrailingZeros32(m)]
				}
				if pr&sd != 0 {
					return false
				}
				f[d] &^= pr
				st.dirty |= 1 << (uint(d) & 31)
			}
			found = true
		}
		if !found {
			return true
		}
	}
}

// digits brings every dirty digit's three band words to a fixed point of
// the band and column rules (solver9.digit, digit after digit, lowest
// dirty digit first, in one loop rather than a call per digit). It reports
// false on a contradiction.
func (s *counter9) digits() bool {
	st := s.st
	dirty := st.dirty // written back at the end (a contradiction drops the state)
	for dirty != 0 {
		d := uint(bits.TrailingZeros32(dirty))
		w := (*[21]uint32)(st.f()[d : d+21]) // w[0], w[10], w[20]: d's band words
		dirty &^= 1 << (d & 31)              // masked, so the shift needs no range check
		n0, n1, n2 := w[0], w[10], w[20]
		var k0, k1, k2 uint64
		var p0, p1, p2 uint32
		for {
			n0, k0 = bandStepC(n0)
			n1, k1 = bandStepC(n1)
			n2, k2 = bandStepC(n2)
			if int32((n0-1)|(n1-1)|(n2-1)) < 0 { // a band word is empty
				return false
			}
			p0 = (n0 | n0>>9 | n0>>18) & 0x1FF
			p1 = (n1 | n1>>9 | n1>>18) & 0x1FF
			p2 = (n2 | n2>>9 | n2>>18) & 0x1FF
			if p0|p1|p2 != 0x1FF {
				return false
			}
			l0, l1, l2 := lockedRep9[p0], lockedRep9[p1], lockedRep9[p2]
			m0 := n0 & claimRep9[p0&^(p1|p2)] &^ (l1 | l2)
			m1 := n1 & claimRep9[p1&^(p0|p2)] &^ (l0 | l2)
			m2 := n2 & claimRep9[p2&^(p0|p1)] &^ (l0 | l1)
			if (m0^n0)|(m1^n1)|(m2^n2) == 0 {
				break
			}
			n0, n1, n2 = m0, m1, m2
		}
		// Hidden singles, once per digit: the cells are solved and leave
		// the other digits' words, which are marked dirty when they lose
		// one (a single stays alone in its row while the rounds only
		// remove cells, and d's own words are written after).
		if h0, h1, h2 := rowSingles9(n0)&st.unsolved[0], rowSingles9(n1)&st.unsolved[1], rowSingles9(n2)&st.unsolved[2]; h0|h1|h2 != 0 {
			st.unsolved[0] &^= h0
			st.unsolved[1] &^= h1
			st.unsolved[2] &^= h2
			dirty |= clearBands9(&st.w, h0, h1, h2) &^ (1 << (d & 31))
		}
		w[0], w[10], w[20] = n0, n1, n2
		// The fixed point's patterns for the triad rules.
		st.mr[d&15] = k0 | k1<<9 | k2<<18
		st.cp[d&15] = cpRec9[p0] | cpRec9[p1]<<9 | cpRec9[p2]<<18
	}
	st.dirty = 0
	return true
}

// choose picks the branch cell as solver9.choose does (the two-candidate
// cell with the most unsolved peers, the first in band order on a tie;
// with firstPair the first two-candidate cell in band order); without
// such a cell, the first cell with the fewest candidates. It returns the
// band, position and candidate digits.
func (s *counter9) choose() (b int, pos uint, mask uint32) {
	st := s.st
	var pairs [3]uint32 // per band: the unsolved cells with two candidates
	for bb := 0; bb < 3; bb++ {
		_, twos, threes := count3(st, bb)
		pairs[bb] = st.unsolved[bb] & twos &^ threes
		if s.firstPair && pairs[bb] != 0 {
			p := uint(bits.TrailingZeros32(pairs[bb]))
			return bb, p, digitsAt9(st, bb, p)
		}
	}
	u0, u1, u2 := st.unsolved[0], st.unsolved[1], st.unsolved[2]
	best := -1
	for bb := 0; bb < 3; bb++ {
		u := st.unsolved[bb]
		for bi := pairs[bb]; bi != 0; bi &= bi - 1 {
			p := uint(bits.TrailingZeros32(bi))
			col := colOf9[p]
			c := u0&col | (u1&col)<<1 | (u2&col)<<2
			score := bits.OnesCount64(uint64(u&^col&peers9[p]) | uint64(c)<<32)
			if score > best {
				best, b, pos = score, bb, p
			}
		}
	}
	if best >= 0 {
		return b, pos, digitsAt9(st, b, pos)
	}
	// No cell has two candidates: the first with the fewest.
	least := 10
	for bb := 0; bb < 3; bb++ {
		for m := st.unsolved[bb]; m != 0; m &= m - 1 {
			p := uint(bits.TrailingZeros32(m))
			if n := bits.OnesCount32(digitsAt9(st, bb, p)); n < least {
				least, b, pos = n, bb, p
			}
		}
	}
	return b, pos, digitsAt9(st, b, pos)
}

// digitsAt9 returns the candidate digits of band position pos of band b.
func digitsAt9(st *cstate9, b int, pos uint) uint32 {
	f := (*[9]uint32)(st.f()[b*10 : b*10+9])
	return f[0]>>pos&1 | f[1]>>pos&1<<1 | f[2]>>pos&1<<2 | f[3]>>pos&1<<3 |
		f[4]>>pos&1<<4 | f[5]>>pos&1<<5 | f[6]>>pos&1<<6 | f[7]>>pos&1<<7 |
		f[8]>>pos&1<<8
}

// run searches from the loaded state and counts solutions up to limit:
// with the triad rules and configuration branching (settle, chooseConfig)
// unless firstPair is set (removal tests), which keeps solver9's rules and
// cell branching.
func (s *counter9) run(limit int) int {
	count, sp := 0, 0
	triad := !s.firstPair
	ok := s.fix(triad)
	for {
		if ok {
			st := s.st
			if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
				count++
				if count >= limit {
					return count
				}
				ok = false
				continue
			}
			if sp+1 == len(s.stack) {
				// A configuration branch takes at least one minirow or
				// minicolumn from a digit, not necessarily a cell, so the
				// path can be longer than 81, but not longer than 405:
				// 324 minirows and minicolumns beyond three per digit,
				// band and stack, and 81 cells.
				if sp >= 405 {
					panic("sudoku: counter9 branch path longer than its bound")
				}
				s.stack = append(s.stack, cstate9{})
				s.then = append(s.then, 0)
				st = &s.stack[sp]
				s.st = st
			}
			// The branch goes on in next; st becomes its alternative.
			next := &s.stack[sp+1]
			if triad {
				if u, d, bit, found := s.chooseConfig(); found {
					s.nodes++
					*next = *st
					applyConfig(st, u, d, bit, false)
					s.then[sp] = -1
					sp++
					s.st = next
					applyConfig(next, u, d, bit, true)
					ok = s.settle()
					continue
				}
			}
			b, pos, m := s.choose()
			if m == 0 {
				ok = false
				continue
			}
			s.nodes++
			d := bits.TrailingZeros32(m)
			*next = *st
			if r := m &^ (1 << d); r != 0 && r&(r-1) == 0 {
				// A cell of two candidates: the other branch places the
				// other digit (the same fixed point as removing d).
				s.then[sp] = int16(bits.TrailingZeros32(r))<<8 | int16(b)<<5 | int16(pos)
			} else {
				st.f()[b*10+d] &^= 1 << pos
				st.dirty = 1 << d
				s.then[sp] = -1
			}
			sp++
			s.st = next
			s.place(d, b, pos)
			ok = s.fix(triad)
			continue
		}
		if sp == 0 {
			return count
		}
		sp--
		s.st = &s.stack[sp]
		if t := s.then[sp]; t >= 0 {
			s.place(int(t>>8), int(t>>5&3), uint(t&31))
		}
		ok = s.fix(triad)
	}
}

// fix brings the state to the fixed point of the rules run uses: with the
// triad rules (settle) or without (propagate).
func (s *counter9) fix(triad bool) bool {
	if triad {
		return s.settle()
	}
	return s.propagate()
}

// bandStepC is solver9's bandStep9 with one table lookup fewer on the
// dependency chain (keep9).
func bandStepC(x uint32) (uint32, uint64) {
	k := keepH9[miniHash9(x)]
	return x & uint32(k), k >> 27
}

// rowSingles9 returns the cells of band word x alone in their row.
func rowSingles9(x uint32) uint32 {
	return uint32(single9[x&0x1FF]) | uint32(single9[x>>9&0x1FF])<<9 | uint32(single9[x>>18&0x1FF])<<18
}
