package export

import (
	"fmt"
	"math"
	"sort"
)

// A book's pages, in order: a title page (page 1, no number printed), the
// copyright page (its back), the contents, a how-to-play page facing the
// first puzzles, then a section per tier (easy to hard, see TierOrder),
// each starting on a new page with an outline bookmark, its puzzles
// numbered from 1 and ordered easiest to hardest, then the answer key.
// The whole layout is arithmetic on the records, done before anything is
// drawn, so the gutter can follow the page count and tests can check what
// was drawn against where it was meant to go.

const (
	frontPages = 4    // title, copyright, contents, how to play
	headerH    = 22.0 // header band above the content area, points
	footerH    = 22.0 // footer band (page number) below it
	labelGap   = 4.0  // between a grid and its label
	keyGap     = 14.0 // between answer-key slots
)

// bookEntry is one puzzle's place in the book.
type bookEntry struct {
	r    *Record
	sec  int // section index
	num  int // number within its section, from 1
	page int // page its puzzle is on
	slot int // slot on that page
	// Its solution in the answer key: page, column and row.
	keyPage, keyCol, keyRow int
}

// puzzlePage is one page of puzzles of one section.
type puzzlePage struct {
	sec     int
	per     int // slot layout: 1, 2, 4 or 6
	entries []*bookEntry
}

// keyPage is one page of the answer key.
type keyPage struct {
	entries []*bookEntry
	secs    []int // sections whose solutions are on the page, in order
}

// bookLayout is the geometry of one volume, fixed before drawing.
type bookLayout struct {
	o        BookOptions
	trim     PageSize // the trim size
	size     PageSize // the page as written: the trim plus bleed
	bleed    float64  // bleed on the top, bottom and outer edges; points
	margin   float64  // top, bottom and outer margin from the trim edge; points
	gutter   float64  // inner margin; points
	contentW float64
	contentH float64

	sections    []Section
	entries     [][]*bookEntry // per section, in book order
	secStart    []int          // first page of each section
	secKeyStart []int          // first answer-key page of each section
	puzzles     []puzzlePage   // page frontPages+1+i
	keyStart    int            // first answer-key page; 0 if none
	keyPages    []keyPage
	keyCols     int
	keyRows     int
	keySide     float64
	keySlotW    float64 // width of an answer-key slot: the grid or its label, the wider
	keyLabel    float64 // font size of answer-key labels
	pages       int
	numSize     float64 // font size of puzzle numbers
	puzzleLbl   float64 // font size of the tier and rating beside them
	idSize      float64 // font size of the id
	records     int
	maxCells    int     // largest board side of the book's puzzles, in cells
	maxRec      *Record // a record with that board
	keyCells    int     // the same for the answer key (Board.KeyCells)

	titleDrawn []textBlock // the title page's blocks, as drawn (for tests)
}

// puzzleGrid returns the rows and columns of puzzle slots per page.
func puzzleGrid(perPage int) (cols, rows int) {
	switch perPage {
	case 1:
		return 1, 1
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	default:
		return 2, 3
	}
}

// tailLayout is the slot layout of a section's last page holding k
// puzzles in a book of per per page: the smallest layout that holds them,
// so one puzzle left over is printed large rather than alone in a corner
// of an empty page.
func tailLayout(k, per int) int {
	for _, n := range []int{1, 2, 4, 6} {
		if n >= k && n <= per {
			return n
		}
	}
	return per
}

// difficulty is the sort key of a record inside its section: the rating
// of a sudoku, the move count of a sliding puzzle; records without one go
// last.
func difficulty(r *Record) float64 {
	if r.Kind == "slide" {
		if n, ok := slideMoves(r); ok {
			return float64(n)
		}
		return math.Inf(1)
	}
	if r.Rating > 0 {
		return r.Rating
	}
	if r.RatingAtLeast > 0 {
		return r.RatingAtLeast // cut off: at least this hard
	}
	return math.Inf(1)
}

