package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// sharedDir finds the shared folder beside the checkout (../shared from the
// repository root) by walking up from the package folder.
func sharedDir(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"../shared", "../../shared", "../../../shared", "../../../../shared"} {
		if st, err := os.Stat(filepath.Join(p, "tools")); err == nil && st.IsDir() {
			abs, _ := filepath.Abs(p)
			return abs
		}
	}
	t.Fatal("shared folder (../shared beside the checkout) not found")
	return ""
}

// sudocheck runs the independent checker on a JSONL file.
func sudocheck(t *testing.T, file string, minimal bool, extra ...string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed for the independent checker (.ci/run installs it)")
	}
	args := []string{filepath.Join(sharedDir(t), "tools", "sudocheck.py")}
	if minimal {
		args = append(args, "--minimal")
	}
	args = append(append(args, extra...), file)
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("sudocheck %s: %v\n%s", file, err, out)
	}
	return string(out)
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
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}
