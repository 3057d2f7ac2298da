package variant

import "math/bits"

// set128 is a set of up to 128 cells.
type set128 struct{ lo, hi uint64 }

// bit128 is the set of cell i alone.
func bit128(i int) set128 {
	if i < 64 {
		return set128{lo: 1 << uint(i)}
	}
	return set128{hi: 1 << uint(i-64)}
}
func (a set128) or(b set128) set128     { return set128{a.lo | b.lo, a.hi | b.hi} }
func (a set128) and(b set128) set128    { return set128{a.lo & b.lo, a.hi & b.hi} }
func (a set128) andNot(b set128) set128 { return set128{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a set128) count() int             { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

// orShifted returns the set with the cells of w (bit i: cell k+i) added,
// k < 128.
func (a set128) orShifted(w uint64, k int) set128 {
	if k < 64 {
		a.lo |= w << uint(k)
		if k > 0 {
			a.hi |= w >> uint(64-k)
		}
		return a
	}
	a.hi |= w << uint(k-64)
	return a
}

// shl and shr shift the set by k < 64 cells up and down the index.
func (a set128) shl(k uint) set128 { return set128{a.lo << k, a.hi<<k | a.lo>>(64-k)} }
func (a set128) shr(k uint) set128 { return set128{a.lo>>k | a.hi<<(64-k), a.hi >> k} }

// nth returns the k-th cell of the set, lowest first (k < count).
func (a set128) nth(k int) int {
	if c := bits.OnesCount64(a.lo); k >= c {
		k -= c
		x := a.hi
		for ; k > 0; k-- {
			x &= x - 1
		}
		return 64 + bits.TrailingZeros64(x)
	}
	x := a.lo
	for ; k > 0; k-- {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}

// empty reports whether the set holds no cell.
func (a set128) empty() bool { return a.lo|a.hi == 0 }

// has reports whether cell c is in the set.
func (a set128) has(c int32) bool {
	return (c < 64 && a.lo&(1<<c) != 0) || (c >= 64 && a.hi&(1<<(c-64)) != 0)
}

// first is the lowest cell of a non-empty set.
func (a set128) first() int32 {
	if a.lo != 0 {
		return int32(bits.TrailingZeros64(a.lo))
	}
	return 64 + int32(bits.TrailingZeros64(a.hi))
}
