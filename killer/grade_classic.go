package killer

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// The classic techniques beyond the subsets (fish, wings, aligned
// exclusion, SE's cycles and forcing chains, quads) come from package
// grade: the killer's houses and a sees pair for every two cells of a
// cage (a cage's digits differ) make a grade.Layout, the killer's
// candidates a grade.Grid on it, and grade's SE ladder finds the next
// step there. A cage is no house (a cage of k < N cells need not hold
// every digit): only the sees relation comes from the cages.

// MaxWork is the forcing-chain work budget of one killer's grading, in
// chain nodes (grade.Options.MaxWork; about 10-30 million per
// CPU-second), as for the variants: a puzzle that needs more is not
// finished by the ladder (tier beyond).
const MaxWork = 20_000_000

// classicOrder is the part of Sudoku Explainer's ladder the killer
// ladder lacks, in SE's order (grade/se.go): the techniques beyond the
// subsets, and the quads. The singles, intersections, pairs and triples
// (and SE's "direct" forms of them) are the killer ladder's own; the
// uniqueness rules are left out (a deadly pattern's swap can break a cage
// sum, so their argument fails on a killer).
var classicOrder = []string{
	"x-wing", "swordfish", "xy-wing", "xyz-wing",
	"naked-quad", "jellyfish", "hidden-quad",
	"aligned-pair-exclusion", "x-cycle", "aligned-triple-exclusion",
	"nishio-forcing-chain", "multiple-forcing-chain",
	"dynamic-forcing-chain", "dynamic-forcing-chain-plus",
	"nested-forcing-chain", "nested-multiple-forcing-chain",
	"nested-dynamic-forcing-chain", "nested-dynamic-forcing-chain-plus",
}

// classicProfile is the SE-scale profile of classicOrder.
var classicProfile = func() *grade.Profile {
	p, err := grade.NewProfile(grade.ProfileSpec{Name: "killer-classic", Scale: grade.ScaleSE, Scan: grade.ScanSE, Order: classicOrder})
	if err != nil {
		panic("killer: " + err.Error())
	}
	return p
}()

// classicEngines are grade engines with classicProfile, reused.
var classicEngines = sync.Pool{New: func() any { return grade.NewEngine(classicProfile) }}

// classicGap reports whether a technique of classicProfile rates in
// (lo, hi]: whether a classic step can sit between two killer
// techniques.
func classicGap(lo, hi float64) bool {
	for _, r := range classicProfile.Rules {
		if r.Difficulty > lo+1e-9 && r.Difficulty <= hi+1e-9 {
			return true
		}
	}
	return false
}

// classicState is the bridge of one grading run to grade's ladder,
// built at its first use (a puzzle the killer techniques finish never
// builds it).
type classicState struct {
	layout *grade.Layout
	grid   *grade.Grid
	work   int64 // forcing-chain budget left
	spent  bool  // the budget is used up: no more classic steps
	cageOf []int // cell -> cage index (-1 none)
}

// ClassicLayout returns p's grading layout for package grade: the
// classic rows, columns and boxes of p's box shape, Killer-X's two
// diagonals as extra houses (in Geometry.Houses' order, so a layout
// house index is a Geometry house index), and a sees pair for every two
// cells of a cage that share no house.
func ClassicLayout(p *Puzzle) (*grade.Layout, error) {
	if p == nil || p.Geo == nil {
		return nil, errNoGeometry
	}
	g := p.Geo
	spec := grade.LayoutSpec{Classic: sudoku.GeometryOf(g.Shape)}
	if len(g.Houses) > 3*g.N {
		spec.Houses = g.Houses[3*g.N:]
	}
	for _, cg := range p.Cages {
		for i, a := range cg.Cells {
			for _, b := range cg.Cells[i+1:] {
				if !sharesHouse(g, a, b) {
					spec.Sees = append(spec.Sees, [2]int{a, b})
				}
			}
		}
	}
	return grade.NewLayout(spec)
}

// sharesHouse reports whether cells a and b lie in one house.
func sharesHouse(g *Geometry, a, b int) bool {
	for _, h := range g.CellHouses[a] {
		if g.HouseMask[h].Has(b) {
			return true
		}
	}
	return false
}

// loadGrid writes the working grid's values and candidates into the
// classic grid.
func (w *work) loadGrid() {
	gr := w.cl.grid
	for c := range gr.Values {
		gr.Values[c] = uint8(w.val[c])
	}
	gr.Reset()
	for c := range gr.Cand {
		if w.val[c] == 0 {
			gr.Cand[c] = uint32(w.cand[c])
		}
	}
}

