package sudoku

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// The 9x9 engine keeps, for each digit, the cells where it may still go as
// three band words: f[d*3+b] holds bit r*9+c for row 3b+r, column c, so a
// cell's bit in its band word is its index minus 27b. Per digit and band the
// rows and boxes form a 3x3 pattern of "minirows" (one row within one box);
// a digit goes exactly once in each row and box of the band, so only minirows
// lying on one of the 6 row-to-box permutations that fit the pattern survive.
// That one table lookup covers hidden singles in rows and boxes and both
// kinds of box-line locked candidates inside the band. Across bands the
// columns give the rest: a box whose candidates lie in one column claims that
// column from the other bands, and a column present in only one band pins the
// digit to that column inside its box. Naked singles come from counting the
// digits per cell with bitwise adders over the 9 digit words.

const band27 = 1<<27 - 1

var (
	rowMini9   [512]uint8  // 9 cells of a row → which of its 3 boxes hold candidates
	shrink9    [512]uint16 // minirow pattern (bit r*3+k) → minirows on a fitting permutation
	miniCells9 [512]uint32 // minirow set → its cells as a band word
	locked9    [512]uint16 // column projection → columns alone in their box
	claim9     [512]uint16 // columns exclusive to a band → columns allowed in that band
	peers9     [27]uint32  // band position → its row and box peers in the band
	colOf9     [27]uint32  // band position → its column, as a band word
	single9    [512]uint16 // 9 cells of a row → the cell when it is alone, else 0
)

func init() {
	for m := 0; m < 512; m++ {
		if m&(m-1) == 0 {
			single9[m] = uint16(m)
		}
		for k := 0; k < 3; k++ {
			if m>>(3*k)&7 != 0 {
				rowMini9[m] |= 1 << k
			}
		}
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if m>>(r*3+k)&1 != 0 {
					miniCells9[m] |= 7 << (r*9 + k*3)
				}
			}
		}

		perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
		for _, p := range perms {
			var bitsOn uint16
			for r := 0; r < 3; r++ {
				bitsOn |= 1 << (r*3 + p[r])
			}
			if uint16(m)&bitsOn == bitsOn {
				shrink9[m] |= bitsOn
			}
		}
		var claim uint16
		for k := 0; k < 3; k++ {
			g := uint16(m>>(3*k)) & 7
			if g != 0 && g&(g-1) == 0 {
				locked9[m] |= g << (3 * k)
			}
			switch {
			case g == 0:
				claim |= 7 << (3 * k)
			case g&(g-1) == 0:
				claim |= g << (3 * k)
			}
		}
		claim9[m] = claim
	}
	for p := 0; p < 27; p++ {
		colOf9[p] = rep3(1 << (p % 9))
		r, c := p/9, p%9
		for q := 0; q < 27; q++ {
			if q != p && (q/9 == r || q%9/3 == c/3) {
				peers9[p] |= 1 << q
			}
		}
	}
}

// rep3 copies a 9-bit column set into the three rows of a band word.
func rep3(cols uint32) uint32 { return cols * (1 | 1<<9 | 1<<18) }

type state9 struct {
	f        [27]uint32
	unsolved [3]uint32
	dirty    uint32 // bit d*3+b: word f[d*3+b] changed since it was last processed
}

type solver9 struct {
	givens    givens9
	st        state9
	stack     [81]state9
	then      [81]int16 // per stack entry: digit<<8|band<<5|pos to place on return, or -1
	each      func()    // called with every solution written to sol (Solutions)
	rng       *rand.Rand
	nodesLeft int // branch budget; negative: none
	// first is a digit whose rules run before the first propagation of
	// the next run (the avoided digit of a removal test), or -1.
	first int
	// noRandomStart turns randomStart off (tests compare the two).
	noRandomStart bool
}

func newSolver9() *solver9 { return &solver9{first: -1} }

// place fixes digit d at band position pos of band b.
func (s *solver9) place(d, b int, pos uint) {
	bit := uint32(1) << pos
	st := &s.st
	dirty := s.clearCells(b, bit)
	st.f[d*3+b] = (st.f[d*3+b] | bit) &^ peers9[pos]
	st.unsolved[b] &^= bit
	st.dirty |= dirty | 1<<(d*3+b)
}

