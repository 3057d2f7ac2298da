package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/sudoku"
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
