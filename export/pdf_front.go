package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// The front matter: title page, copyright page, contents and how to play,
// in the book's language. Text is laid out by measuring it with the fonts
// it is drawn in: wrapped to the content width (between words, or between
// characters in Chinese and Japanese) and shrunk until it fits, so
// nothing overprints.

// textBlock is a run of wrapped lines in one face, centered on cx (or
// starting at x when left is set); top is the top of its first line.
type textBlock struct {
	lines    []string
	bold     bool
	size     float64
	lead     float64 // baseline to baseline
	cx, x    float64
	left     bool
	top      float64
	width    float64 // of its widest line
	grey     int     // 0 black .. 255 white
	baseline float64 // of the first line, from top: the font's ascent
	descent  float64 // below the last baseline
}

// Go fonts: ascent 0.95 and descent 0.21 of the font size (hhea).
const (
	fontAscent  = 0.95
	fontDescent = 0.21
)

// extents are the largest ascent and descent of a text face and its
// fallbacks, as fractions of the font size.
func (c *Canvas) extents(bold bool) (ascent, descent float64) {
	ascent, descent = fontAscent, fontDescent
	for _, f := range c.chain(bold) {
		ascent, descent = math.Max(ascent, f.font.Ascent), math.Max(descent, f.font.Descent)
	}
	return ascent, descent
}

// Extents are the largest ascent and descent of the book's text face
// (bold or regular) and its fallbacks, as fractions of the font size: a
// line of text at size s whose top is at y has its baseline at
// y+s*ascent.
func (c *Canvas) Extents(bold bool) (ascent, descent float64) { return c.extents(bold) }

// Wrap breaks text into lines of at most width points in the book's text
// face (bold or regular) at size points: between words, or between
// characters in Chinese and Japanese.
func (c *Canvas) Wrap(text string, bold bool, size, width float64) []string {
	return c.wrap(text, bold, size, width)
}

// newBlock wraps text to width in the text face.
func newBlock(c *Canvas, text string, bold bool, size, width float64) textBlock {
	return blockOf(c, c.wrap(text, bold, size, width), bold, size)
}

// titleBlock wraps a title to width in the text face, a Chinese or
// Japanese one after the commas of its list where it can (wrapTitle).
func titleBlock(c *Canvas, text string, bold bool, size, width float64) textBlock {
	measure := func(s string) float64 { return c.TextWidth(bold, size, s) }
	plain := func(s string) float64 { return c.plainWidth(bold, size, s) }
	return blockOf(c, wrapTitleWith(text, width, measure, plain), bold, size)
}

// blockOf is a block of lines in the text face.
func blockOf(c *Canvas, lines []string, bold bool, size float64) textBlock {
	a, d := c.extents(bold)
	b := textBlock{lines: lines, bold: bold, size: size, lead: size * 1.25,
		baseline: size * a, descent: size * d}
	for _, ln := range b.lines {
		b.width = math.Max(b.width, c.TextWidth(bold, size, ln))
	}
	return b
}

// height is the block's height from the top of its first line to the
// bottom of its last.
func (b textBlock) height() float64 {
	if len(b.lines) == 0 {
		return 0
	}
	return float64(len(b.lines)-1)*b.lead + b.baseline + b.descent
}

// box is the block's bounding box: left, top, right, bottom.
func (b textBlock) box() (x0, y0, x1, y1 float64) {
	x0 = b.x
	if !b.left {
		x0 = b.cx - b.width/2
	}
	return x0, b.top, x0 + b.width, b.top + b.height()
}

func (b textBlock) draw(c *Canvas) {
	c.pdf.SetTextColor(b.grey, b.grey, b.grey)
	for i, ln := range b.lines {
		x := b.x
		if !b.left {
			x = b.cx - c.TextWidth(b.bold, b.size, ln)/2
		}
		c.Text(b.bold, b.size, x, b.top+b.baseline+float64(i)*b.lead, ln)
	}
	c.pdf.SetTextColor(0, 0, 0)
}

