package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// SolveOptions are the flags of `sudogen solve`.
type SolveOptions struct {
	Files  []string   // "-" or none: stdin
	Box    string     // force a box shape
	Count  bool       // print the number of solutions
	Limit  int64      // count up to this many
	Pretty bool       // print solutions as readable grids
	Slide  SlideFlags // --kind slide and its flags (slide.go)

	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdSolve returns the solve command.
func NewCmdSolve() *cobra.Command {
	opts := &SolveOptions{}
	cmd := &cobra.Command{
		Use:   "solve [FILE|-]...",
		Short: "Solve puzzles, or count their solutions",
		Long: `Read puzzles and print, for each, its solution, "no solution" or
"multiple solutions", one line per puzzle in input order.

Input is JSONL (sudogen records) or plain text: one puzzle per line, cells
row by row, '.' or '0' for empty, values 1-9 then A-P; blank lines and
lines starting with '#' are skipped, and anything after the puzzle
(after a space, tab, ',', ';', '|' or '#') is ignored. The grid size comes
from the length (16, 36, 64, 81, 144, 256 or 625 cells) or from --box.

A bad line (wrong length, bad symbol, a value twice in a row, column or
box) is reported on stderr as FILE:LINE: problem, "invalid" is printed in
its place, and solving goes on; the exit code is then 1. An input with no
puzzles is an error too.`,
		Example: `  # solve one puzzle
  echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | sudogen solve

  # check a generated corpus: every line should print a solution
  sudogen solve puzzles.jsonl

  # count solutions, up to 100
  sudogen solve --count --limit 100 mine.txt

  # readable grids
  sudogen solve --pretty puzzle.txt`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			return solveRun(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Box, "box", "", "box shape RxC for every puzzle (default: from the length)")
	f.BoolVarP(&opts.Count, "count", "c", false, "print the number of solutions instead of a solution")
	f.Var(newIntFlag(&opts.Limit, 1000, 1), "limit", `with --count, stop counting here (printed as "N+")`)
	f.BoolVar(&opts.Pretty, "pretty", false, "print each solution as a readable grid")
	addSlideFlags(cmd, &opts.Slide, true)
	return cmd
}

func solveRun(opts *SolveOptions) error {
	if opts.Slide.Kind == "slide" {
		return slideSolveRun(opts)
	}
	box, err := boxFlag(opts.Box)
	if err != nil {
		return err
	}
	files := inputNames(opts.Files)
	out := bufio.NewWriter(opts.Out)
	defer out.Flush()
	s := &solveState{opts: opts, box: box, out: out, solvers: map[sudoku.Shape]*sudoku.Solver{}}
	for _, name := range files {
		if err := s.file(name); err != nil {
			return err
		}
	}
	if s.bad > 0 {
		out.Flush()
		return &silentError{fmt.Sprintf("%d bad puzzle lines", s.bad)}
	}
	return nil
}

type solveState struct {
	opts    *SolveOptions
	box     *sudoku.Shape
	out     *bufio.Writer
	solvers map[sudoku.Shape]*sudoku.Solver
	bad     int
}

func (s *solveState) file(name string) error {
	r, done, err := openInput(name, s.opts.In)
	if err != nil {
		return err
	}
	defer done()
	rd := export.NewReader(r, name)
	puzzles := 0
	for {
		it, err := rd.Next()
		if err == io.EOF {
			break
		}
		var le *export.LineError
		if errors.As(err, &le) {
			s.badLine(le)
			puzzles++
			continue
		}
		if err != nil {
			return err
		}
		puzzles++
		g, err := it.GridError(name, s.box)
		if err != nil {
			s.badLine(err)
			continue
		}
		s.solve(g)
	}
	if puzzles == 0 {
		return fmt.Errorf("%s: no puzzles found (empty input)", displayName(name))
	}
	return nil
}

func displayName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// displayNames applies displayName to each of names.
func displayNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = displayName(n)
	}
	return out
}

func (s *solveState) badLine(err error) {
	s.bad++
	s.out.WriteString("invalid\n")
	s.out.Flush()
	fmt.Fprintf(s.opts.ErrOut, "sudogen: %v\n", err)
}

func (s *solveState) solve(g sudoku.Grid) {
	sv := s.solvers[g.Geo.Shape]
	if sv == nil {
		sv = sudoku.NewSolver(g.Geo.Shape)
		s.solvers[g.Geo.Shape] = sv
	}
	sol := sudoku.NewGrid(g.Geo.Shape)
	if s.opts.Count {
		n := sv.Count(g.Cells, int(s.opts.Limit), nil)
		line := strconv.Itoa(n)
		if int64(n) >= s.opts.Limit {
			line += "+"
		}
		s.out.WriteString(line + "\n")
		return
	}
	switch sv.Count(g.Cells, 2, sol.Cells) {
	case 0:
		s.out.WriteString("no solution\n")
	case 1:
		if s.opts.Pretty {
			s.out.WriteString(sol.Pretty() + "\n")
		} else {
			s.out.WriteString(sol.String() + "\n")
		}
	default:
		s.out.WriteString("multiple solutions\n")
	}
}
