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

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "sudogen ") || !strings.Contains(out, "go:") {
		t.Fatalf("version: code %d, out %q", code, out)
	}
}