// titleInfo is the line at the foot of the title page: "120 puzzles:
// Easy, Medium, Hard".
func (l *bookLayout) titleInfo() string {
	info := l.countOf("", l.records)
	if len(l.sections) > 1 || l.sections[0].Tier != "" {
		var names []string
		for i := range l.sections {
			names = append(names, l.sectionName(i))
		}
		info = l.tr.Text("book.title_page.count_tiers", "count", info, "tiers", l.tr.List(names))
	}
	return info
}

// titleBlocks lays out the title page: title, subtitle and author in the
// upper part, the puzzle count (and volume) at the foot. The title starts
// at up to 40 pt and shrinks, with the subtitle, until the upper group
// stays clear of the foot group; the blocks never overlap.
func (l *bookLayout) titleBlocks(c *Canvas, vol, nvol int) []textBlock {
	x, top := l.pageBox(1)
	w := l.contentW
	cx := x + w/2
	bottom := top + l.contentH
	lp := 1.0
	if l.o.LargePrint {
		lp = 1.3
	}
	var foot []textBlock
	foot = append(foot, newBlock(c, l.titleInfo(), false, 12*lp, w))
	if nvol > 0 {
		foot = append(foot, newBlock(c, l.tr.Text("book.title_page.volume", "vol", vol, "total", nvol), false, 12*lp, w))
	}
	footH := 0.0
	for i, b := range foot {
		if i > 0 {
			footH += b.size * 0.6
		}
		footH += b.height()
	}
	footTop := bottom - footH
	y := footTop
	for i := range foot {
		foot[i].cx, foot[i].top = cx, y
		y += foot[i].height() + foot[i].size*0.6
	}

	for size := math.Min(40, l.trim.Width/14) * math.Min(lp, 1.15); ; size = math.Max(8, size-1) {
		var head []textBlock
		head = append(head, titleBlock(c, l.o.Title, true, size, w))
		if l.o.Subtitle != "" {
			head = append(head, newBlock(c, l.o.Subtitle, false, math.Max(9, math.Min(20*lp, size*0.5)), w))
		}
		if l.o.Author != "" {
			head = append(head, newBlock(c, l.o.Author, false, math.Max(9, math.Min(16*lp, size*0.45)), w))
		}
		// The title starts a fifth of the way down; blocks follow with
		// gaps in proportion to their size, the author set further off.
		y := top + l.contentH*0.2
		for i := range head {
			if i > 0 {
				gap := head[i-1].size * 0.7
				if i == len(head)-1 && l.o.Author != "" {
					gap = head[i].size * 2.5
				}
				y += gap
			}
			head[i].cx, head[i].top = cx, y
			y += head[i].height()
		}
		if y <= footTop-24 || size <= 8 {
			if y > footTop-24 { // even 8 pt does not fit: start higher
				shift := math.Min(y-(footTop-24), l.contentH*0.2)
				for i := range head {
					head[i].top -= shift
				}
			}
			return append(head, foot...)
		}
	}
}

// drawTitle draws page 1 and keeps the blocks it drew for tests.
func (l *bookLayout) drawTitle(c *Canvas, vol, nvol int) {
	l.newPage(c, 1, "")
	l.titleDrawn = l.titleBlocks(c, vol, nvol)
	for _, b := range l.titleDrawn {
		b.draw(c)
	}
}

// isbns are the ISBNs of --isbn, one per volume, in order (none when
// unset).
func (o BookOptions) isbns() []string {
	if strings.TrimSpace(o.ISBN) == "" {
		return nil
	}
	var out []string
	for _, s := range strings.Split(o.ISBN, ",") {
		out = append(out, strings.TrimSpace(s))
	}
	return out
}

