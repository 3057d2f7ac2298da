package sudoku

import "math/bits"

// The triad rules and the configuration branching of counter9.count
// (tdoku's, on the band words). A minirow (three cells of a row in one
// box) and a minicolumn hold three different digits; per digit and band
// the band rule leaves the minirows of the row-to-box permutations that
// fit (its configurations), and per digit and stack the column rules do
// the same for minicolumns. The digit rounds record, per digit, the
// minirows and minicolumns it reaches and those it is locked to (every
// configuration uses them) in cstate9.mr and cp; from these:
//
//   - a minirow or minicolumn that fewer than three digits reach, or to
//     which more than three are locked, is a contradiction;
//   - when exactly three reach it, each of them must use it (the others
//     of its row and box, or of its column and box, are removed);
//   - when exactly three are locked to it, no other digit may use it.
//
// The branch is then on a configuration, not a cell: in the band or
// stack with the fewest minirows (minicolumns) reached, summed over the
// digits, the digit with the fewest (at least two configurations), the
// first on a tie; the two branches are "the digit uses this minirow" and
// "it does not", for a minirow of the digit that not every configuration
// uses. Together these take forum-hardest-11plus from 82.3 branch nodes
// a puzzle to 60.6. Only order-free counts use them (count, not avoids),
// since they change the tree.

var (
	forceKeep [512]uint32 // minirow set → band cells left when the digit must use each
	vForce9   [512]uint32 // column set → band cells of their boxes outside those columns
	boxLock9  [512]uint16 // column projection of a band → the columns alone in their box
	// cpRec9: column projection p of a band → p | boxLock9[p]<<27, a
	// band's part of cstate9.cp (the digit rounds record it).
	cpRec9 [512]uint64
)

func init() {
	for p := range forceKeep {
		keep := uint32(band27)
		var vf uint32
		var bl uint16
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if p>>(r*3+k)&1 != 0 {
					row := uint32(0x1FF) << (9 * r)
					box := rep3(7 << (3 * k))
					keep &^= (row | box) &^ (7 << (9*r + 3*k))
				}
			}
		}
		for c := 0; c < 9; c++ {
			if p>>c&1 != 0 {
				vf |= rep3(7<<(3*(c/3))) &^ rep3(1<<c)
			}
		}
		for k := 0; k < 3; k++ {
			if g := p >> (3 * k) & 7; g != 0 && g&(g-1) == 0 {
				bl |= uint16(g << (3 * k))
			}
		}
		forceKeep[p], vForce9[p], boxLock9[p] = keep, vf, bl
		cpRec9[p] = uint64(p) | uint64(bl)<<27
	}
}

// countBits9 counts, per bit position, how many of the first nine words
// have it, as the four bits of a binary counter (at most nine): bit k of
// cj is bit j of the count at position k. (Four results, not an array:
// they come back in registers; an array came back through memory, where
// the caller's 16-byte copies of it waited on the callee's 8-byte stores.)
func countBits9(x *[16]uint64) (c0, c1, c2, c3 uint64) {
	// A carry-save tree: three full adders on the nine words, one on
	// their three carries, then a half adder and the top bits (29
	// operations instead of 63 for a counter stepped word by word).
	s0, k0 := fullAdd(x[0], x[1], x[2])
	s1, k1 := fullAdd(x[3], x[4], x[5])
	s2, k2 := fullAdd(x[6], x[7], x[8])
	b0, t := fullAdd(s0, s1, s2) // t: weight 2
	u, v := fullAdd(k0, k1, k2)  // u: weight 2, v: weight 4
	b1, w := u^t, u&t            // w: weight 4
	return b0, b1, v ^ w, v & w
}

// fullAdd adds three bits per position: sum and carry.
func fullAdd(a, b, c uint64) (sum, carry uint64) {
	t := a ^ b
	return t ^ c, a&b | t&c
}

