package killer

import (
	"fmt"
	"math"
	"math/bits"
	"sort"
	"strings"
)

// Technique describes one human solving technique of the killer scale.
type Technique struct {
	// ID is the lower-case id used in records and step logs.
	ID string
	// Name is the name killer solvers know it by.
	Name string
	// Rating is its difficulty on the killer scale (docs/grading.md,
	// "Killer"): the classic techniques keep Sudoku Explainer's numbers,
	// the killer techniques sit between them in SudokuWiki's order.
	Rating float64
}

// Techniques is the killer ladder, easiest first; the grader applies the
// easiest technique that makes progress, again and again.
var Techniques = []Technique{
	{"full-house", "Full house", 1.0},
	{"cage-single", "Last cell of a cage", 1.1},
	{"hidden-single", "Hidden single", 1.2},
	{"cage-combination", "Cage combinations", 1.5},
	{"pointing", "Pointing", 1.7},
	{"innie-outie", "Innie or outie (one house, one cell)", 1.8},
	{"claiming", "Claiming", 1.9},
	{"cage-pointing", "Cage/house overlap", 2.0},
	{"naked-single", "Naked single", 2.3},
	{"innie-outie-union", "Innie or outie of several houses (one cell)", 2.6},
	{"naked-pair", "Naked pair", 3.0},
	{"innies-outies", "Innies and outies (several cells)", 3.2},
	{"hidden-pair", "Hidden pair", 3.4},
	{"cage-splitting", "Cage splitting", 3.5},
	{"naked-triple", "Naked triple", 3.6},
	{"hidden-cage-combination", "Hidden cage combinations", 3.8},
	{"hidden-triple", "Hidden triple", 4.0},
	{"killer-pair", "Killer pair", 4.1},
	{"killer-triple", "Killer triple", 4.4},
}

// techniqueByID finds a technique of the ladder: a killer technique of
// Techniques, or a classic one of grade's SE ladder (the steps the
// killer grader asks grade for), with its SE name and base rating.
func techniqueByID(id string) Technique {
	if name, rating, ok := techniqueName(id); ok {
		return Technique{ID: id, Name: name, Rating: rating}
	}
	panic("killer: unknown technique " + id)
}

// techniqueName is export.RecordKind.TechniqueName: the name and rating
// on the killer scale of a technique id of the ladder (a killer technique
// or a classic one the grader asks grade for).
func techniqueName(id string) (string, float64, bool) {
	for _, t := range Techniques {
		if t.ID == id {
			return t.Name, t.Rating, true
		}
	}
	return classicName(id)
}

// Placement is a digit written in a cell.
type Placement struct {
	Cell, Digit int
}

// Elimination is a set of digits (bit d-1 for digit d) removed from a
// cell's candidates.
type Elimination struct {
	Cell   int
	Digits uint16
}

// Step is one step of the human solve path.
type Step struct {
	Technique    string
	Rating       float64
	Placements   []Placement
	Eliminations []Elimination
	// Text explains the step in a killer solver's words, e.g. "innie of
	// box 5: r4c6 = 45 - 38 = 7".
	Text string
	// The pattern that proves the step, for a hint to point at: Houses
	// are indexes into Geometry.Houses (rows, columns, boxes, diagonals):
	// the house of a single or subset, a locked candidate's two houses,
	// the rows, columns or boxes whose rule of 45 gives an innie or outie;
	// Cages are indexes into the puzzle's cages (the cage whose
	// combinations or sum the step uses, the cage a region splits, the
	// cages of a killer pair); Cells the cells the reasoning is about (the
	// innies or outies, a subset's cells, a digit's places, the cage's
	// cells); Digits the digits it is about.
	Houses, Cages, Cells, Digits []int
}

