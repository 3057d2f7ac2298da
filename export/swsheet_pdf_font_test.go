package export

import (
	"bytes"
	"compress/zlib"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"golang.org/x/image/font/gofont/goitalic"

	"github.com/sudogen/sudogen/sudoku"
)

// swsheetText is one text a PDF page draws: the base font it is in
// ("SGDNRA+GoRegular") and the text.
type swsheetText struct{ font, text string }

// swsheetPageTexts reads a PDF as this package writes it (fpdf's
// "BT /Fname size Tf ET" font changes and "BT x y Td (...) Tj ET" texts,
// the string UTF-16BE escaped as PDF literal strings are, each page's
// content one zlib stream, in page order) and returns each page's texts
// with their base fonts.
func swsheetPageTexts(t *testing.T, doc []byte) [][]swsheetText {
	t.Helper()
	// Font resource name -> object -> base font.
	objFont := map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)\n(\d+) 0 obj\s*<<[^>]*?/BaseFont /(\S+)`).FindAllSubmatch(doc, -1) {
		objFont[string(m[1])] = string(m[2])
	}
	resFont := map[string]string{}
	for _, m := range regexp.MustCompile(`/(F[0-9a-f]+) (\d+) 0 R`).FindAllSubmatch(doc, -1) {
		resFont[string(m[1])] = objFont[string(m[2])]
	}
	tf := regexp.MustCompile(`BT /(\S+) [\d.]+ Tf ET`)
	tj := regexp.MustCompile(`(?s)BT [-\d.]+ [-\d.]+ Td \(((?:\\.|[^\\)])*)\) Tj ET`)
	var pages [][]swsheetText
	for _, m := range regexp.MustCompile(`(?s)<<[^>]*/FlateDecode[^>]*>>\nstream\n(.*?)\nendstream`).FindAllSubmatch(doc, -1) {
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		content, err := io.ReadAll(zr)
		if err != nil || !bytes.Contains(content, []byte(" Tj ET")) {
			continue
		}
		var texts []swsheetText
		font := ""
		// Font changes and texts, in the order they come.
		for _, m := range regexp.MustCompile(`(?s)BT /\S+ [\d.]+ Tf ET|BT [-\d.]+ [-\d.]+ Td \((?:\\.|[^\\)])*\) Tj ET`).FindAllString(string(content), -1) {
			if f := tf.FindStringSubmatch(m); f != nil {
				font = resFont[f[1]]
				if font == "" {
					t.Fatalf("font %s: no base font found", f[1])
				}
				continue
			}
			raw := swsheetUnescape(tj.FindStringSubmatch(m)[1])
			units := make([]uint16, len(raw)/2)
			for i := range units {
				units[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
			}
			texts = append(texts, swsheetText{font, string(utf16.Decode(units))})
		}
		pages = append(pages, texts)
	}
	return pages
}

// swsheetUnescape undoes a PDF literal string's backslash escapes as
// fpdf writes them: \\, \(, \) and \r.
func swsheetUnescape(s string) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			out = append(out, s[i])
			continue
		}
		i++
		if s[i] == 'r' {
			out = append(out, '\r')
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// TestPDFFontNumbers: with --font, the book's numbers are in the user's
// font too, as all its other text: page numbers, the contents' page
// numbers and leader dots, the number under each puzzle and the slide
// key's rows. Until 2026-12-07 they stayed in Go Regular and Go Bold
// (a book set in another font had Go page numbers). Puzzle symbols (the
// grids' digits, a slide's tiles on its board) keep the built-in face,
// as documented: each is one character drawn in a cell.
func TestPDFFontNumbers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "italic.ttf")
	if err := os.WriteFile(path, goitalic.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	font, err := LoadFont(path)
	if err != nil {
		t.Fatal(err)
	}
	opt := 24
	recs := append(makeRecords(t, sudoku.Shape4, 12), &Record{ID: "slide3-0000000", Kind: "slide", Size: 3,
		Tiles: []int{0, 5, 1, 3, 4, 2, 8, 6, 7}, Goal: "blank-last", Optimal: &opt, MovePiece: "blank",
		Solution: "DRRDLURULLDRRULDDLUURDRD", Tier: "hard", Seed: 1})
	o := DefaultBookOptions()
	o.Font, o.PerPage = font, 1
	book := filepath.Join(dir, "book.pdf")
	if _, err := WritePDFFiles(book, recs, o); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	pages := swsheetPageTexts(t, doc)
	if len(pages) < 12 {
		t.Fatalf("%d pages read, want more than 12", len(pages))
	}
	builtin := func(f string) bool { return strings.HasSuffix(f, "+GoRegular") || strings.HasSuffix(f, "+GoBold") }
	folios := 0
	for i, texts := range pages {
		for _, x := range texts {
			if builtin(x.font) && len([]rune(x.text)) > 1 {
				t.Errorf("page %d: %q in %s, want the --font's face", i+1, x.text, x.font)
			}
			if x.text == strconv.Itoa(i+1) && i+1 >= 10 && strings.HasSuffix(x.font, "+Go-Italic") {
				folios++
			}
		}
	}
	if folios == 0 {
		t.Error("no page number of two digits in the --font's face")
	}
}
