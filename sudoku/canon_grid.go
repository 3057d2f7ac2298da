package sudoku

import "bytes"

// The full-grid search. In a full grid the first result row is always
// 1 2 ... N whatever the transformation, so pattern pruning does nothing;
// instead the column order is chosen to minimize the second row.
//
// Fix the orientation and the original rows r0, r1 of result rows 0 and 1
// (same band). With column order p (result position -> original column),
// row 0 gives value row0[p(j)] the label j+1, so result row 1 reads
// pos(img(p(j)))+1 at position j, where img(x) is the column in which row0
// holds row1[x]. The search fills positions left to right; when the column
// img(x) has no position yet it takes the smallest one it may (the first
// free place in its stack's slot, or the first free slot), which is the
// only choice that can keep the row minimal. Choices branch only on ties.
// Every order that gives the best second row is kept; the remaining rows
// then follow greedily (two different rows of a valid grid never tie).

type gridPlace struct {
	pcol      [MaxN]int8 // result position -> original column, -1 if free
	posOf     [MaxN]int8 // original column -> result position, -1 if none
	slotStack [5]int8    // result slot -> original stack, -1 if free
	stackSlot [5]int8    // original stack -> result slot, -1 if none
}

type gridLeaf struct {
	t, r0, r1 int8
	cols      [MaxN]int8
}

type gridSearch struct {
	c       *Canonicalizer
	img     [MaxN]int8
	best1   [MaxN]int8
	best1N  int
	t       int8
	r0, r1  int8
	leaves  []gridLeaf
	full    [MaxN * MaxN]uint8
	haveBst bool
	label   [MaxN + 1]uint8
	rows    [MaxN]int8
	tmp     [MaxN]uint8
	row     [MaxN]uint8
	places  [MaxN + 2]gridPlace // one node per depth
}

func (gs *gridSearch) place(pl *gridPlace, x, j int) {
	bc := gs.c.bc
	pl.pcol[j] = int8(x)
	pl.posOf[x] = int8(j)
	if sx := x / bc; pl.stackSlot[sx] < 0 {
		pl.stackSlot[sx] = int8(j / bc)
		pl.slotStack[j/bc] = int8(sx)
	}
}

// firstFree returns the smallest position column y may still take, given
// that slot skip (if >= 0) is about to be taken by another stack.
func (gs *gridSearch) firstFree(pl *gridPlace, y, skip int) int {
	bc, ns := gs.c.bc, gs.c.ns
	if s := pl.stackSlot[y/bc]; s >= 0 {
		for q := int(s) * bc; q < int(s)*bc+bc; q++ {
			if pl.pcol[q] < 0 {
				return q
			}
		}
		return -1 // not reached in a valid grid
	}
	for s := 0; s < ns; s++ {
		if pl.slotStack[s] < 0 && s != skip {
			return s * bc
		}
	}
	return -1
}

func (gs *gridSearch) run() {
	c := gs.c
	n, br := c.n, c.br
	gs.leaves = gs.leaves[:0]
	gs.best1N = 0
	orient := 1
	if c.square {
		orient = 2
	}
	for t := 0; t < orient; t++ {
		g := &c.g[t]
		for r0 := 0; r0 < n; r0++ {
			b := r0 / br
			var where [MaxN + 1]int8
			for col := 0; col < n; col++ {
				where[g[r0*n+col]] = int8(col)
			}
			for r1 := b * br; r1 < b*br+br; r1++ {
				if r1 == r0 {
					continue
				}
				for col := 0; col < n; col++ {
					gs.img[col] = where[g[r1*n+col]]
				}
				gs.t, gs.r0, gs.r1 = int8(t), int8(r0), int8(r1)
				pl := &gs.places[0]
				for i := range pl.pcol {
					pl.pcol[i], pl.posOf[i] = -1, -1
				}
				for i := range pl.slotStack {
					pl.slotStack[i], pl.stackSlot[i] = -1, -1
				}
				gs.dfs(0, pl)
			}
		}
	}
	// Complete every tied leaf and keep the smallest grid.
	gs.haveBst = false
	for i := range gs.leaves {
		gs.finish(&gs.leaves[i])
	}
}

// see compares value v at row-1 position j with the best so far: -1 to cut,
// 0 to go on. It updates the best when v improves on it.
func (gs *gridSearch) see(j int, v int8) bool {
	if j < gs.best1N {
		if v > gs.best1[j] {
			return false
		}
		if v == gs.best1[j] {
			return true
		}
	}
	gs.best1[j] = v
	gs.best1N = j + 1
	gs.leaves = gs.leaves[:0]
	return true
}

