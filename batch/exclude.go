package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/internal/pool"
	"github.com/sudogen/sudogen/sudoku"
)

// ExcludeStats count what LoadCanonical read (after a bad line: the
// canonical forms added before it only).
type ExcludeStats struct {
	Puzzles int // puzzles of the kind read (Sudoku for LoadCanonical)
	Added   int // of them, canonical forms not already in the set
	Skipped int // records of another kind (sliding puzzles)
}

// canonicalOf returns the canonical form of a record's puzzle, computing it
// with canon (one Canonicalizer per shape, created as needed) unless the
// record already carries it and trust is set. The puzzle is checked as
// export.Item.Grid does (length, symbols, no repeated value in a unit).
func canonicalOf(rec *export.Record, canon map[sudoku.Shape]*sudoku.Canonicalizer, trust bool) (string, error) {
	if trust && rec.Canonical != "" {
		return rec.Canonical, nil
	}
	g, err := export.Item{Record: *rec}.Grid(nil)
	if err != nil {
		return "", err
	}
	c := canon[g.Geo.Shape]
	if c == nil {
		c = sudoku.NewCanonicalizer(g.Geo.Shape)
		canon[g.Geo.Shape] = c
	}
	return c.String(g), nil
}

type excludeChunk struct {
	items []export.Item
	// checkOnly marks the items of another kind that are only checked
	// (checkSkipped), not keyed.
	checkOnly []bool
	keys      []key128
	err       error
}

// checkSkipped reports whether an item of a kind the load skips is still
// checked: a classic Sudoku puzzle (a plain line or a sudoku record) is
// read as a classic run's load reads it, so a malformed line is refused,
// naming file and line, whichever kind the run makes, and not skipped
// silently.
func checkSkipped(it *export.Item) bool { return it.Record.Kind == export.DefaultKind }

// LoadCanonical reads Sudoku puzzles from r (JSONL records or plain puzzle
// lines; name labels messages) and adds their canonical forms to set. A
// record's own "canonical" field is trusted (sudogen writes it); other
// puzzles are canonicalized on workers goroutines (0: every CPU). Sliding
// puzzle records are skipped. A bad line stops the load with an error
// naming the file and line.
func LoadCanonical(set *CanonSet, r io.Reader, name string, workers int) (ExcludeStats, error) {
	return loadCanonical(set, r, name, workers, nil)
}

// loadCanonical is LoadCanonical with each line read by parse (nil:
// export.ParseLine).
func loadCanonical(set *CanonSet, r io.Reader, name string, workers int, parse LineParser) (ExcludeStats, error) {
	return loadKeys(set, r, name, workers, parse, export.HoldsGrid, func() func(*export.Record) (string, error) {
		canon := map[sudoku.Shape]*sudoku.Canonicalizer{}
		return func(rec *export.Record) (string, error) { return canonicalOf(rec, canon, true) }
	})
}

// LoadKindCanonical is LoadCanonical for the records of one registered
// kind other than sudoku (a killer's, say): a record's own "canonical"
// field is trusted, other records of the kind are keyed by
// export.CanonicalKey (the kind's Canonical), after export.CheckRecord;
// records of other kinds and plain puzzle lines are skipped (Skipped),
// a classic Sudoku puzzle after the check a classic run's load makes (a
// malformed line is refused, naming file and line). A kind not
// registered is an error (its records would all be skipped), naming the
// import it needs.
func LoadKindCanonical(set *CanonSet, r io.Reader, name, kind string, workers int) (ExcludeStats, error) {
	return loadKindCanonical(set, r, name, kind, workers, nil)
}

// loadKindCanonical is LoadKindCanonical with each line read by parse
// (nil: export.ParseLine).
func loadKindCanonical(set *CanonSet, r io.Reader, name, kind string, workers int, parse LineParser) (ExcludeStats, error) {
	if _, ok := export.KindOf(kind); !ok {
		msg := fmt.Sprintf("%s: excluded puzzles of kind %q: not a registered kind (expected one of %s)", name, kind, strings.Join(export.Kinds(), ", "))
		if p := export.KindPackage(kind); p != "" {
			msg += fmt.Sprintf("; import _ %q", p)
		}
		return ExcludeStats{}, errors.New(msg)
	}
	return loadKeys(set, r, name, workers, parse, func(k string) bool { return k == kind }, func() func(*export.Record) (string, error) {
		return func(rec *export.Record) (string, error) {
			if rec.Canonical != "" {
				return rec.Canonical, nil
			}
			if err := export.CheckRecord(rec); err != nil {
				return "", err
			}
			return export.CanonicalKey(rec)
		}
	})
}

