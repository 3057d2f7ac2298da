package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// checkedWriter passes writes through and remembers the first error, after
// which it writes nothing more. run wraps stdout in one, so a failed write
// (a full disk, /dev/full) fails the command whichever code wrote it
// (cobra's help, version, a table), with exit code 1.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = &writeError{"stdout", unwrapPathError(err)}
	}
	return n, c.err
}

// lineWriter buffers a command's output and writes it in whole lines, so
// an interrupted or killed run leaves only complete lines; it remembers
// the first write error (Err), after which it writes nothing more.
type lineWriter struct {
	w    io.Writer
	name string // "stdout", or the file name, for messages
	buf  []byte
	err  error
}

// lineFlushAt is the buffered size at which whole lines are written out.
const lineFlushAt = 64 << 10

func newLineWriter(w io.Writer, name string) *lineWriter {
	return &lineWriter{w: w, name: name, buf: make([]byte, 0, 2*lineFlushAt)}
}

// Write buffers p; once the buffer is large, every complete line is
// written.
func (o *lineWriter) Write(p []byte) (int, error) {
	o.buf = append(o.buf, p...)
	if len(o.buf) >= lineFlushAt {
		o.flushLines()
	}
	return len(p), o.err
}

// WriteString is Write for a string.
func (o *lineWriter) WriteString(s string) (int, error) {
	o.buf = append(o.buf, s...)
	if len(o.buf) >= lineFlushAt {
		o.flushLines()
	}
	return len(s), o.err
}

// flushLines writes the buffer up to its last newline.
func (o *lineWriter) flushLines() {
	if i := bytes.LastIndexByte(o.buf, '\n'); i >= 0 {
		o.write(i + 1)
	}
}

// Flush writes everything buffered and returns Err.
func (o *lineWriter) Flush() error {
	o.write(len(o.buf))
	return o.Err()
}

func (o *lineWriter) write(n int) {
	if o.err == nil && n > 0 {
		_, o.err = o.w.Write(o.buf[:n])
	}
	o.buf = o.buf[:copy(o.buf, o.buf[n:])]
}

// Err is the first write error, as "writing stdout: no space left on
// device", or nil.
func (o *lineWriter) Err() error {
	var we *writeError
	if o.err == nil || errors.As(o.err, &we) {
		return o.err
	}
	return &writeError{o.name, unwrapPathError(o.err)}
}

// writeError is a failed write to an output: "writing stdout: no space
// left on device".
type writeError struct {
	name string
	err  error
}

func (e *writeError) Error() string { return fmt.Sprintf("writing %s: %v", e.name, e.err) }
func (e *writeError) Unwrap() error { return e.err }
