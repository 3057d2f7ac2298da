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
	if err := g.Conflict(); err != nil {
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
