package export

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// A book prints its text with its text fonts: the built-in faces (Go
// Regular and Bold, which cover Latin, Greek and Cyrillic letters and
// common punctuation, about 700 glyphs) or the TrueType fonts given with
// --font. Text they cannot draw is refused before anything is drawn, with
// a message naming the characters: printed, it would come out as empty
// boxes, and characters beyond U+FFFF crash the PDF library. So is text
// the PDF library cannot set right whatever the font: right-to-left
// scripts (it draws every run left to right) and scripts whose letters
// must be shaped or reordered (Arabic joining, Indic conjuncts).

// isDrawable reports whether the built-in fonts (Go Regular, Bold and
// Mono) can all draw r.
func isDrawable(r rune) bool {
	regular, bold, mono := BuiltinFonts()
	return regular.Has(r) && bold.Has(r) && mono.Has(r)
}

// scriptRange is a block of code points the book refuses, and why.
type scriptRange struct {
	lo, hi rune
	name   string
	rtl    bool // right to left; otherwise it needs shaping
}

var refusedScripts = []scriptRange{
	{0x0590, 0x05FF, "Hebrew", true},
	{0x0600, 0x06FF, "Arabic", true},
	{0x0700, 0x074F, "Syriac", true},
	{0x0750, 0x077F, "Arabic", true},
	{0x0780, 0x07BF, "Thaana", true},
	{0x07C0, 0x07FF, "N'Ko", true},
	{0x0800, 0x085F, "Samaritan or Mandaic", true},
	{0x0860, 0x08FF, "Arabic", true},
	{0x0900, 0x0DFF, "Indic (Devanagari, Bengali, Tamil, ...)", false},
	{0x0E00, 0x0EFF, "Thai or Lao", false},
	{0x0F00, 0x0FFF, "Tibetan", false},
	{0x1000, 0x109F, "Myanmar", false},
	{0x1100, 0x11FF, "Hangul Jamo", false},
	{0x1780, 0x18AF, "Khmer or Mongolian", false},
	{0x200F, 0x200F, "right-to-left mark", true},
	{0x202B, 0x202B, "right-to-left embedding", true},
	{0x202E, 0x202E, "right-to-left override", true},
	{0x2067, 0x2067, "right-to-left isolate", true},
	{0xFB1D, 0xFB4F, "Hebrew", true},
	{0xFB50, 0xFDFF, "Arabic", true},
	{0xFE70, 0xFEFF, "Arabic", true},
}

// refusedScript returns the block r belongs to if the book cannot set
// it whatever the font.
func refusedScript(r rune) (scriptRange, bool) {
	if r < 0x0590 {
		return scriptRange{}, false
	}
	for _, s := range refusedScripts {
		if r >= s.lo && r <= s.hi {
			return s, true
		}
	}
	return scriptRange{}, false
}

