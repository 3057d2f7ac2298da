package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// MergeOptions are the flags of `sudogen merge`.
type MergeOptions struct {
	Files  []string
	Output string // file path, or "-" for stdout
	Quiet  bool

	In          io.Reader
	Out, ErrOut io.Writer
}

// MergeCount is what merge did with one input.
type MergeCount struct {
	File       string
	Read, Kept int
	Duplicates int
}

// NewCmdMerge returns the merge command.
func NewCmdMerge() *cobra.Command {
	opts := &MergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge FILE... -o OUT",
		Short: "Join corpora, keeping one puzzle of each canonical form",
		Long: `Read corpora (JSONL records or plain puzzle lines) in the order given and
write one JSONL corpus with every Sudoku puzzle once: a puzzle whose
canonical form (see sudogen canon) was already written is dropped, so the
first occurrence's record is the one kept. Each kept record's "canonical"
field is recomputed; a plain line becomes a record with kind, size, box,
puzzle, givens and canonical. Sliding-puzzle records are kept once per
"canonical" field (all of them when they have none).

The output is written under a temporary name and renamed when complete;
a bad input line stops the merge (naming file and line) and leaves no
output. Stderr gets the counts per input.`,
		Example: `  # join two runs, dropping isomorphs
  sudogen merge run1.jsonl run2.jsonl -o all.jsonl

  # turn a plain puzzle list into a deduplicated JSONL corpus
  sudogen merge puzzles.txt -o corpus.jsonl`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			return mergeRun(opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Output, "output", "o", "", "output JSONL file, or - for stdout (required)")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "no counts on stderr")
	return cmd
}

func mergeRun(opts *MergeOptions) error {
	if opts.Output == "" {
		return UsageErrorf("merge needs -o OUT (a JSONL file, or - for stdout)")
	}
	stdinUses := 0
	for _, f := range opts.Files {
		if f == "-" {
			stdinUses++
		}
	}
	if stdinUses > 1 {
		return UsageErrorf("standard input (-) given %d times", stdinUses)
	}
	if err := checkOutputsNotInputs([]string{opts.Output}, "input", opts.Files); err != nil {
		return err
	}
	var sink interface {
		Write(*export.Record) error
		Close() error
	}
	var abort func()
	where := "stdout"
	if opts.Output == "-" {
		sink = export.NewJSONLWriter(opts.Out)
		abort = func() {}
	} else {
		f, err := export.CreateJSONL(opts.Output)
		if err != nil {
			return err
		}
		sink, abort, where = f, func() { f.Abort() }, opts.Output
	}
	counts, err := mergeInto(sink, opts.Files, opts.In)
	if err != nil {
		abort()
		return err
	}
	if err := sink.Close(); err != nil {
		return err
	}
	if !opts.Quiet {
		var total MergeCount
		for _, c := range counts {
			fmt.Fprintf(opts.ErrOut, "%s: %d read, %d kept, %d duplicates dropped\n", displayName(c.File), c.Read, c.Kept, c.Duplicates)
			total.Read += c.Read
			total.Kept += c.Kept
			total.Duplicates += c.Duplicates
		}
		fmt.Fprintf(opts.ErrOut, "merged %d puzzles from %d inputs: %d kept, %d duplicates dropped; written to %s\n",
			total.Read, len(counts), total.Kept, total.Duplicates, where)
	}
	return nil
}

// mergeInto writes the first record of each canonical form found in files
// to sink, in input order, and returns the counts per file.
func mergeInto(sink interface{ Write(*export.Record) error }, files []string, in io.Reader) ([]MergeCount, error) {
	seen := batch.NewCanonSet(0)
	canon := map[sudoku.Shape]*sudoku.Canonicalizer{}
	var counts []MergeCount
	for _, name := range files {
		r, done, err := openInput(name, in)
		if err != nil {
			return counts, err
		}
		cnt := MergeCount{File: name}
		rd := export.NewReader(r, name)
		for {
			it, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				done()
				return counts, err
			}
			cnt.Read++
			rec := &it.Record
			if rec.ID == "" {
				rec.ID = mergeID(name, it.Line)
			}
			var key string
			switch rec.Kind {
			case "sudoku":
				g, err := it.GridError(name, nil)
				if err != nil {
					done()
					return counts, err
				}
				c := canon[g.Geo.Shape]
				if c == nil {
					c = sudoku.NewCanonicalizer(g.Geo.Shape)
					canon[g.Geo.Shape] = c
				}
				rec.Canonical = c.String(g)
				key = rec.Canonical
				if !it.JSON {
					rec.Size = g.Geo.N
					rec.Box = []int{g.Geo.BoxRows, g.Geo.BoxCols}
					rec.Givens = g.Givens()
					rec.Puzzle = g.String()
				}
			default:
				if rec.Canonical != "" {
					key = rec.Kind + "/" + strconv.Itoa(rec.Size) + "/" + rec.Canonical
				}
			}
			if key != "" && !seen.Add(key) {
				cnt.Duplicates++
				continue
			}
			if err := sink.Write(rec); err != nil {
				done()
				return counts, err
			}
			cnt.Kept++
		}
		done()
		counts = append(counts, cnt)
		if cnt.Read == 0 {
			// As solve, canon and grade: an empty input is an error
			// naming the file.
			return counts, fmt.Errorf("%s: no puzzles found (empty input)", displayName(name))
		}
	}
	return counts, nil
}

// mergeID is the id merge gives a record that has none (a plain puzzle
// line): "<input file name without extension>-<line>", e.g. "hard-12" for
// line 12 of dir/hard.txt, "stdin-3" for standard input. It depends only on
// the input, not on what else is merged or kept.
func mergeID(name string, line int) string {
	base := "stdin"
	if name != "-" {
		base = filepath.Base(name)
		if ext := filepath.Ext(base); ext != "" && ext != base {
			base = strings.TrimSuffix(base, ext)
		}
	}
	return base + "-" + strconv.Itoa(line)
}
