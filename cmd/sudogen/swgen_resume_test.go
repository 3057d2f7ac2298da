package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSwgenResumeSmallerCount: --resume with a --count below the records
// the output holds ends with the first --count of them (the uninterrupted
// run of that count: a prefix of the longer one), and the summary says
// that the others were dropped and how to make them again, instead of
// only "kept the 10 records", which hid the loss of the other 20.
func TestSwgenResumeSmallerCount(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--count", "30", "--seed", "5", "--no-grade", "--resume", "--progress", "never", "-q", "-o", out); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, errOut)
	}
	whole, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "", "batch", "--count", "10", "--seed", "5", "--no-grade", "--resume", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(whole, []byte("\n"))
	if want := bytes.Join(lines[:10], nil); !bytes.Equal(got, want) {
		t.Errorf("the output is not the first 10 records of the 30")
	}
	if w := "kept the 10 records of " + out + "; it held 30: dropped the other 20, past --count 10 (--count 30 makes them again)"; !strings.Contains(errOut, w) {
		t.Errorf("summary %q lacks %q", errOut, w)
	}
}
