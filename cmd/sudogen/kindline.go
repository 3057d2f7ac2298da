package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
	"github.com/sudogen/sudogen/variantkind"
)

// kindPuzzle is a puzzle line of a registered kind other than classic
// Sudoku (a variant, a killer, a sliding board): the per-line commands
// (solve, grade, canon, explain) hand it to its kind's plug.
type kindPuzzle struct {
	Kind   kind.Kind
	Puzzle kind.Puzzle
	Record export.Record
}

// kindLines is what the per-line commands read beyond classic Sudoku:
// records of the other registered kinds and plain killer lines in a text
// form (always), and with --variant every puzzle as that variant (a plain
// line, or a sudoku record's grid).
type kindLines struct {
	// Variants is the --variant list, sorted; nil when not given.
	Variants []string
}

// addPuzzleVariantFlag defines --variant on a command that reads
// puzzles, and returns the check to run before reading: it fills kl.
func addPuzzleVariantFlag(f *pflag.FlagSet, kl *kindLines) func() error {
	var vs []string
	f.StringSliceVar(&vs, "variant", nil, "read plain lines and sudoku records as this Sudoku variant: "+strings.Join(variant.Names, ", ")+
		" (repeat or comma-separate to combine, e.g. x,anti-knight); a jigsaw line gives its regions after the puzzle (PUZZLE REGIONS). Records of kind variant carry their own list")
	return func() error {
		if len(vs) == 0 {
			return nil
		}
		if f.Lookup("box") != nil && f.Changed("box") {
			// A variant's grid comes from the puzzle's length (and a
			// jigsaw's regions): --box was left unread, so an 81-cell
			// line with --box 2x3 was solved as a 9x9.
			return UsageErrorf("--box is for classic Sudoku: with --variant a puzzle's size comes from its length")
		}
		list, err := variantList(vs)
		if err != nil {
			return err
		}
		kl.Variants = list
		return nil
	}
}

// reads reports whether line b is for kl.line rather than classic
// Sudoku's reader: with --variant every line, else a plain line in a
// killer text form (killer.TextLine; records of other kinds are told
// apart by each command's record path).
func (kl *kindLines) reads(b []byte) bool {
	if kl.Variants != nil || killer.TextLine(b) {
		return true
	}
	return isVariantKey(b)
}

// plainFields splits a plain variant line into its fields: the puzzle
// (a Samurai board's '#' are part of it) and, for jigsaw, the regions.
func plainFields(b []byte) []string {
	return strings.FieldsFunc(string(b), func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';' || r == '|'
	})
}

// line reads line n of file as a kind's puzzle: kp is nil for a line
// that is classic Sudoku's (no --variant, a plain line or a sudoku
// record), ok false for a blank or comment line. err is a bad line's
// problem, named by file and line.
func (kl *kindLines) line(file string, n int, b []byte) (kp *kindPuzzle, ok bool, err error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] == '#' {
		return nil, false, nil
	}
	if b[0] != '{' {
		if rec, isKey, err := variantKey(b); isKey && !killer.TextLine(b) {
			// A variant's canonical key: a puzzle of the variants it
			// names, which --variant, when given, must name too.
			if err == nil && kl.Variants != nil {
				if vs := variantkind.FieldsOf(&rec).Variants; !slices.Equal(vs, kl.Variants) {
					err = fmt.Errorf("canonical key of variant %s, --variant says %s", strings.Join(vs, ","), strings.Join(kl.Variants, ","))
				}
			}
			if err == nil {
				if kp, err = kl.plug(rec); err != nil {
					err = fmt.Errorf("canonical key of %s: %w", strings.Join(variantkind.FieldsOf(&rec).Variants, ","), err)
				}
			}
			if err != nil {
				return nil, true, &export.LineError{File: file, Line: n, Msg: err.Error()}
			}
			return kp, true, nil
		}
		if kl.Variants == nil {
			if !killer.TextLine(b) {
				return nil, true, nil
			}
			rec, err := killer.TextRecord(string(b))
			if err == nil {
				kp, err = kl.plug(rec)
			}
			if err != nil {
				return nil, true, &export.LineError{File: file, Line: n, Msg: err.Error()}
			}
			return kp, true, nil
		}
		if err := export.CSVHeaderError(file, n, b); err != nil {
			return nil, true, err
		}
		fs := plainFields(b)
		rec := export.Record{Kind: variantkind.Name, Puzzle: fs[0], Unseeded: true}
		f := &variantkind.Fields{Variants: kl.Variants}
		if slices.Contains(kl.Variants, variant.Jigsaw) {
			if len(fs) < 2 {
				return nil, true, &export.LineError{File: file, Line: n, Msg: "--variant jigsaw: expected PUZZLE REGIONS (the regions string after the puzzle)"}
			}
			f.Regions = fs[1]
		}
		rec.Fields = f
		kp, err := kl.plug(rec)
		if err != nil {
			return nil, true, &export.LineError{File: file, Line: n, Msg: err.Error()}
		}
		return kp, true, nil
	}
	it, _, err := export.ParseLine(file, n, b)
	if err != nil {
		return nil, true, err
	}
	kp, err = kl.record(it.Record)
	if err != nil {
		return nil, true, &export.LineError{File: file, Line: n, Msg: err.Error()}
	}
	return kp, true, nil
}

