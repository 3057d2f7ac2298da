package i18n

import (
	"embed"
	"fmt"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"
)

// tableFS holds the tables, one file per language named by its tag.
//
//go:embed *.yaml
var tableFS embed.FS

// pluralCategories are CLDR's plural category names: a mapping whose
// keys are all among them is a plural message.
var pluralCategories = map[string]bool{"zero": true, "one": true, "two": true, "few": true, "many": true, "other": true}

// loadAll reads every embedded table.
func loadAll() (map[string]*Table, error) {
	entries, err := tableFS.ReadDir(".")
	if err != nil {
		return nil, err
	}
	out := map[string]*Table{}
	for _, e := range entries {
		name := e.Name()
		if path.Ext(name) != ".yaml" {
			continue
		}
		data, err := tableFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		t, err := parseTable(strings.TrimSuffix(name, ".yaml"), data)
		if err != nil {
			return nil, err
		}
		out[t.lang] = t
	}
	if out["en"] == nil {
		return nil, fmt.Errorf("i18n: no English table (en.yaml)")
	}
	return out, nil
}

// parseTable reads one language's YAML: nested mappings whose leaves are
// strings (plain messages) or mappings of plural categories to strings
// (plural messages).
func parseTable(lang string, data []byte) (*Table, error) {
	loc, ok := locales[lang]
	if !ok {
		return nil, fmt.Errorf("i18n: %s.yaml: no locale data for %q (plural rule, number format): add it to locales", lang, lang)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("i18n: %s.yaml: %v", lang, err)
	}
	t := &Table{lang: lang, loc: loc, plain: map[string]string{}, plurals: map[string]map[string]string{}}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("i18n: %s.yaml: expected a mapping of sections", lang)
	}
	if err := t.walk(lang, "", doc.Content[0]); err != nil {
		return nil, err
	}
	return t, nil
}

// walk adds the messages under node, whose key is prefix.
func (t *Table) walk(lang, prefix string, node *yaml.Node) error {
	where := func(n *yaml.Node) string { return fmt.Sprintf("i18n: %s.yaml:%d", lang, n.Line) }
	if node.Kind == yaml.ScalarNode {
		if node.Tag != "!!str" {
			return fmt.Errorf("%s: %s: expected a string, got %s (quote it)", where(node), prefix, node.Tag)
		}
		t.plain[prefix] = node.Value
		return nil
	}
	if node.Kind != yaml.MappingNode || len(node.Content) == 0 {
		return fmt.Errorf("%s: %s: expected a string or a mapping", where(node), prefix)
	}
	plural := true
	for i := 0; i < len(node.Content); i += 2 {
		if !pluralCategories[node.Content[i].Value] {
			plural = false
		}
	}
	if plural {
		forms := map[string]string{}
		for i := 0; i < len(node.Content); i += 2 {
			k, v := node.Content[i], node.Content[i+1]
			if v.Kind != yaml.ScalarNode || v.Tag != "!!str" {
				return fmt.Errorf("%s: %s.%s: expected a string", where(v), prefix, k.Value)
			}
			forms[k.Value] = v.Value
		}
		if _, ok := forms["other"]; !ok {
			return fmt.Errorf("%s: %s: a plural message needs an \"other\" form", where(node), prefix)
		}
		t.plurals[prefix] = forms
		return nil
	}
	for i := 0; i < len(node.Content); i += 2 {
		k := node.Content[i]
		if k.Value == "" || strings.Contains(k.Value, ".") {
			return fmt.Errorf("%s: key %q: expected a name without dots", where(k), k.Value)
		}
		key := k.Value
		if prefix != "" {
			key = prefix + "." + k.Value
		}
		if t.Has(key) {
			return fmt.Errorf("%s: %s: given twice", where(k), key)
		}
		if err := t.walk(lang, key, node.Content[i+1]); err != nil {
			return err
		}
	}
	return nil
}
