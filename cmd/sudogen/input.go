package main

import (
	"errors"
	"fmt"
	"io"
	"os"

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
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read %s: %v", name, unwrapPathError(err))
	}
	return f, func() { f.Close() }, nil
}

// unwrapPathError drops the operation and path from an *os.PathError,
// leaving the reason ("no such file or directory").
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
