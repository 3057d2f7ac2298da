//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
)

// TestVariantResumeAndExclude: a --variant run goes the way of every
// kind's run (batch_kind.go), so it takes --resume and --exclude. Stopped
// by SIGINT and resumed, it ends byte-identical to the uninterrupted run;
// with --exclude of that run, none of its puzzles is an isomorph of an
// excluded one (keys recomputed from the puzzles, not read from the
// records).
func TestVariantResumeAndExclude(t *testing.T) {
	dir := t.TempDir()
	args := []string{"batch", "--variant", "windoku", "--no-grade", "-n", "400", "-w", "1", "--seed", "11", "--progress", "never"}
	ref := filepath.Join(dir, "ref.jsonl")
	runProc(t, nil, append(args, "-q", "-o", ref)...)
	out := filepath.Join(dir, "out.jsonl")
	p, code := interruptRun(t, out, 1, syscall.SIGINT, append(args, "-o", out)...)
	if code != 130 {
		t.Fatalf("exit %d after SIGINT, want 130: %s", code, p.stderr.String())
	}
	// --minimal changes a variant run's records: a resume that adds it is
	// refused (the run file records it when given).
	if code, e := procCLI(t, append(args, "--resume", "--minimal=false", "-o", out)...); code != 2 || !strings.Contains(e, "it does not record --minimal (this run has --minimal false)") {
		t.Errorf("resume adding --minimal=false: exit %d, stderr %q", code, e)
	}
	if errOut := runProc(t, nil, append(args, "--resume", "-o", out)...); !strings.Contains(errOut, "resumed: kept the ") {
		t.Errorf("resume said %q", errOut)
	}
	sameFiles(t, "variant after Ctrl-C and resume", out, ref)

	ex := filepath.Join(dir, "ex.jsonl")
	runProc(t, nil, append(args, "-n", "30", "-q", "--exclude", ref, "-o", ex)...)
	keys := func(path string) map[string]bool {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := kind.Lookup("variant")
		set := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var rec export.Record
			if err := export.DecodeRecord([]byte(line), &rec); err != nil {
				t.Fatal(err)
			}
			p, err := k.Parse(&rec)
			if err != nil {
				t.Fatal(err)
			}
			set[p.Canonical()] = true
		}
		return set
	}
	refKeys, exKeys := keys(ref), keys(ex)
	if len(exKeys) != 30 {
		t.Errorf("--exclude run: %d distinct puzzles, want 30", len(exKeys))
	}
	for k := range exKeys {
		if refKeys[k] {
			t.Errorf("--exclude run repeats an excluded puzzle: %s", k)
		}
	}
}
