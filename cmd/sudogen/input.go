package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
	"github.com/sudogen/sudogen/variantkind"
)

// boxFlag parses a --box value: nil when empty (each puzzle's shape comes
// from its record or length), a usage error when malformed.
func boxFlag(v string) (*sudoku.Shape, error) {
	if v == "" {
		return nil, nil
	}
	s, err := sudoku.ParseShape(v)
	if err != nil {
		return nil, UsageErrorf("--box: %v", err)
	}
	return &s, nil
}

// inputNames returns the input files named on the command line, or "-"
// (standard input) when there are none.
func inputNames(files []string) []string {
	if len(files) == 0 {
		return []string{"-"}
	}
	return files
}

// openInput opens a named input, "-" being in. The returned func closes it.
func openInput(name string, in io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return in, func() {}, nil
	}
	f, err := openFile(name, "a file of puzzles (JSONL records or puzzle lines)")
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// openFile opens the input file name, which should hold what: a name that
// cannot be opened, or a folder, is "cannot read NAME: why" (with what is
// expected for a folder).
func openFile(name, what string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %s", name, outfile.Reason(err))
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("cannot read %s: it is a folder; expected %s", name, what)
	}
	return f, nil
}

// variantKey reads line b (trimmed, not blank, a comment or JSON) when it
// is written as a variant record's canonical key (docs/records.md,
// "Canonical key and dedupe"): the variant list, ':', for jigsaw the
// regions string and ':', then the puzzle ("x:....1..",
// "jigsaw:111...:..1."); a Samurai key's 369 cells (its four outer grids
// whole, then the centre grid's cells outside its corner boxes, row by
// row) are put back in the 21x21 frame. The key is an image of its
// puzzle under the variant's group, so it is a puzzle of the variant with
// as many solutions, and its own key. ok is false when b is not in that
// form (its first ':' not after a list of variant names), so that the
// readers read it as before; with ok, err says what is wrong with it.
func variantKey(b []byte) (rec export.Record, ok bool, err error) {
	if j := bytes.IndexAny(b, " \t"); j >= 0 {
		b = b[:j]
	}
	i := bytes.IndexByte(b, ':')
	if i <= 0 {
		return rec, false, nil
	}
	// Anything after the key, as after a puzzle line's puzzle: from a
	// ',', ';', '|' or '#' past the names ('#' is a Samurai frame's
	// unused cell, so not for samurai).
	end := ",;|#"
	if bytes.Equal(b[:i], []byte(variant.SamuraiName)) {
		end = ",;|"
	}
	if j := bytes.IndexAny(b[i:], end); j >= 0 {
		b = b[:i+j]
	}
	for _, ch := range b[:i] {
		if (ch < 'a' || ch > 'z') && ch != '-' && ch != ',' {
			return rec, false, nil
		}
	}
	vs, verr := variant.ParseVariants(string(b[:i]))
	if verr != nil {
		return rec, false, nil
	}
	f := &variantkind.Fields{Variants: vs}
	rest := string(b[i+1:])
	parts := strings.Split(rest, ":")
	want := "NAMES:PUZZLE"
	if slices.Contains(vs, variant.Jigsaw) {
		want = "NAMES:REGIONS:PUZZLE"
		if len(parts) == 2 {
			f.Regions, rest = parts[0], parts[1]
			parts = parts[1:]
		}
	}
	if len(parts) != 1 {
		return rec, true, fmt.Errorf("canonical key of %s: expected %s (as the records' canonical field holds it), found %d ':'", strings.Join(vs, ","), want, strings.Count(string(b), ":"))
	}
	if variantkind.IsSamurai(vs) {
		if frame, ok := variant.SamuraiKeyFrame(rest); ok {
			rest = frame
		}
	}
	rec = export.Record{Kind: variantkind.Name, Puzzle: rest, Unseeded: true, Fields: f}
	return rec, true, nil
}

// isVariantKey reports whether line b (untrimmed) is a variant's
// canonical key (variantKey), good or bad. Puzzle lines and records do
// not start with a lower-case letter, so they cost one test.
func isVariantKey(b []byte) bool {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i == len(b) || b[i] < 'a' || b[i] > 'z' {
		return false
	}
	_, ok, _ := variantKey(bytes.TrimSpace(b))
	return ok
}

// keyParser is the line parser of a corpus reader (merge's, stats',
// export's) that reads a variant's canonical key (variantKey) as that
// variant's puzzle and every other line with next (nil:
// export.ParseLine). Under --variant it is next: kl.parser() then reads
// keys already.
func (kl *kindLines) keyParser(next func(file string, n int, b []byte) (export.Item, bool, error)) func(file string, n int, b []byte) (export.Item, bool, error) {
	if kl.Variants != nil {
		return next
	}
	if next == nil {
		next = export.ParseLine
	}
	return func(file string, n int, b []byte) (export.Item, bool, error) {
		if !isVariantKey(b) || killer.TextLine(b) {
			return next(file, n, b)
		}
		kp, _, err := kl.line(file, n, b)
		if err != nil {
			return export.Item{Line: n}, true, err
		}
		return export.Item{Line: n, Record: kp.Record}, true, nil
	}
}
