package variant

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// BoxRegions returns the regions string of the box layout of side n (the
// classic boxes as jigsaw regions), "" if n has no box shape.
func BoxRegions(n int) string {
	shape, err := sudoku.ShapeForSize(n)
	if err != nil {
		return ""
	}
	b := make([]byte, n*n)
	for i := range b {
		r, c := i/n, i%n
		b[i] = sudoku.Symbols[r/shape.BoxRows*(n/shape.BoxCols)+c/shape.BoxCols]
	}
	return string(b)
}

// RandomRegions draws a random jigsaw layout of side n: n orthogonally
// connected regions of n cells that admit at least one Sudoku solution
// (rows, columns and regions). With a symmetry ("" or "none" for none)
// the layout maps onto itself under it; rot90 and diagonal need a
// square-box side (4, 9). The result is a regions string (see Spec).
// A symmetry that is not "", "random" or one of Symmetries, or a nil rng,
// is an error.
func RandomRegions(n int, symmetry string, rng *rand.Rand) (string, error) {
	if rng == nil {
		return "", errors.New("jigsaw: nil rng")
	}
	if symmetry != "" && symmetry != "random" && !slices.Contains(Symmetries, symmetry) {
		return "", fmt.Errorf("jigsaw: symmetry %q: expected none, random or one of %s", symmetry, strings.Join(Symmetries[1:], ", "))
	}
	for range 1000 {
		regions, err := randomLayout(n, symmetry, rng)
		if err != nil {
			return "", err
		}
		g, err := Build(Spec{Size: n, Variants: []string{Jigsaw}, Regions: regions})
		if err != nil {
			return "", err
		}
		s := NewSolver(g)
		s.SetLimit(200_000)
		if s.Random(rng, nil, make([]uint8, n*n)) {
			return regions, nil
		}
	}
	return "", fmt.Errorf("jigsaw %dx%d: no layout with a solution in 1000 draws", n, n)
}

// randomLayout shuffles the box layout by random exchanges of two cells'
// regions across region borders, each kept only when every region stays
// connected (and, with a symmetry, the layout stays symmetric: the
// exchange is made on every image of the two cells).
func randomLayout(n int, symmetry string, rng *rand.Rand) (string, error) {
	start := BoxRegions(n)
	if start == "" {
		return "", fmt.Errorf("jigsaw: no %dx%d grid", n, n)
	}
	lab := []byte(start)
	sym, perm := symmetry, []int(nil)
	switch sym {
	case "", "none":
		sym = "none"
	case "random":
		// Drawn again while the boxes lack the symmetry drawn (rot90 and
		// the diagonals on 2x3, 2x4 and 3x4 boxes): a draw the boxes
		// have is kept as it was, the others failed the run.
		for {
			sym = Symmetries[1+rng.IntN(len(Symmetries)-1)]
			if perm = squarePerm(sym, n); layoutSymmetric(lab, perm) {
				break
			}
		}
	default:
		if perm = squarePerm(sym, n); !layoutSymmetric(lab, perm) {
			return "", fmt.Errorf("jigsaw %dx%d: no %s-symmetric layout to start from (the boxes are not %s-symmetric)", n, n, sym, sym)
		}
	}
	work := newLayoutWork(n, lab)
	type swap struct{ a, b int }
	var undo []swap
	tries := 30 * n * n
	for range tries {
		a := rng.IntN(n * n)
		r, c := a/n, a%n
		var nb [4]int
		k := 0
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r2, c2 := r+d[0], c+d[1]
			if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && lab[r2*n+c2] != lab[a] {
				nb[k] = r2*n + c2
				k++
			}
		}
		if k == 0 {
			continue
		}
		// a joins the neighbour's region B; a cell of B bordering a's
		// region A joins A.
		bn := nb[rng.IntN(k)]
		A, B := lab[a], lab[bn]
		var b int
		if work.fast {
			// The cells of B bordering A but bn, lowest first.
			cand := work.mask[B].and(work.spread(work.mask[A])).andNot(bit128(bn))
			k := cand.count()
			if k == 0 {
				continue
			}
			b = cand.nth(rng.IntN(k))
		} else {
			cand := work.cand[:0]
			for i := range n * n {
				if lab[i] != B {
					continue
				}
				if work.borders(lab, i, A) && i != bn {
					cand = append(cand, i)
				}
			}
			work.cand = cand
			if len(cand) == 0 {
				continue
			}
			b = cand[rng.IntN(len(cand))]
		}
		undo = undo[:0]
		x, y := a, b
		for {
			if lab[x] != lab[y] {
				work.exchange(lab, x, y)
				undo = append(undo, swap{x, y})
			}
			if perm == nil {
				break
			}
			x, y = perm[x], perm[y]
			if x == a && y == b || x == b && y == a {
				break
			}
		}
		ok := true
		for _, s := range undo {
			if !work.connected(lab, lab[s.a]) || !work.connected(lab, lab[s.b]) {
				ok = false
				break
			}
		}
		if ok && perm != nil {
			ok = layoutSymmetric(lab, perm)
		}
		if !ok {
			for i := len(undo) - 1; i >= 0; i-- {
				work.exchange(lab, undo[i].a, undo[i].b)
			}
		}
	}
	return string(lab), nil
}