// checkVolumeISBNs checks that a book of nvol volumes has one ISBN a
// volume, each its own: an ISBN names one book, and each volume of a
// split book is sold as a book.
func (o BookOptions) checkVolumeISBNs(nvol int) error {
	isbns := o.isbns()
	if len(isbns) == 0 {
		return nil
	}
	switch {
	case len(isbns) == 1 && nvol > 1:
		return fmt.Errorf("isbn %s: the book splits into %d volumes, each a book of its own: give one ISBN per volume, comma-separated (--isbn A,B)", isbns[0], nvol)
	case nvol == 1 && len(isbns) > 1:
		return fmt.Errorf("isbn %s: %d ISBNs for a book that does not split into volumes: give one", o.ISBN, len(isbns))
	case len(isbns) != nvol:
		return fmt.Errorf("isbn %s: %d ISBNs for a book of %d volumes: give one per volume, comma-separated", o.ISBN, len(isbns), nvol)
	}
	seen := map[string]int{}
	for i, s := range isbns {
		d := strings.Map(func(r rune) rune {
			if r == '-' || r == ' ' {
				return -1
			}
			return unicode.ToUpper(r)
		}, s)
		if j, ok := seen[d]; ok {
			return fmt.Errorf("isbn %s: given for volumes %d and %d: each volume needs its own", s, j, i+1)
		}
		seen[d] = i + 1
	}
	return nil
}

// copyrightText is the text of page 2, paragraph by paragraph: the
// title, subtitle and author; the copyright notice; the edition; the
// ISBN; the publisher's imprint; that every puzzle has one solution.
func (l *bookLayout) copyrightText(vol, nvol int) []string {
	head := l.fullTitle(vol, nvol)
	if l.o.Subtitle != "" {
		head += "\n" + l.o.Subtitle
	}
	if l.o.Author != "" {
		head += "\n" + l.tr.Text("book.copyright.by", "author", l.o.Author)
	}
	paras := []string{head}
	switch {
	case l.o.Copyright != "":
		paras = append(paras, l.o.Copyright)
	case l.o.CopyrightHolder != "":
		paras = append(paras, l.tr.Text("book.copyright.notice", "year", l.o.CopyrightYear, "holder", l.o.CopyrightHolder))
	}
	if l.o.Edition != "" {
		paras = append(paras, l.o.Edition)
	}
	if isbns := l.o.isbns(); len(isbns) > 0 {
		isbn := isbns[0]
		if nvol > 0 && vol <= len(isbns) {
			isbn = isbns[vol-1]
		}
		paras = append(paras, l.tr.Text("book.copyright.isbn", "isbn", isbn))
	}
	if l.o.Imprint != "" {
		paras = append(paras, l.o.Imprint)
	}
	return append(paras, l.tr.Text("book.copyright.unique"))
}

// drawCopyright draws page 2, the title page's back: the title, author,
// copyright notice and ISBN, set small at the foot of the page as
// printed books do.
func (l *bookLayout) drawCopyright(c *Canvas, vol, nvol int) {
	l.newPage(c, 2, "")
	x, top := l.pageBox(2)
	size := 9.0
	if l.o.LargePrint {
		size = 13
	}
	var blocks []textBlock
	for i, p := range l.copyrightText(vol, nvol) {
		b := newBlock(c, p, i == 0, size, l.contentW)
		b.left, b.x = true, x
		blocks = append(blocks, b)
	}
	h := 0.0
	for _, b := range blocks {
		h += b.height() + size
	}
	y := math.Max(top, top+l.contentH-h+size)
	for _, b := range blocks {
		b.top = y
		b.draw(c)
		y += b.height() + size
	}
}

// contentsEntry is one line of the contents: a name, its page, and
// whether it is indented under the line above.
type contentsEntry struct {
	name   string
	page   int
	indent bool
}

func (l *bookLayout) contentsEntries() []contentsEntry {
	e := []contentsEntry{{l.tr.Text("book.rules.title"), rulesPage, false}}
	kind := "" // the count's noun: the section's kind, unless the name says it
	if len(l.kinds()) > 1 {
		kind = "mixed"
	}
	for i, s := range l.sections {
		k := kind
		if k == "" {
			k = s.Kind
		}
		name := l.tr.Text("book.contents.section", "name", l.sectionName(i), "count", l.countOf(k, len(s.Records)))
		e = append(e, contentsEntry{name, l.secStart[i], false})
	}
	if l.keyStart > 0 {
		e = append(e, contentsEntry{l.tr.Text("book.key.title"), l.keyStart, false})
		if len(l.sections) > 1 {
			for i := range l.sections {
				e = append(e, contentsEntry{l.sectionName(i), l.secKeyStart[i], true})
			}
		}
	}
	return e
}

