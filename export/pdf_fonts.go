package export

import (
	"bytes"
	"sync"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// digitHeight is the height of the digit glyphs of Go Regular as a fraction
// of the font size, measured from the font itself; text is centered in a
// cell by it.
var digitHeight = measureDigitHeight()

func measureDigitHeight() float64 {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		return 0.72
	}
	var b sfnt.Buffer
	upem := fixed.Int26_6(f.UnitsPerEm())
	top := fixed.Int26_6(0)
	for _, r := range "0123456789ABCDEFG" {
		gi, err := f.GlyphIndex(&b, r)
		if err != nil || gi == 0 {
			continue
		}
		bounds, _, err := f.GlyphBounds(&b, gi, upem, font.HintingNone)
		if err != nil {
			continue
		}
		// y grows down in sfnt bounds: Min.Y is minus the glyph's top.
		if -bounds.Min.Y > top {
			top = -bounds.Min.Y
		}
	}
	if top == 0 {
		return 0.72
	}
	return float64(top) / float64(upem)
}

// addFonts embeds the Go fonts into the document from bytes, so every
// machine prints the same glyphs.
func addFonts(pdf *fpdf.Fpdf) {
	pdf.AddUTF8FontFromBytes(FontRegular, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(FontBold, "", gobold.TTF)
	pdf.AddUTF8FontFromBytes(FontMono, "", gomono.TTF)
}

var (
	widthOnce  sync.Once
	asciiWidth [128]float64 // advance of each ASCII character in Go Regular at 1 pt
	dotWidth   float64      // the same for '·', which labels use
)

// runeWidth returns the advance of r in Go Regular at 1 pt, measured from
// the font (0 for a rune the font lacks).
func runeWidth(f *sfnt.Font, b *sfnt.Buffer, r rune) float64 {
	gi, err := f.GlyphIndex(b, r)
	if err != nil || gi == 0 {
		return 0
	}
	upem := fixed.Int26_6(f.UnitsPerEm())
	adv, err := f.GlyphAdvance(b, gi, upem, font.HintingNone)
	if err != nil {
		return 0
	}
	return float64(adv) / float64(upem)
}

// textWidth is the width of s in Go Regular at 1 pt, for layout before a
// document exists. Runes other than ASCII and '·' count as an 'M'.
func textWidth(s string) float64 {
	widthOnce.Do(func() {
		f, err := sfnt.Parse(goregular.TTF)
		if err != nil {
			return
		}
		var b sfnt.Buffer
		for r := rune(32); r < 127; r++ {
			asciiWidth[r] = runeWidth(f, &b, r)
		}
		dotWidth = runeWidth(f, &b, '·')
	})
	w := 0.0
	for _, r := range s {
		switch {
		case r < 128:
			w += asciiWidth[r]
		case r == '·':
			w += dotWidth
		default:
			w += asciiWidth['M']
		}
	}
	return w
}

// subsetNames maps the base font name fpdf writes for each book font
// ("/utf8" + its family) to a subset name of the same length: a six-letter
// tag, '+' and the font's own name, as the PDF format asks of subset fonts
// (ISO 32000-1, 9.6.4) and as tools such as pdffonts look for. fpdf does
// embed only the glyphs a book uses but names them like whole fonts.
var subsetNames = [][2][]byte{
	{[]byte("/utf8" + FontRegular), []byte("/SGDNRA+GoRegular")},
	{[]byte("/utf8" + FontBold), []byte("/SGDNBA+GoBold")},
	{[]byte("/utf8" + FontMono), []byte("/SGDNMA+GoMono")},
}

func init() {
	for _, n := range subsetNames {
		if len(n[0]) != len(n[1]) {
			panic("export: subset font names must keep the length of fpdf's names: " + string(n[0]))
		}
	}
}

// tagSubsetFonts renames the book's fonts to subset names in the written
// document. Names keep their length, so every byte offset (the xref
// table) stays right; the names appear only in uncompressed font
// dictionaries (content streams refer to fonts by resource name).
// The document is changed in place.
func tagSubsetFonts(doc []byte) []byte {
	for _, n := range subsetNames {
		for i := 0; ; {
			k := bytes.Index(doc[i:], n[0])
			if k < 0 {
				break
			}
			i += k
			copy(doc[i:], n[1])
			i += len(n[1])
		}
	}
	return doc
}
