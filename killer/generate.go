package killer

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Options says what killer Generate makes.
type Options struct {
	// Shape is the box shape: 2x3 (6x6), 2x4 (8x8), 3x3 (9x9); 2x2 for
	// tests. The zero value means 3x3.
	Shape sudoku.Shape
	// X makes Killer-X: the two main diagonals are houses too.
	X bool
	// CageMin, CageMax bound the sizes the cages are drawn with (each
	// cage's target size is uniform in CageMin..CageMax; a cage that
	// cannot grow further stays smaller, and splitting for uniqueness
	// makes smaller ones). Zero means DefaultCageSizes.
	CageMin, CageMax int
	// Givens is the number of given digits (0, the default, for the
	// usual killer without givens). They are placed where they do the
	// work of a split (see Generate): each first tells apart two
	// solutions the cages allow, then unblocks the grader, and any left
	// over are spread over the boxes before the merges, which they let
	// go further (fewer, larger cages).
	Givens int
	// HideSums is the number of cages whose sum to hide (0, the default,
	// for none): once the cages are final, cages in random order lose
	// their sum when the puzzle stays unique (the Solver, with only the
	// no-repeat rule in those cages) and, unless Guess, still finished by
	// the grader's techniques (with Tier, those up to the tier's top).
	// Fewer are hidden when no more can be; Puzzle.HiddenSums says how
	// many were.
	HideSums int
	// Merges is the number of attempts, once the puzzle is unique, to
	// merge two neighbouring cages into one (kept when the puzzle stays
	// unique and the cage no bigger than CageMax): fewer, bigger cages
	// make harder puzzles. Negative means none; zero means 2N.
	Merges int
	// Guess allows puzzles the grader cannot finish without guessing.
	// By default (false) Generate splits cages until Grade solves the
	// puzzle with its techniques, and keeps only merges after which it
	// still does.
	Guess bool
	// Tier, one of KillerTiers' names, steers the puzzle into that tier:
	// cages are split where the techniques rated up to the tier's top get
	// stuck (so the rating is at most the top) and merges are kept only
	// when those techniques still finish the puzzle; while the rating is
	// at or below the tier below's top, up to 4*Merges more merges are
	// tried. The tier still comes from grading: a puzzle the merges
	// cannot lift stays in an easier tier. "" (or "beyond") steers not;
	// another name is an error.
	Tier string
}

// tierBounds is the rating range (lo, hi] of a killer tier; ok false for
// a name not in KillerTiers.
func tierBounds(name string) (lo, hi float64, ok bool) {
	for i, t := range KillerTiers {
		if t.Name == name {
			if i > 0 {
				lo = KillerTiers[i-1].MaxRating
			}
			return lo, t.MaxRating, true
		}
	}
	return 0, 0, false
}

// DefaultCageSizes returns the cage sizes a tier is generated with by
// default: small cages for the easy tiers, larger for the hard ones.
func DefaultCageSizes(tier string) (lo, hi int) {
	switch tier {
	case "easy":
		return 2, 3
	case "medium":
		return 2, 4
	case "hard":
		return 2, 5
	case "expert", "extreme", "nightmare", "beyond":
		return 3, 6
	}
	return 2, 4
}

func (o *Options) normalize() (*Geometry, error) {
	if o.Shape == (sudoku.Shape{}) {
		o.Shape = sudoku.Shape9
	}
	g, err := geometry(o.Shape, o.X)
	if err != nil {
		return nil, err
	}
	if o.CageMin == 0 && o.CageMax == 0 {
		o.CageMin, o.CageMax = DefaultCageSizes("")
	}
	if o.CageMin < 1 || o.CageMax < o.CageMin || o.CageMax > g.N {
		return nil, fmt.Errorf("killer: cage sizes %d-%d: expected 1 <= min <= max <= %d", o.CageMin, o.CageMax, g.N)
	}
	if o.Givens < 0 || o.Givens > g.Cells {
		return nil, fmt.Errorf("killer: %d givens: expected 0..%d", o.Givens, g.Cells)
	}
	if o.HideSums < 0 {
		return nil, fmt.Errorf("killer: hide %d sums: expected 0 or more", o.HideSums)
	}
	if _, _, ok := tierBounds(o.Tier); !ok && o.Tier != "" && o.Tier != "beyond" {
		return nil, fmt.Errorf("killer: tier %q: expected \"\", beyond or one of %s", o.Tier, strings.Join(tierNames(), ", "))
	}
	if o.Merges == 0 {
		o.Merges = 2 * g.N
	}
	return g, nil
}