// bookSections groups records by tier, easy to hard, and orders each
// section: by kind, then board size, then easiest to hardest, unless
// keep is set (then corpus order).
func bookSections(recs []*Record, keep bool) []Section {
	secs := Sections(recs)
	if keep {
		return secs
	}
	for _, s := range secs {
		sort.SliceStable(s.Records, func(i, j int) bool {
			a, b := s.Records[i], s.Records[j]
			if a.Kind != b.Kind {
				return a.Kind > b.Kind // sudoku before slide
			}
			if a.Size != b.Size {
				return a.Size < b.Size
			}
			return difficulty(a) < difficulty(b)
		})
	}
	return secs
}

// orderRecords returns recs in book order (see bookSections).
func orderRecords(recs []*Record, keep bool) []*Record {
	out := make([]*Record, 0, len(recs))
	for _, s := range bookSections(recs, keep) {
		out = append(out, s.Records...)
	}
	return out
}

// planBook lays out recs (already in book order) as one volume.
func planBook(recs []*Record, o BookOptions) (*bookLayout, error) {
	trim, err := PageSizeByName(o.Page)
	if err != nil {
		return nil, err
	}
	l := &bookLayout{o: o, trim: trim, size: trim, margin: o.Margin * 72, bleed: o.Bleed * 72, records: len(recs)}
	l.size.Width += l.bleed
	l.size.Height += 2 * l.bleed
	l.sections = bookSections(recs, true) // recs are in book order already
	l.entries = make([][]*bookEntry, len(l.sections))
	for i, s := range l.sections {
		l.entries[i] = make([]*bookEntry, len(s.Records))
		for j, r := range s.Records {
			l.entries[i][j] = &bookEntry{r: r, sec: i, num: j + 1}
		}
	}
	if l.o.Title == "" {
		l.o.Title = l.defaultTitle()
	}
	for _, r := range recs {
		b, _ := boardFor(r.Kind)
		n := b.Cells(r)
		if n > l.maxCells {
			l.maxCells, l.maxRec = n, r
		}
		if b.KeyCells != nil {
			n = b.KeyCells(r)
		}
		l.keyCells = max(l.keyCells, n)
	}
	switch {
	case o.LargePrint:
		l.numSize, l.puzzleLbl, l.idSize, l.keyLabel = 22, 14, 10, 9
	case o.PerPage <= 2:
		l.numSize, l.puzzleLbl, l.idSize, l.keyLabel = 16, 9, 6.5, 7
	default:
		l.numSize, l.puzzleLbl, l.idSize, l.keyLabel = 13, 8, 6, 7
	}
	// The gutter depends on the page count and the answer key's page count
	// on the gutter (through the content width): iterate to a fixed point.
	gutter := o.Gutter
	if o.GutterAuto {
		gutter = AutoGutter(0)
	}
	for iter := 0; iter < 8; iter++ {
		l.gutter = gutter * 72
		l.contentW = trim.Width - l.margin - l.gutter
		l.contentH = trim.Height - 2*l.margin - headerH - footerH
		if l.contentW < 72 || l.contentH < 72 {
			return nil, fmt.Errorf("margins %.3g in and gutter %.3g in leave no room on a %s page", o.Margin, gutter, trim.Name)
		}
		l.paginate()
		if !o.GutterAuto {
			break
		}
		g := AutoGutter(l.pages)
		if g == gutter {
			break
		}
		gutter = g
	}
	return l, nil
}

