package export

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// The cover: one PDF page that wraps the book, as KDP asks for a
// paperback ("Create a Paperback Cover", KDP Help): from left to right
// the back cover, the spine and the front cover, each cover the trim
// size, the spine as wide as the pages are thick, and 0.125 in of bleed
// on every outer edge:
//
//	width  = 0.125 + trim width + spine + trim width + 0.125 in
//	height = 0.125 + trim height + 0.125 in
//	spine  = pages × 0.002252 in (white paper), 0.0025 (cream), 0.002347 (premium color)
//
// Text keeps 0.375 in inside the trim (KDP's minimum is 0.125); the spine
// carries text only from 79 pages, 0.0625 in clear of its folds, and only
// when it fits at spineTextFloor points or more; the
// barcode area KDP prints on, 2 x 1.2 in at the foot of the back cover
// by the spine, 0.25 in from the spine and the bottom trim, is left white
// and empty.

// CoverSize is a cover's geometry, inches.
type CoverSize struct {
	Width, Height float64 // the whole page, bleed included
	Bleed         float64
	TrimW, TrimH  float64 // each cover panel
	Spine         float64
	SpineText     bool // the book has pages enough for text on the spine (KDP: 79)
	// SpineSize is the size of the text the cover prints on its spine,
	// points, 0 when it prints none; SpineWhy says why none (set by
	// drawCover, which measures the text).
	SpineSize float64
	SpineWhy  string
}

// spineTextFloor is the smallest spine text drawn, points: KDP's
// recommended minimum for interior text (7 pt). A spine is read from a
// shelf, on a strip that KDP's trim may shift by 0.0625 in, so nothing
// smaller is worth printing: a spine that fits only smaller text gets
// none, and the preflight says so.
const spineTextFloor = 7.0

// spineFit is the size of spine text, points, on a spine across points
// wide (its folds' clearance taken off) and long points long, for text
// perSize points long per point of size, set at ratio of the width up
// to max points; 0 and the reason when it would be under spineTextFloor.
func spineFit(across, long, perSize, ratio, max float64) (float64, string) {
	size := math.Min(across*ratio, max)
	if size < spineTextFloor {
		return 0, fmt.Sprintf("the spine fits %.1f pt text, under the %g pt floor", math.Max(size, 0), spineTextFloor)
	}
	if perSize*size > long {
		size = long / perSize
		if size < spineTextFloor {
			return 0, fmt.Sprintf("the title and author fit its length at %.1f pt, under the %g pt floor", size, spineTextFloor)
		}
	}
	return size, ""
}

const (
	coverSafe        = 0.375  // text inside the trim, inches
	spineClear       = 0.0625 // text clear of the spine's folds, inches
	barcodeW         = 2.0
	barcodeH         = 1.2
	barcodeMargin    = 0.25
	defaultCoverRGB  = "#1F4E5A"
	coverAccentLight = 0.93 // the panels' grey level behind the art
)

// coverSize is the volume's cover geometry by KDP's formula.
func (l *bookLayout) coverSize() CoverSize {
	spine := float64(l.pages) * paperThickness[l.o.Paper]
	if spine == 0 {
		spine = float64(l.pages) * spinePerPageWhite
	}
	w, h := l.trim.Width/72, l.trim.Height/72
	return CoverSize{
		Width: kdpBleed + w + spine + w + kdpBleed, Height: kdpBleed + h + kdpBleed,
		Bleed: kdpBleed, TrimW: w, TrimH: h, Spine: spine,
		SpineText: l.pages >= kdpSpineTextPages,
	}
}

// parseColor reads a --cover-color, "#RRGGBB" ("" is the default).
func parseColor(s string) ([3]int, error) {
	if s == "" {
		s = defaultCoverRGB
	}
	t := strings.TrimPrefix(s, "#")
	v, err := strconv.ParseUint(t, 16, 32)
	if len(t) != 6 || err != nil {
		return [3]int{}, fmt.Errorf("cover-color %q: expected #RRGGBB, e.g. #1F4E5A", s)
	}
	return [3]int{int(v >> 16 & 255), int(v >> 8 & 255), int(v & 255)}, nil
}

// coverSections are the sections the cover speaks of: the tiered ones
// of the kind that leads the book (all of its sections if none is
// tiered).
func (l *bookLayout) coverSections() []int {
	var tiered, all []int
	for i, s := range l.sections {
		if s.Kind != l.sections[0].Kind {
			continue
		}
		all = append(all, i)
		if s.Tier != "" {
			tiered = append(tiered, i)
		}
	}
	if len(tiered) > 0 {
		return tiered
	}
	return all
}

