package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// LineError is a problem with one input line.
type LineError struct {
	File string // "-" or "" for standard input
	Line int    // 1-based
	Msg  string
}

func (e *LineError) Error() string {
	name := e.File
	if name == "" || name == "-" {
		name = "stdin"
	}
	return fmt.Sprintf("%s:%d: %s", name, e.Line, e.Msg)
}

// Item is one puzzle read from an input: either a JSONL record or a plain
// puzzle line.
type Item struct {
	Line int
	// Record is the decoded record of a JSONL line; for a plain line it
	// holds just Kind "sudoku" and Puzzle.
	Record Record
	// JSON is true when the line was a JSON object.
	JSON bool
}

// Reader reads puzzles from JSONL or plain text: one puzzle per line, '.'
// or '0' for an empty cell, blank lines and lines starting with '#'
// skipped, and anything after the puzzle (a space, tab, ',', ';' or '#',
// then a rating or comment) ignored. Lines starting with '{' are JSON
// records. Reader keeps going after a bad line: Next returns a *LineError
// for it and the next call reads on.
type Reader struct {
	sc   *bufio.Scanner
	file string
	line int
}

// NewReader reads from r; file names the input in messages.
func NewReader(r io.Reader, file string) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	return &Reader{sc: sc, file: file}
}

// Line is the number of the last line read.
func (r *Reader) Line() int { return r.line }

// Next returns the next puzzle, a *LineError for a bad line, or io.EOF.
func (r *Reader) Next() (Item, error) {
	for r.sc.Scan() {
		r.line++
		b := bytes.TrimSpace(r.sc.Bytes())
		if r.line == 1 {
			b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // UTF-8 BOM
		}
		if len(b) == 0 || b[0] == '#' {
			continue
		}
		it := Item{Line: r.line}
		if b[0] == '{' {
			it.JSON = true
			// Unknown fields are fine (records from newer versions).
			if err := json.Unmarshal(b, &it.Record); err != nil {
				return it, r.errorf("bad JSON: %s", jsonReason(err))
			}
			if it.Record.Kind == "" {
				it.Record.Kind = "sudoku"
			}
			if it.Record.Kind == "sudoku" && it.Record.Puzzle == "" {
				return it, r.errorf(`JSON record has no "puzzle"`)
			}
			return it, nil
		}
		end := bytes.IndexAny(b, " \t,;#|")
		if end < 0 {
			end = len(b)
		}
		it.Record = Record{Kind: "sudoku", Puzzle: string(b[:end])}
		return it, nil
	}
	if err := r.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return Item{}, r.errorf("line longer than 16 MiB")
		}
		return Item{}, fmt.Errorf("reading %s: %w", r.name(), err)
	}
	return Item{}, io.EOF
}

func (r *Reader) name() string {
	if r.file == "" || r.file == "-" {
		return "stdin"
	}
	return r.file
}

func (r *Reader) errorf(format string, args ...any) *LineError {
	return &LineError{File: r.file, Line: r.line, Msg: fmt.Sprintf(format, args...)}
}

func jsonReason(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v at column %d", se, se.Offset)
	}
	return err.Error()
}

// Grid parses the item's Sudoku puzzle. The shape comes from box when it
// is not nil, else from the record's box, else from the puzzle's length.
// It checks the length, every symbol and that no value repeats in a unit,
// and names the problem ("puzzle has 80 characters, expected 81", "bad
// symbol 'x' at r1c3", "5 appears twice in row 1 (r1c2 and r1c7)").
func (it Item) Grid(box *sudoku.Shape) (sudoku.Grid, error) {
	rec := &it.Record
	if rec.Kind != "sudoku" {
		return sudoku.Grid{}, fmt.Errorf("record is a %q puzzle, not sudoku", rec.Kind)
	}
	var g sudoku.Grid
	var err error
	switch {
	case box != nil:
		g, err = sudoku.Parse(rec.Puzzle, *box)
	case len(rec.Box) == 2:
		s, serr := sudoku.ParseShape(fmt.Sprintf("%dx%d", rec.Box[0], rec.Box[1]))
		if serr != nil {
			return g, serr
		}
		g, err = sudoku.Parse(rec.Puzzle, s)
	default:
		s, serr := sudoku.ShapeForCells(len(rec.Puzzle))
		if serr != nil {
			return g, lengthError(len(rec.Puzzle))
		}
		g, err = sudoku.Parse(rec.Puzzle, s)
	}
	if err != nil {
		return g, err
	}
	if err := g.Conflict(); err != nil {
		return g, err
	}
	return g, nil
}

// GridError is like Grid but returns a *LineError naming the file and line.
func (it Item) GridError(file string, box *sudoku.Shape) (sudoku.Grid, error) {
	g, err := it.Grid(box)
	if err != nil {
		return g, &LineError{File: file, Line: it.Line, Msg: strings.TrimSpace(err.Error())}
	}
	return g, nil
}

// lengthError says a puzzle's length fits no grid, naming the nearest size
// first since that is most likely the one meant.
func lengthError(n int) error {
	best := sudoku.Shapes[0]
	for _, s := range sudoku.Shapes {
		if abs(s.Cells()-n) < abs(best.Cells()-n) {
			best = s
		}
	}
	var others []string
	for _, s := range sudoku.Shapes {
		if s != best {
			others = append(others, strconv.Itoa(s.Cells()))
		}
	}
	return fmt.Errorf("puzzle has %d characters, expected %d for %dx%d (other sizes: %s)", n, best.Cells(), best.N(), best.N(), strings.Join(others, ", "))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
