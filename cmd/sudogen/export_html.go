package main

import (
	"fmt"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// playHints is the hint source of the play page (`export --format html`):
// the record's solve path by the grader's Sudoku Explainer profile, each
// step in the words `sudogen explain` prints. The HTML writer calls it for
// many records at once; it shares nothing but the read-only profile.
func playHints(rec *export.Record) (export.Hints, error) {
	shape, err := recordShape(rec)
	if err != nil {
		return export.Hints{}, err
	}
	p, err := sudoku.Parse(rec.Puzzle, shape)
	if err != nil {
		return export.Hints{}, fmt.Errorf("puzzle: %v", err)
	}
	sol, err := sudoku.Parse(rec.Solution, shape)
	if err != nil {
		return export.Hints{}, fmt.Errorf("solution: %v", err)
	}
	steps, res, err := grade.Explain(p, grade.SEProfile(), grade.Options{Solution: sol.Cells})
	if err != nil {
		return export.Hints{}, err
	}
	out := export.Hints{Solved: res.Solved, Steps: make([]export.HintStep, 0, len(steps))}
	for _, s := range steps {
		out.Steps = append(out.Steps, hintStep(&s))
	}
	return out, nil
}

// hintStep converts one explained step: its words and what it places and
// removes.
func hintStep(s *grade.ExplainedStep) export.HintStep {
	st := &s.Step
	h := export.HintStep{Tech: st.Tech, Name: s.Name, Text: s.Text}
	for _, p := range st.Placements {
		h.Places = append(h.Places, export.HintCandidate{Cell: p.Cell, Digit: int(p.Digit)})
	}
	for _, e := range st.Eliminations {
		h.Elims = append(h.Elims, export.HintCandidate{Cell: e.Cell, Digit: int(e.Digit)})
	}
	return h
}

// recordShape is the box shape of a sudoku record: its box field, else
// the standard shape for its size, else for its puzzle's length.
func recordShape(rec *export.Record) (sudoku.Shape, error) {
	switch {
	case len(rec.Box) == 2:
		return sudoku.ParseShape(fmt.Sprintf("%dx%d", rec.Box[0], rec.Box[1]))
	case rec.Size > 0:
		return sudoku.ShapeForSize(rec.Size)
	}
	return sudoku.ShapeForCells(len(rec.Puzzle))
}