// classicStep asks grade for the next step of classicProfile on the
// killer's candidates (steps rated up to maxRating; all when 0) and
// returns it as a killer step with its SE rating, explained by grade's
// words in the killer's cell names.
func (w *work) classicStep(maxRating float64) (Step, bool) {
	if w.cl == nil {
		l, err := ClassicLayout(w.p)
		if err != nil {
			panic("killer: " + err.Error()) // a valid puzzle's cages and houses make a valid layout
		}
		gr, err := grade.NewLayoutGrid(l, make([]uint8, l.Cells))
		if err != nil {
			panic("killer: " + err.Error())
		}
		w.cl = &classicState{layout: l, grid: gr, work: MaxWork, cageOf: w.cageOf}
	}
	cl := w.cl
	if cl.spent {
		return Step{}, false
	}
	w.loadGrid()
	opt := grade.Options{MaxSteps: 1, KeepSteps: true, MaxWork: cl.work}
	if maxRating > 0 {
		opt.MaxRating = maxRating
	}
	e := classicEngines.Get().(*grade.Engine)
	res, err := e.Solve(cl.grid, opt)
	classicEngines.Put(e)
	cl.work -= res.Work
	if res.OverBudget || cl.work <= 0 {
		cl.spent = true
		return Step{}, false
	}
	if err != nil || len(res.Steps) == 0 {
		return Step{}, false
	}
	s := &res.Steps[0]
	w.loadGrid() // the grid before the step, to phrase it
	return w.killerStep(s, grade.Describe(s, cl.grid)), true
}

// killerStep turns a grade step into a killer step.
func (w *work) killerStep(s *grade.Step, text string) Step {
	st := Step{Technique: s.Tech, Rating: grade.Round1(s.Difficulty), Houses: append([]int(nil), s.Units...)}
	for _, p := range s.Placements {
		st.Placements = append(st.Placements, Placement{p.Cell, int(p.Digit)})
	}
	byCell := map[int]uint16{}
	for _, e := range s.Eliminations {
		if _, ok := byCell[e.Cell]; !ok {
			st.Eliminations = append(st.Eliminations, Elimination{Cell: e.Cell})
		}
		byCell[e.Cell] |= 1 << (e.Digit - 1)
	}
	for i := range st.Eliminations {
		st.Eliminations[i].Digits = byCell[st.Eliminations[i].Cell]
	}
	var cells CellSet
	var digits uint16
	for _, c := range s.Cells {
		cells.Add(c)
	}
	for _, n := range s.Chain {
		cells.Add(n.Cell)
		digits |= 1 << (n.Digit - 1)
	}
	for _, c := range s.Support {
		cells.Add(c.Cell)
		digits |= 1 << (c.Digit - 1)
	}
	for _, d := range s.Digits {
		digits |= 1 << (d - 1)
	}
	// pairs of cells whose seeing each other the step may use: two
	// pattern cells, a pattern cell and a cell losing a candidate, and
	// the "sees" links of a forcing chain's proof
	var pairs [][2]int
	pattern := cells.Cells()
	for i, a := range pattern {
		for _, b := range pattern[i+1:] {
			pairs = append(pairs, [2]int{a, b})
		}
		for _, e := range st.Eliminations {
			if !cells.Has(e.Cell) {
				pairs = append(pairs, [2]int{a, e.Cell})
			}
		}
	}
	pairs = proofSees(s.Proof, pairs)
	st.Cages, st.Text = w.cageLinks(pairs, text)
	if cells.Empty() { // a forcing chain: its proof is in the text
		for _, p := range st.Placements {
			cells.Add(p.Cell)
		}
		for _, e := range st.Eliminations {
			cells.Add(e.Cell)
		}
	}
	st.Cells = cells.Cells()
	st.Digits = digitSlice(digits)
	return st
}

// proofSees appends the cells of every link of proof (and its nested
// chains) that stands on the sees relation alone.
func proofSees(proof *grade.ChainProof, pairs [][2]int) [][2]int {
	if proof == nil {
		return pairs
	}
	for _, b := range proof.Branches {
		for _, n := range b.Nodes {
			if n.Why == "sees" && len(n.Parents) > 0 {
				pairs = append(pairs, [2]int{b.Nodes[n.Parents[0]].Cell, n.Cell})
			}
		}
	}
	for _, q := range proof.Nested {
		pairs = proofSees(q, pairs)
	}
	return pairs
}

// cageLinks finds the pairs of cells that see each other only through a
// cage (the only thing cages add to the classic techniques) and says so
// after the step's text: the cages, and the text.
func (w *work) cageLinks(pairs [][2]int, text string) ([]int, string) {
	links := map[int][]string{}
	var order []int
	for _, ab := range pairs {
		a, b := ab[0], ab[1]
		k := w.cageOf[a]
		if k < 0 || a == b || w.cageOf[b] != k || sharesHouse(w.g, a, b) {
			continue
		}
		if a > b {
			a, b = b, a
		}
		link := w.g.CellName(a) + "-" + w.g.CellName(b)
		if _, ok := links[k]; !ok {
			order = append(order, k)
		} else if slices.Contains(links[k], link) {
			continue
		}
		links[k] = append(links[k], link)
	}
	if len(order) == 0 {
		return nil, text
	}
	sort.Ints(order)
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%s in %s", strings.Join(links[k], ", "), w.cageName(k)))
	}
	return order, text + " (cells of one cage see each other: " + strings.Join(parts, "; ") + ")"
}

// classicName is the display name of a technique of grade's ladder.
func classicName(id string) (string, float64, bool) {
	t, ok := grade.TechniqueByID(id)
	if !ok {
		return "", 0, false
	}
	return t.Name, t.SE, true
}
