package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// echoPool is a pool whose workers copy each line's number to the output.
func echoPool(ctx context.Context, in string, out io.Writer, workers int) *linePool {
	return &linePool{
		Ctx:        ctx,
		Files:      []string{"-"},
		In:         strings.NewReader(in),
		Workers:    workers,
		ChunkLines: 3,
		NewWorker: func() func(*chunk, int, []byte) {
			return func(c *chunk, n int, b []byte) {
				c.Items++
				c.Out = append(strconv.AppendInt(c.Out, int64(n), 10), '\n')
			}
		},
		Out:    newLineWriter(out, "stdout"),
		ErrOut: io.Discard,
	}
}

// TestPoolOrder: with any number of workers the output is in input order.
func TestPoolOrder(t *testing.T) {
	in := strings.Repeat("x\n", 1000)
	for _, w := range []int{1, 2, 7} {
		var b strings.Builder
		if err := echoPool(context.Background(), in, &b, w).Run(); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		for i, l := range lines {
			if l != strconv.Itoa(i+1) {
				t.Fatalf("%d workers: line %d is %q", w, i+1, l)
			}
		}
		if len(lines) != 1000 {
			t.Fatalf("%d workers: %d lines", w, len(lines))
		}
	}
}

// TestPoolStops: a cancelled context stops the pool with an interruption
// error, and what it wrote is complete lines in order.
func TestPoolStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var b strings.Builder
	w := &cancelAfter{w: &b, n: 3, cancel: cancel}
	err := echoPool(ctx, strings.Repeat("x\n", 1<<20), w, 2).Run()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want an interruption", err)
	}
	out := b.String()
	if out == "" || !strings.HasSuffix(out, "\n") {
		t.Fatalf("output %d bytes, not whole lines", len(out))
	}
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l != strconv.Itoa(i+1) {
			t.Fatalf("line %d is %q", i+1, l)
		}
	}
}

// cancelAfter cancels after n writes.
type cancelAfter struct {
	w      io.Writer
	n      int
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.w.Write(p)
}

