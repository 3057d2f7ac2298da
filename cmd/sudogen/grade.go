package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// GradeOptions are the flags of `sudogen grade`.
type GradeOptions struct {
	Files        []string // "-" or none: stdin
	Format       string   // jsonl | table | csv | se | txt
	Profile      string   // se | hodoku: which solve path gives hardest/techniques
	NoUniqueness bool
	VerifySteps  bool
	AsGiven      bool // grade the puzzle as given instead of its canonical isomorph
	MaxRating    float64
	MaxWork      int64
	TiersFile    string
	Box          string
	Workers      int64
	Kinds        kindLines // --variant, and the records of other kinds (kindline.go)

	// Shard is --shard I/N over input lines (shard.go).
	Shard shardOption

	Ctx         context.Context // cancelled by Ctrl-C: stop, keep the lines written
	In          io.Reader
	Out, ErrOut io.Writer
}

// NewCmdGrade returns the grade command.
func NewCmdGrade() *cobra.Command {
	opts := &GradeOptions{}
	var checkVariant func() error
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
Sudoku variants (--variant, or variant records) are rated on the same
scale, as SukakuExplainer rates them; a Killer Sudoku (a record or its
text form) on the killer scale, with the killer tiers (docs/grading.md,
"Killer"), so --format table heads their rating column "killer", not
"ER" (a table mixing kinds repeats its heading line where the scale
changes). Sliding-tile boards are not graded: their difficulty is their
optimal length (solve --kind slide).

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
  sudogen grade --no-uniqueness --verify-steps puzzles.jsonl

  # Sudoku Explainer's line for each puzzle (serate's PUZZLE ED=ER/EP/ED), or CSV
  sudogen grade --format se top1465.txt > top1465-rated.txt
  sudogen grade --format csv puzzles.txt > rated.csv`,
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
			return gradeRun(opts)
		},
	}
	f := cmd.Flags()
	f.Var(newChoiceFlag(&opts.Format, export.FormatJSONL.Name, gradeFormats()...), "format", "output format: jsonl, table (for people: ER EP ED, tier, hardest, level, score, puzzle; above killer rows the rating column is headed killer, their ratings being on the killer scale), csv (the record's columns, then status and filled), se (PUZZLE ED=ER/EP/ED, as Sudoku Explainer's serate; 0.0 where not rated) or txt (the puzzles)")
	f.Var(newChoiceFlag(&opts.Profile, "se", "se", "hodoku"), "profile", "profile whose solve path gives hardest and techniques: se or hodoku")
	f.BoolVar(&opts.NoUniqueness, "no-uniqueness", false, "do not use uniqueness-based techniques (unique rectangles, BUG, ...)")
	f.BoolVar(&opts.VerifySteps, "verify-steps", false, "check every step against the solution (fails on a wrong step)")
	f.Float64Var(&opts.MaxRating, "max-rating", 0, "stop a puzzle once its next step would rate above this SE rating: reported with status \"above max-rating\", tier beyond, no rating and rating_at_least (0: no cap)")
	f.Int64Var(&opts.MaxWork, "work-budget", 0, "forcing-chain work per puzzle, in chain nodes (about 10-30 million per CPU-second); 0: the default for the size (none up to 12x12), -1: none")
	f.BoolVar(&opts.AsGiven, "as-given", false, "rate the puzzle as given, reproducing Sudoku Explainer and HoDoKu exactly, instead of its canonical isomorph (the default makes every isomorph rate the same)")
	f.StringVar(&opts.TiersFile, "tiers", "", "tier table YAML file (default: the built-in configs/tiers.yaml)")
	f.StringVar(&opts.Box, "box", "", "box shape RxC for every puzzle (default: from the length)")
	f.VarP(newIntFlag(&opts.Workers, int64(runtime.GOMAXPROCS(0)), 1), "workers", "w", "grading goroutines")
	opts.Shard.addFlag(f, "grade only the input lines L with (L-1) mod N = I")
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	return cmd
}

// gradeLine is one JSONL output line: the record plus what is not a record
// field (why a puzzle was not graded, how far an unfinished one got).
type gradeLine struct {
	export.Record
	Status string `json:"status,omitempty"`
	Filled int    `json:"filled,omitempty"`
}

// tiersFlag loads the --tiers file: nil (the built-in tiers) when none is
// named, a usage error when it cannot be loaded.
func tiersFlag(file string) (*grade.Tiers, error) {
	if file == "" {
		return nil, nil
	}
	t, err := kind.SudokuTiers(file)
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
	// One grader per worker; this first one validates the flags.
	if err := grade.CheckMaxRating(opts.MaxRating); err != nil {
		return UsageErrorf("--max-rating %v", err)
	}
	if opts.MaxWork < -1 {
		return UsageErrorf("--work-budget %d: expected -1 (none), 0 (the default) or a positive number of nodes", opts.MaxWork)
	}
	gopts := grade.GraderOptions{Profile: opts.Profile, NoUniqueness: opts.NoUniqueness, VerifySteps: opts.VerifySteps, GivenForm: opts.AsGiven, MaxRating: opts.MaxRating, MaxWork: opts.MaxWork}
	first, err := newGraderFromOptions(gopts, opts.TiersFile)
	if err != nil {
		return err
	}
	if opts.Kinds.Variants != nil {
		if flags := opts.classicOnly(); len(flags) > 0 {
			return UsageErrorf("--%s is not supported with --variant (the variant grader rates the puzzle as given, SE ladder on its houses)", flags[0])
		}
	}
	if err := opts.Shard.resolve(); err != nil {
		return err
	}
	opts.Shard.noteFromEnv(opts.ErrOut, "grading")
	others := newKindGraders(opts)
	pool := &linePool{
		Ctx:     opts.Ctx,
		Files:   inputNames(opts.Files),
		Shard:   opts.Shard.Shard,
		In:      opts.In,
		Workers: capWorkers(opts.Workers, opts.ErrOut),
		// Grading takes 0.1 ms to seconds a puzzle: small chunks
		// share the work evenly.
		ChunkLines: 4,
		NewWorker: func() func(*chunk, int, []byte) {
			gr := first
			if first == nil {
				gr, _ = newGraderFromOptions(gopts, opts.TiersFile)
			}
			first = nil
			w := &gradeWorker{opts: opts, box: box, grader: gr, kinds: map[string]kind.Grader{}, others: others, said: map[string]error{}}
			return w.line
		},
		Out:    newLineWriter(opts.Out, "stdout"),
		ErrOut: opts.ErrOut,
	}
	var heads *tableHeads
	switch {
	case opts.Format == gradeTable:
		heads = &tableHeads{pool: pool}
		pool.Collect = heads.collect
	case export.FormatNamed(opts.Format) == export.FormatCSV:
		fmt.Fprintf(pool.Out, "%s,status,filled\n", strings.Join(export.CSVColumns, ","))
	}
	err = pool.Run()
	if heads != nil {
		if herr := heads.end(); err == nil {
			err = herr
		}
	}
	others.report(opts.ErrOut)
	if err != nil {
		return err
	}
	if pool.Failed > 0 {
		// each failure is already noted on its line
		return &silentError{numfmt.Count(pool.Failed, "grading") + " failed"}
	}
	if pool.Bad > 0 {
		return &silentError{numfmt.Count(pool.Bad, "bad puzzle line")}
	}
	return nil
}

// statusAboveMax is the status of a grading stopped by --max-rating.
const statusAboveMax = "above max-rating"

// classicOnly lists the grading flags set that only classic Sudoku's
// grader takes (every engine option but --max-rating), in a fixed order.
func (opts *GradeOptions) classicOnly() []string {
	var set []string
	for _, f := range []struct {
		name string
		on   bool
	}{{"no-uniqueness", opts.NoUniqueness}, {"verify-steps", opts.VerifySteps}, {"as-given", opts.AsGiven}, {"work-budget", opts.MaxWork != 0}} {
		if f.on {
			set = append(set, f.name)
		}
	}
	return set
}

// gradeWorker grades the puzzles of one worker's lines.
type gradeWorker struct {
	opts   *GradeOptions
	box    *sudoku.Shape
	grader *grade.Grader
	grids  export.Grids
	kinds  map[string]kind.Grader // graders of the other kinds, by name
	// others makes the graders of kinds, shared by the run's workers;
	// said holds, by kind name, what others reports at the end about a
	// kind's lines (errNoProfile, or why they are not graded).
	others *kindGraders
	said   map[string]error
}

// line grades the puzzle of line n and appends its result line; a bad
// line or a failed grading becomes a note.
func (w *gradeWorker) line(c *chunk, n int, b []byte) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] == '#' {
		return
	}
	c.Items++
	var rec export.Record
	var g sudoku.Grid
	var err error
	var kp *kindPuzzle
	if w.opts.Kinds.reads(b) {
		kp, _, err = w.opts.Kinds.line(c.File, n, b)
	} else if b[0] == '{' {
		var it export.Item
		if it, _, err = export.ParseLine(c.File, n, b); err == nil {
			rec = it.Record
			if !export.HoldsGrid(rec.Kind) {
				if kp, err = (&kindLines{}).record(rec); err != nil {
					err = &export.LineError{File: c.File, Line: n, Msg: err.Error()}
				}
			} else {
				g, err = it.GridError(c.File, w.box)
			}
		}
	} else if jerr := export.JigsawLineError(c.File, n, b); jerr != nil {
		err = jerr
	} else if g, err = w.grids.Parse(export.PlainPuzzle(b), w.box); err != nil {
		err = export.PlainLineError(c.File, n, b, err)
	} else {
		rec.Unseeded = true // a plain line: no run made it
	}
	if err != nil {
		c.Bad++
		c.Notef("%v", err)
		return
	}
	if kp != nil {
		w.kindLine(c, n, kp)
		return
	}
	gr, err := w.grader.Grade(g)
	if err != nil {
		w.fail(c, n, err)
		return
	}
	if w.opts.Format == gradeTable {
		scale := scaleSE
		if gr.Status != grade.StatusOK {
			scale = "" // no rating on the row
		}
		markRow(c, scale)
	}
	c.Out = appendGraded(c.Out, w.opts.Format, n, rec, g, &gr)
}

// fail counts a grading that failed on line n and notes it.
func (w *gradeWorker) fail(c *chunk, n int, err error) { failLine(c, n, "grading failed: ", err) }

// failLine counts line n as failed and notes why (what, then err): the
// one line the failure gets (the run then exits 1).
func failLine(c *chunk, n int, what string, err error) {
	c.Failed++
	c.Notef("%s:%d: %s%v", displayName(c.File), n, what, err)
}

// kindLine grades a puzzle of another kind (or --variant) through its
// kind's plug: solved first (a puzzle without exactly one solution is
// reported, not graded), then the kind's grader writes the grading
// fields; the output line is the record as for Sudoku.
func (w *gradeWorker) kindLine(c *chunk, n int, kp *kindPuzzle) {
	name := kp.Kind.Name()
	gr, ok := w.kinds[name]
	if !ok {
		var err error
		gr, err = w.others.make(kp.Kind)
		w.kinds[name], w.said[name] = gr, err
	}
	if err := w.said[name]; err != nil {
		w.others.count(name, err, lineAt{file: c.File, base: c.ItemBase, line: n})
		if err != errNoProfile {
			c.Failed++
			return
		}
	}
	out := gradeLine{Record: kp.Record}
	r := &out.Record
	count, sol, err := kp.Puzzle.Solve(2)
	switch {
	case err != nil:
		w.fail(c, n, err)
		return
	case count == 0:
		out.Status = grade.StatusNoSolution
	case count > 1:
		out.Status = grade.StatusMultiple
	default:
		if err := gr.Grade(kp.Puzzle, sol, r); err != nil {
			w.fail(c, n, err)
			return
		}
		switch {
		case w.opts.MaxRating > 0 && r.RatingAtLeast > 0:
			out.Status = statusAboveMax
		case r.Tier == "beyond" && r.Rating == 0:
			out.Status = "beyond"
		}
	}
	settleRecord(&out, &kp.Record, kp.Puzzle, sol, "")
	if w.opts.Format == gradeTable {
		// The puzzle as the kind writes it on a line (a killer's cage
		// map and sums: its puzzle field holds only its givens).
		puzzle := r.Puzzle
		if rk, ok := export.KindOf(r.Kind); ok && rk.Line != nil {
			if b, err := rk.Line(nil, r); err == nil {
				puzzle = string(b)
			}
		}
		er, hardest := fmt.Sprintf("%4.1f", r.Rating), r.Hardest
		switch out.Status {
		case "":
		case "beyond":
			er, hardest = fmt.Sprintf("%4.1f", grade.Beyond), "(stuck)"
		case statusAboveMax:
			er, hardest = fmt.Sprintf("≥%.1f", r.RatingAtLeast), "(above max-rating)"
		default:
			markRow(c, "")
			c.Out = fmt.Appendf(c.Out, "%-6d %-44s %s\n", n, out.Status, puzzle)
			return
		}
		ep, ed := "-", "-" // a kind off the SE scale (killer) has none
		if r.EP > 0 {
			ep, ed = fmt.Sprintf("%4.1f", r.EP), fmt.Sprintf("%4.1f", r.ED)
		}
		scale := tableScale(r.Kind)
		markRow(c, scale)
		c.Out = fmt.Appendf(c.Out, "%-6d %*s %4s %4s  %-9s %-24s %-8s %6s  %s\n", n, ratingWidth(scale), er, ep, ed, r.Tier, hardest, "-", "-", puzzle)
		return
	}
	b, err := appendGradeLine(c.Out, w.opts.Format, &out)
	if err != nil {
		failLine(c, n, "", err) // graded, but the output format cannot hold it
		return
	}
	c.Out = b
}

// appendGraded appends the result line of one graded puzzle: a table row,
// or the record (input fields kept) with the grading fields.
func appendGraded(dst []byte, format string, line int, rec export.Record, g sudoku.Grid, gr *grade.Grade) []byte {
	if format == gradeTable {
		if gr.Status != grade.StatusOK {
			return fmt.Appendf(dst, "%-6d %-44s %s\n", line, gr.Status, g.String())
		}
		level := "-"
		score := "-"
		if gr.HoDoKu != nil {
			level, score = gr.HoDoKu.Level, fmt.Sprint(gr.HoDoKu.Score)
		}
		hardest := gr.Path.Hardest
		er := fmt.Sprintf("%4.1f", gr.Rating())
		switch {
		case gr.SE.OverBudget:
			hardest, er = "(over work budget)", fmt.Sprintf("≥%.1f", gr.RatingAtLeast())
		case gr.SE.Capped:
			hardest, er = "(above max-rating)", fmt.Sprintf("≥%.1f", gr.RatingAtLeast())
		case !gr.SE.Solved:
			hardest = fmt.Sprintf("(stuck at %d/%d)", gr.SE.Filled, len(g.Cells))
		}
		return fmt.Appendf(dst, "%-6d %4s %4.1f %4.1f  %-9s %-24s %-8s %6s  %s\n", line, er, grade.Round1(gr.SE.EP), grade.Round1(gr.SE.ED), gr.Tier, hardest, level, score, g.String())
	}
	out := gradeLine{Record: rec}
	r := &out.Record
	var canonical string
	if gr.Status != grade.StatusOK {
		out.Status = gr.Status
	} else {
		batch.ApplyGrade(r, gr)
		if gr.Canonical.Geo != nil {
			canonical = r.Canonical // the grader's, computed anyway
		}
		switch {
		case gr.SE.OverBudget:
			out.Status = "over work budget"
		case gr.SE.Capped:
			out.Status = statusAboveMax
		case !gr.SE.Solved:
			out.Status = "beyond"
		}
		if !gr.SE.Solved {
			out.Filled = gr.SE.Filled
		}
	}
	settleRecord(&out, &rec, kind.SudokuPuzzle{Grid: g}, r.Solution, canonical)
	b, _ := appendGradeLine(dst, format, &out) // every format holds a sudoku record
	return b
}

// settleRecord makes every field of out that describes its puzzle p true
// of it, for every kind (docs/records.md, "sudogen grade output lines"):
// in is the record as read, sol the puzzle's solution when it has
// exactly one, canonical its key when the grader computed it anyway ("":
// computed here if in had one).
//
//   - size, box, puzzle, givens: from the puzzle (kind.Describer).
//   - A puzzle without exactly one solution is not graded: no solution,
//     no grading fields, no minimal, no canonical.
//   - solution: the one found. canonical: the grader's; else, when in
//     has one, recomputed; where the key is dear (Describer.KeyCostly:
//     a Samurai board's costs half a grading) only when in's solution
//     or grading is not the one grade found (sameGrading), else in's
//     key is kept.
//   - minimal, when in has it: kept when in's canonical and solution are
//     the ones computed (the puzzle is then, up to symmetry, the one its
//     writer checked), else tested anew; dropped where the kind cannot
//     tell (killer; a 25x25 test over its node cap).
//   - symmetry: kept when the givens' pattern has it, else dropped.
func settleRecord(out *gradeLine, in *export.Record, p kind.Puzzle, sol, canonical string) {
	r := &out.Record
	d, _ := p.(kind.Describer)
	if d != nil {
		d.FillPuzzle(r)
	}
	if r.Symmetry != "" && (d == nil || !d.Symmetric(r.Symmetry)) {
		r.Symmetry = ""
	}
	if out.Status == grade.StatusNoSolution || out.Status == grade.StatusMultiple {
		r.Solution, r.Minimal, r.Canonical = "", nil, ""
		r.ClearGrading()
		return
	}
	r.Solution = sol
	if canonical == "" && in.Canonical != "" {
		canonical = in.Canonical
		if d == nil || !d.KeyCostly() || !sameGrading(in, r) {
			canonical = p.Canonical()
		}
	}
	r.Canonical = canonical
	if in.Minimal == nil || in.Canonical == r.Canonical && in.Solution == sol && r.Canonical != "" {
		return
	}
	r.Minimal = nil
	if d != nil {
		if m, ok := d.Minimal(); ok {
			r.Minimal = &m
		}
	}
}

// sameGrading reports whether the record read has the solution and every
// grading field (rating, rating_at_least, ep, ed, tier, hardest,
// techniques, level, score) that grade wrote into r: the evidence that
// its puzzle is the one its writer keyed.
func sameGrading(in, r *export.Record) bool {
	return in.Solution == r.Solution && in.Rating == r.Rating && in.RatingAtLeast == r.RatingAtLeast &&
		in.EP == r.EP && in.ED == r.ED && in.Tier == r.Tier && in.Hardest == r.Hardest &&
		maps.Equal(in.Techniques, r.Techniques) && in.Level == r.Level && in.Score == r.Score
}

// appendGradeLine appends a graded record in format: a CSV row with the
// status and filled columns, a plain line format's line, or the JSONL
// record with "status" and "filled" when set.
func appendGradeLine(dst []byte, format string, out *gradeLine) ([]byte, error) {
	r := &out.Record
	switch f := export.FormatNamed(format); {
	case f == export.FormatCSV:
		dst = append(export.AppendCSVRow(dst, r), ',')
		dst = export.AppendCSVField(dst, []byte(out.Status))
		dst = append(dst, ',')
		if out.Filled != 0 {
			dst = strconv.AppendInt(dst, int64(out.Filled), 10)
		}
		return append(dst, '\n'), nil
	case f != nil && f.Line != nil && f != export.FormatJSONL:
		// se, txt: a plain line per puzzle, in input order: serate's
		// 0.0 stands for a rating the puzzle did not get. A record the
		// format cannot hold (a killer's rating in se) is the line's error.
		start := len(dst)
		b, err := f.Line.Append(dst, r)
		if err != nil {
			return dst[:start], err
		}
		return b, nil
	}
	dst = export.AppendJSON(dst, r)
	if out.Status != "" {
		// The record's fields, then what is not a record field, as
		// encoding/json writes gradeLine.
		dst = append(dst[:len(dst)-1], `,"status":`...)
		dst = strconv.AppendQuote(dst, out.Status)
		if out.Filled != 0 {
			dst = append(dst, `,"filled":`...)
			dst = strconv.AppendInt(dst, int64(out.Filled), 10)
		}
		dst = append(dst, '}')
	}
	return append(dst, '\n'), nil
}

// gradeTable is grade's own --format: a table for people.
const gradeTable = "table"

// gradeFormats are the values of grade --format: the line formats of the
// format registry (jsonl, txt, csv, se) and grade's table.
func gradeFormats() []string {
	var names []string
	for _, f := range export.Formats {
		if f.Line != nil {
			names = append(names, f.Name)
		}
	}
	return append(names, gradeTable)
}

// scaleSE heads the rating column of the table rows whose ratings are
// Sudoku Explainer's (classic Sudoku, variants): ER, as SE names it.
const scaleSE = "ER"

// tableScale is the heading of the table's rating column for a row of
// the given kind: ER for the kinds rated on SE's scale, else the kind's
// name, whose own scale its number is on ("killer": docs/grading.md,
// Killer).
func tableScale(kindName string) string {
	if rk, ok := export.KindOf(kindName); !ok || rk.Rated || export.HoldsGrid(kindName) {
		return scaleSE
	}
	return kindName
}

// ratingWidth is the width of the rating column under heading scale:
// SE's four characters, or the heading's length.
func ratingWidth(scale string) int { return max(4, len(scale)) }

// markRow notes that a table row whose rating is on scale (see
// tableScale; "" for a row without a rating) starts at the end of c.Out.
func markRow(c *chunk, scale string) {
	k := len(c.Keys)
	c.Keys = append(c.Keys, scale...)
	c.Marks = append(c.Marks, mark{out: len(c.Out), key: k})
}

// tableHeads writes grade's table: each chunk's rows, with the heading
// line before the first row and again before a row whose rating is on
// another scale than the rows above it (a killer's number is on the
// killer ladder's scale, not SE's: its column is headed "killer", not
// "ER").
type tableHeads struct {
	pool  *linePool
	scale string // the scale of the heading written last; "" before any
}

// collect is the pool's Collect: c's output with its notes in place and
// the headings tableHeads adds.
func (t *tableHeads) collect(c *chunk) error {
	var heads []note
	for i, m := range c.Marks {
		end := len(c.Keys)
		if i+1 < len(c.Marks) {
			end = c.Marks[i+1].key
		}
		scale := string(c.Keys[m.key:end])
		if scale == "" {
			if t.scale != "" {
				continue
			}
			scale = scaleSE
		}
		if scale != t.scale {
			t.scale = scale
			heads = append(heads, note{at: m.out, msg: headLine(scale)})
		}
	}
	return t.pool.writeChunk(c, heads...)
}

// headLine is the table's heading line for rows on scale.
func headLine(scale string) string {
	return fmt.Sprintf("%-6s %*s %4s %4s  %-9s %-24s %-8s %6s  %s\n", "line", ratingWidth(scale), scale, "EP", "ED", "tier", "hardest", "level", "score", "puzzle")
}

// end writes the heading of a table that has no row (every line bad or
// failed, an empty input), as the table always had one, and returns the
// error of writing it.
func (t *tableHeads) end() error {
	if t.scale != "" {
		return nil
	}
	t.pool.Out.WriteString(headLine(scaleSE))
	t.pool.Out.Flush()
	return t.pool.Out.Err()
}
