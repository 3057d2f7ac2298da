package export

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/i18n"
)

// TestPlayStrings: every message the page's script and skeleton ask for
// is in the tables (i18n's own tests check that every language has every
// key), every "play" message of the tables is used by the page, and
// every technique the tables name has its words, in every language.
func TestPlayStrings(t *testing.T) {
	page, _, js, err := playFiles()
	if err != nil {
		t.Fatal(err)
	}
	src := string(js)
	en := i18n.Get("en")
	// keys written out in the script, and the skeleton's data-t words
	var asked []string
	for _, m := range regexp.MustCompile(`'((?:play|techniques)\.[a-z_.-]*[a-z_])'`).FindAllStringSubmatch(src, -1) {
		asked = append(asked, m[1])
	}
	for _, m := range regexp.MustCompile(`data-t(?:-title|-label)?="([a-z_]+)"`).FindAllStringSubmatch(string(page), -1) {
		asked = append(asked, "play."+m[1])
	}
	if len(asked) < 100 {
		t.Fatalf("found %d keys in the page: the pattern is stale", len(asked))
	}
	for _, k := range asked {
		if !en.Has(k) {
			t.Errorf("the page asks for %s, which en.yaml does not have", k)
		}
	}
	// each play message is used: written out, or its last part quoted
	// in the script under a prefix the script writes ('play.house.' +
	// kind, 'play.' + 'help_arrows')
	quoted := map[string]bool{}
	for _, m := range regexp.MustCompile(`'([a-z_]+)'`).FindAllStringSubmatch(src, -1) {
		quoted[m[1]] = true
	}
	for _, k := range en.Keys() {
		if !strings.HasPrefix(k, "play.") || slices.Contains(asked, k) {
			continue
		}
		if k == "play.noscript" { // filled in by the writer
			continue
		}
		i := strings.LastIndexByte(k, '.')
		prefix, last := k[:i+1], k[i+1:]
		if !quoted[last] || !strings.Contains(src, "'"+prefix+"'") && !strings.Contains(src, "'"+prefix) {
			t.Errorf("%s is in the tables but the page never asks for it", k)
		}
	}
	// every technique has a name and, itself or through playWording, the
	// three words of a hint and the glossary, in every language
	for _, l := range i18n.Languages() {
		tab, err := playTable(i18n.Get(l))
		if err != nil {
			t.Fatal(err)
		}
		techs := tab["techniques"].(map[string]any)
		for id, e := range techs {
			for _, w := range append([]string{"name"}, playTechWords...) {
				if s, _ := e.(map[string]any)[w].(string); s == "" {
					t.Errorf("%s: technique %s has no %s", l, id, w)
				}
			}
		}
		for id, root := range playWording {
			if techs[id] == nil || techs[root] == nil {
				t.Errorf("%s: playWording %s -> %s: not both in the tables", l, id, root)
			}
		}
	}
}

// TestPlayVariantNames: in every language the page's words name each
// variant as its book rule sentence starts (kinds.variant_<key>: "X-Sudoku",
// "Anti-cavalier" without the French no-break space, the Japanese name
// before its full-width colon), and variant pages by the book's title
// for them (kinds.variant).
func TestPlayVariantNames(t *testing.T) {
	keys := []string{"x", "windoku", "disjoint_groups", "asterisk", "girandola", "center_dot", "anti_knight", "anti_king", "non_consecutive", "jigsaw", "samurai"}
	for _, l := range i18n.Languages() {
		tr := i18n.Get(l)
		tab, err := playTable(tr)
		if err != nil {
			t.Fatal(err)
		}
		kinds := tab["kinds"].(map[string]any)
		if kinds["variant"] != tr.Text("book.variant.title") {
			t.Errorf("%s: kinds.variant %q", l, kinds["variant"])
		}
		for _, k := range keys {
			rule := tr.Text("book.variant.rule." + k)
			name, _ := kinds["variant_"+k].(string)
			if name == "" || !strings.HasPrefix(rule, name) || strings.ContainsAny(name, ":：") || strings.HasSuffix(name, "\u00a0") || len(name) >= len(rule)/2 {
				t.Errorf("%s: kinds.variant_%s = %q from the rule %q", l, k, name, rule)
			}
		}
	}
	if got := RuleName("Anti-cavalier\u00a0: deux cases"); got != "Anti-cavalier" {
		t.Errorf("RuleName of a French rule: %q", got)
	}
	if got := RuleName("no colon here"); got != "no colon here" {
		t.Errorf("RuleName without a colon: %q", got)
	}
}