// loadKeys reads the records of r whose kind keep accepts and adds their
// keys to set, read with parse (nil: export.ParseLine), on the ordered pool (internal/pool) with workers goroutines,
// each keying with its own function from newKey; the other records are
// counted as Skipped. The first bad line (in file order) stops the load.
func loadKeys(set *CanonSet, r io.Reader, name string, workers int, parse LineParser, keep func(kind string) bool, newKey func() func(*export.Record) (string, error)) (ExcludeStats, error) {
	var st ExcludeStats
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	const chunkSize = 2048
	// Set by the producer; read only once Run has returned nil, which
	// it does after the producer returned.
	var readErr error
	var puzzles, skipped int
	err := pool.Run(context.Background(), pool.Options{Workers: workers},
		func() *excludeChunk { return &excludeChunk{} },
		func(get func() (*excludeChunk, bool), send func(*excludeChunk)) {
			rd := export.NewReader(r, name)
			if parse != nil {
				rd.SetParser(parse)
			}
			var ch *excludeChunk
			for {
				it, err := rd.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					readErr = err
					break
				}
				only := !keep(it.Record.Kind)
				if only {
					skipped++
					if !checkSkipped(&it) {
						continue
					}
				} else {
					puzzles++
				}
				if ch == nil {
					var ok bool
					if ch, ok = get(); !ok {
						return
					}
					ch.items, ch.checkOnly, ch.err = ch.items[:0], ch.checkOnly[:0], nil
				}
				ch.items = append(ch.items, it)
				ch.checkOnly = append(ch.checkOnly, only)
				if len(ch.items) == chunkSize {
					send(ch)
					ch = nil
				}
			}
			if ch != nil {
				send(ch)
			}
		},
		func() func(*excludeChunk) {
			key := newKey()
			return func(ch *excludeChunk) {
				ch.keys = ch.keys[:0]
				for i := range ch.items {
					it := &ch.items[i]
					if ch.checkOnly[i] {
						if _, err := it.Grid(nil); err != nil {
							ch.err = &export.LineError{File: name, Line: it.Line, Msg: err.Error()}
							return
						}
						continue
					}
					s, err := key(&it.Record)
					if err != nil {
						ch.err = &export.LineError{File: name, Line: it.Line, Msg: err.Error()}
						return
					}
					ch.keys = append(ch.keys, keyOf(s))
				}
			}
		},
		func(ch *excludeChunk) error {
			if ch.err != nil {
				return ch.err
			}
			for _, k := range ch.keys {
				if set.addKey(k) {
					st.Added++
				}
			}
			return nil
		})
	if err != nil {
		return st, err // a bad line: the counts stop short of it
	}
	st.Puzzles, st.Skipped = puzzles, skipped
	return st, readErr
}

// LoadExcluded adds to set the canonical keys of the puzzles of kind
// (export.KindSudoku: LoadCanonical; another registered kind:
// LoadKindCanonical) in each corpus file of paths, with workers
// goroutines, calling report (when set) after each file with what it read
// and how long that took. It returns the number of new keys. A file that
// cannot be read is named ("cannot read FILE: reason"); a bad line is a
// *export.LineError naming file and line.
func LoadExcluded(set *CanonSet, paths []string, kind string, workers int, report func(path string, st ExcludeStats, took time.Duration)) (int, error) {
	return LoadExcludedLines(set, paths, kind, workers, nil, report)
}

// LineParser reads line n (from 1) of file, as export.Reader.SetParser
// takes it: ok false for a blank or comment line, a bad line's
// *export.LineError.
type LineParser = func(file string, n int, b []byte) (it export.Item, ok bool, err error)

// LoadExcludedLines is LoadExcluded with each line read by parse instead
// of export.ParseLine (nil: ParseLine): a command reads the line forms it
// reads elsewhere (a variant's canonical key, say), so that a file its
// other commands read is excluded the same.
func LoadExcludedLines(set *CanonSet, paths []string, kind string, workers int, parse LineParser, report func(path string, st ExcludeStats, took time.Duration)) (int, error) {
	added := 0
	for _, path := range paths {
		start := time.Now()
		f, err := os.Open(path)
		if err != nil {
			return added, fmt.Errorf("cannot read %s: %s", path, outfile.Reason(err))
		}
		var st ExcludeStats
		if kind == export.KindSudoku {
			st, err = loadCanonical(set, f, path, workers, parse)
		} else {
			st, err = loadKindCanonical(set, f, path, kind, workers, parse)
		}
		f.Close()
		if err != nil {
			// A line error or an input error names the file already.
			var le *export.LineError
			var ie *export.InputError
			if errors.As(err, &le) || errors.As(err, &ie) {
				return added, err
			}
			return added, fmt.Errorf("cannot read %s: %s", path, outfile.Reason(err))
		}
		added += st.Added
		if report != nil {
			report(path, st, time.Since(start))
		}
	}
	return added, nil
}
