package main

// Large print promises puzzle digits of at least 16 pt, measured as
// printed: a variant's or killer's grid sits under its rule line, so it
// is smaller than a classic grid on the same page (an X-Sudoku at 2 a
// page on 6x9 printed 15.5 pt digits), and a Samurai has a page of its
// own whatever --per-page says (a book of X-Sudoku and a Samurai at 2 a
// page on A4 was refused for the 10 pt its 21 cells would get on half a
// page).

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// swbookWord is a word pdftotext -bbox found, its box in points.
type swbookWord struct {
	page                   int
	text                   string
	xMin, yMin, xMax, yMax float64
}

var swbookWordRE = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// swbookWords reads every word of a PDF with its box, by page.
func swbookWords(t *testing.T, pdf string) []swbookWord {
	t.Helper()
	out, err := exec.Command("pdftotext", "-bbox", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	var words []swbookWord
	for i, page := range strings.Split(string(out), "<page ")[1:] {
		for _, m := range swbookWordRE.FindAllStringSubmatch(page, -1) {
			w := swbookWord{page: i + 1, text: m[5]}
			for j, f := range []*float64{&w.xMin, &w.yMin, &w.xMax, &w.yMax} {
				*f, _ = strconv.ParseFloat(m[j+1], 64)
			}
			words = append(words, w)
		}
	}
	return words
}

func TestSwbookLargePrintDigits(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	dir := t.TempDir()
	x := filepath.Join("testdata", "swbook", "x.jsonl")
	samurai := filepath.Join("testdata", "swbook", "samurai.jsonl")
	for _, c := range []struct {
		files  []string
		page   string
		per    string
		refuse string // "" for a book that prints
	}{
		{[]string{x}, "6x9", "2", "a 9x9 variant board at 2 per page on 6x9 gets 15.5 pt: use --per-page 1"},
		{[]string{x}, "6x9", "1", ""},
		{[]string{x}, "letter", "4", ""},
		{[]string{x, samurai}, "a4", "2", ""},
		{[]string{samurai}, "a5", "2", "a variant board of 21x21 cells at 1 per page on a5 gets 11.6 pt: use a bigger page"},
	} {
		name := strings.Join([]string{c.page, c.per, filepath.Base(c.files[len(c.files)-1])}, "-")
		out := filepath.Join(dir, name+".pdf")
		args := append([]string{"export"}, c.files...)
		args = append(args, "--large-print", "--page", c.page, "--per-page", c.per, "-q", "-o", out)
		code, _, errOut := runCLI(t, "", args...)
		if c.refuse != "" {
			// a layout the flags chose: a usage error, as margins that
			// break KDP's rules are (exit 1 until 2026-12-07)
			if want := "large print needs digits of 16 pt, but " + c.refuse; code != 2 || !strings.Contains(errOut, want) {
				t.Errorf("%s: exit %d, %q; want exit 2 and %q", name, code, errOut, want)
			}
			continue
		}
		if code != 0 {
			t.Errorf("%s: exit %d: %s", name, code, errOut)
			continue
		}
		// A word's box is as tall as its font's ascent and descent: the
		// page number, 14 pt in large print (the last word of a page,
		// at its foot), gives the box of a 14 pt word; a given digit's
		// box must be at least 16/14 of that.
		words := swbookWords(t, out)
		// the puzzles' pages: not the how-to page (its example is
		// small) or the answer key's
		foot, skip := map[int]swbookWord{}, map[int]bool{}
		for _, w := range words {
			if f, ok := foot[w.page]; !ok || w.yMin > f.yMin {
				foot[w.page] = w
			}
			if strings.HasPrefix(w.text, "Solutions") || w.text == "play" {
				skip[w.page] = true
			}
		}
		digits := 0
		for _, w := range words {
			f := foot[w.page]
			if len(w.text) != 1 || w.text < "1" || w.text > "9" || w == f || skip[w.page] {
				continue
			}
			if _, err := strconv.Atoi(f.text); err != nil {
				continue // no page number: the title page
			}
			// labels under a grid ("1 Extreme") are 22 pt bold
			size := 14 * (w.yMax - w.yMin) / (f.yMax - f.yMin)
			digits++
			if size < 15.95 {
				t.Errorf("%s: page %d: a %s %.1f pt high at (%.0f, %.0f)", name, w.page, w.text, size, w.xMin, w.yMin)
				break
			}
		}
		if digits < 20 {
			t.Errorf("%s: %d digits found", name, digits)
		}
	}
}
