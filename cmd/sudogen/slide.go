package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/slide"
)

// SlideFlags are solve's sliding-puzzle flags: --kind, the solver's
// flags (kind.SlideSolverFlags: --exact, --cache-dir, --no-cache), and
// (unless another part of the command already defines them) --size,
// --workers and --format.
type SlideFlags struct {
	Kind string // sudoku or slide
	// flags is the command's flag set, to read the flags whichever file
	// defined them.
	flags *pflag.FlagSet
	cmd   *cobra.Command
}

// done returns the channel closed when the command is interrupted.
func (s *SlideFlags) done() <-chan struct{} {
	if s.cmd == nil || s.cmd.Context() == nil {
		return nil
	}
	return s.cmd.Context().Done()
}

// flagValue returns the value of flag name, "" if it does not exist.
func (s *SlideFlags) flagValue(name string) string {
	if s.flags == nil {
		return ""
	}
	if f := s.flags.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// addSlideFlags defines solve's sliding-puzzle flags on cmd.
func addSlideFlags(cmd *cobra.Command, s *SlideFlags) {
	f := cmd.Flags()
	s.flags = f
	s.cmd = cmd
	kinds := []string{export.KindSudoku, export.KindSlide}
	f.Var(newChoiceFlag(&s.Kind, export.KindSudoku, kinds...), "kind", "puzzle kind of plain lines: "+strings.Join(kinds, ", ")+" (slide: "+(&kind.Slide{}).BatchKind()+"); records carry their own kind (killer, variant: no --kind needed)")
	kind.SlideSolverFlags(f)
	if f.Lookup("size") == nil {
		f.String("size", "", "slide: board width 3, 4 or 5 (default: from the number of tiles)")
	}
	if f.Lookup("workers") == nil {
		f.String("workers", strconv.Itoa(runtime.NumCPU()), "slide: boards solved in parallel")
	}
	if f.Lookup("format") == nil {
		f.String("format", "text", "slide output: text (length and moves) or jsonl (one record per board)")
	}
}

// slideOnlyFlags are solve's flags that only a --kind slide run reads,
// as batch's kindFlags holds each kind's own flags.
var slideOnlyFlags = kindFlags{
	owner: map[string]string{"format": export.KindSlide, "size": export.KindSlide, "exact": export.KindSlide, "cache-dir": export.KindSlide, "no-cache": export.KindSlide},
	kinds: []string{export.KindSudoku, export.KindSlide},
}

// refuseSlideFlags refuses a flag of slideOnlyFlags set on a Sudoku run
// of solve, which would ignore it: "--format is for --kind slide", by
// the check batch refuses another kind's flag with (kindFlags.refuse).
func (s *SlideFlags) refuseSlideFlags() error {
	if s.flags == nil {
		return nil
	}
	return slideOnlyFlags.refuse(export.KindSudoku, s.flags)
}

// parseSlideLine reads one board: numbers (optionally a trailing known
// optimal length, -1 if none) or a JSONL slide record. width 0 takes the
// width from the tile count.
func parseSlideLine(text string, width int) (b slide.Board, known int, err error) {
	b, known, _, err = parseSlideInput(text, width)
	return b, known, err
}

// parseSlideInput is parseSlideLine that also returns the record a JSONL
// line holds (nil for a plain line), whose id, seed and index the
// output record keeps.
func parseSlideInput(text string, width int) (b slide.Board, known int, src *export.Record, err error) {
	if text[0] != '{' {
		b, known, err = slide.Parse(text, width)
		return b, known, nil, err
	}
	var rec export.Record
	b, known, err = parseSlideRecord(text, width, &rec)
	return b, known, &rec, err
}

// parseSlideRecord reads the JSONL slide record text into rec and
// returns its board and known optimal length (-1 if none).
func parseSlideRecord(text string, width int, rec *export.Record) (b slide.Board, known int, err error) {
	if !utf8.ValidString(text) {
		return b, -1, errors.New("not valid UTF-8")
	}
	if err := export.DecodeLine([]byte(text), rec); err != nil {
		return b, -1, err
	}
	if !export.HoldsTiles(rec.Kind) {
		return b, -1, fmt.Errorf("record kind %q, want %q", rec.Kind, export.KindSlide)
	}
	// A record without "size" takes its width from --size, else from the
	// tile count (slide.FromRecord), as every other reader of slide
	// records does.
	w := rec.Size
	switch {
	case len(rec.Tiles) == 0:
		// slide.FromRecord names what is missing.
	case w != 0 && width != 0 && w != width:
		return b, -1, fmt.Errorf("record size %d, --size is %d", w, width)
	case w == 0:
		w = width
	}
	if b, err = slide.FromRecord(w, rec.Tiles, rec.Goal, rec.MovePiece); err != nil {
		return b, -1, err
	}
	known = -1
	if rec.Optimal != nil {
		if known = *rec.Optimal; known < 0 {
			return b, -1, fmt.Errorf("optimal length %d is negative", known)
		}
	}
	return b, known, nil
}

// slideSolveRun is `sudogen solve --kind slide`: boards are solved on
// --workers goroutines and printed in input order as they finish.
func slideSolveRun(opts *SolveOptions) error {
	if opts.Box != "" {
		return UsageErrorf("--box is for sudoku; slide boards take --size 3, 4 or 5")
	}
	width := 0
	if v := opts.Slide.flagValue("size"); v != "" && v != "0" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return UsageErrorf("--size %s: expected 3, 4 or 5", v)
		}
		if err := slide.CheckWidth(n); err != nil {
			return UsageErrorf("--size: %v", err)
		}
		width = n
	}
	format := opts.Slide.flagValue("format")
	if format == "" {
		format = "text"
	}
	if format != "text" && format != "jsonl" {
		return UsageErrorf("--format %s: slide boards print as text or jsonl", format)
	}
	tiers, err := generate.LoadSlideTiers("")
	if err != nil {
		return err
	}
	so := kind.SlideSolverOptions(opts.Slide.flags)
	so.Cancel = opts.Slide.done()
	so.Logf = func(f string, a ...any) { fmt.Fprintf(opts.ErrOut, "sudogen: "+f+"\n", a...) }
	// One solver per width, shared by the workers: tables are loaded or
	// built once, on first use.
	solvers := map[int]*slide.Solver{}
	for _, w := range []int{3, 4, 5} {
		if solvers[w], err = slide.NewSolver(w, so); err != nil {
			return err
		}
	}
	handle := func(c *chunk, n int, b []byte) {
		text := strings.TrimSpace(string(b))
		if text == "" || text[0] == '#' {
			return
		}
		index := int64(c.ItemBase + c.Items)
		c.Items++
		board, known, src, err := parseSlideInput(text, width)
		var r slide.Result
		if err == nil {
			r, err = solvers[board.W].Solve(board)
			if errors.Is(err, slide.ErrCanceled) {
				c.Stopped = true
				return
			}
		}
		if err == nil && known >= 0 {
			if r.Optimal && r.Length != known {
				err = fmt.Errorf("optimal length is %d, the input says %d", r.Length, known)
			} else if !r.Optimal && (known < r.LowerBound || known > r.Length) {
				err = fmt.Errorf("the input's optimal length %d is outside the proven range %d..%d", known, r.LowerBound, r.Length)
			}
		}
		if err != nil {
			c.Bad++
			// Text output keeps its lines aligned with the input;
			// JSONL output stays JSONL (a bare "invalid" is not JSON):
			// a bad board has no record there, as grade writes none.
			if format != "jsonl" {
				c.Out = append(c.Out, "invalid\n"...)
			}
			c.Notef("%s:%d: %v", displayName(c.File), n, err)
			return
		}
		if format == "jsonl" {
			l := r.Length
			if !r.Optimal {
				l = r.LowerBound
			}
			rec := batch.SlideRecord(board, r, tiers.Of(board.W, l))
			rec.ID = batch.SlideID(board.W, index)
			rec.Unseeded = true // solved from input, not made by a run
			if src != nil {
				// A record keeps its name and, when a run made it,
				// the run's seed and index, as grade keeps them.
				if src.ID != "" {
					rec.ID = src.ID
				}
				if !src.Unseeded {
					rec.Seed, rec.Index, rec.Unseeded = src.Seed, src.Index, false
				}
			}
			c.Out = export.AppendJSON(c.Out, &rec)
			c.Out = append(c.Out, '\n')
			return
		}
		// "LENGTH MOVES": a solved board (no moves) is "0", with no
		// space after it.
		c.Out = strconv.AppendInt(c.Out, int64(r.Length), 10)
		if r.Moves != "" {
			c.Out = append(append(c.Out, ' '), r.Moves...)
		}
		if !r.Optimal {
			c.Out = fmt.Appendf(c.Out, " # not proven optimal; lower bound %d", r.LowerBound)
		}
		c.Out = append(c.Out, '\n')
	}
	workers, err := strconv.Atoi(opts.Slide.flagValue("workers"))
	if err != nil || workers < 1 {
		return UsageErrorf("--workers %s: expected a whole number, at least 1", opts.Slide.flagValue("workers"))
	}
	pool := &linePool{
		Ctx:        opts.Ctx,
		Files:      inputNames(opts.Files),
		In:         opts.In,
		Workers:    capWorkers(int64(workers), opts.ErrOut),
		ChunkLines: 1,
		NewWorker:  func() func(*chunk, int, []byte) { return handle },
		Out:        newLineWriter(opts.Out, "stdout"),
		ErrOut:     opts.ErrOut,
		Noun:       "board",
	}
	if err := pool.Run(); err != nil {
		return err
	}
	if pool.Bad > 0 {
		return &silentError{numfmt.Count(pool.Bad, "bad board")}
	}
	return nil
}

