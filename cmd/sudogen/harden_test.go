package main

// Tests of the built binary for what only a real process shows: signals,
// write errors on a full disk, special files as outputs, files left by a
// killed run, and inputs that once made it loop. Each names the issue #15
// item it covers. Run them against another build with
// SUDOGEN_TEST_BIN=/path/to/sudogen.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/testdata"
)

// p17Solution is the solution of p17 (checked by validSolution below).
const p17Solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

// capWriter keeps the first max bytes written to it and counts the rest,
// so a runaway process cannot fill the test's memory.
type capWriter struct {
	buf   bytes.Buffer
	max   int
	total int64
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.total += int64(len(p))
	if room := w.max - w.buf.Len(); room > 0 {
		w.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// runBin runs the binary with args and stdin, for at most limit, and
// returns its exit code (-1: killed at the limit), stdout and stderr (each
// capped at 1 MiB).
func runBin(t *testing.T, limit time.Duration, stdin io.Reader, args ...string) (code int, stdout, stderr string, elapsed time.Duration) {
	t.Helper()
	bin := buildBinary(t) // before the limit starts: a build on a loaded machine can outlast it
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin = stdin
	out, errOut := &capWriter{max: 1 << 20}, &capWriter{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = out, errOut
	start := time.Now()
	err := cmd.Run()
	elapsed = time.Since(start)
	code = 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		code = -1
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return code, out.buf.String(), errOut.buf.String(), elapsed
}

// TestLongLineStops (item 1): a line longer than any puzzle is one error
// naming file and line 1, not an endless loop, for every reader.
func TestLongLineStops(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	// Over 16 MiB, the old reader's limit, so the old loop shows.
	if err := os.WriteFile(big, bytes.Repeat([]byte{'1'}, 17<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", big}, {"grade", big}, {"canon", big},
		{"merge", big, "-o", filepath.Join(dir, "m.jsonl")},
		{"export", big, "-o", filepath.Join(dir, "e.jsonl")},
		{"solve", "--kind", "slide", big},
		{"reglib", big},
		{"batch", "--count", "1", "--exclude", big, "-o", filepath.Join(dir, "b.jsonl")},
	} {
		// The old reader looped for ever: the 20 s limit catches that
		// (a wall-clock bound tighter than that failed on a loaded
		// machine while the reader did nothing wrong).
		code, _, stderr, took := runBin(t, 20*time.Second, nil, args...)
		if code == -1 {
			t.Errorf("%v: still running after %s (stderr begins %.200q)", args[0], took, stderr)
			continue
		}
		lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
		want := 1
		if args[0] == "batch" {
			want = 2 // --exclude's file, a flag's input: a usage error
		}
		if code != want || len(lines) != 1 || !strings.Contains(lines[0], big+":1:") && !strings.Contains(lines[0], "line 1:") {
			t.Errorf("%v: exit %d, stderr %.300q; want exit %d and one line naming %s line 1", args, code, stderr, want, big)
		}
	}
}

// TestWriteErrorsFail (item 5): every command that writes to stdout fails
// with exit 1 and "writing stdout: no space left on device" on /dev/full.
func TestWriteErrorsFail(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full on this system")
	}
	defer full.Close()
	in := strings.Repeat(p17+"\n", 2000)
	for _, args := range [][]string{
		{"solve"}, {"solve", "--count"}, {"grade"}, {"grade", "--format", "table"}, {"canon"}, {"canon", "--unique"},
		{"explain", p17}, {"explain", "--next", p17}, {"techniques"}, {"techniques", "--format", "json"},
		{"version"}, {"batch", "--count", "3", "-q"}, {"merge", "-", "-o", "-", "-q"},
		{"export", "-", "-o", "-", "-q"}, {"--help"}, {"completion", "bash"},
	} {
		cmd := exec.Command(buildBinary(t), args...)
		cmd.Stdin = strings.NewReader(in)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%v > /dev/full: %v, stderr %q; want exit 1 naming the full disk", args, err, stderr.String())
		}
	}
}

// startFed starts the binary with args reading stdin from a pipe the test
// keeps feeding with line, so the run is as long as the test wants, and
// stdout going to a file. It returns when the first output is written.
func startFed(t *testing.T, line string, args ...string) (cmd *exec.Cmd, outPath string, stderr *bytes.Buffer, stopFeed func()) {
	t.Helper()
	outPath = filepath.Join(t.TempDir(), "out.txt")
	out, err := os.Create(outPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { out.Close() })
	cmd = exec.Command(buildBinary(t), args...)
	pr, pw := io.Pipe()
	cmd.Stdin = pr
	cmd.Stdout = out
	stderr = &bytes.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	quit := make(chan struct{})
	go func() {
		block := []byte(strings.Repeat(line+"\n", 64))
		for {
			select {
			case <-quit:
				pw.Close()
				return
			default:
			}
			if _, err := pw.Write(block); err != nil {
				return
			}
		}
	}()
	stopFeed = func() {
		select {
		case <-quit:
		default:
			close(quit)
		}
		pr.Close()
	}
	t.Cleanup(stopFeed)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if st, err := os.Stat(outPath); err == nil && st.Size() > 0 {
			return cmd, outPath, stderr, stopFeed
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	t.Fatalf("%v: no output after 30 s; stderr %q", args, stderr.String())
	return
}

// waitExit waits for cmd at most limit and returns its exit code and how
// long it took (-1 if it had to be killed).
func waitExit(t *testing.T, cmd *exec.Cmd, limit time.Duration) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode(), time.Since(start)
		}
		return 0, time.Since(start)
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		return -1, time.Since(start)
	}
}

