package generate

import (
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// digger holds the puzzle being dug out of a known solution and answers
// "does it stay unique without these givens?". It keeps, per unit, the
// mask of digits given in it, for the cheap forced-single shortcut.
//
// A removal test never counts solutions: the puzzle had exactly one
// solution (sol) before the removal, so after removing the givens of some
// cells it has another solution iff it has a solution that differs from
// sol in one of those cells. For each removed cell c the digger first
// tries two shortcuts that are not a search (a two-digit unavoidable set
// losing its last given; sol[c] forced into c as a single), then asks
// sudoku.Solver.SolveAvoiding for a solution with c != sol[c].
type digger struct {
	geo    *sudoku.Geometry
	sv     *sudoku.Solver
	p, sol []uint8
	used   []uint32 // per unit: digits of the givens in it
	cu     []int32  // per cell: its row, column and box unit

	// maxNodes caps the branch nodes of one removal test (negative: no
	// cap); a test that reaches it keeps the given, unproven.
	maxNodes int
	// pv, when set, answers the removal tests the shortcuts leave (the
	// clause-learning prover, for minimal 25x25) in place of sv. pvAlt,
	// when set too, is a second prover whose decisions do not follow the
	// full grid (sudoku.Prover.HintFor(0)); a test alternates between the
	// two with growing conflict caps (see proverAsk).
	pv, pvAlt *sudoku.Prover
	// firstCap is the conflict cap of a test's first turn in proverAsk.
	firstCap int64
	// undecided is set when a test reached maxNodes since start.
	undecided bool
	// asked, when set (tests and traces), is told the outcome of every
	// prover test: the cell, the conflicts it took in both provers and
	// whether a second solution was found.
	asked func(c int, conflicts int64, found bool)

	// Unavoidable sets of sol (unavoidable.go): setOf[c*stride:] lists
	// cell c's setCount[c] sets, setLeft counts each set's givens.
	setOf    []int32
	setCount []int8
	stride   int
	setLeft  []int32
	pairT    *pairTables

	// forced's masks: per digit the rows, columns and boxes holding it as
	// a given; per unit its empty cells (by column, row, index in box).
	units                     unitTables
	withRow, withCol, withBox []uint32
	emptyRow, emptyCol        []uint32
	emptyBox                  []uint32
}

// nodeCap25 is the branch-node cap of one removal test on 25x25, where a
// few proofs near 300 givens would otherwise take seconds.
const nodeCap25 = 20000

func newDigger(geo *sudoku.Geometry) *digger {
	d := &digger{
		geo:      geo,
		sv:       sudoku.NewSolver(geo.Shape),
		p:        make([]uint8, geo.Cells),
		sol:      make([]uint8, geo.Cells),
		used:     make([]uint32, 3*geo.N),
		cu:       make([]int32, 3*geo.Cells),
		maxNodes: -1,
		firstCap: proverFirstCap,

		setOf:    make([]int32, geo.Cells*setStride(geo)),
		setCount: make([]int8, geo.Cells),
		stride:   setStride(geo),
		pairT:    new(pairTables),
		units:    newUnitTables(geo),

		withRow: make([]uint32, geo.N), withCol: make([]uint32, geo.N), withBox: make([]uint32, geo.N),
		emptyRow: make([]uint32, geo.N), emptyCol: make([]uint32, geo.N), emptyBox: make([]uint32, geo.N),
	}
	if geo.N >= 25 {
		d.maxNodes = nodeCap25
	}
	for i, u := range geo.CellUnits {
		d.cu[3*i], d.cu[3*i+1], d.cu[3*i+2] = int32(u[0]), int32(u[1]), int32(u[2])
	}
	return d
}

// randomGrid fills d.sol with a random full grid drawn from rng.
func (d *digger) randomGrid(rng *rand.Rand) bool {
	for i := range d.p {
		d.p[i] = 0
	}
	return d.sv.Random(d.p, rng, d.sol)
}

// start begins digging the full grid d.sol.
func (d *digger) start() {
	copy(d.p, d.sol)
	for u := range d.used {
		d.used[u] = d.geo.All
	}
	for i := range d.withRow {
		all := uint32(1)<<d.geo.N - 1
		d.withRow[i], d.withCol[i], d.withBox[i] = all, all, all
		d.emptyRow[i], d.emptyCol[i], d.emptyBox[i] = 0, 0, 0
	}
	d.undecided = false
	d.findSets()
	if d.pv != nil {
		d.pv.Hint(d.sol)
	}
	if d.pvAlt != nil {
		d.pvAlt.Hint(d.sol)
	}
}

// puzzle returns the current puzzle (owned by the digger).
func (d *digger) puzzle() []uint8 { return d.p }

// clear empties the given cell c and reports whether one of c's
// unavoidable sets has no given left now (setsHit(c): the puzzle has
// another solution).
func (d *digger) clear(c int) bool {
	b := ^(uint32(1) << (d.p[c] - 1))
	d.used[d.cu[3*c]] &= b
	d.used[d.cu[3*c+1]] &= b
	d.used[d.cu[3*c+2]] &= b
	d.p[c] = 0
	d.toggle(c)
	hit := false
	left := d.setLeft
	for _, id := range d.setOf[c*d.stride : c*d.stride+int(d.setCount[c])] {
		n := left[id] - 1
		left[id] = n
		if n == 0 {
			hit = true
		}
	}
	return hit
}

func (d *digger) restore(c int) {
	v := d.sol[c]
	b := uint32(1) << (v - 1)
	d.used[d.cu[3*c]] |= b
	d.used[d.cu[3*c+1]] |= b
	d.used[d.cu[3*c+2]] |= b
	d.p[c] = v
	d.toggle(c)
	left := d.setLeft
	for _, id := range d.setOf[c*d.stride : c*d.stride+int(d.setCount[c])] {
		left[id]++
	}
}

// free returns the candidates of empty cell x allowed by the givens.
func (d *digger) free(x int) uint32 {
	return d.geo.All &^ (d.used[d.cu[3*x]] | d.used[d.cu[3*x+1]] | d.used[d.cu[3*x+2]])
}

// forced reports whether the givens alone force sol[c] into the empty cell
// c, as a naked or hidden single; then no solution differs from sol at c.
// The hidden singles come from masks: a unit's other empty cells must all
// see a given of sol[c] (the digit is given at most once per unit, and not
// in c's units now that c is empty).
func (d *digger) forced(c int) bool {
	v := int(d.sol[c]) - 1
	if d.free(c)&^(1<<v) == 0 {
		return true
	}
	g := &d.units
	r, col, box, idx := int(g.row[c]), int(g.col[c]), int(g.box[c]), int(g.idx[c])
	band, stack := r/g.br, col/g.bc
	withRow, withCol, withBox := d.withRow[v], d.withCol[v], d.withBox[v]
	// The row: other empty cells in columns holding v, or in boxes of the
	// row's band holding it.
	blocked := withCol | g.boxCols[withBox>>(band*g.bx)&g.bxMask]
	if d.emptyRow[r]&^(1<<col)&^blocked == 0 {
		return true
	}
	// The box: other empty cells in its rows or columns holding v.
	blocked = g.rowCells[withRow>>(band*g.br)&g.brMask] | g.colCells[withCol>>(stack*g.bc)&g.bcMask]
	if d.emptyBox[box]&^(1<<idx)&^blocked == 0 {
		return true
	}
	// The column: other empty cells in rows or boxes of its stack holding v.
	blocked = withRow
	for i, k := 0, stack; i < g.by; i, k = i+1, k+g.bx {
		if withBox>>k&1 != 0 {
			blocked |= g.brMask << (i * g.br)
		}
	}
	return d.emptyCol[col]&^(1<<r)&^blocked == 0
}

// unitTables place each cell in its units for forced and keep the masks
// that turn "rows / columns / boxes holding a digit" into blocked cells.
type unitTables struct {
	row, col, box, idx []int8 // per cell: row, column, box, index in the box
	br, bc, bx, by     int    // box rows and columns; boxes across and down
	brMask, bcMask     uint32
	bxMask             uint32
	boxCols            []uint32 // boxes of a band (bit j) -> their columns
	rowCells           []uint32 // rows of a box (bit i) -> their cells in it
	colCells           []uint32 // columns of a box (bit j) -> their cells in it
}

func newUnitTables(geo *sudoku.Geometry) unitTables {
	n, br, bc := geo.N, geo.BoxRows, geo.BoxCols
	g := unitTables{br: br, bc: bc, bx: n / bc, by: n / br}
	g.brMask, g.bcMask, g.bxMask = 1<<br-1, 1<<bc-1, 1<<g.bx-1
	g.row, g.col, g.box, g.idx = make([]int8, geo.Cells), make([]int8, geo.Cells), make([]int8, geo.Cells), make([]int8, geo.Cells)
	for c := 0; c < geo.Cells; c++ {
		r, col := c/n, c%n
		g.row[c], g.col[c] = int8(r), int8(col)
		g.box[c] = int8(r/br*g.bx + col/bc)
		g.idx[c] = int8(r%br*bc + col%bc)
	}
	g.boxCols = make([]uint32, 1<<g.bx)
	for m := range g.boxCols {
		for j := 0; j < g.bx; j++ {
			if m>>j&1 != 0 {
				g.boxCols[m] |= g.bcMask << (j * bc)
			}
		}
	}
	g.rowCells = make([]uint32, 1<<br)
	for m := range g.rowCells {
		for i := 0; i < br; i++ {
			if m>>i&1 != 0 {
				g.rowCells[m] |= g.bcMask << (i * bc)
			}
		}
	}
	g.colCells = make([]uint32, 1<<bc)
	for m := range g.colCells {
		for j := 0; j < bc; j++ {
			if m>>j&1 != 0 {
				for i := 0; i < br; i++ {
					g.colCells[m] |= 1 << (i*bc + j)
				}
			}
		}
	}
	return g
}

// toggle flips cell c, which holds sol[c], between given and empty in the
// masks forced reads.
func (d *digger) toggle(c int) {
	g := &d.units
	v := int(d.sol[c]) - 1
	r, col, box := g.row[c], g.col[c], g.box[c]
	d.withRow[v] ^= 1 << r
	d.withCol[v] ^= 1 << col
	d.withBox[v] ^= 1 << box
	d.emptyRow[r] ^= 1 << col
	d.emptyCol[col] ^= 1 << r
	d.emptyBox[box] ^= 1 << g.idx[c]
}

// altExists reports whether the current puzzle, in which cell c is empty,
// has a solution with c != sol[c]. A test that reaches d.maxNodes answers
// true (keep the given) and sets d.undecided.
func (d *digger) altExists(c int) bool {
	if d.setsHit(c) {
		return true // an unavoidable set lost its last given
	}
	return d.altBeyondSets(c)
}

// altBeyondSets is altExists for a cell none of whose unavoidable sets is
// without a given.
func (d *digger) altBeyondSets(c int) bool {
	if d.forced(c) {
		return false
	}
	if d.pv != nil {
		return d.proverAsk(c)
	}
	if d.maxNodes < 0 {
		return d.sv.SolveAvoiding(d.p, c, d.sol[c])
	}
	found, decided := d.sv.SolveAvoidingWithin(d.p, c, d.sol[c], d.maxNodes)
	if !decided {
		d.undecided = true
		return true
	}
	return found
}

// proverFirstCap is the conflict cap of a prover test's first turn in
// proverAsk; each round of turns doubles it. Most 25x25 questions end
// below it, with the hinted prover alone and the same work as without the
// second (a cap of 1,000 made the easy dig of batch seed 7 slower side by
// side: 15.7 against 12.6 CPU-s).
const proverFirstCap = 4000

// proverAsk answers altExists(c) with the prover. With a second prover,
// the two take turns, pv first, each turn capped at d.firstCap conflicts,
// then twice as many each round, until one decides: a portfolio. The
// hard second-solution searches of a 25x25 dig are heavy-tailed and the
// two search orders are hard on different questions (one 25x25 question
// took 52,746 conflicts with pv and 12,414 with the other order alone),
// so the slowest questions cost about twice the faster order instead of
// the slower one. Both keep their learnt clauses from test to test, so a
// turn goes on from the clauses of the last. The answer is the same
// either way (both are complete), so the puzzle is too.
func (d *digger) proverAsk(c int) bool {
	c0 := d.conflicts()
	found := false
	if d.pvAlt == nil {
		found = d.pv.SolveAvoiding(d.p, c, d.sol[c], nil)
	} else {
	turns:
		for limit := d.firstCap; ; limit *= 2 {
			for _, pv := range [2]*sudoku.Prover{d.pv, d.pvAlt} {
				var decided bool
				if found, decided = pv.SolveAvoidingWithin(d.p, c, d.sol[c], nil, limit); decided {
					break turns
				}
			}
		}
	}
	if d.asked != nil {
		d.asked(c, d.conflicts()-c0, found)
	}
	return found
}

// conflicts is the conflicts both provers have met so far.
func (d *digger) conflicts() int64 {
	n := d.pv.Conflicts
	if d.pvAlt != nil {
		n += d.pvAlt.Conflicts
	}
	return n
}

// tryRemove removes the givens in cells if the puzzle stays unique, and
// reports whether it did. An unavoidable set emptied by the clears refuses
// at once (the answer altExists gives for its cell), before any search.
func (d *digger) tryRemove(cells []int) bool {
	keep := false
	for _, c := range cells {
		if d.clear(c) {
			keep = true
		}
	}
	for _, c := range cells {
		if keep {
			break
		}
		keep = d.altBeyondSets(c)
	}
	if keep {
		for _, c := range cells {
			d.restore(c)
		}
	}
	return !keep
}

// removable reports whether given i alone could be removed keeping the
// puzzle unique; the puzzle is left unchanged.
func (d *digger) removable(i int) bool {
	d.clear(i)
	ok := !d.altExists(i)
	d.restore(i)
	return ok
}

// setsHit reports whether an unavoidable set of c has no given left.
func (d *digger) setsHit(c int) bool {
	for _, id := range d.setOf[c*d.stride : c*d.stride+int(d.setCount[c])] {
		if d.setLeft[id] == 0 {
			return true
		}
	}
	return false
}