// clearCells takes the cells nw of band b out of every digit's word and
// returns the dirty bits of the words that lost one, without a branch per
// digit.
func (s *solver9) clearCells(b int, nw uint32) uint32 {
	// Digit d's word of band b is f[3d]: unrolled, with constant shifts.
	f := (*[25]uint32)(s.st.f[b : b+25])
	dirty := take(&f[0], nw) | take(&f[3], nw)<<3 | take(&f[6], nw)<<6 |
		take(&f[9], nw)<<9 | take(&f[12], nw)<<12 | take(&f[15], nw)<<15 |
		take(&f[18], nw)<<18 | take(&f[21], nw)<<21 | take(&f[24], nw)<<24
	return dirty << uint(b)
}

// take clears the cells nw from word w and returns 1 when it held one.
func take(w *uint32, nw uint32) uint32 {
	old := *w
	*w = old &^ nw
	return b2u(old&nw != 0)
}

// givens9 is the 9x9 engine's record of the last puzzle it loaded: per
// digit its given cells and the rows, columns and boxes holding one.
// Generators and counters load puzzle after puzzle that differ in a cell or
// two from the one before, so load compares the new puzzle with the last
// one 8 cells at a time and updates only the cells that changed; the band
// words then follow from the unit masks with a few table lookups. A digit
// given twice in a unit makes the record rebuild from scratch next time.
type givens9 struct {
	last  [81]uint8
	given [27]uint32   // given[d*3+b]: cells of band b given digit d
	occ   [3]uint32    // given cells per band
	units [9][3]uint16 // per digit: rows, columns and boxes holding one of its givens
	twice bool         // a digit is given twice in a unit
	valid bool         // the record matches last
}

var (
	unitsOf9   [81][3]uint16 // cell -> the bits of its row, column and box
	bandRows9  [8]uint32     // three rows of a band (bit i: row i) -> their cells
	bandBoxes9 [8]uint32     // three boxes of a band -> their cells
)

func init() {
	for x := 0; x < 81; x++ {
		r, c := x/9, x%9
		unitsOf9[x] = [3]uint16{1 << r, 1 << c, 1 << (r/3*3 + c/3)}
	}
	for m := 0; m < 8; m++ {
		for i := 0; i < 3; i++ {
			if m>>i&1 != 0 {
				bandRows9[m] |= 0x1FF << (9 * i)
				bandBoxes9[m] |= rep3(7 << (3 * i))
			}
		}
	}
}

// add records a given v (1-9) at cell x.
func (g *givens9) add(x int, v uint8) {
	d, b, bit := int(v-1), x/27, uint32(1)<<uint(x%27)
	us, u := &unitsOf9[x], &g.units[v-1]
	if u[0]&us[0]|u[1]&us[1]|u[2]&us[2] != 0 {
		g.twice = true
	}
	u[0] |= us[0]
	u[1] |= us[1]
	u[2] |= us[2]
	g.given[d*3+b] |= bit
	g.occ[b] |= bit
	g.last[x] = v
}

// remove takes the given v (1-9) away from cell x; the record holds no
// digit twice in a unit.
func (g *givens9) remove(x int, v uint8) {
	d, b, bit := int(v-1), x/27, uint32(1)<<uint(x%27)
	us, u := &unitsOf9[x], &g.units[v-1]
	u[0] &^= us[0]
	u[1] &^= us[1]
	u[2] &^= us[2]
	g.given[d*3+b] &^= bit
	g.occ[b] &^= bit
	g.last[x] = 0
}

// update brings the record to puzzle (81 cells). It reports false when a
// value is out of range.
func (g *givens9) update(puzzle []uint8) bool {
	puzzle = puzzle[:81]
	var diff uint16   // 8-cell chunks that differ from the last puzzle
	var xs [11]uint64 // per chunk: its bytes xor the last puzzle's
	if g.valid && !g.twice {
		for i := 0; i < 10; i++ {
			xs[i] = binary.LittleEndian.Uint64(puzzle[8*i:]) ^ binary.LittleEndian.Uint64(g.last[8*i:])
			if xs[i] != 0 {
				diff |= 1 << i
			}
		}
		if xs[10] = uint64(puzzle[80] ^ g.last[80]); xs[10] != 0 {
			diff |= 1 << 10
		}
	}
	if !g.valid || g.twice || bits.OnesCount16(diff) > 3 {
		// A new puzzle: record it from scratch.
		g.given, g.occ, g.units, g.twice = [27]uint32{}, [3]uint32{}, [9][3]uint16{}, false
		copy(g.last[:], puzzle)
		for x, v := range puzzle {
			if v == 0 {
				continue
			}
			if v > 9 {
				g.valid = false
				return false
			}
			g.add(x, v)
		}
		g.valid = true
		return true
	}
	// Removals first, so that a digit moving within a unit is not seen
	// twice in it on the way.
	// (Only the bytes that differ: the nonzero bytes of the xors.)
	for m := diff; m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		for d := xs[i]; d != 0; {
			k := bits.TrailingZeros64(d) / 8
			d &^= 0xFF << (8 * k)
			x := 8*i + k
			if old := g.last[x]; old != 0 {
				g.remove(x, old)
			}
		}
	}
	for m := diff; m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		for d := xs[i]; d != 0; {
			k := bits.TrailingZeros64(d) / 8
			d &^= 0xFF << (8 * k)
			x := 8*i + k
			if v := puzzle[x]; v != 0 {
				if v > 9 {
					g.valid = false
					return false
				}
				g.add(x, v)
			}
		}
	}
	return true
}

