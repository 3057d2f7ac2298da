package killer

import "math/bits"

// CellSet is a set of cells of a grid of at most 128 cells, as a bitset.
type CellSet [2]uint64

// Add puts cell c in the set.
func (s *CellSet) Add(c int) { s[c>>6] |= 1 << uint(c&63) }

// Remove takes cell c out of the set.
func (s *CellSet) Remove(c int) { s[c>>6] &^= 1 << uint(c&63) }

// Has reports whether cell c is in the set.
func (s CellSet) Has(c int) bool { return s[c>>6]>>uint(c&63)&1 != 0 }

// Union is the cells in s or t.
func (s CellSet) Union(t CellSet) CellSet { return CellSet{s[0] | t[0], s[1] | t[1]} }

// Inter is the cells in both s and t.
func (s CellSet) Inter(t CellSet) CellSet { return CellSet{s[0] & t[0], s[1] & t[1]} }

// Minus is the cells of s not in t.
func (s CellSet) Minus(t CellSet) CellSet { return CellSet{s[0] &^ t[0], s[1] &^ t[1]} }

// Empty reports whether the set has no cell.
func (s CellSet) Empty() bool { return s[0]|s[1] == 0 }

// Len is the number of cells in the set.
func (s CellSet) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// SubsetOf reports whether every cell of s is in t.
func (s CellSet) SubsetOf(t CellSet) bool { return s.Minus(t).Empty() }

// Cells lists the cells of the set in increasing order.
func (s CellSet) Cells() []int {
	out := make([]int, 0, s.Len())
	for w := 0; w < 2; w++ {
		for m := s[w]; m != 0; m &= m - 1 {
			out = append(out, w<<6|bits.TrailingZeros64(m))
		}
	}
	return out
}

// Set builds a CellSet from a list of cells.
func Set(cells []int) CellSet {
	var s CellSet
	for _, c := range cells {
		s.Add(c)
	}
	return s
}
