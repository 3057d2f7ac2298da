package export

import (
	"fmt"
	"strings"
	"sync"

	"codeberg.org/go-pdf/fpdf"
)

// The how-to-play section: the rules text, then each kind's picture (the
// example sudoku, the slide goals, the killers' cage table). It takes
// one page, facing the first puzzles, when its text fits there with room
// for the pictures at rulesFloor or more (the text shrinking from
// rulesTop in half points, as it always has); otherwise it continues on
// as many pages as it needs at that size or larger: the fewest pages at
// rulesFloor, then the largest size that keeps to them. Paragraphs break
// between lines, never leaving one line of a paragraph alone at the foot
// or the head of a page; a picture goes whole on the page where it fits,
// else at the head of the next. Continuation pages carry the section's
// title as their running head.

// The type sizes of the how-to-play text, in points: it starts at
// rulesTop and shrinks to rulesFloor on one page; large print keeps
// rulesTopLarge.
const (
	rulesTop      = 11.0
	rulesFloor    = 9.0
	rulesTopLarge = 16.0
)

// figureRoom is the height kept under the how-to-play text of a
// one-page section for each kind's picture (the pictures then share
// what is left), and the least room a picture is tried in at the foot of
// a continued section's page.
const figureRoom = 100.0

// rulesLine is a line of the how-to-play text: its paragraph, its page
// (0 for the section's first), the top of its line (its baseline is a
// size lower) and its text.
type rulesLine struct {
	para, page int
	y          float64
	text       string
}

// rulesFigure is a kind's picture in a continued section: its page and
// the box it is drawn in (the content width, from y down h points).
type rulesFigure struct {
	kind string
	page int
	y, h float64
}

// rulesPlan is the how-to-play section laid out.
type rulesPlan struct {
	size  float64 // of the text
	pages int
	lines []rulesLine
	// shared: one page whose pictures share the room left under its
	// text from end down, placed as they are drawn; otherwise figures
	// are where each picture goes.
	shared  bool
	end     float64
	figures []rulesFigure
}

// planner lays out the volumes of one book. It keeps the document a
// continued how-to-play section's pictures are measured on (drawn and
// thrown away), made on first use: making one costs some 15 ms of
// fonts, and splitVolumes plans a book many times over.
type planner struct {
	o       BookOptions
	scratch *Canvas
	uses    int // flows measured on scratch
}

// scratchUses is how many flows of the how-to-play section measure
// their pictures on one scratch document before it is thrown away for a
// new one: what is drawn on it stays in memory (a new one costs some
// 15 ms).
const scratchUses = 16

// measurers keeps, for each set of text faces, a canvas that measures
// text before any book is drawn (a document with the fonts and no page:
// nothing is ever drawn on it), so the how-to-play text can be measured
// while planning without building a document each time.
var measurers struct {
	sync.Mutex
	free []measurer
}

type measurer struct {
	key string
	c   *Canvas
}

// measurersKept is the most measuring canvases kept for reuse.
const measurersKept = 4

// faceKey names a set of text faces (their families and fonts).
func faceKey(faces []fontFace) string {
	var b strings.Builder
	for _, f := range faces {
		fmt.Fprintf(&b, "%s %p;", f.family, f.font)
	}
	return b.String()
}

// withMeasurer calls fn with a canvas that measures text in l's faces:
// one kept from an earlier book if there is one free, else a new one,
// kept afterwards.
func (l *bookLayout) withMeasurer(fn func(c *Canvas)) error {
	key := faceKey(l.faces())
	var c *Canvas
	measurers.Lock()
	for i, m := range measurers.free {
		if m.key == key {
			c = m.c
			measurers.free = append(measurers.free[:i], measurers.free[i+1:]...)
			break
		}
	}
	measurers.Unlock()
	if c == nil {
		pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: l.size.Width, Ht: l.size.Height}})
		var err error
		if c, err = l.fontCanvas(pdf, l.size.Height); err != nil {
			return err
		}
	}
	fn(c)
	measurers.Lock()
	measurers.free = append(measurers.free, measurer{key, c})
	if len(measurers.free) > measurersKept {
		measurers.free = measurers.free[1:]
	}
	measurers.Unlock()
	return nil
}

