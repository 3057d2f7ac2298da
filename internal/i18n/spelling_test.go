package i18n

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestEnglishUS: the English table spells as US English does, as the
// book mostly did ("center", "color"), with no British form left among
// its messages, and names variants in sentence case like the others
// ("Center dot" beside "Disjoint groups" and "Non-consecutive").
func TestEnglishUS(t *testing.T) {
	british := regexp.MustCompile(`(?i)\b(grey|greys|colour\w*|centre\w*|labelled|labelling|neighbour\w*|favour\w*|behaviour\w*|honour\w*|cancelled|travelled|pencilled|modelled|catalogue\w*|metre\w*)\b`)
	en := Get("en")
	for _, k := range en.Keys() {
		for form, m := range messages(en, k) {
			if w := british.FindString(m); w != "" {
				t.Errorf("en: %s %s: British %q in %q", k, form, w, m)
			}
		}
	}
	for _, k := range en.Keys() {
		if !strings.HasPrefix(k, "book.variant.rule.") {
			continue
		}
		m, _ := en.Message(k)
		name, _, ok := strings.Cut(m, ":")
		if !ok {
			t.Errorf("en: %s has no name before ':': %q", k, m)
			continue
		}
		for i, w := range strings.Fields(name) {
			if r := []rune(w)[0]; (i == 0) != unicode.IsUpper(r) {
				t.Errorf("en: %s: name %q is not in sentence case", k, name)
				break
			}
		}
	}
}