// drawContents draws page 3: a line per section with its page (a link),
// then the solutions and, with several sections, where each section's
// solutions start. Dot leaders sit on one grid across lines, so their
// dots line up in columns.
func (l *bookLayout) drawContents(c *Canvas) {
	pdf := c.pdf
	l.newPage(c, 3, "")
	title := l.tr.Text("book.contents.title")
	pdf.Bookmark(title, 0, 0)
	x, y := l.pageBox(3)
	head := 18.0
	size := 12.0
	if l.o.LargePrint {
		head, size = 24, 16
	}
	a, _ := c.extents(true)
	c.Text(true, head, x, y+head*a, title)
	y += head * 2.5
	entries := l.contentsEntries()
	// Line spacing: 1.9 times the size, tighter (and then smaller text)
	// when the lines would not fit; a book of so many sections that even
	// 7 pt would not fit lists its solutions as one line (each key page
	// names its sections), not a line a section over the others.
	room := l.contentH - head*2.5
	if float64(len(entries))*7*1.3 > room {
		short := entries[:0:0]
		for _, e := range entries {
			if !e.indent {
				short = append(short, e)
			}
		}
		entries = short
	}
	for size > 7 && float64(len(entries))*size*1.3 > room {
		size -= 0.5
	}
	// Smaller still, down to 7 pt, rather than cut a long name with an
	// ellipsis ("X-Sudoku + Anti-Springer: Jenseits der Skala (2 Rä…" on
	// a 6 x 9 page): every entry at one size.
	for size > 7 && widestEntry(c, entries, size) > l.contentW*0.8 {
		size -= 0.5
	}
	lead := math.Min(size*1.9, room/float64(len(entries)))
	pitch := c.TextWidth(false, size, ". ")
	indent := size * 1.5
	a, _ = c.extents(false)
	for _, e := range entries {
		base := y + size*a
		nx := x
		if e.indent {
			nx += indent
		}
		name := c.fit(e.name, false, size, l.contentW*0.8)
		num := strconv.Itoa(e.page)
		nw := 0.0
		c.textAt(false, size, num, func(w float64) (float64, float64) {
			nw = w
			return x + l.contentW - w, base
		})
		tw := c.TextWidth(false, size, name)
		c.Text(false, size, nx, base, name)
		// Leader dots: the first dot at the first grid position a space
		// after the name, the last a space before the number.
		start := math.Ceil((nx+tw+pitch-x)/pitch)*pitch + x
		if n := int((x + l.contentW - nw - pitch*0.5 - start) / pitch); n > 0 {
			c.Text(false, size, start, base, strings.Repeat(". ", n))
		}
		link := pdf.AddLink()
		pdf.SetLink(link, 0, e.page)
		pdf.Link(x, y, l.contentW, size*1.2, link)
		y += lead
	}
}

// widestEntry is the width of the widest of the contents' names at size.
func widestEntry(c *Canvas, entries []contentsEntry, size float64) float64 {
	w := 0.0
	for _, e := range entries {
		w = math.Max(w, c.TextWidth(false, size, e.name))
	}
	return w
}

// anyDifficulty reports whether a puzzle of the book has a difficulty
// (a rating, or a sliding puzzle's moves) to order its section by: a book
// of unrated puzzles keeps the order given, and the how-to does not say
// "easiest first".
func (l *bookLayout) anyDifficulty() bool {
	for _, s := range l.sections {
		for _, r := range s.Records {
			if !math.IsInf(difficulty(r), 1) {
				return true
			}
		}
	}
	return false
}