// load sets the work state from puzzle, with avoidValue removed from
// avoidCell when avoidCell >= 0. It reports false when the puzzle has the
// wrong length, a value out of range or a digit twice in a unit.
func (s *solver9) load(puzzle []uint8, avoidCell int, avoidValue uint8) bool {
	if len(puzzle) != 81 {
		return false
	}
	g := &s.givens
	if !g.update(puzzle) || g.twice {
		return false
	}
	st := &s.st
	free0, free1, free2 := band27&^g.occ[0], band27&^g.occ[1], band27&^g.occ[2]
	st.unsolved = [3]uint32{free0, free1, free2}
	// Per digit and band: its givens, and the free cells outside the rows,
	// columns and boxes holding one (bands unrolled).
	for d := 0; d < 9; d++ {
		u := &g.units[d]
		rows, boxes, cols := uint32(u[0]), uint32(u[2]), rep3(uint32(u[1]))
		x := (*[3]uint32)(g.given[3*d:])
		f := (*[3]uint32)(st.f[3*d:])
		f[0] = free0&^(bandRows9[rows&7]|bandBoxes9[boxes&7]|cols) | x[0]
		f[1] = free1&^(bandRows9[rows>>3&7]|bandBoxes9[boxes>>3&7]|cols) | x[1]
		f[2] = free2&^(bandRows9[rows>>6&7]|bandBoxes9[boxes>>6&7]|cols) | x[2]
	}
	st.dirty = 1<<27 - 1
	if avoidCell >= 0 && avoidValue >= 1 && avoidValue <= 9 {
		if puzzle[avoidCell] == avoidValue {
			return false
		}
		d := int(avoidValue) - 1
		st.f[d*3+avoidCell/27] &^= 1 << uint(avoidCell%27)
		// Most removal tests end in a contradiction that follows from
		// the missing value: starting with its digit finds it sooner
		// (17.8 digit rounds against 20.8 on 30,542 generator tests).
		// The order changes no fixed point, so no answer or branch.
		s.first = d
	}
	return true
}

// propagate runs the digit rules and naked singles to a fixed point. It
// reports false on a contradiction.
func (s *solver9) propagate() bool {
	st := &s.st
	for {
		// The dirty digits in turn (round robin), each once before the
		// next turn: going back to the lowest dirty digit first re-runs
		// digits the later ones are about to change again (removal
		// tests: 8% fewer digit rounds). The order changes no fixed
		// point.
		for d := uint(0); st.dirty != 0; d++ {
			x := st.dirty >> (3 * d) << (3 * d)
			if x == 0 {
				x = st.dirty
			}
			d = uint(bits.TrailingZeros32(x)) / 3
			if !s.digit(int(d)) {
				return false
			}
		}
		found := false
		for b := 0; b < 3; b++ {
			u := st.unsolved[b]
			if u == 0 {
				continue
			}
			ones, twos := count2Band9((*[25]uint32)(st.f[b : b+25]))
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
			for e := b; e < 27; e += 3 {
				sd := singles & st.f[e]
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
				st.f[e] &^= pr
				st.dirty |= 1 << e
			}
			found = true
		}
		if !found {
			return true
		}
	}
}

