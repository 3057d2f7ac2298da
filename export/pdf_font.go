package export

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Font is a TrueType font a book's text is set in: one of the built-in
// faces or a file the user gives (--font). It knows which characters it
// can draw and how wide they are, so text is checked and laid out before
// a page is drawn.
type Font struct {
	// Name is the font's PostScript name ("DroidSansFallbackFull"); the
	// PDF names its subset after it.
	Name string
	// Path is the file it was read from ("" for a built-in face).
	Path string
	// Ascent and Descent are the font's line extents as fractions of the
	// font size (hhea), Descent positive.
	Ascent, Descent float64

	ttf    []byte // a standalone TrueType font file
	sf     *sfnt.Font
	cover  [0x10000 / 64]uint64 // BMP runes with a glyph
	upem   float64
	mu     sync.Mutex
	widths map[rune]float64 // advance at 1 pt, filled as text is measured
}

// maxFontFile bounds a --font file: 64 MiB, well above the largest CJK
// TrueType fonts (Droid Sans Fallback is 4 MB, a whole Noto CJK
// collection about 20 MB).
const maxFontFile = 64 << 20

// The tables the PDF library reads from a TrueType font.
var fontTables = []string{"head", "hhea", "maxp", "hmtx", "cmap", "glyf", "loca", "name", "post", "OS/2"}

// LoadFont reads a TrueType font (.ttf, or the first font of a .ttc
// collection) for a book's text. It refuses, with one line naming the
// file and what to use instead, fonts the PDF library cannot embed:
// OpenType fonts with CFF outlines (.otf, Noto CJK's .ttc), web fonts,
// fonts without a Unicode character map.
func LoadFont(path string) (*Font, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFontFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(data) > maxFontFile {
		return nil, fmt.Errorf("%s: larger than 64 MiB: not a font a book can embed", path)
	}
	ft, err := ParseFont(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	ft.Path = path
	return ft, nil
}

// ParseFont reads a TrueType font or collection from memory (see
// LoadFont); errors do not name a file.
func ParseFont(data []byte) (*Font, error) {
	t, err := readSFNT(data, 0)
	switch {
	case errors.Is(err, errCFF):
		return nil, errors.New("an OpenType font with CFF (PostScript) outlines, which the PDF library (go-pdf/fpdf) cannot embed: " +
			"it embeds TrueType outlines only: give a .ttf, e.g. DroidSansFallbackFull.ttf (Debian's fonts-droid-fallback) for Chinese, Japanese and Korean")
	case errors.Is(err, errWOFF):
		return nil, errors.New("a web font (WOFF): give the TrueType (.ttf) file it was made from")
	case err != nil:
		return nil, err
	}
	for _, tag := range fontTables {
		if t[tag] == nil {
			return nil, fmt.Errorf("no %q table: expected a complete TrueType font", tag)
		}
	}
	if !hasCmap4(t["cmap"]) {
		return nil, errors.New("no Unicode character map of format 4 (the PDF library needs one): expected a TrueType font for Unicode text")
	}
	ttf := data
	if string(data[:4]) == "ttcf" {
		ttf = t.bytes() // the collection's first font, standalone
	}
	return newFont(ttf, fontName(t["name"]))
}

// newFont parses a standalone TrueType font and measures its coverage.
func newFont(ttf []byte, name string) (*Font, error) {
	sf, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	f := &Font{Name: name, ttf: ttf, sf: sf, upem: float64(sf.UnitsPerEm()), widths: map[rune]float64{}}
	var b sfnt.Buffer
	m, err := sf.Metrics(&b, fixed.I(int(sf.UnitsPerEm())), font.HintingNone)
	if err != nil {
		return nil, err
	}
	f.Ascent = float64(m.Ascent) / 64 / f.upem
	f.Descent = float64(m.Descent) / 64 / f.upem
	if f.Ascent <= 0 || f.Ascent > 3 || f.Descent < 0 || f.Descent > 3 {
		f.Ascent, f.Descent = 0.95, 0.21
	}
	for r := rune(0x20); r < 0x10000; r++ {
		if gi, err := sf.GlyphIndex(&b, r); err == nil && gi != 0 {
			f.cover[r/64] |= 1 << (r % 64)
		}
	}
	return f, nil
}

// hasCmap4 reports whether a cmap table has a Unicode subtable of format
// 4 (platform 0, or platform 3 encoding 1), as the PDF library needs.
func hasCmap4(cmap []byte) bool {
	if len(cmap) < 4 {
		return false
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	for i := 0; i < n && 4+8*i+8 <= len(cmap); i++ {
		rec := cmap[4+8*i:]
		pid, eid := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:])
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if (pid == 0 || (pid == 3 && eid == 1)) && off+2 <= len(cmap) && binary.BigEndian.Uint16(cmap[off:]) == 4 {
			return true
		}
	}
	return false
}