// describeRune writes r for a message: "数" (U+6570), or U+0007 for a
// control character.
func describeRune(r rune) string {
	if r < 0x20 || (r >= 0x7f && r < 0xa0) {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("%q (U+%04X)", string(r), r)
}

// fontChains are the fonts a text is drawn with: a character must be in
// some font of every chain (each chain is a face with its fallbacks, see
// Canvas.Text).
type fontChains [][]*Font

func (fc fontChains) has(r rune) bool {
	for _, chain := range fc {
		ok := false
		for _, f := range chain {
			if f.Has(r) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// user reports whether a chain holds a font the user gave.
func (fc fontChains) user() bool {
	for _, chain := range fc {
		for _, f := range chain {
			if f.Path != "" {
				return true
			}
		}
	}
	return false
}

// cannotDraw says in a message which fonts cannot draw a text.
func (fc fontChains) cannotDraw() string {
	var files []string
	seen := map[string]bool{}
	for _, chain := range fc {
		for _, f := range chain {
			if f.Path != "" && !seen[f.Path] {
				seen[f.Path] = true
				files = append(files, fontLabel(f))
			}
		}
	}
	regular, _, mono := BuiltinFonts()
	switch {
	case len(files) > 0:
		return "neither " + strings.Join(files, " nor ") + " nor the built-in fonts can draw"
	case len(fc) == 1 && len(fc[0]) == 1 && fc[0][0] == mono:
		return "the id font (Go Mono) cannot draw"
	case len(fc) == 1 && len(fc[0]) == 1 && fc[0][0] == regular:
		return "the digit font (Go Regular) cannot draw"
	}
	return "the book's fonts (Go Regular, Bold) cannot draw"
}

// checkText returns an error naming the characters of s that the fonts
// cannot draw (at most five, each with its code point), or the first
// character of a script the book cannot set; nil if s can be printed.
// what names the text ("title", "id").
func checkText(what, s string, fc fontChains) error {
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
		if sc, ok := refusedScript(r); ok {
			if sc.rtl {
				return fmt.Errorf("%s: right-to-left text (%s %s) cannot be set: the PDF writer draws every line left to right "+
					"and does not join Arabic letters: use a left-to-right script", what, sc.name, describeRune(r))
			}
			return fmt.Errorf("%s: %s text (%s) cannot be set: its letters must be shaped and reordered, which the PDF writer "+
				"does not do", what, sc.name, describeRune(r))
		}
		if fc.has(r) || seen[r] {
			continue
		}
		seen[r] = true
		n++
		if len(bad) < 5 {
			bad = append(bad, describeRune(r))
		}
	}
	if n == 0 {
		return nil
	}
	more := ""
	if n > len(bad) {
		more = fmt.Sprintf(" and %d more", n-len(bad))
	}
	hint := "give --font FILE.ttf, a TrueType font that has them (for Chinese and Japanese, e.g. " +
		"DroidSansFallbackFull.ttf from Debian's fonts-droid-fallback)"
	_, _, mono := BuiltinFonts()
	switch {
	case fc.user():
		hint = "give a --font that has them"
	case len(fc) == 1 && len(fc[0]) == 1 && fc[0][0] == mono:
		// Ids are drawn in Go Mono whatever the text fonts: --font
		// does not help.
		hint = "ids are printed in Go Mono whatever --font is given: give the record an id in Latin, Greek or Cyrillic " +
			"letters, or leave the ids out (no --ids, or --no-ids after a preset that sets it)"
	}
	return fmt.Errorf("%s: %s %s%s: %s", what, fc.cannotDraw(), strings.Join(bad, ", "), more, hint)
}

// CJK line breaking: a line may break between two ideographs or kana
// (there are no spaces), but not before closing punctuation or small
// kana, nor after opening punctuation (kinsoku shori).
const (
	noLineStart = "、。，．：；？！）」』】〕〉》〗〙〛’”ー・…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻゠〜～%),.:;!?]}»"
	noLineEnd   = "（「『【〔〈《〖〘〚‘“([{«"
)

// wideBreak reports whether r is a character between which and its
// neighbours a line may break: CJK ideographs, kana, CJK punctuation and
// fullwidth forms.
func wideBreak(r rune) bool {
	switch {
	case r >= 0x2E80 && r <= 0x2FFF, // radicals
		r >= 0x3000 && r <= 0x30FF, // CJK punctuation, hiragana, katakana
		r >= 0x3100 && r <= 0x31FF, // bopomofo, kana extensions
		r >= 0x3400 && r <= 0x4DBF,
		r >= 0x4E00 && r <= 0x9FFF,
		r >= 0xF900 && r <= 0xFAFF,
		r >= 0xFF00 && r <= 0xFFEF:
		return true
	}
	return false
}

// breakBetween reports whether a line may break between a and b.
func breakBetween(a, b rune) bool {
	if strings.ContainsRune(noLineStart, b) || strings.ContainsRune(noLineEnd, a) {
		return false
	}
	if a == ' ' && b != ' ' {
		return true
	}
	return wideBreak(a) || wideBreak(b)
}

// wrapText breaks text into lines of at most width as measured by width:
// at spaces (dropped at the line ends) and, in Chinese and Japanese,
// between characters; "\n" starts a new line. A word wider than a line is
// cut where it must be.
func wrapText(text string, maxW float64, measure func(string) float64) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		lines = append(lines, wrapPara(para, maxW, measure)...)
	}
	return lines
}

// phraseEnd are the commas of a Chinese or Japanese list, after which a
// title would rather break than inside a word.
const phraseEnd = "、，"

// wrapTitle wraps a title as wrapText does, but breaks a Chinese or
// Japanese title after the commas of its list rather than inside a word
// ("数独、スライドパズル、キ|ラー数独" becomes "数独、スライドパズル、|キラー
// 数独") when that takes no more lines and no phrase is wider than a line,
// and never ends on a runt (balanceRunt).
func wrapTitle(text string, maxW float64, measure func(string) float64) []string {
	return wrapTitleWith(text, maxW, measure, measure)
}

// wrapTitleWith is wrapTitle with the width a last line is judged a runt
// by, plain: the same as measure's, but with no side effect (measure may
// set the PDF's font, which writes to the page), so a title without a
// runt is wrapped with the same calls as before runts were looked for.
func wrapTitleWith(text string, maxW float64, measure, plain func(string) float64) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		lines = append(lines, wrapTitlePara(para, maxW, measure, plain)...)
	}
	return lines
}

