package export

import (
	"github.com/sudogen/sudogen/sudoku"
)

// Grids parses plain puzzle text into grids it reuses, one per shape, so a
// loop over millions of puzzle lines allocates nothing per line. Errors
// read as Item.Grid's. A Grids belongs to one goroutine.
type Grids struct {
	grids [8]sudoku.Grid // by index in sudoku.Shapes
}

// Parse reads puzzle (the shape from box when not nil, else from the
// length) and checks it as Item.Grid does. The grid returned is
// overwritten by the next call for the same shape: Clone it to keep it.
func (p *Grids) Parse(puzzle []byte, box *sudoku.Shape) (sudoku.Grid, error) {
	g, err := p.ParseSymbols(puzzle, box)
	if err != nil {
		return g, err
	}
	if err := g.Conflict(); err != nil {
		return sudoku.Grid{}, err
	}
	return g, nil
}

// ParseSymbols is Parse without the check that no value repeats in a
// unit, for callers that learn it otherwise (a solver finds no solution
// for such a puzzle, and then asks g.Conflict for the message).
func (p *Grids) ParseSymbols(puzzle []byte, box *sudoku.Shape) (sudoku.Grid, error) {
	var s sudoku.Shape
	if box != nil {
		s = *box
	} else {
		var err error
		if s, err = sudoku.ShapeForCells(len(puzzle)); err != nil {
			return sudoku.Grid{}, lengthError(len(puzzle))
		}
	}
	g := p.grid(s)
	if err := sudoku.ParseInto(g, puzzle); err != nil {
		return sudoku.Grid{}, err
	}
	return g, nil
}

// grid returns the reused grid of shape s.
func (p *Grids) grid(s sudoku.Shape) sudoku.Grid {
	for i, t := range sudoku.Shapes {
		if t == s && i < len(p.grids) {
			if p.grids[i].Geo == nil {
				p.grids[i] = sudoku.NewGrid(s)
			}
			return p.grids[i]
		}
	}
	return sudoku.NewGrid(s) // not a standard shape: ParseShape refuses those
}

// Record reads the Sudoku puzzle of a JSON record line without decoding
// the rest (see puzzleFields), checked as Item.Grid checks it (the shape
// from box when not nil, else the record's box, else the length; the
// record's size, when it has one, must be the puzzle's). ok is
// false when the line needs the full path (ParseLine, then Item.Grid):
// any malformed or unusual record, a record of another kind, a puzzle
// with a problem to name. With symbols only, repeats in a unit are not
// checked (see ParseSymbols).
func (p *Grids) Record(line []byte, box *sudoku.Shape, symbolsOnly bool) (g sudoku.Grid, ok bool) {
	kind, puzzle, recBox, size, ok := puzzleFields(line)
	if !ok || len(puzzle) == 0 || (len(kind) > 0 && !isGrid(string(kind))) {
		return g, false
	}
	if box == nil && len(recBox) == 2 {
		s := sudoku.Shape{BoxRows: recBox[0], BoxCols: recBox[1]}
		if !s.Valid() {
			return g, false
		}
		box = &s
	}
	var err error
	if symbolsOnly {
		g, err = p.ParseSymbols(puzzle, box)
	} else {
		g, err = p.Parse(puzzle, box)
	}
	if err == nil && checkSize(size, g.Geo.N) != nil {
		return sudoku.Grid{}, false // the full path names it
	}
	return g, err == nil
}
