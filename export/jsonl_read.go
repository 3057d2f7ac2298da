package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudogen/sudogen/internal/lines"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// LineError is a problem with one input line.
type LineError struct {
	File string // "-" or "" for standard input
	Line int    // 1-based
	Msg  string
}

func (e *LineError) Error() string {
	return fmt.Sprintf("%s:%d: %s", displayFile(e.File), e.Line, e.Msg)
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

// InputError is a problem that stops reading an input: a line too long or
// holding a NUL byte (the input is not a text file of lines). Unlike a
// *LineError, reading cannot go on after it.
type InputError struct {
	File string // "-" or "" for standard input
	Line int    // 1-based
	Msg  string
}

func (e *InputError) Error() string {
	return fmt.Sprintf("%s:%d: %s", displayFile(e.File), e.Line, e.Msg)
}

// Reader reads puzzles from JSONL or plain text: one puzzle per line, '.'
// or '0' for an empty cell, blank lines and lines starting with '#'
// skipped, and anything after the puzzle (a space, tab, ',', ';' or '#',
// then a rating or comment) ignored. Lines starting with '{' are JSON
// records; a plain line in a registered kind's own text form (a killer's
// cage map and sums) is a record of that kind. Reader keeps going after a
// bad line: Next returns a *LineError for it and the next call reads on.
// A line longer than 1 MiB or holding a NUL byte ends the input with an
// *InputError, returned by every later call. Memory stays bounded
// whatever the input.
// The zero value is not usable: make one with NewReader.
type Reader struct {
	lr   *lines.Reader
	file string
	err  error // sticky
	// parse reads a line (ParseLine unless SetParser changed it).
	parse func(file string, n int, b []byte) (Item, bool, error)
}

// SetParser makes the reader read each line with parse instead of
// ParseLine (same contract: ok false for a blank or comment line; a bad
// line's *LineError): a command's --variant reads every puzzle line as
// that variant.
func (r *Reader) SetParser(parse func(file string, n int, b []byte) (Item, bool, error)) {
	r.parse = parse
}

// NewReader reads from r; file names the input in messages.
func NewReader(r io.Reader, file string) *Reader {
	return &Reader{lr: lines.NewReader(r, lines.DefaultMax), file: file, parse: ParseLine}
}

// Line is the number of the last line read.
func (r *Reader) Line() int { return r.lr.Line() }

// Next returns the next puzzle, a *LineError for a bad line, an
// *InputError or read error that ends the input, or io.EOF.
func (r *Reader) Next() (Item, error) {
	for {
		b, n, err := r.NextLine()
		if err != nil {
			return Item{}, err
		}
		it, ok, err := r.parse(r.file, n, b)
		if ok || err != nil {
			return it, err
		}
	}
}

// NextLine returns the next raw line (without its line end, valid until
// the next call) and its number, for callers that parse lines themselves
// (see ParseLine and PlainPuzzle); errors are as for Next.
func (r *Reader) NextLine() ([]byte, int, error) {
	if r.err != nil {
		return nil, 0, r.err
	}
	b, err := r.lr.Next()
	if err != nil {
		var le *lines.Error
		switch {
		case err == io.EOF:
			r.err = io.EOF
		case errors.As(err, &le):
			r.err = &InputError{File: r.file, Line: le.Line, Msg: le.Msg}
		default:
			r.err = fmt.Errorf("reading %s: %w", displayFile(r.file), err)
		}
		return nil, 0, r.err
	}
	n := r.lr.Line()
	if n == 1 {
		b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // UTF-8 BOM
	}
	return b, n, nil
}

// ParseLine reads line number n of input file. It returns ok false for a
// blank or comment line; otherwise the puzzle as an Item (a JSON record; a
// plain line in a registered kind's own text form, read by its PlainLine,
// such as a killer's cage map and sums; else a plain line whose Record
// holds Kind "sudoku" and the puzzle text), or a *LineError.
func ParseLine(file string, n int, b []byte) (it Item, ok bool, err error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] == '#' {
		return it, false, nil
	}
	it.Line = n
	if b[0] != '{' {
		for _, k := range kindsTable().plain {
			rec, ok, err := k.PlainLine(b)
			if !ok {
				continue
			}
			it.Record = rec
			if err != nil {
				return it, true, lineErrorf(file, n, "%s", err)
			}
			return it, true, nil
		}
		puzzle := PlainPuzzle(b)
		shape, err := sudoku.ShapeForCells(len(puzzle))
		if err != nil {
			if msg := notPuzzleLine(b); msg != "" {
				return it, true, lineErrorf(file, n, "%s", msg)
			}
		} else if looksLikeRegions(b[len(puzzle):], len(puzzle), shape.N()) {
			return it, true, jigsawLine(file, n)
		}
		it.Record = Record{Kind: DefaultKind, Puzzle: recordPuzzle(puzzle, shape.N())}
		return it, true, nil
	}
	it.JSON = true
	if !utf8.Valid(b) {
		i := lines.InvalidUTF8At(b)
		return it, true, lineErrorf(file, n, "not valid UTF-8 (byte 0x%02x at column %d)", b[i], i+1)
	}
	// Unknown fields are fine (records from newer versions).
	if err := DecodeLine(b, &it.Record); err != nil {
		return it, true, lineErrorf(file, n, "%v", err)
	}
	if it.Record.Kind == "" {
		it.Record.Kind = DefaultKind
	}
	if isGrid(it.Record.Kind) && it.Record.Puzzle == "" {
		return it, true, lineErrorf(file, n, `JSON record has no "puzzle"`)
	}
	return it, true, nil
}

