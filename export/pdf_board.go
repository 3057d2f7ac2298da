package export

import (
	"fmt"
	"math"
	"strconv"

	"codeberg.org/go-pdf/fpdf"
)

// Board draws the records of one kind ("sudoku", "slide") on PDF pages.
// The book code does the layout (pages, slots, labels, answer key) and
// calls a Board to draw inside a square it chose. A kind plugs in by
// calling RegisterBoard from an init function in its own file, e.g.
// pdf_slide.go:
//
//	func init() { RegisterBoard("slide", Board{Check: ..., Cells: ..., Draw: ..., Rules: ...}) }
type Board struct {
	// Check reports, as one line, why r cannot be drawn (a malformed
	// puzzle, a missing solution when answer is true); nil if it can.
	// It is called for every record before any page is drawn.
	Check func(r *Record, answer bool) error
	// CheckSize, if set, reports as one line why a book cannot print a
	// board of r's size, reading only its size fields; nil if it can. It
	// is called before the record is checked (CheckRecord, whose
	// uniqueness search takes seconds on a 25x25 board), so it must be
	// cheap and must not need what that check fills in; Check refuses
	// the same sizes.
	CheckSize func(r *Record) error
	// Cells is the number of cells along one side of r's board. The book
	// uses it to size text (large print needs digits of at least 16 pt)
	// and to size the answer key.
	Cells func(r *Record) int
	// DigitScale, if above 0, is the fraction of Canvas.DigitSize the
	// board draws its puzzle digits at (a killer's, beside its cage
	// sums): large print measures them so. 0 means the whole size.
	DigitScale float64
	// KeyCells, if set, sizes r's answer in the answer key instead of
	// Cells (a solution printed as text may need more room than the
	// board); the key's slots fit the largest KeyCells of the book.
	KeyCells func(r *Record) int
	// KeyHeight, if set, is the height r's answer takes at the top of a
	// key square of side side (a solution printed as text may need less
	// than the square); the key's rows are as tall as their tallest
	// answer. Unset, an answer takes its whole square.
	KeyHeight func(c *Canvas, r *Record, side float64) float64
	// Draw draws r's puzzle (answer false) or its solution (answer true)
	// inside the square whose top-left corner is (x, y) and whose side is
	// side, in points with y growing down the page.
	Draw func(c *Canvas, r *Record, answer bool, x, y, side float64)
	// PrepareKey, if set, is called once before the answer key is drawn
	// with the book's records of this kind and the side of the key's
	// squares, so a board can choose sizes that hold for every solution
	// (e.g. one font size for every slide solution).
	PrepareKey func(c *Canvas, recs []*Record, side float64)
	// Rules returns the paragraphs the how-to-play page prints for the
	// book's records of this kind, in the book's language tr: how to
	// solve them and what the numbers printed with them mean. recs holds
	// the book's records of this kind, in book order (so the text can
	// speak of what they carry, e.g. ratings or bounds); key is true when
	// the book has an answer key.
	Rules func(tr *Language, recs []*Record, key bool) []string
	// Figure, if set, draws a picture for the how-to-play page (e.g. the
	// goal of each board size) for the book's records of this kind, in
	// the box at (x, y) of width w and height h left under the text; it
	// returns the height it used, 0 if the box is too small for it.
	Figure func(c *Canvas, recs []*Record, x, y, w, h float64) float64
	// Title names a book of this kind alone when the options give no
	// title, in English (e.g. "Sliding Puzzles"); Keywords is the PDF
	// keywords entry. The book's language table overrides both with its
	// book.KIND.title and book.KIND.keywords, and names the kind's
	// puzzles with book.count.KIND and book.KIND.key_label: a kind
	// registered here adds those keys to every table of internal/i18n.
	Title    string
	Keywords string
	// MoreKeywords, if set, adds keywords for what the book's records of
	// this kind hold (recs, in book order) after Keywords, in the book's
	// language tr: the variants of a variant book, and no others.
	MoreKeywords func(tr *Language, recs []*Record) []string
	// Section, if set, puts r in a section of its own kind of puzzle
	// within the kind (a variant book's X-Sudoku and Jigsaw puzzles):
	// title names it in the book's language tr ("X-Sudoku"; "" keeps the
	// kind's title), rule is the one-line rule printed under the section's
	// running head on each of its pages ("" for none; the section prints
	// the fullest of its records' rules: one that extends another, a
	// sentence added at its end, replaces it), and perPage, if
	// above 0, caps its puzzles per page (a Samurai takes a full page).
	Section func(tr *Language, r *Record) (title, rule string, perPage int)
	// SectionKey, if set, is the order of r's section among the kind's
	// sections (Section), the same in every language: sections sort by
	// it, as strings (the variants' catalogue order). Unset, they sort by
	// their title in English.
	SectionKey func(r *Record) string
}

