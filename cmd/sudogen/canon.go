package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// CanonOptions are the flags of `sudogen canon`.
type CanonOptions struct {
	Files    []string  // "-" or none: stdin
	Box      string    // force a box shape
	Unique   bool      // print first occurrences only
	Original bool      // print the input puzzle instead of its canonical form
	Workers  int64     // goroutines computing canonical forms
	Kinds    kindLines // --variant, and the records of other kinds (kindline.go)

	// Shard is --shard I/N over input lines (shard.go).
	Shard shardOption

	Ctx         context.Context // cancelled by Ctrl-C: stop, keep the lines written
	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdCanon returns the canon command.
func NewCmdCanon() *cobra.Command {
	opts := &CanonOptions{}
	var checkVariant func() error
	cmd := &cobra.Command{
		Use:   "canon [FILE|-]...",
		Short: "Print the canonical (minlex) form of puzzles, or drop isomorphs",
		Long: `Read Sudoku puzzles and print, for each, its canonical form: the true
minlex form, the same for every puzzle that differs from it only by a
Sudoku symmetry (transpose for square boxes, band and row permutations,
stack and column permutations, relabeling the values). For 9x9 it is the
form of Royle's 17-clue list and the enjoysudoku forum. A puzzle of
another kind is keyed under its own kind's symmetry group, its form
prefixed by its variants ("x:", "jigsaw:REGIONS:", "samurai:"; a
killer's is its cage map and sums, a sliding board's its tiles in one
string): --variant reads plain lines as a variant, killer text lines and
killer, variant and slide records are read as what they are, and so is a
variant's key as canon prints it (its canonical form is itself).

Input is JSONL (sudogen records) or plain text, one puzzle per line, as
for solve. With --unique only the first puzzle of each canonical form is
printed, and stderr says how many duplicates were dropped; --original
prints the input puzzle instead of its canonical form.

A bad line is reported on stderr as FILE:LINE: problem, "invalid" is
printed in its place (not with --unique), and the exit code is then 1.`,
		Example: `  # canonical form of one puzzle
  echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | sudogen canon

  # how many essentially different puzzles are in a file
  sudogen canon --unique mine.txt > /dev/null

  # the file without isomorphs, puzzles as given
  sudogen canon --unique --original mine.txt > distinct.txt`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkVariant(); err != nil {
				return err
			}
			opts.Files = args
			opts.Ctx = cmd.Context()
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			return canonRun(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Box, "box", "", "box shape RxC for every puzzle (default: from the record or the length)")
	f.BoolVarP(&opts.Unique, "unique", "u", false, "print only the first puzzle of each canonical form, and a summary on stderr")
	opts.Shard.addFlag(f, "canonicalize only the input lines L with (L-1) mod N = I")
	f.BoolVar(&opts.Original, "original", false, "print the input puzzle instead of its canonical form")
	f.VarP(newIntFlag(&opts.Workers, int64(runtime.GOMAXPROCS(0)), 1), "workers", "w", "goroutines computing canonical forms (output stays in input order)")
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	return cmd
}

func canonRun(opts *CanonOptions) error {
	box, err := boxFlag(opts.Box)
	if err != nil {
		return err
	}
	if err := opts.Shard.resolve(); err != nil {
		return err
	}
	opts.Shard.noteFromEnv(opts.ErrOut, "canonicalizing")
	files := inputNames(opts.Files)
	seen := batch.NewCanonSet(0)
	dups := 0
	pool := &linePool{
		Ctx:        opts.Ctx,
		Files:      files,
		Shard:      opts.Shard.Shard,
		In:         opts.In,
		Workers:    capWorkers(opts.Workers, opts.ErrOut),
		ChunkLines: 256,
		Inline:     true,
		NewWorker: func() func(*chunk, int, []byte) {
			return newCanonWorker(opts, box).line
		},
		Out:    newLineWriter(opts.Out, "stdout"),
		ErrOut: opts.ErrOut,
	}
	if opts.Unique {
		// Keep the first line of each canonical form, in input order:
		// the workers mark each output line with its key, and the
		// collector drops the keys seen before.
		pool.Collect = func(c *chunk) error {
			at, key, next := 0, 0, 0
			for _, m := range c.Marks {
				for next < len(c.Notes) && c.Notes[next].at <= at {
					pool.note(c.Notes[next].msg)
					next++
				}
				if seen.Add(string(c.Keys[key:m.key])) {
					pool.Out.Write(c.Out[at:m.out])
				} else {
					dups++
				}
				at, key = m.out, m.key
			}
			for ; next < len(c.Notes); next++ {
				pool.note(c.Notes[next].msg)
			}
			return nil
		}
	}
	if err := pool.Run(); err != nil {
		return err
	}
	puzzles := pool.Items - pool.Bad - pool.Skipped
	if opts.Unique {
		fmt.Fprintf(opts.ErrOut, "%s, %s distinct, %s dropped\n", numfmt.Count(puzzles, "puzzle"), numfmt.Int(puzzles-dups), numfmt.Count(dups, "duplicate"))
	}
	if pool.Bad > 0 {
		return &silentError{numfmt.Count(pool.Bad, "bad puzzle line")}
	}
	if puzzles == 0 {
		return fmt.Errorf("%s: no puzzles found", strings.Join(displayNames(files), ", "))
	}
	return nil
}

// canonWorker computes the canonical forms of one worker's lines.
type canonWorker struct {
	opts  *CanonOptions
	box   *sudoku.Shape
	grids export.Grids
	canon map[sudoku.Shape]*sudoku.Canonicalizer
	last  *sudoku.Canonicalizer // the previous line's, to skip the map lookup
	// line9 reads the common line (81 symbols of a 9x9 puzzle, nothing
	// else) straight into its search; nil with --box or --variant.
	line9 *sudoku.Canonicalizer
}

// newCanonWorker returns a worker of the canon command.
func newCanonWorker(opts *CanonOptions, box *sudoku.Shape) *canonWorker {
	w := &canonWorker{opts: opts, box: box, canon: map[sudoku.Shape]*sudoku.Canonicalizer{}}
	if box == nil && opts.Kinds.Variants == nil {
		w.line9 = sudoku.NewCanonicalizer(sudoku.Shape9)
		w.canon[sudoku.Shape9] = w.line9
	}
	return w
}

// line appends the canonical form (or with --original the puzzle) of line
// n; a bad line is "invalid" (not with --unique) and a note; a record of
// another kind (or with --variant every line) is keyed by its kind under
// its own symmetry group. With --unique each output line is marked with
// its canonical form for the collector.
func (w *canonWorker) line(c *chunk, n int, b []byte) {
	if len(b) == 81 && w.line9 != nil && w.fastLine(c, b) {
		return
	}
	var g sudoku.Grid
	var kp *kindPuzzle
	var ok bool
	var err error
	if w.opts.Kinds.reads(b) {
		kp, ok, err = w.opts.Kinds.line(c.File, n, b)
	} else {
		g, kp, ok, err = puzzleOfLine(c, n, b, w.box, &w.grids)
	}
	if !ok {
		return
	}
	c.Items++
	if err != nil {
		c.Bad++
		if !w.opts.Unique {
			c.Out = append(c.Out, "invalid\n"...)
		}
		c.Notef("%v", err)
		return
	}
	if kp != nil {
		key := kp.Puzzle.Canonical()
		if w.opts.Original {
			c.Out = appendKindLine(c.Out, &kp.Record)
		} else {
			c.Out = append(c.Out, key...)
		}
		c.Out = append(c.Out, '\n')
		if w.opts.Unique {
			c.Keys = append(c.Keys, key...)
			c.Marks = append(c.Marks, mark{out: len(c.Out), key: len(c.Keys)})
		}
		return
	}
	cz := w.last
	if cz == nil || cz.Shape() != g.Geo.Shape {
		if cz = w.canon[g.Geo.Shape]; cz == nil {
			cz = sudoku.NewCanonicalizer(g.Geo.Shape)
			w.canon[g.Geo.Shape] = cz
		}
		w.last = cz
	}
	if !w.opts.Unique {
		if w.opts.Original {
			c.Out = g.Append(c.Out)
		} else {
			c.Out = cz.Append(c.Out, g)
		}
		c.Out = append(c.Out, '\n')
		return
	}
	c.Keys = cz.Append(c.Keys, g)
	if w.opts.Original {
		c.Out = g.Append(c.Out)
	} else {
		c.Out = append(c.Out, c.Keys[len(c.Keys)-g.Geo.Cells:]...)
	}
	c.Out = append(c.Out, '\n')
	c.Marks = append(c.Marks, mark{out: len(c.Out), key: len(c.Keys)})
}

// fastLine handles line b when it is the common line, 81 symbols of a
// valid 9x9 puzzle (sudoku.Canonicalizer.AppendLine), as line does, and
// reports whether it did; any other line is line's.
func (w *canonWorker) fastLine(c *chunk, b []byte) bool {
	dst := &c.Out
	if w.opts.Unique {
		dst = &c.Keys
	}
	out, ok := w.line9.AppendLine(*dst, b)
	if !ok {
		return false
	}
	c.Items++
	if w.opts.Unique {
		c.Keys = out
	} else if !w.opts.Original {
		c.Out = out
	}
	if w.opts.Original {
		c.Out = appendPlain9(c.Out, b)
	} else if w.opts.Unique {
		c.Out = append(c.Out, out[len(out)-81:]...)
	}
	c.Out = append(c.Out, '\n')
	if w.opts.Unique {
		c.Marks = append(c.Marks, mark{out: len(c.Out), key: len(c.Keys)})
	}
	return true
}

// appendPlain9 appends the 9x9 puzzle line b (symbols '.', '0', '1'-'9')
// as Grid.Append spells it: '.' for an empty cell.
func appendPlain9(dst, b []byte) []byte {
	at := len(dst)
	dst = append(dst, b...)
	for i, ch := range dst[at:] {
		if ch == '0' {
			dst[at+i] = '.'
		}
	}
	return dst
}

// appendKindLine appends r's puzzle as its kind writes it on one line
// (export.RecordKind.Line: a killer's cage map and sums, a sliding
// board's tiles, a jigsaw's puzzle and regions), else its "puzzle" field
// (which holds only a killer's givens, and nothing of a sliding board).
func appendKindLine(dst []byte, r *export.Record) []byte {
	if rk, ok := export.KindOf(r.Kind); ok && rk.Line != nil {
		if b, err := rk.Line(dst, r); err == nil {
			return b
		}
	}
	return append(dst, r.Puzzle...)
}
