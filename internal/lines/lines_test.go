package lines

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll returns every line of in read with max, and the error that
// ended the reading.
func readAll(in io.Reader, max int) ([]string, int, error) {
	r := NewReader(in, max)
	var out []string
	for {
		b, err := r.Next()
		if err != nil {
			return out, r.Line(), err
		}
		out = append(out, string(b))
	}
}

func TestReader(t *testing.T) {
	for _, c := range []struct {
		name, in string
		max      int
		want     []string
		err      string // "" for io.EOF
		errLine  int
	}{
		{"empty", "", 0, nil, "", 0},
		{"lines", "a\nbb\n\nccc\n", 0, []string{"a", "bb", "", "ccc"}, "", 0},
		{"no final newline", "a\nb", 0, []string{"a", "b"}, "", 0},
		{"crlf", "a\r\nb\r\n", 0, []string{"a", "b"}, "", 0},
		{"long line refused", "ab\n" + strings.Repeat("x", 11) + "\nc\n", 10, []string{"ab"}, "line 2: line longer than 10 bytes", 2},
		{"long last line", "ab\n" + strings.Repeat("x", 11), 10, []string{"ab"}, "line 2: line longer than 10 bytes", 2},
		{"exactly max", strings.Repeat("x", 10) + "\n", 10, []string{strings.Repeat("x", 10)}, "", 0},
		{"NUL", "a\nb\x00c\nd\n", 0, []string{"a"}, "line 2: NUL byte at column 2: not a text file", 2},
		{"MiB named", strings.Repeat("y", 2<<20), 1 << 20, nil, "line 1: line longer than 1 MiB", 1},
		{"endless NULs", strings.Repeat("\x00", 100), 10, nil, "line 1: NUL byte at column 1", 1},
		{"not UTF-8", "ok é\n# Caf\xe9 comment\n12\xff4\n", 0, []string{"ok é", "# Caf\xe9 comment"}, "line 3: byte 0xff at column 3 is not UTF-8", 3},
	} {
		for _, slow := range []bool{false, true} {
			var in io.Reader = strings.NewReader(c.in)
			if slow {
				in = iotest.OneByteReader(in) // lines cross every read
			}
			got, _, err := readAll(in, c.max)
			if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
				t.Errorf("%s (slow %v): lines %q, want %q", c.name, slow, got, c.want)
			}
			var le *Error
			switch {
			case c.err == "" && err != io.EOF:
				t.Errorf("%s: ended with %v, want EOF", c.name, err)
			case c.err != "" && (!errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.err) || le.Line != c.errLine):
				t.Errorf("%s: ended with %v, want %q", c.name, err, c.err)
			}
		}
	}
}

// TestErrorIsSticky: once a line is refused, every later call says so:
// no caller can loop past it.
func TestErrorIsSticky(t *testing.T) {
	r := NewReader(strings.NewReader(strings.Repeat("1", 100)+"\nok\n"), 10)
	_, err1 := r.Next()
	_, err2 := r.Next()
	if err1 == nil || err1 != err2 {
		t.Fatalf("errors %v then %v, want the same error twice", err1, err2)
	}
}

// TestReadError: a read error is returned after the complete lines read
// before it, and stays.
func TestReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	in := io.MultiReader(strings.NewReader("a\nb\n"), iotest.ErrReader(boom))
	got, _, err := readAll(in, 0)
	if strings.Join(got, ",") != "a,b" || !errors.Is(err, boom) {
		t.Fatalf("got %q, %v", got, err)
	}
}

// TestBoundedMemory: a long line without a newline is refused after
// reading about max bytes, not the whole input.
func TestBoundedMemory(t *testing.T) {
	var n int64
	src := countingReader{&n}
	r := NewReader(src, 1<<20)
	if _, err := r.Next(); err == nil {
		t.Fatal("endless line accepted")
	}
	if n > 2<<20 {
		t.Fatalf("read %d bytes of an endless line before refusing it", n)
	}
}

// countingReader is an endless input of '7's that counts what was read.
type countingReader struct{ n *int64 }

func (c countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '7'
	}
	*c.n += int64(len(p))
	return len(p), nil
}

func BenchmarkReader(b *testing.B) {
	line := strings.Repeat("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 1) + "\n"
	data := strings.Repeat(line, 10000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(strings.NewReader(data), 0)
		for {
			if _, err := r.Next(); err != nil {
				break
			}
		}
	}
}