// Stats counts the work of one Generate call.
type Stats struct {
	Splits, Merges, Solves, Grades int
}

// gradeSolves grades p with the techniques rated up to maxRating (all
// for 0) and reports whether they finish it, and its rating.
func gradeSolves(p *Puzzle, maxRating float64, st *Stats) (bool, float64) {
	st.Grades++
	r := gradeUpTo(p, maxRating)
	return r.Solved, r.Rating
}

// splitStuck splits the biggest cage that still has an empty cell in the
// grader's final grid (where the grader got stuck); false if every such
// cage has one cell.
func splitStuck(p *Puzzle, sol []int8, grid []int8, rng *rand.Rand) bool {
	k := -1
	for i, cg := range p.Cages {
		if len(cg.Cells) < 2 {
			continue
		}
		empty := false
		for _, c := range cg.Cells {
			empty = empty || grid[c] == 0
		}
		if empty && (k < 0 || len(cg.Cells) > len(p.Cages[k].Cells) || (len(cg.Cells) == len(p.Cages[k].Cells) && rng.IntN(2) == 0)) {
			k = i
		}
	}
	if k < 0 {
		return false
	}
	cells := p.Cages[k].Cells
	for try := 0; try < 16; try++ {
		if a := growPart(p.Geo, cells, 1+rng.IntN(len(cells)-1), rng); a != nil {
			applySplit(p, k, a, sol)
			return true
		}
	}
	for _, c := range cells {
		if connected(p.Geo, without(cells, c)) {
			applySplit(p, k, []int{c}, sol)
			return true
		}
	}
	return false
}

// Generate makes a killer with exactly one solution (proven by the
// Solver) and returns it with its solution. The result depends on rng's
// stream and opt alone. A nil rng, or options it cannot meet (a shape
// other than 2x2, 2x3, 2x4 and 3x3, cage sizes outside 1..9, more givens
// than cells), is an error.
//
// It draws a random full grid, covers it with random connected cages
// (each grown from a random free cell towards a size drawn from
// CageMin..CageMax, taking only cells whose digit the cage does not
// hold yet), then, while the puzzle has two solutions, splits a cage
// holding a cell where they differ (preferring a split whose part sums
// tell the two solutions apart), then splits cages where the grader gets
// stuck (unless Guess; with Tier, where the techniques up to the tier's
// top get stuck), and finally tries Merges merges of neighbouring cages
// that keep it unique and finished by those techniques (with Tier, more
// while the rating is below the tier).
//
// With Givens, a given takes the place of a split while any are left:
// where the puzzle has two solutions, the solution's digit goes in a cell
// where they differ, and where the grader gets stuck, in a cell it left
// empty (either way in a cell of the largest cage holding such cells, at
// random among them). Givens still left then go one by one into a box
// with the fewest givens, in a cell of its largest cage, before the
// merges; so the record has exactly Givens givens.
func Generate(rng *rand.Rand, opt Options) (*Puzzle, []int8, Stats, error) {
	var st Stats
	if rng == nil {
		return nil, nil, st, errors.New("killer: nil rng")
	}
	g, err := opt.normalize()
	if err != nil {
		return nil, nil, st, err
	}
	sol := NewSolver(&Puzzle{Geo: g}).RandomSolution(rng)
	if sol == nil {
		return nil, nil, st, fmt.Errorf("killer: no full grid for %s", g.Shape)
	}
	p := &Puzzle{Geo: g, Cages: growCages(g, sol, opt.CageMin, opt.CageMax, rng)}
	givens := opt.Givens // left to place
	if givens > 0 {
		p.Givens = make([]int8, g.Cells)
	}
	for {
		st.Solves++
		sv := NewSolver(p)
		sv.MaxNodes = splitBudget
		sols := sv.Solutions(2)
		if len(sols) == 1 && !sv.Aborted() {
			break
		}
		if sv.Aborted() && len(sols) < 2 {
			// too costly to decide: split the biggest cage, which only
			// adds information
			splitBiggest(p, sol, rng)
			st.Splits++
			continue
		}
		if len(sols) == 0 {
			return nil, nil, st, fmt.Errorf("killer: internal error: the cages of a full grid have no solution")
		}
		other := sols[0]
		if string(int8sBytes(other)) == string(int8sBytes(sol)) {
			other = sols[1]
		}
		if givens > 0 {
			giveWhere(p, sol, rng, func(c int) bool { return sol[c] != other[c] })
			givens--
			continue
		}
		if !splitFor(p, sol, other, rng) {
			return nil, nil, st, fmt.Errorf("killer: internal error: two solutions differ only in one-cell cages")
		}
		st.Splits++
	}
	lo, hi, steer := tierBounds(opt.Tier)
	if !steer {
		lo, hi = 0, 0
	}
	rating := 0.0
	if !opt.Guess || steer {
		for try := 0; ; try++ {
			st.Grades++
			r := gradeUpTo(p, hi)
			if r.Solved {
				rating = r.Rating
				break
			}
			if givens > 0 {
				giveWhere(p, sol, rng, func(c int) bool { return r.Grid[c] == 0 })
				givens--
				continue
			}
			if try == g.Cells || !splitStuck(p, sol, r.Grid, rng) {
				return nil, nil, st, fmt.Errorf("killer: internal error: cannot make the puzzle solvable by the grader's techniques")
			}
			st.Splits++
		}
	}
	for ; givens > 0; givens-- {
		giveSpread(p, sol, rng)
	}
	check := !opt.Guess || steer
	if check && opt.Givens > 0 {
		st.Grades++
		rating = gradeUpTo(p, hi).Rating // givens only add to what it knew
	}
	for i := 0; i < opt.Merges; i++ {
		ok, r, more := tryMerge(p, sol, opt.CageMax, check, hi, rng, &st)
		if !more {
			break
		}
		if ok {
			rating = r
		}
	}
	for i := 0; steer && rating <= lo+1e-9 && i < 4*opt.Merges; i++ {
		ok, r, more := tryMerge(p, sol, opt.CageMax, check, hi, rng, &st)
		if !more {
			break
		}
		if ok {
			rating = r
		}
	}
	if opt.HideSums > 0 {
		hideSums(p, opt.HideSums, check, hi, rng, &st)
	}
	p.Sort()
	return p, sol, st, nil
}

