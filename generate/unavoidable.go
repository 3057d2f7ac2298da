package generate

import "github.com/sudogen/sudogen/sudoku"

// Two-digit unavoidable sets. For digits a and b of the solution, take a
// cell holding a, then the cells holding b in its row, column and box,
// then the cells holding a in theirs, and so on: the cells reached can
// swap a and b and the grid stays valid. So a puzzle with no given in such
// a set has a second solution, and removing the last given of a set is
// refused without any search. Each cell lies in N-1 such sets (one per
// other digit); the digger keeps, per set, how many of its cells are still
// givens.
//
// Every row holds one a and one b, and the two are linked (same row), so a
// set is a union of whole rows' a/b pairs: the sets of a pair of digits
// are the classes of a union-find over the N rows, row r joined with the
// row of the b in the column, and in the box, of row r's a (the links from
// a b lead to the same pairs).

// findPairSets computes the sets of d.sol into d.setOf and d.setLeft.
func (d *digger) findPairSets() {
	geo := d.geo
	n := geo.N
	// For digit v (0-based) and row r: its column and box (colOf, boxOf),
	// and the row holding v in column c and in box k (rowInCol, rowInBox),
	// at index v*n + r, c or k; cellOf is the cell holding v in row r.
	t := d.pairT
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := r*n + c
			v := int(d.sol[i]) - 1
			k := int(d.cu[3*i+2]) - 2*n
			t.colOf[v*n+r] = int8(c)
			t.boxOf[v*n+r] = int8(k)
			t.rowInCol[v*n+c] = int8(r)
			t.rowInBox[v*n+k] = int8(r)
			t.cellOf[v*n+r] = int16(i)
		}
	}
	for i := range d.slot {
		d.slot[i] = 0
	}
	d.setLeft = d.setLeft[:0]
	var parent [sudoku.MaxN]int8
	var id [sudoku.MaxN]int32
	for a := 0; a < n; a++ {
		colA, boxA := t.colOf[a*n:a*n+n], t.boxOf[a*n:a*n+n]
		for b := a + 1; b < n; b++ {
			inCol, inBox := t.rowInCol[b*n:b*n+n], t.rowInBox[b*n:b*n+n]
			for r := 0; r < n; r++ {
				parent[r] = int8(r)
			}
			for r := 0; r < n; r++ {
				for _, y := range [2]int8{inCol[colA[r]], inBox[boxA[r]]} {
					x := int8(r)
					for parent[x] != x {
						parent[x] = parent[parent[x]]
						x = parent[x]
					}
					for parent[y] != y {
						parent[y] = parent[parent[y]]
						y = parent[y]
					}
					parent[x] = y
				}
			}
			for r := 0; r < n; r++ {
				id[r] = -1
			}
			for r := 0; r < n; r++ {
				root := int8(r)
				for parent[root] != root {
					root = parent[root]
				}
				if id[root] < 0 {
					id[root] = int32(len(d.setLeft))
					d.setLeft = append(d.setLeft, 0)
				}
				s := id[root]
				d.setLeft[s] += 2
				xa, xb := int(t.cellOf[a*n+r]), int(t.cellOf[b*n+r])
				d.setOf[xa*(n-1)+d.slot[xa]] = s
				d.slot[xa]++
				d.setOf[xb*(n-1)+d.slot[xb]] = s
				d.slot[xb]++
			}
		}
	}
}

// pairTables are findPairSets' work space: where each digit of the
// solution lies, by row, column and box.
type pairTables struct {
	colOf, boxOf, rowInCol, rowInBox [sudoku.MaxN * sudoku.MaxN]int8
	cellOf                           [sudoku.MaxN * sudoku.MaxN]int16
}

// Row-pair sets. Two rows of one band hold, over some columns C, the same
// digits (a cycle of the permutation taking each column to the column of
// row r1 that holds row r2's digit there): swapping the two rows' cells in
// the columns of C keeps every row, column and box valid, so those 2|C|
// cells are an unavoidable set. Cycles of two columns are two-digit sets
// (above); the longer ones, and the same for two columns of one stack, are
// kept as extra sets: about 25 a 9x9 grid, which settle about a sixth of
// the removal tests that a search would otherwise answer "keep".

// findRowPairSets appends the row-pair and column-pair sets of d.sol to
// d.setLeft and lists each cell's sets in d.extraStart/d.extraOf.
func (d *digger) findRowPairSets() {
	geo := d.geo
	n := geo.N
	d.extraCell = d.extraCell[:0]
	d.extraID = d.extraID[:0]
	var posIn1 [sudoku.MaxN + 1]int8
	var seen [sudoku.MaxN]bool
	for t := 0; t < 2; t++ { // rows within bands, then columns within stacks
		band := geo.BoxRows
		if t == 1 {
			band = geo.BoxCols
		}
		at := func(r, c int) int {
			if t == 1 {
				return c*n + r
			}
			return r*n + c
		}
		for top := 0; top < n; top += band {
			for r1 := top; r1 < top+band; r1++ {
				for c := 0; c < n; c++ {
					posIn1[d.sol[at(r1, c)]] = int8(c)
				}
				for r2 := r1 + 1; r2 < top+band; r2++ {
					seen = [sudoku.MaxN]bool{}
					for c0 := 0; c0 < n; c0++ {
						if seen[c0] {
							continue
						}
						length := 0
						for c := c0; !seen[c]; c = int(posIn1[d.sol[at(r2, c)]]) {
							seen[c] = true
							length++
						}
						if length < 3 {
							continue
						}
						id := int32(len(d.setLeft))
						d.setLeft = append(d.setLeft, int32(2*length))
						for c, k := c0, 0; k < length; c, k = int(posIn1[d.sol[at(r2, c)]]), k+1 {
							d.extraCell = append(d.extraCell, int32(at(r1, c)), int32(at(r2, c)))
							d.extraID = append(d.extraID, id, id)
						}
					}
				}
			}
		}
	}
	// Each cell's sets, by counting sort.
	start := d.extraStart
	for i := range start {
		start[i] = 0
	}
	for _, c := range d.extraCell {
		start[c+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	d.extraOf = append(d.extraOf[:0], make([]int32, len(d.extraCell))...)
	fill := d.slot
	for i := range fill {
		fill[i] = 0
	}
	for k, c := range d.extraCell {
		d.extraOf[int(start[c])+fill[c]] = d.extraID[k]
		fill[c]++
	}
}
