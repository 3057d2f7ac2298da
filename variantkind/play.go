package variantkind

import (
	"errors"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
)

// playKinds maps a geometry's house kinds to the play page's names (the
// words its hints use: "diagonal 1", "window 2"; asterisk, girandola and
// center-dot houses are "extra"). Windoku's five windows that the four
// shaded ones and the boxes imply are windows too (numbered after the
// shaded four, and not shaded), not "extra house 3".
var playKinds = map[string]string{
	"row": "row", "column": "column", "box": "box", "region": "region",
	"diagonal": "diagonal", "window": "window", "hidden-window": "window", "disjoint-group": "group",
}

// playBoard is a variant record's board for the play page: its houses,
// outlined regions, shaded extra houses and anti-knight/anti-king sees.
// The page checks entries against houses, sees and, for non-consecutive,
// the rule that side-by-side digits never differ by one (nc).
func playBoard(r *export.Record) (export.PlayBoard, error) {
	f := FieldsOf(r)
	if f == nil {
		return export.PlayBoard{}, errors.New(`variant record has no "variants"`)
	}
	g, err := Geometry(f.Variants, r.Size, f.Regions)
	if err != nil {
		return export.PlayBoard{}, err
	}
	if len(r.Puzzle) != g.Cells() || len(r.Solution) != g.Cells() {
		return export.PlayBoard{}, errors.New("the play page needs the puzzle and its solution, one symbol per frame cell")
	}
	d := g.Data()
	geo := export.BoardGeometry{W: g.Cols(), H: g.Rows(), N: g.N(), Houses: d.Houses, Region: make([]int, g.Cells()), Shade: []int{}}
	for i := range geo.Region {
		geo.Region[i] = -1
	}
	for h, k := range d.HouseKinds {
		name, ok := playKinds[k]
		if !ok {
			name = "extra"
		}
		geo.Kinds = append(geo.Kinds, name)
		switch {
		case k == "box" || k == "region":
			for _, c := range d.Houses[h] {
				if geo.Region[c] < 0 {
					geo.Region[c] = h
				}
			}
		case shadedKinds[k]:
			geo.Shade = append(geo.Shade, h)
		}
	}
	if len(d.Sees) > 0 {
		geo.Sees = make([][]int, g.Cells())
		for i := range geo.Sees {
			geo.Sees[i] = []int{}
		}
		for _, p := range d.Sees {
			geo.Sees[p[0]] = append(geo.Sees[p[0]], p[1])
			geo.Sees[p[1]] = append(geo.Sees[p[1]], p[0])
		}
	}
	for _, v := range variant.Names { // the catalogue's order, as the book's sections
		if slices.Contains(f.Variants, v) {
			geo.Variants = append(geo.Variants, ruleKey(v))
		}
	}
	geo.NC = slices.Contains(f.Variants, variant.NonConsecutive)
	geo.MR, geo.MC = g.BoxRows, g.BoxCols
	if geo.MR == 0 {
		if s, err := sudoku.ShapeForSize(g.N()); err == nil {
			geo.MR, geo.MC = s.BoxRows, s.BoxCols
		}
	}
	var b strings.Builder
	for i := 0; i < g.Cells(); i++ {
		c := r.Puzzle[i]
		switch {
		case !g.Used(i):
			b.WriteByte('-')
		case c != '.' && c != '0':
			b.WriteByte(c)
		default:
			v := strings.IndexByte(sudoku.Symbols, r.Solution[i])
			if v < 0 {
				return export.PlayBoard{}, errors.New("the solution has a symbol out of range")
			}
			b.WriteByte(byte('a' + v))
		}
	}
	return export.PlayBoard{Geometry: geo, Cells: b.String(), BoxRows: geo.MR, BoxCols: geo.MC}, nil
}
