package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestBatchSummaryNamesFilesWritten: the summary of `batch --format pdf`
// names the files the run wrote, as they are on disk: a book split into
// volumes (and their covers) under -o book.pdf is book-1.pdf,
// book-1-cover.pdf, ..., not book.pdf, which does not exist.
func TestBatchSummaryNamesFilesWritten(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		out   string // -o, in the test's folder
		files int    // how many files the run writes
	}{
		{"split book with covers", []string{"--format", "pdf", "--cover", "--max-pages", "40"}, "big.pdf", 4},
		{"split book in a folder", []string{"--format", "pdf,jsonl", "--max-pages", "40"}, "out/", 3},
		{"one book with its cover", []string{"--format", "pdf", "--cover"}, "one.pdf", 2},
		{"one book", []string{"--format", "pdf"}, "plain.pdf", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, c.out)
			args := append([]string{"batch", "--count", "200", "--seed", "9", "-w", "1", "--no-grade", "-o", out}, c.args...)
			code, _, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			m := regexp.MustCompile(`; written to (.*)\n`).FindStringSubmatch(stderr)
			if m == nil {
				t.Fatalf("no 'written to' in the summary: %s", stderr)
			}
			var said []string
			for _, p := range strings.Split(m[1], ", ") {
				said = append(said, filepath.Base(p))
				if _, err := os.Stat(p); err != nil {
					t.Errorf("the summary names %s, which is not there", p)
				}
			}
			var files []string
			folder := filepath.Dir(out)
			if strings.HasSuffix(c.out, "/") {
				folder = out
			}
			ents, _ := os.ReadDir(folder)
			for _, e := range ents {
				files = append(files, e.Name())
			}
			if c.files != len(files) {
				t.Errorf("the run wrote %v, want %d files", files, c.files)
			}
			sort.Strings(said)
			if strings.Join(said, " ") != strings.Join(files, " ") {
				t.Errorf("the summary names %v; the run wrote %v", said, files)
			}
		})
	}
}