// loadedTries is how often a timed signal test is tried before it fails
// for taking over a second: on a machine shared by many jobs a process
// may wait that long just to be scheduled. A command that does not stop
// fails every try.
const loadedTries = 3

// TestSignalsStopPerPuzzleCommands (item 6): solve, canon and grade stop
// within a second of SIGINT (exit 130) or SIGTERM (exit 143) while input
// keeps coming, and what they wrote is complete lines, each right.
func TestSignalsStopPerPuzzleCommands(t *testing.T) {
	canonP17 := ""
	for _, c := range []struct {
		args []string
		want func(line string) bool
	}{
		{[]string{"solve"}, func(l string) bool { return l == p17Solution }},
		{[]string{"solve", "--count"}, func(l string) bool { return l == "1" }},
		{[]string{"canon"}, func(l string) bool {
			if canonP17 == "" {
				canonP17 = l
			}
			return len(l) == 81 && l == canonP17
		}},
		{[]string{"grade"}, func(l string) bool {
			return strings.HasPrefix(l, "{") && strings.HasSuffix(l, "}") && strings.Contains(l, `"solution":"`+p17Solution+`"`)
		}},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			name := fmt.Sprintf("%s %v", strings.Join(c.args, " "), sig)
			var code int
			var took time.Duration
			var outPath string
			var stderr *bytes.Buffer
			for try := 0; try < loadedTries; try++ {
				var cmd *exec.Cmd
				var stopFeed func()
				cmd, outPath, stderr, stopFeed = startFed(t, p17, c.args...)
				cmd.Process.Signal(sig)
				code, took = waitExit(t, cmd, 10*time.Second)
				stopFeed()
				if took <= time.Second {
					break
				}
			}
			if code != 128+int(sig) || took > time.Second {
				t.Errorf("%s: exit %d after %s, want %d within 1 s; stderr %q", name, code, took, 128+int(sig), stderr.String())
			}
			data, _ := os.ReadFile(outPath)
			if len(data) == 0 || data[len(data)-1] != '\n' {
				t.Errorf("%s: output (%d bytes) does not end with a complete line", name, len(data))
				continue
			}
			n := 0
			for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
				if !c.want(l) {
					t.Errorf("%s: output line %d is %.100q", name, n+1, l)
					break
				}
				n++
			}
			if !strings.Contains(stderr.String(), "("+numfmt.Count(n, "puzzle")+")") {
				t.Errorf("%s: %d lines written, stderr %q does not say so", name, n, stderr.String())
			}
		}
	}
}

