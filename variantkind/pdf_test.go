package variantkind

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/variant"
)

// sixBySix makes a 6x6 variant record of each list of variants, the
// i-th from (seed, i), ungraded.
func sixBySix(t *testing.T, seed uint64, variants ...[]string) []*export.Record {
	t.Helper()
	var recs []*export.Record
	for i, vs := range variants {
		gen, err := variant.NewGenerator(variant.Spec{Size: 6, Variants: vs}, variant.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Generate(rand.New(rand.NewPCG(seed, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Record(p, nil, seed, int64(i))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, &rec)
	}
	return recs
}

// TestVariantBook: a book of X, jigsaw and anti-knight puzzles is written;
// its how-to page states each of those variants' rules and no other's.
// The drawing (shaded extra houses, jigsaw borders, Samurai's frame) was
// looked at with pdftoppm when written.
func TestVariantBook(t *testing.T) {
	recs := sixBySix(t, 5, []string{"x"}, []string{"jigsaw"}, []string{"anti-knight"})
	var buf bytes.Buffer
	if err := export.WritePDF(&buf, recs, export.DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	path := filepath.Join(t.TempDir(), "variants.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	for _, c := range []struct {
		rule string
		want bool
	}{
		{"X-Sudoku: the two long diagonals", true},
		{"Jigsaw: the outlined regions are irregular", true},
		{"Anti-knight: two cells a chess knight's move apart", true},
		{"Windoku:", false},
		{"Samurai:", false},
	} {
		if strings.Contains(text, c.rule) != c.want {
			t.Errorf("book has %q: %v, want %v", c.rule, !c.want, c.want)
		}
	}
}

// TestSectionRuleJoinCJK: a combination's section rule joins its
// variants' rules as the language writes sentences: no space after 。 in
// Chinese and Japanese, one space after the stop in the others.
func TestSectionRuleJoinCJK(t *testing.T) {
	rec := &export.Record{Kind: Name, Size: 9, Fields: &Fields{Variants: []string{"anti-knight", "x"}}}
	for _, lang := range i18n.Languages() {
		tr := i18n.Get(lang)
		sep := " "
		if strings.HasPrefix(lang, "ja") || strings.HasPrefix(lang, "zh") {
			sep = ""
		}
		_, rule, _ := variantSection(tr, rec)
		want := tr.Text("book.variant.rule.x") + sep + tr.Text("book.variant.rule.anti_knight")
		if rule != want {
			t.Errorf("%s: rule %q, want %q", lang, rule, want)
		}
	}
}

// TestVariantKeywords: a variant book's keywords name the variants it
// holds, in the catalogue's order, and no other: an X and an
// anti-knight + X book is searched for as X-Sudoku and anti-knight
// sudoku, not as jigsaw or samurai.
func TestVariantKeywords(t *testing.T) {
	recs := []*export.Record{
		{Kind: Name, Size: 9, Fields: &Fields{Variants: []string{"anti-knight", "x"}}},
		{Kind: Name, Size: 9, Fields: &Fields{Variants: []string{"x"}}},
	}
	for _, c := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"x-sudoku", "anti-knight sudoku"}},
		{"fr", []string{"sudoku X", "sudoku anti-cavalier"}},
		{"ja", []string{"対角線数独", "アンチナイト数独"}},
	} {
		got := variantKeywords(i18n.Get(c.lang), recs)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: keywords %q, want %q", c.lang, got, c.want)
		}
	}
}

// TestSectionOrderFixed: a variant book's sections come in the
// catalogue's order (variant.Names) in every language, not sorted by
// their translated names (French sorted Irrégulier before Sudoku X,
// Japanese サムライ first), and the how-to's rule paragraphs come in the
// same order as the sections.
func TestSectionOrderFixed(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	// Given in an order that is neither the catalogue's nor any
	// language's alphabet.
	recs := sixBySix(t, 7, []string{variant.NonConsecutive}, []string{variant.Jigsaw}, []string{variant.X}, []string{variant.AntiKnight})
	want := []string{variant.X, variant.AntiKnight, variant.NonConsecutive, variant.Jigsaw} // variant.Names' order
	dir := t.TempDir()
	for _, lang := range []string{"en", "de", "fr", "ru"} {
		tr := i18n.Get(lang)
		o := export.DefaultBookOptions()
		o.Lang = lang
		var buf bytes.Buffer
		if err := export.WritePDF(&buf, recs, o); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, lang+".pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		page := func(p int) string {
			out, err := exec.Command("pdftotext", "-f", strconv.Itoa(p), "-l", strconv.Itoa(p), path, "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			return strings.Join(strings.Fields(string(out)), " ")
		}
		// order lists the variants by where text shows each of them.
		order := func(text string, of func(v string) string) []string {
			at := map[string]int{}
			for _, v := range want {
				at[v] = strings.Index(text, of(v))
				if at[v] < 0 {
					t.Fatalf("%s: %q not found in %q", lang, of(v), text)
				}
			}
			got := slices.Clone(want)
			sort.Slice(got, func(i, j int) bool { return at[got[i]] < at[got[j]] })
			return got
		}
		rule := func(v string) string { return tr.Text("book.variant.rule." + ruleKey(v)) }
		contents := order(page(3), func(v string) string { return export.RuleName(rule(v)) + " (" })
		howto := order(page(4), func(v string) string { return strings.Join(strings.Fields(rule(v))[:3], " ") })
		if !slices.Equal(contents, want) {
			t.Errorf("%s: sections in the contents %v, want %v", lang, contents, want)
		}
		if !slices.Equal(howto, want) {
			t.Errorf("%s: rule paragraphs %v, want %v", lang, howto, want)
		}
	}
}

