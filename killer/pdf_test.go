package killer

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
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
		text := bookText(t, recs, o, "-bbox")
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

// TestKillerXKeyDigitsClear: in a Killer-X answer key the grey diagonals
// do not strike through the digits on them (each sits on a white patch
// that breaks the line), as pdftoppm draws the page without antialiasing:
// no pixel of the line's grey around a diagonal digit.
func TestKillerXKeyDigitsClear(t *testing.T) {
	for _, tool := range []string{"pdftotext", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	p, sol, _, err := Generate(rand.New(rand.NewPCG(12, 2)), Options{X: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := toExport(NewRecord(p, sol, nil))
	dir := t.TempDir()
	path := filepath.Join(dir, "kx.pdf")
	o := export.DefaultBookOptions()
	o.PerPage = 1
	var buf bytes.Buffer
	if err := export.WritePDF(&buf, []*export.Record{&rec}, o); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const page = "6" // title, copyright, contents, how to play, the puzzle, its key
	out, err := exec.Command("pdftotext", "-f", page, "-l", page, "-bbox", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	// the key's digits: the single-digit words of the most common size
	// (not the cage sums, nor the page number)
	word := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([1-9])</word>`)
	type box struct{ x0, x1, top, base, size float64 }
	var digits []box
	sizes := map[float64]int{}
	for _, m := range word.FindAllStringSubmatch(string(out), -1) {
		f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
		size := (f(4) - f(2)) / 1.1445
		base := f(2) + 0.9326*size
		digits = append(digits, box{f(1), f(3), base - 0.74*size, base, size})
		sizes[math.Round(size*10)]++
	}
	common := 0.0
	for s, n := range sizes {
		if n > sizes[common] {
			common = s
		}
	}
	var key []box
	minX, maxX, minY, maxY := 1e9, 0.0, 1e9, 0.0
	for _, d := range digits {
		if math.Round(d.size*10) == common {
			key = append(key, d)
			minX, maxX = min(minX, (d.x0+d.x1)/2), max(maxX, (d.x0+d.x1)/2)
			minY, maxY = min(minY, d.base), max(maxY, d.base)
		}
	}
	if len(key) != 81 {
		t.Fatalf("%d key digits found on page %s, want 81", len(key), page)
	}
	img := filepath.Join(dir, "key")
	if out, err := exec.Command("pdftoppm", "-f", page, "-l", page, "-r", "144", "-gray", "-aa", "no", "-aaVector", "no", "-png", "-singlefile", path, img).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	fh, err := os.Open(img + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	pic, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	cx, cy := (maxX-minX)/8, (maxY-minY)/8
	struck := 0
	for _, d := range key {
		col, row := int(math.Round(((d.x0+d.x1)/2-minX)/cx)), int(math.Round((d.base-minY)/cy))
		if row != col && row+col != 8 {
			continue
		}
		m := d.size * 0.04 // round the digit's ink
		grey := 0
		for y := int((d.top - m) * 2); y <= int((d.base+m)*2); y++ {
			for x := int(d.x0 * 2); x <= int(d.x1*2); x++ {
				if v := color.GrayModel.Convert(pic.At(x, y)).(color.Gray).Y; v >= 145 && v <= 155 { // the diagonal's grey, 150
					grey++
				}
			}
		}
		if grey > 0 {
			struck++
			t.Logf("r%dc%d: %d grey pixels around its digit", row+1, col+1, grey)
		}
	}
	if struck > 0 {
		t.Errorf("%d of the 17 diagonal digits of the key are struck through by the diagonal", struck)
	}
}

// TestKillerSectionRuleHiddenSums: the rule line under a killer section's
// running head says what a cage without a number is when a puzzle of the
// section hides a sum (even when the section's first puzzle hides none),
// and only then, on letter and 6x9 pages.
func TestKillerSectionRuleHiddenSums(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	gen := func(i uint64, hide int) *export.Record {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(13, i)), Options{HideSums: hide})
		if err != nil {
			t.Fatal(err)
		}
		if p.HiddenSums() != hide {
			t.Fatalf("%d sums hidden, want %d", p.HiddenSums(), hide)
		}
		rec := toExport(NewRecord(p, sol, nil))
		return &rec
	}
	plain, hiding := []*export.Record{gen(0, 0), gen(1, 0)}, gen(2, 2)
	const sentence = "A cage without a number hides its sum: its digits only differ from each other."
	for _, page := range []string{"letter", "6x9"} {
		for _, c := range []struct {
			recs []*export.Record
			want int // the sentence: on the how-to page and the one puzzle page, or nowhere
		}{
			{[]*export.Record{plain[0], hiding, plain[1]}, 2},
			{plain, 0},
		} {
			o := export.DefaultBookOptions()
			o.Page = page
			text := strings.Join(strings.Fields(bookText(t, c.recs, o)), " ")
			if n := strings.Count(text, sentence); n != c.want {
				t.Errorf("%s, %d puzzles: the hidden-sum sentence printed %d times, want %d:\n%s", page, len(c.recs), n, c.want, text)
			}
		}
	}
}

// bookText writes recs as a book with o and returns its text as
// pdftotext reads it (with args, such as -bbox, before the file).
func bookText(t *testing.T, recs []*export.Record, o export.BookOptions, args ...string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := export.WritePDF(&buf, recs, o); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "k.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", append(args, path, "-")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestLargePrintKillerDigits: large print measures a killer's digits as
// it draws them (digitScale of the book's size, beside the cage sums): a
// 9x9 killer at 4 per page on A4 with 1-inch margins gets 15.6 pt and is
// refused (it was let through, measured at the full size), while 2 per
// page, 17 pt and more, is printed.
func TestLargePrintKillerDigits(t *testing.T) {
	p, sol, _, err := Generate(rand.New(rand.NewPCG(13, 1)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := toExport(NewRecord(p, sol, nil))
	o := export.DefaultBookOptions()
	o.Page, o.Margin, o.LargePrint = "a4", 1, true
	for _, c := range []struct {
		per  int
		want string // the error, "" for none
	}{
		{4, "large print needs digits of 16 pt, but a 9x9 killer board at 4 per page on a4 gets 15.6 pt: use --per-page 1 or 2"},
		{2, ""},
	} {
		o.PerPage = c.per
		err := export.WritePDF(io.Discard, []*export.Record{&rec}, o)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("%d per page: %v; want %q", c.per, err, c.want)
		}
	}
}
