package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestBatchFormats: one run writes the JSONL, the book and the workbook
// into a folder, and all three hold the same puzzles.
func TestBatchFormats(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, _, errOut := runCLI(t, "", "batch", "--count", "10", "--seed", "5", "--progress", "never", "-q",
		"--format", "jsonl,pdf,xlsx", "--per-page", "2", "--ids", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "puzzles.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r struct{ ID string }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	if len(ids) != 10 {
		t.Fatalf("%d records, want 10", len(ids))
	}
	f, err := excelize.OpenFile(filepath.Join(dir, "puzzles.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Puzzles")
	if len(rows) != 11 {
		t.Errorf("Puzzles sheet has %d rows, want 11", len(rows))
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	text, err := exec.Command("pdftotext", filepath.Join(dir, "puzzles.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if strings.Count(string(text), id) != 1 {
			t.Errorf("%s appears %d times in the book, want 1 (under its puzzle)", id, strings.Count(string(text), id))
		}
	}
	// A solution per puzzle, labelled "... · page N" (one more label is
	// the how-to-play page's example).
	if n := strings.Count(string(text), "· page "); n != len(ids)+1 {
		t.Errorf("%d solution labels, want %d", n-1, len(ids))
	}
	// A bad format is a usage error before anything runs.
	code, _, errOut = runCLI(t, "", "batch", "--count", "1", "--format", "pdf,docx", "-o", dir)
	if code != 2 || !strings.Contains(errOut, `--format "docx"`) {
		t.Errorf("bad format: exit %d, %q", code, errOut)
	}
}