// TestPoolWriteError: a failed write stops the pool with that error.
func TestPoolWriteError(t *testing.T) {
	err := echoPool(context.Background(), strings.Repeat("x\n", 1<<18), failWriter{}, 2).Run()
	var we *writeError
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "writing stdout: disk full") {
		t.Fatalf("error %v, want writing stdout: disk full", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

// filePool is echoPool over files (regular files: one worker runs inline)
// with blank and comment lines, which count as no item.
func filePool(ctx context.Context, files []string, out io.Writer, workers int) *linePool {
	p := echoPool(ctx, "", out, workers)
	p.Files, p.Inline = files, true
	p.NewWorker = func() func(*chunk, int, []byte) {
		return func(c *chunk, n int, b []byte) {
			if len(b) == 0 || b[0] == '#' {
				return
			}
			c.Items++
			c.Out = append(strconv.AppendInt(append(c.Out, c.File...), int64(n), 10), '\n')
			if b[0] == '!' {
				c.Notef("%s:%d: bang", c.File, n)
			}
		}
	}
	return p
}

// TestPoolInline: one worker on regular files (read, handle and write in
// one goroutine) gives what the pool of goroutines gives: the same output,
// notes, totals and position, the same first error (an empty input, a
// file that cannot be read) after the same output, and an interruption
// stops it with whole lines in order.
func TestPoolInline(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var big strings.Builder
	for i := range 2000 {
		big.WriteString([]string{"x\n", "\n", "# c\n", "!\n"}[i%4])
	}
	a, b := write("a.txt", big.String()), write("b.txt", "x\nx") // b: no final newline
	empty, missing := write("e.txt", "# nothing\n"), filepath.Join(dir, "none.txt")
	for _, files := range [][]string{{a}, {a, b, a}, {b, empty, a}, {a, missing, b}} {
		type result struct {
			out, errOut, err  string
			items, line       int
			file              string
			inline, notInline bool
		}
		var got [2]result
		for i, w := range []int{2, 1} {
			var out, errOut strings.Builder
			p := filePool(context.Background(), files, &out, w)
			p.ErrOut = &errOut
			err := p.Run()
			got[i] = result{out: out.String(), errOut: errOut.String(), err: fmt.Sprint(err),
				items: p.Items, line: p.ThroughLine, file: p.ThroughFile}
		}
		if got[0] != got[1] {
			t.Fatalf("%v:\n pool   %+v\n inline %+v", files, got[0], got[1])
		}
		if got[1].out == "" {
			t.Fatalf("%v: output %q", files, got[1].out)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out strings.Builder
	err := filePool(ctx, []string{a, a, a}, &cancelAfter{w: &out, n: 2, cancel: cancel}, 1).Run()
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "output complete through") {
		t.Fatalf("error %v, want an interruption", err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) < 2 || len(lines) >= 1500 || !strings.HasSuffix(out.String(), "\n") {
		t.Fatalf("interrupted: %d lines", len(lines))
	}
	for i, l := range lines {
		if want := a + strconv.Itoa(2*i+1+i%2); l != want {
			t.Fatalf("interrupted: line %d is %q, want %q", i+1, l, want)
		}
	}
}

// TestPoolInlineOnlyRegular: the pool runs inline only on regular files;
// standard input from a pipe or any other reader keeps the goroutines.
func TestPoolInlineOnlyRegular(t *testing.T) {
	f := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file, err := os.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, tc := range []struct {
		files []string
		in    io.Reader
		want  bool
	}{
		{[]string{f, f}, nil, true},
		{[]string{"-", f}, file, true},
		{[]string{f, "-"}, r, false},
		{[]string{"-"}, strings.NewReader("x\n"), false},
		{[]string{f, "/dev/null"}, nil, false},
		{[]string{filepath.Dir(f)}, nil, false},
	} {
		p := &linePool{Files: tc.files, In: tc.in}
		if got := p.regularInputs(); got != tc.want {
			t.Errorf("%v: regularInputs %v, want %v", tc.files, got, tc.want)
		}
	}
}

// signalWriter passes writes on to a buffer and signals each one.
type signalWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	wrote chan struct{}
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	select {
	case w.wrote <- struct{}{}:
	default:
	}
	return len(p), nil
}

// TestPoolStreamsChunks: a chunk's lines reach the output as the chunk is
// collected, while later lines are still being worked on, not once 64 KB
// are buffered or the run ends (`sudogen grade FILE | head -1` printed
// its first line only after about 300 puzzles had been graded).
func TestPoolStreamsChunks(t *testing.T) {
	release := make(chan struct{})
	w := &signalWriter{wrote: make(chan struct{}, 1)}
	p := echoPool(context.Background(), "a\nb\nc\nd\n", w, 1)
	p.ChunkLines = 1
	p.NewWorker = func() func(*chunk, int, []byte) {
		return func(c *chunk, n int, b []byte) {
			if n == 3 { // line 3 waits until lines 1 and 2 were seen
				select {
				case <-release:
				case <-time.After(10 * time.Second):
				}
			}
			c.Items++
			c.Out = append(c.Out, b...)
			c.Out = append(c.Out, '\n')
		}
	}
	done := make(chan error, 1)
	go func() { done <- p.Run() }()
	deadline := time.After(5 * time.Second)
	for {
		w.mu.Lock()
		got := w.buf.String()
		w.mu.Unlock()
		if got == "a\nb\n" {
			break
		}
		select {
		case <-w.wrote:
		case <-deadline:
			close(release)
			<-done
			t.Fatalf("lines 1-2 not written while line 3 was in hand: output %q", got)
		}
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := w.buf.String(); got != "a\nb\nc\nd\n" {
		t.Errorf("output %q", got)
	}
}

// TestPoolStoppedNoun: an interrupted pool counts its items with its own
// noun ("(2 boards)" for sliding boards; it said "(2 puzzles)").
func TestPoolStoppedNoun(t *testing.T) {
	for _, c := range []struct {
		noun  string
		items int
		want  string
	}{
		{"", 2, "(2 puzzles)"},
		{"board", 2, "(2 boards)"},
		{"board", 1, "(1 board)"},
	} {
		p := &linePool{Noun: c.noun, Items: c.items, ThroughFile: "in.txt", ThroughLine: 7}
		if got := p.stopped(context.Background()).Error(); !strings.HasSuffix(got, "in.txt:7 "+c.want) {
			t.Errorf("noun %q, %d items: %q, want it to end %q", c.noun, c.items, got, c.want)
		}
	}
}