// RegisterBoard makes kind drawable in PDF books: it sets the Board of the
// registered kind (see RegisterKind), registering a kind with just a board
// if there is none. Call it from init.
func RegisterBoard(kind string, b Board) {
	updateKinds(func(kinds map[string]*RecordKind) {
		k := RecordKind{Name: kind}
		if old, ok := kinds[kind]; ok {
			k = *old
		}
		k.Board = b
		kinds[kind] = &k
	})
}

// boardFor is the board of kind, and false if it has none.
func boardFor(kind string) (Board, bool) {
	k := kindOf(kind)
	return k.Board, k.Board.Draw != nil
}

// Canvas is the drawing surface a Board draws on: the current PDF page,
// with helpers that write compact vector paths and centered text. Units
// are points; (0, 0) is the top-left corner of the page.
type Canvas struct {
	pdf   *fpdf.Fpdf
	pageH float64
	buf   []byte

	widthCache symbolWidths
	registered map[string]*[128]bool
	// labelX0 and labelX1 are the left and right ends of the label of
	// the puzzle being drawn (see LabelSpan).
	labelX0, labelX1 float64
	// The tier and size of the last slide puzzle drawn (see
	// firstOfSection).
	slideSeen bool
	slideLast string
	// LargePrint is set when the book is printed large; boards should keep
	// puzzle text at 16 pt or more (see DigitSize).
	LargePrint bool
	// CageTable is set when the book prints reference tables under its
	// how-to-play text (a killer's cage sums and their digits): unset by
	// BookOptions.NoCageTable, and only while the how-to-play page is
	// drawn.
	CageTable bool

	lang  *Language
	faces [2][]fontFace // the text faces, regular and bold, each with its fallbacks
	mono  bool          // Go Mono is registered with pdf (see SetMono)
}

// SetMono selects Go Mono at size points (ids, slide moves). The font is
// added to the document on first use, so a book that prints nothing in
// it does not embed it.
func (c *Canvas) SetMono(size float64) {
	if !c.mono {
		_, _, mono := BuiltinFonts()
		if err := registerFont(c.pdf, FontMono, mono); err != nil {
			c.pdf.SetError(err)
			return
		}
		c.mono = true
	}
	c.pdf.SetFont(FontMono, "", size)
}

// Lang is the book's language: the words a board prints come from it.
func (c *Canvas) Lang() *Language { return c.lang }

// chain returns the text faces, regular or bold.
func (c *Canvas) chain(bold bool) []fontFace {
	if bold {
		return c.faces[1]
	}
	return c.faces[0]
}

// runs calls fn for each run of s drawn in one face: each character in
// the first face of the chain that has it (the last if none does).
func (c *Canvas) runs(bold bool, s string, fn func(family, run string)) {
	chain := c.chain(bold)
	if len(chain) == 1 {
		fn(chain[0].family, s)
		return
	}
	face := func(r rune) string {
		for _, f := range chain {
			if f.font.Has(r) {
				return f.family
			}
		}
		return chain[len(chain)-1].family
	}
	start, cur := 0, ""
	for i, r := range s {
		f := face(r)
		if r == ' ' && cur != "" {
			f = cur // a space stays with its run
		}
		if i > 0 && f != cur {
			fn(cur, s[start:i])
			start = i
		}
		cur = f
	}
	if start < len(s) {
		fn(cur, s[start:])
	}
}

// TextWidth is the width of s in the book's text face (bold or regular)
// at size points.
func (c *Canvas) TextWidth(bold bool, size float64, s string) float64 {
	w := 0.0
	c.runs(bold, s, func(family, run string) {
		c.pdf.SetFont(family, "", size)
		w += c.pdf.GetStringWidth(run)
	})
	return w
}

// plainWidth is TextWidth from the fonts' own widths, without setting
// the PDF's font (which writes to the page).
func (c *Canvas) plainWidth(bold bool, size float64, s string) float64 {
	chain := c.chain(bold)
	fonts := make([]*Font, len(chain))
	for i, f := range chain {
		fonts[i] = f.font
	}
	return chainWidth(fonts, s) * size
}

// Text writes s in the book's text face (bold or regular) at size points,
// its baseline starting at (x, y), in the current text colour: words come
// from the user's --font where it has them, else from the built-in face.
func (c *Canvas) Text(bold bool, size, x, y float64, s string) {
	c.runs(bold, s, func(family, run string) {
		c.pdf.SetFont(family, "", size)
		c.pdf.Text(x, y, run)
		x += c.pdf.GetStringWidth(run)
	})
}