// TestVariantRulesBeyond: a variant book with a Beyond puzzle says what
// Beyond means right after the rating, and one without does not.
func TestVariantRulesBeyond(t *testing.T) {
	tr := i18n.Get("en")
	beyond := tr.Text("book.sudoku.beyond")
	for _, tier := range []string{"beyond", "hard"} {
		recs := []*export.Record{{Kind: Name, Size: 9, Tier: tier, Fields: &Fields{Variants: []string{"non-consecutive"}}}}
		paras := variantRules(tr, recs, true)
		at := slices.Index(paras, beyond)
		if (at >= 0) != (tier == "beyond") {
			t.Errorf("tier %s: Beyond paragraph at %d of %q", tier, at, paras)
		}
		if at >= 0 && paras[at-1] != tr.Text("book.variant.rating") {
			t.Errorf("tier %s: Beyond paragraph not after the rating: %q", tier, paras)
		}
	}
}

// TestVariantRulesSizes: a variant book's how-to names its grids' sizes
// and symbols, so a 12x12 grid's letters are explained (the variant rule
// speaks of digits); a jigsaw's regions are not called boxes, and a 6x6
// grid's 2x3 boxes are.
func TestVariantRulesSizes(t *testing.T) {
	tr := i18n.Get("en")
	rec := func(n int, box []int, vs ...string) *export.Record {
		return &export.Record{Kind: Name, Size: n, Box: box, Fields: &Fields{Variants: vs}}
	}
	for _, tc := range []struct {
		name      string
		recs      []*export.Record
		want, not []string
	}{
		{"9x9 and 12x12", []*export.Record{rec(9, []int{3, 3}, "x"), rec(12, []int{3, 4}, "x")},
			[]string{"9×9 (digits 1 to 9)", "12×12 (boxes of 3 rows by 4 columns; 1 to 9, then A to C for 10 to 12)"}, nil},
		{"6x6 and jigsaw 6x6", []*export.Record{rec(6, []int{2, 3}, "anti-king"), rec(6, nil, "jigsaw")},
			[]string{"6×6 (boxes of 2 rows by 3 columns, digits 1 to 6)", "6×6 (digits 1 to 6)"}, nil},
		// smallest first, whatever order the sections put them in (a
		// jigsaw 6x6 book before its 9x9 X section said "9×9 ... and 6×6")
		{"sizes out of order", []*export.Record{rec(12, []int{3, 4}, "x"), rec(9, []int{3, 3}, "x"), rec(6, nil, "jigsaw")},
			[]string{"are 6×6 (digits 1 to 6), 9×9 (digits 1 to 9) and 12×12 (boxes of 3 rows by 4 columns"}, nil},
		{"one size", []*export.Record{rec(9, []int{3, 3}, "windoku"), rec(9, []int{3, 3}, "x")},
			[]string{"Every grid in this book is 9×9 (digits 1 to 9)."}, []string{"This book's grids are"}},
	} {
		paras := variantRules(tr, tc.recs, false)
		text := strings.Join(paras, "\n")
		if !strings.HasPrefix(paras[0], tr.Text("book.variant.rules")) {
			t.Errorf("%s: first paragraph %q does not open with the rules", tc.name, paras[0])
		}
		for _, w := range tc.want {
			if !strings.Contains(paras[0], w) {
				t.Errorf("%s: how-to lacks %q:\n%s", tc.name, w, text)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(text, w) {
				t.Errorf("%s: how-to has %q:\n%s", tc.name, w, text)
			}
		}
	}
}
