package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// GradeOptions are the flags of `sudogen grade`.
type GradeOptions struct {
	Files        []string // "-" or none: stdin
	Format       string   // jsonl | table
	Profile      string   // se | hodoku: which solve path gives hardest/techniques
	NoUniqueness bool
	VerifySteps  bool
	AsGiven      bool // grade the puzzle as given instead of its canonical isomorph
	TiersFile    string
	Box          string
	Workers      int64

	// Shard is --shard I/N over input lines (shard.go).
	Shard shardOption

	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdGrade returns the grade command.
func NewCmdGrade() *cobra.Command {
	opts := &GradeOptions{}
	cmd := &cobra.Command{
		Use:   "grade [FILE|-]...",
		Short: "Rate puzzles on the Sudoku Explainer and HoDoKu scales",
		Long: `Rate each puzzle by the human techniques it needs and print one result
per puzzle, in input order.

The rating is the Sudoku Explainer rating (ER/EP/ED, SE 1.2.1 semantics:
the hardest step, the first step, the hardest step up to the first
placement); the tier comes from the tier table (configs/tiers.yaml or
--tiers FILE). HoDoKu's level and score are given when the HoDoKu profile
is built in. A puzzle the implemented techniques cannot finish is rated
20.0 ("beyond", SE's own value) and says how many cells were filled.

Input is JSONL (sudogen records, whose other fields are kept) or plain
text: one puzzle per line, '.' or '0' for empty, anything after the puzzle
ignored. A puzzle with no solution or several solutions is reported as
such and not graded. A malformed line is reported on stderr as FILE:LINE:
problem and grading goes on; the exit code is then 1.`,
		Example: `  # rate one puzzle
  echo ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. | sudogen grade --format table

  # rate a file, JSONL out, technique counts from HoDoKu's path
  sudogen grade puzzles.txt --profile hodoku > rated.jsonl

  # ratings without uniqueness rules, every step checked against the solution
  sudogen grade --no-uniqueness --verify-steps puzzles.jsonl`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			return gradeRun(opts)
		},
	}
	f := cmd.Flags()
	f.Var(newChoiceFlag(&opts.Format, "jsonl", "jsonl", "table"), "format", "output format: jsonl or table")
	f.StringVar(&opts.Profile, "profile", "se", "profile whose solve path gives hardest and techniques: se or hodoku")
	f.BoolVar(&opts.NoUniqueness, "no-uniqueness", false, "do not use uniqueness-based techniques (unique rectangles, BUG, ...)")
	f.BoolVar(&opts.VerifySteps, "verify-steps", false, "check every step against the solution (fails on a wrong step)")
	f.BoolVar(&opts.AsGiven, "as-given", false, "rate the puzzle as given, reproducing Sudoku Explainer exactly, instead of its canonical isomorph (the default makes every isomorph rate the same)")
	f.StringVar(&opts.TiersFile, "tiers", "", "tier table YAML file (default: the built-in configs/tiers.yaml)")
	f.StringVar(&opts.Box, "box", "", "box shape RxC for every puzzle (default: from the length)")
	f.Var(newIntFlag(&opts.Workers, int64(runtime.GOMAXPROCS(0)), 1), "workers", "grading goroutines")
	opts.Shard.addFlag(f, "grade only the input lines L with (L-1) mod N = I")
	return cmd
}

// gradeLine is one JSONL output line: the record plus what is not a record
// field (why a puzzle was not graded, how far an unfinished one got).
type gradeLine struct {
	export.Record
	Status string `json:"status,omitempty"`
	Filled int    `json:"filled,omitempty"`
}

type gradeJob struct {
	seq  int
	file string
	item export.Item
	grid sudoku.Grid
	bad  error // malformed line: reported, not graded
	// results
	gr  grade.Grade
	err error
}

// tiersFlag loads the --tiers file: nil (the built-in tiers) when none is
// named, a usage error when it cannot be loaded.
func tiersFlag(file string) (*grade.Tiers, error) {
	if file == "" {
		return nil, nil
	}
	t, err := grade.LoadTiers(file)
	if err != nil {
		return nil, UsageErrorf("--tiers: %v", err)
	}
	return t, nil
}

func newGraderFromOptions(gopts grade.GraderOptions, tiersFile string) (*grade.Grader, error) {
	t, err := tiersFlag(tiersFile)
	if err != nil {
		return nil, err
	}
	gopts.Tiers = t
	g, err := grade.NewGrader(gopts)
	if err != nil {
		return nil, UsageErrorf("--profile: %v", err)
	}
	return g, nil
}

