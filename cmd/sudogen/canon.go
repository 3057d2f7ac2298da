package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// CanonOptions are the flags of `sudogen canon`.
type CanonOptions struct {
	Files    []string // "-" or none: stdin
	Box      string   // force a box shape
	Unique   bool     // print first occurrences only
	Original bool     // print the input puzzle instead of its canonical form

	// Shard is --shard I/N over input lines (shard.go).
	Shard shardOption

	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdCanon returns the canon command.
func NewCmdCanon() *cobra.Command {
	opts := &CanonOptions{}
	cmd := &cobra.Command{
		Use:   "canon [FILE|-]...",
		Short: "Print the canonical (minlex) form of puzzles, or drop isomorphs",
		Long: `Read Sudoku puzzles and print, for each, its canonical form: the true
minlex form, the same for every puzzle that differs from it only by a
Sudoku symmetry (transpose for square boxes, band and row permutations,
stack and column permutations, relabeling the values). For 9x9 it is the
form of Royle's 17-clue list and the enjoysudoku forum.

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
			opts.Files = args
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
	out := bufio.NewWriter(opts.Out)
	defer out.Flush()
	canon := map[sudoku.Shape]*sudoku.Canonicalizer{}
	seen := batch.NewCanonSet(0)
	var puzzles, dups, bad, skipped int
	buf := make([]byte, 0, sudoku.MaxN*sudoku.MaxN+1)
	// invalid reports a bad puzzle line on ErrOut, and as "invalid" in its
	// place in the output unless only first occurrences are printed.
	invalid := func(err error) {
		bad++
		if !opts.Unique {
			out.WriteString("invalid\n")
		}
		out.Flush()
		fmt.Fprintf(opts.ErrOut, "sudogen: %v\n", err)
	}
	for _, name := range files {
		r, done, err := openInput(name, opts.In)
		if err != nil {
			return err
		}
		rd := export.NewReader(shardLines(r, opts.Shard.Shard), name)
		lines := 0 // puzzle lines and records of this file, good or bad
		for {
			it, err := rd.Next()
			if err == io.EOF {
				break
			}
			lines++
			var le *export.LineError
			if errors.As(err, &le) {
				invalid(err)
				continue
			}
			if err != nil {
				done()
				return err
			}
			if it.Record.Kind != "sudoku" {
				skipped++
				continue
			}
			g, err := it.GridError(name, box)
			if err != nil {
				invalid(err)
				continue
			}
			puzzles++
			c := canon[g.Geo.Shape]
			if c == nil {
				c = sudoku.NewCanonicalizer(g.Geo.Shape)
				canon[g.Geo.Shape] = c
			}
			buf = c.Append(buf[:0], g)
			if opts.Unique && !seen.Add(string(buf)) {
				dups++
				continue
			}
			if opts.Original {
				out.WriteString(g.String())
				out.WriteByte('\n')
			} else {
				buf = append(buf, '\n')
				out.Write(buf)
			}
		}
		done()
		if lines == 0 {
			out.Flush()
			return fmt.Errorf("%s: no puzzles found (empty input)", displayName(name))
		}
	}
	out.Flush()
	if opts.Unique {
		fmt.Fprintf(opts.ErrOut, "%d puzzles, %d distinct, %d duplicates dropped\n", puzzles, puzzles-dups, dups)
	}
	if skipped > 0 {
		fmt.Fprintf(opts.ErrOut, "skipped %d records that are not sudoku\n", skipped)
	}
	if bad > 0 {
		return &silentError{fmt.Sprintf("%d bad puzzle lines", bad)}
	}
	if puzzles == 0 {
		return fmt.Errorf("%s: no sudoku puzzles found", strings.Join(displayNames(files), ", "))
	}
	return nil
}
