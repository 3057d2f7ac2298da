package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// TestMergeShardsCLI: batch shards merged by the command are the unsharded
// run's file, byte for byte; inputs of another size are refused.
func TestMergeShardsCLI(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if code, _, e := runCLI(t, "", "batch", "-n", "90", "--seed", "8", "-q", "-o", whole); code != 0 {
		t.Fatal(e)
	}
	var shards []string
	for i := range 3 {
		p := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i))
		if code, _, e := runCLI(t, "", "batch", "-n", "30", "--seed", "8", "--shard", fmt.Sprintf("%d/3", i), "-q", "-o", p); code != 0 {
			t.Fatal(e)
		}
		shards = append([]string{p}, shards...) // given in reverse
	}
	out := filepath.Join(dir, "merged.jsonl")
	code, _, e := runCLI(t, "", append([]string{"merge", "--memory", "16MiB", "--tmpdir", dir, "--progress", "always", "-o", out}, shards...)...)
	if code != 0 {
		t.Fatal(e)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(out)
	if string(a) != string(b) {
		t.Fatal("merged shards differ from the unsharded run")
	}
	if !strings.Contains(e, "merge: reading") || !strings.Contains(e, "merged 90 puzzles from 3 inputs: 90 kept, 0 duplicates dropped; written to "+out) {
		t.Errorf("stderr %q", e)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "sudogen-*")); len(left) > 0 {
		t.Errorf("temporary files left in --tmpdir: %v", left)
	}
	six := filepath.Join(dir, "six.jsonl")
	runCLI(t, "", "batch", "--box", "2x3", "-n", "2", "-q", "-o", six)
	code, _, e = runCLI(t, "", "merge", whole, six, "-o", filepath.Join(dir, "mixed.jsonl"))
	if code != 1 || e != "sudogen: "+six+":1: a 6x6 sudoku (2x3 boxes), but "+whole+":1 is a 9x9 sudoku (3x3 boxes): merge corpora of one kind and size\n" {
		t.Errorf("exit %d, stderr %q", code, e)
	}
	if _, err := os.Stat(filepath.Join(dir, "mixed.jsonl")); err == nil {
		t.Error("a failed merge wrote its output")
	}
}

// TestMergeFlags: bad --memory and --tmpdir values are usage errors.
func TestMergeFlags(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte(strings.Repeat(".", 80)+"1\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--memory", "lots"}, `invalid argument "lots" for "--memory" flag: expected a size such as 512MiB, 2GiB or 800MB`},
		{[]string{"--memory", "1MiB"}, `1MiB is too little: at least 16MiB`},
		{[]string{"--memory", "-5M"}, `expected a size`},
		{[]string{"--tmpdir", filepath.Join(dir, "none")}, `--tmpdir ` + filepath.Join(dir, "none") + `: no such file or directory; expected a folder for the temporary files`},
		{[]string{"--tmpdir", in}, `: not a folder`},
	} {
		code, _, e := runCLI(t, "", append([]string{"merge", in, "-o", filepath.Join(dir, "o.jsonl")}, c.args...)...)
		if code != 2 || strings.Count(e, "\n") != 1 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, e, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want int64
	}{{"512MiB", 512 << 20}, {"2GiB", 2 << 30}, {"800MB", 800e6}, {"1.5G", 3 << 29}, {"16777216", 16 << 20}, {"64m", 64 << 20}} {
		if n, err := parseSize(c.in); err != nil || n != c.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", c.in, n, err, c.want)
		}
	}
}

// TestMergeCheckCanonical: a record whose "canonical" field is wrong is
// trusted by default (as --exclude does) and corrected with
// --check-canonical.
func TestMergeCheckCanonical(t *testing.T) {
	dir := t.TempDir()
	p := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	in := filepath.Join(dir, "in.jsonl")
	os.WriteFile(in, []byte(`{"id":"a","kind":"sudoku","size":9,"puzzle":"`+p+`","canonical":"wrong","seed":0,"index":0}`+"\n"), 0o644)
	out := filepath.Join(dir, "out.jsonl")
	canonOf := func() string {
		b, _ := os.ReadFile(out)
		var rec struct{ Canonical string }
		json.Unmarshal(b, &rec)
		return rec.Canonical
	}
	runCLI(t, "", "merge", "-q", in, "-o", out)
	if c := canonOf(); c != "wrong" {
		t.Errorf("default: canonical %q, want the record's own", c)
	}
	_, want, _ := runCLI(t, "", "canon", in)
	runCLI(t, "", "merge", "-q", "--check-canonical", in, "-o", out)
	if c := canonOf(); c+"\n" != want {
		t.Errorf("--check-canonical: canonical %q, want %q", c, want)
	}
}

// TestMergeIsomorphCorpus: a corpus where 30% of the records are random
// transformations of others (made by scripts/isomorphs.py, written apart
// from sudogen's code), shuffled, merges into exactly the distinct
// originals, byte for byte in index order, with a memory budget small
// enough to spill. SUDOGEN_LONG=1 makes it 100,000 records.
func TestMergeIsomorphCorpus(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed for scripts/isomorphs.py (.ci/run installs it)")
	}
	n, dups := 2100, 900
	if os.Getenv("SUDOGEN_LONG") != "" {
		n, dups = 70000, 30000
	}
	dir := t.TempDir()
	orig := filepath.Join(dir, "orig.jsonl")
	runProc(t, nil, "batch", "-n", fmt.Sprint(n), "--seed", "12", "--no-grade", "-q", "-o", orig)
	corpus := filepath.Join(dir, "corpus.jsonl")
	if out, err := exec.Command(py, filepath.Join(repoRoot(t), "scripts", "isomorphs.py"), orig, fmt.Sprint(n), fmt.Sprint(dups), corpus).CombinedOutput(); err != nil {
		t.Fatalf("isomorphs.py: %v: %s", err, out)
	}
	out := filepath.Join(dir, "merged.jsonl")
	e := runProc(t, nil, "merge", "--memory", "16MiB", "--tmpdir", dir, "-o", out, corpus)
	if want := fmt.Sprintf("%s read, %s kept, %s dropped", numfmt.Int(n+dups), numfmt.Int(n), numfmt.Count(dups, "duplicate")); !strings.Contains(e, want) {
		t.Errorf("stderr %q, want %q", e, want)
	}
	sameFiles(t, "merged isomorph corpus", out, orig)
}
