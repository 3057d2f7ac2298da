// Package i18n holds the words sudogen prints for people, one table per
// language: the PDF book's front matter, labels and answer key ("book"),
// and room for the play page ("play") and technique names ("techniques").
//
// Each language is a YAML file embedded from this folder, named by its
// BCP 47 tag (en.yaml, zh-Hans.yaml, pt.yaml, ...). English (en.yaml) is
// the reference: every other table has exactly its keys, with the same
// placeholders in each message, and a plural message has exactly the
// plural categories its language uses (CLDR). The package's tests check
// all three, so a lookup never misses a key; the only fallback is to
// English for a language no table serves.
//
// A key is the dotted path of a message: "book.contents.title". A message
// holds {name} placeholders, filled by Text and Plural from name, value
// pairs:
//
//	t := i18n.Get("fr-CA") // the French table
//	t.Text("book.title_page.volume", "vol", 2, "total", 3) // "Volume 2 sur 3"
//	t.Plural("book.count.sudoku", 1200)                    // "1 200 grilles"
package i18n

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Table is one language's messages.
type Table struct {
	lang    string
	loc     locale
	plain   map[string]string
	plurals map[string]map[string]string // key -> category -> message
}

var (
	loadOnce sync.Once
	tables   map[string]*Table
	loadErr  error
)

func load() {
	loadOnce.Do(func() { tables, loadErr = loadAll() })
}

// Languages returns the tags of the languages that have a table, sorted:
// de, en, es, fr, ja, pt, ru, zh-Hans, zh-Hant.
func Languages() []string {
	load()
	out := make([]string, 0, len(tables))
	for tag := range tables {
		out = append(out, tag)
	}
	sort.Strings(out)
	return out
}

// Lookup returns the table for tag (a BCP 47 tag or an alias such as
// zh-CN, zh-TW, pt-BR, en-US; see Match), or an error naming the
// languages there are when no table serves it.
func Lookup(tag string) (*Table, error) {
	load()
	if loadErr != nil {
		return nil, loadErr
	}
	lang, ok := Match(tag)
	if !ok {
		var names []string
		for _, l := range Languages() {
			names = append(names, l+" ("+tables[l].Text("locale.name")+")")
		}
		return nil, fmt.Errorf("language %q: no table for it: expected one of %s", tag, strings.Join(names, ", "))
	}
	return tables[lang], nil
}

// Get returns the table for tag as Lookup does, or the English table when
// no table serves the language. It panics only if the embedded tables are
// broken, which the package's tests rule out.
func Get(tag string) *Table {
	load()
	if loadErr != nil {
		panic("i18n: " + loadErr.Error())
	}
	lang, _ := Match(tag)
	return tables[lang]
}

// Lang is the table's BCP 47 tag ("zh-Hans").
func (t *Table) Lang() string { return t.lang }

// Has reports whether key names a message of the table (plain or plural).
// Use it for keys that come from data (e.g. a technique id), not for keys
// written in code, which every table has.
func (t *Table) Has(key string) bool {
	if _, ok := t.plain[key]; ok {
		return true
	}
	_, ok := t.plurals[key]
	return ok
}

// Message returns the plain message key as the table holds it, its
// placeholders unfilled, and whether there is one (e.g. to check that a
// font can draw every word of a table).
func (t *Table) Message(key string) (string, bool) {
	m, ok := t.plain[key]
	return m, ok
}

// Text returns the message key with its placeholders filled from args,
// given as name, value pairs: strings as they are, integers in plain
// digits (use Number for digit grouping), floats with the language's
// decimal sign (use Decimal to fix the digits). It panics when key is not
// a plain message of the tables or a placeholder has no value: both are
// mistakes in the calling code, which its tests meet at once.
func (t *Table) Text(key string, args ...any) string {
	msg, ok := t.plain[key]
	if !ok {
		if _, plural := t.plurals[key]; plural {
			panic("i18n: " + key + " is a plural message: use Plural")
		}
		panic("i18n: no message " + key)
	}
	return t.fill(key, msg, args)
}

// Plural returns the plural message key in the form the language uses for
// the count n, with {n} as Number(n) and the other placeholders filled
// from args as in Text. It panics as Text does.
func (t *Table) Plural(key string, n int, args ...any) string {
	forms, ok := t.plurals[key]
	if !ok {
		if _, plain := t.plain[key]; plain {
			panic("i18n: " + key + " is not a plural message: use Text")
		}
		panic("i18n: no message " + key)
	}
	msg, ok := forms[t.loc.plural(n)]
	if !ok {
		msg = forms["other"]
	}
	return t.fill(key, msg, append([]any{"n", t.Number(n)}, args...))
}