// rulesText is the how-to-play text: each kind's rules, then how the book
// is ordered and labelled (its sections in order, with the ratings or
// moves they span), and where the solutions are. What a Beyond section
// is (book.sudoku.beyond) is said once, whatever the kinds with such a
// section: where a kind's rules say it (after its rating), else after
// the rules of the first kind with one.
func (l *bookLayout) rulesText() []string {
	tr := l.tr
	var paras []string
	beyond := tr.Text("book.sudoku.beyond")
	told := false // the book has said what Beyond means
	for _, kind := range l.kinds() {
		b, _ := boardFor(kind)
		if b.Rules == nil {
			continue
		}
		for _, p := range b.Rules(tr, l.ofKind(kind), l.keyStart > 0) {
			if p == beyond {
				if told {
					continue
				}
				told = true
			}
			paras = append(paras, p)
		}
		if !told && l.kindHasBeyond(kind) {
			paras = append(paras, beyond)
			told = true
		}
	}
	order := ""
	switch {
	case l.o.KeepOrder, !l.anyDifficulty():
		order = "_kept" // as given, or unrated: in the corpus's order
	case l.o.HardestFirst:
		order = "_hardest"
	}
	var p string
	if len(l.sections) > 1 {
		var secs []string
		for i, s := range l.sections {
			name := l.sectionName(i)
			if r := l.sectionRange(s.Records); r != "" {
				name = tr.Text("book.rules.range", "name", name, "range", r)
			}
			secs = append(secs, name)
		}
		key := "book.rules.sections"
		if len(l.kinds()) > 1 {
			key = "book.rules.sections_kinds"
		}
		p = Sentences(tr.Text(key, "sections", tr.List(secs)), tr.Text("book.rules.numbered_each"+order))
	} else {
		p = tr.Text("book.rules.numbered" + order)
	}
	label := "book.rules.label_tier"
	for _, s := range l.sections {
		for _, r := range s.Records {
			if realRating(r) {
				label = "book.rules.label_tier_rating"
			}
		}
	}
	if len(l.sections) == 1 && l.sections[0].Tier == "" {
		label = "book.rules.label"
	}
	p = Sentences(p, tr.Text(label))
	if l.o.IDs {
		p = Sentences(p, tr.Text("book.rules.label_id"))
	}
	paras = append(paras, p)
	if l.keyStart > 0 {
		example := l.keyLabelText(len(l.sections)-1, 17, 112)
		paras = append(paras, tr.Text("book.rules.solutions", "page", l.keyStart, "example", example))
	}
	return paras
}

// kindHasBeyond reports whether a section of kind is the tier the
// graders give puzzles they cannot finish ("beyond").
func (l *bookLayout) kindHasBeyond(kind string) bool {
	for _, s := range l.sections {
		if s.Kind == kind && s.Tier == "beyond" {
			return true
		}
	}
	return false
}

// sectionRange says what the puzzles of a section span: "rated 1.2 to
// 1.5", "30 to 41 moves", or "" when they carry neither.
func (l *bookLayout) sectionRange(recs []*Record) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	mlo, mhi := math.MaxInt, math.MinInt
	for _, r := range recs {
		if realRating(r) {
			lo, hi = math.Min(lo, r.Rating), math.Max(hi, r.Rating)
		}
		if kindOf(r.Kind).Moves != nil {
			if n, ok := recordMoves(r); ok {
				mlo, mhi = min(mlo, n), max(mhi, n)
			}
		}
	}
	tr := l.tr
	switch {
	case lo == hi:
		return tr.Text("book.rules.rated_one", "r", tr.Decimal(lo, 1))
	case lo < hi:
		return tr.Text("book.rules.rated", "lo", tr.Decimal(lo, 1), "hi", tr.Decimal(hi, 1))
	case mlo == mhi:
		return tr.Plural("book.rules.moves_one", mhi)
	case mlo < mhi:
		return tr.Plural("book.rules.moves", mhi, "lo", mlo)
	}
	return ""
}