// DecodeLine is DecodeRecord with a reader's words for its error: JSON
// that does not parse is "bad JSON: ..." (with the column of a syntax
// error); a record's own problem (a field of the wrong type or of
// other kinds' records, a format version out of range) is said as it is.
func DecodeLine(b []byte, rec *Record) error {
	err := DecodeRecord(b, rec)
	var kf *KindFieldError
	var de *DecodeError
	if err == nil || errors.As(err, &kf) || errors.As(err, &de) {
		return err
	}
	return fmt.Errorf("bad JSON: %s", jsonReason(err))
}

// recordPuzzle is a plain line's Sudoku puzzle as a record writes it
// (docs/records.md): '.' for an empty cell where the line may have '0',
// and letter symbols in upper case where the line may have them in lower
// case, for the n symbols of the puzzle's size (n is 0 when its length
// is no Sudoku size: then only '0' is rewritten). Other characters are
// kept as written, so that the error naming a bad symbol quotes it.
func recordPuzzle(puzzle []byte, n int) string {
	i := bytes.IndexFunc(puzzle, func(r rune) bool { return r == '0' || r >= 'a' && r <= 'p' })
	if i < 0 {
		return string(puzzle)
	}
	out := []byte(string(puzzle))
	for ; i < len(out); i++ {
		switch c := out[i]; {
		case c == '0':
			out[i] = '.'
		case c >= 'a' && c <= 'p' && sudoku.SymbolValue(c) <= n:
			out[i] = c - 'a' + 'A'
		}
	}
	return string(out)
}

// PlainPuzzle returns the puzzle of a plain (not JSON) line: the trimmed
// line up to the first space, tab, ',', ';', '#' or '|'.
func PlainPuzzle(b []byte) []byte {
	b = bytes.TrimSpace(b)
	for i, c := range b {
		if puzzleEnds[c] {
			return b[:i]
		}
	}
	return b
}

// PlainLineError is the *LineError of plain line n of file, b, whose
// puzzle did not parse (err): err's text, or, when the line is plainly
// no Sudoku puzzle line but something else (see notPuzzleLine), what it
// looks like and what reads it, as ParseLine says. For readers that
// parse a plain line's puzzle themselves (PlainPuzzle).
func PlainLineError(file string, n int, b []byte, err error) *LineError {
	if msg := notPuzzleLine(b); msg != "" {
		return lineErrorf(file, n, "%s", msg)
	}
	return lineErrorf(file, n, "%s", strings.TrimSpace(err.Error()))
}