// digit brings digit d's three band words to a fixed point of the band and
// column rules, starting from the bands marked dirty. It reports false on a
// contradiction.
func (s *solver9) digit(d int) bool {
	st := &s.st
	w := (*[3]uint32)(st.f[d*3 : d*3+3])
	todo := st.dirty >> (3 * d) & 7
	st.dirty &^= 7 << (3 * d)
	n0, n1, n2 := w[0], w[1], w[2]
	for {
		// The band rule on the bands that changed (the others are at
		// their fixed point), then the column rules on all three.
		var s0, s1, s2 uint32
		if todo&1 != 0 {
			n0, s0 = bandStep9(n0)
		}
		if todo&2 != 0 {
			n1, s1 = bandStep9(n1)
		}
		if todo&4 != 0 {
			n2, s2 = bandStep9(n2)
		}
		if n0 == 0 || n1 == 0 || n2 == 0 {
			return false
		}
		if h0, h1, h2 := s0&st.unsolved[0], s1&st.unsolved[1], s2&st.unsolved[2]; h0|h1|h2 != 0 {
			s.hidden(d, h0, h1, h2)
		}
		p0 := (n0 | n0>>9 | n0>>18) & 0x1FF
		p1 := (n1 | n1>>9 | n1>>18) & 0x1FF
		p2 := (n2 | n2>>9 | n2>>18) & 0x1FF
		if p0|p1|p2 != 0x1FF {
			return false
		}
		l0, l1, l2 := uint32(locked9[p0]), uint32(locked9[p1]), uint32(locked9[p2])
		m0 := n0 &^ rep3(l1|l2) & rep3(uint32(claim9[p0&^(p1|p2)]))
		m1 := n1 &^ rep3(l0|l2) & rep3(uint32(claim9[p1&^(p0|p2)]))
		m2 := n2 &^ rep3(l0|l1) & rep3(uint32(claim9[p2&^(p0|p1)]))
		todo = b2u(m0 != n0) | b2u(m1 != n1)<<1 | b2u(m2 != n2)<<2
		if todo == 0 {
			w[0], w[1], w[2] = n0, n1, n2
			return true
		}
		n0, n1, n2 = m0, m1, m2
	}
}

// bandStep9 applies the permutation rule to band word x of one digit: it
// returns the cells left (0 when no row-to-box permutation fits) and the
// rows' hidden singles among them.
func bandStep9(x uint32) (uint32, uint32) {
	p := uint(rowMini9[x&0x1FF]) | uint(rowMini9[x>>9&0x1FF])<<3 | uint(rowMini9[x>>18&0x1FF])<<6
	x &= miniCells9[shrink9[p&0x1FF]&0x1FF]
	return x, uint32(single9[x&0x1FF]) | uint32(single9[x>>9&0x1FF])<<9 | uint32(single9[x>>18&0x1FF])<<18
}

// hidden records the hidden singles h0, h1, h2 (per band) of digit d: the
// cells are solved and leave the other digits' words, which are marked
// dirty when they lose one (without a branch per digit); d's own words are
// rewritten by its caller.
func (s *solver9) hidden(d int, h0, h1, h2 uint32) {
	st := &s.st
	var dirty uint32
	if h0 != 0 {
		st.unsolved[0] &^= h0
		dirty |= s.clearCells(0, h0)
	}
	if h1 != 0 {
		st.unsolved[1] &^= h1
		dirty |= s.clearCells(1, h1)
	}
	if h2 != 0 {
		st.unsolved[2] &^= h2
		dirty |= s.clearCells(2, h2)
	}
	st.dirty |= dirty &^ (7 << (3 * d))
}

// choose picks the branch cell: among the cells with two candidates, the one
// with the most unsolved peers (placing either value there propagates the
// furthest: on the forum-hardest set this needs 40% fewer nodes than the first
// such cell); when no cell has two, the first with three, else the first
// unsolved cell (mostly the start of a random fill). It returns
// the band, position and candidate digits.
func (s *solver9) choose() (b int, pos uint, mask uint32) {
	st := &s.st
	f := &st.f
	u0, u1, u2 := st.unsolved[0], st.unsolved[1], st.unsolved[2]
	best := -1
	var three [3]uint32 // per band: the unsolved cells with exactly three candidates
	for bb := 0; bb < 3; bb++ {
		u := st.unsolved[bb]
		if u == 0 {
			continue
		}
		_, twos, threes, fours := count4Band9((*[25]uint32)(f[bb : bb+25]))
		three[bb] = u & threes &^ fours
		for bi := u & twos &^ threes; bi != 0; bi &= bi - 1 {
			p := uint(bits.TrailingZeros32(bi))
			col := colOf9[p]
			// The unsolved row and box peers off the cell's column, and
			// the unsolved cells of its column (the three bands' bits
			// shifted apart), counted at once.
			c := u0&col | (u1&col)<<1 | (u2&col)<<2
			score := bits.OnesCount64(uint64(u&^col&peers9[p]) | uint64(c)<<32)
			if score > best {
				best, b, pos = score, bb, p
			}
		}
	}
	if best >= 0 {
		return b, pos, s.digitsAt(b, pos)
	}
	// No cell has two candidates: take the first cell with three, else the
	// first unsolved cell (this is mostly the start of a random fill).
	for bb := 0; bb < 3; bb++ {
		if t := three[bb]; t != 0 {
			p := uint(bits.TrailingZeros32(t))
			return bb, p, s.digitsAt(bb, p)
		}
	}
	for bb := 0; bb < 3; bb++ {
		if u := st.unsolved[bb]; u != 0 {
			p := uint(bits.TrailingZeros32(u))
			return bb, p, s.digitsAt(bb, p)
		}
	}
	return 0, 0, 0
}

