package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestSlideBatchFormats: batch --kind slide writes the JSONL, the book and
// the workbook; the book passes qpdf, has every id on a puzzle page and in
// the key, and its rules page is about sliding puzzles; the workbook has a
// row per board with its optimal length.
func TestSlideBatchFormats(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, _, errOut := runCLI(t, "", "batch", "--kind", "slide", "--size", "3", "--count", "12", "--seed", "7",
		"--progress", "never", "-q", "--format", "jsonl,pdf,xlsx", "--ids", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "puzzles.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	type rec struct {
		ID      string
		Optimal int
	}
	var recs []rec
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r rec
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if len(recs) != 12 {
		t.Fatalf("%d records, want 12", len(recs))
	}
	f, err := excelize.OpenFile(filepath.Join(dir, "puzzles.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Puzzles")
	if len(rows) != 13 {
		t.Fatalf("Puzzles sheet has %d rows, want 13", len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for i, r := range recs {
		if got := rows[i+1][col["optimal"]]; rows[i+1][col["id"]] != r.ID || got != strconv.Itoa(r.Optimal) {
			t.Errorf("row %d: id %s optimal %s, want %s %d", i+2, rows[i+1][col["id"]], got, r.ID, r.Optimal)
		}
	}
	pdf := filepath.Join(dir, "puzzles.pdf")
	for _, tool := range []string{"qpdf", "pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	if out, err := exec.Command("qpdf", "--check", pdf).CombinedOutput(); err != nil {
		t.Fatalf("qpdf --check: %v\n%s", err, out)
	}
	text, err := exec.Command("pdftotext", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	pages := strings.Split(string(text), "\f")
	if rules := pages[3]; !strings.Contains(rules, "Sliding puzzle") || strings.Contains(rules, "Sudoku") {
		t.Errorf("rules page is not about sliding puzzles:\n%s", rules)
	}
	for _, r := range recs {
		if n := strings.Count(string(text), r.ID); n != 1 {
			t.Errorf("%s appears %d times in the book, want 1 (under its puzzle)", r.ID, n)
		}
	}
	// A solution per puzzle, labelled "... · page N" (one more label is
	// the how-to-play page's example).
	if n := strings.Count(string(text), "· page "); n != len(recs)+1 {
		t.Errorf("%d solution labels, want %d", n-1, len(recs))
	}
}