// triads applies the triad rules to the fixed point the digit rules left:
// a minirow (minicolumn) has three cells, so it holds three digits; when
// only three reach it, each must use it, and when three are locked to it,
// no other may. It reports whether a word changed, and false on a
// contradiction.
func (s *counter9) triads() (changed, ok bool) {
	mr, cp := &s.st.mr, &s.st.cp
	r0, r1, r2, r3 := countBits9(mr)
	c0, c1, c2, c3 := countBits9(cp)
	// The chooser's sums when this pass changes nothing.
	s.rc[0], s.rc[1], s.rc[2], s.rc[3] = r0, r1, r2, r3
	s.cc[0], s.cc[1], s.cc[2], s.cc[3] = c0, c1, c2, c3
	// At least three: 3 (binary 0011) or 4 and more (bit 2 or 3); the
	// halves: reached (low) and locked (high).
	q64, qv64 := r2|r3, c2|c3
	h64, hv64 := q64|r1&r0, qv64|c1&c0
	h, q, lh, lq := uint32(h64)&band27, uint32(q64)&band27, uint32(h64>>27), uint32(q64>>27)
	hv, qv, vh, vq := uint32(hv64)&band27, uint32(qv64)&band27, uint32(hv64>>27), uint32(qv64>>27)
	if h&hv != band27 || lq|vq != 0 {
		return false, false
	}
	e3, e3v := h&^q, hv&^qv
	// A rule fires exactly where three reach a minirow (minicolumn) and
	// fewer than three are locked to it (then one that reaches it is not
	// locked), or where three are locked and more reach it: else no word
	// changes and the digits need not be looked at.
	if e3&^lh|lh&q|e3v&^vh|vh&qv == 0 {
		return false, true
	}
	f := s.st.f()
	for d := uint(0); d < 9; d++ {
		m, c := uint32(mr[d])&band27, uint32(cp[d])&band27
		lk, vl := uint32(mr[d]>>27), uint32(cp[d]>>27)
		fm := m & e3 &^ lk
		rm := m & lh &^ lk
		fc := c & e3v &^ vl
		rc := c & vh &^ vl
		if fm|rm|fc|rc == 0 {
			continue
		}
		all := fc | fc>>9 | fc>>18
		for b := uint(0); b < 3; b++ {
			sh := 9 * b
			x := f[b*10+d]
			x &= forceKeep[fm>>sh&511]
			x &^= miniCells9[rm>>sh&511] | vForce9[fc>>sh&511] | rep3(rc>>sh&511)
			x &^= rep3((all &^ (fc >> sh)) & 511)
			if x != f[b*10+d] {
				f[b*10+d] = x
				changed = true
				s.st.dirty |= 1 << d
			}
		}
	}
	return changed, true
}