// SlideOptions are the flags of `sudogen slide build-tables`.
type SlideOptions struct {
	Sizes    []int
	CacheDir string
	Out      io.Writer
}

// NewCmdSlide returns the slide command group.
func NewCmdSlide() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "slide <command>",
		Short: "Sliding-tile puzzle tools (pattern database tables)",
		Long: `Tools for the sliding-tile puzzles (8-, 15- and 24-puzzle). Generate them
with "sudogen batch --kind slide" and solve them with "sudogen solve
--kind slide".`,
		Example: `  # build the 15-puzzle (4x4) and 24-puzzle (5x5) tables once
  sudogen slide build-tables

  # then generate and solve sliding puzzles
  sudogen batch --kind slide --size 4 --count 100 --tier hard -o slide.jsonl
  sudogen solve --kind slide slide.jsonl`,
		Args: usageArgs(cobra.NoArgs),
		// Runnable, so that cobra checks Args: "slide build-table" (a
		// typo) is an unknown command, exit 2, not the help and exit 0.
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCmdSlideBuildTables())
	return cmd
}

func newCmdSlideBuildTables() *cobra.Command {
	opts := &SlideOptions{}
	var size string
	cmd := &cobra.Command{
		Use:   "build-tables",
		Short: "Build and cache the pattern databases of the optimal solver",
		Long: `Build the pattern databases the 4x4 and 5x5 solvers use and write them to
the cache folder, so later runs start at once. Tables are also built on
first use. Cache files carry a format version in their name and a SHA-256
checksum; a missing, stale, truncated or corrupt file is rebuilt.`,
		Example: `  sudogen slide build-tables
  sudogen slide build-tables --size 4 --cache-dir /tmp/tables`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch size {
			case "all":
				opts.Sizes = []int{4, 5}
			case "4":
				opts.Sizes = []int{4}
			case "5":
				opts.Sizes = []int{5}
			default:
				return UsageErrorf("--size %s: expected 4, 5 or all", size)
			}
			opts.Out = cmd.OutOrStdout()
			return untilDone(cmd.Context(), func() error { return slideBuildTablesRun(opts) })
		},
	}
	cmd.Flags().StringVar(&size, "size", "all", "board width: 4, 5 or all")
	cmd.Flags().StringVar(&opts.CacheDir, "cache-dir", "", "cache folder (default: $SUDOGEN_CACHE_DIR or the user cache folder + /sudogen)")
	return cmd
}