// paginate assigns every puzzle its page and slot and every solution its
// place in the answer key, and counts the pages.
func (l *bookLayout) paginate() {
	per := l.o.PerPage
	page := frontPages
	l.secStart = l.secStart[:0]
	l.puzzles = l.puzzles[:0]
	for si, es := range l.entries {
		l.secStart = append(l.secStart, page+1)
		for i := 0; i < len(es); i += per {
			k := min(per, len(es)-i)
			page++
			pp := puzzlePage{sec: si, per: tailLayout(k, per), entries: es[i : i+k]}
			for j, e := range pp.entries {
				e.page, e.slot = page, j
			}
			l.puzzles = append(l.puzzles, pp)
		}
	}
	l.keyStart = 0
	l.keyPages = l.keyPages[:0]
	l.secKeyStart = l.secKeyStart[:0]
	if l.o.Solutions == "back" && l.records > 0 {
		l.planKey()
		l.keyStart = page + 1
		// Solutions flow in book order, many per page; a new section
		// starts a new row, so each row holds one section's solutions.
		col, row := 0, 0
		for si, es := range l.entries {
			if col > 0 {
				col, row = 0, row+1
			}
			for _, e := range es {
				if row >= l.keyRows || len(l.keyPages) == 0 {
					l.keyPages = append(l.keyPages, keyPage{})
					col, row = 0, 0
				}
				kp := &l.keyPages[len(l.keyPages)-1]
				if n := len(kp.secs); n == 0 || kp.secs[n-1] != si {
					kp.secs = append(kp.secs, si)
				}
				if len(l.secKeyStart) == si {
					l.secKeyStart = append(l.secKeyStart, l.keyStart+len(l.keyPages)-1)
				}
				kp.entries = append(kp.entries, e)
				e.keyPage, e.keyCol, e.keyRow = l.keyStart+len(l.keyPages)-1, col, row
				col++
				if col == l.keyCols {
					col, row = 0, row+1
				}
			}
		}
		page += len(l.keyPages)
	}
	l.pages = page
}

// keyDigit is the smallest size of the answer key's symbols: 7 pt, 9 pt
// in large print.
func (l *bookLayout) keyDigit() float64 {
	if l.o.LargePrint {
		return 9
	}
	return 7
}

// planKey sizes the answer key: cells just big enough for symbols of
// keyDigit points, as many grids per page as fit.
func (l *bookLayout) planKey() {
	c := Canvas{LargePrint: l.o.LargePrint}
	cell := math.Ceil(l.keyDigit()/c.DigitSize(1)*4) / 4
	side := math.Min(cell*float64(l.keyCells), l.contentW)
	// A slot is as wide as the grid or its label ("Expert 117 · page
	// 1234"), whichever is wider, so labels never run into their
	// neighbours.
	lw := 0.0
	for si := range l.entries {
		lw = math.Max(lw, textWidth(l.keyLabelText(si, 9999, 9999))*l.keyLabel)
	}
	slotW := math.Min(math.Max(side, lw), l.contentW)
	slotH := side + labelGap + l.keyLabel*1.3 + keyGap
	l.keyCols = max(1, int((l.contentW+keyGap)/(slotW+keyGap)))
	l.keyRows = max(1, int((l.contentH+keyGap)/slotH))
	l.keySide = side
	l.keySlotW = slotW
}

// keyLabelText is the label under a solution: "Puzzle 17 · page 112", or
// with several sections "Hard 17 · page 112".
func (l *bookLayout) keyLabelText(sec, num, page int) string {
	name := "Puzzle"
	if len(l.sections) > 1 {
		name = TierTitle(l.sections[sec].Tier)
	}
	return fmt.Sprintf("%s %d · page %d", name, num, page)
}

// keySlot returns the square the solution at (col, row) of a key page is
// drawn in, and its slot's left edge.
func (l *bookLayout) keySlot(page, col, row int) (x, y, slotX float64) {
	px, py := l.pageBox(page)
	gapX := 0.0
	if l.keyCols > 1 {
		gapX = (l.contentW - float64(l.keyCols)*l.keySlotW) / float64(l.keyCols-1)
	}
	slotX = px + float64(col)*(l.keySlotW+gapX)
	if l.keyCols == 1 {
		slotX = px + (l.contentW-l.keySlotW)/2
	}
	slotH := l.contentH / float64(l.keyRows)
	return slotX + (l.keySlotW-l.keySide)/2, py + float64(row)*slotH, slotX
}

