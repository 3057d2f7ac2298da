// Package generate makes puzzles: random full grids, dug to a unique
// (optionally minimal, optionally symmetric) Sudoku puzzle.
package generate

import (
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// Options say what puzzle to make.
type Options struct {
	Shape sudoku.Shape
}

// Puzzle is one generated puzzle with its unique solution.
type Puzzle struct {
	Puzzle, Solution sudoku.Grid
	// Minimal is true when no single given can be removed keeping the
	// solution unique.
	Minimal bool
}

// Generator makes puzzles of one set of options. It keeps work space, so
// use one per goroutine.
type Generator struct {
	opts   Options
	solver *sudoku.Solver
}

// New returns a generator for opts.
func New(opts Options) (*Generator, error) {
	return &Generator{opts: opts, solver: sudoku.NewSolver(opts.Shape)}, nil
}

// Sudoku makes one puzzle, drawing every choice from rng, so the same rng
// state gives the same puzzle.
func (g *Generator) Sudoku(rng *rand.Rand) Puzzle {
	sol := sudoku.NewGrid(g.opts.Shape)
	g.solver.Random(sol.Cells, rng, sol.Cells)
	p := sol.Clone()
	order := rng.Perm(len(p.Cells))
	for _, i := range order {
		v := p.Cells[i]
		p.Cells[i] = 0
		if g.solver.Count(p.Cells, 2, nil) != 1 {
			p.Cells[i] = v
		}
	}
	return Puzzle{Puzzle: p, Solution: sol, Minimal: true}
}