// fontName reads the PostScript name (name ID 6) from a name table, kept
// to the characters a PDF name may hold; "" when there is none.
func fontName(name []byte) string {
	if len(name) < 6 {
		return ""
	}
	n := int(binary.BigEndian.Uint16(name[2:]))
	strs := int(binary.BigEndian.Uint16(name[4:]))
	for i := 0; i < n && 6+12*i+12 <= len(name); i++ {
		rec := name[6+12*i:]
		pid := binary.BigEndian.Uint16(rec)
		id := binary.BigEndian.Uint16(rec[6:])
		l, o := int(binary.BigEndian.Uint16(rec[8:])), int(binary.BigEndian.Uint16(rec[10:]))
		if id != 6 || strs+o+l > len(name) {
			continue
		}
		raw := name[strs+o : strs+o+l]
		var s strings.Builder
		for j := 0; j < len(raw); j++ {
			c := raw[j]
			if pid == 3 || pid == 0 { // UTF-16BE: take the low bytes
				if j%2 == 0 {
					continue
				}
			}
			if c > ' ' && c < 127 && !strings.ContainsRune("()<>[]{}/%#", rune(c)) {
				s.WriteByte(c)
			}
		}
		if s.Len() > 0 {
			return truncate(s.String(), 40)
		}
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Has reports whether the font has a glyph for r (control characters
// never count).
func (f *Font) Has(r rune) bool {
	if r < 0x20 || (r >= 0x7f && r < 0xa0) || r >= 0x10000 {
		return false
	}
	return f.cover[r/64]&(1<<(r%64)) != 0
}

// Width is the advance width of s at 1 pt.
func (f *Font) Width(s string) float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b sfnt.Buffer
	w := 0.0
	for _, r := range s {
		a, ok := f.widths[r]
		if !ok {
			if gi, err := f.sf.GlyphIndex(&b, r); err == nil && gi != 0 {
				if adv, err := f.sf.GlyphAdvance(&b, gi, fixed.I(int(f.upem)), font.HintingNone); err == nil {
					a = float64(adv) / 64 / f.upem
				}
			}
			f.widths[r] = a
		}
		w += a
	}
	return w
}

// TTF returns the font file the book embeds (a copy).
func (f *Font) TTF() []byte { return bytes.Clone(f.ttf) }

// The built-in faces: Go Regular and Go Bold with a plain zero (see
// plainZero) for text and puzzle digits, Go Mono for puzzle ids and
// slide moves, from golang.org/x/image/font/gofont.
var (
	builtinOnce                         sync.Once
	builtinRegular, builtinBold, goMono *Font
)

func loadBuiltin() {
	mk := func(ttf []byte, name string, zero bool) *Font {
		if zero {
			if z, err := plainZero(ttf); err == nil {
				ttf = z
			}
		}
		f, err := newFont(ttf, name)
		if err != nil {
			panic("export: built-in font " + name + ": " + err.Error())
		}
		return f
	}
	builtinRegular = mk(goregular.TTF, "GoRegular", true)
	builtinBold = mk(gobold.TTF, "GoBold", true)
	goMono = mk(gomono.TTF, "GoMono", false)
}

// BuiltinFonts returns the built-in text faces: regular, bold and mono.
func BuiltinFonts() (regular, bold, mono *Font) {
	builtinOnce.Do(loadBuiltin)
	return builtinRegular, builtinBold, goMono
}

// fontFace is a font registered in a document under a family name.
type fontFace struct {
	family string // fpdf's family name
	font   *Font
}

// subsetName is the name the written file gives the face's subset: a
// six-letter tag, '+' and the font's name (ISO 32000-1, 9.6.4). The
// family is chosen so "/utf8"+family has the same length (see
// tagSubsetFonts).
func (ff fontFace) subsetName(tag string) string { return "/" + tag + "+" + ff.font.Name }

// userFamily is a family name for a user font whose PDF name
// "/utf8"+family is as long as its subset name, "/SGDNxA+"+name.
func userFamily(role byte, name string) string {
	n := len("/SGDNxA+"+name) - len("/utf8")
	fam := "sgu" + string(role) // fpdf lowercases family names
	for len(fam) < n {
		fam += "x"
	}
	return fam
}

// registerFont adds f to the document under family, from a copy of its
// bytes: fpdf writes into the font data it is given while it subsets
// (its hmtx reader appends to a slice of the file), so a shared slice
// would change from one book to the next.
func registerFont(pdf *fpdf.Fpdf, family string, f *Font) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("font %s: the PDF library cannot read it (%v)", fontLabel(f), r)
		}
	}()
	pdf.AddUTF8FontFromBytes(family, "", f.TTF())
	return pdf.Error()
}

// fontLabel names a font in messages: its file, else its name.
func fontLabel(f *Font) string {
	if f.Path != "" {
		return filepath.Base(f.Path)
	}
	return f.Name
}