// scratchCanvas is the planner's document to measure pictures on: it has
// the book's fonts, language and print size, and a page.
func (l *bookLayout) scratchCanvas() (*Canvas, error) {
	pl := l.planner
	if pl == nil {
		pl = &planner{o: l.o}
		l.planner = pl
	}
	if pl.uses >= scratchUses {
		pl.scratch, pl.uses = nil, 0
	}
	if pl.scratch == nil {
		c, err := l.newDocument(l.size, 0, 0)
		if err != nil {
			return nil, err
		}
		c.pdf.AddPage()
		pl.scratch = c
	}
	pl.scratch.LargePrint, pl.scratch.lang = l.o.LargePrint, l.tr
	pl.uses++
	return pl.scratch, nil
}

// rulesHead is the size of the how-to-play title.
func (l *bookLayout) rulesHead() float64 {
	if l.o.LargePrint {
		return 22
	}
	return 16
}

// rulesSizes are the largest and the smallest size of the how-to-play
// text.
func (l *bookLayout) rulesSizes() (top, floor float64) {
	if l.o.LargePrint {
		return rulesTopLarge, rulesTopLarge
	}
	return rulesTop, rulesFloor
}

// figureKinds are the book's kinds that draw a picture on the how-to-play
// page, in book order.
func (l *bookLayout) figureKinds() []string {
	var kinds []string
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.Figure != nil {
			kinds = append(kinds, kind)
		}
	}
	return kinds
}

// planRules lays out the how-to-play section (see the top of this file).
func (l *bookLayout) planRules() (rulesPlan, error) {
	paras := l.rulesText()
	top, floor := l.rulesSizes()
	var plan rulesPlan
	var flow func(size float64) (rulesPlan, error)
	err := l.withMeasurer(func(c *Canvas) {
		wrapped := func(size float64) [][]string {
			lines := make([][]string, len(paras))
			for i, p := range paras {
				lines[i] = c.wrap(p, false, size, l.contentW)
			}
			return lines
		}
		// One page: the largest size whose text leaves figureRoom for
		// each picture.
		room := l.contentH - l.rulesHead() - 18 - float64(len(l.figureKinds()))*figureRoom
		for size := top; size >= floor; size -= 0.5 {
			lines := wrapped(size)
			h := 0.0
			for _, ls := range lines {
				h += float64(len(ls))*size*1.4 + size
			}
			if h <= room {
				plan = l.onePage(size, lines)
				return
			}
		}
		flow = func(size float64) (rulesPlan, error) { return l.flowRules(size, wrapped(size)) }
	})
	if err != nil || flow == nil {
		return plan, err
	}
	// Continued: the fewest pages at the floor, at the largest size
	// that keeps to them.
	least, err := flow(floor)
	if err != nil {
		return least, err
	}
	for size := top; size > floor; size -= 0.5 {
		p, err := flow(size)
		if err != nil {
			return p, err
		}
		if p.pages <= least.pages {
			return p, nil
		}
	}
	return least, nil
}

// rulesStart is the top of the how-to-play text on its first page, under
// the title.
func (l *bookLayout) rulesStart() float64 {
	_, y := l.pageBox(rulesPage)
	return y + l.rulesHead() + 18
}

// onePage places the text's lines (each paragraph's, wrapped at size) on
// the section's one page.
func (l *bookLayout) onePage(size float64, paras [][]string) rulesPlan {
	p := rulesPlan{size: size, pages: 1, shared: true}
	y := l.rulesStart()
	for i, lines := range paras {
		for _, ln := range lines {
			p.lines = append(p.lines, rulesLine{i, 0, y, ln})
			y += size * 1.4
		}
		y += size
	}
	p.end = y
	return p
}

