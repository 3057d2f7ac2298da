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
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, fmt.Errorf("cannot read %s: %v", name, err)
	}
	return f, func() { f.Close() }, nil
}
