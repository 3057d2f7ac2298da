package killer

import (
	"errors"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// playBoard is a killer record's board for the play page: rows, columns,
// boxes (outlined), for Killer-X the two diagonals (shaded), and the
// cages, which the page draws as dashed outlines with their sums and
// checks as groups without a repeated digit that add up to their sum.
func playBoard(r *export.Record) (export.PlayBoard, error) {
	rec, err := fromExport(r)
	if err != nil {
		return export.PlayBoard{}, err
	}
	p, sol, err := rec.Decode()
	if err != nil {
		return export.PlayBoard{}, err
	}
	if sol == nil {
		return export.PlayBoard{}, errors.New(`the play page needs the killer's "solution"`)
	}
	g := p.Geo
	geo := export.BoardGeometry{W: g.N, H: g.N, N: g.N, Houses: g.Houses, Region: make([]int, g.Cells), Shade: []int{},
		MR: g.Shape.BoxRows, MC: g.Shape.BoxCols, Cages: make([][]int, 0, len(p.Cages))}
	for h := range g.Houses {
		switch {
		case h < g.N:
			geo.Kinds = append(geo.Kinds, "row")
		case h < 2*g.N:
			geo.Kinds = append(geo.Kinds, "column")
		case h < 3*g.N:
			geo.Kinds = append(geo.Kinds, "box")
			for _, c := range g.Houses[h] {
				geo.Region[c] = h
			}
		default:
			geo.Kinds = append(geo.Kinds, "diagonal")
			geo.Shade = append(geo.Shade, h)
		}
	}
	for _, cg := range p.Cages {
		geo.Cages = append(geo.Cages, append([]int{cg.Sum}, cg.Cells...))
	}
	var b strings.Builder
	for i := 0; i < g.Cells; i++ {
		switch {
		case p.Givens != nil && p.Givens[i] != 0:
			b.WriteByte(sudoku.Symbols[p.Givens[i]-1])
		case sol[i] < 1 || int(sol[i]) > g.N:
			return export.PlayBoard{}, errors.New("the killer's solution has a digit out of range")
		default:
			b.WriteByte(byte('a' + sol[i] - 1))
		}
	}
	return export.PlayBoard{Geometry: geo, Cells: b.String(), BoxRows: geo.MR, BoxCols: geo.MC}, nil
}
