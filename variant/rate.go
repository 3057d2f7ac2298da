package variant

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// Layout returns g as a grader layout: its houses and sees pairs (for a
// box geometry the classic rows, columns and boxes first, then the extra
// houses). Pair rules (non-consecutive) have no layout form: the layout
// leaves them out, and a grader must apply them itself (Rate refuses
// them; package variantkind applies their eliminations between steps).
func Layout(g *Geometry) (*grade.Layout, error) {
	d := g.data
	spec := grade.LayoutSpec{Sees: d.Sees}
	for _, p := range d.Pairs {
		if p.Rule == RuleNonConsecutive {
			spec.Consecutive = append(spec.Consecutive, [2]int{p.A, p.B})
		}
	}
	if g.BoxRows > 0 && d.Rows == d.Cols {
		shape, err := sudoku.ShapeForSize(d.N)
		if err != nil {
			return nil, err
		}
		spec.Classic = sudoku.GeometryOf(shape)
		var types []grade.HouseType
		for i, h := range d.Houses {
			switch d.HouseKinds[i] {
			case "row", "column", "box":
			default:
				t, ok := seHouseTypes[d.HouseKinds[i]]
				if !ok {
					return nil, fmt.Errorf("grade layout: %s: house %d of kind %q has no SE house type", g.Name, i, d.HouseKinds[i])
				}
				if d.HouseKinds[i] == "hidden-window" && d.N == 9 {
					h = sukakuWindowOrder(h)
				}
				spec.Houses = append(spec.Houses, h)
				types = append(types, t)
			}
		}
		// The extra houses in SukakuExplainer's order of region types
		// (disjoint groups, windows, the main then the anti-diagonal,
		// girandola, asterisk, center dot: grade.HouseType's order), the
		// order its singles and subsets visit them in; the catalogue
		// lists them by variant name, which differs on combinations such
		// as center-dot,disjoint-groups or asterisk,x. Stable: a type's
		// houses keep the catalogue's order.
		byType := make([]int, len(types))
		for i := range byType {
			byType[i] = i
		}
		slices.SortStableFunc(byType, func(a, b int) int { return cmp.Compare(types[a], types[b]) })
		houses, ordered := make([][]int, len(types)), make([]grade.HouseType, len(types))
		for i, k := range byType {
			houses[i], ordered[i] = spec.Houses[k], types[k]
		}
		spec.Houses, types = houses, ordered
		l, err := grade.NewLayout(spec)
		if err != nil {
			return nil, err
		}
		if err := l.SetHouseTypes(types, d.Sees); err != nil {
			return nil, err
		}
		return l, nil
	}
	spec.N, spec.Cells, spec.Houses, spec.Used = d.N, d.Rows*d.Cols, d.Houses, d.Mask
	return grade.NewLayout(spec)
}

// sukakuWindowOrder returns a windoku window's cells in SukakuExplainer's
// order (Grid.Window): row by row, except the two windows that span the
// board's first, middle and last columns (rows 2-4 and 6-8), whose cells
// go column by column. The order decides at which cell a region forcing
// chain is found and the order of its branches, so which of two equal
// chains comes first.
func sukakuWindowOrder(h []int) []int {
	out := slices.Clone(h)
	slices.Sort(out)
	if out[0]%9 == 0 && out[1]%9 == 4 {
		if out[0] == 0 {
			return out // rows 1, 5, 9: row by row
		}
		slices.SortStableFunc(out, func(a, b int) int { return a%9 - b%9 })
	}
	return out
}

// seHouseTypes maps the kinds of extra houses on a classic frame to their
// SukakuExplainer region types, which decide the techniques that use
// them (grade.SetHouseTypes).
var seHouseTypes = map[string]grade.HouseType{
	"diagonal":       grade.HouseDiagonal,
	"window":         grade.HouseWindow,
	"hidden-window":  grade.HouseWindow,
	"disjoint-group": grade.HouseDisjointGroup,
	"asterisk":       grade.HouseAsterisk,
	"girandola":      grade.HouseGirandola,
	"center-dot":     grade.HouseCenterDot,
}

// Rate grades puzzle (frame cells, 0 empty) with the SE profile over g's
// houses and sees relation; solution, if non-nil, checks every step.
func Rate(g *Geometry, puzzle, solution []uint8) (grade.Result, error) {
	if len(g.data.Pairs) > 0 {
		return grade.Result{}, fmt.Errorf("grade layout: %s: pair rules (non-consecutive) are not supported by the grader", g.Name)
	}
	l, err := Layout(g)
	if err != nil {
		return grade.Result{}, err
	}
	grid, err := grade.NewLayoutGrid(l, puzzle)
	if err != nil {
		return grade.Result{}, err
	}
	return grade.NewEngine(grade.SEProfile()).Solve(grid, grade.Options{Solution: solution})
}
