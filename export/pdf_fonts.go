package export

import (
	"bytes"
	"fmt"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font"
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

// addFonts embeds the built-in text faces into the document (Go Regular
// and Go Bold with a plain zero) and the book's own text fonts, if any,
// so every machine prints the same glyphs. Go Mono is added when a page
// first uses it (Canvas.SetMono).
func addFonts(pdf *fpdf.Fpdf, faces []fontFace) error {
	regular, bold, _ := BuiltinFonts()
	for _, f := range []fontFace{{FontRegular, regular}, {FontBold, bold}} {
		if err := registerFont(pdf, f.family, f.font); err != nil {
			return err
		}
	}
	for _, f := range faces {
		if f.family == FontRegular || f.family == FontBold {
			continue
		}
		if err := registerFont(pdf, f.family, f.font); err != nil {
			return err
		}
	}
	return nil
}

// textWidth is the width of s in the built-in regular face at 1 pt, for
// layout before a document exists.
func textWidth(s string) float64 {
	regular, _, _ := BuiltinFonts()
	return regular.Width(s)
}

// subsetNames maps the base font name fpdf writes for each built-in face
// ("/utf8" + its family) to a subset name of the same length: a six-letter
// tag, '+' and the font's own name, as the PDF format asks of subset fonts
// (ISO 32000-1, 9.6.4) and as tools such as pdffonts look for. fpdf does
// embed only the glyphs a book uses but names them like whole fonts. A
// user's font gets a family name of the right length (userFamily).
var subsetNames = [][2]string{
	{"/utf8" + FontRegular, "/SGDNRA+GoRegular"},
	{"/utf8" + FontBold, "/SGDNBA+GoBold"},
	{"/utf8" + FontMono, "/SGDNMA+GoMono"},
}

func init() {
	for _, n := range subsetNames {
		if len(n[0]) != len(n[1]) {
			panic("export: subset font names must keep the length of fpdf's names: " + n[0])
		}
	}
}

// tagSubsetFonts renames the book's fonts to subset names in the written
// document: the built-in faces and the user's faces. Names keep their
// length, so every byte offset (the xref table) stays right; the names
// appear only in uncompressed font dictionaries (content streams refer to
// fonts by resource name). The document is changed in place.
func tagSubsetFonts(doc []byte, faces []fontFace) []byte {
	names := append([][2]string(nil), subsetNames...)
	for i, f := range faces {
		if f.family == FontRegular || f.family == FontBold {
			continue
		}
		to := f.subsetName(fmt.Sprintf("SGDNU%c", 'A'+i))
		if from := "/utf8" + f.family; len(from) == len(to) {
			names = append(names, [2]string{from, to})
		}
	}
	for _, n := range names {
		from, to := []byte(n[0]), []byte(n[1])
		for i := 0; ; {
			k := bytes.Index(doc[i:], from)
			if k < 0 {
				break
			}
			i += k
			// Only whole names: the next byte ends the name.
			if e := i + len(from); e < len(doc) && isNameByte(doc[e]) {
				i = e
				continue
			}
			copy(doc[i:], to)
			i += len(to)
		}
	}
	return doc
}

// isNameByte reports whether c can continue a PDF name.
func isNameByte(c byte) bool {
	return c > ' ' && c < 127 && !strings.ContainsRune("()<>[]{}/%", rune(c))
}
