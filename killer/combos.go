package killer

import (
	"fmt"
	"math/bits"
)

// A digit set is a uint16 bitset: bit d-1 stands for digit d.

// combos[n][size][sum] lists the sets of `size` distinct digits 1..n that
// add up to `sum`, for n = 1..MaxN.
var combos [MaxN + 1][MaxN + 1][MaxN*(MaxN+1)/2 + 1][]uint16

// anySum[n][size] lists every set of `size` distinct digits 1..n: the
// combinations of a cage whose sum is hidden.
var anySum [MaxN + 1][MaxN + 1][]uint16

func init() {
	for n := 1; n <= MaxN; n++ {
		for m := uint16(1); m < 1<<n; m++ {
			k := bits.OnesCount16(m)
			combos[n][k][maskSum(m)] = append(combos[n][k][maskSum(m)], m)
		}
		for s := range combos[n] {
			for _, sets := range combos[n][s] {
				anySum[n][s] = append(anySum[n][s], sets...)
			}
		}
	}
}

// maskSum is the sum of the digits of the set m.
func maskSum(m uint16) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros16(m) + 1
	}
	return s
}

// Combos returns the digit sets (bit d-1 for digit d) of `size` distinct
// digits 1..n adding up to sum, smallest set value first. The slice is
// shared: do not change it.
func Combos(n, size, sum int) []uint16 {
	if n < 1 || n > MaxN || size < 1 || size > n || sum < 0 || sum >= len(combos[n][size]) {
		return nil
	}
	return combos[n][size][sum]
}

// CageCombos is Combos for a cage: a cage whose sum is hidden (sum 0)
// may hold any `size` distinct digits 1..n.
func CageCombos(n, size, sum int) []uint16 {
	if sum == 0 {
		if n < 1 || n > MaxN || size < 1 || size > n {
			return nil
		}
		return anySum[n][size]
	}
	return Combos(n, size, sum)
}

// SumRange is the smallest and largest sum of `size` distinct digits 1..n,
// for the n Combos knows (1..MaxN) and 1 <= size <= n; any other n or size
// (more cells than digits, say) has no sums and is an error.
func SumRange(n, size int) (lo, hi int, err error) {
	if n < 1 || n > MaxN || size < 1 || size > n {
		return 0, 0, fmt.Errorf("killer: no sums for %d distinct digits 1..%d (want 1 <= cells <= digits <= %d)", size, n, MaxN)
	}
	return size * (size + 1) / 2, size * (2*n - size + 1) / 2, nil
}

// digitsString writes a digit set as its digits in increasing order, e.g.
// "1259".
func digitsString(m uint16) string {
	b := make([]byte, 0, 9)
	for ; m != 0; m &= m - 1 {
		b = append(b, byte('1'+bits.TrailingZeros16(m)))
	}
	return string(b)
}

// fits reports whether the digit set combo can be placed in cells with
// candidate sets cand (len(cand) == popcount(combo)), one digit a cell:
// a perfect matching between cells and digits, by Hall's condition over
// the subsets of cells (cages have at most 9 cells).
func fits(combo uint16, cand []uint16) bool {
	k := len(cand)
	for _, c := range cand {
		if c&combo == 0 {
			return false
		}
	}
	if k <= 1 {
		return true
	}
	// Hall: every subset of cells sees at least as many digits of combo.
	for s := 1; s < 1<<k; s++ {
		var u uint16
		for t := s; t != 0; t &= t - 1 {
			u |= cand[bits.TrailingZeros(uint(t))]
		}
		if bits.OnesCount16(u&combo) < bits.OnesCount(uint(s)) {
			return false
		}
	}
	return true
}