func (gs *gridSearch) dfs(j int, pl *gridPlace) {
	c := gs.c
	n, bc := c.n, c.bc
	for j < n && pl.pcol[j] >= 0 {
		// Forced: the column is known; place its image if needed.
		y := int(gs.img[pl.pcol[j]])
		if pl.posOf[y] < 0 {
			gs.place(pl, y, gs.firstFree(pl, y, -1))
		}
		if !gs.see(j, pl.posOf[y]) {
			return
		}
		j++
	}
	if j == n {
		gs.leaves = append(gs.leaves, gridLeaf{t: gs.t, r0: gs.r0, r1: gs.r1, cols: pl.pcol})
		return
	}
	// Choose the column at j among those that give the smallest value.
	s := j / bc
	var cand [MaxN]int8
	var val [MaxN]int8
	nc := 0
	skip := -1
	if pl.slotStack[s] < 0 {
		skip = s
	}
	for x := 0; x < n; x++ {
		if pl.posOf[x] >= 0 {
			continue
		}
		sx := x / bc
		if skip < 0 {
			if int(pl.stackSlot[sx]) != s {
				continue
			}
		} else if pl.stackSlot[sx] >= 0 {
			continue
		}
		y := int(gs.img[x])
		v := pl.posOf[y]
		if v < 0 {
			v = int8(gs.firstFree(pl, y, skip))
		}
		cand[nc], val[nc] = int8(x), v
		nc++
	}
	min := int8(127)
	for i := 0; i < nc; i++ {
		if val[i] < min {
			min = val[i]
		}
	}
	if !gs.see(j, min) {
		return
	}
	for i := 0; i < nc; i++ {
		if val[i] != min {
			continue
		}
		child := &gs.places[j+1]
		*child = *pl
		x := int(cand[i])
		gs.place(child, x, j)
		y := int(gs.img[x])
		if child.posOf[y] < 0 {
			gs.place(child, y, int(min))
		}
		gs.dfs(j+1, child)
	}
}

// finish completes a leaf greedily and keeps it if its grid is the
// smallest so far.
func (gs *gridSearch) finish(lf *gridLeaf) {
	c := gs.c
	n, br := c.n, c.br
	g := &c.g[lf.t]
	for j := 0; j < n; j++ {
		gs.label[g[int(lf.r0)*n+int(lf.cols[j])]] = uint8(j + 1)
	}
	var used uint32 = 1<<uint(lf.r0) | 1<<uint(lf.r1)
	var bandsUsed uint32 = 1 << (int(lf.r0) / br)
	gs.rows[0], gs.rows[1] = lf.r0, lf.r1
	better := !gs.haveBst
	band := int(lf.r0) / br
	for k := 2; k < n; k++ {
		lo, hi := band*br, band*br+br
		if k%br == 0 {
			lo, hi = 0, n
		}
		bestR := -1
		for r := lo; r < hi; r++ {
			if used&(1<<r) != 0 || (k%br == 0 && bandsUsed&(1<<(r/br)) != 0) {
				continue
			}
			row := g[r*n:]
			for j := 0; j < n; j++ {
				gs.tmp[j] = gs.label[row[lf.cols[j]]]
			}
			if bestR < 0 || bytes.Compare(gs.tmp[:n], gs.row[:n]) < 0 {
				bestR = r
				gs.row = gs.tmp
			}
		}
		if !better {
			switch bytes.Compare(gs.row[:n], gs.full[k*n:k*n+n]) {
			case 1:
				return
			case -1:
				better = true
			}
		}
		if better {
			copy(gs.full[k*n:], gs.row[:n])
		}
		gs.rows[k] = int8(bestR)
		used |= 1 << bestR
		if k%br == 0 {
			band = bestR / br
			bandsUsed |= 1 << band
		}
	}
	if !better {
		return // equal to the best: keep the first
	}
	gs.haveBst = true
	tr := &c.tr
	tr.Transpose = lf.t == 1
	for i := 0; i < n; i++ {
		tr.Rows[i] = int(gs.rows[i])
		tr.Cols[i] = int(lf.cols[i])
	}
	c.finishRelabel(gs.label[:], uint8(n+1))
}
