package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
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

// TestHelpHasExamples: every command, cobra's own (help, completion and
// its shells) included, shows examples in --help and exits 0 (issue #15
// item 16: the README says every command has them).
func TestHelpHasExamples(t *testing.T) {
	var walk func(c *cobra.Command, path []string)
	n := 0
	walk = func(c *cobra.Command, path []string) {
		n++
		code, out, _ := runCLI(t, "", append(append([]string(nil), path...), "--help")...)
		if code != 0 || !strings.Contains(out, "Examples:") {
			t.Errorf("sudogen %s --help: exit %d, no Examples section", strings.Join(path, " "), code)
		}
		for _, sub := range c.Commands() {
			walk(sub, append(append([]string(nil), path...), sub.Name()))
		}
	}
	root := NewCmdRoot()
	addHelpExamples(root)
	walk(root, nil)
	if n < 15 {
		t.Errorf("only %d commands found", n)
	}
}

// TestCompletion: cobra's completion command writes a bash script.
func TestCompletion(t *testing.T) {
	code, out, errOut := runCLI(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(out, "__start_sudogen") {
		t.Errorf("completion bash: exit %d, stderr %q, %d bytes", code, errOut, len(out))
	}
}

// TestUnknownSubcommand: a typo in a subcommand of a command that has
// subcommands is a usage error (exit 2, one line naming it), as at the
// top level; it printed the parent's help and exited 0, so a deploy step
// "sudogen slide build-table" passed having built nothing. The parent
// alone still prints its help.
func TestUnknownSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"slide", "build-table"}, 2, `sudogen: unknown command "build-table" for "sudogen slide" (did you mean build-tables?)` + "\n"},
		{[]string{"completion", "bsh"}, 2, `sudogen: unknown command "bsh" for "sudogen completion"` + "\n"},
		{[]string{"bogus"}, 2, `sudogen: unknown command "bogus" for "sudogen"` + "\n"},
		{[]string{"slide"}, 0, ""},
		{[]string{"completion"}, 0, ""},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != c.code || errOut != c.want || (c.code == 0) != (out != "") {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit %d, stderr %q", c.args, code, len(out), errOut, c.code, c.want)
		}
	}
}
