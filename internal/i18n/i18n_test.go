package i18n

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The languages the books must speak (issue 23); more may be added.
var required = []string{"de", "en", "es", "fr", "ja", "pt", "ru", "zh-Hans", "zh-Hant"}

func TestLanguages(t *testing.T) {
	got := Languages()
	for _, l := range required {
		if !slices.Contains(got, l) {
			t.Errorf("Languages() = %v: no %s", got, l)
		}
		if _, ok := locales[l]; !ok {
			t.Errorf("%s has no locale data", l)
		}
	}
	if !slices.IsSorted(got) {
		t.Errorf("Languages() = %v: not sorted", got)
	}
	for _, l := range got {
		tab, err := Lookup(l)
		if err != nil || tab.Lang() != l {
			t.Errorf("Lookup(%q) = %v, %v", l, tab, err)
		}
	}
}

// Every table has exactly English's keys, each plain where English's is
// plain and plural where it is plural.
func TestSameKeys(t *testing.T) {
	en := Get("en")
	for _, l := range Languages() {
		tab := Get(l)
		for _, k := range en.Keys() {
			if !tab.Has(k) {
				t.Errorf("%s: no %s", l, k)
				continue
			}
			if (en.Forms(k) == nil) != (tab.Forms(k) == nil) {
				t.Errorf("%s: %s: plural in one table, plain in the other", l, k)
			}
		}
		for _, k := range tab.Keys() {
			if !en.Has(k) {
				t.Errorf("%s: %s is not in en.yaml", l, k)
			}
		}
	}
}

// messages returns each form of key in tab: the message, or its plural
// forms by category.
func messages(tab *Table, key string) map[string]string {
	if f := tab.Forms(key); f != nil {
		return f
	}
	return map[string]string{"": tab.plain[key]}
}

// Every form of every message has English's placeholders, and a plural
// message also its count {n}.
func TestPlaceholdersMatch(t *testing.T) {
	en := Get("en")
	for _, k := range en.Keys() {
		want := Placeholders(messages(en, k)["other"])
		if en.Forms(k) == nil {
			want = Placeholders(en.plain[k])
		} else if !slices.Contains(want, "n") {
			t.Errorf("en: plural %s has no {n}", k)
		}
		for _, l := range Languages() {
			for form, m := range messages(Get(l), k) {
				if got := Placeholders(m); !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %s %s: placeholders %v, en has %v", l, k, form, got, want)
				}
				if strings.Count(m, "{") != strings.Count(m, "}") {
					t.Errorf("%s: %s %s: unbalanced braces in %q", l, k, form, m)
				}
			}
		}
	}
}

// A plural message has exactly the categories its language uses.
func TestPluralCategories(t *testing.T) {
	for _, l := range Languages() {
		tab := Get(l)
		for _, k := range tab.Keys() {
			f := tab.Forms(k)
			if f == nil {
				continue
			}
			var got []string
			for c := range f {
				got = append(got, c)
			}
			want := tab.Categories()
			slices.Sort(got)
			w := slices.Clone(want)
			slices.Sort(w)
			if !reflect.DeepEqual(got, w) {
				t.Errorf("%s: %s has forms %v, the language uses %v", l, k, got, want)
			}
		}
	}
}

