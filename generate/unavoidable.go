package generate

import (
	"math/bits"

	"github.com/sudogen/sudogen/sudoku"
)

// Unavoidable sets the digger knows without a search. A puzzle with no
// given in an unavoidable set of its solution has a second solution (the
// set's cells can be rearranged and the grid stays valid), so removing the
// last given of such a set is refused at once. The digger keeps, per set,
// how many of its cells are still givens, and per cell its sets: slots
// 0..N-2 of setOf hold the two-digit sets, the next (BoxRows-1)+(BoxCols-1)
// the row-pair sets, setCount the slots used.
//
// Two-digit sets. For digits a and b, take a cell holding a, then the cells
// holding b in its row, column and box, then the cells holding a in theirs,
// and so on: the cells reached can swap a and b. Each cell lies in N-1 such
// sets, one per other digit. Every row holds one a and one b, and the two
// are linked (same row), so a set is a union of whole rows' a/b pairs: the
// sets of a pair of digits are the classes of a union-find over the N rows,
// row r joined with the row of the b in the column, and in the box, of row
// r's a (the links from a b lead to the same pairs).
//
// Row-pair sets. Two rows of one band hold, over some columns C, the same
// digits (a cycle of the permutation taking each column to the column of
// row r1 that holds row r2's digit there): swapping the two rows' cells in
// the columns of C keeps every row, column and box valid, so those 2|C|
// cells are an unavoidable set. Cycles of two columns are two-digit sets;
// the longer ones, and the same for two columns of one stack, are about 25
// a 9x9 grid and settle about a sixth of the removal tests that a search
// would otherwise answer "keep".

// setStride is the number of set slots per cell.
func setStride(geo *sudoku.Geometry) int { return geo.N - 1 + geo.BoxRows - 1 + geo.BoxCols - 1 }

// findSets computes the unavoidable sets of d.sol.
func (d *digger) findSets() {
	n := d.geo.N
	d.setLeft = d.setLeft[:0]
	for c := range d.setCount {
		d.setCount[c] = int8(n - 1)
	}
	if n == 9 && d.stride == 12 {
		d.findPairSets9()
		d.findRowPairSets9()
	} else {
		d.findPairSets()
		d.findRowPairSets()
	}
}

// findPairSets records the two-digit sets.
func (d *digger) findPairSets() {
	n, stride := d.geo.N, d.stride
	// For digit v (0-based) and row r: its column and box, the row holding
	// v in column c and in box k, and the cell holding v in row r, at index
	// v*n + r, c or k.
	t := d.pairT
	u := &d.units
	for i, x := range d.sol {
		v := int(x) - 1
		r, c, k := int(u.row[i]), int(u.col[i]), int(u.box[i])
		t.colOf[v*n+r] = int8(c)
		t.boxOf[v*n+r] = int8(k)
		t.rowInCol[v*n+c] = int8(r)
		t.rowInBox[v*n+k] = int8(r)
		t.cellOf[v*n+r] = int16(i)
	}
	// The classes of a pair of digits are the connected components of
	// the graph on the rows (as bit sets, N <= 25 < 32) whose edges join
	// row r with the row of the b in the column, and in the box, of row
	// r's a; each component is grown from its lowest row, so the sets get
	// their ids in the order of their lowest rows.
	var adj [sudoku.MaxN]uint32
	all := uint32(1)<<n - 1
	for a := 0; a < n; a++ {
		colA, boxA, cellA := t.colOf[a*n:a*n+n], t.boxOf[a*n:a*n+n], t.cellOf[a*n:a*n+n]
		for b := a + 1; b < n; b++ {
			inCol, inBox, cellB := t.rowInCol[b*n:b*n+n], t.rowInBox[b*n:b*n+n], t.cellOf[b*n:b*n+n]
			for r := 0; r < n; r++ {
				adj[r] = 1 << r
			}
			for r := 0; r < n; r++ {
				p, q := inCol[colA[r]], inBox[boxA[r]]
				adj[r] |= 1<<uint(p) | 1<<uint(q)
				adj[p] |= 1 << r
				adj[q] |= 1 << r
			}
			// Slot of digit b in an a-cell's list, and of a in a b-cell's.
			slotA, slotB := b-1, a
			for left := all; left != 0; {
				comp := left & -left
				for todo := comp; todo != 0; {
					x := bits.TrailingZeros32(todo)
					todo &= todo - 1
					grow := adj[x] &^ comp
					comp |= grow
					todo |= grow
				}
				left &^= comp
				s := int32(len(d.setLeft))
				d.setLeft = append(d.setLeft, int32(2*bits.OnesCount32(comp)))
				for m := comp; m != 0; m &= m - 1 {
					r := bits.TrailingZeros32(m)
					d.setOf[int(cellA[r])*stride+slotA] = s
					d.setOf[int(cellB[r])*stride+slotB] = s
				}
			}
		}
	}
}

