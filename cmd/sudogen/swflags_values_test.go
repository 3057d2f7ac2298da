package main

import (
	"os"
	"strings"
	"testing"
)

// TestFlagTakesNextFlagAsValue: a flag that takes a value, given the next
// flag where its value goes, is refused in one line, exit 2, naming the
// flag and the word it got, and nothing is written; before, the parser
// took the flag as the value (`merge a.jsonl -o -q` wrote a file named
// -q). Every command and form is covered by one rule: short, long,
// the last of a shorthand cluster, a number flag, --. Values that only
// begin with '-' (a negative number, -o - for stdout, -2+2) and values
// written --flag=value are the user's and are kept.
func TestFlagTakesNextFlagAsValue(t *testing.T) {
	t.Chdir(t.TempDir())
	code, corpus, errOut := runCLI(t, "", "batch", "--count", "2", "--seed", "1", "--no-grade", "-q")
	if code != 0 {
		t.Fatalf("batch: exit %d, %s", code, errOut)
	}
	if err := os.WriteFile("a.jsonl", []byte(corpus), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", "a.jsonl", "-o", "-q"}, "sudogen: -o lacks its value: the next word is the flag -q (give -o its value first; for a value that begins with '-', write --output=-q)\n"},
		{[]string{"batch", "--count", "5", "-o", "--tier", "hard"}, "sudogen: -o lacks its value: the next word is the flag --tier (give -o its value first; for a value that begins with '-', write --output=--tier)\n"},
		{[]string{"batch", "--output", "-q"}, "sudogen: --output lacks its value: the next word is the flag -q"},
		{[]string{"batch", "-qo", "--tier"}, "sudogen: -o lacks its value: the next word is the flag --tier"},
		{[]string{"batch", "--count", "-o", "x.jsonl"}, "sudogen: --count lacks its value: the next word is the flag -o (give --count its value first)\n"},
		{[]string{"solve", "-w", "-c", "a.jsonl"}, "sudogen: -w lacks its value: the next word is the flag -c (give -w its value first)\n"},
		{[]string{"export", "a.jsonl", "--title", "--", "-o", "b.pdf"}, "sudogen: --title lacks its value: the next word is --, the end of the flags (give --title its value first; for a value that begins with '-', write --title=--)\n"},
		{[]string{"batch", "--kind", "--tierr", "hard"}, "sudogen: --kind lacks its value: the next word is the flag --tierr (give --kind its value first)\n"},
		{[]string{"export", "a.jsonl", "-o", "--help"}, "sudogen: -o lacks its value: the next word is the flag --help"},
		// at the end of the line: the parser said "flag needs an argument: 'o' in -o"
		{[]string{"merge", "a.jsonl", "-o"}, "sudogen: -o lacks its value: it ends the command line; expected a file name, or - for stdout\n"},
		{[]string{"batch", "--count"}, "sudogen: --count lacks its value: it ends the command line; expected a whole number\n"},
		{[]string{"batch", "--kind"}, "sudogen: --kind lacks its value: it ends the command line; expected one of sudoku, "},
		{[]string{"batch", "--max-time"}, "sudogen: --max-time lacks its value: it ends the command line; expected a positive duration such as 90s or 10m, or 0 for no limit\n"},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if names, _ := os.ReadDir("."); len(names) != 1 {
		t.Errorf("files written: %v; want a.jsonl only", names)
	}

	// Values beginning with '-' that are no flag of the command, and
	// --flag=value, are values.
	for _, c := range []struct {
		args []string
		code int
		want string // in stdout, or stderr when the run fails
	}{
		{[]string{"merge", "a.jsonl", "-q", "-o", "-"}, 0, `"index":1}`},
		{[]string{"merge", "a.jsonl", "-q", "--output=-q"}, 0, ""},
		{[]string{"export", "a.jsonl", "--sort", "-id", "-q", "-o", "-"}, 0, "{\"v\":1,\"id\":\"s9-0000001\""},
		{[]string{"batch", "--count", "1", "--seed", "-5"}, 2, `invalid argument "-5" for "--seed" flag: expected a whole number from 0`},
		{[]string{"batch", "--vicinity", "-2+2", "--no-grade"}, 2, "--vicinity -2+2 needs grading"},
		{[]string{"batch", "--count", "1", "--seed", "1", "--title", "-Foo", "--format", "html", "-q", "-o", "p.html"}, 0, ""},
		{[]string{"batch", "-n1", "-q", "--no-grade", "--seed", "1", "--", "-o", "--tier"}, 2, `batch: expected flags only, no arguments; got "-o", "--tier"`},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) || strings.Contains(errOut, "lacks its value") {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
	if _, err := os.Stat("-q"); err != nil {
		t.Errorf("--output=-q: %v", err)
	}
	if b, err := os.ReadFile("p.html"); err != nil || !strings.Contains(string(b), "-Foo") {
		t.Errorf("--title -Foo: the page does not carry the title (%v)", err)
	}
}