// flowRules lays the text's lines (each paragraph's, wrapped at size)
// out on as many pages as they take, then each kind's picture, measured
// by drawing it on the planner's scratch document.
func (l *bookLayout) flowRules(size float64, paras [][]string) (rulesPlan, error) {
	p := rulesPlan{size: size}
	_, top := l.pageBox(rulesPage)
	bottom := top + l.contentH
	lead := size * 1.4
	page, y := 0, l.rulesStart()
	newPage := func() { page, y = page+1, top }
	for pi, lines := range paras {
		for i := 0; i < len(lines); {
			rest := len(lines) - i
			k := min(rest, int((bottom-y)/lead+1e-9)) // lines that fit here
			if k < rest {
				// The paragraph breaks here: not before its last line
				// (one more goes over), nor after its first (it all
				// goes over).
				if rest-k == 1 && k > 1 {
					k--
				}
				if i == 0 && k == 1 && y > top {
					k = 0
				}
				if k == 0 && y == top {
					k = 1 // a page holds a line, whatever the size
				}
			}
			for _, ln := range lines[i : i+k] {
				p.lines = append(p.lines, rulesLine{pi, page, y, ln})
				y += lead
			}
			if i += k; i < len(lines) {
				newPage()
			}
		}
		y += size
	}
	kinds := l.figureKinds()
	if len(kinds) > 0 {
		c, err := l.scratchCanvas()
		if err != nil {
			return p, err
		}
		x, _ := l.pageBox(rulesPage)
		c.CageTable = !l.o.NoCageTable
		for _, kind := range kinds {
			b, _ := boardFor(kind)
			for {
				if h := bottom - y; h >= figureRoom {
					if used := b.Figure(c, l.ofKind(kind), x, y, l.contentW, h); used > 0 {
						p.figures = append(p.figures, rulesFigure{kind, page, y, h})
						y += used
						break
					}
				}
				if y == top {
					break // too big for a page of its own: left out
				}
				newPage()
			}
		}
		c.CageTable = false
	}
	p.pages = page + 1
	return p, nil
}

// drawRules draws the how-to-play section from page 4 as planned (see
// planRules): its title, its text and the pictures; continuation pages
// with the title as their running head.
func (l *bookLayout) drawRules(c *Canvas) {
	p := l.rules
	title := l.tr.Text("book.rules.title")
	head := l.rulesHead()
	c.CageTable = !l.o.NoCageTable
	defer func() { c.CageTable = false }()
	next := 0 // the next line to draw
	for i := 0; i < l.rulesPages; i++ {
		page := rulesPage + i
		x, y := l.pageBox(page)
		if i == 0 {
			l.newPage(c, page, "")
			a, _ := c.extents(true)
			c.Text(true, head, x, y+head*a, title)
		} else {
			l.newPage(c, page, title)
		}
		c.pdf.SetTextColor(0, 0, 0)
		for ; next < len(p.lines) && p.lines[next].page == i; next++ {
			ln := p.lines[next]
			c.Text(false, p.size, x, ln.y+p.size, ln.text)
		}
		for _, f := range p.figures {
			if f.page == i {
				b, _ := boardFor(f.kind)
				b.Figure(c, l.ofKind(f.kind), x, f.y, l.contentW, f.h)
			}
		}
		if p.shared && i == 0 {
			l.sharedFigures(c, x, p.end)
		}
	}
}

// sharedFigures draws the pictures of a one-page section under its text,
// from y down: the room left is shared among them, each getting its part
// of what the ones before it left.
func (l *bookLayout) sharedFigures(c *Canvas, x, y float64) {
	bottom := l.top() + headerH + l.contentH
	kinds := l.figureKinds()
	left := len(kinds)
	for _, kind := range kinds {
		if b, _ := boardFor(kind); bottom-y > 0 {
			h := (bottom - y) / float64(left)
			y += b.Figure(c, l.ofKind(kind), x, y, l.contentW, h)
			left--
		}
	}
}
