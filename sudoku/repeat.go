package sudoku

// Repeat finds the first value that appears twice among values at the
// given cells, in the order the cells are listed: first is the cell that
// held it first, second the cell that repeats it. Zero (an empty cell) and
// values outside 1..MaxN never count. The houses of every kind's geometry
// (rows, columns, boxes, variant houses, killer cages) are checked with it,
// so all say "appears twice" the same way. Every cell must index values:
// a cell outside 0..len(values)-1 is a programmer's error and panics.
func Repeat[V ~uint8 | ~int8](cells []int, values []V) (first, second int, ok bool) {
	var at [MaxN + 1]int // cell+1 where each value was seen
	for _, c := range cells {
		v := int(values[c])
		if v <= 0 || v > MaxN {
			continue
		}
		if at[v] != 0 {
			return at[v] - 1, c, true
		}
		at[v] = c + 1
	}
	return 0, 0, false
}
