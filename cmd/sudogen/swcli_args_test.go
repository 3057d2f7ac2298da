package main

import (
	"strings"
	"testing"
)

// TestNoArgumentsSaid: an argument given to a command that takes none is
// a usage error saying so, as a wrong count is said for the commands
// that take arguments (expectArgs), not `unknown command "100" for
// "sudogen batch"` (a user who typed `batch 100` meant a count, not a
// command); a command with subcommands still names an unknown one.
func TestNoArgumentsSaid(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "100"}, `sudogen: batch: expected flags only, no arguments; got "100"`},
		{[]string{"techniques", "x-wing", "killer"}, `sudogen: techniques: "killer" is no technique: to list the killer ladder, sudogen techniques --kind killer`},
		{[]string{"slide", "build-tables", "4"}, `sudogen: slide build-tables: expected flags only, no arguments; got "4"`},
		{[]string{"completion", "bash", "extra"}, `sudogen: completion bash: expected flags only, no arguments; got "extra"`},
		{[]string{"version", "--", "-x"}, `sudogen: version: expected flags only, no arguments; got "-x"`},
		{[]string{"slide", "build"}, `sudogen: unknown command "build" for "sudogen slide" (did you mean build-tables?)`},
		{[]string{"completion", "bsh"}, `sudogen: unknown command "bsh" for "sudogen completion"`},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || errOut != c.want+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, out, errOut, c.want)
		}
	}
}

// TestMissingOutputSaid: export and merge without -o say it the same
// way, with what -o takes (export said "-o/--output is required: the
// file to write", merge "merge needs -o OUT (...)").
func TestMissingOutputSaid(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "c.jsonl"}, "sudogen: export needs -o OUT (a .jsonl, .pdf, .xlsx, .html, .txt or .csv file, or - for stdout: jsonl, txt, csv or se)\n"},
		{[]string{"merge", "c.jsonl"}, "sudogen: merge needs -o OUT (a JSONL file, or - for stdout)\n"},
	} {
		code, _, errOut := runCLI(t, "", c.args...)
		if code != 2 || errOut != c.want {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
