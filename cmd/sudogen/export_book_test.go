package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// customTiers rewrites a corpus's tiers as bands of a custom table
// (soft, tough, brutal: alphabetical order is not the bands' order) and
// writes the table; it returns the corpus and the table's paths.
func customTiers(t *testing.T, src string) (corpus, table string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ln := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(ln), &r); err != nil {
			t.Fatal(err)
		}
		rating, _ := r["rating"].(float64)
		switch {
		case rating <= 1.5:
			r["tier"] = "soft"
		case rating <= 2.8:
			r["tier"] = "tough"
		default:
			r["tier"] = "brutal"
		}
		b, _ := json.Marshal(r)
		out = append(out, string(b))
	}
	dir := t.TempDir()
	corpus, table = filepath.Join(dir, "custom.jsonl"), filepath.Join(dir, "tiers.yaml")
	os.WriteFile(corpus, []byte(strings.Join(out, "\n")+"\n"), 0o644)
	os.WriteFile(table, []byte("sudoku:\n  tiers:\n    - {name: soft, min: 0, max: 1.5}\n    - {name: tough, min: 1.6, max: 2.8}\n    - {name: brutal, min: 2.9}\n"), 0o644)
	return corpus, table
}

// contentsOrder returns where each name first appears on a book's
// contents page.
func contentsOrder(t *testing.T, pdf string, names ...string) []int {
	t.Helper()
	text, err := exec.Command("pdftotext", "-f", "3", "-l", "3", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	var at []int
	for _, n := range names {
		at = append(at, strings.Index(string(text), n))
	}
	return at
}

// TestExportBookLanguageCoverTiers: the book flags of issue 23 end to
// end: a French book with its cover and the publisher's lines, sections
// in the --tiers table's order (and hardest first with --sort -rating),
// ids only when asked.
func TestExportBookLanguageCoverTiers(t *testing.T) {
	for _, tool := range []string{"pdftotext", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s not installed", tool)
			}
			t.Skip(tool + " not installed")
		}
	}
	corpus, table := customTiers(t, exportCorpus(t, "12"))
	dir := t.TempDir()
	book := filepath.Join(dir, "livre.pdf")
	code, _, errOut := runCLI(t, "", "export", corpus, "-o", book, "--tiers", table, "--lang", "fr-CA", "--cover",
		"--copyright-holder", "Éditions du Lac", "--copyright-year", "2026", "--imprint", "Éditions du Lac, Annecy", "--paper", "cream")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	cover := filepath.Join(dir, "livre-cover.pdf")
	if !strings.Contains(errOut, "cover "+cover+": ") || !strings.Contains(errOut, "cream paper") ||
		!strings.Contains(errOut, "to "+book+", "+cover) {
		t.Errorf("summary does not name the cover:\n%s", errOut)
	}
	if _, err := os.Stat(cover); err != nil {
		t.Fatal(err)
	}
	at := contentsOrder(t, book, "Sommaire", "Soft", "Tough", "Brutal")
	if at[0] < 0 || !(at[1] >= 0 && at[1] < at[2] && at[2] < at[3]) {
		t.Errorf("contents: Sommaire and the sections soft, tough, brutal in the table's order; found at %v", at)
	}
	text, _ := exec.Command("pdftotext", book, "-").Output()
	if !strings.Contains(string(text), "Copyright © 2026 Éditions du Lac. Tous droits réservés.") || strings.Contains(string(text), "s9-") {
		t.Error("copyright notice missing or ids printed")
	}
	// --sort -rating: the hardest section first.
	hard := filepath.Join(dir, "hard.pdf")
	if code, _, errOut := runCLI(t, "", "export", corpus, "-o", hard, "-q", "--sort", "-rating"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if at := contentsOrder(t, hard, "Brutal", "Tough", "Soft"); !(at[0] >= 0 && at[0] < at[1] && at[1] < at[2]) {
		t.Errorf("--sort -rating: sections brutal, tough, soft; found at %v", at)
	}
	// A proof prints the ids.
	proof := filepath.Join(dir, "proof.pdf")
	if code, _, errOut := runCLI(t, "", "export", corpus, "-o", proof, "-q", "--preset", "proof"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if text, _ := exec.Command("pdftotext", proof, "-").Output(); strings.Count(string(text), "s9-") < 12 {
		t.Error("the proof does not print the ids")
	}
}
