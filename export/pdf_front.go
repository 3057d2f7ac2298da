package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// The front matter: title page, copyright page, contents and how to play.
// Text is laid out by measuring it with the fonts it is drawn in: wrapped
// to the content width and shrunk until it fits, so nothing overprints.

// textBlock is a run of wrapped lines in one font, centered on cx (or
// starting at x when left is set); top is the top of its first line.
type textBlock struct {
	lines    []string
	font     string
	size     float64
	lead     float64 // baseline to baseline
	cx, x    float64
	left     bool
	top      float64
	width    float64 // of its widest line
	grey     int     // 0 black .. 255 white
	baseline float64 // of the first line, from top: the font's ascent
}

// Go fonts: ascent 0.95 and descent 0.21 of the font size (hhea).
const (
	fontAscent  = 0.95
	fontDescent = 0.21
)

// newBlock wraps text to width in font and size.
func newBlock(pdf *fpdf.Fpdf, text, font string, size, width float64) textBlock {
	pdf.SetFont(font, "", size)
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		lines = append(lines, pdf.SplitText(para, width)...)
	}
	b := textBlock{lines: lines, font: font, size: size, lead: size * 1.25, baseline: size * fontAscent}
	for _, ln := range lines {
		b.width = math.Max(b.width, pdf.GetStringWidth(ln))
	}
	return b
}

// height is the block's height from the top of its first line to the
// bottom of its last.
func (b textBlock) height() float64 {
	if len(b.lines) == 0 {
		return 0
	}
	return float64(len(b.lines)-1)*b.lead + b.size*(fontAscent+fontDescent)
}

// box is the block's bounding box: left, top, right, bottom.
func (b textBlock) box() (x0, y0, x1, y1 float64) {
	x0 = b.x
	if !b.left {
		x0 = b.cx - b.width/2
	}
	return x0, b.top, x0 + b.width, b.top + b.height()
}

func (b textBlock) draw(pdf *fpdf.Fpdf) {
	pdf.SetFont(b.font, "", b.size)
	pdf.SetTextColor(b.grey, b.grey, b.grey)
	for i, ln := range b.lines {
		x := b.x
		if !b.left {
			x = b.cx - pdf.GetStringWidth(ln)/2
		}
		pdf.Text(x, b.top+b.baseline+float64(i)*b.lead, ln)
	}
	pdf.SetTextColor(0, 0, 0)
}

