// Package configs embeds the YAML configuration files that ship with
// sudogen (the book presets and the tier tables), so the binary
// works without the source tree. Users can still point a flag at their own
// file; these are the defaults.
package configs

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"os"
)

// FS holds every *.yaml file of this folder, by base name (e.g.
// "presets.yaml").
//
//go:embed *.yaml
var FS embed.FS

// Read returns the embedded file name (e.g. "presets.yaml").
func Read(name string) ([]byte, error) { return FS.ReadFile(name) }

// BeyondRating is the Sudoku Explainer rating the grader gives a puzzle
// its techniques cannot finish (SE's own value for "not solvable by these
// rules"). The grader's constant grade.Beyond is this one; it is here, on
// the floor below both, so that packages which do not import grade
// (export) read the same fact instead of a copy.
const BeyondRating = 20.0

// MaxFileSize bounds a user's configuration file: 1 MiB, a thousand times
// any real tier table, so a wrong path (a corpus, /dev/zero) fails at
// once instead of filling memory.
const MaxFileSize = 1 << 20

// ReadFile reads a user's configuration file, refusing one larger than
// MaxFileSize or holding a NUL byte (not a text file).
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: larger than 1 MiB: not a configuration file", path)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, fmt.Errorf("%s: NUL byte at offset %d: not a text file", path, i)
	}
	return data, nil
}
