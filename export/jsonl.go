package export

import (
	"bufio"
	"io"
)

// JSONLWriter writes records to a stream, one JSON object per line.
// The zero value is not usable: make one with NewJSONLWriter.
type JSONLWriter struct {
	bw        *bufio.Writer
	buf       []byte
	flushEach bool
}

// NewJSONLWriter returns a writer on w. Call Flush (or Close) at the end.
func NewJSONLWriter(w io.Writer) *JSONLWriter {
	return &JSONLWriter{bw: bufio.NewWriterSize(w, 64<<10)}
}

// FlushEach makes the writer flush after every record, so a reader of a
// pipe sees each record as soon as it is made.
func (w *JSONLWriter) FlushEach(on bool) { w.flushEach = on }

// Write writes one record as a line.
func (w *JSONLWriter) Write(rec *Record) error {
	w.buf = append(AppendJSON(w.buf[:0], rec), '\n')
	if _, err := w.bw.Write(w.buf); err != nil {
		return err
	}
	if w.flushEach {
		return w.bw.Flush()
	}
	return nil
}

// Flush writes any buffered data to the underlying stream.
func (w *JSONLWriter) Flush() error { return w.bw.Flush() }

// Close flushes; it does not close the underlying stream.
func (w *JSONLWriter) Close() error { return w.bw.Flush() }

// JSONLFile writes records to a file under a temporary name in the target
// folder; Close renames it to its final name, so an unfinished file never
// appears under that name.
type JSONLFile struct {
	*JSONLWriter
	f *atomicFile
}

// CreateJSONL starts a JSONL file at path. It fails at once, with a clear
// message, if the folder is missing or not writable.
func CreateJSONL(path string) (*JSONLFile, error) {
	f, err := createAtomic(path)
	if err != nil {
		return nil, err
	}
	return &JSONLFile{JSONLWriter: NewJSONLWriter(f), f: f}, nil
}

// Path is the final name of the file.
func (j *JSONLFile) Path() string { return j.f.Path() }

// Close flushes, syncs and renames the file to its final name.
func (j *JSONLFile) Close() error { return commitAfter(j.JSONLWriter.Flush, j.f) }

// commitAfter runs flush, then commits f (renames it to its final name);
// when flush fails, f is aborted and nothing appears under that name.
func commitAfter(flush func() error, f *atomicFile) error {
	if err := flush(); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// Abort removes the temporary file; nothing appears under the final name.
// After Keep it leaves the temporary file on disk instead.
func (j *JSONLFile) Abort() error { return j.f.Abort() }

// Keep makes a failure (Abort, a Close that fails) keep the temporary
// file with every line that reached it, for a resumed run to take up (see
// atomicFile.Keep).
func (j *JSONLFile) Keep() { j.f.Keep() }

// Kept is the temporary file a failure kept after Keep, "" if none.
func (j *JSONLFile) Kept() string { return j.f.Kept() }