// Result is a killer's grade: the solve path and what it took.
type Result struct {
	Steps []Step
	// Solved is false when no technique of the ladder makes progress
	// before the grid is full (the puzzle needs guessing or a technique
	// the ladder lacks); Rating then covers the steps made.
	Solved bool
	// Grid is the grid at the end (0 for an empty cell).
	Grid []int8
	// Rating is the hardest step's rating.
	Rating float64
	// Hardest is the id of the hardest technique used.
	Hardest string
	// Counts is the number of steps of each technique.
	Counts map[string]int
	// Tier is the killer tier (KillerTiers) of the result.
	Tier string
	// OverBudget is set when grade's forcing chains spent the grading's
	// budget (MaxWork) before the ladder finished.
	OverBudget bool
}

// Tier is one row of the killer tier table: puzzles solved with every
// step rated at most MaxRating.
type Tier struct {
	Name      string
	MaxRating float64
}

// KillerTiers is the killer tier table, easiest first. A puzzle the
// ladder cannot finish is "beyond".
var KillerTiers = []Tier{
	{"easy", 1.8},              // combinations, singles, intersections, one-cell innies/outies of a house
	{"medium", 2.6},            // + cage/house overlap, naked singles, one-cell innies/outies of several houses
	{"hard", 3.5},              // + several-cell innies/outies, cage splitting, naked and hidden pairs, X-wing
	{"expert", 4.0},            // + hidden cage combinations, naked and hidden triples, swordfish
	{"extreme", 4.4},           // + killer pairs and triples, XY- and XYZ-wings
	{"fiendish", 6.9},          // + quads, jellyfish, aligned pair exclusion, cycles (grade's SE ladder)
	{"nightmare", math.Inf(1)}, // + aligned triple exclusion and SE's forcing chains, nested too
}

// TierOf returns the killer tier of a rating; solved false means beyond.
func TierOf(rating float64, solved bool) string {
	if solved {
		for _, t := range KillerTiers {
			if rating <= t.MaxRating+1e-9 {
				return t.Name
			}
		}
	}
	return "beyond"
}

// work is the grader's working grid.
type work struct {
	p      *Puzzle
	g      *Geometry
	cand   []uint16
	val    []int8
	cageOf []int
	sees   []CellSet // peers by house or cage
	groups []sumFact // the cages
	facts  []sumFact // the rule of 45 and cage splitting, found once
	full   uint16
	left   int
	cl     *classicState // grade's ladder on the killer's candidates, once used
}

// sumFact is a set of cells with a known sum: a cage, or a fact derived
// by the rule of 45 (innies, outies) or by splitting a cage.
type sumFact struct {
	cells  []int
	set    CellSet
	sum    int
	tech   string // technique that finds it
	why    string // how the sum is known, e.g. "innie of box 5: r4c6 = 45 - 38"
	cage   int    // index of the cage, for a cage
	houses []int  // the region's houses, for a fact of the rule of 45
	split  int    // the cage a region splits (cage splitting), else -1
}

// Grade solves p like a person, step by step, each step by the easiest
// technique of Techniques that makes progress, and rates it. p must pass
// Validate; a puzzle without a geometry (nil, or the zero Puzzle) gives a
// Result with no steps and Solved false (tier beyond).
func Grade(p *Puzzle) Result {
	if p == nil || p.Geo == nil {
		return Result{Counts: map[string]int{}}
	}
	return gradeLadder(p, 0, true)
}

// generateTop is the rating gradeUpTo(p, 0) stops at: the top of tier
// extreme, where the killer techniques end. The generator's untiered
// runs (which split cages until the ladder finishes the puzzle and keep
// merges after which it still does) grade a puzzle dozens of times, and
// SE's forcing chains on a stuck killer spend up to MaxWork each time.
var generateTop = func() float64 { _, hi, _ := tierBounds("extreme"); return hi }()

// gradeUpTo is Grade with the techniques rated at most maxRating (the
// generator's grade: when maxRating is 0, those up to generateTop):
// Solved says whether those alone finish p.
func gradeUpTo(p *Puzzle, maxRating float64) Result {
	if maxRating <= 0 {
		maxRating = generateTop
	}
	return gradeLadder(p, maxRating, true)
}

