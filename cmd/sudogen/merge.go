package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// MergeOptions are the flags of `sudogen merge`.
type MergeOptions struct {
	Files    []string
	Output   string // file path, or "-" for stdout
	Quiet    bool
	Memory   int64  // bytes (--memory)
	TempDir  string // --tmpdir
	Workers  int64
	Progress string // auto, always, never
	// CheckCanonical recomputes every record's canonical form instead of
	// trusting its "canonical" field.
	CheckCanonical bool
	// CheckMinimal tests every record's "minimal" against its puzzle
	// instead of trusting it.
	CheckMinimal bool
	// Kinds is --variant: plain lines and sudoku records read as that
	// variant (kindline.go).
	Kinds kindLines

	In          io.Reader
	Out, ErrOut io.Writer
	// ErrTerminal says whether --progress auto draws the bar on ErrOut (a
	// terminal, and the records do not go to the same terminal: barFits).
	ErrTerminal bool
}

// defaultMergeMemory is --memory's default.
const defaultMergeMemory = 512 << 20

// NewCmdMerge returns the merge command.
func NewCmdMerge() *cobra.Command {
	opts := &MergeOptions{}
	var checkVariant func() error
	cmd := &cobra.Command{
		Use:   "merge FILE... -o OUT",
		Short: "Join corpora of any size, keeping one puzzle of each canonical form",
		Long: `Read corpora (JSONL records or plain puzzle lines) and write one JSONL
corpus with every puzzle once: of the puzzles that share a canonical form
(see sudogen canon) the first in the output's order is kept. The output is
in (seed, index) order: the shards of a run (batch --shard) merge into
exactly the file the unsharded run writes, byte for byte; records without
seed and index (plain puzzle lines) come after every run's records, in
input order, so a run's record is kept over a plain line of the same form.
All inputs must hold one kind and size of puzzle.

Every record is read and checked as any reader does: a field of the wrong
type, a puzzle without exactly one solution, a size, box, givens or
solution that disagrees with the puzzle, or grading fields that disagree
with each other or the kind's ladder and scale (docs/records.md, "What
readers accept") stop the merge, naming file and line. A record's
"canonical" field is trusted (sudogen writes it; --exclude trusts it too)
unless --check-canonical; records without one are canonicalized. Its
"minimal" field is trusted unless --check-minimal. A JSON record is
written with every byte it came with; merge only adds its "canonical"
(and "<file>-<line>" as id when it has none) before the closing brace, and
never a size, seed or index; a field with an empty value is written as
the other writers write it (an empty "tier" or other optional field
taken out, "kind":"" and "size":0 as the kind and size readers take), and
a grade line's "status" and "filled" are taken out. A plain line becomes a record with kind, size, box, puzzle, givens,
canonical and id.

Merge works at any size in bounded memory: an external sort keeps at most
--memory in memory and puts the rest in temporary files in --tmpdir (about
the inputs' size again), which are removed as it goes, even if it is killed.
The output is written under a temporary name and renamed when complete; a
bad input line stops the merge (naming file and line) and leaves no output.
Stderr gets the counts per input.`,
		Example: `  # join the shards of a run: the same file as the unsharded run
  sudogen merge shard-*.jsonl -o all.jsonl

  # join two runs, dropping isomorphs
  sudogen merge run1.jsonl run2.jsonl -o all.jsonl

  # a corpus far larger than memory, temporary files on a big disk
  sudogen merge big/*.jsonl --memory 1GiB --tmpdir /scratch -o all.jsonl

  # turn a plain puzzle list into a deduplicated JSONL corpus
  sudogen merge puzzles.txt -o corpus.jsonl`,
		Args: expectArgs(1, -1, "one or more corpus files (- for stdin)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if err := checkVariant(); err != nil {
				return err
			}
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			opts.ErrTerminal = barFits(opts.ErrOut, opts.Out, opts.Output == "-")
			return mergeRun(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Output, "output", "o", "", "output JSONL file, or - for stdout (required)")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "no counts on stderr")
	opts.Memory = defaultMergeMemory
	f.Var(&sizeFlag{&opts.Memory}, "memory", "memory for sorting, e.g. 256MiB or 2GiB (at least 16MiB); the rest goes to temporary files")
	f.StringVar(&opts.TempDir, "tmpdir", "", "folder for the temporary files (default $TMPDIR or /tmp); needs about the inputs' size free")
	f.VarP(newIntFlag(&opts.Workers, int64(runtime.NumCPU()), 1), "workers", "w", "goroutines parsing and canonicalizing")
	f.Var(newChoiceFlag(&opts.Progress, "auto", "auto", "always", "never"), "progress", "progress bar on stderr: auto (only on a terminal), always, never")
	f.BoolVar(&opts.CheckCanonical, "check-canonical", false, "recompute every puzzle's canonical form instead of trusting the records' \"canonical\" field (slower)")
	f.BoolVar(&opts.CheckMinimal, "check-minimal", false, "test every record's \"minimal\" field against its puzzle (one search a given: about 6 times the CPU of a 9x9 merge) instead of trusting it")
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	return cmd
}

