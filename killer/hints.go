package killer

import (
	"github.com/sudogen/sudogen/export"
)

// PlayHints is the play page's hint source for killer records
// (export.RecordKind.Hints): the record's solve path by the killer
// grader, every step with its technique, what it places and removes, and
// its pattern (houses as indexes into the board's houses, which are
// Geometry.Houses; cages as indexes into the record's cages, in the order
// the record lists them; cells; digits). Every step is kept, the singles
// too: on a killer board they rest on cage sums and combinations the page
// does not work out by itself. Solved is false when the ladder stops
// short of the solution.
func PlayHints(r *export.Record) (export.Hints, error) {
	rec, err := fromExport(r)
	if err != nil {
		return export.Hints{}, err
	}
	p, _, err := rec.Decode()
	if err != nil {
		return export.Hints{}, err
	}
	res := Grade(p)
	out := export.Hints{Solved: res.Solved, Steps: make([]export.HintStep, 0, len(res.Steps))}
	for _, st := range res.Steps {
		h := export.HintStep{Tech: st.Technique, Name: techniqueByID(st.Technique).Name,
			Houses: st.Houses, Cages: st.Cages, Cells: st.Cells, Digits: st.Digits}
		for _, pl := range st.Placements {
			h.Places = append(h.Places, export.HintCandidate{Cell: pl.Cell, Digit: pl.Digit})
		}
		for _, e := range st.Eliminations {
			for _, d := range digitSlice(e.Digits) {
				h.Elims = append(h.Elims, export.HintCandidate{Cell: e.Cell, Digit: d})
			}
		}
		out.Steps = append(out.Steps, h)
	}
	return out, nil
}
