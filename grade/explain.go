package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// ExplainedStep is one step of a solve path with its explanation.
type ExplainedStep struct {
	N    int    // 1-based step number
	Name string // technique display name
	Text string // what the step does and why, in a player's words
	Step Step
}

// Explain solves puzzle (which must have exactly one solution; the caller
// checks) with profile p and returns every step explained, with the
// profile's result. Steps are replayed on a fresh grid to phrase each one
// against the candidates it saw. A puzzle sudoku.Grid.Check refuses is an
// error.
func Explain(puzzle sudoku.Grid, p *Profile, opt Options) ([]ExplainedStep, Result, error) {
	if err := puzzle.Check(); err != nil {
		return nil, Result{}, err
	}
	opt.KeepSteps = true
	g := NewGrid(puzzle)
	res, err := NewEngine(p).Solve(g, opt)
	if err != nil {
		return nil, res, err
	}
	g = NewGrid(puzzle)
	out := make([]ExplainedStep, 0, len(res.Steps))
	for i := range res.Steps {
		s := &res.Steps[i]
		out = append(out, ExplainedStep{N: i + 1, Name: techName(s.Tech), Text: Describe(s, g), Step: *s})
		s.Apply(g)
	}
	return out, res, nil
}

// techName is the display name of a technique id.
func techName(id string) string {
	if t := techByID(id); t != nil {
		return t.Name
	}
	return id
}

// Describe explains step s, found in grid g (before it is applied), in
// words: "r4c7 = 5: the only place for 5 in box 6". The wording is the
// technique descriptor's (Technique.Explain); a step of an unknown
// technique gets its chain, cells and result.
func Describe(s *Step, g *Grid) string {
	if t := techByID(s.Tech); t != nil && t.Explain != nil {
		return t.Explain(s, g)
	}
	return explainGeneric(s, g)
}

// explainGeneric says what a step does from its chain or cells.
func explainGeneric(s *Step, g *Grid) string {
	result := resultText(s, g.Geo)
	if len(s.Chain) > 0 {
		return fmt.Sprintf("%s: %s", chainText(s.Chain, g.Geo), result)
	}
	if len(s.Cells) > 0 {
		return fmt.Sprintf("in %s: %s", cellList(g.Geo, s.Cells), result)
	}
	return result
}

// explainChain phrases a chaining step: its chain, then its result.
func explainChain(s *Step, g *Grid) string { return explainGeneric(s, g) }

// sym is the symbol of digit d ("5", or "A" for 10 on large grids).
func sym(d uint8) string { return string(sudoku.Symbols[d-1]) }

// unitName names the step's i-th unit ("row 3"), or "its unit".
func unitName(s *Step, geo *sudoku.Geometry, i int) string {
	if i < len(s.Units) {
		return geo.UnitName(s.Units[i])
	}
	return "its unit"
}

// cellList prints cells as "r1c2,r3c4".
func cellList(geo *sudoku.Geometry, cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = geo.CellName(c)
	}
	return strings.Join(parts, ",")
}

// digitList prints digits as "1,5,7".
func digitList(ds []uint8) string { return strings.Join(digitStrings(ds), ",") }

// digitsAnd prints digits as "1, 5 and 7".
func digitsAnd(ds []uint8) string { return numfmt.AndList(digitStrings(ds)) }

func digitStrings(ds []uint8) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = sym(d)
	}
	return out
}

func lineWord(units []string) string {
	if len(units) > 0 && strings.HasPrefix(units[0], "row") {
		return "row"
	}
	return "column"
}

// chainText writes a chain as "r1c1 is not 5 → r1c7 is 5 → ...".
func chainText(ch []Node, geo *sudoku.Geometry) string {
	parts := make([]string, len(ch))
	for i, n := range ch {
		verb := "is not"
		if n.On {
			verb = "is"
		}
		parts[i] = fmt.Sprintf("%s %s %c", geo.CellName(n.Cell), verb, sudoku.Symbols[n.Digit-1])
	}
	return strings.Join(parts, " → ")
}

// resultText says what a step does: "r4c7 = 5" or "remove 3 from r1c2,
// r1c5 and 8 from r2c2".
func resultText(s *Step, geo *sudoku.Geometry) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s = %c", geo.CellName(p.Cell), sudoku.Symbols[p.Digit-1]))
	}
	// eliminations grouped by digit, in order of first appearance
	var order []uint8
	byDigit := map[uint8][]string{}
	for _, e := range s.Eliminations {
		if _, ok := byDigit[e.Digit]; !ok {
			order = append(order, e.Digit)
		}
		byDigit[e.Digit] = append(byDigit[e.Digit], geo.CellName(e.Cell))
	}
	var rm []string
	for _, d := range order {
		rm = append(rm, fmt.Sprintf("%c from %s", sudoku.Symbols[d-1], strings.Join(byDigit[d], ", ")))
	}
	if len(rm) > 0 {
		parts = append(parts, "remove "+numfmt.AndList(rm))
	}
	return strings.Join(parts, "; ")
}