// TitleList joins the names in a title as List does. In a language whose
// titles capitalize their first word only (French, Spanish, Portuguese,
// Russian), each name after the first starts in lower case: "Sudoku,
// taquins, sudoku killer et variantes du sudoku", where English writes
// "Sudoku, Sliding Puzzles, Killer Sudoku and Sudoku Variants".
func (t *Table) TitleList(items []string) string {
	if !t.SentenceTitles() {
		return t.List(items)
	}
	out := make([]string, len(items))
	for i, s := range items {
		if r, n := utf8.DecodeRuneInString(s); i > 0 && n > 0 {
			s = string(unicode.ToLower(r)) + s[n:]
		}
		out[i] = s
	}
	return t.List(out)
}

// SentenceTitles reports whether the language's titles capitalize their
// first word only (TitleList).
func (t *Table) SentenceTitles() bool { return t.loc.sentenceTitles }

// List joins items as the language writes a list: "A, B and C" in
// English, "A、B和C" in Chinese.
func (t *Table) List(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	n := len(items)
	return strings.Join(items[:n-1], t.plain["locale.list_sep"]) + t.plain["locale.list_and"] + items[n-1]
}

// Number writes n with the language's digit grouping: 1,200 in English,
// 1 200 in French and Russian (with a no-break space), 1.200 in German.
func (t *Table) Number(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	if t.loc.group != "" && len(s) >= 4+t.loc.minGroup-1 {
		var b strings.Builder
		lead := len(s) % 3
		if lead == 0 {
			lead = 3
		}
		b.WriteString(s[:lead])
		for i := lead; i < len(s); i += 3 {
			b.WriteString(t.loc.group)
			b.WriteString(s[i : i+3])
		}
		s = b.String()
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Decimal writes v with prec digits after the language's decimal sign:
// 4.2 in English, 4,2 in French.
func (t *Table) Decimal(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if t.loc.decimal != "." {
		s = strings.Replace(s, ".", t.loc.decimal, 1)
	}
	return s
}

// fill replaces the {name} placeholders of msg by the values of args.
func (t *Table) fill(key, msg string, args []any) string {
	if !strings.Contains(msg, "{") {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		j := strings.IndexByte(msg[i:], '}')
		if j < 0 || !isName(msg[i+1:i+j]) {
			b.WriteString(msg[:i+1])
			msg = msg[i+1:]
			continue
		}
		name := msg[i+1 : i+j]
		b.WriteString(msg[:i])
		v, ok := argValue(args, name)
		if !ok {
			panic(fmt.Sprintf("i18n: %s: no value for {%s}", key, name))
		}
		b.WriteString(t.format(v))
		msg = msg[i+j+1:]
	}
}

// argValue finds name among args, given as name, value pairs.
func argValue(args []any, name string) (any, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if s, ok := args[i].(string); ok && s == name {
			return args[i+1], true
		}
	}
	return nil, false
}

// format writes a placeholder's value.
func (t *Table) format(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return t.Decimal(x, -1)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// isName reports whether s is a placeholder name: ASCII letters, digits
// and underscores, not empty.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// Placeholders returns the placeholder names of a message, sorted and
// without repeats (for the tables' tests and for callers that check
// their own templates).
func Placeholders(msg string) []string {
	seen := map[string]bool{}
	var out []string
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(msg[i:], '}')
		if j < 0 {
			break
		}
		if name := msg[i+1 : i+j]; isName(name) {
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
			msg = msg[i+j+1:]
			continue
		}
		msg = msg[i+1:]
	}
	sort.Strings(out)
	return out
}

// Keys returns every message key of the table, sorted.
func (t *Table) Keys() []string {
	out := make([]string, 0, len(t.plain)+len(t.plurals))
	for k := range t.plain {
		out = append(out, k)
	}
	for k := range t.plurals {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Forms returns the plural message key's forms by category ("one",
// "other", ...), or nil when key is not a plural message.
func (t *Table) Forms(key string) map[string]string {
	f, ok := t.plurals[key]
	if !ok {
		return nil
	}
	out := make(map[string]string, len(f))
	for c, m := range f {
		out[c] = m
	}
	return out
}

// Categories returns the plural categories the table's language uses for
// whole numbers and fractions (CLDR), in CLDR order: "one", "other" for
// English.
func (t *Table) Categories() []string { return append([]string(nil), t.loc.categories...) }