// coverArt picks the puzzles the cover shows: the front's (the first of
// the hardest section) and up to three for the back (from sections
// spread from easy to hard).
func (l *bookLayout) coverArt() (front *Record, back []*Record) {
	secs := l.coverSections()
	n := len(secs)
	hardest := secs[n-1]
	if l.o.HardestFirst {
		hardest = secs[0]
	}
	// Its first puzzle of the largest board: a 9x9 rather than a 6x6.
	for _, r := range l.sections[hardest].Records {
		if front == nil || r.Size > front.Size {
			front = r
		}
	}
	picks := []int{secs[0]}
	if n >= 3 {
		picks = []int{secs[0], secs[n/2], secs[n-1]}
	} else if n == 2 {
		picks = []int{secs[0], secs[1]}
	}
	for _, i := range picks {
		back = append(back, l.sections[i].Records[len(l.sections[i].Records)/2])
	}
	return front, back
}

// drawArt draws a record's puzzle (not its answer) in the square at
// (x, y): a sudoku grid, a slide board's tiles, or the kind's own
// drawing.
func drawArt(c *Canvas, r *Record, x, y, side float64) {
	k := kindOf(r.Kind)
	switch {
	case k.Art != nil:
		k.Art(c, r, x, y, side)
	case k.Board.Draw != nil:
		k.Board.Draw(c, r, false, x, y, side)
	}
}

// fitBlock sets text as a block of at most maxW wide and maxH high,
// from size down to minSize.
func fitBlock(c *Canvas, text string, bold bool, size, minSize, maxW, maxH float64) textBlock {
	return fitBlockWith(newBlock, c, text, bold, size, minSize, maxW, maxH)
}

// fitBlockWith is fitBlock with the blocks made by block (newBlock, or
// titleBlock for a title).
func fitBlockWith(block func(*Canvas, string, bool, float64, float64) textBlock, c *Canvas, text string, bold bool, size, minSize, maxW, maxH float64) textBlock {
	for {
		b := block(c, text, bold, size, maxW)
		if b.height() <= maxH || size <= minSize {
			return b
		}
		size = math.Max(minSize, size*0.92)
	}
}

// drawCover writes the volume's cover (see CoverSize) to w and returns
// its geometry with the spine text it printed.
func (l *bookLayout) drawCover(w io.Writer, vol, nvol int) (CoverSize, error) {
	cs := l.coverSize()
	page := PageSize{Name: "cover", Width: cs.Width * 72, Height: cs.Height * 72}
	c, err := l.newDocument(page, vol, nvol)
	if err != nil {
		return cs, err
	}
	pdf := c.pdf
	pdf.AddPage()
	bleed := cs.Bleed * 72
	pdf.SetPageBox("trim", bleed, bleed, page.Width-2*bleed, page.Height-2*bleed)
	pdf.SetPageBox("bleed", 0, 0, page.Width, page.Height)
	rgb, _ := parseColor(l.o.CoverColor)
	pdf.SetFillColor(rgb[0], rgb[1], rgb[2])
	pdf.Rect(0, 0, page.Width, page.Height, "F")

	trimW, trimH, spine := cs.TrimW*72, cs.TrimH*72, cs.Spine*72
	backX, spineX := bleed, bleed+trimW
	frontX := spineX + spine
	top, bottom := bleed, bleed+trimH
	safe := coverSafe * 72
	front, back := l.coverArt()
	l.drawFront(c, front, frontX, top, trimW, trimH, safe, vol, nvol)
	l.drawBack(c, back, backX, top, trimW, bottom, safe)
	if cs.SpineText {
		cs.SpineSize, cs.SpineWhy = l.drawSpine(c, spineX, top, spine, trimH, vol, nvol)
	} else {
		cs.SpineWhy = fmt.Sprintf("under %d pages: KDP allows none", kdpSpineTextPages)
	}
	pdf.SetFillColor(255, 255, 255)
	return cs, l.finish(c, w)
}

// coverTitle sets the title for a front cover w wide and h high: up to
// a quarter of its height, from 54 pt (times lp) down to 14.
func (l *bookLayout) coverTitle(c *Canvas, w, h, safe, lp float64) textBlock {
	return fitBlockWith(titleBlock, c, l.o.Title, true, math.Min(54, w/8)*lp, 14, w-2*safe, h*0.26)
}