// TestSecondInterruptExitsAtOnce (item 6): two SIGINTs at once during a
// run (as `timeout -s INT` sends them: the second is the first's echo,
// internal/interrupt's Echo) end it within a second, and leave no
// temporary file beside the output. A second Ctrl-C after the echo
// forces the exit: TestForcedExitRemovesStaging.
func TestSecondInterruptExitsAtOnce(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "s.jsonl")
	var code int
	var took time.Duration
	for try := 0; try < loadedTries && (try == 0 || took > time.Second); try++ {
		cmd := exec.Command(buildBinary(t), "batch", "--size", "16", "--count", "100000", "--seed", "3", "-q", "-o", out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitFor(t, func() bool { m, _ := filepath.Glob(filepath.Join(dir, ".s.jsonl.tmp-*")); return len(m) > 0 })
		time.Sleep(200 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Process.Signal(syscall.SIGINT)
		code, took = waitExit(t, cmd, 10*time.Second)
	}
	if code != 130 || took > time.Second {
		t.Errorf("two SIGINTs: exit %d after %s, want 130 within 1 s", code, took)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".s.jsonl.tmp-*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 30 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestStaleTempRemoved (item 11): the temporary file of a run killed with
// SIGKILL is removed by the next run to the same output.
func TestStaleTempRemoved(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "k.jsonl")
	cmd := exec.Command(buildBinary(t), "batch", "--count", "1000000", "--no-grade", "-q", "-o", out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	glob := filepath.Join(dir, ".k.jsonl.tmp-*")
	waitFor(t, func() bool { m, _ := filepath.Glob(glob); return len(m) > 0 })
	cmd.Process.Kill()
	cmd.Wait()
	if m, _ := filepath.Glob(glob); len(m) != 1 {
		t.Fatalf("after kill -9: temporary files %v, want one", m)
	}
	if code, _, stderr, _ := runBin(t, time.Minute, nil, "batch", "--count", "2", "--seed", "1", "-q", "-o", out); code != 0 {
		t.Fatalf("second run: exit %d %s", code, stderr)
	}
	if m, _ := filepath.Glob(glob); len(m) != 0 {
		t.Errorf("stale temporary files left after the next run: %v", m)
	}
	if n := countLines(t, out); n != 2 {
		t.Errorf("output has %d lines, want 2", n)
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
	}
	return n
}

// TestSpecialOutputs (item 4): -o naming a FIFO or a device node writes to
// it in place (it stays what it was), and -o naming a symbolic link
// writes the link's target (the link stays a link).
func TestSpecialOutputs(t *testing.T) {
	dir := t.TempDir()
	// Symbolic link: the target gets the data.
	target := filepath.Join(dir, "target.jsonl")
	os.WriteFile(target, []byte("old\n"), 0o600)
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink("target.jsonl", link); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"batch", "--count", "3", "--seed", "1", "-q", "-o", link},
		{"export", "-", "-o", link, "-q"},
		{"merge", "-", "-o", link, "-q"},
	} {
		code, _, stderr, _ := runBin(t, time.Minute, strings.NewReader(strings.Repeat(p17+"\n", 3)), args...)
		st, err := os.Lstat(link)
		if code != 0 || err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%v: exit %d %s; link is now %v", args, code, stderr, st.Mode())
			continue
		}
		ts, _ := os.Stat(target)
		if n := countLines(t, target); n < 1 || ts.Mode().Perm() != 0o600 {
			t.Errorf("%v: target has %d lines, mode %v; want the records, mode 0600 kept", args, n, ts.Mode().Perm())
		}
	}

	// FIFO: written in place, a reader gets the records.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan int, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- -1
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- bytes.Count(b, []byte("\n"))
	}()
	code, _, stderr, _ := runBin(t, time.Minute, nil, "batch", "--count", "4", "--seed", "1", "-q", "-o", fifo)
	select {
	case n := <-got:
		if code != 0 || n != 4 {
			t.Errorf("-o FIFO: exit %d %s, reader got %d lines, want 4", code, stderr, n)
		}
	case <-time.After(5 * time.Second):
		// The reader waits on a FIFO nobody opened (its goroutine is
		// left blocked; the test binary exits anyway).
		t.Errorf("-o FIFO: exit %d %s, and the FIFO's reader got nothing", code, stderr)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("-o FIFO: the FIFO was replaced (%v)", st.Mode())
	}

	// Device node (needs root to make one): a copy of /dev/null.
	dev := filepath.Join(dir, "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("cannot make a device node (%v): checking /dev/null is written in place instead", err)
		dev = "/dev/null"
	}
	for _, args := range [][]string{
		{"batch", "--count", "2", "--seed", "1", "-q", "-o", dev},
		{"export", "-", "-o", dev, "--format", "jsonl", "-q"},
		{"merge", "-", "-o", dev, "-q"},
	} {
		code, _, stderr, _ := runBin(t, time.Minute, strings.NewReader(p17+"\n"), args...)
		st, err := os.Lstat(dev)
		if code != 0 || err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%v: exit %d %s; %s is now %v", args, code, stderr, dev, st.Mode())
		}
	}
}

// TestCountTooLarge (item 10): a count past the largest whole number says
// it is too large.
func TestCountTooLarge(t *testing.T) {
	for _, c := range []struct{ args []string }{
		{[]string{"batch", "--count", "99999999999999999999"}},
		{[]string{"batch", "--workers", "99999999999999999999"}},
		{[]string{"solve", "--limit", "99999999999999999999"}},
		{[]string{"export", "-", "-o", "x.jsonl", "--limit", "99999999999999999999"}},
	} {
		code, _, stderr, _ := runBin(t, time.Minute, nil, c.args...)
		if code != 2 || !strings.Contains(stderr, "99999999999999999999") || !strings.Contains(stderr, "too large") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 saying too large", c.args, code, stderr)
		}
	}
}

