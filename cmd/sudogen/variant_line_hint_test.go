package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVariantLineHint: an X-Sudoku's txt line read without --variant is
// a classic puzzle with many solutions; merge and export refuse it with
// the hint to read it with --variant (they said only "puzzle has more
// than one solution"), read it with --variant x, and give a JSON
// record's many solutions no such hint (a record names its kind).
func TestVariantLineHint(t *testing.T) {
	dir := t.TempDir()
	x := filepath.Join(dir, "x.jsonl")
	if code, _, e := runCLI(t, "", "batch", "--variant", "x", "-n", "2", "--seed", "3", "--no-grade", "-q", "-o", x); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, e)
	}
	txt := filepath.Join(dir, "x.txt")
	if code, _, e := runCLI(t, "", "export", x, "--format", "txt", "-q", "-o", txt); code != 0 {
		t.Fatalf("export txt: exit %d: %s", code, e)
	}
	line, _, _ := strings.Cut(string(mustRead(t, txt)), "\n")
	js := filepath.Join(dir, "classic.jsonl")
	os.WriteFile(js, []byte(`{"v":1,"kind":"sudoku","size":9,"box":[3,3],"puzzle":"`+line+`"}`+"\n"), 0o644)
	const hint = "puzzle has more than one solution (if it is a variant's line, as txt and se write them, read it with --variant and the variant's names)"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"merge", txt, "-q", "-o", filepath.Join(dir, "m.jsonl")}, 1, txt + ":1: " + hint},
		{[]string{"export", txt, "-q", "-o", filepath.Join(dir, "b.pdf")}, 1, txt + ":1: " + hint},
		{[]string{"merge", "--variant", "x", txt, "-q", "-o", filepath.Join(dir, "m2.jsonl")}, 0, ""},
		{[]string{"export", "--variant", "x", txt, "-q", "-o", filepath.Join(dir, "b2.pdf")}, 0, ""},
		{[]string{"merge", js, "-q", "-o", filepath.Join(dir, "m3.jsonl")}, 1, js + ":1: puzzle has more than one solution\n"},
	} {
		code, _, e := runCLI(t, "", c.args...)
		if code != c.code || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args[:2], code, e, c.code, c.want)
		}
	}
}
