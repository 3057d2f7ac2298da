package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runCLI runs sudogen in process with args and stdin, returning the exit
// code, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestVersionFormat(t *testing.T) {
	var b bytes.Buffer
	versionRun(&b, VersionInfo{Version: "v1.2.3", Commit: "abc123", Time: "2026-11-30T10:00:00Z", Modified: true, Go: "go1.26.8", Platform: "linux/amd64"})
	want := "sudogen v1.2.3\ncommit:  abc123 (modified) 2026-11-30T10:00:00Z\ngo:      go1.26.8 linux/amd64\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "sudogen ") || !strings.Contains(out, "go:") {
		t.Fatalf("version: code %d, out %q", code, out)
	}
}

// TestHelpHasExamples: the core commands' --help shows examples and
// exits 0.
func TestHelpHasExamples(t *testing.T) {
	root := NewCmdRoot()
	for _, name := range []string{"batch", "solve", "version"} {
		c, _, err := root.Find([]string{name})
		if err != nil || strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example (%v)", name, err)
		}
	}
	for _, args := range [][]string{{"--help"}, {"batch", "--help"}, {"solve", "--help"}, {"version", "--help"}} {
		code, out, _ := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "Examples:") {
			t.Errorf("%v: exit %d, no Examples section", args, code)
		}
	}
}

// TestCompletion: cobra's completion command writes a bash script.
func TestCompletion(t *testing.T) {
	code, out, errOut := runCLI(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(out, "__start_sudogen") {
		t.Errorf("completion bash: exit %d, stderr %q, %d bytes", code, errOut, len(out))
	}
}