// findPairSets9 is findPairSets for 9x9 grids, with fixed-size tables
// (indices masked to 4 bits, so without bounds checks): the same sets with
// the same ids, in half the instructions.
func (d *digger) findPairSets9() {
	const stride = 12 // setStride of 9x9
	t := &d.pairT.t9
	u := &d.units
	for i, x := range d.sol[:81] {
		v := (x - 1) & 15
		r, c, k := uint8(u.row[i])&15, uint8(u.col[i])&15, uint8(u.box[i])&15
		t.colOf[v][r] = c
		t.boxOf[v][r] = k
		t.rowInCol[v][c] = r
		t.rowInBox[v][k] = r
		t.cellOf[v][r] = uint8(i)
	}
	for a := 0; a < 9; a++ {
		colA, boxA, cellA := &t.colOf[a], &t.boxOf[a], &t.cellOf[a]
		for b := a + 1; b < 9; b++ {
			inCol, inBox, cellB := &t.rowInCol[b], &t.rowInBox[b], &t.cellOf[b]
			var adj [16]uint16
			for r := 0; r < 9; r++ {
				p, q := inCol[colA[r]&15]&15, inBox[boxA[r]&15]&15
				adj[r] |= 1<<r | 1<<p | 1<<q
				adj[p] |= 1 << r
				adj[q] |= 1 << r
			}
			slotA, slotB := b-1, a
			for left := uint16(0x1FF); left != 0; {
				comp := left & -left
				for todo := comp; todo != 0; {
					x := bits.TrailingZeros16(todo) & 15
					todo &= todo - 1
					grow := adj[x] &^ comp
					comp |= grow
					todo |= grow
				}
				left &^= comp
				s := int32(len(d.setLeft))
				d.setLeft = append(d.setLeft, int32(2*bits.OnesCount16(comp)))
				for m := comp; m != 0; m &= m - 1 {
					r := bits.TrailingZeros16(m) & 15
					d.setOf[int(cellA[r])*stride+slotA] = s
					d.setOf[int(cellB[r])*stride+slotB] = s
				}
			}
		}
	}
}

// findRowPairSets records the row-pair and column-pair sets.
func (d *digger) findRowPairSets() {
	geo := d.geo
	n, stride := geo.N, d.stride
	var posIn1 [sudoku.MaxN + 1]int8
	for t := 0; t < 2; t++ { // rows within bands, then columns within stacks
		band, rs, cs := geo.BoxRows, n, 1 // cell of (line r, position c): r*rs + c*cs
		if t == 1 {
			band, rs, cs = geo.BoxCols, 1, n
		}
		for top := 0; top < n; top += band {
			for r1 := top; r1 < top+band; r1++ {
				for c := 0; c < n; c++ {
					posIn1[d.sol[r1*rs+c*cs]] = int8(c)
				}
				for r2 := r1 + 1; r2 < top+band; r2++ {
					var seen uint32
					for c0 := 0; c0 < n; c0++ {
						if seen>>c0&1 != 0 {
							continue
						}
						var cyc uint32
						length := 0
						for c := c0; cyc>>c&1 == 0; c = int(posIn1[d.sol[r2*rs+c*cs]]) {
							cyc |= 1 << c
							length++
						}
						seen |= cyc
						if length < 3 {
							continue
						}
						id := int32(len(d.setLeft))
						d.setLeft = append(d.setLeft, int32(2*length))
						for ; cyc != 0; cyc &= cyc - 1 {
							c := bits.TrailingZeros32(cyc)
							for _, x := range [2]int{r1*rs + c*cs, r2*rs + c*cs} {
								d.setOf[x*stride+int(d.setCount[x])] = id
								d.setCount[x]++
							}
						}
					}
				}
			}
		}
	}
}

// findRowPairSets9 is findRowPairSets for 9x9 grids (the same sets, the
// same ids), with fixed-size arrays.
func (d *digger) findRowPairSets9() {
	const stride = 12
	sol := (*[81]uint8)(d.sol)
	var posIn1 [16]uint8
	for t := 0; t < 2; t++ { // rows within bands, then columns within stacks
		rs, cs := 9, 1 // cell of (line r, position c): r*rs + c*cs
		if t == 1 {
			rs, cs = 1, 9
		}
		for r1 := 0; r1 < 9; r1++ {
			for c := 0; c < 9; c++ {
				posIn1[sol[r1*rs+c*cs]&15] = uint8(c)
			}
			for r2 := r1 + 1; r2 < r1/3*3+3; r2++ {
				var seen uint16
				for c0 := 0; c0 < 9; c0++ {
					if seen>>c0&1 != 0 {
						continue
					}
					var cyc uint16
					for c := c0; cyc>>c&1 == 0; c = int(posIn1[sol[r2*rs+c*cs]&15] & 15) {
						cyc |= 1 << c
					}
					seen |= cyc
					length := bits.OnesCount16(cyc)
					if length < 3 {
						continue
					}
					id := int32(len(d.setLeft))
					d.setLeft = append(d.setLeft, int32(2*length))
					for ; cyc != 0; cyc &= cyc - 1 {
						c := bits.TrailingZeros16(cyc)
						x, y := r1*rs+c*cs, r2*rs+c*cs
						d.setOf[x*stride+int(d.setCount[x])] = id
						d.setCount[x]++
						d.setOf[y*stride+int(d.setCount[y])] = id
						d.setCount[y]++
					}
				}
			}
		}
	}
}

// pairTables are findPairSets' work space: where each digit of the
// solution lies, by row, column and box.
type pairTables struct {
	colOf, boxOf, rowInCol, rowInBox [sudoku.MaxN * sudoku.MaxN]int8
	cellOf                           [sudoku.MaxN * sudoku.MaxN]int16
	t9                               pairTables9
}

// pairTables9 are findPairSets9's tables, indexed [digit][row, column or
// box] (0-8, padded to 16).
type pairTables9 struct {
	colOf, boxOf, rowInCol, rowInBox, cellOf [16][16]uint8
}
