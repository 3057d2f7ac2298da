package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestBatchPlayPageLang: `batch --format html --lang de` writes the play
// page in German, the page `export --lang de` writes of the same
// records, byte for byte; before, batch took --lang and wrote the page
// of every language (the browser's shown), ignoring it.
func TestBatchPlayPageLang(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "run") + "/"
	if code, _, errOut := runCLI(t, "", "batch", "--count", "1", "--seed", "1", "--no-grade", "--format", "jsonl,html", "--lang", "de", "-q", "-o", out); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	page := filepath.Join(dir, "export.html")
	if code, _, errOut := runCLI(t, "", "export", filepath.Join(out, "puzzles.jsonl"), "--lang", "de", "-q", "-o", page); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	got, err := os.ReadFile(filepath.Join(out, "puzzles.html"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(got, []byte(`<html lang="de">`)) || !bytes.Equal(got, want) {
		t.Errorf("batch's page (%d bytes, German: %v) is not export's German page (%d bytes)", len(got), bytes.Contains(got, []byte(`<html lang="de">`)), len(want))
	}
}