// gradeLadder grades p with the techniques rated at most maxRating (all
// when 0); classic false leaves grade's SE ladder out (the killer ladder
// as it was before: the killer techniques, singles, intersections, pairs
// and triples).
func gradeLadder(p *Puzzle, maxRating float64, classic bool) Result {
	w := newWork(p)
	res := Result{Counts: map[string]int{}}
	all := []struct {
		id string
		f  func() (Step, bool)
	}{
		{"full-house", w.fullHouse}, {"cage-single", w.cageSingle}, {"hidden-single", w.hiddenSingle},
		{"cage-combination", w.cageCombination}, {"pointing", w.pointing},
		{"innie-outie", w.innieOutie("innie-outie")}, {"claiming", w.claiming},
		{"cage-pointing", w.cagePointing}, {"naked-single", w.nakedSingle},
		{"innie-outie-union", w.innieOutie("innie-outie-union")}, {"naked-pair", w.nakedSubset(2)},
		{"innies-outies", w.innieOutie("innies-outies")}, {"hidden-pair", w.hiddenSubset(2)},
		{"cage-splitting", w.innieOutie("cage-splitting")}, {"naked-triple", w.nakedSubset(3)},
		{"hidden-cage-combination", w.hiddenCageCombination}, {"hidden-triple", w.hiddenSubset(3)},
		{"killer-pair", w.killerSubset(2)}, {"killer-triple", w.killerSubset(3)},
	}
	// SE's techniques the killer ladder lacks (fish, wings, quads,
	// aligned exclusion, cycles, forcing chains: classicOrder) take their
	// place by rating: where one rates between two killer techniques, a
	// call to grade for a step rated below the next killer technique
	// goes between them (a killer technique first at equal ratings). So
	// the ladder stays easiest first, and a run capped at a rating takes
	// the steps of the full run as long as they rate within the cap (what
	// the generator's tier steering relies on).
	var finders []func() (Step, bool)
	covered := 0.0
	for _, f := range all {
		r := techniqueByID(f.id).Rating
		if maxRating > 0 && r > maxRating+1e-9 {
			continue
		}
		if top := r - 0.05; classic && classicGap(covered, top) {
			finders = append(finders, func() (Step, bool) { return w.classicStep(top) })
			covered = top
		}
		finders = append(finders, f.f)
	}
	if classic {
		finders = append(finders, func() (Step, bool) { return w.classicStep(maxRating) })
	}
	for w.left > 0 {
		found := false
		for _, f := range finders {
			st, ok := f()
			if !ok {
				continue
			}
			if st.Rating == 0 {
				st.Rating = techniqueByID(st.Technique).Rating
			}
			w.apply(st)
			res.Steps = append(res.Steps, st)
			res.Counts[st.Technique]++
			if st.Rating > res.Rating {
				res.Rating, res.Hardest = st.Rating, st.Technique
			}
			found = true
			break
		}
		if !found || w.broken() {
			break
		}
	}
	res.Solved = w.left == 0 && !w.broken()
	res.OverBudget = !res.Solved && w.cl != nil && w.cl.spent
	res.Grid = append([]int8(nil), w.val...)
	res.Tier = TierOf(res.Rating, res.Solved)
	return res
}

func newWork(p *Puzzle) *work {
	g := p.Geo
	w := &work{p: p, g: g, cand: make([]uint16, g.Cells), val: make([]int8, g.Cells),
		cageOf: p.CageOf(), sees: make([]CellSet, g.Cells), full: 1<<g.N - 1, left: g.Cells}
	for c := 0; c < g.Cells; c++ {
		w.cand[c] = w.full
		for _, q := range g.Peers[c] {
			w.sees[c].Add(q)
		}
		if k := w.cageOf[c]; k >= 0 {
			for _, q := range p.Cages[k].Cells {
				w.sees[c].Add(q)
			}
		}
		w.sees[c].Remove(c)
	}
	for k, cg := range p.Cages {
		w.groups = append(w.groups, sumFact{cells: cg.Cells, set: Set(cg.Cells), sum: cg.Sum, cage: k})
	}
	w.facts = regionFacts(p)
	for c, v := range p.Givens {
		if v != 0 {
			w.place(c, int(v))
		}
	}
	return w
}

