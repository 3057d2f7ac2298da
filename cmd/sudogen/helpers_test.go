package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// sudocheck runs the independent checker on a JSONL file.
func sudocheck(t *testing.T, file string, minimal bool, extra ...string) string {
	t.Helper()
	out, err := runChecker(t, file, minimal, extra...)
	if err != nil {
		t.Fatalf("sudocheck %s: %v\n%s", file, err, out)
	}
	return string(out)
}

// runChecker runs the independent checker on a JSONL file and returns
// its output and exit error.
func runChecker(t *testing.T, file string, minimal bool, extra ...string) ([]byte, error) {
	t.Helper()
	args := testdata.Checker(t)
	if minimal {
		args = append(args, "--minimal")
	}
	args = append(append(args, extra...), file)
	return exec.Command(args[0], args[1:]...).CombinedOutput()
}

// sudocheckFiles runs the independent checker once on the records of
// every file (each a python start, about 0.5 CPU-s, saved per file) and
// fails unless all of them pass; a failure names the file each failing
// line came from.
func sudocheckFiles(t *testing.T, minimal bool, files ...string) {
	t.Helper()
	var all []byte
	var where []string // where[i]: the file of line i+1 of all
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.SplitAfter(string(b), "\n") {
			if strings.TrimSpace(l) != "" {
				all = append(all, l...)
				where = append(where, f)
			}
		}
	}
	joined := filepath.Join(t.TempDir(), "all.jsonl")
	if err := os.WriteFile(joined, all, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runChecker(t, joined, minimal)
	if want := fmt.Sprintf("sudocheck: %d passed, 0 failed", len(where)); err != nil || !strings.Contains(string(out), want) {
		var lines []string
		for _, m := range regexp.MustCompile(`(?m)^line (\d+):`).FindAllStringSubmatch(string(out), -1) {
			if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= len(where) {
				lines = append(lines, fmt.Sprintf("line %d is from %s", n, where[n-1]))
			}
		}
		t.Fatalf("sudocheck of %v (minimal %v): %v, want %q:\n%s%s", files, minimal, err, want, out, strings.Join(lines, "\n"))
	}
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// buildBinary builds sudogen once per test run and returns its path.
// SUDOGEN_TEST_BIN names a prebuilt binary to test instead (an older
// build, to show that a test fails on it).
func buildBinary(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("SUDOGEN_TEST_BIN"); b != "" {
		return b
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sudogen-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "sudogen")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = &buildError{err, string(out)}
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

func TestMain(m *testing.M) {
	if os.Getenv("SUDOGEN_TEST_LAUNCH") != "" {
		os.Exit(launch(os.Args[1:]))
	}
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// launch runs args[0] with args[1:] on this process's standard streams and
// returns its exit code, writing its peak RSS in KB and its CPU time
// (user+system, ns) to the file named by SUDOGEN_TEST_LAUNCH. The test binary re-runs itself as this small
// launcher to measure a child's memory: Linux counts in a process's peak
// RSS the memory of the process that started it (vfork), which in a test
// binary is the test's own.
func launch(args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "launch:", err)
		return 125
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu := ru.Utime.Nano() + ru.Stime.Nano()
		os.WriteFile(os.Getenv("SUDOGEN_TEST_LAUNCH"), []byte(strconv.FormatInt(ru.Maxrss, 10)+" "+strconv.FormatInt(cpu, 10)), 0o644)
	}
	return cmd.ProcessState.ExitCode()
}
