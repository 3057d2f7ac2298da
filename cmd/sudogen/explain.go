package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// ExplainOptions are the flags of `sudogen explain`.
type ExplainOptions struct {
	Puzzle       string // the puzzle, or "-" for the first line of stdin
	Next         bool   // print only the next step
	Profile      string // "se" or "hodoku"
	NoUniqueness bool
	MaxRating    float64   // stop before a step rated above this (0: no cap)
	MaxWork      int64     // forcing-chain work budget (0: default for the size, -1: none)
	Regions      string    // a jigsaw puzzle's regions (the second argument)
	Kinds        kindLines // --variant (kindline.go)

	Ctx context.Context // cancelled by Ctrl-C
	In  io.Reader
	Out io.Writer

	src  string // where the puzzle was read: "argument", a file, stdin
	line int    // its line there
}

// unsolvable says why a puzzle (what: "puzzle", "killer") with count
// solutions (counted up to 2) cannot be explained, named where it was
// read (a file's or stdin's FILE:LINE), or nil for exactly one solution.
func (opts *ExplainOptions) unsolvable(what string, count int) error {
	var err error
	switch {
	case count == 0:
		err = fmt.Errorf("%s has no solution", what)
	case count > 1:
		err = fmt.Errorf("%s has more than one solution: explain needs exactly one", what)
	default:
		return nil
	}
	if opts.src == "" || opts.src == "argument" {
		return err
	}
	return badPuzzle(opts.src, opts.line, err)
}

