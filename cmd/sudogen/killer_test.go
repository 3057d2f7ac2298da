package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchKiller: batch --kind killer makes Killer Sudoku records with
// cages that cover the board, graded on the killer scale and filtered by
// tier; Killer-X with --variant x; the independent checker
// (internal/testdata/tools/killercheck.py, written from docs/records.md)
// passes them; flags killers do not take are refused.
func TestBatchKiller(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "k.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--count", "4", "--seed", "2", "--tier", "easy", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, x, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--variant", "x", "--count", "2", "--seed", "3", "--progress", "never", "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("killer-x: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)+x), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d records, want 6", len(lines))
	}
	for i, l := range lines {
		var r struct {
			Kind, Tier, Variant string
			Size                int
			Cages               []struct {
				Sum   int
				Cells []int
			}
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		covered := 0
		for _, c := range r.Cages {
			covered += len(c.Cells)
		}
		if r.Kind != "killer" || r.Size != 6 || covered != 36 {
			t.Errorf("record %d: kind %q size %d, cages cover %d cells", i+1, r.Kind, r.Size, covered)
		}
		if i < 4 && r.Tier != "easy" {
			t.Errorf("record %d: tier %q, want easy", i+1, r.Tier)
		}
		if i >= 4 && r.Variant != "x" {
			t.Errorf("record %d: variant %q, want x", i+1, r.Variant)
		}
	}
	for _, bad := range [][]string{{"--symmetry", "rot180"}, {"--cage-sizes", "5-2"}, {"--variant", "windoku"}, {"--size", "16"}} {
		if code, _, errOut := runCLI(t, "", append([]string{"batch", "--kind", "killer", "--count", "1"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errOut)
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: the independent checker was not run")
	}
	check := exec.Command(py, "../../internal/testdata/tools/killercheck.py", out)
	if b, err := check.CombinedOutput(); err != nil || !strings.Contains(string(b), "4 passed, 0 failed") {
		t.Errorf("killercheck: %v: %s", err, b)
	}
}
