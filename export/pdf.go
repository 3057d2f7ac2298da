package export

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// A book's pages, in order: a title page (page 1, no number printed), a
// how-to-play page (page 2, the title page's back), a contents page, then a
// section per tier (easy to hard, see TierOrder), each starting on a new
// page with an outline bookmark, then the answer key. The page count is
// known before anything is drawn (layout is arithmetic on the record
// count), so the gutter can follow it.

const (
	frontPages = 3    // title, how to play, contents
	headerH    = 22.0 // header band above the content area, points
	footerH    = 22.0 // footer band (page number) below it
	labelGap   = 4.0  // between a grid and its label
)

// bookLayout is the geometry of one volume, fixed before drawing.
type bookLayout struct {
	o        BookOptions
	size     PageSize
	margin   float64 // top, bottom, outer; points
	gutter   float64 // inner; points
	contentW float64
	contentH float64

	sections  []Section
	secStart  []int // first page of each section
	pageOf    map[*Record]int
	keyStart  int // first answer-key page; 0 if none
	keyCols   int
	keyRows   int
	keySide   float64
	keySlotW  float64 // width of an answer-key slot: the grid or its label, the wider
	keyLabel  float64 // font size of answer-key labels
	pages     int
	puzzleLbl float64 // font size of puzzle labels
	records   int
	maxCells  int     // largest board side of the book's puzzles, in cells
	maxRec    *Record // a record with that board
	keyCells  int     // the same for the answer key (Board.KeyCells)
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

// planBook lays out recs (already in tier order) as one volume.
func planBook(recs []*Record, o BookOptions) (*bookLayout, error) {
	size, err := PageSizeByName(o.Page)
	if err != nil {
		return nil, err
	}
	l := &bookLayout{o: o, size: size, margin: o.Margin * 72, records: len(recs)}
	l.sections = Sections(recs)
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
	l.puzzleLbl = 8
	if o.PerPage <= 2 {
		l.puzzleLbl = 9
	}
	l.keyLabel = 6
	if o.LargePrint {
		l.puzzleLbl, l.keyLabel = 12, 8
	}
	// The gutter depends on the page count and the answer key's page count
	// on the gutter (through the content width): iterate to a fixed point.
	gutter := o.Gutter
	if o.GutterAuto {
		gutter = AutoGutter(0)
	}
	for iter := 0; iter < 8; iter++ {
		l.gutter = gutter * 72
		l.contentW = size.Width - l.margin - l.gutter
		l.contentH = size.Height - 2*l.margin - headerH - footerH
		if l.contentW < 72 || l.contentH < 72 {
			return nil, fmt.Errorf("margins %.3g in and gutter %.3g in leave no room on a %s page", o.Margin, gutter, size.Name)
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

// paginate assigns every record its page and counts the pages.
func (l *bookLayout) paginate() {
	page := frontPages
	l.secStart = l.secStart[:0]
	l.pageOf = make(map[*Record]int, l.records)
	for _, s := range l.sections {
		l.secStart = append(l.secStart, page+1)
		for i, r := range s.Records {
			l.pageOf[r] = page + 1 + i/l.o.PerPage
		}
		page += (len(s.Records) + l.o.PerPage - 1) / l.o.PerPage
	}
	l.keyStart = 0
	if l.o.Solutions == "back" && l.records > 0 {
		l.planKey()
		l.keyStart = page + 1
		per := l.keyCols * l.keyRows
		page += (l.records + per - 1) / per
	}
	l.pages = page
}

// planKey sizes the answer key: small grids, as many per page as fit with
// a readable cell (9 pt, 12 pt in large print; smaller only for grids that
// would not otherwise fit three across).
func (l *bookLayout) planKey() {
	cell := 9.0
	if l.o.LargePrint {
		cell = 12
	}
	gap := 14.0
	side := cell * float64(l.keyCells)
	if maxSide := (l.contentW - 2*gap) / 3; side > maxSide && l.contentW > 3*side/2 {
		side = math.Max(maxSide, 4.5*float64(l.keyCells))
	}
	side = math.Min(side, l.contentW)
	// A slot is as wide as the grid or its label ("id  ·  p. 1234"),
	// whichever is wider, so labels never run into their neighbours.
	lw := 0.0
	for _, s := range l.sections {
		for _, r := range s.Records {
			lw = math.Max(lw, textWidth(r.ID+"  ·  p. 0000")*l.keyLabel)
		}
	}
	slotW := math.Min(math.Max(side, lw), l.contentW)
	slotH := side + labelGap + l.keyLabel*1.3 + gap
	l.keyCols = max(1, int((l.contentW+gap)/(slotW+gap)))
	l.keyRows = max(1, int((l.contentH+gap)/slotH))
	l.keySide = side
	l.keySlotW = slotW
}

// pageBox returns the content area of page p (1-based): recto pages (odd)
// have the gutter on the left, verso pages (even) on the right.
func (l *bookLayout) pageBox(p int) (x, y float64) {
	if p%2 == 1 {
		return l.gutter, l.margin + headerH
	}
	return l.margin, l.margin + headerH
}

// slot returns the square a puzzle in slot k of a page is drawn in, and
// the baseline of its label.
func (l *bookLayout) slot(p, k int) (x, y, side, labelY float64) {
	cols, rows := puzzleGrid(l.o.PerPage)
	cx, cy := l.pageBox(p)
	sw := l.contentW / float64(cols)
	sh := l.contentH / float64(rows)
	lblH := labelGap + l.puzzleLbl*1.4
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
	return x, y, side, y + side + labelGap + l.puzzleLbl
}

// maxCell is the largest cell side a puzzle gets, in points: 0.75 in
// (1 in in large print), so a 4x4 grid alone on a page is not a poster.
func (l *bookLayout) maxCell() float64 {
	if l.o.LargePrint {
		return 72
	}
	return 54
}

// checkRecords checks every record before any layout (see CheckRecord:
// one solution, the right one) and that a board can draw it, naming a bad
// one by its position in the corpus (1-based) and its id. It returns
// copies, completed where CheckRecord fills fields in (a missing sudoku
// solution), so the caller's records are left as they were.
func checkRecords(recs []*Record, o BookOptions) ([]*Record, error) {
	out := make([]*Record, len(recs))
	for i, r := range recs {
		c := *r
		if err := CheckRecord(&c); err != nil {
			return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		if err := checkText("id", r.ID); err != nil {
			return nil, fmt.Errorf("record %d: %v", i+1, err)
		}
		if err := checkText("tier", r.Tier); err != nil {
			return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		b, ok := boardFor(c.Kind)
		if !ok {
			return nil, fmt.Errorf("record %d (id %q): kind %q cannot be drawn in a PDF book", i+1, r.ID, r.Kind)
		}
		if err := b.Check(&c, o.Solutions == "back"); err != nil {
			return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		out[i] = &c
	}
	return out, nil
}

// checkLargePrint refuses a large-print book whose puzzle digits would be
// under 16 pt.
func (l *bookLayout) checkLargePrint() error {
	if !l.o.LargePrint {
		return nil
	}
	c := Canvas{LargePrint: true}
	digits := func(lay *bookLayout) float64 {
		_, _, side, _ := lay.slot(frontPages+1, 0)
		return c.DigitSize(side / float64(l.maxCells))
	}
	d := digits(l)
	if d >= 16 {
		return nil
	}
	var fits []string
	for _, per := range []int{1, 2, 4} {
		alt := *l
		alt.o.PerPage = per
		if per < l.o.PerPage && digits(&alt) >= 16 {
			fits = append(fits, strconv.Itoa(per))
		}
	}
	hint := "use a bigger page"
	if len(fits) > 0 {
		hint = "use --per-page " + fits[0]
		if n := len(fits); n > 1 {
			hint = "use --per-page " + strings.Join(fits[:n-1], ", ") + " or " + fits[n-1]
		}
	}
	what := "grid"
	if l.maxRec.Kind != "sudoku" {
		what = l.maxRec.Kind + " board"
	}
	return fmt.Errorf("large print needs digits of 16 pt, but a %dx%d %s at %d per page on %s gets %.1f pt: %s",
		l.maxRec.Size, l.maxRec.Size, what, l.o.PerPage, l.size.Name, d, hint)
}

// orderRecords returns recs grouped by tier, easy to hard, corpus order
// inside a tier.
func orderRecords(recs []*Record) []*Record {
	out := make([]*Record, 0, len(recs))
	for _, s := range Sections(recs) {
		out = append(out, s.Records...)
	}
	return out
}

// WritePDF writes recs as one book to w. It refuses an empty corpus, a
// record it cannot draw, and (with MaxPages set) a book longer than
// MaxPages: use WritePDFFiles to split into volumes.
func WritePDF(w io.Writer, recs []*Record, o BookOptions) error {
	if err := o.Check(); err != nil {
		return err
	}
	if len(recs) == 0 {
		return fmt.Errorf("empty corpus: no records to print")
	}
	recs, err := checkRecords(recs, o)
	if err != nil {
		return err
	}
	recs = orderRecords(recs)
	l, err := planBook(recs, o)
	if err != nil {
		return err
	}
	if err := l.checkLargePrint(); err != nil {
		return err
	}
	if o.MaxPages > 0 && l.pages > o.MaxPages {
		return fmt.Errorf("book has %d pages, over max-pages %d: write it to a file to split it into volumes", l.pages, o.MaxPages)
	}
	return l.draw(w, 0, 0)
}

// splitVolumes cuts ordered recs into volumes of at most o.MaxPages pages.
func splitVolumes(recs []*Record, o BookOptions) ([][]*Record, error) {
	if o.MaxPages == 0 {
		return [][]*Record{recs}, nil
	}
	var vols [][]*Record
	for start := 0; start < len(recs); {
		// The largest end whose volume fits: pages grow with the count.
		lo, hi := start+1, len(recs)
		l, err := planBook(recs[start:lo], o)
		if err != nil {
			return nil, err
		}
		if l.pages > o.MaxPages {
			return nil, fmt.Errorf("max-pages %d is too small: one puzzle with its front matter and answer key takes %d pages", o.MaxPages, l.pages)
		}
		for lo < hi {
			mid := (lo + hi + 1) / 2
			l, err := planBook(recs[start:mid], o)
			if err != nil {
				return nil, err
			}
			if l.pages <= o.MaxPages {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		vols = append(vols, recs[start:lo])
		start = lo
	}
	return vols, nil
}

// VolumePath names volume v (1-based) of a book written to path:
// book.pdf becomes book-1.pdf, book-2.pdf, ...
func VolumePath(path string, v int) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-" + strconv.Itoa(v) + ext
}

// WritePDFFiles writes recs as a book to path, or, when the book is longer
// than o.MaxPages, as volumes book-1.pdf, book-2.pdf, ... (each with its
// own front matter and answer key). Every file is written under a
// temporary name in the same folder and renamed once all are complete. It
// returns the paths written.
func WritePDFFiles(path string, recs []*Record, o BookOptions) ([]string, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("empty corpus: no records to print")
	}
	recs, err := checkRecords(recs, o)
	if err != nil {
		return nil, err
	}
	recs = orderRecords(recs)
	vols, err := splitVolumes(recs, o)
	if err != nil {
		return nil, err
	}
	var layouts []*bookLayout
	for _, v := range vols {
		l, err := planBook(v, o)
		if err != nil {
			return nil, err
		}
		if err := l.checkLargePrint(); err != nil {
			return nil, err
		}
		layouts = append(layouts, l)
	}
	var paths []string
	if len(vols) == 1 {
		paths = []string{path}
	} else {
		for i := range vols {
			paths = append(paths, VolumePath(path, i+1))
		}
	}
	var temps []*AtomicFile
	defer func() {
		for _, t := range temps {
			t.Abort()
		}
	}()
	for i, l := range layouts {
		f, err := CreateAtomic(paths[i])
		if err != nil {
			return nil, err
		}
		temps = append(temps, f)
		vol, nvol := 0, 0
		if len(vols) > 1 {
			vol, nvol = i+1, len(vols)
		}
		if err := l.draw(f, vol, nvol); err != nil {
			return nil, err
		}
	}
	for _, t := range temps {
		if err := t.Commit(); err != nil {
			return nil, err
		}
	}
	temps = nil
	return paths, nil
}

// draw renders the planned volume vol of nvol (0, 0 for a single book).
func (l *bookLayout) draw(w io.Writer, vol, nvol int) error {
	o := l.o
	pdf := fpdf.NewCustom(&fpdf.InitType{
		UnitStr: "pt",
		Size:    fpdf.SizeType{Wd: l.size.Width, Ht: l.size.Height},
	})
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(o.Date)
	pdf.SetModificationDate(o.Date)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	title := o.Title
	if nvol > 0 {
		title = fmt.Sprintf("%s, volume %d of %d", o.Title, vol, nvol)
	}
	pdf.SetTitle(title, true)
	if o.Subtitle != "" {
		pdf.SetSubject(o.Subtitle, true)
	}
	if o.Author != "" {
		pdf.SetAuthor(o.Author, true)
	}
	pdf.SetCreator("sudogen", true)
	pdf.SetProducer("sudogen (go-pdf/fpdf)", true)
	pdf.SetKeywords(l.keywords(), true)
	pdf.SetDisplayMode("fullpage", "TwoPageRight")
	addFonts(pdf)
	c := &Canvas{pdf: pdf, pageH: l.size.Height, LargePrint: o.LargePrint}

	l.drawTitle(c, vol, nvol)
	l.drawRules(c)
	l.drawContents(c)
	page := frontPages
	for _, s := range l.sections {
		for i := 0; i < len(s.Records); i += o.PerPage {
			page++
			l.newPage(c, page, TierTitle(s.Tier))
			if i == 0 {
				pdf.Bookmark(fmt.Sprintf("%s (%d)", TierTitle(s.Tier), len(s.Records)), 0, 0)
			}
			for k := 0; k < o.PerPage && i+k < len(s.Records); k++ {
				r := s.Records[i+k]
				b, _ := boardFor(r.Kind)
				x, y, side, ly := l.slot(page, k)
				// Small boards (4x4 on a full page) keep cells of at
				// most maxCell, centered in the slot.
				if s := float64(b.Cells(r)) * l.maxCell(); s < side {
					x, y, ly = x+(side-s)/2, y+(side-s)/2, ly-(side-s)/2
					side = s
				}
				c.labelX = x + side/2
				b.Draw(c, r, false, x, y, side)
				l.label(c, puzzleLabel(r), c.labelX, ly, side, l.puzzleLbl)
			}
		}
	}
	if l.keyStart > 0 {
		l.drawKey(c, page)
	}
	if err := c.Err(); err != nil {
		return err
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("pdf: %v", err)
	}
	return nil
}

// newPage starts page p with its running head and page number.
func (l *bookLayout) newPage(c *Canvas, p int, head string) {
	pdf := c.pdf
	pdf.AddPage()
	small := 9.0
	if l.o.LargePrint {
		small = 14
	}
	top := l.margin + headerH*0.55
	if head != "" {
		pdf.SetFont(FontRegular, "", small)
		pdf.SetTextColor(90, 90, 90)
		w := pdf.GetStringWidth(head)
		if p%2 == 1 { // recto: outer edge is the right
			x := l.size.Width - l.margin - w
			pdf.Text(x, top, head)
		} else {
			pdf.Text(l.margin, top, head)
		}
		pdf.SetTextColor(0, 0, 0)
	}
	if p > 1 {
		s := strconv.Itoa(p)
		pdf.SetFont(FontRegular, "", small)
		w := pdf.GetStringWidth(s)
		x, _ := l.pageBox(p)
		pdf.Text(x+(l.contentW-w)/2, l.size.Height-l.margin-footerH*0.3, s)
	}
}

// label writes a centered one-line label, shrinking the font so it never
// runs wider than width.
func (l *bookLayout) label(c *Canvas, s string, cx, baseline, width, size float64) {
	pdf := c.pdf
	pdf.SetFont(FontRegular, "", size)
	w := pdf.GetStringWidth(s)
	if w > width && w > 0 {
		size = math.Max(4, size*width/w)
		pdf.SetFont(FontRegular, "", size)
		w = pdf.GetStringWidth(s)
	}
	pdf.Text(cx-w/2, baseline, s)
}

// puzzleLabel is the line under a puzzle: id, tier and rating when known.
func puzzleLabel(r *Record) string {
	parts := []string{r.ID}
	if r.Tier != "" {
		parts = append(parts, TierTitle(r.Tier))
	}
	if r.Rating > 0 {
		parts = append(parts, "rating "+strconv.FormatFloat(r.Rating, 'f', 1, 64))
	}
	return strings.Join(parts, "  ·  ")
}

func (l *bookLayout) drawTitle(c *Canvas, vol, nvol int) {
	pdf := c.pdf
	l.newPage(c, 1, "")
	x, _ := l.pageBox(1)
	center := x + l.contentW/2
	size := math.Min(40, l.size.Width/14)
	y := l.size.Height * 0.34
	pdf.SetFont(FontBold, "", size)
	l.wrapCentered(c, l.o.Title, FontBold, size, center, y)
	y += size * 1.8
	if l.o.Subtitle != "" {
		sub := size * 0.5
		y = l.wrapCentered(c, l.o.Subtitle, FontRegular, sub, center, y) + sub*1.5
	}
	info := puzzles(l.records)
	if len(l.sections) > 1 || l.sections[0].Tier != "" {
		var tiers []string
		for _, s := range l.sections {
			tiers = append(tiers, TierTitle(s.Tier))
		}
		info += ": " + strings.Join(tiers, ", ")
	}
	y = l.wrapCentered(c, info, FontRegular, 12, center, y+10)
	if nvol > 0 {
		l.wrapCentered(c, fmt.Sprintf("Volume %d of %d", vol, nvol), FontRegular, 12, center, y+8)
	}
}

// wrapCentered writes text centered on cx from baseline y, wrapping at the
// content width; it returns the baseline of the last line.
func (l *bookLayout) wrapCentered(c *Canvas, text, font string, size, cx, y float64) float64 {
	pdf := c.pdf
	pdf.SetFont(font, "", size)
	lines := pdf.SplitText(text, l.contentW)
	for i, ln := range lines {
		if i > 0 {
			y += size * 1.25
		}
		w := pdf.GetStringWidth(ln)
		pdf.Text(cx-w/2, y, ln)
	}
	return y
}

func (l *bookLayout) drawRules(c *Canvas) {
	pdf := c.pdf
	l.newPage(c, 2, "")
	x, y := l.pageBox(2)
	head := 16.0
	if l.o.LargePrint {
		head = 22
	}
	pdf.SetFont(FontBold, "", head)
	pdf.Text(x, y+head, "How to play")
	y += head + 18
	var paras []string
	for _, kind := range l.kinds() {
		b, _ := boardFor(kind)
		if b.Rules != nil {
			paras = append(paras, b.Rules(l.ofKind(kind), l.keyStart > 0)...)
		}
	}
	if l.keyStart > 0 {
		paras = append(paras, fmt.Sprintf("The solutions start on page %d, in the order of the puzzles; "+
			"each is labelled with its puzzle's id and the page the puzzle is on.", l.keyStart))
	}
	size := 11.0
	if l.o.LargePrint {
		size = 16
	}
	// Shrink the text, down to 7 pt, until it fits the page (a mixed book
	// in large print on a pocket page has a lot to say).
	room := l.contentH - head - 18
	for ; size > 7; size -= 0.5 {
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
	for _, p := range paras {
		for _, ln := range pdf.SplitText(p, l.contentW) {
			pdf.Text(x, y+size, ln)
			y += size * 1.4
		}
		y += size
	}
	bottom := l.margin + headerH + l.contentH
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.Figure != nil && bottom-y > 0 {
			y += b.Figure(c, l.ofKind(kind), x, y, l.contentW, bottom-y)
		}
	}
}

func (l *bookLayout) drawContents(c *Canvas) {
	pdf := c.pdf
	l.newPage(c, 3, "")
	pdf.Bookmark("Contents", 0, 0)
	x, y := l.pageBox(3)
	pdf.SetFont(FontBold, "", 18)
	pdf.Text(x, y+18, "Contents")
	y += 48
	size := 12.0
	if l.o.LargePrint {
		size = 16
	}
	entry := func(name string, page int) {
		pdf.SetFont(FontRegular, "", size)
		num := strconv.Itoa(page)
		nw := pdf.GetStringWidth(num)
		tw := pdf.GetStringWidth(name)
		pdf.Text(x, y, name)
		pdf.Text(x+l.contentW-nw, y, num)
		// Dot leaders between the name and the page number.
		dot := pdf.GetStringWidth(". ")
		if n := int((l.contentW - tw - nw - 12) / dot); n > 0 {
			dots := strings.Repeat(". ", n)
			pdf.Text(x+l.contentW-nw-6-pdf.GetStringWidth(dots), y, dots)
		}
		link := pdf.AddLink()
		pdf.SetLink(link, 0, page)
		pdf.Link(x, y-size, l.contentW, size*1.3, link)
		y += size * 1.9
	}
	for i, s := range l.sections {
		entry(fmt.Sprintf("%s  (%s)", TierTitle(s.Tier), puzzles(len(s.Records))), l.secStart[i])
	}
	if l.keyStart > 0 {
		entry("Solutions", l.keyStart)
	}
}

// drawKey draws the answer key from page keyStart: solutions in puzzle
// order, each labelled with its id and the page its puzzle is on.
func (l *bookLayout) drawKey(c *Canvas, lastPage int) {
	per := l.keyCols * l.keyRows
	gapX := 0.0
	if l.keyCols > 1 {
		gapX = (l.contentW - float64(l.keyCols)*l.keySlotW) / float64(l.keyCols-1)
	}
	slotH := l.contentH / float64(l.keyRows)
	n := 0
	page := lastPage
	for _, s := range l.sections {
		for _, r := range s.Records {
			if n%per == 0 {
				page++
				l.newPage(c, page, "Solutions")
				if n == 0 {
					c.pdf.Bookmark("Solutions", 0, 0)
				}
			}
			k := n % per
			col, row := k%l.keyCols, k/l.keyCols
			px, py := l.pageBox(page)
			sx := px + float64(col)*(l.keySlotW+gapX)
			if l.keyCols == 1 {
				sx = px + (l.contentW-l.keySlotW)/2
			}
			x := sx + (l.keySlotW-l.keySide)/2
			y := py + float64(row)*slotH
			b, _ := boardFor(r.Kind)
			b.Draw(c, r, true, x, y, l.keySide)
			lbl := fmt.Sprintf("%s  ·  p. %d", r.ID, l.pageOf[r])
			l.label(c, lbl, sx+l.keySlotW/2, y+l.keySide+labelGap+l.keyLabel, l.keySlotW, l.keyLabel)
			n++
		}
	}
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

// keywords is the PDF keywords entry: the kinds' keywords, joined.
func (l *bookLayout) keywords() string {
	var kw []string
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.Keywords != "" {
			kw = append(kw, b.Keywords)
		}
	}
	if len(kw) == 0 {
		return "puzzles"
	}
	return strings.Join(kw, ", ")
}

// puzzles is "1 puzzle" or "n puzzles".
func puzzles(n int) string {
	if n == 1 {
		return "1 puzzle"
	}
	return fmt.Sprintf("%d puzzles", n)
}

// defaultTitle names a book whose options give no title by the titles of
// its kinds: "Sudoku", "Sliding Puzzles", "Sudoku and Sliding Puzzles".
func (l *bookLayout) defaultTitle() string {
	var t []string
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.Title != "" {
			t = append(t, b.Title)
		}
	}
	if len(t) == 0 {
		return "Puzzles"
	}
	return strings.Join(t, " and ")
}
