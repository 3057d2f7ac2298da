package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/stats"
)

// StatsOptions are the flags of `sudogen stats`.
type StatsOptions struct {
	Files  []string // read in order, as one corpus; "-": stdin
	Format string   // text | json
	HTML   string   // report file, "" for none
	Sample int
	Seed   uint64
	Quiet  bool
	// Kinds is --variant: plain lines and sudoku records read as that
	// variant (kindline.go).
	Kinds kindLines

	Ctx         context.Context
	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdStats returns the stats command.
func NewCmdStats() *cobra.Command {
	opts := &StatsOptions{}
	var checkVariant func() error
	cmd := &cobra.Command{
		Use:   "stats FILE|- [FILE...]",
		Short: "Summarise a corpus: counts by kind, size, tier, rating, technique, givens, symmetry; plots",
		Long: `Read a corpus (JSONL records, or plain puzzle lines; several files are
read in order, as one corpus) in one pass and print
what is in it: records by kind and size, and for each kind and size (and
variety: a variant list, Killer-X, each apart: "variant x 9x9") the
tiers (easiest first), the SE ratings (spread and quartiles), the hardest
techniques and how many puzzles use each technique (by id; a killer's by
its name on the killer ladder, as sudogen techniques --kind killer lists
them), the givens, the
symmetries, minimality, HoDoKu's levels, and the sliding puzzles' solution
lengths.

--html FILE writes a self-contained report (no script, no download) with
SVG plots: tier bars, rating histogram, technique frequency, givens
histogram and rating against givens (a uniform sample of --sample puzzles).
--format json prints the counts for programs.

Memory stays bounded whatever the corpus size (fixed histograms; at most
1000 names a table; the scatter sample is a reservoir). Lines that are not
records are counted and the first is shown; the exit code is then 1.`,
		Example: `  sudogen stats corpus.jsonl
  sudogen stats corpus.jsonl --html report.html
  sudogen stats classic.jsonl x.jsonl killer.jsonl
  sudogen batch --count 1000 -q | sudogen stats -
  sudogen stats corpus.jsonl --format json | jq '.groups[0].tiers'`,
		Args: expectArgs(1, -1, "corpus files (- for stdin)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if err := checkVariant(); err != nil {
				return err
			}
			opts.Ctx = cmd.Context()
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			return statsRun(opts)
		},
	}
	f := cmd.Flags()
	f.Var(newChoiceFlag(&opts.Format, "text", "text", "json"), "format", "output on stdout: text or json")
	f.StringVar(&opts.HTML, "html", "", "also write an HTML report with SVG plots to this file")
	f.IntVar(&opts.Sample, "sample", 2000, "puzzles sampled for the rating-against-givens plot, per kind and size (at least 1)")
	f.Uint64Var(&opts.Seed, "seed", 1, "seed of the plot's sampling (the same seed, the same report)")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "print nothing on stdout (with --html)")
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	return cmd
}