// drawFront draws the front cover: the title, subtitle and author in
// white on the background, a puzzle of the book in a light panel between
// them, the count (and large print) under it.
func (l *bookLayout) drawFront(c *Canvas, art *Record, x, top, w, h, safe float64, vol, nvol int) {
	pdf := c.pdf
	inner := w - 2*safe
	cx := x + w/2
	lp := 1.0
	if l.o.LargePrint {
		lp = 1.15
	}
	title := l.coverTitle(c, w, h, safe, lp)
	title.cx, title.top, title.grey = cx, top+safe+h*0.03, 255
	y := title.top + title.height()
	var blocks []textBlock
	if l.o.Subtitle != "" {
		sub := fitBlock(c, l.o.Subtitle, false, math.Max(11, title.size*0.42), 9, inner, h*0.12)
		sub.cx, sub.top, sub.grey = cx, y+title.size*0.35, 235
		y = sub.top + sub.height()
		blocks = append(blocks, sub)
	}
	if nvol > 0 {
		v := newBlock(c, l.tr.Text("book.title_page.volume", "vol", vol, "total", nvol), true, math.Max(12, title.size*0.4), inner)
		v.cx, v.top, v.grey = cx, y+v.size*0.5, 255
		y = v.top + v.height()
		blocks = append(blocks, v)
	}
	// The foot: author, then the count line above it.
	var foot []textBlock
	if l.o.Author != "" {
		a := fitBlock(c, l.o.Author, false, math.Min(22, w/16)*lp, 10, inner, h*0.1)
		foot = append(foot, a)
	}
	badge := l.countOf("", l.records)
	if l.o.Solutions == "back" {
		badge = l.tr.Text("book.cover.badge", "count", badge)
	}
	if l.o.LargePrint {
		badge += " · " + l.tr.Text("book.title_page.large_print")
	}
	bb := fitBlock(c, badge, true, math.Min(16, w/24)*lp, 9, inner, h*0.08)
	foot = append([]textBlock{bb}, foot...)
	fy := top + h - safe
	for i := len(foot) - 1; i >= 0; i-- {
		fy -= foot[i].height()
		foot[i].cx, foot[i].top, foot[i].grey = cx, fy, 255
		fy -= foot[i].size * 0.9
	}
	// The art fills the room between, in a light panel.
	room := fy - y - 2*title.size*0.5
	side := math.Min(inner*0.86, room-24)
	if side > 36 {
		panel := side + 24
		py := y + (fy-y-panel)/2
		pdf.SetFillColor(250, 250, 248)
		pdf.RoundedRect(cx-panel/2, py, panel, panel, 8, "1234", "F")
		drawArt(c, art, cx-side/2, py+12, side)
	}
	title.draw(c)
	for _, b := range append(blocks, foot...) {
		b.draw(c)
	}
}

// drawBack draws the back cover: the blurb at the top, puzzles from
// easy to hard on light panels with their section names, the span of
// tiers; the barcode area at the foot by the spine is left white.
func (l *bookLayout) drawBack(c *Canvas, art []*Record, x, top, w, bottom, safe float64) {
	pdf := c.pdf
	inner := w - 2*safe
	y := top + safe
	lp := 1.0
	if l.o.LargePrint {
		lp = 1.2
	}
	if l.o.Blurb != "" {
		b := fitBlock(c, l.o.Blurb, false, 12*lp, 7, inner, (bottom-top)*0.42)
		b.left, b.x, b.top, b.grey = true, x+safe, y, 255
		b.draw(c)
		y += b.height() + 20
	}
	// The barcode area: white, empty, 0.25 in from the spine and the
	// bottom trim.
	bw, bh, bm := barcodeW*72, barcodeH*72, barcodeMargin*72
	bx, by := x+w-bm-bw, bottom-bm-bh
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(bx, by, bw, bh, "F")
	// The samples sit between the blurb and the barcode area.
	if len(art) > 0 {
		n := float64(len(art))
		label := 9.0 * lp
		gap := 14.0
		side := math.Min((inner-gap*(n-1))/n, by-y-label*2.6-24)
		side = math.Min(side, 150)
		if side > 40 {
			sx := x + safe + (inner-(side*n+gap*(n-1)))/2
			sy := y + math.Max(0, (by-y-side-label*2.6-16)/2)
			for i, r := range art {
				px := sx + float64(i)*(side+gap)
				pdf.SetFillColor(250, 250, 248)
				pdf.RoundedRect(px-6, sy-6, side+12, side+12, 5, "1234", "F")
				drawArt(c, r, px, sy, side)
				name := l.sectionName(l.sectionOf(r))
				pdf.SetTextColor(255, 255, 255)
				name = c.fit(name, true, label, side+gap)
				nw := c.TextWidth(true, label, name)
				c.Text(true, label, px+(side-nw)/2, sy+side+6+label*1.5, name)
			}
			y = sy + side + label*2.6 + 10
		}
	}
	if secs := l.coverSections(); len(secs) > 1 {
		first, last := l.sectionName(secs[0]), l.sectionName(secs[len(secs)-1])
		line := l.tr.Text("book.cover.range", "first", first, "last", last)
		b := fitBlock(c, line, false, 11*lp, 7, bx-(x+safe)-12, (bottom-safe)-y)
		b.left, b.x, b.grey = true, x+safe, 255
		b.top = bottom - safe - b.height()
		if b.top > y {
			b.draw(c)
		}
	}
	pdf.SetTextColor(0, 0, 0)
}

