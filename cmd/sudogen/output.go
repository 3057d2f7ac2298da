package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sudogen/sudogen/internal/outfile"
)

// checkedWriter passes writes through and remembers the first error, after
// which it writes nothing more. run wraps stdout in one, so a failed write
// (a full disk, /dev/full) fails the command whichever code wrote it
// (cobra's help, version, a table), with exit code 1.
//
// It is also the gate that keeps stdout in whole lines when a run is
// stopped: a command abandoned on a signal (untilDone) may still be
// writing when the program exits, and an exit in the middle of a write
// cuts it short. So each write goes out in pieces of whole lines of at
// most pipeAtomic bytes (a pipe takes such a write whole or not at all),
// and shut, called before the program exits, waits for the write in
// progress and refuses every later one.
type checkedWriter struct {
	w      io.Writer
	mu     sync.Mutex // held during a write
	err    error
	closed bool
	lines  atomic.Int64 // newlines written
}

// Lines is the number of whole lines written so far.
func (c *checkedWriter) Lines() int64 { return c.lines.Load() }

// pipeAtomic is PIPE_BUF on Linux (and the POSIX minimum is 512): a write
// of at most this many bytes to a pipe is never split.
const pipeAtomic = 4096

// errShut is what a write after shut gets.
var errShut = errors.New("stdout closed: the run was stopped")

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return 0, errShut
	}
	if c.err != nil {
		return 0, c.err
	}
	done := 0
	for done < len(p) {
		n := linePiece(p[done:])
		m, err := c.w.Write(p[done : done+n])
		c.lines.Add(int64(bytes.Count(p[done:done+m], newline)))
		done += m
		if err != nil {
			c.err = &writeError{"stdout", outfile.Cause(err)}
			return done, c.err
		}
	}
	return done, nil
}

// linePiece is the length of p's first piece to write: its whole lines
// that fit in pipeAtomic bytes, else its first line (however long), else
// all of p.
func linePiece(p []byte) int {
	if len(p) <= pipeAtomic {
		return len(p)
	}
	if i := bytes.LastIndexByte(p[:pipeAtomic], '\n'); i >= 0 {
		return i + 1
	}
	if i := bytes.IndexByte(p, '\n'); i >= 0 {
		return i + 1
	}
	return len(p)
}

// shut waits up to wait for a write in progress to end, then refuses
// every later write; it reports whether no write was left in progress (a
// write blocked on a pipe nobody reads can last forever: the program then
// exits without it, the pieces it wrote being whole lines).
func (c *checkedWriter) shut(wait time.Duration) bool {
	deadline := time.Now().Add(wait)
	for !c.mu.TryLock() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	c.closed = true
	c.mu.Unlock()
	return true
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
	return &writeError{o.name, outfile.Cause(o.err)}
}

// writeError is a failed write to an output: "writing stdout: no space
// left on device".
type writeError struct {
	name string
	err  error
}

func (e *writeError) Error() string { return fmt.Sprintf("writing %s: %v", e.name, e.err) }
func (e *writeError) Unwrap() error { return e.err }

// mkdirError is the error of os.MkdirAll(dir) failing, after what ("cannot
// create folder out/bk"): the folder that refused to hold the new one is
// named ("folder out is on a read-only file system"), a file in the way
// is called one, and a loop of symbolic links is said in words.
func mkdirError(what, dir string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe) && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)):
		return outfile.FolderError(what, outfile.Dir(pe.Path), err)
	case errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrExist):
		if _, serr := os.Stat(dir); serr != nil {
			return fmt.Errorf("%s: %s", what, folderProblem(dir, serr))
		}
		return fmt.Errorf("%s: %s is a file, not a folder", what, dir)
	}
	return fmt.Errorf("%s: %s", what, outfile.Reason(err))
}

// folderProblem says why the folder path, whose stat failed with err,
// cannot be used: for a path through a file ("out.jsonl/x": ENOTDIR),
// which file is in the way; else outfile.Reason.
func folderProblem(path string, err error) string {
	if errors.Is(err, syscall.ENOTDIR) {
		for p := outfile.Dir(path); p != path; path, p = p, outfile.Dir(p) {
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p + " is a file, not a folder"
			}
		}
	}
	return outfile.Reason(err)
}
