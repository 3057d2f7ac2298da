package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/batch"
)

// TestResumeCopiedAndWhy (issue 21): the records of an interrupted run
// copied with its run file to another folder without their times (cp
// without -p: the output older than the run file) are kept by --resume,
// and a resume that keeps nothing says why on its summary line, naming the
// file and the line. The run's own finished output is the truth: the
// resumed output must equal it byte for byte.
func TestResumeCopiedAndWhy(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.jsonl")
	args := func(out string) []string {
		return []string{"batch", "--resume", "-n", "12", "--seed", "3", "--size", "6", "--no-grade", "-w", "1", "-o", out}
	}
	if code, _, e := runCLI(t, "", args(ref)...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	full, _ := os.ReadFile(ref)
	lines := strings.SplitAfter(string(full), "\n")
	runFile, err := os.ReadFile(batch.RunFilePath(ref))
	if err != nil {
		t.Fatal(err) // --resume keeps it
	}

	// What Ctrl-C after 5 records leaves, copied elsewhere: the output
	// first, then the run file, a minute later.
	out := filepath.Join(t.TempDir(), "copy.jsonl")
	os.WriteFile(out, []byte(strings.Join(lines[:5], "")), 0o644)
	os.WriteFile(batch.RunFilePath(out), runFile, 0o644)
	at := time.Now().Add(time.Minute)
	os.Chtimes(batch.RunFilePath(out), at, at)
	code, _, e := runCLI(t, "", args(out)...)
	if got, _ := os.ReadFile(out); code != 0 || !strings.Contains(e, "resumed: kept the 5 records of "+out+"; went on from index ") || string(got) != string(full) {
		t.Errorf("copied: exit %d, stderr %q, output equal %v", code, e, string(got) == string(full))
	}

	// Nothing usable: the summary says why, on one line.
	os.WriteFile(out, []byte("hello\n"), 0o644)
	code, _, e = runCLI(t, "", args(out)...)
	want := "resumed: nothing usable was left by the interrupted run (" + out + " line 1 is not a JSON record); started from the beginning\n"
	if got, _ := os.ReadFile(out); code != 0 || !strings.Contains(e, want) || string(got) != string(full) {
		t.Errorf("not a record: exit %d, stderr %q, want %q; output equal %v", code, e, want, string(got) == string(full))
	}
}
