package export

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sudogen/sudogen/internal/i18n"
)

// Language is a table of the words a book prints in one language (see
// BookOptions.Lang and internal/i18n), as boards see it in Board.Rules
// and on the Canvas.
type Language = i18n.Table

// language is the book's word table: English unless Lang names another.
// Check has refused a Lang no table serves.
func (o *BookOptions) language() *Language { return i18n.Get(o.Lang) }

// checkLang refuses a language no table serves, naming those there are.
func checkLang(tag string) error {
	if _, ok := i18n.Match(tag); ok {
		return nil
	}
	var names []string
	for _, l := range i18n.Languages() {
		names = append(names, l+" ("+i18n.Get(l).Text("locale.name")+")")
	}
	return fmt.Errorf("lang %q: no table for this language: expected one of %s (or a regional tag such as zh-TW, pt-BR, en-US)",
		tag, strings.Join(names, ", "))
}

// textFaces are the fonts the book's text is set in, regular and bold,
// each with a built-in face after the user's as its fallback, of the
// user's weight: with --font alone, headings are set in that regular
// font and the characters it lacks (Latin digits, in a CJK font) in Go
// Regular, not Go Bold.
func (o *BookOptions) textFaces() (regular, bold []*Font) {
	r, b, _ := BuiltinFonts()
	regular, bold = []*Font{r}, []*Font{b}
	if o.Font != nil {
		regular = []*Font{o.Font, r}
		bold = []*Font{o.Font, r}
	}
	if o.FontBold != nil {
		bold = []*Font{o.FontBold, b}
	}
	return regular, bold
}

// textChains is what checkText checks the book's text against.
func (o *BookOptions) textChains() fontChains {
	r, b := o.textFaces()
	return fontChains{r, b}
}

// checkLanguageText refuses a language whose words the text fonts cannot
// draw (Chinese without a --font that has its characters), naming the
// characters, before anything is laid out.
func (o *BookOptions) checkLanguageText() error {
	tr := o.language()
	var all strings.Builder
	for _, k := range tr.Keys() {
		if !strings.HasPrefix(k, "book.") && !strings.HasPrefix(k, "locale.list_") {
			continue
		}
		if forms := tr.Forms(k); forms != nil {
			for _, c := range tr.Categories() { // in CLDR order: the message is the same every run
				all.WriteString(forms[c])
			}
			continue
		}
		m, _ := tr.Message(k)
		all.WriteString(m)
	}
	return checkText("lang "+tr.Lang(), all.String(), o.textChains())
}

// Sentences joins sentences into a paragraph: with a space, as Latin,
// Greek and Cyrillic text has, but without one after a sentence ending in
// a Chinese or Japanese full stop, where none is written. Empty parts are
// left out. Boards use it to join the sentences of their rules.
func Sentences(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			s := b.String()
			last, _ := utf8.DecodeLastRuneInString(s)
			if !wideBreak(last) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(p)
	}
	return b.String()
}
