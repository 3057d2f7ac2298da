package main

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// SolveOptions are the flags of `sudogen solve`.
type SolveOptions struct {
	Files   []string   // "-" or none: stdin
	Box     string     // force a box shape
	Count   bool       // print the number of solutions
	Limit   int64      // count up to this many
	Pretty  bool       // print solutions as readable grids
	Workers int64      // solving goroutines
	Slide   SlideFlags // --kind slide and its flags (slide.go)
	Kinds   kindLines  // --variant, and the records of other kinds (kindline.go)

	Ctx         context.Context // cancelled by Ctrl-C: stop, keep the lines written
	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdSolve returns the solve command.
func NewCmdSolve() *cobra.Command {
	opts := &SolveOptions{}
	var checkVariant func() error
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
A Killer Sudoku is read in its text forms (the cage map and its sums,
docs/records.md) or as a record; --variant reads every plain line as
that Sudoku variant (a jigsaw line as PUZZLE REGIONS), and a variant
record carries its own. --kind slide reads sliding-tile boards (the
tiles, 0 the blank) and prints each one's length and moves.

A bad line (wrong length, bad symbol, a value twice in a row, column or
box) is reported on stderr as FILE:LINE: problem, "invalid" is printed in
its place (--kind slide --format jsonl prints no record for it, so the
output stays JSONL), and solving goes on; the exit code is then 1. An
input with no puzzles is an error too.`,
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
			if err := checkVariant(); err != nil {
				return err
			}
			if err := solveFlagsUsed(cmd.Flags(), opts); err != nil {
				return err
			}
			opts.Files = args
			opts.Ctx = cmd.Context()
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
	f.VarP(newIntFlag(&opts.Workers, int64(runtime.GOMAXPROCS(0)), 1), "workers", "w", "solving goroutines (output stays in input order)")
	addSlideFlags(cmd, &opts.Slide)
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	return cmd
}

// solveFlagsUsed refuses flags the run would leave unread: --pretty and
// --limit beside what they do not change (a count; no count), and the
// Sudoku output flags with --kind slide, which prints a board's moves.
func solveFlagsUsed(f *pflag.FlagSet, opts *SolveOptions) error {
	switch {
	case export.HoldsTiles(opts.Slide.Kind):
		for _, name := range []string{"count", "limit", "pretty"} {
			if f.Changed(name) {
				return UsageErrorf("--%s is for Sudoku: --kind %s prints each board's shortest solution", name, opts.Slide.Kind)
			}
		}
	case opts.Count && opts.Pretty:
		return UsageErrorf("--pretty prints solutions as grids; with --count solve prints how many there are: drop one")
	case !opts.Count && f.Changed("limit"):
		return UsageErrorf("--limit bounds --count: add --count, or drop --limit")
	}
	return nil
}

func solveRun(opts *SolveOptions) error {
	if export.HoldsTiles(opts.Slide.Kind) {
		if opts.Kinds.Variants != nil {
			return UsageErrorf("--variant reads Sudoku variants: drop --kind %s", opts.Slide.Kind)
		}
		return slideSolveRun(opts)
	}
	if err := opts.Slide.refuseSlideFlags(); err != nil {
		return err
	}
	box, err := boxFlag(opts.Box)
	if err != nil {
		return err
	}
	pool := &linePool{
		Ctx:        opts.Ctx,
		Files:      inputNames(opts.Files),
		In:         opts.In,
		Workers:    capWorkers(opts.Workers, opts.ErrOut),
		ChunkLines: 256,
		NewWorker:  func() func(*chunk, int, []byte) { return newSolveWorker(opts, box).line },
		Out:        newLineWriter(opts.Out, "stdout"),
		ErrOut:     opts.ErrOut,
	}
	if err := pool.Run(); err != nil {
		return err
	}
	if pool.Bad > 0 {
		return &silentError{numfmt.Count(pool.Bad, "bad puzzle line")}
	}
	return nil
}

// solveWorker solves the puzzles of one worker's lines.
type solveWorker struct {
	opts    *SolveOptions
	box     *sudoku.Shape
	grids   export.Grids
	solvers map[sudoku.Shape]*sudoku.Solver
	sols    map[sudoku.Shape]sudoku.Grid
}

func newSolveWorker(opts *SolveOptions, box *sudoku.Shape) *solveWorker {
	return &solveWorker{opts: opts, box: box, solvers: map[sudoku.Shape]*sudoku.Solver{}, sols: map[sudoku.Shape]sudoku.Grid{}}
}

// line solves the puzzle of line n (a plain line or a JSONL record) and
// appends one output line: the solution, a count, "no solution",
// "multiple solutions", or "invalid" with a note naming the problem. A
// plain line's givens are checked for repeats only when the solver finds
// no solution (a puzzle with a repeat has none).
func (w *solveWorker) line(c *chunk, n int, b []byte) {
	var g sudoku.Grid
	var kp *kindPuzzle
	var ok, unchecked bool
	var err error
	if w.opts.Kinds.reads(b) {
		kp, ok, err = w.opts.Kinds.line(c.File, n, b)
	} else {
		g, kp, ok, unchecked, err = w.puzzle(c, n, b)
	}
	if !ok {
		return
	}
	c.Items++
	if err != nil {
		w.invalid(c, err)
		return
	}
	if kp != nil {
		w.kindLine(c, n, kp)
		return
	}
	sv := w.solvers[g.Geo.Shape]
	if sv == nil {
		sv = sudoku.NewSolver(g.Geo.Shape)
		w.solvers[g.Geo.Shape] = sv
		w.sols[g.Geo.Shape] = sudoku.NewGrid(g.Geo.Shape)
	}
	sol := w.sols[g.Geo.Shape]
	var k int
	if w.opts.Count {
		k = sv.Count(g.Cells, int(w.opts.Limit), nil)
	} else {
		k = sv.Count(g.Cells, 2, sol.Cells)
	}
	if k == 0 && unchecked {
		if err := g.Conflict(); err != nil {
			w.invalid(c, &export.LineError{File: c.File, Line: n, Msg: err.Error()})
			return
		}
	}
	c.Out = w.appendResult(c.Out, k, sol.Pretty, sol.Append)
}

// appendResult appends the output line of a puzzle with k solutions (up
// to the limit), sol one of them: the count with --count, else the
// solution (pretty or one line), "no solution" or "multiple solutions".
func (w *solveWorker) appendResult(out []byte, k int, pretty func() string, appendSol func([]byte) []byte) []byte {
	switch {
	case w.opts.Count:
		out = strconv.AppendInt(out, int64(k), 10)
		if int64(k) >= w.opts.Limit {
			out = append(out, '+')
		}
		return append(out, '\n')
	case k == 0:
		return append(out, "no solution\n"...)
	case k == 1 && w.opts.Pretty:
		return append(append(out, pretty()...), '\n')
	case k == 1:
		return append(appendSol(out), '\n')
	default:
		return append(out, "multiple solutions\n"...)
	}
}

// kindLine solves the puzzle of line n of another kind (or --variant)
// through its kind's plug and appends its output line, as line does for
// Sudoku. A sliding board has no solution count (any number of move
// sequences solve it), so --count refuses it, as --kind slide does.
func (w *solveWorker) kindLine(c *chunk, n int, kp *kindPuzzle) {
	if w.opts.Count && export.HoldsTiles(kp.Kind.Name()) {
		w.invalid(c, &export.LineError{File: c.File, Line: n,
			Msg: "--count counts Sudoku solutions; a sliding board has no count: solve it with --kind slide for its shortest solution"})
		return
	}
	limit := 2
	if w.opts.Count {
		limit = int(w.opts.Limit)
	}
	k, sol, err := kp.Puzzle.Solve(limit)
	if err != nil {
		w.invalid(c, err)
		return
	}
	c.Out = w.appendResult(c.Out, k, func() string { return kp.pretty(sol) }, func(b []byte) []byte { return append(b, sol...) })
}

// puzzle reads line n: a plain line through the unchecked fast path
// (unchecked true), a JSON record fully checked; a record of another
// kind is kp.
func (w *solveWorker) puzzle(c *chunk, n int, b []byte) (g sudoku.Grid, kp *kindPuzzle, ok, unchecked bool, err error) {
	t := bytes.TrimSpace(b)
	if len(t) > 0 && t[0] != '{' && t[0] != '#' {
		p := export.PlainPuzzle(t)
		g, err := w.grids.ParseSymbols(p, w.box)
		if err != nil {
			return g, nil, true, false, export.PlainLineError(c.File, n, t, err)
		}
		if len(p) < len(t) { // something after the puzzle: a jigsaw's regions?
			if jerr := export.JigsawLineError(c.File, n, t); jerr != nil {
				return g, nil, true, false, jerr
			}
		}
		return g, nil, true, true, nil
	}
	if len(t) > 0 && t[0] == '{' {
		if g, ok := w.grids.Record(t, w.box, true); ok {
			return g, nil, true, true, nil
		}
	}
	g, kp, ok, err = puzzleOfLine(c, n, b, w.box, &w.grids)
	return g, kp, ok, false, err
}

// invalid reports a bad line: "invalid" in its place and a note.
func (w *solveWorker) invalid(c *chunk, err error) {
	c.Bad++
	c.Out = append(c.Out, "invalid\n"...)
	c.Notef("%v", err)
}

// puzzleOfLine reads the Sudoku puzzle of line n of c's input: ok is
// false for a blank or comment line; err is the problem with a bad line
// (named by file and line). A plain line is parsed into a grid of grids
// without allocating; a JSON record is decoded. A record of another
// registered kind is kp, parsed by its kind (kindLines.record).
func puzzleOfLine(c *chunk, n int, b []byte, box *sudoku.Shape, grids *export.Grids) (g sudoku.Grid, kp *kindPuzzle, ok bool, err error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] == '#' {
		return g, nil, false, nil
	}
	if b[0] != '{' {
		p := export.PlainPuzzle(b)
		if len(p) < len(b) { // something after the puzzle: a jigsaw's regions?
			if jerr := export.JigsawLineError(c.File, n, b); jerr != nil {
				return g, nil, true, jerr
			}
		}
		g, err := grids.Parse(p, box)
		if err != nil {
			return g, nil, true, export.PlainLineError(c.File, n, b, err)
		}
		return g, nil, true, nil
	}
	if g, ok := grids.Record(b, box, false); ok {
		return g, nil, true, nil
	}
	it, _, err := export.ParseLine(c.File, n, b)
	if err != nil {
		return g, nil, true, err
	}
	if !export.HoldsGrid(it.Record.Kind) {
		kp, err := (&kindLines{}).record(it.Record)
		if err != nil {
			return g, nil, true, &export.LineError{File: c.File, Line: n, Msg: err.Error()}
		}
		return g, kp, true, nil
	}
	g, err = it.GridError(c.File, box)
	return g, nil, true, err
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