func wrapTitlePara(para string, maxW float64, measure, plain func(string) float64) []string {
	greedy := balanceRunt(para, wrapPara(para, maxW, measure), maxW, measure, plain)
	if len(greedy) < 2 || !strings.ContainsAny(para, phraseEnd) {
		return greedy
	}
	// Phrases: cut after each comma and before each space.
	var phrases []string
	rs := []rune(para)
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || strings.ContainsRune(phraseEnd, rs[i-1]) || (rs[i] == ' ' && rs[i-1] != ' ') {
			phrases = append(phrases, string(rs[start:i]))
			start = i
		}
	}
	var lines []string
	line := ""
	for _, p := range phrases {
		if line != "" && measure(strings.TrimRight(line+p, " ")) > maxW {
			lines = append(lines, strings.TrimRight(line, " "))
			line = strings.TrimLeft(p, " ")
		} else {
			line += p
		}
		if measure(strings.TrimRight(line, " ")) > maxW || len(lines) >= len(greedy) {
			return greedy
		}
	}
	return append(lines, strings.TrimRight(line, " "))
}

// balanceRunt returns a title's lines, wrapped at maxW, unless the last
// is a runt, narrower than a quarter of maxW by plain (one character of a
// Japanese title alone under the rest, "数独パズル大全|集"): then the
// lines wrapped at the narrowest width that takes no more of them and
// cuts no word, so they come out about as long as each other.
func balanceRunt(para string, lines []string, maxW float64, measure, plain func(string) float64) []string {
	if len(lines) < 2 || plain(lines[len(lines)-1]) >= maxW/4 {
		return lines
	}
	lo := 0.0 // the widest unit: narrower, wrapPara would cut a word
	for _, u := range breakUnits([]rune(para)) {
		lo = math.Max(lo, measure(strings.TrimSpace(u)))
	}
	hi := maxW
	if at := wrapPara(para, lo, measure); len(at) <= len(lines) {
		return at
	}
	for hi-lo > 0.01 {
		mid := (lo + hi) / 2
		if len(wrapPara(para, mid, measure)) <= len(lines) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return wrapPara(para, hi, measure)
}

// breakUnits cuts a paragraph into the units a line break may fall
// between.
func breakUnits(rs []rune) []string {
	var units []string
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || breakBetween(rs[i-1], rs[i]) {
			units = append(units, string(rs[start:i]))
			start = i
		}
	}
	return units
}

func wrapPara(para string, maxW float64, measure func(string) float64) []string {
	rs := []rune(para)
	if len(rs) == 0 {
		return []string{""}
	}
	units := breakUnits(rs)
	var lines []string
	line := ""
	flush := func() {
		lines = append(lines, strings.TrimRight(line, " "))
		line = ""
	}
	for _, u := range units {
		if line != "" && measure(strings.TrimRight(line+u, " ")) > maxW {
			flush()
			u = strings.TrimLeft(u, " ")
		}
		// A unit wider than a line on its own: cut it by characters.
		for line == "" && measure(strings.TrimRight(u, " ")) > maxW {
			ur := []rune(u)
			k := 1
			for k < len(ur) && measure(string(ur[:k+1])) <= maxW {
				k++
			}
			line = string(ur[:k])
			flush()
			u = string(ur[k:])
		}
		line += u
	}
	if line != "" || len(lines) == 0 {
		flush()
	}
	return lines
}

// oneFace sets the font to the face of the book's text chain (bold or
// regular) at size when that one face draws every character of s (the
// user's --font, or the built-in face for a font that lacks them), and
// reports whether it did: the caller then measures and draws s with the
// PDF library's calls, in that face, with one font change, as it did
// before --font reached numbers. Otherwise it sets nothing, and s is
// drawn run by run with TextWidth and Text.
func (c *Canvas) oneFace(bold bool, size float64, s string) bool {
	family, one := "", true
	c.runs(bold, s, func(f, _ string) {
		if family != "" && f != family {
			one = false
		}
		family = f
	})
	if !one || family == "" {
		return false
	}
	c.pdf.SetFont(family, "", size)
	return true
}

// textAt draws s in the book's text face (bold or regular) at size, at
// the point at gives for its width: a page number centered or set flush
// right, in the user's --font where it has the digits.
func (c *Canvas) textAt(bold bool, size float64, s string, at func(w float64) (x, y float64)) {
	c.textsAt(bold, size, []string{s}, func(_ int, w float64) (x, y float64) { return at(w) })
}

// textsAt draws texts in order as textAt draws one, text i at the point
// at(i, its width) gives, with one font change when one face draws them
// all (a row of numbers).
func (c *Canvas) textsAt(bold bool, size float64, texts []string, at func(i int, w float64) (x, y float64)) {
	if c.oneFace(bold, size, strings.Join(texts, "")) {
		for i, s := range texts {
			x, y := at(i, c.pdf.GetStringWidth(s))
			c.pdf.Text(x, y, s)
		}
		return
	}
	for i, s := range texts {
		x, y := at(i, c.TextWidth(bold, size, s))
		c.Text(bold, size, x, y, s)
	}
}