// hideSums hides the sums of up to n cages of p, trying them in random
// order: a sum stays hidden when the puzzle keeps exactly one solution
// (proven within mergeBudget nodes) and, if check, the techniques rated
// up to maxRating (all for 0) still finish it.
func hideSums(p *Puzzle, n int, check bool, maxRating float64, rng *rand.Rand, st *Stats) {
	hidden := 0
	for _, k := range rng.Perm(len(p.Cages)) {
		if hidden == n {
			return
		}
		sum := p.Cages[k].Sum
		p.Cages[k].Sum = 0
		st.Solves++
		sv := NewSolver(p)
		sv.MaxNodes = mergeBudget
		ok := sv.Count(2) == 1 && !sv.Aborted()
		if ok && check {
			ok, _ = gradeSolves(p, maxRating, st)
		}
		if !ok {
			p.Cages[k].Sum = sum
			continue
		}
		hidden++
	}
}

// giveWhere gives the solution's digit in one empty cell of p where ok
// holds (a cell where two solutions differ, or one the grader left
// empty): a cell of the largest cage holding such cells, at random among
// that cage's. The caller makes sure such a cell exists.
func giveWhere(p *Puzzle, sol []int8, rng *rand.Rand, ok func(c int) bool) {
	var cand []int
	best := 0
	for _, cg := range p.Cages {
		for _, c := range cg.Cells {
			if p.Givens[c] != 0 || !ok(c) {
				continue
			}
			if len(cg.Cells) > best {
				best, cand = len(cg.Cells), cand[:0]
			}
			if len(cg.Cells) == best {
				cand = append(cand, c)
			}
		}
	}
	c := cand[rng.IntN(len(cand))]
	p.Givens[c] = sol[c]
}

// giveSpread gives the solution's digit in one more empty cell of p: a
// cell of a box with the fewest givens, among those of the largest cage
// (at random among the cells that tie), so that givens the puzzle did not
// need to be unique are spread over the grid.
func giveSpread(p *Puzzle, sol []int8, rng *rand.Rand) {
	g := p.Geo
	box := func(c int) int { return g.CellHouses[c][2] - 2*g.N } // rows, columns, boxes
	perBox := make([]int, g.N)
	for c, v := range p.Givens {
		if v != 0 {
			perBox[box(c)]++
		}
	}
	fewest := g.Cells
	for c, v := range p.Givens {
		if v == 0 {
			fewest = min(fewest, perBox[box(c)])
		}
	}
	giveWhere(p, sol, rng, func(c int) bool { return perBox[box(c)] == fewest })
}

