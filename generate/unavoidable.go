package generate

// Two-digit unavoidable sets. For digits a and b of the solution, take a
// cell holding a, then the cells holding b in its row, column and box,
// then the cells holding a in theirs, and so on: the cells reached can
// swap a and b and the grid stays valid. So a puzzle with no given in such
// a set has a second solution, and removing the last given of a set is
// refused without any search. Each cell lies in N-1 such sets (one per
// other digit); the digger keeps, per set, how many of its cells are still
// givens.

// findPairSets computes the sets of d.sol into d.setOf and d.setLeft.
func (d *digger) findPairSets() {
	geo := d.geo
	n := geo.N
	// pos[u*n+v-1]: the cell holding v in unit u.
	for u, uc := range geo.Units {
		for _, c := range uc {
			d.pos[u*n+int(d.sol[c])-1] = int32(c)
		}
	}
	for i := range d.slot {
		d.slot[i] = 0
	}
	d.setLeft = d.setLeft[:0]
	seen := d.seen
	for a := 1; a <= n; a++ {
		for b := a + 1; b <= n; b++ {
			stamp := int32(a*(n+1) + b)
			for u := range n { // every a-cell is in one of the rows
				start := d.pos[u*n+a-1]
				if seen[start] == stamp {
					continue
				}
				id := int32(len(d.setLeft))
				size := int32(0)
				stack := append(d.stack[:0], start)
				seen[start] = stamp
				for len(stack) > 0 {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					size++
					d.setOf[int(x)*(n-1)+d.slot[x]] = id
					d.slot[x]++
					other := a
					if int(d.sol[x]) == a {
						other = b
					}
					for k := 0; k < 3; k++ {
						y := d.pos[int(d.cu[3*int(x)+k])*n+other-1]
						if seen[y] != stamp {
							seen[y] = stamp
							stack = append(stack, y)
						}
					}
				}
				d.stack = stack
				d.setLeft = append(d.setLeft, size)
			}
		}
	}
}