// notPuzzleLine says what a plain line whose puzzle fits no grid looks
// like, when it is clearly not a Sudoku puzzle line cut short: a JSON
// value that is not an object, a sliding board as a txt export writes it
// (its tiles, numbers between spaces), a Samurai board (441 cells, '#' on
// the unused ones, which PlainPuzzle cuts at the first '#'), the csv
// format's header row (csvHeaderLine). "" for any
// other line, whose length or symbols are then reported.
func notPuzzleLine(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ""
	}
	const notRecord = "not a record (a JSON object) nor a puzzle line"
	if msg := csvHeaderLine(b); msg != "" {
		return msg
	}
	switch {
	case b[0] == '[' || b[0] == '"':
		what := map[byte]string{'[': "a JSON array", '"': "a JSON string"}[b[0]]
		if !json.Valid(b) {
			return fmt.Sprintf("starts with '%c' but is not JSON: %s", b[0], notRecord)
		}
		return what + ": " + notRecord
	case string(b) == "null" || string(b) == "true" || string(b) == "false":
		return "JSON " + string(b) + ": " + notRecord
	}
	if SamuraiLine(b) {
		return "looks like a Samurai board (441 cells, '#' on the unused ones): read it with --variant samurai"
	}
	if n := tileNumbers(b); n >= 4 {
		return fmt.Sprintf("%d numbers: looks like a sliding board: read it with solve --kind slide (export, merge and stats read slide boards from jsonl only)", n)
	}
	return ""
}

// JigsawLineError is the *LineError of plain line n of file, b, when b
// is a jigsaw puzzle line as --format txt writes one (the puzzle, a
// space, its regions string), which a reader without --variant jigsaw
// would take for a classic puzzle with many solutions, its regions
// dropped as a comment; nil for any other line. For readers that parse a
// plain line's puzzle themselves (PlainPuzzle).
func JigsawLineError(file string, n int, b []byte) *LineError {
	b = bytes.TrimSpace(b)
	puzzle := PlainPuzzle(b)
	shape, err := sudoku.ShapeForCells(len(puzzle))
	if err != nil || !looksLikeRegions(b[len(puzzle):], len(puzzle), shape.N()) {
		return nil
	}
	return jigsawLine(file, n)
}

// jigsawLine is JigsawLineError's error.
func jigsawLine(file string, n int) *LineError {
	return lineErrorf(file, n, "looks like a jigsaw puzzle line (PUZZLE REGIONS, as --format txt writes one): read it with --variant jigsaw")
}

// looksLikeRegions reports whether rest, what follows a plain line's
// puzzle of cells cells and n symbols (an n x n grid), starts with a
// jigsaw's regions string: one word of cells letters or digits naming n
// regions of n cells each, some region holding two side-by-side cells. A
// comment after a classic puzzle is practically never such a word, and
// the puzzle's solution written after it (a common "PUZZLE SOLUTION"
// line) never is: a digit's cells share no row or column, so none are
// side by side. It allocates nothing (solve reads millions of plain
// lines).
func looksLikeRegions(rest []byte, cells, n int) bool {
	rest = bytes.TrimLeft(rest, " \t")
	if len(rest) < cells || n < 2 || n*n != cells || len(rest) > cells && rest[cells] != ' ' && rest[cells] != '\t' {
		return false
	}
	w := rest[:cells]
	var count [256]int32
	names, side := 0, false
	for i, c := range w {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
		if count[c] == 0 {
			names++
		}
		count[c]++
		side = side || i%n > 0 && w[i-1] == c || i >= n && w[i-n] == c
	}
	if names != n || !side {
		return false
	}
	for _, k := range count {
		if k != 0 && int(k) != n {
			return false
		}
	}
	return true
}

// samuraiCells is a Samurai board's one-line frame: 21x21 cells.
const samuraiCells = 21 * 21

// tileNumbers is the count of whole numbers b holds, separated by spaces,
// tabs or commas, when it holds nothing else (a sliding board's tiles);
// 0 otherwise.
func tileNumbers(b []byte) int {
	n := 0
	for _, f := range bytes.FieldsFunc(b, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' }) {
		if _, err := strconv.Atoi(string(f)); err != nil {
			return 0
		}
		n++
	}
	return n
}