// NewCmdExplain returns the explain command.
func NewCmdExplain() *cobra.Command {
	opts := &ExplainOptions{}
	var checkVariant func() error
	cmd := &cobra.Command{
		Use:   "explain PUZZLE|FILE|- [REGIONS]",
		Short: "Explain a puzzle's solve path step by step, or give the next hint",
		Long: `Solve a puzzle the way a person would, easiest technique first, and
print every step in words: which cell gets which digit and why, or which
candidates go and why.

PUZZLE is the grid in one line, cells row by row, '.' or '0' for empty
(values 1-9 then A-P for larger grids), '-' to read it from stdin
(the first line that is not blank or a comment: a JSON record whole,
any killer text form, even the cage map over several lines, and with
--variant jigsaw the regions after the puzzle on the same line), or a
file, whose first puzzle is read the same way.
The puzzle must have exactly one solution.

The steps are those of the puzzle as given. A classic Sudoku record's
rating, hardest and techniques are those of its canonical isomorph (grade
rates that form unless --as-given, so that every isomorph gets one
rating; docs/grading.md): on the given grid the steps may differ in
number, and on a few puzzles in rating. Explain the record's "canonical"
to see the path its fields count.

--profile picks whose technique order is followed: se (Sudoku
Explainer's, the default) or hodoku (HoDoKu's).

With --variant the puzzle is that Sudoku variant (a Samurai board is its
441-cell frame, '#' on the unused cells; a jigsaw puzzle gives its regions
string as a second argument); PUZZLE may also be a JSON record of kind
variant. The steps are the SE ladder run on the variant's houses.

A Killer Sudoku (a JSON record of kind killer, or one of its text forms
of docs/records.md: the cage map with its sums, a SudokuWiki link or bd=
value, the arrow form, SumoCue's) is explained on the killer ladder
(docs/grading.md, "Killer").`,
		Example: `  sudogen explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudogen explain --next --profile hodoku 000000010400000000020000000000050407008000300001090000300400200050100000000806000
  sudogen explain --variant x .7...5.4...........3..4..8.1...8.....8..549..5.2..7.1.................6.......5..`,
		Args: expectArgs(1, 2, "a puzzle, a file or - (stdin), then a jigsaw's regions if any"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkVariant(); err != nil {
				return err
			}
			opts.Puzzle = args[0]
			if len(args) == 2 {
				if !slices.Contains(opts.Kinds.Variants, "jigsaw") {
					return UsageErrorf("explain: a second argument (%q) is a jigsaw's regions, for --variant jigsaw only; explain takes one puzzle (a file's first)", args[1])
				}
				opts.Regions = args[1]
			}
			opts.Ctx = cmd.Context()
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			return explainRun(opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.Next, "next", false, "print only the next step (a hint)")
	f.Var(newChoiceFlag(&opts.Profile, "se", "se", "hodoku"), "profile", "technique order: se or hodoku")
	f.BoolVar(&opts.NoUniqueness, "no-uniqueness", false, "do not use techniques that assume a unique solution")
	f.Float64Var(&opts.MaxRating, "max-rating", 0, "stop before the first step rated above this SE rating (0: no cap)")
	f.Int64Var(&opts.MaxWork, "work-budget", 0, "forcing-chain work, in chain nodes (about 10-30 million per CPU-second); 0: the default for the size (none up to 12x12), -1: none")
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	return cmd
}

func explainRun(opts *ExplainOptions) error {
	text := strings.TrimSpace(opts.Puzzle)
	in := opts.In
	// Where the puzzle came from, for a bad record's FILE:LINE.
	src, line, file := "argument", 1, "-"
	if text == "-" {
		src = displayName(text)
	} else {
		// A file names its first puzzle, as - does stdin's; a name that
		// looks like a file's but is none says so, not "length 12 is
		// not a grid".
		st, err := os.Stat(text)
		_, lerr := os.Lstat(text)
		switch {
		case err == nil && st.Mode().IsRegular():
			f, err := openFile(text, "a file of puzzles")
			if err != nil {
				return err
			}
			defer f.Close()
			in, text, src, file = f, "-", text, text
		case err == nil && st.IsDir():
			return UsageErrorf("%s: it is a folder (explain takes a puzzle, a file whose first puzzle it explains, or - for stdin)", text)
		case err != nil && lerr == nil:
			why := "a symbolic link to nothing"
			if !errors.Is(err, fs.ErrNotExist) {
				why = "a loop of symbolic links"
			}
			return UsageErrorf("%s: %s (explain takes a puzzle, a file whose first puzzle it explains, or - for stdin)", text, why)
		case err != nil && fileLike(text):
			return UsageErrorf("%s: no such file (explain takes a puzzle, a file whose first puzzle it explains, or - for stdin)", text)
		}
	}
	if text == "-" {
		var err error
		var regions string
		if text, regions, line, err = stdinPuzzle(in, file, slices.Contains(opts.Kinds.Variants, "jigsaw")); err != nil {
			return err
		}
		if opts.Regions == "" {
			opts.Regions = regions
		}
	}
	opts.src, opts.line = src, line
	_, isKey, _ := variantKey([]byte(strings.TrimSpace(text)))
	if src == "argument" && opts.Regions == "" && slices.Contains(opts.Kinds.Variants, "jigsaw") && !strings.HasPrefix(text, "{") && !isKey {
		// On the command line the regions are an argument of their own,
		// not "the regions string after the puzzle" of a line.
		return UsageErrorf("explain: --variant jigsaw: expected the puzzle, then its regions as a second argument (one region digit a cell, as export --format txt writes them after the puzzle); got the puzzle only")
	}
	if opts.Kinds.Variants != nil || strings.HasPrefix(text, "{") || isKey {
		full := text
		if opts.Regions != "" {
			if isKey {
				return UsageErrorf("explain: %s is a canonical key, which carries its regions: drop the second argument", displayName(src))
			}
			if strings.HasPrefix(text, "{") {
				return UsageErrorf("explain: %s holds a JSON record, read from its own fields (a jigsaw record carries its regions): drop the second argument", displayName(src))
			}
			full += " " + opts.Regions
		}
		kp, _, err := opts.Kinds.line(src, line, []byte(full))
		if err != nil {
			return badPuzzle(src, line, err)
		}
		if kp != nil {
			return explainKindRun(opts, kp)
		}
	}
	// The puzzle is read as solve reads a line (export.ParseLine, then the
	// grid's checks), with solve's messages: a classic Sudoku record (a
	// corpus's first line) or puzzle line, or a registered kind's plain
	// line (a broken SudokuWiki value is named as one). A killer's text
	// forms over several lines (the cage map, then the sums) are read
	// whole.
	it, ok, err := export.ParseLine(src, line, []byte(text))
	var p sudoku.Grid
	if err == nil && ok && export.HoldsGrid(it.Record.Kind) {
		p, err = it.GridError(src, nil)
	}
	if err != nil || !ok {
		if !strings.HasPrefix(text, "{") {
			if kp, kerr := killer.ParseText(text); kerr == nil {
				return killerExplain(opts, kp) // a killer (cmd/sudogen/killer.go)
			}
		}
		if !ok {
			return UsageErrorf("explain: the puzzle is blank (give a puzzle, a file whose first puzzle it explains, or - for stdin)")
		}
		return badPuzzle(src, line, err)
	}
	if !export.HoldsGrid(it.Record.Kind) {
		kp, err := (&kindLines{}).record(it.Record)
		if err != nil {
			return badPuzzle(src, line, err)
		}
		return explainKindRun(opts, kp)
	}
	if err := grade.CheckMaxRating(opts.MaxRating); err != nil {
		return UsageErrorf("--max-rating %v", err)
	}
	if opts.MaxWork < -1 {
		return UsageErrorf("--work-budget %d: expected -1 (none), 0 (the default) or a positive number of nodes", opts.MaxWork)
	}
	// one puzzle: its forcing-chain searches use every core
	gopt := grade.Options{NoUniqueness: opts.NoUniqueness, MaxRating: opts.MaxRating, MaxWork: opts.MaxWork, Parallel: runtime.GOMAXPROCS(0)}
	if gopt.MaxWork == 0 {
		gopt.MaxWork = grade.DefaultMaxWork(p.Geo.Shape)
	}
	if opts.Next {
		gopt.MaxSteps = 1
	}
	prof, ok := grade.ProfileByName(opts.Profile)
	if !ok {
		return UsageErrorf("--profile %s: not available", opts.Profile)
	}
	// The solution and the count (up to 2) in one search, which on a
	// 25x25 takes seconds: Ctrl-C stops the wait (the count was a second
	// search of its own, before it, and neither could be interrupted).
	var sol sudoku.Grid
	var count int
	if err := untilDone(opts.Ctx, func() error {
		sol, count = sudoku.Solve(p)
		return nil
	}); err != nil {
		return err
	}
	if err := opts.unsolvable("puzzle", count); err != nil {
		return err
	}
	var steps []grade.ExplainedStep
	var res grade.Result
	// A hard 25x25 walk-through can take a while: Ctrl-C stops the wait.
	err = untilDone(opts.Ctx, func() error {
		var err error
		gopt.Solution = sol.Cells
		steps, res, err = grade.Explain(p, prof, gopt)
		return err
	})
	if err != nil {
		return fmt.Errorf("explain: %w", err)
	}
	w := bufio.NewWriter(opts.Out)
	defer w.Flush()
	if opts.Next {
		if len(steps) == 0 {
			switch {
			case res.Capped:
				fmt.Fprintln(w, explainSummary(&res, prof.Name, p.Geo.Cells, opts.MaxRating))
			case p.Givens() == p.Geo.Cells:
				fmt.Fprintln(w, explainSolved)
			default:
				fmt.Fprintln(w, explainNoStep)
			}
			return nil
		}
		fmt.Fprintf(w, "%s: %s\n", steps[0].Name, steps[0].Text)
		return nil
	}
	fmt.Fprint(w, p.Pretty())
	fmt.Fprintln(w)
	width := len(fmt.Sprint(len(steps)))
	// a multi-line text (forcing chains: branches, nested chains) goes on
	// under its first line's text
	cont := "\n" + strings.Repeat(" ", width+2)
	for _, s := range steps {
		fmt.Fprintf(w, "%*d. %s: %s\n", width, s.N, s.Name, strings.ReplaceAll(s.Text, "\n", cont))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, explainSummary(&res, prof.Name, p.Geo.Cells, opts.MaxRating))
	return nil
}

// explainKindRun explains kp, a puzzle of another kind (a record) or of
// --variant, through its kind's plug (kind.Explainer).
func explainKindRun(opts *ExplainOptions, kp *kindPuzzle) error {
	ex, ok := kp.Kind.(kind.Explainer)
	if !ok {
		msg := fmt.Sprintf("explain: kind %s has no step explanations", kp.Kind.Name())
		if rk, ok := export.KindOf(kp.Kind.Name()); ok && rk.Moves != nil {
			// a sliding board: its solution is a list of moves
			msg += fmt.Sprintf(" (solve --kind %s prints the board's shortest solution, move by move)", kp.Kind.Name())
		}
		return errors.New(msg)
	}
	switch {
	case opts.NoUniqueness, opts.MaxRating != 0, opts.MaxWork != 0, opts.Profile != "se":
		return UsageErrorf("explain: --profile, --no-uniqueness, --max-rating and --work-budget are for classic Sudoku")
	}
	var count int
	var sol string
	// a Samurai's or a large variant's search can take a while: Ctrl-C
	// stops the wait
	err := untilDone(opts.Ctx, func() error {
		var err error
		count, sol, err = kp.Puzzle.Solve(2)
		return err
	})
	if err != nil {
		return err
	}
	if err := opts.unsolvable("puzzle", count); err != nil {
		return err
	}
	var steps []string
	var summary string
	err = untilDone(opts.Ctx, func() error {
		var err error
		steps, summary, err = ex.Explain(kp.Puzzle, sol, kind.GradeOptions{}, opts.Next)
		return err
	})
	if err != nil {
		return fmt.Errorf("explain: %w", err)
	}
	w := bufio.NewWriter(opts.Out)
	defer w.Flush()
	if opts.Next {
		if len(steps) == 0 {
			if pz := kp.Record.Puzzle; pz != "" && !strings.Contains(pz, ".") {
				fmt.Fprintln(w, explainSolved)
			} else {
				fmt.Fprintln(w, explainNoStep)
			}
			return nil
		}
		writeSteps(w, steps, true)
		return nil
	}
	fmt.Fprint(w, kp.pretty(kp.Record.Puzzle))
	fmt.Fprintln(w)
	writeSteps(w, steps, false)
	fmt.Fprintln(w)
	fmt.Fprintln(w, summary)
	return nil
}

// The hints explain --next gives when there is no step: the puzzle has
// no empty cell left, or the techniques cannot go on.
const (
	explainSolved = "no step: the puzzle is already solved (every cell is given)"
	explainNoStep = "no step found: the implemented techniques cannot make progress here"
)

// explainSummary is the closing line: solved or not, and the rating.
func explainSummary(res *grade.Result, profile string, cells int, maxRating float64) string {
	var rating string
	if profile == "hodoku" {
		rating = fmt.Sprintf("HoDoKu score %d, level %s", res.Score, res.Level)
	} else {
		rating = fmt.Sprintf("SE rating %.1f (ER/EP/ED %.1f/%.1f/%.1f)", res.Rating(), grade.Round1(res.ER), grade.Round1(res.EP), grade.Round1(res.ED))
	}
	switch {
	case res.OverBudget:
		return fmt.Sprintf("Stopped after %s with %d of %d cells filled: the work budget ran out (--work-budget); the SE rating is at least %.1f.",
			numfmt.Count(res.NSteps, "step"), res.Filled, cells, res.Rating())
	case res.Capped:
		return fmt.Sprintf("Stopped after %s with %d of %d cells filled: the next step rates above --max-rating %.1f; the SE rating is at least %.1f.",
			numfmt.Count(res.NSteps, "step"), res.Filled, cells, maxRating, res.Rating())
	}
	if !res.Solved {
		return fmt.Sprintf("Stuck after %s with %d of %d cells filled: the rest needs techniques not implemented yet (%s).",
			numfmt.Count(res.NSteps, "step"), res.Filled, cells, rating)
	}
	hard := res.Hardest
	if t, ok := grade.TechniqueByID(hard); ok {
		hard = t.Name
	}
	if hard == "" {
		hard = "none" // no step: every cell is given
	}
	return fmt.Sprintf("Solved in %s; hardest step: %s; %s.", numfmt.Count(res.NSteps, "step"), hard, rating)
}

// badPuzzle is the error of a puzzle explain cannot read: a bad input
// (exit 1, as solve's for the same line; docs/cli.md, "Exit codes"), named
// "puzzle: " when it was the argument, else by its file and line as the
// per-line commands name it. A kind's error may already name src and
// line.
func badPuzzle(src string, line int, err error) error {
	msg := err.Error()
	prefix := fmt.Sprintf("%s:%d: ", src, line)
	if src == "argument" {
		return fmt.Errorf("puzzle: %s", strings.TrimPrefix(msg, prefix))
	}
	if !strings.HasPrefix(msg, prefix) {
		msg = prefix + msg
	}
	return errors.New(msg)
}

// fileLike reports whether s reads as a file name rather than a puzzle:
// it ends with a corpus's extension (a puzzle's cells never hold a '.'
// followed by letters; a SudokuWiki link ends with its bd= value).
func fileLike(s string) bool {
	for _, ext := range []string{".txt", ".jsonl", ".json", ".csv", ".sdk", ".ss"} {
		if strings.HasSuffix(strings.ToLower(s), ext) {
			return true
		}
	}
	return false
}

// stdinPuzzle reads explain's puzzle from in, as the arguments would
// give it: the first line that is neither blank nor a comment, whole when
// it is a JSON record (a killer record's canonical key holds a space);
// a killer's text forms are read whole (the one-line cage map and its
// sums; the cage map's lines, then the sums); else the line, and with
// jigsaw its first field as the puzzle and its second as the regions (PUZZLE REGIONS, as the per-line
// commands read a jigsaw line); line is the number of its first line.
// file names in in messages ("-": stdin).
func stdinPuzzle(in io.Reader, file string, jigsaw bool) (text, regions string, line int, err error) {
	rd := export.NewReader(in, file)
	var lines []string
	// Lines are read only as far as a killer's cage map can reach (one
	// line a row, then the sums): a long file piped in is not read whole.
	for len(lines) <= maxKillerMapLines {
		b, n, err := rd.NextLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", "", 0, err
		}
		l := strings.TrimSpace(string(b))
		if l == "" || l[0] == '#' {
			continue
		}
		if len(lines) == 0 {
			line = n
		}
		lines = append(lines, l)
		if _, err := killer.ParseText(strings.Join(lines, "\n")); err == nil {
			return strings.Join(lines, "\n"), "", line, nil
		}
		if len(lines) == 1 && (strings.HasPrefix(l, "{") || sudokuLine(l)) {
			break
		}
	}
	if len(lines) == 0 {
		// an empty input is a bad input (exit 1), named as the per-line
		// commands name it
		return "", "", 0, fmt.Errorf("%s: no puzzles found (empty input)", displayName(file))
	}
	first := lines[0]
	if strings.HasPrefix(first, "{") {
		return first, "", line, nil
	}
	f := strings.Fields(first)
	if len(f) > 1 && jigsaw {
		return f[0], f[1], line, nil
	}
	return first, "", line, nil // read as solve reads the line
}

// maxKillerMapLines bounds the lines stdinPuzzle reads: the largest
// killer's cage map (9x9: nine rows) and its sums, with room to spare.
const maxKillerMapLines = 12

// sudokuLine reports whether line's first field has a grid's length (a
// Sudoku shape's cells, sudoku.ShapeForCells, or Samurai's 441): a puzzle
// line, not the start of a cage map.
func sudokuLine(line string) bool {
	f, _, _ := strings.Cut(line, " ")
	_, err := sudoku.ShapeForCells(len(f))
	return err == nil || len(f) == 441
}

// untilDone runs f and returns its error, or returns at once with an
// interruption when ctx is cancelled first: for work that does not watch
// ctx itself (a long grading, a book's layout, building tables). f is left
// to finish on its own (the program is about to exit), and run removes
// the temporary files of outputs it had not finished.
func untilDone(ctx context.Context, f func() error) error {
	if ctx == nil {
		return f()
	}
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return &stopError{stopWord(ctx)}
	}
}

// writeSteps writes a kind's explained steps (kind.Explainer) numbered
// from 1; a line that starts with a space is no step (what the kind's
// rules removed between steps) and goes unnumbered under the numbers'
// column. With next, only the lines up to the first step, unnumbered.
func writeSteps(w io.Writer, steps []string, next bool) {
	if next {
		for _, s := range steps {
			fmt.Fprintln(w, strings.TrimLeft(s, " "))
			if !strings.HasPrefix(s, " ") {
				return
			}
		}
		return
	}
	n := 0
	for _, s := range steps {
		if !strings.HasPrefix(s, " ") {
			n++
		}
	}
	width, i := len(fmt.Sprint(n)), 0
	for _, s := range steps {
		if strings.HasPrefix(s, " ") {
			fmt.Fprintf(w, "%*s  %s\n", width, "", strings.TrimLeft(s, " "))
			continue
		}
		i++
		fmt.Fprintf(w, "%*d. %s\n", width, i, s)
	}
}