// parser is what a corpus reader (export.Reader.SetParser, merge's
// workers) reads lines with. Without --variant it is ParseLine, the
// reader's own, that also reads a variant's canonical key (keyParser).
// Under --variant a plain line is the variant's puzzle (kl.line); a
// record of kind variant stays the record it is; a sudoku record becomes
// a new puzzle of the variant (kl.record), which the readers treat as a
// plain line's (merge writes it anew, not the sudoku record's bytes).
func (kl *kindLines) parser() func(file string, n int, b []byte) (export.Item, bool, error) {
	if kl.Variants == nil {
		return kl.keyParser(nil)
	}
	return func(file string, n int, b []byte) (export.Item, bool, error) {
		t := bytes.TrimSpace(b)
		if len(t) == 0 || t[0] != '{' {
			kp, ok, err := kl.line(file, n, b)
			if !ok || err != nil {
				return export.Item{Line: n}, ok, err
			}
			return export.Item{Line: n, Record: kp.Record}, true, nil
		}
		it, _, err := export.ParseLine(file, n, t)
		if err != nil {
			return it, true, err
		}
		if it.Record.Kind == export.KindSudoku {
			it.JSON = false
		}
		kp, err := kl.record(it.Record)
		if err != nil {
			return it, true, &export.LineError{File: file, Line: n, Msg: err.Error()}
		}
		it.Record = kp.Record
		return it, true, nil
	}
}

// record returns the kind puzzle of a decoded record: nil for a classic
// Sudoku record without --variant.
func (kl *kindLines) record(rec export.Record) (*kindPuzzle, error) {
	isSudoku := rec.Kind == "" || rec.Kind == export.KindSudoku
	switch {
	case kl.Variants == nil && isSudoku:
		return nil, nil
	case kl.Variants != nil && isSudoku:
		// A classic record read as the variant: its grid, solution (the
		// classic puzzle's only one, so the variant's if it has one),
		// size, symmetry, id and seed fields; the box only where the
		// variant has boxes. Not its ratings, tier, minimality or
		// canonical key, which are the classic puzzle's, not the
		// variant's.
		rec = export.Record{Kind: variantkind.Name, ID: rec.ID, Size: rec.Size, Box: rec.Box, Puzzle: rec.Puzzle,
			Solution: rec.Solution, Givens: rec.Givens, Symmetry: rec.Symmetry, Seed: rec.Seed, Index: rec.Index, Unseeded: rec.Unseeded}
		rec.Fields = &variantkind.Fields{Variants: kl.Variants}
		if slices.Contains(kl.Variants, variant.Jigsaw) {
			return nil, fmt.Errorf("--variant jigsaw: a sudoku record has no regions; give a variant record or a plain line PUZZLE REGIONS")
		}
		if variantkind.IsSamurai(kl.Variants) {
			rec.Box, rec.Size = nil, 0
		}
	case kl.Variants != nil && rec.Kind == variantkind.Name:
		if f := variantkind.FieldsOf(&rec); f != nil && !slices.Equal(f.Variants, kl.Variants) {
			return nil, fmt.Errorf("record is variant %s, --variant says %s", strings.Join(f.Variants, ","), strings.Join(kl.Variants, ","))
		}
	case kl.Variants != nil:
		return nil, fmt.Errorf("record is a %q puzzle: --variant reads sudoku and variant puzzles only", rec.Kind)
	}
	return kl.plug(rec)
}

// checkKindRecord reads a record of a registered kind other than classic
// Sudoku through its kind, as the per-line commands read it: a variant's
// geometry and grid, a killer's cages, a sliding board's tiles; nothing
// is solved. It is what the record-copying readers (stats, export's line
// formats) check beside a classic grid's parse (export.Item.GridError),
// so a record every other command refuses is not passed on as good. A
// kind not registered passes (its fields are kept as read:
// export.RawFields). rec is a copy: what Parse fills in is not kept.
func checkKindRecord(rec export.Record) error {
	k, err := kind.Lookup(rec.Kind)
	if err != nil {
		return nil
	}
	_, err = k.Parse(&rec)
	return err
}

// plug parses rec through its kind.
func (kl *kindLines) plug(rec export.Record) (*kindPuzzle, error) {
	k, err := kind.Lookup(rec.Kind)
	if err != nil {
		return nil, err
	}
	p, err := k.Parse(&rec)
	if err != nil {
		return nil, err
	}
	return &kindPuzzle{Kind: k, Puzzle: p, Record: rec}, nil
}

// pretty prints cells (a puzzle or solution of kp's kind) for people:
// the kind's Printer, else the string on its own line.
func (kp *kindPuzzle) pretty(cells string) string {
	if pr, ok := kp.Puzzle.(kind.Printer); ok {
		return pr.Pretty(cells)
	}
	return cells + "\n"
}

// variantList checks --variant's names and returns them sorted.
func variantList(vs []string) ([]string, error) {
	list, err := variant.ParseVariants(strings.Join(vs, ","))
	if err != nil {
		return nil, UsageErrorf("--variant: %v", err)
	}
	return list, nil
}