// puzzleEnds marks the bytes that end the puzzle of a plain line.
var puzzleEnds = [256]bool{' ': true, '\t': true, ',': true, ';': true, '#': true, '|': true}

func displayFile(name string) string {
	if name == "" || name == "-" {
		return "stdin"
	}
	return name
}

func lineErrorf(file string, line int, format string, args ...any) *LineError {
	return &LineError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
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
// It checks the length, the record's size (when it has one), every
// symbol and that no value repeats in a unit, and names the problem ("puzzle has 80 characters, expected 81", "bad
// symbol 'x' at r1c3", "5 appears twice in row 1 (r1c2 and r1c7)").
func (it Item) Grid(box *sudoku.Shape) (sudoku.Grid, error) {
	rec := &it.Record
	if !isGrid(rec.Kind) {
		return sudoku.Grid{}, fmt.Errorf("record is a %q puzzle, not sudoku", rec.Kind)
	}
	var g sudoku.Grid
	var err error
	switch {
	case box != nil:
		g, err = sudoku.Parse(rec.Puzzle, *box)
	case len(rec.Box) != 0 && len(rec.Box) != 2:
		return g, fmt.Errorf(`"box" %v: expected [rows, cols]`, rec.Box)
	case len(rec.Box) == 2:
		s, serr := sudoku.ParseShape(fmt.Sprintf("%dx%d", rec.Box[0], rec.Box[1]))
		if serr != nil {
			return g, serr
		}
		g, err = sudoku.Parse(rec.Puzzle, s)
	default:
		s, serr := sudoku.ShapeForCells(len(rec.Puzzle))
		if serr != nil {
			return g, sizedLengthError(len(rec.Puzzle), rec.Size)
		}
		g, err = sudoku.Parse(rec.Puzzle, s)
	}
	if err != nil {
		return g, err
	}
	if err := checkSize(rec.Size, g.Geo.N); err != nil {
		return g, err
	}
	if err := g.Conflict(); err != nil {
		return g, err
	}
	return g, nil
}

// checkSize refuses a record's "size" that is not its puzzle's, n (0 is
// no size: the puzzle's is taken). Every reader of a Sudoku record checks
// it here (Item.Grid, Grids.Record), so solve, grade, canon, stats,
// explain, merge and export agree.
func checkSize(size, n int) error {
	if size != 0 && size != n {
		return fmt.Errorf("size %d but the puzzle is %dx%d", size, n, n)
	}
	return nil
}

// GridError is like Grid but returns a *LineError naming the file and line.
func (it Item) GridError(file string, box *sudoku.Shape) (sudoku.Grid, error) {
	g, err := it.Grid(box)
	if err != nil {
		return g, &LineError{File: file, Line: it.Line, Msg: strings.TrimSpace(err.Error())}
	}
	return g, nil
}

// sizedLengthError says a record's puzzle of n characters fits no grid:
// the record's own size's cell count when it names a Sudoku size (a
// record of "size" 9 with 3 characters expects 81, not the nearest
// grid's 16), else as lengthError.
func sizedLengthError(n, size int) error {
	if s, err := sudoku.ShapeForCells(size * size); size > 0 && err == nil {
		return fmt.Errorf("puzzle has %s, expected %d for size %d (%dx%d)", numfmt.Count(n, "character"), s.Cells(), size, size, size)
	}
	return lengthError(n)
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
	return fmt.Errorf("puzzle has %s, expected %d for %dx%d (other sizes: %s)", numfmt.Count(n, "character"), best.Cells(), best.N(), best.N(), strings.Join(others, ", "))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// SamuraiLine reports whether line b (trimmed) starts with a Samurai
// board as a txt export writes it: 441 cells (21x21), '#' on the unused
// ones, before any space.
func SamuraiLine(b []byte) bool {
	if i := bytes.IndexAny(b, " \t"); i >= 0 {
		b = b[:i]
	}
	return len(b) == samuraiCells && bytes.IndexByte(b, '#') >= 0
}
