package export

import (
	"bufio"
	"io"
	"path/filepath"
	"strings"
)

// LineFormat is an output format written as a stream of lines, one record
// a line after an optional header: JSONL, txt, csv and se. It is what a
// format registry entry holds (name, file extensions, writer), so commands
// pick a format by its name or by the output's extension and write every
// one of them the same way (LineWriter, CreateLineFile).
type LineFormat struct {
	Name       string   // the --format value, e.g. "csv"
	Extensions []string // output file endings that select it, lower case with the dot, e.g. ".csv"
	Summary    string   // one line for help texts
	// Header appends what comes before the first record (csv's header
	// row), or nothing.
	Header func(dst []byte) []byte
	// Append appends the line of one record, line end included. It fails
	// for a record the format cannot hold (a slide board in se).
	Append func(dst []byte, rec *Record) ([]byte, error)
}

// JSONL is the JSON Lines corpus format (docs/records.md) as a LineFormat.
var JSONL = &LineFormat{
	Name:       "jsonl",
	Extensions: []string{".jsonl", ".ndjson", ".json"},
	Summary:    "JSON Lines: one record a line, every field (docs/records.md)",
	Header:     func(dst []byte) []byte { return dst },
	Append: func(dst []byte, rec *Record) ([]byte, error) {
		return append(AppendJSON(dst, rec), '\n'), nil
	},
}

// LineFormats lists the line formats, JSONL first.
var LineFormats = []*LineFormat{JSONL, TXT, CSV, SE}

// LineFormatNamed returns the line format called name (any case), or nil.
func LineFormatNamed(name string) *LineFormat {
	for _, f := range LineFormats {
		if strings.EqualFold(f.Name, name) {
			return f
		}
	}
	return nil
}

// LineFormatFor returns the line format the extension of path selects, or
// nil.
func LineFormatFor(path string) *LineFormat {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range LineFormats {
		for _, e := range f.Extensions {
			if ext == e {
				return f
			}
		}
	}
	return nil
}

// RecordError is a writer's error about the record it was given (a
// record its format cannot hold: a slide board in se), not about the
// stream, so a caller that knows where the record was read can name the
// file and line.
type RecordError struct{ Err error }

// Error is the record's problem.
func (e *RecordError) Error() string { return e.Err.Error() }

// Unwrap is the record's problem.
func (e *RecordError) Unwrap() error { return e.Err }

// LineWriter writes records to a stream in a LineFormat: the header before
// the first record (or at Flush, for an empty output), then a line a
// record.
type LineWriter struct {
	f         *LineFormat
	bw        *bufio.Writer
	buf       []byte
	started   bool
	flushEach bool
}

// NewLineWriter returns a writer of format f on w. Call Flush (or Close)
// at the end. f must not be nil (one of LineFormats; LineFormatNamed and
// LineFormatFor return nil for a name or path they do not know: check it).
func NewLineWriter(w io.Writer, f *LineFormat) *LineWriter {
	return &LineWriter{f: f, bw: bufio.NewWriterSize(w, 64<<10)}
}

// Format is the writer's format.
func (w *LineWriter) Format() *LineFormat { return w.f }

// FlushEach makes the writer flush after every record, so a reader of a
// pipe sees each line as soon as it is made.
func (w *LineWriter) FlushEach(on bool) { w.flushEach = on }

func (w *LineWriter) start() error {
	if w.started {
		return nil
	}
	w.started = true
	w.buf = w.f.Header(w.buf[:0])
	_, err := w.bw.Write(w.buf)
	return err
}

// Write writes one record's line. A record the format cannot hold is an
// error and writes nothing.
func (w *LineWriter) Write(rec *Record) error {
	if err := w.start(); err != nil {
		return err
	}
	var err error
	if w.buf, err = w.f.Append(w.buf[:0], rec); err != nil {
		return &RecordError{Err: err}
	}
	if _, err := w.bw.Write(w.buf); err != nil {
		return err
	}
	if w.flushEach {
		return w.bw.Flush()
	}
	return nil
}

// Flush writes the header if no record came, and any buffered data.
func (w *LineWriter) Flush() error {
	if err := w.start(); err != nil {
		return err
	}
	return w.bw.Flush()
}

// Close flushes; it does not close the underlying stream.
func (w *LineWriter) Close() error { return w.Flush() }

// Abort does nothing: what was written to the stream stays there.
func (w *LineWriter) Abort() error { return nil }

// LineFile writes records in a LineFormat to a file under a temporary
// name in the target folder; Close renames it to its final name, so an
// unfinished file never appears under that name.
type LineFile struct {
	*LineWriter
	f *atomicFile
}

// CreateLineFile starts a file of format f at path. It fails at once, with
// a clear message, if the folder is missing or not writable.
func CreateLineFile(path string, f *LineFormat) (*LineFile, error) {
	af, err := createAtomic(path)
	if err != nil {
		return nil, err
	}
	return &LineFile{LineWriter: NewLineWriter(af, f), f: af}, nil
}

// Path is the final name of the file.
func (l *LineFile) Path() string { return l.f.Path() }

// Close flushes, syncs and renames the file to its final name.
func (l *LineFile) Close() error { return commitAfter(l.LineWriter.Flush, l.f) }

// Abort removes the temporary file; nothing appears under the final name.
func (l *LineFile) Abort() error { return l.f.Abort() }