// layoutSymmetric reports whether the layout maps onto itself under perm:
// cells of one region map to cells of one region.
func layoutSymmetric(lab []byte, perm []int) bool {
	var to [256]byte
	for i, l := range lab {
		m := lab[perm[i]]
		if to[l] == 0 {
			to[l] = m
		} else if to[l] != m {
			return false
		}
	}
	return true
}

// layoutWork holds the scratch space of the connectivity checks. Boards
// of up to 128 cells (fast) keep each region's cells as a 128-bit set and
// check connectivity by flooding it with shifts; bigger ones search the
// cells.
type layoutWork struct {
	n     int
	seen  []bool
	stack []int
	cand  []int

	fast bool
	mask [256]set128 // per label, its cells
	all  set128      // every cell of the board
	// notFirst and notLast are the cells outside the first and the last
	// column.
	notFirst, notLast set128
}

// newLayoutWork returns the scratch space of randomLayout on side n,
// starting from the labels lab.
func newLayoutWork(n int, lab []byte) *layoutWork {
	w := &layoutWork{n: n, seen: make([]bool, n*n), stack: make([]int, 0, n*n), fast: n*n <= 128}
	if w.fast {
		for i, l := range lab {
			w.mask[l] = w.mask[l].or(bit128(i))
			w.all = w.all.or(bit128(i))
			if i%n != 0 {
				w.notFirst = w.notFirst.or(bit128(i))
			}
			if i%n != n-1 {
				w.notLast = w.notLast.or(bit128(i))
			}
		}
	}
	return w
}

// exchange swaps the labels of cells x and y.
func (w *layoutWork) exchange(lab []byte, x, y int) {
	if lab[x] == lab[y] {
		return
	}
	if w.fast {
		bx, by := bit128(x), bit128(y)
		w.mask[lab[x]] = w.mask[lab[x]].andNot(bx).or(by)
		w.mask[lab[y]] = w.mask[lab[y]].andNot(by).or(bx)
	}
	lab[x], lab[y] = lab[y], lab[x]
}

// spread returns the cells orthogonally next to a cell of m.
func (w *layoutWork) spread(m set128) set128 {
	n := uint(w.n)
	up := m.shr(n)
	down := m.shl(n).and(w.all)
	left := m.and(w.notFirst).shr(1)
	right := m.and(w.notLast).shl(1)
	return up.or(down).or(left).or(right)
}

// borders reports whether cell i has an orthogonal neighbour labelled l.
func (w *layoutWork) borders(lab []byte, i int, l byte) bool {
	n := w.n
	r, c := i/n, i%n
	return r > 0 && lab[i-n] == l || r+1 < n && lab[i+n] == l || c > 0 && lab[i-1] == l || c+1 < n && lab[i+1] == l
}

// connected reports whether the cells labelled l form one piece.
func (w *layoutWork) connected(lab []byte, l byte) bool {
	if w.fast {
		m := w.mask[l]
		if m == (set128{}) {
			return true
		}
		r := bit128(bits.TrailingZeros64(m.lo))
		if m.lo == 0 {
			r = bit128(64 + bits.TrailingZeros64(m.hi))
		}
		for {
			next := r.or(w.spread(r).and(m))
			if next == r {
				return r == m
			}
			r = next
		}
	}
	n := w.n
	first, total := -1, 0
	for i, x := range lab {
		w.seen[i] = false
		if x == l {
			total++
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		return true
	}
	w.stack = append(w.stack[:0], first)
	w.seen[first] = true
	reached := 1
	for len(w.stack) > 0 {
		i := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		r, c := i/n, i%n
		for _, j := range [4]int{i - n, i + n, i - 1, i + 1} {
			switch {
			case j == i-n && r == 0, j == i+n && r == n-1, j == i-1 && c == 0, j == i+1 && c == n-1:
				continue
			}
			if lab[j] == l && !w.seen[j] {
				w.seen[j] = true
				reached++
				w.stack = append(w.stack, j)
			}
		}
	}
	return reached == total
}
