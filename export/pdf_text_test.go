package export

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudogen/sudogen/sudoku"
)

// TestPDFTextRefused: text the fonts cannot draw is refused, naming the
// characters, from every place text enters a book; nothing panics.
func TestPDFTextRefused(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape4, 2)
	for _, c := range []struct {
		name string
		edit func(o *BookOptions, recs []*Record)
		want string
	}{
		{"emoji title", func(o *BookOptions, _ []*Record) { o.Title = "Puzzles 🧩" }, `title: the book's fonts (Go Regular, Bold) cannot draw "🧩" (U+1F9E9): give --font FILE.ttf`},
		{"emoji subtitle", func(o *BookOptions, _ []*Record) { o.Subtitle = "🧩🎲" }, `subtitle: the book's fonts (Go Regular, Bold) cannot draw "🧩" (U+1F9E9), "🎲" (U+1F3B2)`},
		{"emoji author", func(o *BookOptions, _ []*Record) { o.Author = "A 😀" }, `author: `},
		{"chinese", func(o *BookOptions, _ []*Record) { o.Title = "数独" }, `"数" (U+6570), "独" (U+72EC)`},
		{"arabic", func(o *BookOptions, _ []*Record) { o.Title = "سودوكو" }, `title: right-to-left text (Arabic "س" (U+0633)) cannot be set`},
		{"hebrew", func(o *BookOptions, _ []*Record) { o.Title = "Sudoku סודוקו" }, `right-to-left text (Hebrew "ס" (U+05E1)) cannot be set: the PDF writer draws every line left to right`},
		{"rtl override", func(o *BookOptions, _ []*Record) { o.Author = "Ann‮Lee" }, `author: right-to-left text (right-to-left override`},
		{"devanagari", func(o *BookOptions, _ []*Record) { o.Subtitle = "सुडोकु" }, `subtitle: Indic (Devanagari, Bengali, Tamil, ...) text ("स" (U+0938)) cannot be set: its letters must be shaped`},
		{"chinese language", func(o *BookOptions, _ []*Record) { o.Lang = "zh-Hans" }, `lang zh-Hans: the book's fonts (Go Regular, Bold) cannot draw "（" (U+FF08), "）" (U+FF09), "目" (U+76EE)`},
		{"unknown language", func(o *BookOptions, _ []*Record) { o.Lang = "tlh" }, `lang "tlh": no table for this language: expected one of de (Deutsch), en (English)`},
		{"control", func(o *BookOptions, _ []*Record) { o.Title = "a\x07b" }, `cannot draw U+0007`},
		{"bad utf-8", func(o *BookOptions, _ []*Record) { o.Title = "ab\xff" }, `title: not valid UTF-8 (byte 0xFF at offset 2)`},
		{"emoji id", func(o *BookOptions, r []*Record) { r[1].ID, o.IDs = "s4-🧩", true }, `record 2: id: the id font (Go Mono) cannot draw "🧩" (U+1F9E9): ids are printed in Go Mono whatever --font is given`},
		{"tier", func(_ *BookOptions, r []*Record) { r[0].Tier = "难" }, `tier: the book's fonts`},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := DefaultBookOptions()
			rs := cloneRecords(recs)
			c.edit(&o, rs)
			err := WritePDF(io.Discard, rs, o)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want %q", err, c.want)
			}
		})
	}
	// What the fonts have prints: accents, Greek, Cyrillic, dashes, ©;
	// an id with an emoji when ids are not printed.
	o := DefaultBookOptions()
	o.Title, o.Subtitle, o.Author = "Sudoku für Genießer — Судоку", "Σούντοκου … ©", "Zoë Ångström"
	rs := cloneRecords(recs)
	rs[0].ID = "s4-🧩"
	var buf bytes.Buffer
	if err := WritePDF(&buf, rs, o); err != nil {
		t.Fatal(err)
	}
}

// FuzzPDFText: titles and ids of any Unicode either make a book or are
// refused with a message; they never panic, and a book is refused exactly
// when some character cannot be drawn.
func FuzzPDFText(f *testing.F) {
	for _, s := range [][2]string{
		{"Sudoku", "s9-0000001"}, {"🧩", "id"}, {"数独", "s4"}, {"Title", "🧩"},
		{"سودوكو", "סודוקו"}, {"a\x00b", "\xff\xfe"}, {"", ""}, {strings.Repeat("W", 300), "x"},
		{"Ünïcödé — Судоку Σ", "s4-ü"}, {"\u200b\u202e", "\U0010FFFF"},
	} {
		f.Add(s[0], s[1])
	}
	recs := makeRecords(f, sudoku.Shape4, 1)
	f.Fuzz(func(t *testing.T, title, id string) {
		o := DefaultBookOptions()
		o.Title, o.IDs = title, true
		r := cloneRecords(recs)
		r[0].ID = id
		err := WritePDF(io.Discard, r, o)
		drawable := true
		// A title may break lines with "\n"; ids may not.
		for _, s := range []string{strings.ReplaceAll(title, "\n", " "), id} {
			for _, ch := range s {
				if _, refused := refusedScript(ch); refused || !isDrawable(ch) {
					drawable = false
				}
			}
			if !utf8.ValidString(s) {
				drawable = false
			}
		}
		switch {
		case err == nil && !drawable:
			t.Fatalf("title %q, id %q: printed text the fonts cannot draw", title, id)
		case err != nil && drawable:
			t.Fatalf("title %q, id %q: refused drawable text: %v", title, id, err)
		case err != nil && !strings.Contains(err.Error(), "cannot draw") && !strings.Contains(err.Error(), "cannot be set") &&
			!strings.Contains(err.Error(), "not valid UTF-8"):
			t.Fatalf("title %q, id %q: error does not name the characters: %v", title, id, err)
		}
	})
}
