package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
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