// outer is the outer margin from the page edge (bleed included), top the
// top margin; points.
func (l *bookLayout) outer() float64 { return l.margin + l.bleed }
func (l *bookLayout) top() float64   { return l.margin + l.bleed }

// pageBox returns the top-left corner of the content area of page p
// (1-based): recto pages (odd) have the gutter on the left, verso pages
// (even) on the right. Bleed lies beyond the outer edge, so it moves a
// verso page's content right.
func (l *bookLayout) pageBox(p int) (x, y float64) {
	if p%2 == 1 {
		return l.gutter, l.top() + headerH
	}
	return l.outer(), l.top() + headerH
}

// trimBox returns the trim box of page p: its left edge and width, top
// edge and height, in points from the page's top-left corner.
func (l *bookLayout) trimBox(p int) (x, y, w, h float64) {
	if p%2 == 1 {
		return 0, l.bleed, l.trim.Width, l.trim.Height
	}
	return l.bleed, l.bleed, l.trim.Width, l.trim.Height
}

// safeBox is the area inside the margins of page p, where everything is
// drawn (running heads and page numbers included).
func (l *bookLayout) safeBox(p int) (x, y, w, h float64) {
	x, _ = l.pageBox(p)
	return x, l.top(), l.contentW, l.trim.Height - 2*l.margin
}

// slot returns the square a puzzle in slot k of a page laid out per per
// page is drawn in, and the baseline of its label.
func (l *bookLayout) slot(p, per, k int) (x, y, side, labelY float64) {
	cols, rows := puzzleGrid(per)
	cx, cy := l.pageBox(p)
	sw := l.contentW / float64(cols)
	sh := l.contentH / float64(rows)
	lblH := labelGap + l.numSize*1.15
	// Room between neighbouring grids: a tenth of the slot, at least
	// 16 pt (10 pt around a single grid).
	padX, padY := 10.0, 10.0
	if cols > 1 {
		padX = math.Max(16, sw*0.1)
	}
	if rows > 1 {
		padY = math.Max(16, sh*0.08)
	}
	side = math.Min(sw-padX, sh-lblH-padY)
	col, row := k%cols, k/cols
	x = cx + float64(col)*sw + (sw-side)/2
	y = cy + float64(row)*sh + (sh-side-lblH)/2
	return x, y, side, y + side + labelGap + l.numSize
}

// puzzleSquare is where entry e's board is drawn: its slot, shrunk for a
// small board so cells stay at most maxCell (a 4x4 grid alone on a page
// is not a poster); it returns the square and the label's baseline.
func (l *bookLayout) puzzleSquare(pp puzzlePage, k int) (x, y, side, labelY float64) {
	e := pp.entries[k]
	x, y, side, labelY = l.slot(e.page, pp.per, k)
	b, _ := boardFor(e.r.Kind)
	if s := float64(b.Cells(e.r)) * l.maxCell(); s < side {
		x, y, labelY = x+(side-s)/2, y+(side-s)/2, labelY-(side-s)/2
		side = s
	}
	return x, y, side, labelY
}

// maxCell is the largest cell side a puzzle gets, in points: 0.75 in
// (1 in in large print).
func (l *bookLayout) maxCell() float64 {
	if l.o.LargePrint {
		return 72
	}
	return 54
}

// kinds lists the kinds of the book's records, sorted.
func (l *bookLayout) kinds() []string {
	seen := map[string]bool{}
	var kinds []string
	for _, s := range l.sections {
		for _, r := range s.Records {
			if !seen[r.Kind] {
				seen[r.Kind] = true
				kinds = append(kinds, r.Kind)
			}
		}
	}
	sort.Strings(kinds)
	return kinds
}

// ofKind returns the book's records of one kind, in book order.
func (l *bookLayout) ofKind(kind string) []*Record {
	var recs []*Record
	for _, s := range l.sections {
		for _, r := range s.Records {
			if r.Kind == kind {
				recs = append(recs, r)
			}
		}
	}
	return recs
}
