package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
	"github.com/sudogen/sudogen/variantkind"
)

// BatchDedupeOptions are the dedupe flags of `sudogen batch`: every run
// drops puzzles whose canonical form it already produced, and --exclude
// adds the canonical forms of existing corpora.
type BatchDedupeOptions struct {
	Exclude []string
	// others are the paths of Exclude that another flag added (--from,
	// through kind.BatchInput.ExcludeFile), not --exclude: their problems
	// are that flag's to say.
	others map[string]bool

	set      *batch.CanonSet
	excluded int
	// flags are batch's flags (addFlags): a variant run's list is its
	// --variant (excludeLines).
	flags *pflag.FlagSet
}

func (o *BatchDedupeOptions) addFlags(f *pflag.FlagSet) {
	o.flags = f
	f.Var(&fileListFlag{&o.Exclude}, "exclude", "never repeat a puzzle of this corpus (JSONL, plain puzzle lines, or the keys canon writes; repeat the flag for more files)")
}

// fileListFlag is a repeatable flag naming files.
type fileListFlag struct{ v *[]string }

func (f *fileListFlag) String() string {
	if f.v == nil {
		return ""
	}
	return strings.Join(*f.v, ",")
}
func (f *fileListFlag) Type() string { return "FILE" }
func (f *fileListFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("expected a file name")
	}
	*f.v = append(*f.v, s)
	return nil
}

// plan loads the excluded corpora's puzzles of kind (their canonical
// keys) and turns dedupe on in the run options. Messages about the load go
// to errOut unless quiet.
func (o *BatchDedupeOptions) plan(run *batch.Spec, errOut io.Writer, quiet bool, kind string) error {
	set := o.excludedSet() // the run's dedupe set even without --exclude
	for _, path := range o.Exclude {
		added, err := batch.LoadExcludedLines(set, []string{path}, kind, run.Workers, o.excludeLines(kind, o.others[path]), func(path string, st batch.ExcludeStats, took time.Duration) {
			if !quiet {
				fmt.Fprintf(errOut, "excluding %s of %s (%s) in %s%s\n",
					numfmt.Count(st.Puzzles, "puzzle"), path, numfmt.Count(st.Added, "new canonical form"), took.Round(time.Millisecond), excludeSkipped(st.Skipped, kind))
			}
		})
		o.excluded += added
		if err != nil && !o.others[path] {
			// A file --exclude names that cannot be used, for what it
			// holds (a bad line, a binary file) as for being missing
			// (checkInputFlags): a usage error naming the flag, as
			// --tiers says of its file.
			return UsageErrorf("--exclude: %v", err)
		}
		if err != nil {
			return err
		}
	}
	run.Dedupe = o.set
	if len(o.Exclude) > 0 {
		// The Makers read the excluded set during the run: the run's
		// own forms go to another.
		run.Dedupe = batch.NewExcludingDedupe(o.set)
	}
	return nil
}

// excludeParser reads the lines of an excluded corpus as merge, stats
// and export read theirs without --variant (kindLines.keyParser): a
// record, a plain puzzle line, a killer or slide line, and a variant's
// canonical key (what `sudogen canon` writes for a variant puzzle), so a
// file those commands read is excluded whole, not refused for its keys.
// A key is read by excludeLine, which keys it at once.
func excludeParser(file string, n int, b []byte) (export.Item, bool, error) {
	if !isVariantKey(b) || killer.TextLine(b) {
		return export.ParseLine(file, n, b)
	}
	return excludeLine(&kindLines{}, file, n, b)
}

// excludeLine reads plain line n of file through kl (kindLines.line) as
// the kind's puzzle, its canonical key filled in by the kind
// (kind.Puzzle.Canonical, what canon prints), so that the load trusts it
// as a record's canonical field: the load keys a record without one after
// export.CheckRecord, which solves the puzzle (0.5 ms a 9x9 X-Sudoku
// against 0.03 for the key alone), and an excluded puzzle needs its key
// only.
func excludeLine(kl *kindLines, file string, n int, b []byte) (export.Item, bool, error) {
	kp, ok, err := kl.line(file, n, b)
	if !ok || err != nil {
		return export.Item{Line: n}, ok, err
	}
	rec := kp.Record
	rec.Canonical = kp.Puzzle.Canonical()
	return export.Item{Line: n, Record: rec}, true, nil
}

