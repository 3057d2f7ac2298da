package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hostileInput is an input stream made on the fly (never stored): head,
// then body repeated up to size bytes, then tail.
type hostileInput struct {
	name, class string
	head, tail  string
	body        []byte
	size        int64
}

// writeTo streams the input into w until it is all written or w refuses
// more (the reader stopped and closed its end).
func (h hostileInput) writeTo(w io.Writer) {
	if _, err := io.WriteString(w, h.head); err != nil {
		return
	}
	block := bytes.Repeat(h.body, max(1, (64<<10)/len(h.body)))
	for left := h.size; left > 0; {
		n := min(int64(len(block)), left)
		if _, err := w.Write(block[:n]); err != nil {
			return
		}
		left -= n
	}
	io.WriteString(w, h.tail)
}

// hostileInputs are the inputs of issue #15's hostile-input test. Each
// has its class: what must stop a reader on it (the 1 MiB line limit, a
// NUL byte, a byte that is not UTF-8, the JSON nesting limit under the
// line limit).
func hostileInputs() []hostileInput {
	return []hostileInput{
		{name: "1 GB, no newline", class: "line limit", body: []byte("1"), size: 1 << 30},
		{name: "100 MB JSON value", class: "line limit", head: `{"kind":"sudoku","puzzle":"`, body: []byte("a"), size: 100 << 20, tail: "\"}\n"},
		{name: "million-deep nesting", class: "line limit", head: `{"a":`, body: []byte("["), size: 1 << 20, tail: strings.Repeat("]", 1<<20) + "}\n"},
		{name: "400,000-deep nesting (under the line limit)", class: "nesting", head: `{"a":` + strings.Repeat("[", 400000), body: []byte("]"), size: 400000, tail: "}\n"},
		{name: "NUL bytes", class: "NUL", body: []byte{0}, size: 1 << 30},
		{name: "NUL bytes in lines", class: "NUL", body: []byte("\x00\x00\n"), size: 100 << 20},
		{name: "invalid UTF-8", class: "UTF-8", body: []byte(strings.Repeat("\xff\xfe", 40) + "\n"), size: 100 << 20},
		{name: "invalid UTF-8, no newline", class: "line limit", body: []byte("\xc3\x28\xa0"), size: 100 << 20},
	}
}

// hostileSample returns the inputs command number c reads: with long
// (SUDOGEN_LONG=1) all of them; by default one input of each class,
// taking the class's inputs in turn from command to command, so that
// every command meets every class and every input meets some commands.
func hostileSample(inputs []hostileInput, c int, long bool) []hostileInput {
	if long {
		return inputs
	}
	byClass := map[string][]hostileInput{}
	var classes []string
	for _, in := range inputs {
		if byClass[in.class] == nil {
			classes = append(classes, in.class)
		}
		byClass[in.class] = append(byClass[in.class], in)
	}
	var pick []hostileInput
	for _, cl := range classes {
		pick = append(pick, byClass[cl][c%len(byClass[cl])])
	}
	return pick
}

// TestHostileInputs (issue #15): every reader ends each hostile input with
// one clear error (exit 1, one line on stderr) within seconds of CPU time
// (at most 5 CPU-s; wall time is bounded by the 60 s kill only, because a
// loaded machine can delay a process by seconds without it doing any
// work), with peak memory under 100 MB. By default each command reads one
// input of each class (hostileSample: 36 runs, every input read by at
// least two commands); SUDOGEN_LONG=1 runs every input through every
// command (72 runs).
func TestHostileInputs(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	commands := [][]string{
		{"solve"}, {"canon"}, {"grade"},
		{"merge", "-", "-o", filepath.Join(dir, "m.jsonl")},
		{"export", "-", "-o", filepath.Join(dir, "e.jsonl")},
		{"solve", "--kind", "slide"},
		{"explain", "-"},
		{"reglib", "/dev/stdin"},
		{"batch", "--count", "1", "--exclude", "/dev/stdin", "-o", filepath.Join(dir, "b.jsonl")},
	}
	long := os.Getenv("SUDOGEN_LONG") != ""
	for c, args := range commands {
		for _, in := range hostileSample(hostileInputs(), c, long) {
			name := fmt.Sprintf("%s | %s", in.name, strings.Join(args[:1], " "))
			code, stderr, took, cpu, rssKB := runHostile(t, bin, in, args)
			lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
			// explain's PUZZLE is an argument: an unusable one (read from
			// stdin) may be a usage error, exit 2; so is batch's --exclude
			// file, a flag's input (said after "--exclude:").
			okCode := code == 1 || code == 2 && args[0] == "explain" ||
				code == 2 && args[0] == "batch" && strings.HasPrefix(stderr, "sudogen: --exclude: ")
			switch {
			case !okCode || len(lines) != 1 || !strings.HasPrefix(lines[0], "sudogen: "):
				t.Errorf("%s: exit %d, stderr %.400q; want exit 1 and one line", name, code, stderr)
			case cpu > 5*time.Second:
				t.Errorf("%s: took %s of CPU time (%s wall)", name, cpu, took)
			case rssKB > 100<<10:
				t.Errorf("%s: peak RSS %d MB", name, rssKB>>10)
			}
			t.Logf("%-45s %-8s exit %d in %5.2f CPU-s (%5.2fs wall), peak %3d MB: %s", in.name, args[0], code, cpu.Seconds(), took.Seconds(), rssKB>>10, lines[0])
		}
	}
}

// runHostile runs the binary with the input streamed on stdin and returns
// its exit code, stderr, wall time, CPU time (user+system) and peak RSS in
// KB.
func runHostile(t *testing.T, bin string, in hostileInput, args []string) (int, string, time.Duration, time.Duration, int64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// Through the launcher (TestMain), so the peak RSS is the binary's.
	rssFile := filepath.Join(t.TempDir(), "rss")
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), "SUDOGEN_TEST_LAUNCH="+rssFile)
	pw, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr capWriter
	stderr.max = 1 << 16
	cmd.Stderr = &stderr
	cmd.Stdout = io.Discard
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		in.writeTo(pw)
		pw.Close()
	}()
	err = cmd.Wait()
	took := time.Since(start)
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil && !errors.Is(err, os.ErrClosed) {
		t.Fatalf("%v: %v", args, err)
	}
	if ctx.Err() != nil {
		code = -1
	}
	b, err := os.ReadFile(rssFile)
	if err != nil {
		t.Fatalf("%v: no peak RSS from the launcher: %v", args, err)
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		t.Fatalf("%v: launcher file %q: want peak RSS and CPU time", args, b)
	}
	rss, _ := strconv.ParseInt(f[0], 10, 64)
	cpu, _ := strconv.ParseInt(f[1], 10, 64)
	return code, stderr.buf.String(), took, time.Duration(cpu), rss
}
