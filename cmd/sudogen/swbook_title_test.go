package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSwbookDefaultTitleCase: a book without --title is named by its
// kinds, capitalized as the language writes titles: French, Spanish,
// Portuguese and Russian titles capitalize their first word only, so
// the kinds after the first start in lower case ("Sudoku, Sudoku
// killer et Variantes du sudoku" read as three titles run together).
func TestSwbookDefaultTitleCase(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	dir := t.TempDir()
	corpus := filepath.Join("testdata", "swbook", "mixed.jsonl")
	for _, c := range []struct{ lang, want string }{
		{"en", "Sudoku, Killer Sudoku and Sudoku Variants"},
		{"de", "Sudoku, Killer-Sudoku und Sudoku-Varianten"},
		{"fr", "Sudoku, sudoku killer et variantes du sudoku"},
		{"es", "Sudoku, sudoku killer y variantes de sudoku"},
		{"ru", "Судоку, киллер-судоку и варианты судоку"},
	} {
		out := filepath.Join(dir, c.lang+".pdf")
		if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", c.lang, "--per-page", "1", "-q", "-o", out); code != 0 {
			t.Fatalf("export --lang %s: %s", c.lang, errOut)
		}
		text, err := exec.Command("pdftotext", "-l", "1", out, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(string(text)), " "); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: title page %q, want the title %q", c.lang, got, c.want)
		}
	}
}

// TestSwbookVolumesShareTitle: the volumes of a book split by its page
// limit are one book: without --title each is named by the whole book's
// kinds, not by the kinds of its own puzzles (volume 1 "Sudoku and
// Killer Sudoku", volume 2 "Sudoku Variants, volume 2 of 2").
func TestSwbookVolumesShareTitle(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	out := filepath.Join(t.TempDir(), "book.pdf")
	corpus := filepath.Join("testdata", "swbook", "kinds.jsonl")
	if code, _, errOut := runCLI(t, "", "export", corpus, "--per-page", "1", "--max-pages", "8", "--force", "-q", "-o", out); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	const title = "Sudoku, Killer Sudoku and Sudoku Variants"
	for v, want := range []string{title + ", volume 1 of 2", title + ", volume 2 of 2"} {
		file := filepath.Join(filepath.Dir(out), fmt.Sprintf("book-%d.pdf", v+1))
		text, err := exec.Command("pdftotext", "-l", "2", file, "-").Output()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if got := strings.Join(strings.Fields(string(text)), " "); !strings.HasPrefix(got, title) || !strings.Contains(got, want) {
			t.Errorf("volume %d: front matter %q, want the title %q and %q", v+1, got, title, want)
		}
	}
}