// excludeLines is the line parser of an excluded corpus of a run of
// runKind: excludeParser, and in a jigsaw or Samurai variant run also the
// run's own txt lines, which are no classic Sudoku line and so cannot
// be skipped as one: a jigsaw's PUZZLE REGIONS (export.JigsawLineError),
// a Samurai board's 441 cells with '#' on the unused ones. They are read
// as the run's variant, as the per-line commands read them under
// --variant, so `batch --variant jigsaw --format txt` output can be
// excluded by the next jigsaw run; before, it was refused with "read it
// with --variant jigsaw", which the run had. A bare line stays classic
// Sudoku (skipped by a variant run: docs/cli.md), except in the file of
// a variant run's --from (from), whose bare lines are the run's variant:
// the seeds the search reads (variantkind), which the load said it
// skipped as classic Sudoku.
func (o *BatchDedupeOptions) excludeLines(runKind string, from bool) batch.LineParser {
	if runKind != variantkind.Name {
		return excludeParser
	}
	vs, err := variant.ParseVariants(strings.Join(kind.FlagList(o.flags, "variant"), ","))
	jigsaw, samurai := slices.Contains(vs, variant.Jigsaw), variantkind.IsSamurai(vs)
	if err != nil || !jigsaw && !samurai && !from {
		return excludeParser
	}
	own := &kindLines{Variants: vs}
	return func(file string, n int, b []byte) (export.Item, bool, error) {
		t := bytes.TrimSpace(b)
		if len(t) == 0 || t[0] == '{' || t[0] == '#' || isVariantKey(t) ||
			!from && !(jigsaw && export.JigsawLineError(file, n, t) != nil || samurai && export.SamuraiLine(t)) {
			return excludeParser(file, n, b)
		}
		return excludeLine(own, file, n, t)
	}
}

// excludeSkipped says, for the load message of an excluded corpus, how
// many of its lines a run of kind skipped as records of another kind: a
// --variant or --kind killer run excludes its own kind's records only, so
// a file of plain puzzle lines (classic Sudoku) excluded nothing, and the
// message said only "excluding 0 puzzles".
func excludeSkipped(skipped int, kind string) string {
	if skipped == 0 {
		return ""
	}
	s := fmt.Sprintf("; skipped %s of another kind than %s", numfmt.Count(skipped, "line"), kind)
	if kind != export.KindSudoku {
		s += ": plain puzzle lines are classic Sudoku"
	}
	return s
}

// addOther adds path, which another flag than --exclude names (--from),
// to the corpora excluded.
func (o *BatchDedupeOptions) addOther(path string) {
	if o.others == nil {
		o.others = map[string]bool{}
	}
	if !slices.Contains(o.Exclude, path) {
		o.others[path] = true
	}
	o.Exclude = append(o.Exclude, path)
}

// excludedSet is the set the excluded corpora's forms are loaded into
// (by plan), made on first use.
func (o *BatchDedupeOptions) excludedSet() *batch.CanonSet {
	if o.set == nil {
		o.set = batch.NewCanonSet(0)
	}
	return o.set
}

// summary says how many duplicates the run dropped.
func (o *BatchDedupeOptions) summary(w io.Writer, st *batch.Stats) {
	if st.Duplicates == 0 && o.excluded == 0 {
		return
	}
	fmt.Fprintf(w, "dropped %s (same canonical form as an earlier one", numfmt.Count(st.Duplicates, "duplicate puzzle"))
	if o.excluded > 0 {
		fmt.Fprintf(w, " or one of the %s excluded", numfmt.Int(o.excluded))
	}
	fmt.Fprintln(w, ")")
}
