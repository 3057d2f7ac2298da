package killer

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// TestKillerBook: a book of killers (9x9, 6x6 and Killer-X) is written,
// its how-to page explains cages (and Killer-X when one is present), and
// every cage's sum is printed on the puzzle pages and again over the
// answer key. The drawing itself was looked at (pdftoppm) when written.
func TestKillerBook(t *testing.T) {
	var recs []*export.Record
	for i, o := range []Options{{}, {Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}}, {X: true}} {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(11, uint64(i))), o)
		if err != nil {
			t.Fatal(err)
		}
		r := Grade(p)
		rec := toExport(NewRecord(p, sol, &r))
		recs = append(recs, &rec)
	}
	var buf bytes.Buffer
	if err := export.WritePDF(&buf, recs, export.DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
		t.Fatal("not a PDF")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	path := filepath.Join(t.TempDir(), "killer.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"The dashed outlines are cages", "Killer-X: the two long diagonals"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("the book lacks %q", want)
		}
	}
	// Every cage's sum is printed twice (puzzle and key): each value at
	// least twice as often as the cages carrying it.
	words := map[string]int{}
	for _, w := range strings.Fields(text) {
		words[w]++
	}
	want := map[string]int{}
	for _, r := range recs {
		for _, cg := range r.Fields.(recordFields).Cages {
			want[strconv.Itoa(cg.Sum)] += 2
		}
	}
	for s, n := range want {
		if words[s] < n {
			t.Errorf("cage sum %s printed %d times, want at least %d (puzzle and key)", s, words[s], n)
		}
	}
}

// TestKillerKeySums: in the answer key every cage's sum is printed at
// 5.5 pt or more and stays clear of its cell's digit, as poppler reads the
// PDF back (pdftotext -bbox: a word's box is its font's ascent and
// descent, 0.9326 and 0.2119 em for the Go fonts, so the font size is the
// box's height / 1.1445, the baseline 0.9326 em below its top; a digit's
// ink rises 0.74 em above its baseline). Regular and large print; the
// how-to page says what a cage without a number (a hidden sum) is.
func TestKillerKeySums(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	var recs []*export.Record
	cages := 0
	for i, o := range []Options{{}, {Shape: sudoku.Shape6}, {X: true, HideSums: 2}} {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(12, uint64(i))), o)
		if err != nil {
			t.Fatal(err)
		}
		rec := toExport(NewRecord(p, sol, nil))
		recs = append(recs, &rec)
		cages += len(p.Cages) - p.HiddenSums()
	}
	word := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(\d+)</word>`)
	for _, large := range []bool{false, true} {
		o := export.DefaultBookOptions()
		o.LargePrint = large
		var buf bytes.Buffer
		if err := export.WritePDF(&buf, recs, o); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "k.pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", "-bbox", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		if !strings.Contains(text, ">hides<") {
			t.Errorf("large %v: the how-to page does not say what a cage without a number is (book.killer.hidden)", large)
		}
		key := strings.LastIndex(text, ">Solutions") // the key's heading, "Solutions" or "Solutions: Killer Sudoku"
		if key < 0 {
			t.Fatal("no Solutions heading")
		}
		type box struct{ x0, x1, base, size float64 }
		var sums, digits []box
		for _, m := range word.FindAllStringSubmatch(text[key:], -1) {
			f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
			size := (f(4) - f(2)) / 1.1445
			b := box{f(1), f(3), f(2) + 0.9326*size, size}
			switch {
			case size < 7: // sums: the key's digits are 6.4 pt (8.2 in large print), its labels 8 and more
				sums = append(sums, b)
			case len(m[5]) == 1:
				digits = append(digits, b)
			}
		}
		if len(sums) < cages {
			t.Errorf("large %v: %d sums in the key, the book has %d cages with sums", large, len(sums), cages)
		}
		for _, s := range sums {
			if s.size < 5.45 {
				t.Errorf("large %v: a key sum at %.2f pt", large, s.size)
			}
			for _, d := range digits {
				top := d.base - 0.74*d.size
				if d.x0 < s.x1 && s.x0 < d.x1 && d.base > s.base && top < s.base+0.2 && d.base-s.base < 3*d.size {
					t.Errorf("large %v: a sum (baseline %.2f, x %.2f-%.2f, %.2f pt) touches the digit below it (ink from %.2f, x %.2f-%.2f, %.2f pt)", large, s.base, s.x0, s.x1, s.size, top, d.x0, d.x1, d.size)
				}
			}
		}
	}
}