func statsRun(opts *StatsOptions) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Sample < 1 || opts.Sample > 1_000_000 {
		return UsageErrorf("--sample %d: expected 1 to 1000000 points", opts.Sample)
	}
	if opts.Quiet && opts.HTML == "" {
		// -q silences the summary, which without --html is all stats writes
		return UsageErrorf("-q without --html: stats would write nothing; -q is for runs whose output is the --html report")
	}
	var report *outfile.File
	if opts.HTML == "-" {
		// "-" is stdout everywhere else; here it made a file named "-"
		return UsageErrorf("--html -: the report is a file: give its name (stdout has the text summary)")
	}
	if strings.HasPrefix(opts.HTML, "-") {
		// --html takes the next word: `stats --html -o r.html c.jsonl`
		// wrote the report to a file named "-o" and read r.html.
		return UsageErrorf("--html %s: looks like a flag, not the report's name: --html takes the next word (--html report.html; a file whose name starts with '-' as ./%s)", opts.HTML, opts.HTML)
	}
	if opts.HTML != "" {
		// The report must not replace the corpus it reports on, nor a
		// corpus meant as an input: --html takes the next word, so
		// `stats --html a.jsonl b.jsonl` wrote the report over a.jsonl.
		if err := checkNotInputs("--html", []string{opts.HTML}, "input", opts.Files); err != nil {
			return err
		}
		if f := export.FormatFor(opts.HTML); f != nil && f.Name != "html" {
			return UsageErrorf("--html %s: a name for %s output, not for the HTML report: --html takes the report's name (--html report.html); a corpus to read goes among the inputs", opts.HTML, f.Name)
		}
		// Open the report first, so a bad path fails before reading.
		f, err := outfile.Create(opts.HTML)
		if err != nil {
			return err
		}
		report = f
		defer report.Abort()
	}
	if err := oneStdin(opts.Files); err != nil {
		return err
	}
	parse := opts.Kinds.parser()
	if opts.Kinds.Variants == nil {
		parse = opts.Kinds.keyParser(gridChecked)
	}
	name := corpusName(opts.Files)
	// Every input is opened first, so a missing one fails before reading.
	ins := make([]io.Reader, len(opts.Files))
	for i, file := range opts.Files {
		in, done, err := openInput(file, opts.In)
		if err != nil {
			return err
		}
		defer done()
		ins[i] = in
	}
	s := stats.New(name, stats.Options{Sample: opts.Sample, Seed: opts.Seed, Parse: parse})
	for i, file := range opts.Files {
		if err := s.Read(ctx, ins[i], displayName(file)); err != nil {
			if errors.Is(err, context.Canceled) {
				// Said as the other commands say it: how the run was
				// stopped (interrupted, terminated, hung up), not Go's
				// "context canceled".
				return &stopError{fmt.Sprintf("%s after %s: nothing written", stopWord(ctx), numfmt.Count(s.Records, "record"))}
			}
			return err
		}
	}
	if s.Records == 0 && s.Bad == 0 {
		return fmt.Errorf("%s: no records (empty corpus)", name)
	}
	if report != nil {
		if err := stats.WriteHTML(report, s); err != nil {
			return err
		}
		if err := report.Commit(); err != nil {
			return err
		}
	}
	if !opts.Quiet {
		switch opts.Format {
		case "json":
			b, err := json.MarshalIndent(s, "", " ")
			if err != nil {
				return err
			}
			if _, err := opts.Out.Write(append(b, '\n')); err != nil {
				return err
			}
		default:
			if err := stats.WriteText(opts.Out, s); err != nil {
				return err
			}
		}
	}
	if s.Bad > 0 {
		msg := fmt.Sprintf("%s of %s are not records (the first: %s)", numfmt.Count(s.Bad, "line"), name, s.BadLines[0])
		if s.Bad == 1 {
			msg = fmt.Sprintf("1 line of %s is not a record: %s", name, s.BadLines[0])
		}
		fmt.Fprintf(opts.ErrOut, "sudogen: %s\n", msg)
		return &silentError{msg}
	}
	return nil
}

// corpusName names a corpus of files in messages and reports: the files,
// or the first three and how many more ("and 1 more file", "and 2 more
// files").
func corpusName(files []string) string {
	names := displayNames(files)
	if len(names) > 3 {
		return fmt.Sprintf("%s and %s", strings.Join(names[:3], ", "), numfmt.Count(len(names)-3, "more file"))
	}
	return strings.Join(names, ", ")
}

// gridChecked is export.ParseLine with a classic Sudoku line's grid read
// too, as solve and grade read it: a line of text that is no puzzle
// ("hello world", a README, a JSON array) is a line that is not a record,
// not a "sudoku 0x0" record. A record of another registered kind is read
// through its kind (checkKindRecord: a killer's cages, a variant's
// geometry and grid).
func gridChecked(file string, n int, b []byte) (export.Item, bool, error) {
	it, ok, err := export.ParseLine(file, n, b)
	if !ok || err != nil {
		return it, ok, err
	}
	if it.Record.Kind != export.DefaultKind {
		if err := checkKindRecord(it.Record); err != nil {
			return it, true, &export.LineError{File: file, Line: n, Msg: err.Error()}
		}
		return it, true, nil
	}
	if _, err := it.GridError(file, nil); err != nil {
		return it, true, err
	}
	return it, true, nil
}
