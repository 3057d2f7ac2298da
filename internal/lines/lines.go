// Package lines reads text one line at a time with bounded memory and no
// allocation per line. It is the bottom of every sudogen reader (puzzle
// files, JSONL corpora, regression libraries, sliding boards).
//
// A line longer than the limit, one holding a NUL byte, or one that is not
// valid UTF-8 (comment lines, '#' first, excepted) means the input is not
// a text file of lines (a binary file, /dev/zero, one huge JSON value, a
// file in another encoding): Next reports it once as an *Error naming the
// line, and every later call returns the same error, so no caller can
// loop on it or print an error per line of a binary file.
package lines

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

// DefaultMax is the longest line accepted by default: 1 MiB, far above
// any puzzle (625 cells) or record (a few KiB).
const DefaultMax = 1 << 20

// Error is a line that makes the rest of the input unreadable.
type Error struct {
	Line int    // 1-based
	Msg  string // what is wrong, e.g. "line longer than 1 MiB"
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Reader reads lines from an io.Reader.
type Reader struct {
	r          io.Reader
	max        int
	buf        []byte
	start, end int // unread data is buf[start:end]
	scanned    int // buf[start:start+scanned] has no '\n'
	line       int
	eof        bool
	readErr    error // the input's read error, reported after its lines
	err        error // sticky: returned by every call once set
}

// NewReader reads lines from r, refusing lines longer than max bytes
// (DefaultMax if max <= 0).
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMax
	}
	size := 64 << 10
	if size > max+2 {
		size = max + 2
	}
	return &Reader{r: r, max: max, buf: make([]byte, size)}
}

// Line is the number of the last line returned (or refused), 1-based.
func (r *Reader) Line() int { return r.line }

// Next returns the next line without its line end ("\n" or "\r\n"). The
// slice is valid until the next call. At the end of the input it returns
// nil, io.EOF; a read error or a refused line (*Error) is returned by this
// and every later call.
func (r *Reader) Next() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	for {
		data := r.buf[r.start:r.end]
		if i := bytes.IndexByte(data[r.scanned:], '\n'); i >= 0 {
			i += r.scanned
			r.start += i + 1
			r.scanned = 0
			return r.take(data[:i])
		}
		r.scanned = len(data)
		if len(data) > r.max+1 { // one byte more may be the '\r' of "\r\n"
			if i := bytes.IndexByte(data, 0); i >= 0 {
				return nil, r.fail(fmt.Sprintf("NUL byte at column %d: not a text file", i+1))
			}
			return nil, r.fail(fmt.Sprintf("line longer than %s: not a file of puzzle lines", size(r.max)))
		}
		if r.eof {
			if len(data) == 0 {
				r.err = io.EOF
				if r.readErr != nil {
					r.err = r.readErr
				}
				return nil, r.err
			}
			r.start = r.end
			r.scanned = 0
			return r.take(data)
		}
		r.fill()
	}
}

// take checks and counts one line.
func (r *Reader) take(b []byte) ([]byte, error) {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	if len(b) > r.max {
		return nil, r.fail(fmt.Sprintf("line longer than %s: not a file of puzzle lines", size(r.max)))
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return nil, r.fail(fmt.Sprintf("NUL byte at column %d: not a text file", i+1))
	}
	if !utf8.Valid(b) && !isComment(b) {
		i := InvalidUTF8At(b)
		return nil, r.fail(fmt.Sprintf("byte 0x%02x at column %d is not UTF-8: not a text file (or not in UTF-8)", b[i], i+1))
	}
	r.line++
	return b, nil
}

// isComment reports whether b is a comment line: '#' after any blanks.
func isComment(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return len(b) > 0 && b[0] == '#'
}

// InvalidUTF8At returns the offset of the first byte of b that is not part
// of a valid UTF-8 sequence (0 if there is none).
func InvalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}

// fail makes a refusal of the current line sticky.
func (r *Reader) fail(msg string) error {
	r.line++
	r.err = &Error{Line: r.line, Msg: msg}
	return r.err
}

// fill reads more input, first moving the unread data to the front and
// growing the buffer (up to max+2 bytes) when it is full.
func (r *Reader) fill() {
	if r.start > 0 {
		n := copy(r.buf, r.buf[r.start:r.end])
		r.start, r.end = 0, n
	}
	if r.end == len(r.buf) {
		grow := 2 * len(r.buf)
		if grow > r.max+2 {
			grow = r.max + 2
		}
		nb := make([]byte, grow)
		copy(nb, r.buf[:r.end])
		r.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		n, err := r.r.Read(r.buf[r.end:])
		r.end += n
		if err == io.EOF {
			r.eof = true
			return
		}
		if err != nil {
			r.readErr = err
			r.eof = true
			return
		}
		if n > 0 {
			return
		}
	}
	r.readErr = io.ErrNoProgress
	r.eof = true
}

// size prints a byte count as "1 MiB", "64 KiB" or "100 bytes".
func size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
