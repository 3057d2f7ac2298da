package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputFileFlags: every flag that names a file to read says the same
// of a file that is missing, a folder or a loop of symbolic links, on one
// line, with exit 2 (a usage error), whichever command it is given to.
// Before, a missing --exclude or --from file exited 1 and a missing
// --tiers or --font file 2, each in its own words.
func TestInputFileFlags(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.txt")
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(corpus, []byte("# no puzzles\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.jsonl")
	commands := []struct {
		flag string
		args []string // the command line before the flag
	}{
		{"tiers", []string{"batch", "-n", "1", "-o", out}},
		{"tiers", []string{"grade", corpus}},
		{"tiers", []string{"export", corpus, "-o", filepath.Join(dir, "b.pdf")}},
		{"exclude", []string{"batch", "-n", "1", "-o", out}},
		{"exclude", []string{"batch", "-n", "1", "-o", out, "--exclude", corpus}}, // the second of two
		{"from", []string{"batch", "-n", "1", "--tier", "hard", "-o", out}},
		{"from", []string{"batch", "-n", "1", "--no-grade", "-o", out}}, // before the flags' conflicts
		{"font", []string{"export", corpus, "-o", filepath.Join(dir, "b.pdf")}},
		{"font", []string{"batch", "-n", "1", "--format", "pdf", "-o", filepath.Join(dir, "bk")}},
		{"font-bold", []string{"export", corpus, "-o", filepath.Join(dir, "b.pdf")}},
	}
	covered := map[string]bool{}
	for _, c := range commands {
		covered[c.flag] = true
		for _, f := range []struct{ name, want string }{
			{missing, "cannot read " + missing + ": no such file or directory"},
			{dir, "cannot read " + dir + ": it is a folder; expected " + inputFileFlags[c.flag]},
			{loop, "cannot read " + loop + ": it is a symbolic link that leads back to itself (too many levels of symbolic links)"},
		} {
			args := append(append([]string{}, c.args...), "--"+c.flag, f.name)
			code, _, errOut := runCLI(t, "", args...)
			want := "sudogen: --" + c.flag + ": " + f.want + "\n"
			if code != exitUsage || errOut != want {
				t.Errorf("%s: exit %d, stderr %q; want exit 2, %q", strings.Join(args, " "), code, errOut, want)
			}
		}
	}
	for name := range inputFileFlags {
		if !covered[name] {
			t.Errorf("--%s names an input file but no case above tries it", name)
		}
	}
}

// TestInputFileArgs: a command's input file (an argument) that is a
// folder, a loop of symbolic links or missing is one line naming it, why,
// and for a folder what was expected, exit 1 (explain, whose argument may
// be a puzzle, exit 2). Before, a folder gave "reading DIR: read DIR: is a
// directory" and a loop the system's "too many levels of symbolic links"
// alone; explain took both for a puzzle ("length 4 is not a grid"), and
// --tmpdir said "not a folder" of a folder that does not exist.
func TestInputFileArgs(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "d")
	loop := filepath.Join(dir, "loop")
	missing := filepath.Join(dir, "none.txt")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.jsonl")
	const loopWhy = ": it is a symbolic link that leads back to itself (too many levels of symbolic links)"
	const puzzles = ": it is a folder; expected a file of puzzles (JSONL records or puzzle lines)"
	const explainTakes = " (explain takes a puzzle, a file whose first puzzle it explains, or - for stdin)"
	var cases []struct {
		args []string
		code int
		want string
	}
	add := func(code int, want string, args ...string) {
		cases = append(cases, struct {
			args []string
			code int
			want string
		}{args, code, want})
	}
	for _, cmd := range [][]string{{"solve"}, {"canon"}, {"grade"}, {"stats"}, {"merge", "-o", out}, {"export", "-o", out}} {
		add(1, "cannot read "+folder+puzzles, append(cmd, folder)...)
		add(1, "cannot read "+loop+loopWhy, append(cmd, loop)...)
		add(1, "cannot read "+missing+": no such file or directory", append(cmd, missing)...)
	}
	add(1, "cannot read "+folder+": it is a folder; expected a HoDoKu regression library (reglib-1.3.txt)", "reglib", folder)
	add(1, "cannot read "+loop+loopWhy, "reglib", loop)
	add(2, folder+": it is a folder"+explainTakes, "explain", folder)
	add(2, loop+": a loop of symbolic links"+explainTakes, "explain", loop)
	add(2, missing+": no such file"+explainTakes, "explain", missing)
	add(2, "--tmpdir "+missing+": no such file or directory; expected a folder for the temporary files", "merge", "--tmpdir", missing, "-o", out, "-")
	add(2, "--tmpdir "+loop+loopWhy+"; expected a folder for the temporary files", "merge", "--tmpdir", loop, "-o", out, "-")
	for _, c := range cases {
		code, _, errOut := runCLI(t, "", c.args...)
		if want := "sudogen: " + c.want + "\n"; code != c.code || errOut != want {
			t.Errorf("%s: exit %d, stderr %q; want exit %d, %q", strings.Join(c.args, " "), code, errOut, c.code, want)
		}
	}
}