// TestSignalsStopEveryLongCommand (item 6): export (PDF, XLSX), merge,
// slide build-tables and batch stop within a second of SIGINT or SIGTERM
// with 130 or 143; the unfinished outputs leave no file behind, and batch
// keeps the puzzles it wrote.
func TestSignalsStopEveryLongCommand(t *testing.T) {
	dir := t.TempDir()
	var sb strings.Builder
	puzzles := testdataPuzzles(t)
	for sb.Len() < 16<<20 {
		for _, p := range puzzles {
			sb.WriteString(p)
			sb.WriteByte('\n')
		}
	}
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, "cache")
	for _, c := range []struct {
		args []string
		sig  syscall.Signal
		out  string // the output: must not exist after the signal ("" none)
		keep string // an output that must exist, complete
	}{
		{[]string{"export", big, "-o", filepath.Join(dir, "b.pdf")}, syscall.SIGINT, "b.pdf", ""},
		{[]string{"export", big, "-o", filepath.Join(dir, "b.xlsx")}, syscall.SIGTERM, "b.xlsx", ""},
		{[]string{"merge", big, big, "-o", filepath.Join(dir, "m.jsonl")}, syscall.SIGTERM, "m.jsonl", ""},
		{[]string{"slide", "build-tables", "--size", "4", "--cache-dir", cache}, syscall.SIGINT, "", ""},
		{[]string{"batch", "--count", "1000000", "-q", "-o", filepath.Join(dir, "k.jsonl")}, syscall.SIGTERM, "", "k.jsonl"},
	} {
		name := fmt.Sprintf("%s %v", strings.Join(c.args[:2], " "), c.sig)
		var stderr bytes.Buffer
		var code int
		var took time.Duration
		for try := 0; try < loadedTries && (try == 0 || took > time.Second || code != 128+int(c.sig)); try++ {
			// Again when a loaded machine was slow: a process killed
			// before it set up its signal handling has no exit code.
			cmd := exec.Command(buildBinary(t), c.args...)
			stderr.Reset()
			cmd.Stderr = &stderr
			ready := readyFile(t, cmd)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ready)
			time.Sleep(200 * time.Millisecond) // into the command's work
			if c.keep != "" {
				// The records must be there to be kept: on a loaded
				// machine the first may take longer than the second
				// above (the test once found no k.jsonl at load 60).
				waitForBytes(filepath.Join(dir, "."+c.keep+".tmp-*"), 20*time.Second)
			}
			cmd.Process.Signal(c.sig)
			code, took = waitExit(t, cmd, 20*time.Second)
		}
		if code != 128+int(c.sig) || took > time.Second {
			t.Errorf("%s: exit %d after %s, want %d within 1 s; stderr %q", name, code, took, 128+int(c.sig), stderr.String())
		}
		if c.out != "" {
			if _, err := os.Stat(filepath.Join(dir, c.out)); err == nil {
				t.Errorf("%s: %s exists after the interruption", name, c.out)
			}
		}
		if c.keep != "" {
			if n := countLines(t, filepath.Join(dir, c.keep)); n < 1 {
				t.Errorf("%s: %s kept %d records", name, c.keep, n)
			}
		}
		left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
		more, _ := filepath.Glob(filepath.Join(cache, ".*.tmp-*"))
		if len(left)+len(more) > 0 {
			t.Errorf("%s: temporary files left: %v %v", name, left, more)
		}
	}
}

// readyFile sets cmd's environment so that the binary creates a file
// once its signal handling is set up (readyEnv), and returns a check for
// that file: a test that sends a signal waits for it rather than for a
// fixed time, which a loaded machine can outlast.
func readyFile(t *testing.T, cmd *exec.Cmd) func() bool {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "ready-*")
	if err != nil {
		t.Fatal(err)
	}
	path := f.Name()
	f.Close()
	os.Remove(path)
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, readyEnv+"="+path)
	return func() bool { _, err := os.Stat(path); return err == nil }
}

// waitForBytes waits until a file matching glob holds something, or max
// has passed.
func waitForBytes(glob string, max time.Duration) {
	for deadline := time.Now().Add(max); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		m, _ := filepath.Glob(glob)
		for _, f := range m {
			if st, err := os.Stat(f); err == nil && st.Size() > 0 {
				return
			}
		}
	}
}

// waitForFile waits until path exists or max has passed.
func waitForFile(path string, max time.Duration) {
	for deadline := time.Now().Add(max); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
	}
}

// testdataPuzzles returns the 17-clue puzzles of the repository's test
// data.
func testdataPuzzles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, f := range testdata.Fields(t, "sudoku/17-clue.txt") {
		out = append(out, f[0])
	}
	return out
}
