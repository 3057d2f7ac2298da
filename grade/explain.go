package grade

import (
	"fmt"
	"strings"

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
// against the candidates it saw.
func Explain(puzzle sudoku.Grid, p *Profile, opt Options) ([]ExplainedStep, Result, error) {
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
	if t, ok := TechniqueByID(id); ok {
		return t.Name
	}
	return id
}

// Describe explains step s, found in grid g (before it is applied), in
// words: "r4c7 = 5: the only place for 5 in box 6".
func Describe(s *Step, g *Grid) string {
	geo := g.Geo
	sym := func(d uint8) string { return string(sudoku.Symbols[d-1]) }
	cell := geo.CellName
	digits := func(ds []uint8) string {
		parts := make([]string, len(ds))
		for i, d := range ds {
			parts[i] = sym(d)
		}
		return strings.Join(parts, ",")
	}
	and := func(ds []uint8) string {
		parts := make([]string, len(ds))
		for i, d := range ds {
			parts[i] = sym(d)
		}
		return joinAnd(parts)
	}
	cells := func(cs []int) string {
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = cell(c)
		}
		return strings.Join(parts, ",")
	}
	unit := func(i int) string {
		if i < len(s.Units) {
			return geo.UnitName(s.Units[i])
		}
		return "its unit"
	}
	result := resultText(s, geo)
	d0 := uint8(0)
	if len(s.Digits) > 0 {
		d0 = s.Digits[0]
	}
	switch s.Tech {
	case "full-house":
		p := s.Placements[0]
		return fmt.Sprintf("%s = %s: the last empty cell of %s", cell(p.Cell), sym(p.Digit), unit(0))
	case "hidden-single":
		p := s.Placements[0]
		if len(s.Units) == 0 {
			return fmt.Sprintf("%s = %s: the only place left for %s", cell(p.Cell), sym(p.Digit), sym(p.Digit))
		}
		return fmt.Sprintf("%s = %s: the only place for %s in %s", cell(p.Cell), sym(p.Digit), sym(p.Digit), unit(0))
	case "naked-single":
		p := s.Placements[0]
		return fmt.Sprintf("%s = %s: the only candidate left in the cell", cell(p.Cell), sym(p.Digit))
	case "pointing", "claiming":
		where := ""
		if len(s.Cells) > 0 {
			where = " (" + cells(s.Cells) + ")"
		}
		rest := "line"
		if isBox(geo, s.Units[1]) {
			rest = "box"
		}
		return fmt.Sprintf("in %s, %s can only go in %s%s, so it leaves the rest of that %s: %s", unit(0), sym(d0), unit(1), where, rest, result)
	case "direct-pointing", "direct-claiming":
		p := s.Placements[0]
		return fmt.Sprintf("%s = %s: in %s, %s can only go in %s; that leaves %s one place in %s", cell(p.Cell), sym(p.Digit), unit(0), sym(p.Digit), unit(1), sym(p.Digit), unit(2))
	case "direct-hidden-pair", "direct-hidden-triple":
		p := s.Placements[0]
		return fmt.Sprintf("%s = %s: %s form a hidden %s in %s, so %s has one place left there", cell(p.Cell), sym(p.Digit), and(s.Digits), map[bool]string{true: "pair", false: "triple"}[len(s.Digits) == 2], unit(0), sym(p.Digit))
	case "locked-pair", "locked-triple":
		return fmt.Sprintf("%s {%s} in %s share %s and %s: %s leave the other cells of both: %s", strings.ToLower(techName(s.Tech)), digits(s.Digits), cells(s.Cells), unit(0), unit(1), and(s.Digits), result)
	case "naked-pair", "naked-triple", "naked-quad":
		return fmt.Sprintf("%s {%s} in %s: these cells hold only %s between them, so remove them from the other cells of %s: %s", strings.ToLower(techName(s.Tech)), digits(s.Digits), cells(s.Cells), and(s.Digits), unit(0), result)
	case "hidden-pair", "hidden-triple", "hidden-quad":
		return fmt.Sprintf("%s {%s} in %s: %s can only go in %s, so those cells lose their other candidates: %s", strings.ToLower(techName(s.Tech)), digits(s.Digits), unit(0), and(s.Digits), cells(s.Cells), result)
	case "x-wing", "swordfish", "jellyfish", "finned-x-wing", "finned-swordfish", "finned-jellyfish", "sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish":
		k := len(s.Units) / 2
		var base, cover []string
		for i, u := range s.Units {
			name := geo.UnitName(u)
			if i < k {
				base = append(base, name)
			} else {
				cover = append(cover, name)
			}
		}
		txt := fmt.Sprintf("in %s, %s can only go in %s", joinAnd(base), sym(d0), joinAnd(cover))
		if strings.HasPrefix(s.Tech, "finned") || strings.HasPrefix(s.Tech, "sashimi") {
			txt += fmt.Sprintf(" or in the fin cells (%s); either way %s is not in the cells of those %ss that share the fins' box", strings.TrimPrefix(s.Detail, "fins "), sym(d0), lineWord(cover))
		} else {
			txt += fmt.Sprintf(", so it leaves the rest of those %ss", lineWord(cover))
		}
		return txt + ": " + result
	case "skyscraper", "two-string-kite", "turbot-fish":
		c := s.Cells
		return fmt.Sprintf("%s is in %s or %s (%s), and in %s or %s (%s); %s and %s see each other, so %s or %s is %s: %s",
			sym(d0), cell(c[0]), cell(c[1]), unit(0), cell(c[2]), cell(c[3]), unit(1), cell(c[1]), cell(c[2]), cell(c[0]), cell(c[3]), sym(d0), result)
	case "empty-rectangle":
		n := len(s.Cells)
		p, q := s.Cells[n-2], s.Cells[n-1]
		other := unit(1) // the ER line the box's digit is pushed onto
		if len(s.Units) > 3 && s.Units[3] >= geo.N {
			other = unit(2) // the strong link is a column: p is on the ER row
		}
		target := "the target"
		if len(s.Eliminations) > 0 {
			target = cell(s.Eliminations[0].Cell)
		}
		return fmt.Sprintf("in %s, %s lies only on %s and %s; %s is in %s or %s (%s): if %s is %s, the box's %s must be on %s, which sees %s; if %s is %s, it sees %s itself: %s",
			unit(0), sym(d0), unit(1), unit(2), sym(d0), cell(p), cell(q), unit(3), cell(p), sym(d0), sym(d0), other, target, cell(q), sym(d0), target, result)
	case "xy-wing", "xyz-wing":
		c := s.Cells
		return fmt.Sprintf("pivot %s {%s} with pincers %s {%s} and %s {%s}: one of them is %s, so cells that see %s lose it: %s",
			cell(c[0]), digits(maskDigits(g.Cand[c[0]])), cell(c[1]), digits(maskDigits(g.Cand[c[1]])), cell(c[2]), digits(maskDigits(g.Cand[c[2]])), sym(d0), map[bool]string{true: "all three", false: "both pincers"}[s.Tech == "xyz-wing"], result)
	case "w-wing":
		c := s.Cells
		return fmt.Sprintf("%s and %s both hold {%s,%s}; %s is in %s or %s (%s), and each sees one of them, so one of %s, %s is %s: %s",
			cell(c[0]), cell(c[3]), sym(min(s.Digits[0], s.Digits[1])), sym(max(s.Digits[0], s.Digits[1])), sym(s.Digits[0]), cell(c[1]), cell(c[2]), unit(0), cell(c[0]), cell(c[3]), sym(s.Digits[1]), result)
	case "remote-pair":
		return fmt.Sprintf("{%s} in the chain %s alternates the two digits, so a cell seeing two of its cells an odd number of steps apart can hold neither: %s", digits(s.Digits), cells(s.Cells), result)
	case "uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4", "uniqueness-5", "uniqueness-6", "hidden-rectangle", "avoidable-rectangle-1", "avoidable-rectangle-2":
		return fmt.Sprintf("on the rectangle %s: if these cells could only be %s, the puzzle would have two solutions; it has one, so: %s",
			cells(s.Cells[:min(4, len(s.Cells))]), strings.Join(digitStrings(rectDigits(s)), " and "), result)
	case "bug-plus-1":
		return fmt.Sprintf("every other empty cell has two candidates and each digit two places per unit; %s must be %s, or the puzzle would have two solutions: %s", cell(s.Cells[0]), sym(d0), result)
	case "simple-colors-trap", "simple-colors-wrap", "multi-colors-1", "multi-colors-2":
		why := map[string]string{
			"simple-colors-trap": "one color is true, so cells seeing both colors lose " + sym(d0),
			"simple-colors-wrap": "two cells of one color see each other, so that color is false",
			"multi-colors-1":     "colors of two clusters see each other, so one of their opposite colors is true",
			"multi-colors-2":     "one color sees both colors of the other cluster, so it is false",
		}[s.Tech]
		return fmt.Sprintf("colors of %s (%s): %s: %s", sym(d0), s.Detail, why, result)
	case "unique-rectangle", "unique-loop":
		return fmt.Sprintf("%s on {%s} in %s: if these cells could only be %s, the puzzle would have two solutions; it has one, so: %s",
			s.Detail, digits(s.Digits), cells(s.Cells), and(s.Digits), result)
	case "bug-1", "bug-2", "bug-3", "bug-4":
		return fmt.Sprintf("(%s) if every empty cell were down to two candidates the puzzle would have two solutions; so one of the extra candidates of %s is true: %s", s.Detail, cells(s.Cells), result)
	case "aligned-pair-exclusion":
		return fmt.Sprintf("%s and %s both see %s: every pair of values for the two cells that uses a removed digit would leave one of those cells without a candidate (or repeat a digit), so: %s", cell(s.Cells[0]), cell(s.Cells[1]), cells(s.Cells[2:]), result)
	}
	if len(s.Chain) > 0 {
		return fmt.Sprintf("%s: %s", chainText(s.Chain, geo), result)
	}
	if len(s.Cells) > 0 {
		return fmt.Sprintf("in %s: %s", cells(s.Cells), result)
	}
	return result
}

// rectDigits returns the rectangle digits of a uniqueness step: the
// digits every one of its first four cells' support shares.
func rectDigits(s *Step) []uint8 {
	var m uint32
	for _, c := range s.Support {
		if len(s.Cells) > 0 && c.Cell == s.Cells[0] {
			m |= 1 << (c.Digit - 1)
		}
	}
	if m == 0 {
		return s.Digits
	}
	return maskDigits(m)
}

func digitStrings(ds []uint8) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = string(sudoku.Symbols[d-1])
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
		parts = append(parts, "remove "+joinAnd(rm))
	}
	return strings.Join(parts, "; ")
}

// joinAnd joins "a", "b", "c" as "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