// CenteredLabel writes s in black in the book's text face centered on
// (cx, cy) as CenteredText centers a symbol.
func (c *Canvas) CenteredLabel(cx, cy float64, s string, bold bool, size float64) {
	c.pdf.SetTextColor(0, 0, 0)
	w := c.TextWidth(bold, size, s)
	c.Text(bold, size, cx-w/2, cy+size*digitHeight/2, s)
}

// wrap breaks text into lines of at most width in the text face.
func (c *Canvas) wrap(text string, bold bool, size, width float64) []string {
	return wrapText(text, width, func(s string) float64 { return c.TextWidth(bold, size, s) })
}

// LabelSpan asks the book to write the label of the puzzle being drawn
// (its number, tier and id) across x0..x1 instead of under its whole
// square, for a board narrower than its square (e.g. beside a goal
// picture). Call it from Board.Draw.
func (c *Canvas) LabelSpan(x0, x1 float64) { c.labelX0, c.labelX1 = x0, x1 }

// PDF is the underlying document, for drawing the helpers do not cover.
func (c *Canvas) PDF() *fpdf.Fpdf { return c.pdf }

// Font names registered in every book (from golang.org/x/image/font/gofont):
// Go Regular for text and puzzle symbols, Go Bold for titles, numbers and
// given digits in the key, Go Mono for puzzle ids and slide moves
// (select it with Canvas.SetMono, which adds it to the document). (The
// names are padded so the written file can rename them to tagged subset
// names of the same length; see tagSubsetFonts.)
const (
	FontRegular = "goregularpdf"
	FontBold    = "goboldpdf"
	FontMono    = "gomonopdf"
)

// DigitSize is the font size, in points, of a symbol centered in a cell of
// side cell: about 62% of the cell (70% in large print).
func (c *Canvas) DigitSize(cell float64) float64 {
	if c.LargePrint {
		return cell * 0.70
	}
	return cell * 0.62
}

func (c *Canvas) num(v float64) {
	c.buf = strconv.AppendFloat(c.buf, v, 'f', 2, 64)
	c.buf = append(c.buf, ' ')
}

func (c *Canvas) flush() {
	if len(c.buf) > 0 {
		c.pdf.RawWriteStr(string(c.buf))
		c.buf = c.buf[:0]
	}
}

// grey writes a fill colour (which text is drawn in) as a grey level,
// 0 black to 1 white.
func (c *Canvas) grey(g float64) {
	c.buf = strconv.AppendFloat(c.buf, g, 'f', 3, 64)
	c.buf = append(c.buf, " g "...)
}

// GridLines draws an n-by-n grid of square cells at (x, y) with side
// side: thin lines between cells, thick lines between boxes of boxRows by
// boxCols cells and a thick outer border whose corners are mitred, so thick
// lines meet cleanly. Pass boxRows = boxCols = n for a grid without boxes.
func (c *Canvas) GridLines(x, y, side float64, n, boxRows, boxCols int, thin, thick float64) {
	cell := side / float64(n)
	top := c.pageH - y
	bottom := top - side
	c.buf = append(c.buf, "q 0 G 0 J 0 j "...)
	for pass := 0; pass < 2; pass++ {
		w := thin
		if pass == 1 {
			w = thick
		}
		c.num(w)
		c.buf = append(c.buf, "w\n"...)
		any := false
		for i := 1; i < n; i++ {
			if (i%boxCols == 0) != (pass == 1) {
				continue
			}
			px := x + float64(i)*cell
			c.num(px)
			c.num(top)
			c.buf = append(c.buf, "m "...)
			c.num(px)
			c.num(bottom)
			c.buf = append(c.buf, "l\n"...)
			any = true
		}
		for i := 1; i < n; i++ {
			if (i%boxRows == 0) != (pass == 1) {
				continue
			}
			py := top - float64(i)*cell
			c.num(x)
			c.num(py)
			c.buf = append(c.buf, "m "...)
			c.num(x + side)
			c.num(py)
			c.buf = append(c.buf, "l\n"...)
			any = true
		}
		if any {
			c.buf = append(c.buf, "S\n"...)
		}
	}
	c.num(x)
	c.num(bottom)
	c.num(side)
	c.num(side)
	c.buf = append(c.buf, "re S Q\n"...)
	c.flush()
}

// CenteredText writes s in black centered on (cx, cy) in the given font and size:
// horizontally by its advance width, vertically by the height of the
// font's digits, so a symbol sits in the middle of its cell.
func (c *Canvas) CenteredText(cx, cy float64, s, font string, size float64) {
	c.pdf.SetTextColor(0, 0, 0)
	c.pdf.SetFont(font, "", size)
	w := c.pdf.GetStringWidth(s)
	c.pdf.Text(cx-w/2, cy+size*digitHeight/2, s)
}