func slideBuildTablesRun(opts *SlideOptions) error {
	dir := opts.CacheDir
	if dir == "" {
		dir = slide.DefaultCacheDir()
	}
	if dir == "" {
		return errors.New("no cache folder: set --cache-dir or $SUDOGEN_CACHE_DIR")
	}
	// A cache folder that cannot be written fails now, not after minutes
	// of building tables nobody can keep.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return mkdirError("cannot cache tables in "+dir, dir, err)
	}
	if probe, err := os.CreateTemp(dir, ".probe-*"); err != nil {
		return outfile.FolderError("cannot cache tables in "+dir, dir, err)
	} else {
		probe.Close()
		os.Remove(probe.Name())
	}
	for _, w := range opts.Sizes {
		t0 := time.Now()
		logf := func(f string, a ...any) { fmt.Fprintf(opts.Out, f+"\n", a...) }
		if _, err := slide.BuildTables(dir, w, logf); err != nil {
			return err
		}
		for _, g := range slide.PartitionFor(w) {
			// Built is not cached: a folder that cannot be written
			// (read-only, full) must fail the command, so a deploy
			// step that prebuilds the cache knows.
			if _, err := slide.LoadPDB(dir, w, g); err != nil {
				return fmt.Errorf("%dx%d tables: %s could not be cached in %s: %s", w, w, slide.PDBFileName(w, g), dir, outfile.Reason(err))
			}
			fmt.Fprintf(opts.Out, "ok %s\n", slide.PDBFileName(w, g))
		}
		fmt.Fprintf(opts.Out, "%dx%d tables ready in %s (%s)\n", w, w, time.Since(t0).Round(time.Millisecond), dir)
	}
	return nil
}