// TestStripJS: the page's script keeps its template literals on one line,
// which stripJS needs (it works line by line).
func TestStripJS(t *testing.T) {
	js, err := playAssets.ReadFile("play/play.js")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(js), "\n") {
		if strings.Count(line, "`")%2 != 0 {
			t.Errorf("play.js:%d: a template literal spans lines: %s", i+1, line)
		}
	}
	if got := string(stripJS([]byte("  // note\n\tconst a = 1; // kept\n\n  f(`x ${a}`);\n"))); got != "const a = 1; // kept\nf(`x ${a}`);\n" {
		t.Errorf("stripJS: %q", got)
	}
}

// TestTierTitleByRune (audit 2026-12-02 #2): the first letter is
// capitalised as a letter, never as a byte.
func TestTierTitleByRune(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"hard", "Hard"}, {"", "Untiered"}, {"élite", "Élite"}, {"сложный", "Сложный"},
		{"ωμέγα", "Ωμέγα"}, {"数独", "数独"}, {"ǆungla", "ǅungla"}, {"9x", "9x"}, {"\xffbad", "\xffbad"},
	} {
		if got := tierTitle(c.in); got != c.want {
			t.Errorf("tierTitle(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestPlayRuleWords: in every language the page carries, as its "rules"
// words, the sentence the book prints for each variant's rule
// (book.variant.rule.<key>, under the key a variant board's "variants"
// names it by) and for a killer's cages, hidden sums and Killer-X
// diagonals; the puzzle's screen and Help show them (the browser tests).
func TestPlayRuleWords(t *testing.T) {
	for _, l := range i18n.Languages() {
		tr := i18n.Get(l)
		want := map[string]string{
			"killer":        tr.Text("book.killer.cages"),
			"killer_hidden": tr.Text("book.killer.hidden"),
			"killer_x":      tr.Text("book.killer.x"),
		}
		for _, k := range tr.Keys() {
			if v, ok := strings.CutPrefix(k, "book.variant.rule."); ok {
				want[v] = tr.Text(k)
			}
		}
		if len(want) < 3+11 {
			t.Fatalf("%s: %d rule sentences in the tables, want the 3 killer ones and 11 variants'", l, len(want))
		}
		tab, err := playTable(tr)
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := tab["rules"].(map[string]any)
		for k, w := range want {
			if got, _ := rules[k].(string); got != w || w == "" {
				t.Errorf("%s: rules.%s = %q, want %q", l, k, got, w)
			}
		}
		if len(rules) != len(want) {
			t.Errorf("%s: %d rules, want %d", l, len(rules), len(want))
		}
	}
}

// TestPlayWhyKinds: every kind of house the page's script knows
// (HOUSE_KINDS) has, in every language, its name in a hint ("box 5":
// play.house.*) and its word in a single's reasons ("in its row, column,
// box or window": play.why.kind.*), and so does each move the reasons
// name.
func TestPlayWhyKinds(t *testing.T) {
	_, _, js, err := playFiles()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const HOUSE_KINDS = \[([^\]]*)\]`).FindSubmatch(js)
	if m == nil {
		t.Fatal("play.js has no HOUSE_KINDS")
	}
	kinds := regexp.MustCompile(`'([a-z]+)'`).FindAllSubmatch(m[1], -1)
	if len(kinds) < 8 {
		t.Fatalf("HOUSE_KINDS: %s", m[1])
	}
	for _, l := range i18n.Languages() {
		tab := i18n.Get(l)
		for _, k := range kinds {
			for _, key := range []string{"play.house." + string(k[1]), "play.why.kind." + string(k[1])} {
				if !tab.Has(key) {
					t.Errorf("%s: no %s", l, key)
				}
			}
		}
		for _, key := range []string{"play.why.knight", "play.why.king", "play.why.hs_cage", "play.why.ns_cage"} {
			if !tab.Has(key) {
				t.Errorf("%s: no %s", l, key)
			}
		}
	}
}
