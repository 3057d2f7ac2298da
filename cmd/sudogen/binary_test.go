package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
)

// TestInterrupt starts a large batch as a real process, sends SIGINT once
// records are being written, and checks that the file exists under its
// final name, is valid JSONL, holds exactly the number of puzzles the
// summary announced, and passes the independent checker.
func TestInterrupt(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "big.jsonl")
	cmd := exec.Command(bin, "batch", "--count", "1000000", "--workers", "2", "--seed", "9", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the temporary file has data (records are being written),
	// at most 60 s (the machine may be loaded).
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(filepath.Join(dir, ".big.jsonl.tmp-*")); len(m) == 1 {
			if st, err := os.Stat(m[0]); err == nil && st.Size() > 0 {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("final name exists while the batch is running")
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("exit: %v, want code 130; stderr %q", err, stderr.String())
	}
	m := regexp.MustCompile(`^interrupted: kept ([\d,]+) of 1,000,000 sudoku 9x9 in .*; written to ` + regexp.QuoteMeta(out) + "$").FindStringSubmatch(strings.SplitN(stderr.String(), "\n", 2)[0])
	if m == nil {
		t.Fatalf("stderr %q, want one line \"interrupted: kept N of 1,000,000 ...\"", stderr.String())
	}
	if !strings.Contains(stderr.String(), "\nto continue: the same command with --resume ") {
		t.Errorf("stderr %q does not say how to continue (--resume)", stderr.String())
	}
	kept, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("output not under its final name: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var rec export.Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %d is not valid JSON: %v", n+1, err)
		}
		if rec.Index != int64(n) || rec.Seed != 9 {
			t.Fatalf("line %d: index %d seed %d", n+1, rec.Index, rec.Seed)
		}
		n++
	}
	if n != kept || n == 0 {
		t.Fatalf("file has %d records, summary announced %d", n, kept)
	}
	// Only the run file stays, for batch --resume.
	if left, _ := filepath.Glob(filepath.Join(dir, ".big*")); len(left) != 1 || left[0] != filepath.Join(dir, ".big.jsonl.run.json") {
		t.Errorf("files left beside the output: %v (want only the run file)", left)
	}
	res := sudocheck(t, out, false)
	if !strings.Contains(res, strconv.Itoa(n)+" passed, 0 failed") {
		t.Errorf("checker: %s", res)
	}
	sudocheck(t, out, true, "--max", "50") // the first 50 are minimal too
	t.Logf("interrupted after %d puzzles", n)
}

// TestBinaryExitCodes runs a few bad command lines as real processes.
func TestBinaryExitCodes(t *testing.T) {
	bin := buildBinary(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"batch", "--count", "abc"}, 2, `sudogen: invalid argument "abc" for "-n, --count" flag`},
		{[]string{"batch", "--size", "7"}, 2, "sudogen: --size: unsupported size 7"},
		{[]string{"solve", "/nonexistent/p.txt"}, 1, "sudogen: cannot read /nonexistent/p.txt"},
		{[]string{"version"}, 0, ""},
	} {
		cmd := exec.Command(bin, c.args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		if code != c.code || strings.Count(stderr.String(), "\n") != min(c.code, 1) || !strings.HasPrefix(stderr.String(), c.want) {
			t.Errorf("%v: exit %d stderr %q; want %d and %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}