var (
	placeholder = regexp.MustCompile(`\{[A-Za-z0-9_]+\}`)
	latinWord   = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// Latin words a table in another script may keep: names and codes.
var keepLatin = map[string]bool{"Sudoku": true, "Explainer": true, "ISBN": true, "ID": true,
	"SE": true, "EP": true, "ED": true, "HoDoKu": true, // the workbook's rating codes (Sudoku Explainer's ER, EP, ED) and HoDoKu's name
	"XY": true, "XYZ": true, // technique names: XY-Wing is XYウィング, XY-крыло
	"X":          true,                                                                // Killer-X, X-Sudoku: the variant's name
	"JavaScript": true, "Chrome": true, "Edge": true, "Firefox": true, "Safari": true} // the play page's browser names

// Words that are English only: none of the Latin-script tables uses them.
var englishOnly = map[string]bool{
	"the": true, "and": true, "of": true, "with": true, "every": true, "each": true, "by": true,
	"puzzle": true, "puzzles": true, "move": true, "moves": true, "rating": true, "tier": true,
	"tiers": true, "sliding": true, "grid": true, "grids": true, "empty": true, "square": true,
	"easy": true, "medium": true, "hard": true, "contents": true, "how": true,
	"play": true, "found": true, "at": true, "most": true, "least": true, "goal": true, "slide": true,
	// variant names: German books say Chaos-Sudoku and Mittelpunkt-Sudoku
	"jigsaw": true, "center": true, "dot": true,
}

// sameAsEnglish are the words a Latin-script table shares with English,
// so a message made of them and placeholders may equal English's.
var sameAsEnglish = map[string]map[string]bool{
	"fr": {"Sudoku": true, "Killer": true, "Solutions": true, "Solution": true, "Expert": true, "page": true, "ISBN": true, "Pause": true, "Cycle": true, "windoku": true, "Total": true, "Cages": true},
	"de": {"Sudoku": true, "Killer": true, "ISBN": true, "Puzzle": true, "Pause": true},
	"es": {"Sudoku": true, "Killer": true, "ISBN": true, "windoku": true, "Total": true},
	"pt": {"Sudoku": true, "Killer": true, "ISBN": true, "windoku": true, "Total": true},
}

// techniqueNames are technique names that players write the same in
// every Latin-script language (the play page's techniques.*.name).
var techniqueNames = []string{"X", "XY", "XYZ", "Wing", "Swordfish", "Jellyfish", "Nishio"}

func init() {
	for _, words := range sameAsEnglish {
		for _, w := range techniqueNames {
			words[w] = true
		}
	}
}

// No message is left in English: tables in other scripts hold no Latin
// words but names and codes; Latin-script tables hold no English-only
// word and equal English only where the words are the same in both.
func TestNoEnglishLeft(t *testing.T) {
	en := Get("en")
	for _, l := range Languages() {
		if l == "en" {
			continue
		}
		tab := Get(l)
		latin := sameAsEnglish[l] != nil
		for _, k := range tab.Keys() {
			for form, m := range messages(tab, k) {
				text := placeholder.ReplaceAllString(m, "")
				if !latin {
					for _, w := range latinWord.FindAllString(text, -1) {
						if !keepLatin[w] {
							t.Errorf("%s: %s %s: Latin word %q in %q", l, k, form, w, m)
						}
					}
					continue
				}
				for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
					if englishOnly[strings.ToLower(w)] && !sameAsEnglish[l][w] {
						t.Errorf("%s: %s %s: English word %q in %q", l, k, form, w, m)
					}
				}
				enm := messages(en, k)[form]
				if form != "" && enm == "" {
					enm = messages(en, k)["other"]
				}
				if m != enm {
					continue
				}
				for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
					if !sameAsEnglish[l][w] {
						t.Errorf("%s: %s %s: %q is the English message", l, k, form, m)
						break
					}
				}
			}
		}
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		tag, want string
		ok        bool
	}{
		{"", "en", true},
		{"en", "en", true},
		{"en-US", "en", true},
		{"en_GB", "en", true},
		{"EN-us", "en", true},
		{"zh", "zh-Hans", true},
		{"zh-CN", "zh-Hans", true},
		{"zh-SG", "zh-Hans", true},
		{"zh-Hans", "zh-Hans", true},
		{"zh-hans-cn", "zh-Hans", true},
		{"zh-TW", "zh-Hant", true},
		{"zh_HK", "zh-Hant", true},
		{"zh-MO", "zh-Hant", true},
		{"zh-Hant", "zh-Hant", true},
		{"zh-Hant-CN", "zh-Hant", true}, // the script decides
		{"zh-Hans-TW", "zh-Hans", true},
		{"zh-Latn", "en", false},
		{"ja", "ja", true},
		{"ja-JP", "ja", true},
		{"pt-BR", "pt", true},
		{"pt-PT", "pt", true},
		{"es-419", "es", true},
		{"es-MX", "es", true},
		{"fr-CA", "fr", true},
		{"de-AT", "de", true},
		{"ru-RU", "ru", true},
		{"ko", "en", false},
		{"he", "en", false},
		{"klingon", "en", false},
	} {
		got, ok := Match(c.tag)
		if got != c.want || ok != c.ok {
			t.Errorf("Match(%q) = %q, %v; want %q, %v", c.tag, got, ok, c.want, c.ok)
		}
		if Get(c.tag).Lang() != c.want {
			t.Errorf("Get(%q) is %s, want %s", c.tag, Get(c.tag).Lang(), c.want)
		}
	}
	if _, err := Lookup("ko-KR"); err == nil || !strings.Contains(err.Error(), "zh-Hant (繁體中文)") {
		t.Errorf("Lookup(ko-KR) = %v: want an error listing the languages", err)
	}
}

