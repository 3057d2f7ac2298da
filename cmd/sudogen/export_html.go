package main

import (
	"fmt"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// playHints is the hint source of the play page (`export --format html`):
// the record's solve path by the grader's Sudoku Explainer profile, each
// step the page does not find itself in the words `sudogen explain`
// prints. It is grade.Explain's loop, but phrases only those steps (the
// page finds the other 85% or so; phrasing them all took as long as the
// solve). The HTML writer calls it for many records at once; it shares
// nothing but the read-only profile.
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
	g := grade.NewGrid(p)
	res, err := grade.NewEngine(grade.SEProfile()).Solve(g, grade.Options{Solution: sol.Cells, KeepSteps: true})
	if err != nil {
		return export.Hints{}, err
	}
	out := export.Hints{Solved: res.Solved}
	g = grade.NewGrid(p) // replayed: each step is phrased against the candidates it saw
	for i := range res.Steps {
		s := &res.Steps[i]
		if !export.PageFindsItself(s.Tech) {
			out.Steps = append(out.Steps, hintStep(s, grade.Describe(s, g)))
		}
		s.Apply(g)
	}
	return out, nil
}

// hintStep converts one step: its technique, words and what it places and
// removes.
func hintStep(st *grade.Step, text string) export.HintStep {
	name := st.Tech
	if t, ok := grade.TechniqueByID(st.Tech); ok {
		name = t.Name
	}
	h := export.HintStep{Tech: st.Tech, Name: name, Text: text}
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
