package batch

import (
	"errors"
	"io"
	"runtime"
	"sync"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// ExcludeStats count what LoadCanonical read.
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
	keys  []key128
	err   error
}

// LoadCanonical reads Sudoku puzzles from r (JSONL records or plain puzzle
// lines; name labels messages) and adds their canonical forms to set. A
// record's own "canonical" field is trusted (sudogen writes it); other
// puzzles are canonicalized on workers goroutines (0: every CPU). Sliding
// puzzle records are skipped. A bad line stops the load with an error
// naming the file and line.
func LoadCanonical(set *CanonSet, r io.Reader, name string, workers int) (ExcludeStats, error) {
	return loadKeys(set, r, name, workers, export.HoldsGrid, func() func(*export.Record) (string, error) {
		canon := map[sudoku.Shape]*sudoku.Canonicalizer{}
		return func(rec *export.Record) (string, error) { return canonicalOf(rec, canon, true) }
	})
}

// LoadKindCanonical is LoadCanonical for the records of one registered
// kind other than sudoku (a killer's, say): a record's own "canonical"
// field is trusted, other records of the kind are keyed by
// export.CanonicalKey (the kind's Canonical), after export.CheckRecord;
// records of other kinds and plain puzzle lines are skipped (Skipped).
func LoadKindCanonical(set *CanonSet, r io.Reader, name, kind string, workers int) (ExcludeStats, error) {
	return loadKeys(set, r, name, workers, func(k string) bool { return k == kind }, func() func(*export.Record) (string, error) {
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
// keys to set, on workers goroutines, each keying with its own function
// from newKey; the other records are counted as Skipped.
func loadKeys(set *CanonSet, r io.Reader, name string, workers int, keep func(kind string) bool, newKey func() func(*export.Record) (string, error)) (ExcludeStats, error) {
	var st ExcludeStats
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	jobs := make(chan *excludeChunk, workers)
	done := make(chan *excludeChunk, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := newKey()
			for ch := range jobs {
				ch.keys = ch.keys[:0]
				for i := range ch.items {
					it := &ch.items[i]
					s, err := key(&it.Record)
					if err != nil {
						ch.err = &export.LineError{File: name, Line: it.Line, Msg: err.Error()}
						break
					}
					ch.keys = append(ch.keys, keyOf(s))
				}
				done <- ch
			}
		}()
	}
	var firstErr error
	firstLine := 0
	keepErr := func(err error) {
		var le *export.LineError
		line := int(^uint(0) >> 1)
		if errors.As(err, &le) {
			line = le.Line
		}
		if firstErr == nil || line < firstLine {
			firstErr, firstLine = err, line
		}
	}
	// Collect in the background; chunks come back in any order, which a
	// set does not mind.
	var cwg sync.WaitGroup
	cwg.Add(1)
	go func() {
		defer cwg.Done()
		for ch := range done {
			if ch.err != nil {
				keepErr(ch.err)
			}
			for _, k := range ch.keys {
				if set.addKey(k) {
					st.Added++
				}
			}
		}
	}()
	rd := export.NewReader(r, name)
	const chunkSize = 2048
	ch := &excludeChunk{}
	var readErr error
	for {
		it, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			readErr = err
			break
		}
		if !keep(it.Record.Kind) {
			st.Skipped++
			continue
		}
		st.Puzzles++
		ch.items = append(ch.items, it)
		if len(ch.items) == chunkSize {
			jobs <- ch
			ch = &excludeChunk{}
		}
	}
	if len(ch.items) > 0 {
		jobs <- ch
	}
	close(jobs)
	wg.Wait()
	close(done)
	cwg.Wait()
	if readErr != nil {
		keepErr(readErr)
	}
	return st, firstErr
}
