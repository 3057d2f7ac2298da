package variantkind

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
)

// Explain solves p with the variant grader's SE ladder and phrases every
// step: the technique, the houses it lives in (row, column, box,
// diagonal, window, region... by the variant's own names) and what it
// places and removes, cells named rRcC on the board's frame. On a
// non-consecutive board the pair rule's eliminations between steps are
// lines of their own (" non-consecutive: ...", a space first: no step),
// unrated as the grader rates them.
func (k Kind) Explain(kp kind.Puzzle, solution string, opts kind.GradeOptions, next bool) ([]string, string, error) {
	p, ok := kp.(*Puzzle)
	if !ok {
		return nil, "", fmt.Errorf("kind variant: cannot explain a %T", kp)
	}
	kg, err := k.Grader(opts)
	if err != nil {
		return nil, "", err
	}
	gr := kg.(*grader)
	g := p.Geometry
	var steps []string
	names, err := houseNames(g)
	if err != nil {
		return nil, "", err
	}
	t := &tracer{g: g, names: names, next: next}
	res, err := gr.rateTrace(p, solution, t, 0)
	if err != nil {
		return nil, "", err
	}
	steps = t.lines
	return steps, explainSummary(&res, g), nil
}

// tracer collects the phrased steps of one explained solve.
type tracer struct {
	g     *variant.Geometry
	names []string // layout house index -> name
	next  bool     // stop after the first step
	lines []string
	steps int // rated steps phrased
	// path holds every rated step as the grader took it (its technique,
	// rating, placements and eliminations), for tests that compare the
	// path with a reference grader's.
	path []grade.Step
	// keep asks for every step whole (its pattern too) in kept, for the
	// play page's hints.
	keep bool
	kept []grade.Step
}

// full reports whether the tracer has what it was asked for.
func (t *tracer) full() bool { return t.next && t.steps > 0 }

// step phrases one step of the engine.
func (t *tracer) step(s *grade.Step) {
	t.path = append(t.path, grade.Step{Tech: s.Tech, Difficulty: s.Difficulty,
		Placements: slices.Clone(s.Placements), Eliminations: slices.Clone(s.Eliminations)})
	if t.keep {
		// The engine's steps are copies; the non-consecutive step is
		// the loop's, filled anew each round: its slices are copied.
		k := *s
		k.Placements, k.Eliminations = slices.Clone(s.Placements), slices.Clone(s.Eliminations)
		k.Units, k.Cells, k.Digits = slices.Clone(s.Units), slices.Clone(s.Cells), slices.Clone(s.Digits)
		t.kept = append(t.kept, k)
	}
	name := s.Tech
	if tech, ok := grade.TechniqueByID(s.Tech); ok {
		name = tech.Name
	} else if n, ok := ncTechName[s.Tech]; ok {
		name = n
	}
	text := t.result(s.Placements, s.Eliminations)
	if len(s.Units) > 0 {
		var in []string
		for _, u := range s.Units {
			if u >= 0 && u < len(t.names) {
				in = append(in, t.names[u])
			}
		}
		if len(in) > 0 {
			text += " (in " + strings.Join(in, ", ") + ")"
		}
	}
	if _, nc := ncTechName[s.Tech]; nc && len(s.Cells) > 0 {
		// The cells the step reasons from: the forcing cell, or the
		// house's cells that can hold the locked value.
		var at []string
		for _, c := range s.Cells {
			at = append(at, t.cell(c))
		}
		text += fmt.Sprintf(" (from %s)", strings.Join(at, ", "))
	}
	t.steps++
	t.lines = append(t.lines, fmt.Sprintf("%s [%.1f]: %s", name, s.Difficulty, text))
}

// pairs phrases the non-consecutive eliminations of one round.
func (t *tracer) pairs(elims []grade.Candidate) {
	if len(elims) == 0 || t.full() {
		return
	}
	// a space first: no step of its own (kind.Explainer), unnumbered
	t.lines = append(t.lines, " non-consecutive: "+t.result(nil, elims))
}

// cell names frame cell c as rRcC.
func (t *tracer) cell(c int) string { return t.g.CellName(c) }

// result says what a step places and removes: "r1c2 = 5; remove 3 from
// r1c4, r2c5 and 7 from r3c3".
func (t *tracer) result(place, elim []grade.Candidate) string {
	var parts []string
	for _, p := range place {
		parts = append(parts, fmt.Sprintf("%s = %c", t.cell(p.Cell), sudoku.Symbols[p.Digit-1]))
	}
	var order []uint8
	byDigit := map[uint8][]string{}
	for _, e := range elim {
		if _, ok := byDigit[e.Digit]; !ok {
			order = append(order, e.Digit)
		}
		byDigit[e.Digit] = append(byDigit[e.Digit], t.cell(e.Cell))
	}
	var rm []string
	for _, d := range order {
		rm = append(rm, fmt.Sprintf("%c from %s", sudoku.Symbols[d-1], strings.Join(byDigit[d], ", ")))
	}
	if len(rm) > 0 {
		parts = append(parts, "remove "+strings.Join(rm, " and "))
	}
	return strings.Join(parts, "; ")
}