// sizeFlag is a byte size: a whole number of bytes, or with a unit (K, M,
// G, T or KiB, MiB, GiB, TiB: powers of 1024; KB, MB, GB, TB: of 1000).
type sizeFlag struct{ v *int64 }

func (f *sizeFlag) String() string { return formatBytes(*f.v) }
func (f *sizeFlag) Type() string   { return "size" }
func (f *sizeFlag) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	if n < 16<<20 {
		return fmt.Errorf("%s is too little: at least 16MiB", s)
	}
	*f.v = n
	return nil
}

func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') {
		i--
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	mult := map[string]float64{"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tib": 1 << 40,
		"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12}[unit]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || v < 0 || math.IsInf(v*mult, 0) || v*mult > math.MaxInt64/2 {
		return 0, fmt.Errorf("expected a size such as 512MiB, 2GiB or 800MB")
	}
	return int64(v * mult), nil
}

// formatBytes prints a size in binary units with at most one decimal
// ("512MiB", "1.5GiB", "126.6KiB").
func formatBytes(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size {
			s := strconv.FormatFloat(float64(n)/float64(u.size), 'f', 1, 64)
			return strings.TrimSuffix(s, ".0") + u.name
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

func mergeRun(ctx context.Context, opts *MergeOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Output == "" {
		return UsageErrorf("merge needs -o OUT (a JSONL file, or - for stdout)")
	}
	if err := checkJSONLOutput(opts.Output, true); err != nil {
		return err
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
	if err := checkShardRuns(opts.Files); err != nil {
		return err
	}
	limit, known := openFilesLimit()
	if err := checkOpenFiles(len(opts.Files), limit, known); err != nil {
		return err
	}
	if opts.TempDir != "" {
		st, err := os.Stat(opts.TempDir)
		switch {
		case err != nil:
			return UsageErrorf("--tmpdir %s: %s; expected a folder for the temporary files", opts.TempDir, outfile.Reason(err))
		case !st.IsDir():
			return UsageErrorf("--tmpdir %s: not a folder; expected a folder for the temporary files", opts.TempDir)
		}
	}
	// As batch: a second merge or export to the same -o is refused,
	// naming the first, instead of both ending "written" and the last
	// rename silently winning.
	if opts.Output != "-" {
		hold, err := outfile.HoldOutput(opts.Output, "sudogen merge -o "+opts.Output)
		if err != nil {
			return err
		}
		defer hold.Release()
	}
	start := time.Now()
	var inputs []batch.MergeInput
	for _, name := range opts.Files {
		r, done, err := openInput(name, opts.In)
		if err != nil {
			return err
		}
		defer done()
		size := int64(-1)
		if f, ok := r.(*os.File); ok {
			if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
				size = st.Size()
			}
		}
		inputs = append(inputs, batch.MergeInput{Name: name, R: r, Size: size})
	}

	var out io.Writer
	var commit, abort func() error
	where := "stdout"
	if opts.Output == "-" {
		out, commit, abort = opts.Out, func() error { return nil }, func() error { return nil }
	} else {
		f, err := outfile.Create(opts.Output)
		if err != nil {
			return err
		}
		out, commit, abort, where = f, f.Commit, f.Abort, opts.Output
	}
	bw := bufio.NewWriterSize(out, 256<<10)

	// The garbage collector keeps the heap near --memory; the sorters'
	// chunks take half of it, leaving room for the parsing pipeline, the
	// read buffers and the collector's own headroom.
	old := debug.SetMemoryLimit(opts.Memory)
	defer debug.SetMemoryLimit(old)
	bar := newMergeBar(opts)
	phase := "reading"
	st, err := batch.Merge(ctx, batch.MergeOptions{
		Memory:  opts.Memory / 2,
		TempDir: opts.TempDir,
		Workers: capWorkers(opts.Workers, opts.ErrOut),
		Progress: func(p batch.MergeProgress) {
			phase = p.Phase
			bar.update(p)
		},
		// A record's own canonical field is trusted unless asked.
		CheckCanonical: opts.CheckCanonical,
		CheckMinimal:   opts.CheckMinimal,
		Parse:          opts.Kinds.parser(),
	}, inputs, bw)
	bar.stop()
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		abort()
		if errors.Is(err, batch.ErrInterrupted) {
			var read int64
			for _, c := range st.Inputs {
				read += c.Read
			}
			kept := "nothing written to " + where + " (the merged file appears only when complete: run the command again)"
			if opts.Output == "-" {
				kept = "nothing written to stdout (records are written only after every input is read and deduplicated)"
				if phase == "writing" {
					kept = "stdout holds the records written before, in whole lines, but not all of them"
				}
			}
			fmt.Fprintf(opts.ErrOut, "%s: merge stopped while %s, after %s and %s read; %s\n",
				stopWord(ctx), phase, time.Since(start).Round(time.Millisecond), numfmt.Count(read, "record"), kept)
			return &interruptedError{err.Error()}
		}
		if full := tmpdirFull(err, opts.TempDir, inputs); full != nil {
			return full
		}
		if many := tooManyFiles(err, len(inputs)); many != nil {
			return many
		}
		return err
	}
	if err := commit(); err != nil {
		return err
	}
	if !opts.Quiet {
		var read, dups int64
		for _, c := range st.Inputs {
			fmt.Fprintf(opts.ErrOut, "%s: %s read, %s kept, %s dropped\n", displayName(c.File), numfmt.Int(c.Read), numfmt.Int(c.Kept), numfmt.Count(c.Duplicates, "duplicate"))
			read += c.Read
			dups += c.Duplicates
		}
		fmt.Fprintf(opts.ErrOut, "merged %s from %s: %s kept, %s dropped; written to %s in %s (%s of temporary files)\n",
			numfmt.Count(read, "puzzle"), numfmt.Count(len(st.Inputs), "input"), numfmt.Int(st.Kept), numfmt.Count(dups, "duplicate"), where, time.Since(start).Round(time.Millisecond), formatBytes(st.Spilled))
	}
	return nil
}

// tmpdirFull words err when it is the temporary files' folder that is
// full (ENOSPC writing a file there), not the output's: which folder,
// how much merge needs there (about the inputs' size), and the flag that
// moves it. It returns nil for any other error.
func tmpdirFull(err error, tmpdir string, inputs []batch.MergeInput) error {
	var pe *fs.PathError
	if !errors.Is(err, syscall.ENOSPC) || !errors.As(err, &pe) {
		return nil
	}
	dir := tmpdir
	if dir == "" {
		dir = os.TempDir()
	}
	if filepath.Clean(filepath.Dir(pe.Path)) != filepath.Clean(dir) {
		return nil
	}
	var size int64
	for _, in := range inputs {
		size += max(in.Size, 0)
	}
	need := "about the inputs' size"
	if size > 0 {
		need += " (" + formatBytes(size) + ")"
	}
	return fmt.Errorf("the temporary files' folder %s is full (no space left on device): merge needs %s free there; give --tmpdir a folder with more room; nothing written", dir, need)
}

// mergeBar shows merge's phases as a progress bar on stderr when --progress
// asks for it: bytes while reading, records while deduplicating and
// writing.
type mergeBar struct {
	opts  *MergeOptions
	on    bool
	phase string
	bar   *progressbar.ProgressBar
}

func newMergeBar(opts *MergeOptions) *mergeBar {
	on := opts.Progress == "always" || (opts.Progress == "auto" && opts.ErrTerminal)
	return &mergeBar{opts: opts, on: on}
}

func (b *mergeBar) update(p batch.MergeProgress) {
	if !b.on {
		return
	}
	if p.Phase != b.phase {
		b.stop()
		b.phase = p.Phase
		o := []progressbar.Option{
			progressbar.OptionSetWriter(b.opts.ErrOut),
			progressbar.OptionSetDescription("merge: " + p.Phase),
			progressbar.OptionThrottle(100 * time.Millisecond),
			progressbar.OptionSetWidth(30),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
		}
		if p.Phase == "reading" {
			o = append(o, progressbar.OptionShowBytes(true))
		} else {
			o = append(o, progressbar.OptionSetItsString("records"), progressbar.OptionShowIts())
		}
		b.bar = progressbar.NewOptions64(p.Total, o...)
	}
	b.bar.Set64(p.Done)
}

func (b *mergeBar) stop() {
	if b.bar != nil {
		b.bar.Exit()
		b.bar.Clear()
		b.bar = nil
	}
}