// sectionOf returns the index of the section holding r.
func (l *bookLayout) sectionOf(r *Record) int {
	for i, s := range l.sections {
		for _, x := range s.Records {
			if x == r {
				return i
			}
		}
	}
	return 0
}

// isWide reports whether s is mostly Chinese or Japanese, which a spine
// sets upright, one character under the other.
func isWide(s string) bool {
	wide, all := 0, 0
	for _, r := range s {
		if r == ' ' {
			continue
		}
		all++
		if wideBreak(r) {
			wide++
		}
	}
	return all > 0 && wide*2 >= all
}

// verticalForms are the vertical presentation forms (U+FE10-FE19,
// U+FE30-FE44) of the punctuation a title set upright, one character
// under the other, may hold: set as in horizontal text, a comma or full
// stop sits at the foot of its cell, against the next character, and
// brackets open sideways.
var verticalForms = map[rune]rune{
	'、': '︑', '。': '︒', '，': '︐', '：': '︓', '；': '︔', '！': '︕', '？': '︖', '…': '︙', '‥': '︰',
	'（': '︵', '）': '︶', '｛': '︷', '｝': '︸', '〔': '︹', '〕': '︺', '【': '︻', '】': '︼',
	'《': '︽', '》': '︾', '〈': '︿', '〉': '﹀', '「': '﹁', '」': '﹂', '『': '﹃', '』': '﹄', '—': '︱', '–': '︲',
}

// uprightForm is how r is set in a column of upright Chinese or Japanese
// text: its vertical presentation form if the font has it, or turned a
// quarter (turn) for a mark drawn along the line, the long vowel mark ー
// and the wave dash, which has no such form; other characters as they
// are.
func uprightForm(r rune, has func(rune) bool) (v rune, turn bool) {
	if f, ok := verticalForms[r]; ok && has(f) {
		return f, false
	}
	switch r {
	case 'ー', '〜', '～', '—', '–', '―':
		return r, true
	}
	return r, false
}

// drawSpine writes the title and the author along the spine: read from
// top to bottom (rotated a quarter turn clockwise, as books in English
// and most European languages do), or upright, a character under the
// other, for Chinese and Japanese; as large as the spine allows, clear of
// its folds. It returns the size it wrote at, or 0 and why it wrote
// nothing (spineFit).
func (l *bookLayout) drawSpine(c *Canvas, x, top, spine, h float64, vol, nvol int) (float64, string) {
	pdf := c.pdf
	clear := spineClear * 72
	across := spine - 2*clear
	text := l.o.Title
	if nvol > 0 {
		text = l.fullTitle(vol, nvol)
	}
	if l.o.Author != "" {
		text += "  ·  " + l.o.Author
	}
	text = oneLine(text)
	long := h - 2*coverSafe*72
	cx := x + spine/2
	if isWide(text) {
		rs := []rune(strings.ReplaceAll(text, "  ·  ", "・"))
		size, why := spineFit(across, long, float64(len(rs))*1.05, 0.8, 18)
		if size == 0 {
			return 0, why
		}
		pdf.SetTextColor(255, 255, 255)
		defer pdf.SetTextColor(0, 0, 0)
		y := top + (h-float64(len(rs))*size*1.05)/2
		a, _ := c.extents(true)
		has := func(r rune) bool {
			for _, f := range c.chain(true) {
				if f.font.Has(r) {
					return true
				}
			}
			return false
		}
		for _, r := range rs {
			if r == ' ' {
				y += size * 1.05
				continue
			}
			v, turn := uprightForm(r, has)
			s := string(v)
			base := y + size*a*0.9
			if turn {
				// Turned a quarter about the middle of its em box, which
				// runs from 0.88 em above the baseline to 0.12 below.
				pdf.TransformBegin()
				pdf.TransformRotate(-90, cx, base-size*0.38)
				c.Text(true, size, cx-c.TextWidth(true, size, s)/2, base, s)
				pdf.TransformEnd()
			} else {
				c.Text(true, size, cx-c.TextWidth(true, size, s)/2, base, s)
			}
			y += size * 1.05
		}
		return size, ""
	}
	size, why := spineFit(across, long, c.TextWidth(true, 1, text), 0.62, 16)
	if size == 0 {
		return 0, why
	}
	pdf.SetTextColor(255, 255, 255)
	defer pdf.SetTextColor(0, 0, 0)
	tw := c.TextWidth(true, size, text)
	// Rotated a quarter turn clockwise about the spine's centre: the
	// text's baseline runs down the spine.
	cy := top + h/2
	pdf.TransformBegin()
	pdf.TransformRotate(-90, cx, cy)
	c.Text(true, size, cx-tw/2, cy+size*0.35, text)
	pdf.TransformEnd()
	return size, ""
}
