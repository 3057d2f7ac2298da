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