// tryMerge merges two neighbouring cages of p (chosen at random among
// those whose union fits in hi cells with distinct digits) when the
// puzzle stays unique and, if check, the techniques rated up to
// maxRating (all for 0) still finish it. ok says whether it merged,
// rating is then the new rating (0 unless check); more is false when no
// two cages can merge.
func tryMerge(p *Puzzle, sol []int8, hi int, check bool, maxRating float64, rng *rand.Rand, st *Stats) (ok bool, rating float64, more bool) {
	a, b, found := mergeCandidate(p, sol, hi, rng)
	if !found {
		return false, 0, false
	}
	q := *p
	q.Cages = make([]Cage, 0, len(p.Cages)-1)
	for k, cg := range p.Cages {
		if k != a && k != b {
			q.Cages = append(q.Cages, cg)
		}
	}
	merged := Cage{Sum: p.Cages[a].Sum + p.Cages[b].Sum, Cells: append(append([]int(nil), p.Cages[a].Cells...), p.Cages[b].Cells...)}
	q.Cages = append(q.Cages, merged)
	st.Solves++
	sv := NewSolver(&q)
	sv.MaxNodes = mergeBudget
	if sv.Count(2) != 1 || sv.Aborted() {
		return false, 0, true
	}
	if check {
		solved, r := gradeSolves(&q, maxRating, st)
		if !solved {
			return false, 0, true
		}
		rating = r
	}
	*p = q
	p.Sort()
	st.Merges++
	return true, rating, true
}

// Search budgets (nodes) of the generator's solver calls: a split step
// that cannot decide within splitBudget splits the biggest cage instead;
// a merge that cannot be proven unique within mergeBudget is dropped.
const (
	splitBudget = 20000
	mergeBudget = 5000
)

// splitBiggest splits the biggest cage of p in two connected parts.
func splitBiggest(p *Puzzle, sol []int8, rng *rand.Rand) {
	k := 0
	for i, cg := range p.Cages {
		if len(cg.Cells) > len(p.Cages[k].Cells) {
			k = i
		}
	}
	cells := p.Cages[k].Cells
	for try := 0; try < 16; try++ {
		if a := growPart(p.Geo, cells, 1+rng.IntN(len(cells)-1), rng); a != nil {
			applySplit(p, k, a, sol)
			return
		}
	}
	for _, c := range cells {
		if connected(p.Geo, without(cells, c)) {
			applySplit(p, k, []int{c}, sol)
			return
		}
	}
}

func int8sBytes(v []int8) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		b[i] = byte(x)
	}
	return b
}

// growCages covers the grid with connected cages of distinct digits of
// sol, target sizes uniform in lo..hi. When lo > 1, a cage left with one
// cell joins a neighbouring cage that lacks its digit, if any.
func growCages(g *Geometry, sol []int8, lo, hi int, rng *rand.Rand) []Cage {
	owner := make([]int, g.Cells)
	for i := range owner {
		owner[i] = -1
	}
	var cages []Cage
	var nb, front []int
	for _, start := range rng.Perm(g.Cells) {
		if owner[start] >= 0 {
			continue
		}
		k := len(cages)
		target := lo + rng.IntN(hi-lo+1)
		cells := []int{start}
		owner[start] = k
		digits := uint16(1) << (sol[start] - 1)
		for len(cells) < target {
			front = front[:0]
			for _, c := range cells {
				for _, d := range g.Neighbours(nb[:0], c) {
					if owner[d] < 0 && digits>>(sol[d]-1)&1 == 0 {
						front = append(front, d)
					}
				}
			}
			if len(front) == 0 {
				break
			}
			d := front[rng.IntN(len(front))]
			owner[d] = k
			cells = append(cells, d)
			digits |= 1 << (sol[d] - 1)
		}
		cages = append(cages, Cage{Cells: cells})
	}
	if lo > 1 {
		for k := range cages {
			if len(cages[k].Cells) != 1 {
				continue
			}
			c := cages[k].Cells[0]
			best := -1
			for _, d := range g.Neighbours(nb[:0], c) {
				j := owner[d]
				if j == k || len(cages[j].Cells) >= g.N || cageDigits(cages[j], sol)>>(sol[c]-1)&1 != 0 {
					continue
				}
				if best < 0 || len(cages[j].Cells) < len(cages[best].Cells) {
					best = j
				}
			}
			if best >= 0 {
				cages[best].Cells = append(cages[best].Cells, c)
				owner[c] = best
				cages[k].Cells = nil
			}
		}
	}
	out := cages[:0]
	for _, cg := range cages {
		if len(cg.Cells) == 0 {
			continue
		}
		for _, c := range cg.Cells {
			cg.Sum += int(sol[c])
		}
		out = append(out, cg)
	}
	return out
}