// count2Band9 returns, over the 9 digit words of one band (f[0], f[3], ...
// f[24]), the cells in at least one and in at least two of them, unrolled.
func count2Band9(f *[25]uint32) (ones, twos uint32) {
	ones = f[0]
	twos = ones & f[3]
	ones |= f[3]
	twos |= ones & f[6]
	ones |= f[6]
	twos |= ones & f[9]
	ones |= f[9]
	twos |= ones & f[12]
	ones |= f[12]
	twos |= ones & f[15]
	ones |= f[15]
	twos |= ones & f[18]
	ones |= f[18]
	twos |= ones & f[21]
	ones |= f[21]
	twos |= ones & f[24]
	ones |= f[24]
	return ones, twos
}

// count4Band9 returns the cells of one band in at least one, two, three
// and four of its 9 digit words, unrolled.
func count4Band9(f *[25]uint32) (ones, twos, threes, fours uint32) {
	for _, x := range [9]uint32{f[0], f[3], f[6], f[9], f[12], f[15], f[18], f[21], f[24]} {
		fours |= threes & x
		threes |= twos & x
		twos |= ones & x
		ones |= x
	}
	return
}

// digitsAt returns the candidate digits of band position pos of band b.
func (s *solver9) digitsAt(b int, pos uint) uint32 {
	f := (*[25]uint32)(s.st.f[b : b+25])
	return f[0]>>pos&1 | f[3]>>pos&1<<1 | f[6]>>pos&1<<2 | f[9]>>pos&1<<3 | f[12]>>pos&1<<4 |
		f[15]>>pos&1<<5 | f[18]>>pos&1<<6 | f[21]>>pos&1<<7 | f[24]>>pos&1<<8
}

// run searches from the loaded state; it counts solutions up to limit and
// writes the first into sol when sol is not nil. It returns -1 when the
// branch budget runs out.
func (s *solver9) run(limit int, sol []uint8) int {
	count, sp, floor := 0, 0, 0
	ok := true
	if s.randomStart() {
		sp, floor = randomStartNodes, randomStartNodes
	}
	if d := s.first; d >= 0 {
		// A removal test: the avoided digit's rules first (load set
		// every word dirty).
		s.first = -1
		ok = s.digit(d)
	}
	ok = ok && s.propagate()
	for {
		if ok {
			st := &s.st
			if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
				count++
				if (count == 1 || s.each != nil) && sol != nil {
					for d := 0; d < 9; d++ {
						for b := 0; b < 3; b++ {
							for m := st.f[d*3+b]; m != 0; m &= m - 1 {
								sol[b*27+bits.TrailingZeros32(m)] = uint8(d + 1)
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
			var b int
			var pos uint
			var m uint32
			b, pos, m = s.choose()
			cands := m
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
			alt := &s.stack[sp]
			*alt = *st
			if r := cands &^ (1 << d); r != 0 && r&(r-1) == 0 {
				// A cell of two candidates: the other branch places the
				// other digit (the same fixed point as removing d).
				s.then[sp] = int16(bits.TrailingZeros32(r))<<8 | int16(b)<<5 | int16(pos)
			} else {
				alt.f[d*3+b] &^= 1 << pos
				alt.dirty = 1 << (d*3 + b)
				s.then[sp] = -1
			}
			sp++
			s.place(d, b, pos)
			ok = s.propagate()
			continue
		}
		if sp == floor {
			return count
		}
		sp--
		s.st = s.stack[sp]
		if t := s.then[sp]; t >= 0 {
			s.place(int(t>>8), int(t>>5&3), uint(t&31))
		}
		ok = s.propagate()
	}
}
