package export

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/internal/i18n"
)

// The play page speaks the player's language: it carries the words of
// one language (HTMLOptions.Lang) or of every language i18n has, and
// picks the browser's when it has a choice. Its words are the i18n
// tables' "play" and "techniques" sections, the tier names, kind titles
// and extra rules of the "book" section, and the list words of "locale".

// playWording names, for a technique that shares its family's hint words
// and glossary paragraph, the technique whose words it uses (the tables
// give those words once, under the first of the family).
var playWording = map[string]string{
	"direct-claiming":                   "direct-pointing",
	"direct-hidden-triple":              "direct-hidden-pair",
	"claiming":                          "pointing",
	"naked-triple":                      "naked-pair",
	"naked-quad":                        "naked-pair",
	"hidden-triple":                     "hidden-pair",
	"hidden-quad":                       "hidden-pair",
	"swordfish":                         "x-wing",
	"jellyfish":                         "x-wing",
	"bug-2":                             "bug-1",
	"bug-3":                             "bug-1",
	"bug-4":                             "bug-1",
	"aligned-triple-exclusion":          "aligned-pair-exclusion",
	"forcing-xy-chain":                  "forcing-x-chain",
	"dynamic-forcing-chain-plus":        "dynamic-forcing-chain",
	"nested-forcing-chain":              "dynamic-forcing-chain",
	"nested-multiple-forcing-chain":     "dynamic-forcing-chain",
	"nested-dynamic-forcing-chain":      "dynamic-forcing-chain",
	"nested-dynamic-forcing-chain-plus": "dynamic-forcing-chain",
}

// playRuleKey is the key under "rules" of the page's words that a book
// message is the sentence of, if it is one: a variant's rule
// (book.variant.rule.<key>: "rules.<key>", the key the variant's puzzles
// list in their geometry's "variants"), a killer's cages
// ("rules.killer"), hidden sums ("rules.killer_hidden") and Killer-X's
// diagonals ("rules.killer_x"). The puzzle's screen and Help show the open
// puzzle's rules in these words, the sentences its book section prints.
func playRuleKey(k string) (string, bool) {
	if v, ok := strings.CutPrefix(k, "book.variant.rule."); ok {
		return v, true
	}
	switch k {
	case "book.killer.cages":
		return "killer", true
	case "book.killer.hidden":
		return "killer_hidden", true
	case "book.killer.x":
		return "killer_x", true
	}
	return "", false
}

// playTechWords are the words a technique entry has besides its name.
var playTechWords = []string{"look", "idea", "about"}

// playLangs returns the languages a page carries: lang alone (matched
// to a table, e.g. "zh-CN" to "zh-Hans"), or every language when lang is
// "".
func playLangs(lang string) ([]string, error) {
	if lang == "" {
		return i18n.Languages(), nil
	}
	t, err := i18n.Lookup(lang)
	if err != nil {
		return nil, err
	}
	return []string{t.Lang()}, nil
}

// playTable is one language's words as the page's script reads them:
// nested objects of messages (a plural message is an object of its
// forms by CLDR category), each technique with all its words.
func playTable(t *i18n.Table) (map[string]any, error) {
	out := map[string]any{}
	for _, k := range t.Keys() {
		var v any
		if f := t.Forms(k); f != nil {
			v = f
		} else {
			v, _ = t.Message(k)
		}
		if rk, ok := playRuleKey(k); ok {
			if err := setPath(out, "rules."+rk, t.Text(k)); err != nil {
				return nil, fmt.Errorf("i18n %s: %v", t.Lang(), err)
			}
		}
		var dest string
		switch {
		case strings.HasPrefix(k, "play."), strings.HasPrefix(k, "techniques."):
			dest = k
		case strings.HasPrefix(k, "book.tier."):
			dest = "tier." + strings.TrimPrefix(k, "book.tier.")
		case k == "book.sudoku.title", k == "book.slide.title", k == "book.killer.title":
			dest = "kinds." + strings.TrimSuffix(strings.TrimPrefix(k, "book."), ".title")
		case k == "book.killer.x":
			dest, v = "kinds.killer_x", kindTitle(t, "killer_x")
		case k == "book.variant.title":
			dest = "kinds.variant"
		case strings.HasPrefix(k, "book.variant.rule."):
			// a variant's name, as its rule sentence starts ("X-Sudoku"):
			// the list and the puzzle's line name variant puzzles by it
			dest, v = "kinds.variant_"+strings.TrimPrefix(k, "book.variant.rule."), RuleName(t.Text(k))
		case strings.HasPrefix(k, "locale."):
			dest = k
		default:
			continue
		}
		if err := setPath(out, dest, v); err != nil {
			return nil, fmt.Errorf("i18n %s: %v", t.Lang(), err)
		}
	}
	if t.SentenceTitles() {
		// the page's title names its kinds as TitleList does
		if err := setPath(out, "locale.sentence_titles", true); err != nil {
			return nil, fmt.Errorf("i18n %s: %v", t.Lang(), err)
		}
	}
	techs, _ := out["techniques"].(map[string]any)
	for id, e := range techs {
		root, ok := playWording[id]
		if !ok {
			continue
		}
		re, _ := techs[root].(map[string]any)
		if re == nil {
			return nil, fmt.Errorf("i18n %s: techniques.%s takes its words from %s, which has none", t.Lang(), id, root)
		}
		for _, w := range playTechWords {
			e.(map[string]any)[w] = re[w]
		}
	}
	return out, nil
}

// setPath puts v at a dotted path of nested objects.
func setPath(m map[string]any, path string, v any) error {
	parts := strings.Split(path, ".")
	for _, p := range parts[:len(parts)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			if _, taken := m[p]; taken {
				return fmt.Errorf("%s: %s is a message and a section", path, p)
			}
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[parts[len(parts)-1]] = v
	return nil
}

// pageWords says which words a page carries beyond those every page
// does: a killer ladder's own techniques (addKillerTechniques) on a page
// with killer puzzles, the sentence on Windoku's implied windows
// (play.implied_windows) on a page with a board that has them.
type pageWords struct {
	killer, impliedWindows bool
}

// hasImpliedWindow reports whether a board has a window that is not
// shaded: one of the five Windoku's four shaded windows imply.
func hasImpliedWindow(g *BoardGeometry) bool {
	for u, k := range g.Kinds {
		if k == "window" && !slices.Contains(g.Shade, u) {
			return true
		}
	}
	return false
}

// playLangBlock is the page's #sg-langs content: every carried
// language's table in one JSON object by tag, raw deflate and base64
// (the tables share their keys, which one stream compresses once), and
// each language's name in its own words for the settings. Words only some
// boards need come only on pages with such boards (pageWords).
func playLangBlock(langs []string, extra pageWords) (string, map[string]string, error) {
	all := map[string]any{}
	names := map[string]string{}
	for _, l := range langs {
		t, err := i18n.Lookup(l)
		if err != nil {
			return "", nil, err
		}
		tab, err := playTable(t)
		if err != nil {
			return "", nil, err
		}
		if extra.killer {
			addKillerTechniques(tab, t)
		}
		if !extra.impliedWindows {
			// the sentence on Windoku's implied windows (puzzleRules)
			if play, ok := tab["play"].(map[string]any); ok {
				delete(play, "implied_windows")
			}
		}
		all[l] = tab
		names[l] = t.Text("locale.name")
	}
	b, err := json.Marshal(all)
	if err != nil {
		return "", nil, err
	}
	z, err := deflate64(b)
	return z, names, err
}
