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

// TestBatchFormatSingleFile: one --format and an -o ending in its
// extension write that file (`--format pdf -o book.pdf` is a PDF, not a
// folder named book.pdf); otherwise -o stays a folder, named with a
// trailing / when it ends in a format's extension (without it such an -o
// is refused: TestFormatOutputName).
func TestBatchFormatSingleFile(t *testing.T) {
	cases := []struct {
		format, name string
		file         bool   // -o is the file itself
		magic        string // its first bytes when it is
	}{
		{"pdf", "book.pdf", true, "%PDF"},
		{"html", "play.HTML", true, "<!doctype html>"},
		{"jsonl", "p.jsonl", true, "{"},
		{"csv", "p.csv", true, "puzzle"},
		{"pdf", "book.xlsx", false, ""},
		{"pdf,jsonl", "both.pdf", false, ""},
	}
	for _, c := range cases {
		t.Run(c.format+"_"+c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), c.name)
			arg := out
			if !c.file {
				arg += "/"
			}
			code, _, errOut := runCLI(t, "", "batch", "--count", "2", "--seed", "3", "--progress", "never", "-q",
				"--no-grade", "--format", c.format, "-o", arg)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			st, err := os.Stat(out)
			if err != nil {
				t.Fatal(err)
			}
			if st.IsDir() == c.file {
				t.Fatalf("-o %s is a folder: %v, want %v", c.name, st.IsDir(), !c.file)
			}
			if !c.file {
				return
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(strings.TrimLeft(string(data), "\ufeff"), c.magic) {
				t.Errorf("%s starts %q, want %q", c.name, data[:min(len(data), 20)], c.magic)
			}
		})
	}
}

// TestBatchFormatStdout: -o - writes one line format to stdout, the same
// lines as export writes from the run's JSONL; a book, or two formats,
// to stdout is a usage error (exit 2) that names the formats it takes.
func TestBatchFormatStdout(t *testing.T) {
	args := []string{"batch", "--count", "3", "--seed", "5", "--progress", "never", "-q", "--no-grade"}
	code, recs, errOut := runCLI(t, "", append(args, "-o", "-")...)
	if code != 0 {
		t.Fatalf("batch -o -: exit %d: %s", code, errOut)
	}
	for _, f := range []string{"txt", "csv", "se", "jsonl"} {
		code, out, errOut := runCLI(t, "", append(args, "--format", f, "-o", "-")...)
		if code != 0 {
			t.Fatalf("--format %s -o -: exit %d: %s", f, code, errOut)
		}
		_, want, _ := runCLI(t, recs, "export", "-", "--format", f, "-o", "-", "-q")
		if out != want || out == "" {
			t.Errorf("--format %s -o -:\n%s\nwant (export of the JSONL):\n%s", f, out, want)
		}
	}
	for _, f := range []string{"pdf", "txt,csv"} {
		code, out, errOut := runCLI(t, "", append(args, "--format", f, "-o", "-")...)
		if code != 2 || out != "" || !strings.Contains(errOut, "-o - writes one of jsonl, txt, csv or se") {
			t.Errorf("--format %s -o -: exit %d, stdout %q: %s", f, code, out, errOut)
		}
	}
}