// Err is the first error the document met, if any.
func (c *Canvas) Err() error {
	if err := c.pdf.Error(); err != nil {
		return fmt.Errorf("pdf: %v", err)
	}
	return nil
}

// symbolWidths caches the advance widths, at 1 pt, of the ASCII
// characters of each font.
type symbolWidths map[string]*[128]float64

func (c *Canvas) widths(font string) *[128]float64 {
	if c.widthCache == nil {
		c.widthCache = symbolWidths{}
	}
	if w, ok := c.widthCache[font]; ok {
		return w
	}
	w := new([128]float64)
	c.pdf.SetFont(font, "", 1000)
	for ch := 32; ch < 127; ch++ {
		w[ch] = c.pdf.GetStringWidth(string(rune(ch))) / 1000
	}
	c.widthCache[font] = w
	return w
}

// CellSymbols writes one symbol per cell of an n-by-n grid at (x, y) with
// cells of side cell: cells[i] is the character of cell i (row-major),
// and a cell is drawn when draw(i) is true and cells[i] is not '.' or
// '0'. Each symbol is centered in its cell (see CenteredText), in grey
// level grey (0 black, 1 white), whatever colour earlier drawing left
// set. Symbols must be ASCII. The symbols of a row go out as one
// text-showing operator, which keeps answer keys of thousands of grids
// small.
func (c *Canvas) CellSymbols(x, y, cell float64, n int, cells string, font string, size, grey float64, draw func(i int) bool) {
	w := c.widths(font)
	c.pdf.SetFont(font, "", size)
	g := uint8(math.Round(grey * 255))
	c.pdf.SetTextColor(int(g), int(g), int(g))
	defer c.pdf.SetTextColor(0, 0, 0)
	if c.registered == nil {
		c.registered = map[string]*[128]bool{}
	}
	reg := c.registered[font]
	if reg == nil {
		reg = new([128]bool)
		c.registered[font] = reg
	}
	lift := size * digitHeight / 2
	// fpdf embeds only the glyphs its own text calls used: the first use
	// of a symbol in a font goes through fpdf, the rest are written raw.
	var viaFpdf [16 * 16]bool
	for i := 0; i < n*n && i < len(cells); i++ {
		ch := cells[i]
		if ch == '.' || ch == '0' || ch >= 128 || !draw(i) || reg[ch] {
			continue
		}
		reg[ch] = true
		if i < len(viaFpdf) {
			viaFpdf[i] = true
		}
		cx := x + (float64(i%n)+0.5)*cell
		cy := y + (float64(i/n)+0.5)*cell
		c.pdf.Text(cx-w[ch]*size/2, cy+lift, string(rune(ch)))
	}
	const hex = "0123456789ABCDEF"
	started := false
	lastY := 0.0
	for r := 0; r < n; r++ {
		row := false
		pen := x // where the next glyph would start, points
		for col := 0; col < n; col++ {
			i := r*n + col
			if i >= len(cells) {
				break
			}
			ch := cells[i]
			if ch == '.' || ch == '0' || ch >= 128 || !draw(i) || (i < len(viaFpdf) && viaFpdf[i]) {
				continue
			}
			if !row {
				baseline := c.pageH - (y + (float64(r)+0.5)*cell + lift)
				if !started {
					// The colour is set inside q..Q: the document's
					// state (which fpdf tracks) is left as it was.
					c.buf = append(c.buf, "q "...)
					c.grey(grey)
					c.buf = append(c.buf, "BT "...)
					c.num(x)
					c.num(baseline)
					started = true
				} else {
					c.buf = append(c.buf, "0 "...)
					c.num(baseline - lastY)
				}
				lastY = baseline
				c.buf = append(c.buf, "Td["...)
				row = true
			}
			gx := x + (float64(col)+0.5)*cell - w[ch]*size/2
			adj := math.Round((gx - pen) * 1000 / size)
			if adj != 0 {
				c.buf = strconv.AppendInt(c.buf, int64(-adj), 10)
			}
			c.buf = append(c.buf, '<', '0', '0', hex[ch>>4], hex[ch&15], '>')
			// Track the pen as the viewer will, with the rounded
			// adjustment, so rounding errors do not add up along a row.
			pen += adj*size/1000 + w[ch]*size
		}
		if row {
			c.buf = append(c.buf, "]TJ\n"...)
		}
	}
	if started {
		c.buf = append(c.buf, "ET Q\n"...)
	}
	c.flush()
}
