package export

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// A book prints its text with the embedded Go fonts, which cover Latin,
// Greek and Cyrillic letters and common punctuation (about 700 glyphs,
// the same in all three). Text they cannot draw (Chinese, Arabic, Hebrew,
// emoji, control characters) is refused before anything is drawn, with a
// message naming the characters: printed, it would come out as empty
// boxes, and characters beyond U+FFFF crash the PDF library.

var (
	coverOnce sync.Once
	cover     [0x10000 / 64]uint64 // runes every book font has a glyph for
)

func loadCoverage() {
	fonts := [][]byte{goregular.TTF, gobold.TTF, gomono.TTF}
	var all [0x10000 / 64]uint64
	for i := range all {
		all[i] = ^uint64(0)
	}
	for _, ttf := range fonts {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			all = [0x10000 / 64]uint64{}
			break
		}
		var b sfnt.Buffer
		var has [0x10000 / 64]uint64
		for r := rune(0x20); r < 0x10000; r++ {
			if gi, err := f.GlyphIndex(&b, r); err == nil && gi != 0 {
				has[r/64] |= 1 << (r % 64)
			}
		}
		for i := range all {
			all[i] &= has[i]
		}
	}
	// Control characters are never text, whatever a font maps them to.
	for r := rune(0); r < 0x20; r++ {
		all[r/64] &^= 1 << (r % 64)
	}
	for r := rune(0x7f); r < 0xa0; r++ {
		all[r/64] &^= 1 << (r % 64)
	}
	cover = all
}

// Drawable reports whether the book's fonts can draw r.
func Drawable(r rune) bool {
	coverOnce.Do(loadCoverage)
	return r >= 0 && r < 0x10000 && cover[r/64]&(1<<(r%64)) != 0
}

// checkText returns an error naming the characters of s the book's fonts
// cannot draw (at most five, each with its code point), or nil. what
// names the text ("title", "id").
func checkText(what, s string) error {
	if !utf8.ValidString(s) {
		i := 0
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return fmt.Errorf("%s: not valid UTF-8 (byte 0x%02X at offset %d)", what, s[i], i)
	}
	var bad []string
	seen := map[rune]bool{}
	n := 0
	for _, r := range s {
		if Drawable(r) || seen[r] {
			continue
		}
		seen[r] = true
		n++
		if len(bad) < 5 {
			if r < 0x20 || (r >= 0x7f && r < 0xa0) {
				bad = append(bad, fmt.Sprintf("U+%04X", r))
			} else {
				bad = append(bad, fmt.Sprintf("%q (U+%04X)", string(r), r))
			}
		}
	}
	if n == 0 {
		return nil
	}
	more := ""
	if n > len(bad) {
		more = fmt.Sprintf(" and %d more", n-len(bad))
	}
	return fmt.Errorf("%s: the book's fonts (Go Regular, Bold, Mono) cannot draw %s%s: "+
		"use Latin, Greek or Cyrillic letters and common punctuation", what, strings.Join(bad, ", "), more)
}
