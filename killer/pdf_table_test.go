package killer

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/sudoku"
)

// bruteCageSets lists, by brute force over every way to pick size digits
// from 1..n in increasing order, the sets each sum has, as digit strings.
func bruteCageSets(n, size int) map[int][]string {
	out := map[int][]string{}
	var pick func(from, left, sum int, digits string)
	pick = func(from, left, sum int, digits string) {
		if left == 0 {
			out[sum] = append(out[sum], digits)
			return
		}
		for d := from; d <= n; d++ {
			pick(d+1, left-1, sum+d, digits+strconv.Itoa(d))
		}
	}
	pick(1, size, 0, "")
	return out
}

// TestCageTableRows: the reference table's rows are every sum a cage of
// each size can have, with exactly the digit sets brute force finds, for
// every digit range a killer has; single-set rows are the sums with one.
func TestCageTableRows(t *testing.T) {
	for n := 3; n <= MaxN; n++ {
		for size := 2; size < n; size++ {
			want := bruteCageSets(n, size)
			for _, only := range []bool{false, true} {
				rows := cageTableRows(n, size, only)
				got := map[int][]string{}
				for i, r := range rows {
					if i > 0 && r.sum <= rows[i-1].sum {
						t.Errorf("n=%d size=%d: sums out of order at %d", n, size, r.sum)
					}
					got[r.sum] = r.combos
				}
				for s, sets := range want {
					sort.Strings(sets)
					if only && len(sets) != 1 {
						if got[s] != nil {
							t.Errorf("n=%d size=%d sum %d: single-set table lists %v, brute force finds %v", n, size, s, got[s], sets)
						}
						continue
					}
					if !slices.Equal(got[s], sets) {
						t.Errorf("n=%d size=%d sum %d: table %v, brute force %v", n, size, s, got[s], sets)
					}
				}
				for s := range got {
					if want[s] == nil {
						t.Errorf("n=%d size=%d: table has sum %d no cage makes", n, size, s)
					}
				}
			}
		}
	}
	// Figures every killer solver knows: 9x9, two cells, 10 has four
	// sets; three cells, 6 and 24 one each; four cells, 20 twelve.
	for _, c := range []struct{ n, size, sum, sets int }{{9, 2, 10, 4}, {9, 3, 6, 1}, {9, 3, 24, 1}, {9, 4, 20, 12}, {6, 2, 7, 3}, {8, 3, 15, 6}} {
		if got := len(bruteCageSets(c.n, c.size)[c.sum]); got != c.sets {
			t.Errorf("brute force: %d cells of 1..%d summing to %d: %d sets, want %d", c.size, c.n, c.sum, got, c.sets)
		}
	}
}

var bboxWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="[0-9.]+">([^<]*)</word>`)

// pageLines reads page of a PDF with pdftotext -bbox: its words by line
// (words sharing a top), left to right, and the page's text.
func pageLines(t *testing.T, path string, page int) ([][]string, string) {
	t.Helper()
	p := strconv.Itoa(page)
	out, err := exec.Command("pdftotext", "-bbox", "-f", p, "-l", p, path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	type word struct {
		x, y float64
		s    string
	}
	var words []word
	var all []string
	for _, m := range bboxWord.FindAllStringSubmatch(string(out), -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		words = append(words, word{x, y, m[3]})
		all = append(all, m[3])
	}
	sort.SliceStable(words, func(i, j int) bool {
		if d := words[i].y - words[j].y; d < -0.5 || d > 0.5 {
			return d < 0
		}
		return words[i].x < words[j].x
	})
	var lines [][]string
	for i, w := range words {
		if i == 0 || w.y-words[i-1].y > 0.5 {
			lines = append(lines, nil)
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], w.s)
	}
	return lines, strings.Join(all, " ")
}

// hasRow reports whether a line holds the row's sum then its sets, next
// to each other.
func hasRow(lines [][]string, r tableRow) bool {
	want := append([]string{strconv.Itoa(r.sum)}, r.combos...)
	for _, ln := range lines {
		for i := 0; i+len(want) <= len(ln); i++ {
			if slices.Equal(ln[i:i+len(want)], want) {
				return true
			}
		}
	}
	return false
}

// TestCageTableInBook: a Letter book of 9x9 killers prints, on its
// how-to-play page, every sum of cages of 2 to 4 cells with all its
// digit sets and the single-set sums of the larger cages; a 6x6 book the
// whole table for digits 1-6, an 8x8 book at least the same detail as
// 9x9; in French its heading is French; NoCageTable leaves it out.
func TestCageTableInBook(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	dir := t.TempDir()
	book := func(name string, s sudoku.Shape, o export.BookOptions) string {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(5, uint64(s.N()))), Options{Shape: s})
		if err != nil {
			t.Fatal(err)
		}
		r := Grade(p)
		rec := toExport(NewRecord(p, sol, &r))
		var buf bytes.Buffer
		if err := export.WritePDF(&buf, []*export.Record{&rec}, o); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, c := range []struct {
		name string
		s    sudoku.Shape
		full int // cages of up to full cells list every sum
	}{
		{"9x9", sudoku.Shape{BoxRows: 3, BoxCols: 3}, 4},
		{"8x8", sudoku.Shape{BoxRows: 2, BoxCols: 4}, 4},
		{"6x6", sudoku.Shape{BoxRows: 2, BoxCols: 3}, 5},
	} {
		lines, text := pageLines(t, book(c.name, c.s, export.DefaultBookOptions()), 4)
		if !strings.Contains(text, "Cage combinations") {
			t.Errorf("%s: no cage table heading on the how-to-play page", c.name)
		}
		n := c.s.N()
		rows := 0
		for size := 2; size < n; size++ {
			for _, r := range cageTableRows(n, size, size > c.full) {
				rows++
				if !hasRow(lines, r) {
					t.Errorf("%s: cages of %d cells: row %d %v not printed on one line", c.name, size, r.sum, r.combos)
				}
			}
		}
		t.Logf("%s: %d rows found", c.name, rows)
	}
	o := export.DefaultBookOptions()
	o.Lang = "fr"
	if _, text := pageLines(t, book("fr", sudoku.Shape{BoxRows: 2, BoxCols: 3}, o), 4); !strings.Contains(text, "Combinaisons des cages") {
		t.Errorf("French book: no French table heading in %q", text)
	}
	o = export.DefaultBookOptions()
	o.NoCageTable = true
	if lines, text := pageLines(t, book("none", sudoku.Shape{BoxRows: 2, BoxCols: 3}, o), 4); strings.Contains(text, "Cage combinations") || hasRow(lines, tableRow{sum: 3, combos: []string{"12"}}) {
		t.Errorf("NoCageTable: the table is printed: %q", text)
	}
}

// TestJoinedSentencesCJK: the cage table's note and Killer-X's section
// rule join their sentences as the language writes them: Chinese and
// Japanese write no space after 。, the others one space after the stop.
func TestJoinedSentencesCJK(t *testing.T) {
	xRec := &export.Record{Kind: KindName, Fields: recordFields{Variant: "x"}}
	for _, lang := range i18n.Languages() {
		tr := i18n.Get(lang)
		cjk := strings.HasPrefix(lang, "ja") || strings.HasPrefix(lang, "zh")
		_, rule, _ := killerSection(tr, xRec)
		for _, c := range []struct {
			what, text, first, second string
		}{
			{"table note, one-set sums", tableNote(tr, 3, 9), tr.Text("book.killer.table_note"), tr.Text("book.killer.table_note_one", "n", 4)},
			{"table note, all one-set", tableNote(tr, 1, 9), tr.Text("book.killer.table_note"), tr.Text("book.killer.table_note_all")},
			{"Killer-X section rule", rule, tr.Text("book.killer.cages"), tr.Text("book.killer.x")},
		} {
			sep := " "
			if cjk {
				sep = ""
			}
			if want := c.first + sep + c.second; c.text != want {
				t.Errorf("%s: %s = %q, want %q", lang, c.what, c.text, want)
			}
			if strings.Contains(c.text, "。 ") {
				t.Errorf("%s: %s has a space after 。: %q", lang, c.what, c.text)
			}
		}
	}
}

// TestKillerRulesBeyond: a killer book with a Beyond puzzle says what
// Beyond means, before the key's note, and one without does not.
func TestKillerRulesBeyond(t *testing.T) {
	tr := i18n.Get("en")
	beyond := tr.Text("book.sudoku.beyond")
	for _, tier := range []string{"beyond", "hard"} {
		recs := []*export.Record{{Kind: KindName, Tier: "easy", Fields: recordFields{}}, {Kind: KindName, Tier: tier, Fields: recordFields{}}}
		paras := killerRules(tr, recs, true)
		at := slices.Index(paras, beyond)
		if (at >= 0) != (tier == "beyond") {
			t.Errorf("tier %s: Beyond paragraph at %d of %q", tier, at, paras)
		}
		if at >= 0 && at != len(paras)-2 {
			t.Errorf("tier %s: Beyond paragraph at %d, want just before the key's note: %q", tier, at, paras)
		}
	}
}

// TestKillerRulesWayIn: the how-to's way in counts a house of the book's
// largest killer grid: a row of 1..n adds up to n(n+1)/2 (10 on 4x4, 21
// on 6x6, 45 on 9x9), in every language.
func TestKillerRulesWayIn(t *testing.T) {
	for _, tc := range []struct {
		sizes []int
		side  string
		total string
	}{
		{[]int{4}, "4×4", "10"},
		{[]int{4, 6}, "6×6", "21"},
		{[]int{8}, "8×8", "36"},
		{[]int{6, 9, 4}, "9×9", "45"},
	} {
		var recs []*export.Record
		for _, n := range tc.sizes {
			recs = append(recs, &export.Record{Kind: KindName, Size: n, Fields: recordFields{}})
		}
		for _, lang := range []string{"en", "de", "ja"} {
			text := strings.Join(killerRules(i18n.Get(lang), recs, false), "\n")
			if !strings.Contains(text, tc.side) || !strings.Contains(text, tc.total) || strings.Contains(text, "{") {
				t.Errorf("sizes %v, %s: way in lacks %s and %s: %q", tc.sizes, lang, tc.side, tc.total, text)
			}
			if tc.side != "9×9" && strings.Contains(text, "9×9") {
				t.Errorf("sizes %v, %s: way in speaks of 9×9: %q", tc.sizes, lang, text)
			}
		}
	}
}