func cageDigits(cg Cage, sol []int8) uint16 {
	var m uint16
	for _, c := range cg.Cells {
		m |= 1 << (sol[c] - 1)
	}
	return m
}

// splitFor splits one cage holding a cell where sol and other differ into
// two connected parts, preferring a split whose part sums differ between
// the two (then other is no longer a solution). False if every such cage
// has one cell.
func splitFor(p *Puzzle, sol, other []int8, rng *rand.Rand) bool {
	g := p.Geo
	var cand []int
	for k, cg := range p.Cages {
		if len(cg.Cells) < 2 {
			continue
		}
		for _, c := range cg.Cells {
			if sol[c] != other[c] {
				cand = append(cand, k)
				break
			}
		}
	}
	if len(cand) == 0 {
		return false
	}
	rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	var fallback []int
	fk := -1
	for _, k := range cand {
		cells := p.Cages[k].Cells
		for try := 0; try < 8; try++ {
			a := growPart(g, cells, 1+rng.IntN(len(cells)-1), rng)
			if a == nil {
				continue
			}
			sa, so := 0, 0
			for _, c := range a {
				sa += int(sol[c])
				so += int(other[c])
			}
			if sa != so {
				applySplit(p, k, a, sol)
				return true
			}
			if fallback == nil {
				fallback, fk = a, k
			}
		}
	}
	if fallback == nil {
		// a leaf of the first cage: its remainder stays connected
		k := cand[0]
		cells := p.Cages[k].Cells
		for _, c := range cells {
			rest := without(cells, c)
			if connected(g, rest) {
				fallback, fk = []int{c}, k
				break
			}
		}
	}
	applySplit(p, fk, fallback, sol)
	return true
}

// growPart grows a connected part of size t inside cells from a random
// cell, such that the rest of cells stays connected; nil if it failed.
func growPart(g *Geometry, cells []int, t int, rng *rand.Rand) []int {
	in := Set(cells)
	part := []int{cells[rng.IntN(len(cells))]}
	var ps CellSet
	ps.Add(part[0])
	var nb, front []int
	for len(part) < t {
		front = front[:0]
		for _, c := range part {
			for _, d := range g.Neighbours(nb[:0], c) {
				if in.Has(d) && !ps.Has(d) {
					front = append(front, d)
				}
			}
		}
		if len(front) == 0 {
			return nil
		}
		d := front[rng.IntN(len(front))]
		ps.Add(d)
		part = append(part, d)
	}
	if !connected(g, in.Minus(ps).Cells()) {
		return nil
	}
	return part
}

func without(cells []int, c int) []int {
	out := make([]int, 0, len(cells)-1)
	for _, d := range cells {
		if d != c {
			out = append(out, d)
		}
	}
	return out
}

func applySplit(p *Puzzle, k int, part []int, sol []int8) {
	ps := Set(part)
	var a, b Cage
	for _, c := range p.Cages[k].Cells {
		if ps.Has(c) {
			a.Cells = append(a.Cells, c)
			a.Sum += int(sol[c])
		} else {
			b.Cells = append(b.Cells, c)
			b.Sum += int(sol[c])
		}
	}
	p.Cages[k] = a
	p.Cages = append(p.Cages, b)
	p.Sort()
}

// mergeCandidate picks two neighbouring cages whose digits are distinct
// and whose union has at most hi cells, at random.
func mergeCandidate(p *Puzzle, sol []int8, hi int, rng *rand.Rand) (a, b int, ok bool) {
	g := p.Geo
	owner := p.CageOf()
	type pair struct{ a, b int }
	var pairs []pair
	var nb []int
	seen := map[pair]bool{}
	for c := 0; c < g.Cells; c++ {
		for _, d := range g.Neighbours(nb[:0], c) {
			x, y := owner[c], owner[d]
			if x >= y {
				continue
			}
			pr := pair{x, y}
			if seen[pr] {
				continue
			}
			seen[pr] = true
			if len(p.Cages[x].Cells)+len(p.Cages[y].Cells) <= hi && cageDigits(p.Cages[x], sol)&cageDigits(p.Cages[y], sol) == 0 {
				pairs = append(pairs, pr)
			}
		}
	}
	if len(pairs) == 0 {
		return 0, 0, false
	}
	pr := pairs[rng.IntN(len(pairs))]
	return pr.a, pr.b, true
}