// titleBlocks lays out the title page: title, subtitle and author in the
// upper part, the puzzle count (and volume) at the foot. The title starts
// at up to 40 pt and shrinks, with the subtitle, until the upper group
// stays clear of the foot group; the blocks never overlap.
func (l *bookLayout) titleBlocks(pdf *fpdf.Fpdf, vol, nvol int) []textBlock {
	x, top := l.pageBox(1)
	w := l.contentW
	cx := x + w/2
	bottom := top + l.contentH
	lp := 1.0
	if l.o.LargePrint {
		lp = 1.3
	}
	info := puzzles(l.records)
	if len(l.sections) > 1 || l.sections[0].Tier != "" {
		var tiers []string
		for _, s := range l.sections {
			tiers = append(tiers, TierTitle(s.Tier))
		}
		info += ": " + strings.Join(tiers, ", ")
	}
	var foot []textBlock
	foot = append(foot, newBlock(pdf, info, FontRegular, 12*lp, w))
	if nvol > 0 {
		foot = append(foot, newBlock(pdf, fmt.Sprintf("Volume %d of %d", vol, nvol), FontRegular, 12*lp, w))
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
		title := newBlock(pdf, l.o.Title, FontBold, size, w)
		head = append(head, title)
		if l.o.Subtitle != "" {
			head = append(head, newBlock(pdf, l.o.Subtitle, FontRegular, math.Max(9, math.Min(20*lp, size*0.5)), w))
		}
		if l.o.Author != "" {
			head = append(head, newBlock(pdf, l.o.Author, FontRegular, math.Max(9, math.Min(16*lp, size*0.45)), w))
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
	l.titleDrawn = l.titleBlocks(c.pdf, vol, nvol)
	for _, b := range l.titleDrawn {
		b.draw(c.pdf)
	}
}

// copyrightText is the text of page 2, paragraph by paragraph.
func (l *bookLayout) copyrightText(vol, nvol int) []string {
	head := l.fullTitle(vol, nvol)
	if l.o.Subtitle != "" {
		head += "\n" + l.o.Subtitle
	}
	if l.o.Author != "" {
		head += "\nby " + l.o.Author
	}
	paras := []string{head}
	if l.o.Copyright != "" {
		paras = append(paras, l.o.Copyright)
	}
	if l.o.ISBN != "" {
		paras = append(paras, "ISBN "+l.o.ISBN)
	}
	return append(paras, "Puzzles made with sudogen. Every puzzle has exactly one solution, "+
		"and every solution in this book was checked by computer.")
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
		font := FontRegular
		if i == 0 {
			font = FontBold
		}
		b := newBlock(c.pdf, p, font, size, l.contentW)
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
		b.draw(c.pdf)
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
	e := []contentsEntry{{"How to play", 4, false}}
	for i, s := range l.sections {
		e = append(e, contentsEntry{fmt.Sprintf("%s  (%s)", TierTitle(s.Tier), puzzles(len(s.Records))), l.secStart[i], false})
	}
	if l.keyStart > 0 {
		e = append(e, contentsEntry{"Solutions", l.keyStart, false})
		if len(l.sections) > 1 {
			for i, s := range l.sections {
				e = append(e, contentsEntry{TierTitle(s.Tier), l.secKeyStart[i], true})
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
	pdf.Bookmark("Contents", 0, 0)
	x, y := l.pageBox(3)
	head := 18.0
	size := 12.0
	if l.o.LargePrint {
		head, size = 24, 16
	}
	pdf.SetFont(FontBold, "", head)
	pdf.Text(x, y+head*fontAscent, "Contents")
	y += head * 2.5
	entries := l.contentsEntries()
	// Line spacing: 1.9 times the size, tighter (and then smaller text)
	// when the lines would not fit.
	room := l.contentH - head*2.5
	for size > 7 && float64(len(entries))*size*1.3 > room {
		size -= 0.5
	}
	lead := math.Min(size*1.9, room/float64(len(entries)))
	pdf.SetFont(FontRegular, "", size)
	pitch := pdf.GetStringWidth(". ")
	indent := size * 1.5
	for _, e := range entries {
		base := y + size*fontAscent
		nx := x
		if e.indent {
			nx += indent
		}
		name := fitText(pdf, e.name, l.contentW*0.8)
		num := strconv.Itoa(e.page)
		nw := pdf.GetStringWidth(num)
		tw := pdf.GetStringWidth(name)
		pdf.Text(nx, base, name)
		pdf.Text(x+l.contentW-nw, base, num)
		// Leader dots: the first dot at the first grid position a space
		// after the name, the last a space before the number.
		start := math.Ceil((nx+tw+pitch-x)/pitch)*pitch + x
		if n := int((x + l.contentW - nw - pitch*0.5 - start) / pitch); n > 0 {
			pdf.Text(start, base, strings.Repeat(". ", n))
		}
		link := pdf.AddLink()
		pdf.SetLink(link, 0, e.page)
		pdf.Link(x, y, l.contentW, size*1.2, link)
		y += lead
	}
}

// rulesText is the how-to-play text: each kind's rules, then how the book
// is ordered and labelled, and where the solutions are.
func (l *bookLayout) rulesText() []string {
	var paras []string
	for _, kind := range l.kinds() {
		b, _ := boardFor(kind)
		if b.Rules != nil {
			paras = append(paras, b.Rules(l.ofKind(kind), l.keyStart > 0)...)
		}
	}
	order := "The puzzles are numbered from 1, easiest first."
	if len(l.sections) > 1 {
		var secs []string
		for _, s := range l.sections {
			secs = append(secs, TierTitle(s.Tier)+sectionRange(s.Records))
		}
		order = "The book has a section per difficulty tier, easiest first: " + joinAnd(secs) +
			". In each section the puzzles are numbered from 1, easiest first."
	}
	if l.o.KeepOrder {
		order = strings.Replace(order, ", easiest first.", ".", 1)
	}
	label := ", then its tier"
	for _, s := range l.sections {
		for _, r := range s.Records {
			if realRating(r) {
				label = ", then its tier (and rating, where it has one)"
			}
		}
	}
	if len(l.sections) == 1 && l.sections[0].Tier == "" {
		label = ""
	}
	paras = append(paras, order+" Under each puzzle is its number in bold"+label+"; "+
		"the small grey code at the right is its id in the collection the book was made from.")
	if l.keyStart > 0 {
		example := l.keyLabelText(len(l.sections)-1, 17, 112)
		paras = append(paras, fmt.Sprintf("The solutions start on page %d, in the order of the puzzles; "+
			"each is labelled with its puzzle's number and the page the puzzle is on (\"%s\").", l.keyStart, example))
	}
	return paras
}

// sectionRange says what the puzzles of a section span: " (rated 1.2 to
// 1.5)", " (30 to 41 moves)", or "" when they carry neither.
func sectionRange(recs []*Record) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	mlo, mhi := math.MaxInt, math.MinInt
	for _, r := range recs {
		if realRating(r) {
			lo, hi = math.Min(lo, r.Rating), math.Max(hi, r.Rating)
		}
		if r.Kind == "slide" {
			if n, ok := slideMoves(r); ok {
				mlo, mhi = min(mlo, n), max(mhi, n)
			}
		}
	}
	var parts []string
	switch {
	case lo == hi:
		parts = append(parts, fmt.Sprintf("rated %.1f", lo))
	case lo < hi:
		parts = append(parts, fmt.Sprintf("rated %.1f to %.1f", lo, hi))
	}
	switch {
	case mlo == mhi:
		parts = append(parts, fmt.Sprintf("%d moves", mlo))
	case mlo < mhi:
		parts = append(parts, fmt.Sprintf("%d to %d moves", mlo, mhi))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// figureRoom is the height kept under the how-to-play text for each
// kind's picture (the slide goals need 45 pt boards and their captions).
const figureRoom = 90.0

// drawRules draws page 4, facing the first puzzles: the rules text,
// shrunk (down to 6 pt) until it leaves room for each kind's picture.
func (l *bookLayout) drawRules(c *Canvas) {
	pdf := c.pdf
	l.newPage(c, 4, "")
	x, y := l.pageBox(4)
	head := 16.0
	if l.o.LargePrint {
		head = 22
	}
	pdf.SetFont(FontBold, "", head)
	pdf.Text(x, y+head*fontAscent, "How to play")
	y += head + 18
	paras := l.rulesText()
	figures := 0
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.Figure != nil {
			figures++
		}
	}
	size := 11.0
	if l.o.LargePrint {
		size = 16
	}
	room := l.contentH - head - 18 - float64(figures)*figureRoom
	for ; size > 6; size -= 0.5 {
		pdf.SetFont(FontRegular, "", size)
		h := 0.0
		for _, p := range paras {
			h += float64(len(pdf.SplitText(p, l.contentW)))*size*1.4 + size
		}
		if h <= room {
			break
		}
	}
	pdf.SetFont(FontRegular, "", size)
	pdf.SetTextColor(0, 0, 0)
	for _, p := range paras {
		for _, ln := range pdf.SplitText(p, l.contentW) {
			pdf.Text(x, y+size, ln)
			y += size * 1.4
		}
		y += size
	}
	bottom := l.top() + headerH + l.contentH
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.Figure != nil && bottom-y > 0 {
			y += b.Figure(c, l.ofKind(kind), x, y, l.contentW, bottom-y)
		}
	}
}