// place writes d in c and removes d from the cells c sees.
func (w *work) place(c, d int) {
	if w.val[c] != 0 {
		return
	}
	w.val[c] = int8(d)
	w.left--
	bit := uint16(1) << (d - 1)
	w.cand[c] = bit
	for _, q := range w.sees[c].Cells() {
		w.cand[q] &^= bit
	}
}

func (w *work) apply(st Step) {
	for _, e := range st.Eliminations {
		w.cand[e.Cell] &^= e.Digits
	}
	for _, pl := range st.Placements {
		w.place(pl.Cell, pl.Digit)
	}
}

// broken reports a contradiction (an empty cell without candidates), which
// only a puzzle without solution can reach.
func (w *work) broken() bool {
	for c, m := range w.cand {
		if m == 0 && w.val[c] == 0 {
			return true
		}
	}
	return false
}

// cageName names cage k as "cage 15(3) at r1c1".
func (w *work) cageName(k int) string {
	cg := w.p.Cages[k]
	return fmt.Sprintf("cage %s(%d) at %s", cg.SumText(), len(cg.Cells), w.g.CellName(cg.Cells[0]))
}

func (w *work) cellList(cells []int) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = w.g.CellName(c)
	}
	return strings.Join(s, ",")
}

func digitList(m uint16) string {
	var s []string
	for ; m != 0; m &= m - 1 {
		s = append(s, fmt.Sprint(bits.TrailingZeros16(m)+1))
	}
	return strings.Join(s, ",")
}

// elimStep builds a step removing the digits of newCand's complement from
// the cells (only real removals); ok false when nothing is removed.
func (w *work) elimText(elims []Elimination) string {
	sort.Slice(elims, func(i, j int) bool { return elims[i].Cell < elims[j].Cell })
	var parts []string
	for _, e := range elims {
		parts = append(parts, fmt.Sprintf("%s<>%s", w.g.CellName(e.Cell), digitList(e.Digits)))
	}
	return strings.Join(parts, ", ")
}

func (w *work) placeText(pl []Placement) string {
	var parts []string
	for _, p := range pl {
		parts = append(parts, fmt.Sprintf("%s=%d", w.g.CellName(p.Cell), p.Digit))
	}
	return strings.Join(parts, ", ")
}

// restrictStep turns new candidate sets for cells into a step: cells whose
// new set is one digit are placed, the others lose what they no longer
// have. ok false when nothing changes.
func (w *work) restrictStep(tech, why string, cells []int, newCand []uint16) (Step, bool) {
	st := Step{Technique: tech}
	for i, c := range cells {
		if w.val[c] != 0 {
			continue
		}
		nc := newCand[i] & w.cand[c]
		if nc == w.cand[c] {
			continue
		}
		if nc != 0 && nc&(nc-1) == 0 {
			st.Placements = append(st.Placements, Placement{c, bits.TrailingZeros16(nc) + 1})
		} else {
			st.Eliminations = append(st.Eliminations, Elimination{c, w.cand[c] &^ nc})
		}
	}
	if len(st.Placements) == 0 && len(st.Eliminations) == 0 {
		return st, false
	}
	var res []string
	if len(st.Placements) > 0 {
		res = append(res, w.placeText(st.Placements))
	}
	if len(st.Eliminations) > 0 {
		res = append(res, w.elimText(st.Eliminations))
	}
	st.Text = why + ": " + strings.Join(res, "; ")
	return st, true
}