// The plural rules against CLDR's published samples for each category
// (integers), an independent source.
func TestPluralRulesCLDR(t *testing.T) {
	samples := map[string]map[string][]int{
		"en":      {"one": {1}, "other": {0, 2, 3, 11, 16, 100, 1000, 10000, 100000, 1000000}},
		"de":      {"one": {1}, "other": {0, 2, 3, 17, 100, 1000, 1000000}},
		"es":      {"one": {1}, "many": {1000000, 2000000, 10000000}, "other": {0, 2, 3, 16, 100, 1000, 10000, 100000}},
		"fr":      {"one": {0, 1}, "many": {1000000, 2000000, 10000000}, "other": {2, 3, 17, 100, 1000, 10000, 100000}},
		"pt":      {"one": {0, 1}, "many": {1000000, 2000000, 10000000}, "other": {2, 3, 17, 100, 1000, 10000, 100000}},
		"ru":      {"one": {1, 21, 31, 41, 51, 61, 71, 81, 101, 1001}, "few": {2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 102, 1002}, "many": {0, 5, 6, 11, 12, 13, 14, 19, 20, 25, 100, 111, 112, 1000, 10000, 100000}},
		"ja":      {"other": {0, 1, 2, 15, 100, 1000}},
		"zh-Hans": {"other": {0, 1, 2, 15, 100, 1000}},
		"zh-Hant": {"other": {0, 1, 2, 15, 100, 1000}},
	}
	for l, cats := range samples {
		tab := Get(l)
		for cat, ns := range cats {
			if !slices.Contains(tab.Categories(), cat) {
				t.Errorf("%s: category %s not among %v", l, cat, tab.Categories())
			}
			for _, n := range ns {
				if got := tab.loc.plural(n); got != cat {
					t.Errorf("%s: plural(%d) = %s, want %s", l, n, got, cat)
				}
			}
		}
	}
}

