package lines

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// FuzzLines: for any input and limit, the reader returns what a plain
// split on '\n' gives (one trailing '\r' dropped) up to the first line
// that is too long or holds a NUL byte, which it refuses naming its
// number, whatever the read sizes.
func FuzzLines(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\nccc"), uint16(0), false)
	f.Add([]byte("1234567890\n12345678901\n"), uint16(10), true)
	f.Add([]byte("x\x00y\n"), uint16(3), false)
	f.Add([]byte("\r\n\r\r\n"), uint16(1), true)
	f.Fuzz(func(t *testing.T, data []byte, max uint16, slow bool) {
		limit := int(max%64) + 1
		var in io.Reader = bytes.NewReader(data)
		if slow {
			in = iotest.HalfReader(in)
		}
		r := NewReader(in, limit)
		// The reference.
		var want [][]byte
		wantErrLine := 0
		parts := bytes.Split(data, []byte{'\n'})
		if len(parts) > 0 && len(parts[len(parts)-1]) == 0 {
			parts = parts[:len(parts)-1] // a final newline ends the last line
		}
		for i, p := range parts {
			p = bytes.TrimSuffix(p, []byte{'\r'})
			if len(p) > limit || bytes.IndexByte(p, 0) >= 0 || !utf8.Valid(p) && !bytes.HasPrefix(bytes.TrimLeft(p, " \t"), []byte("#")) {
				wantErrLine = i + 1
				break
			}
			want = append(want, p)
		}
		for i := 0; ; i++ {
			b, err := r.Next()
			if err == io.EOF {
				if i != len(want) || wantErrLine != 0 {
					t.Fatalf("EOF after %d lines, want %d lines then error at line %d", i, len(want), wantErrLine)
				}
				return
			}
			if err != nil {
				var le *Error
				if !errors.As(err, &le) || le.Line != wantErrLine || i != len(want) {
					t.Fatalf("error %v after %d lines; want line %d refused after %d", err, i, wantErrLine, len(want))
				}
				if _, err2 := r.Next(); err2 != err {
					t.Fatalf("error not sticky: %v then %v", err, err2)
				}
				return
			}
			if i >= len(want) || !bytes.Equal(b, want[i]) {
				t.Fatalf("line %d: %q", i+1, b)
			}
		}
	})
}