// houseNames names the houses of g's grading layout in layout order:
// with a classic frame its rows, columns and boxes, then the extra
// houses; otherwise g's houses. A house is its kind and its number among
// the houses of that kind ("diagonal 2", "window 4"); on a board that is
// not one square grid (Samurai) its first and last cell follow.
func houseNames(g *variant.Geometry) ([]string, error) {
	d := g.Data()
	l, err := variant.Layout(g)
	if err != nil {
		return nil, err
	}
	var kinds []string
	var houses [][]int
	if l.Geo != nil {
		for u := range 3 * l.N {
			kinds = append(kinds, [3]string{"row", "column", "box"}[u/l.N])
			houses = append(houses, l.Houses[u])
		}
		for i, h := range d.Houses {
			switch d.HouseKinds[i] {
			case "row", "column", "box":
			default:
				kinds = append(kinds, d.HouseKinds[i])
				houses = append(houses, h)
			}
		}
	} else {
		kinds, houses = d.HouseKinds, d.Houses
	}
	seen := map[string]int{}
	names := make([]string, len(kinds))
	square := d.Rows == d.N && d.Cols == d.N
	cols := g.Cols()
	for i, k := range kinds {
		seen[k]++
		names[i] = fmt.Sprintf("%s %d", k, seen[k])
		if !square && len(houses[i]) > 0 {
			// A row or column of one grid of the frame (a Samurai's) is
			// named by the frame's row or column its cells are in, as
			// their names are, and told from the other grids' by its
			// cells: "row 3 r3c13-r3c21", not the 12th row house's
			// "row 12 r3c13-r3c21".
			h := houses[i]
			first, last := h[0], h[len(h)-1]
			switch {
			case k == "row" && first/cols == last/cols:
				names[i] = fmt.Sprintf("row %d", first/cols+1)
			case k == "column" && first%cols == last%cols:
				names[i] = fmt.Sprintf("column %d", first%cols+1)
			}
			names[i] += " " + g.CellName(first) + "-" + g.CellName(last)
		}
	}
	return names, nil
}

// explainSummary is explain's closing line for a variant puzzle.
func explainSummary(res *grade.Result, g *variant.Geometry) string {
	rating := fmt.Sprintf("SE rating %.1f (ER/EP/ED %.1f/%.1f/%.1f) on the %s board", res.Rating(), grade.Round1(res.ER), grade.Round1(res.EP), grade.Round1(res.ED), g.Name)
	switch {
	case res.OverBudget:
		// as grade says it: no rating, beyond; the steps taken are a lower bound
		return fmt.Sprintf("Stopped after %s with %d of %d cells filled: the forcing-chain work budget for this board ran out; the SE rating is at least %.1f (grade gives it the beyond tier).",
			numfmt.Count(res.NSteps, "step"), res.Filled, g.UsedCells(), res.Rating())
	case res.Capped:
		return fmt.Sprintf("Stopped after %s with %d of %d cells filled: the next step rates above the cap; the SE rating is at least %.1f.",
			numfmt.Count(res.NSteps, "step"), res.Filled, g.UsedCells(), res.Rating())
	case !res.Solved:
		return fmt.Sprintf("Stuck after %d steps with %d of %d cells filled: the rest needs techniques the grader does not run on this board (%s).",
			res.NSteps, res.Filled, g.UsedCells(), rating)
	}
	hard := res.Hardest
	if t, ok := grade.TechniqueByID(hard); ok {
		hard = t.Name
	} else if n, ok := ncTechName[hard]; ok {
		hard = n
	}
	if hard == "" {
		hard = "none" // no step: every cell is given
	}
	return fmt.Sprintf("Solved in %s; hardest step: %s; %s.", numfmt.Count(res.NSteps, "step"), hard, rating)
}

// Pretty prints a puzzle or solution string of p's board as rows of
// symbols separated by spaces ('.' empty, ' ' for unused cells, none
// at a row's end), with a blank column and line between boxes when the
// board has boxes (a Samurai's lie on the frame's 3x3 blocks). A jigsaw
// board, which has none, has its regions map beside the grid, one region
// digit a cell, as the regions string spells them: the grid alone did
// not say which cells share a region.
func (p *Puzzle) Pretty(cells string) string {
	g := p.Geometry
	regions := g.Regions
	if len(regions) != g.Rows()*g.Cols() {
		regions = ""
	}
	br, bc := g.BoxRows, g.BoxCols
	if IsSamurai(g.Variants) {
		br, bc = 3, 3
	}
	var b strings.Builder
	var row []byte
	for r := range g.Rows() {
		if r > 0 && br > 0 && r%br == 0 {
			b.WriteByte('\n')
		}
		row = row[:0]
		for c := range g.Cols() {
			if c > 0 {
				row = append(row, ' ')
				if bc > 0 && c%bc == 0 {
					row = append(row, "  "...)
				}
			}
			i := r*g.Cols() + c
			switch {
			case i >= len(cells):
				row = append(row, '?')
			case !g.Used(i):
				row = append(row, ' ')
			default:
				row = append(row, cells[i])
			}
		}
		if regions != "" {
			row = append(row, "    "...)
			for c := range g.Cols() {
				if c > 0 {
					row = append(row, ' ')
				}
				row = append(row, regions[r*g.Cols()+c])
			}
		}
		b.Write(bytes.TrimRight(row, " "))
		b.WriteByte('\n')
	}
	return b.String()
}
