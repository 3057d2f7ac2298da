package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// vfromCanon returns the canonical keys `canon --variant x` prints for
// the puzzles of file (a test of the keys is canon's own: here they only
// tell isomorphs apart).
func vfromCanon(t *testing.T, file string) map[string]bool {
	t.Helper()
	code, out, errOut := runCLI(t, "", "canon", "--variant", "x", file)
	if code != 0 {
		t.Fatalf("canon %s: exit %d: %s", file, code, errOut)
	}
	keys := map[string]bool{}
	for _, l := range strings.Fields(out) {
		keys[l] = true
	}
	return keys
}

// TestBatchVariantFrom: `batch --variant x --from` climbs from the seeds
// (records, and the same seeds as plain puzzle lines) to puzzles of the
// kept tier; every record passes the independent variant checker
// (internal/testdata/tools/varcheck.py, minimal included), none is a seed
// or an isomorph of one, and the run is the same with 1 and 2 workers.
func TestBatchVariantFrom(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "x", "--tier", "hard", "--count", "2", "--seed", "1", "-q", "-o", seeds); code != 0 {
		t.Fatalf("seeds: exit %d: %s", code, errOut)
	}
	lines := filepath.Join(dir, "seeds.txt")
	if code, _, errOut := runCLI(t, "", "export", "--format", "txt", "-o", lines, seeds); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	seedKeys := vfromCanon(t, seeds)
	var outs []string
	for i, c := range []struct{ from, workers string }{{seeds, "1"}, {seeds, "2"}, {lines, "1"}} {
		out := filepath.Join(dir, "out"+string(rune('a'+i))+".jsonl")
		code, _, errOut := runCLI(t, "", "batch", "--variant", "x", "--from", c.from, "--tier", "expert", "--count", "2", "--seed", "2", "--workers", c.workers, "-o", out)
		if code != 0 {
			t.Fatalf("--from %s: exit %d: %s", c.from, code, errOut)
		}
		// the seeds' load says it excluded them, plain lines too (it said
		// it skipped them as classic Sudoku)
		if !strings.Contains(errOut, "excluding 2 puzzles of "+c.from+" (2 new canonical forms)") || strings.Contains(errOut, "skipped") {
			t.Errorf("--from %s: load line %q", c.from, errOut)
		}
		if !strings.Contains(errOut, "vicinity search: 2 searches, 2 found;") || !strings.Contains(errOut, "starting from the 2 puzzles of "+c.from) {
			t.Errorf("--from %s: summary %q", c.from, errOut)
		}
		recs := readRecords(t, out)
		if len(recs) != 2 {
			t.Fatalf("--from %s: %d records", c.from, len(recs))
		}
		for _, r := range recs {
			if r["kind"] != "variant" || r["tier"] != "expert" || r["minimal"] != true {
				t.Errorf("--from %s: record %v %v %v", c.from, r["kind"], r["tier"], r["minimal"])
			}
		}
		if i == 0 { // (the others are compared with it below)
			cmd := exec.Command(py, filepath.Join("..", "..", "internal", "testdata", "tools", "varcheck.py"), out, "--minimal")
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("varcheck --minimal %s: %v\n%s", out, err, b)
			}
		}
		for k := range vfromCanon(t, out) {
			if seedKeys[k] {
				t.Errorf("--from %s: output %s is an isomorph of a seed", c.from, k)
			}
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(b))
	}
	if outs[0] != outs[1] || outs[0] != outs[2] {
		t.Error("the records differ between 1 and 2 workers, or between records and plain lines as seeds")
	}
}

// TestBatchVariantFromRefuses: what --from cannot do on a variant run is
// refused in one line saying why.
func TestBatchVariantFromRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.jsonl", "")
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "x", "--count", "1", "--seed", "1", "--no-grade", "-q", "-o", good); code != 0 {
		t.Fatalf("seed: exit %d: %s", code, errOut)
	}
	// One given: several solutions.
	several := write("several.txt", "# seeds\n1"+strings.Repeat(".", 80)+"\n")
	windoku := write("w.jsonl", "")
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "windoku", "--count", "1", "--seed", "1", "--no-grade", "-q", "-o", windoku); code != 0 {
		t.Fatalf("windoku: exit %d: %s", code, errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", good}, "need something to look for: give --tier"},
		{[]string{"--from", good, "--no-grade"}, "--from starts searches for graded targets, which need grading: drop --no-grade"},
		{[]string{"--from", good, "--tier", "expert", "--start", "tridagon"}, "--start tridagon draws classic 9x9 starts"},
		{[]string{"--from", good, "--tier", "expert", "--climb-score", "givens"}, "--climb-score givens was measured on classic puzzles only"},
		{[]string{"--tier", "expert", "--climb", "2"}, "--climb goes on with a vicinity search, which a variant run makes from known puzzles: give --from FILE"},
		{[]string{"--from", good, "--tier", "expert", "--plateau", "2"}, "--plateau goes on with a climb"},
		{[]string{"--from", good, "--tier", "expert", "--vicinity", "-0+2"}, `--vicinity "-0+2": expected -N+M`},
		{[]string{"--from", good, "--tier", "expert", "--symmetry", "central"}, "it makes no --symmetry"},
		{[]string{"--from", several, "--tier", "expert"}, several + ":2: the puzzle has several solutions; a seed needs exactly one"},
		{[]string{"--from", windoku, "--tier", "expert"}, windoku + ":1: a puzzle of variant windoku; this run makes x"},
	} {
		args := append([]string{"batch", "--variant", "x", "--count", "1", "-o", filepath.Join(dir, "o.jsonl")}, c.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code == 0 || !strings.Contains(errOut, c.want) || len(strings.Split(strings.TrimSpace(errOut), "\n")) != 1 {
			t.Errorf("%v: exit %d, %q; want one line with %q", c.args, code, errOut, c.want)
		}
	}
}