func gradeRun(opts *GradeOptions) error {
	box, err := boxFlag(opts.Box)
	if err != nil {
		return err
	}
	// One grader per worker; the first also validates the flags.
	gopts := grade.GraderOptions{Profile: opts.Profile, NoUniqueness: opts.NoUniqueness, VerifySteps: opts.VerifySteps, GivenForm: opts.AsGiven}
	first, err := newGraderFromOptions(gopts, opts.TiersFile)
	if err != nil {
		return err
	}
	if err := opts.Shard.resolve(); err != nil {
		return err
	}
	opts.Shard.noteFromEnv(opts.ErrOut, "grading")
	files := inputNames(opts.Files)
	workers := int(opts.Workers)
	jobs := make(chan *gradeJob, 4*workers)
	done := make(chan *gradeJob, 4*workers)
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		seq := 0
		for _, name := range files {
			n, err := readGradeFile(name, opts.In, box, opts.Shard.Shard, &seq, jobs)
			if err != nil {
				readErr <- err
				return
			}
			if n == 0 {
				readErr <- fmt.Errorf("%s: no puzzles found (empty input)", displayName(name))
				return
			}
		}
		readErr <- nil
	}()
	wdone := make(chan struct{})
	for w := 0; w < workers; w++ {
		gr := first
		if w > 0 {
			gr, _ = newGraderFromOptions(gopts, opts.TiersFile)
		}
		go func() {
			for j := range jobs {
				if j.bad == nil {
					j.gr, j.err = gr.Grade(j.grid)
				}
				done <- j
			}
			wdone <- struct{}{}
		}()
	}
	go func() {
		for w := 0; w < workers; w++ {
			<-wdone
		}
		close(done)
	}()

	out := bufio.NewWriter(opts.Out)
	defer out.Flush()
	pending := map[int]*gradeJob{}
	next, bad, failed := 0, 0, 0
	var firstFail error
	if opts.Format == "table" {
		fmt.Fprintf(out, "%-6s %4s %4s %4s  %-9s %-24s %-8s %6s  %s\n", "line", "ER", "EP", "ED", "tier", "hardest", "level", "score", "puzzle")
	}
	for j := range done {
		pending[j.seq] = j
		for {
			j, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			switch {
			case j.bad != nil:
				bad++
				out.Flush()
				fmt.Fprintf(opts.ErrOut, "sudogen: %v\n", j.bad)
			case j.err != nil:
				failed++
				if firstFail == nil {
					firstFail = fmt.Errorf("%s:%d: %v", displayName(j.file), j.item.Line, j.err)
				}
				out.Flush()
				fmt.Fprintf(opts.ErrOut, "sudogen: %s:%d: grading failed: %v\n", displayName(j.file), j.item.Line, j.err)
			default:
				writeGraded(out, opts.Format, j)
			}
		}
	}
	if err := <-readErr; err != nil {
		out.Flush()
		return err
	}
	if failed > 0 {
		return firstFail
	}
	if bad > 0 {
		out.Flush()
		return &silentError{fmt.Sprintf("%d bad puzzle lines", bad)}
	}
	return nil
}

// readGradeFile sends every puzzle of one input to jobs.
func readGradeFile(name string, stdin io.Reader, box *sudoku.Shape, shard batch.Shard, seq *int, jobs chan<- *gradeJob) (int, error) {
	r, done, err := openInput(name, stdin)
	if err != nil {
		return 0, err
	}
	defer done()
	rd := export.NewReader(shardLines(r, shard), name)
	n := 0
	for {
		it, err := rd.Next()
		if err == io.EOF {
			return n, nil
		}
		j := &gradeJob{seq: *seq, file: name, item: it}
		var le *export.LineError
		switch {
		case errors.As(err, &le):
			j.bad = le
		case err != nil:
			return n, err
		default:
			j.grid, j.bad = it.GridError(name, box)
		}
		*seq++
		n++
		jobs <- j
	}
}

func writeGraded(out *bufio.Writer, format string, j *gradeJob) {
	gr := &j.gr
	if format == "table" {
		if gr.Status != grade.StatusOK {
			fmt.Fprintf(out, "%-6d %-44s %s\n", j.item.Line, gr.Status, j.grid.String())
			return
		}
		level := "-"
		score := "-"
		if gr.HoDoKu != nil {
			level, score = gr.HoDoKu.Level, fmt.Sprint(gr.HoDoKu.Score)
		}
		hardest := gr.Path.Hardest
		if !gr.SE.Solved {
			hardest = fmt.Sprintf("(stuck at %d/%d)", gr.SE.Filled, len(j.grid.Cells))
		}
		fmt.Fprintf(out, "%-6d %4.1f %4.1f %4.1f  %-9s %-24s %-8s %6s  %s\n", j.item.Line, gr.Rating(), grade.Round1(gr.SE.EP), grade.Round1(gr.SE.ED), gr.Tier, hardest, level, score, j.grid.String())
		return
	}
	line := gradeLine{Record: j.item.Record}
	rec := &line.Record
	g := j.grid
	rec.Kind = "sudoku"
	rec.Size = g.Geo.N
	rec.Box = []int{g.Geo.BoxRows, g.Geo.BoxCols}
	rec.Puzzle = g.String()
	rec.Givens = g.Givens()
	if gr.Status != grade.StatusOK {
		line.Status = gr.Status
	} else {
		batch.ApplyGrade(rec, gr)
		if !gr.SE.Solved {
			line.Status = "beyond"
			line.Filled = gr.SE.Filled
		}
	}
	b, _ := json.Marshal(&line)
	out.Write(b)
	out.WriteByte('\n')
}