func TestFormatting(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 7, "7"}, {"en", 999, "999"}, {"en", 1200, "1,200"}, {"en", 1234567, "1,234,567"}, {"en", -4500, "-4,500"},
		{"fr", 1200, "1\u00a0200"}, {"ru", 10000, "10\u00a0000"}, {"de", 1200, "1.200"}, {"pt", 1200, "1.200"},
		{"es", 1200, "1200"}, {"es", 12345, "12.345"}, {"ja", 100000, "100,000"}, {"zh-Hans", 1200, "1,200"},
	} {
		if got := Get(c.lang).Number(c.n); got != c.want {
			t.Errorf("%s: Number(%d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
	if got := Get("fr").Decimal(4.25, 1); got != "4,2" && got != "4,3" {
		t.Errorf("fr Decimal(4.25, 1) = %q", got)
	}
	if got := Get("de").Decimal(10.3, 1); got != "10,3" {
		t.Errorf("de Decimal(10.3, 1) = %q", got)
	}
	if got := Get("en").Decimal(7, 1); got != "7.0" {
		t.Errorf("en Decimal(7, 1) = %q", got)
	}
}

func TestTextAndPlural(t *testing.T) {
	en, fr, ru, zh := Get("en"), Get("fr"), Get("ru"), Get("zh-Hans")
	for _, c := range []struct{ got, want string }{
		{en.Text("book.title_page.volume", "vol", 2, "total", 3), "Volume 2 of 3"},
		{fr.Text("book.title_page.volume", "total", 3, "vol", 2), "Tome 2 sur 3"},
		{zh.Text("book.volume_title", "title", "数独", "vol", 1, "total", 2), "数独（第1册，共2册）"},
		{en.Plural("book.count.sudoku", 1), "1 puzzle"},
		{en.Plural("book.count.sudoku", 1200), "1,200 puzzles"},
		{fr.Plural("book.count.sudoku", 0), "0 grille"},
		{fr.Plural("book.count.sudoku", 2), "2 grilles"},
		{fr.Plural("book.count.sudoku", 1000000), "1\u00a0000\u00a0000 de grilles"},
		{ru.Plural("book.count.mixed", 21), "21 головоломка"},
		{ru.Plural("book.count.mixed", 24), "24 головоломки"},
		{ru.Plural("book.count.mixed", 11), "11 головоломок"},
		{ru.Plural("book.rules.moves", 42, "lo", 30), "30–42 хода"},
		{zh.Plural("book.count.sudoku", 300), "300道数独"},
		{en.Text("book.label.rating", "r", fr.Decimal(4.2, 1)), "rating 4,2"},
		{fr.Text("book.label.rating", "r", 4.5), "difficulté 4,5"},
		// A value is not read for placeholders again.
		{en.Text("book.copyright.by", "author", "{title} & {n}"), "by {title} & {n}"},
		{en.List([]string{"Easy"}), "Easy"},
		{en.List([]string{"Easy", "Hard"}), "Easy and Hard"},
		{en.List([]string{"Easy", "Medium", "Hard"}), "Easy, Medium and Hard"},
		{zh.List([]string{"简单", "中等", "困难"}), "简单、中等和困难"},
		{fr.List(nil), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	mustPanic := func(what string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", what)
			}
		}()
		f()
	}
	mustPanic("unknown key", func() { en.Text("book.no_such_key") })
	mustPanic("plural as plain", func() { en.Text("book.count.sudoku") })
	mustPanic("plain as plural", func() { en.Plural("book.contents.title", 2) })
	mustPanic("missing value", func() { en.Text("book.title_page.volume", "vol", 2) })
}

func TestPlaceholdersParse(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want []string
	}{
		{"plain", nil},
		{"{a} and {b} and {a}", []string{"a", "b"}},
		{"{not a name} {x}", []string{"x"}},
		{"{unclosed", nil},
		{"{}", nil},
	} {
		if got := Placeholders(c.msg); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Placeholders(%q) = %v, want %v", c.msg, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"book:\n  a: 12\n", "expected a string"},
		{"book:\n  a:\n    one: \"x\"\n", "needs an \"other\" form"},
		{"book:\n  a: [x]\n", "expected a string or a mapping"},
		{"- x\n", "expected a mapping of sections"},
		{"book:\n  a: \"x\"\n  a: \"y\"\n", ""},
	} {
		_, err := parseTable("en", []byte(c.yaml))
		if c.want == "" {
			if err == nil {
				t.Errorf("%q: no error for a repeated key", c.yaml)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.yaml, err, c.want)
		}
	}
	if _, err := parseTable("xx", []byte("a: \"b\"\n")); err == nil {
		t.Error("a table without locale data was accepted")
	}
}