// settle runs propagate and the triad rules to a common fixed point; a
// solved grid needs no triad pass (propagate has checked it).
func (s *counter9) settle() bool {
	for {
		if !s.propagate() {
			return false
		}
		if u := &s.st.unsolved; u[0]|u[1]|u[2] == 0 {
			return true
		}
		changed, ok := s.triads()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// stackCols9 are the columns of stack s in all three bands, as cp bits.
var stackCols9 = [3]uint32{rep3(7), rep3(7 << 3), rep3(7 << 6)}

// chooseConfig picks the band or stack that is not fixed with the fewest
// minirows (minicolumns) reached, summed over the digits (the first on a
// tie), and in it the digit with the fewest that is not fixed (the first
// on a tie). At a fixed point a digit's minirows in a band are the union
// of its configurations, so 3 means one configuration, 5 or 6 two, and
// a fixed band sums to 27. (Summing the configurations themselves, as
// tdoku does, takes 1.6% more nodes on forum-hardest-11plus.) It returns the unit (0-2 bands,
// 3-5 stacks), the digit and a minirow or minicolumn of the digit that
// not every configuration uses, as its bit in mr (9b + r*3+k for band b)
// or cp (9b + c); ok is false when every unit is fixed. The minimums are
// taken without branches (keys of count and index).
func (s *counter9) chooseConfig() (unit int, d uint, bit uint, ok bool) {
	// The sums from the last triad pass's counters (settle ends on a pass
	// that changed nothing, so they are the state's): per unit, the
	// reaching digits of its minirows (minicolumns) added up, weighted by
	// the counters' bits.
	r, c := &s.rc, &s.cc
	t0 := unitSum9(r, 0x1FF)
	t1 := unitSum9(r, 0x1FF<<9)
	t2 := unitSum9(r, 0x1FF<<18)
	t3 := unitSum9(c, uint64(stackCols9[0]))
	t4 := unitSum9(c, uint64(stackCols9[1]))
	t5 := unitSum9(c, uint64(stackCols9[2]))
	// A fixed unit's key is out of reach.
	k := min(unitKey(t0, 0), unitKey(t1, 1), unitKey(t2, 2), unitKey(t3, 3), unitKey(t4, 4), unitKey(t5, 5))
	if k >= 1<<12 {
		return
	}
	unit = int(k & 7)
	w, mask := &s.st.mr, uint32(0x1FF)<<(9*uint(unit))
	if unit >= 3 {
		w, mask = &s.st.cp, stackCols9[unit-3]
	}
	// The nine keys independently, then their minimum by a tree (no
	// chain of nine dependent minimums).
	k0, k1, k2 := digitKey(w[0], mask, 0), digitKey(w[1], mask, 1), digitKey(w[2], mask, 2)
	k3, k4, k5 := digitKey(w[3], mask, 3), digitKey(w[4], mask, 4), digitKey(w[5], mask, 5)
	k6, k7, k8 := digitKey(w[6], mask, 6), digitKey(w[7], mask, 7), digitKey(w[8], mask, 8)
	best := min(min(k0, k1), min(k2, k3), min(k4, k5), min(k6, k7, k8))
	d = best & 15
	x := w[d&15]
	return unit, d, uint(bits.TrailingZeros32(uint32(x) & mask &^ uint32(x>>27))), true
}

// digitKey is chooseConfig's key of digit dd with pattern word x in the
// unit of mask: its minirows (minicolumns) there, n >= 3 at a fixed point,
// then dd; a digit fixed in the unit (n = 3) wraps n-4 and its top bit
// puts the key out of reach.
func digitKey(x uint64, mask uint32, dd uint) uint {
	n := uint(bits.OnesCount32(uint32(x) & mask))
	return n<<4 | dd | (n-4)>>63<<12
}

// unitSum9 adds up the counts of countBits9's counters c over the bits
// of mask.
func unitSum9(c *[4]uint64, mask uint64) uint {
	return uint(bits.OnesCount64(c[0]&mask)) + uint(bits.OnesCount64(c[1]&mask))<<1 +
		uint(bits.OnesCount64(c[2]&mask))<<2 + uint(bits.OnesCount64(c[3]&mask))<<3
}

// unitKey is t<<3|u for a unit that is not fixed (more than 27 minirows
// or minicolumns reached), 1<<12|u for one that is.
func unitKey(t, u uint) uint {
	// t >= 27 at a fixed point (three minirows or more a digit), so t-28
	// wraps exactly for a fixed unit; no branch.
	return t<<3 | u | (t-28)>>63<<12
}

// applyConfig restricts st to digit d using (force) or not using the
// minirow or minicolumn of unit u at bit (as chooseConfig returns it).
func applyConfig(st *cstate9, u int, d, bit uint, force bool) {
	f := st.f()
	b := bit / 9
	if u < 3 {
		i := b*10 + d
		if force {
			f[i] &= forceKeep[1<<(bit-9*b)]
		} else {
			f[i] &^= miniCells9[1<<(bit-9*b)]
		}
	} else {
		c := bit - 9*b
		col := rep3(1 << c)
		if force {
			for bb := uint(0); bb < 3; bb++ {
				if bb == b {
					f[bb*10+d] &^= vForce9[1<<c]
				} else {
					f[bb*10+d] &^= col
				}
			}
		} else {
			f[b*10+d] &^= col
		}
	}
	st.dirty |= 1 << d
}
