package export

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sudogen/sudogen/internal/i18n"
)

// A book's pages, in order: a title page (page 1, no number printed), the
// copyright page (its back), the contents, the how-to-play section from
// page 4 (one page facing the first puzzles, or as many as its text and
// pictures take at a readable size, see planRules), then a section per
// kind of puzzle and tier (sudoku
// before sliding puzzles, easy to hard, see bookSections), each starting
// on a new page with an outline bookmark, its puzzles numbered from 1 and
// ordered easiest to hardest, then the answer key. The whole layout is
// arithmetic on the records, done before anything is drawn, so the
// gutter can follow the page count and tests can check what was drawn
// against where it was meant to go.

const (
	rulesPage = 4    // the how-to-play section's first page, after title, copyright and contents
	headerH   = 22.0 // header band above the content area, points
	footerH   = 22.0 // footer band (page number) below it
	labelGap  = 4.0  // between a grid and its label
	keyGap    = 14.0 // between answer-key slots
)

// bookSection is the puzzles of one kind and tier, in book order.
type bookSection struct {
	Kind, Tier string
	// Title, Rule and PerPage are the kind's section of r (Board.Section):
	// its name ("" is the kind's title), the rule under its head, and its
	// cap on puzzles per page (0: none).
	Title, Rule string
	PerPage     int
	// Key orders the kind's sections the same way in every language
	// (Board.SectionKey, else the title in English).
	Key     string
	Records []*Record
}

// bookEntry is one puzzle's place in the book.
type bookEntry struct {
	r    *Record
	sec  int // section index
	num  int // number within its section, from 1
	page int // page its puzzle is on
	slot int // slot on that page
	// Its solution in the answer key: page, and the slot's top-left
	// corner (points from the page's corner).
	keyPage      int
	keyX, keyY   float64
	keyCol, keyN int // column in its row, and the row's entries
	keySpec      int // its slots' geometry: keySpecs[keySpec]
}

// puzzlePage is one page of puzzles of one section.
type puzzlePage struct {
	sec     int
	per     int // slot layout: 1, 2, 4 or 6
	entries []*bookEntry
}

// keySpec is the answer key's geometry for a run of a section's boards
// of one size (keyRuns): the square its largest board needs, the height
// its tallest answer takes, its slots and how many fit across a page.
type keySpec struct {
	side, height, slotW, slotH float64
	cols                       int
}

// keyPage is one page of the answer key.
type keyPage struct {
	entries []*bookEntry
	secs    []int // sections whose solutions are on the page, in order
}

// bookLayout is the geometry of one volume, fixed before drawing.
type bookLayout struct {
	o        BookOptions
	tr       *Language
	trim     PageSize // the trim size
	size     PageSize // the page as written: the trim plus bleed
	bleed    float64  // bleed on the top, bottom and outer edges; points
	margin   float64  // top, bottom and outer margin from the trim edge; points
	gutter   float64  // inner margin; points
	contentW float64
	contentH float64

	sections    []bookSection
	entries     [][]*bookEntry // per section, in book order
	secStart    []int          // first page of each section
	secKeyStart []int          // first answer-key page of each section
	puzzles     []puzzlePage   // page firstPuzzlePage()+i
	rules       rulesPlan      // the how-to-play section
	rulesPages  int            // its pages (at least rules.pages)
	planner     *planner       // measures the how-to-play section while planning
	ruleHs      []float64      // sectionRuleH of each section, once measured (0: not yet)
	keyStart    int            // first answer-key page; 0 if none
	keyPages    []keyPage
	keySpecs    []keySpec // per run of a section's boards of one size
	keyCell     float64   // side of an answer-key cell, points
	keyLabel    float64   // font size of answer-key labels
	pages       int
	blankEnd    bool    // the last page is a blank verso (see paginate)
	numSize     float64 // font size of puzzle numbers
	puzzleLbl   float64 // font size of the tier and rating beside them
	idSize      float64 // font size of the id
	records     int
	maxCells    int // largest board side of the book's puzzles, in cells

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

// difficulty is the sort key of a record inside its section: the rating
// of a sudoku, the move count of a sliding puzzle; records without one go
// last.
func difficulty(r *Record) float64 {
	if kindOf(r.Kind).Moves != nil {
		if n, ok := recordMoves(r); ok {
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

// sectionLevel is where a section's tier sits from easy to hard: its
// place in the tier table (o.TierOrder) when one is given; else its
// place in the built-in tier order (internal/tiers) when every tier of the kind is one of
// those; else the median difficulty of its puzzles (custom tiers are
// bands of rating or moves, so their puzzles order them as the table
// did), with a tier the grader could not finish last.
func sectionLevels(secs []bookSection, o BookOptions) []float64 {
	level := make([]float64, len(secs))
	known := map[string]bool{}
	for _, s := range secs {
		if s.Tier != "" && tierRank(s.Tier) == len(tierOrder) {
			known[s.Kind] = false
		} else if _, ok := known[s.Kind]; !ok {
			known[s.Kind] = true
		}
	}
	for i, s := range secs {
		switch {
		case len(o.TierOrder) > 0 && indexOf(o.TierOrder, s.Tier) >= 0:
			level[i] = float64(indexOf(o.TierOrder, s.Tier))
		case len(o.TierOrder) == 0 && known[s.Kind]:
			level[i] = float64(tierRank(s.Tier))
		default:
			level[i] = 1e6 + medianDifficulty(s.Records)
			if s.Tier == "beyond" || allBeyond(s.Records) {
				level[i] = 3e6
			}
		}
	}
	return level
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// medianDifficulty of a section (see difficulty); 1e6 when none has one.
func medianDifficulty(recs []*Record) float64 {
	var d []float64
	for _, r := range recs {
		if v := difficulty(r); !math.IsInf(v, 1) {
			d = append(d, v)
		}
	}
	if len(d) == 0 {
		return 1e6
	}
	sort.Float64s(d)
	return d[len(d)/2]
}

// allBeyond reports whether every record is one the grader could not
// finish (ER 20.0).
func allBeyond(recs []*Record) bool {
	for _, r := range recs {
		if !isRated(r.Kind) || r.Rating < beyondER {
			return false
		}
	}
	return len(recs) > 0
}

// bookSections groups records by kind and tier: sudoku first, then
// sliding puzzles, each kind's tiers from easy to hard (hard to easy
// with HardestFirst; see sectionLevels), untiered last. Each section is
// ordered by board size, then easiest to hardest (hardest first with
// HardestFirst), unless keep is set (then the order given).
func bookSections(recs []*Record, o BookOptions, keep bool) []bookSection {
	idx := map[[3]string]int{}
	var secs []bookSection
	tr := o.language()
	en := i18n.Get("en")
	for _, r := range recs {
		var title, rule, key string
		per := 0
		if b, _ := boardFor(r.Kind); b.Section != nil {
			title, rule, per = b.Section(tr, r)
			if b.SectionKey != nil {
				key = b.SectionKey(r)
			} else {
				key, _, _ = b.Section(en, r)
			}
		}
		k := [3]string{r.Kind, title, r.Tier}
		i, ok := idx[k]
		if !ok {
			i = len(secs)
			idx[k] = i
			secs = append(secs, bookSection{Kind: r.Kind, Tier: r.Tier, Title: title, Rule: rule, PerPage: per, Key: key})
		} else if len(rule) > len(secs[i].Rule) && strings.HasPrefix(rule, secs[i].Rule) {
			secs[i].Rule = rule // a later puzzle's rule says more (a killer's hidden sums)
		}
		secs[i].Records = append(secs[i].Records, r)
	}
	if keep {
		return secs
	}
	level := sectionLevels(secs, o)
	order := make([]int, len(secs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := secs[order[a]], secs[order[b]]
		if kx, ky := kindRank(x.Kind), kindRank(y.Kind); kx != ky || x.Kind != y.Kind {
			if kx != ky {
				return kx < ky
			}
			return x.Kind < y.Kind
		}
		if x.Key != y.Key { // a kind's sections of one kind of puzzle together, in a fixed order
			return x.Key < y.Key
		}
		if x.Title != y.Title {
			return x.Title < y.Title
		}
		if (x.Tier == "") != (y.Tier == "") {
			return y.Tier == ""
		}
		lx, ly := level[order[a]], level[order[b]]
		if lx != ly {
			if o.HardestFirst {
				return lx > ly
			}
			return lx < ly
		}
		return x.Tier < y.Tier
	})
	out := make([]bookSection, len(secs))
	for i, j := range order {
		out[i] = secs[j]
	}
	if o.KeepOrder {
		return out
	}
	for _, s := range out {
		sort.SliceStable(s.Records, func(i, j int) bool {
			a, b := s.Records[i], s.Records[j]
			if a.Size != b.Size {
				return a.Size < b.Size
			}
			if o.HardestFirst {
				return difficulty(a) > difficulty(b)
			}
			return difficulty(a) < difficulty(b)
		})
	}
	return out
}

// orderRecords returns recs in book order (see bookSections).
func orderRecords(recs []*Record, o BookOptions) []*Record {
	out := make([]*Record, 0, len(recs))
	for _, s := range bookSections(recs, o, false) {
		out = append(out, s.Records...)
	}
	return out
}

// planBook lays out recs (already in book order) as one volume.
func planBook(recs []*Record, o BookOptions) (*bookLayout, error) {
	return (&planner{o: o}).plan(recs)
}

// plan lays out recs (already in book order) as one volume.
func (pl *planner) plan(recs []*Record) (*bookLayout, error) {
	o := pl.o
	trim, err := pageSizeByName(o.Page)
	if err != nil {
		return nil, err
	}
	l := &bookLayout{o: o, tr: o.language(), trim: trim, size: trim, margin: o.Margin * 72, bleed: o.Bleed * 72, records: len(recs), planner: pl}
	l.size.Width += l.bleed
	l.size.Height += 2 * l.bleed
	l.sections = bookSections(recs, o, true) // recs are in book order already
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
		l.maxCells = max(l.maxCells, b.Cells(r))
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
		gutter = autoGutter(0)
	}
	for iter := 0; iter < 8; iter++ {
		l.gutter = gutter * 72
		l.contentW = trim.Width - l.margin - l.gutter
		l.contentH = trim.Height - 2*l.margin - headerH - footerH
		if l.contentW < 72 || l.contentH < 72 {
			return nil, fmt.Errorf("margins %.3g in and gutter %.3g in leave no room on a %s page", o.Margin, gutter, trim.Name)
		}
		if err := l.paginate(); err != nil {
			return nil, err
		}
		if !o.GutterAuto {
			break
		}
		g := autoGutter(l.pages)
		if g == gutter {
			break
		}
		gutter = g
	}
	l.planner = nil // the layout outlives its planning
	return l, nil
}

// firstPuzzlePage is the page after the how-to-play section.
func (l *bookLayout) firstPuzzlePage() int { return rulesPage + max(1, l.rulesPages) }

// paginate lays out the how-to-play section (planRules) and the pages
// after it (placePages). Its text says on which page the solutions
// start, so its length can depend on its own page count: starting from
// one page, it is laid out again with the pages the last layout took
// until that count holds (a longer section only moves the key later, so
// the count only grows).
func (l *bookLayout) paginate() error {
	l.rulesPages = 1
	for i := 0; i < 8; i++ {
		l.placePages()
		p, err := l.planRules()
		if err != nil {
			return err
		}
		l.rules = p
		if p.pages <= l.rulesPages {
			return nil
		}
		l.rulesPages = p.pages
	}
	l.placePages() // still growing (it cannot): the last layout's count
	return nil
}

// placePages assigns every puzzle its page and slot and every solution
// its place in the answer key, and counts the pages. Every page of a
// section has the section's layout, its last page too: a puzzle left
// over keeps the size of the others.
func (l *bookLayout) placePages() {
	per := l.o.PerPage
	page := l.firstPuzzlePage() - 1
	l.secStart = l.secStart[:0]
	l.puzzles = l.puzzles[:0]
	for si, es := range l.entries {
		l.secStart = append(l.secStart, page+1)
		per := per
		if cap := l.sections[si].PerPage; cap > 0 {
			per = min(per, cap)
		}
		for i := 0; i < len(es); i += per {
			k := min(per, len(es)-i)
			page++
			pp := puzzlePage{sec: si, per: per, entries: es[i : i+k]}
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
		l.keyStart = page + 1
		l.planKey()
		page += len(l.keyPages)
	}
	// A printed book has an even number of pages (KDP rounds an odd count
	// up, and sizes the cover's spine by that count): a blank page ends
	// a book that would end on a recto.
	l.blankEnd = page%2 == 1
	if l.blankEnd {
		page++
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

// keyCells is the side, in cells, that r's solution needs in the key.
func keyCells(r *Record) int {
	b, _ := boardFor(r.Kind)
	if b.KeyCells != nil {
		return b.KeyCells(r)
	}
	return b.Cells(r)
}

// planKey lays out the answer key: cells just big enough for symbols of
// keyDigit points, so every solution's digits are the same size; the
// solutions of a section's boards of one size (keyRuns) in slots as big
// as the largest of them (or the section's label, if wider), as many
// across as fit; solutions flow in book order, a new section or board
// size starting a new row, rows going down the page until it is full.
func (l *bookLayout) planKey() {
	c := Canvas{LargePrint: l.o.LargePrint}
	l.keyCell = math.Ceil(l.keyDigit()/c.DigitSize(1)*4) / 4
	l.keySpecs = l.keySpecs[:0]
	regular, _ := l.o.textFaces()
	y := math.Inf(1) // no page yet
	for si, es := range l.entries {
		// Measured as drawn: each character in the first face that has it
		// (a CJK --font may lack the digits, drawn in the built-in face).
		lw := chainWidth(regular, l.keyLabelText(si, 9999, 9999)) * l.keyLabel
		for _, run := range keyRuns(es) {
			sp := l.keySpecOf(&c, run, lw)
			for _, e := range run {
				e.keySpec = len(l.keySpecs)
			}
			l.keySpecs = append(l.keySpecs, sp)
			y = l.flowKey(si, run, sp, y)
		}
	}
}

// keyRuns cuts a section's entries into runs of boards of one size (a
// section is grouped by board size: its 4x4 puzzles, then its 6x6, ...).
func keyRuns(es []*bookEntry) [][]*bookEntry {
	var runs [][]*bookEntry
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && boardCells(es[j].r) == boardCells(es[i].r) {
			j++
		}
		runs = append(runs, es[i:j])
		i = j
	}
	return runs
}

// boardCells is the side of r's board in cells (Board.Cells).
func boardCells(r *Record) int {
	b, _ := boardFor(r.Kind)
	return b.Cells(r)
}

// keySpecOf is the key's geometry for a run of solutions whose label is
// lw points wide at most.
func (l *bookLayout) keySpecOf(c *Canvas, run []*bookEntry, lw float64) keySpec {
	cells := 0
	height := 0.0
	for _, e := range run {
		cells = max(cells, keyCells(e.r))
		height = math.Max(height, l.keyHeight(c, e.r))
	}
	side := math.Min(l.keyCell*float64(cells), l.contentW-2*keyInset)
	height = math.Min(height, side)
	slotW := math.Min(math.Max(side, lw), l.contentW)
	sp := keySpec{side: side, height: height, slotW: slotW, slotH: height + labelGap + l.keyLabel*1.3 + keyGap}
	sp.cols = max(1, int((l.contentW+keyGap)/(slotW+keyGap)))
	return sp
}

// flowKey places a run of section si's solutions in rows of sp's slots
// from y points below the top of the current key page (a new page when
// a row does not fit), and returns where the next row goes.
func (l *bookLayout) flowKey(si int, run []*bookEntry, sp keySpec, y float64) float64 {
	gapX := 0.0 // the row spans the content width less keyInset at each end
	if sp.cols > 1 {
		gapX = (l.contentW - 2*keyInset - float64(sp.cols)*sp.slotW) / float64(sp.cols-1)
	}
	for i := 0; i < len(run); i += sp.cols {
		row := run[i:min(i+sp.cols, len(run))]
		if y+sp.slotH-keyGap > l.contentH+0.01 {
			l.keyPages = append(l.keyPages, keyPage{})
			y = 0
		}
		kp := &l.keyPages[len(l.keyPages)-1]
		page := l.keyStart + len(l.keyPages) - 1
		if n := len(kp.secs); n == 0 || kp.secs[n-1] != si {
			kp.secs = append(kp.secs, si)
		}
		if len(l.secKeyStart) == si {
			l.secKeyStart = append(l.secKeyStart, page)
		}
		px, py := l.pageBox(page)
		for col, e := range row {
			x := px + keyInset + float64(col)*(sp.slotW+gapX)
			if sp.cols == 1 {
				x = px + (l.contentW-sp.slotW)/2
			}
			e.keyPage, e.keyX, e.keyY, e.keyCol, e.keyN = page, x, py+y, col, len(row)
			kp.entries = append(kp.entries, e)
		}
		y += sp.slotH
	}
	return y
}

// keyLabelText is the label under a solution: "Puzzle 17 · page 112", or
// with several sections "Hard 17 · page 112".
func (l *bookLayout) keyLabelText(sec, num, page int) string {
	if len(l.sections) == 1 {
		k := "book." + l.sections[0].Kind + ".key_label"
		if l.tr.Has(k) {
			return l.tr.Text(k, "n", num, "page", page)
		}
	}
	return l.tr.Text("book.key.label", "section", l.sectionName(sec), "n", num, "page", page)
}

// keySquare is the side of r's square in the answer key: its key cells
// at the key's cell size, at most a page wide.
func (l *bookLayout) keySquare(r *Record) float64 {
	return math.Min(l.keyCell*float64(keyCells(r)), l.contentW-2*keyInset)
}

// keyHeight is the height r's answer takes at the top of its square.
func (l *bookLayout) keyHeight(c *Canvas, r *Record) float64 {
	side := l.keySquare(r)
	if b, _ := boardFor(r.Kind); b.KeyHeight != nil {
		return math.Min(b.KeyHeight(c, r, side), side)
	}
	return side
}

// keyBoard returns the square a solution is drawn in: its board's side
// at the key's cell size, centered in its slot, its answer standing on
// the slot's label line, so labels of a row line up.
func (l *bookLayout) keyBoard(e *bookEntry) (x, y, side float64) {
	sp := l.keySpecs[e.keySpec]
	side = l.keySquare(e.r)
	h := l.keyHeight(&Canvas{LargePrint: l.o.LargePrint}, e.r)
	return e.keyX + (sp.slotW-side)/2, e.keyY + sp.height - h, side
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
// page is drawn in, and the baseline of its label. A page holding fewer
// puzzles (n) centers its last, short row.
func (l *bookLayout) slot(p, per, k int) (x, y, side, labelY float64) {
	return l.slotOf(p, per, k, per)
}

func (l *bookLayout) slotOf(p, per, k, n int) (x, y, side, labelY float64) {
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
	shift := 0.0
	if inRow := n - row*cols; inRow < cols {
		shift = float64(cols-inRow) * sw / 2
	}
	x = cx + shift + float64(col)*sw + (sw-side)/2
	y = cy + float64(row)*sh + (sh-side-lblH)/2
	return x, y, side, y + side + labelGap + l.numSize
}

// puzzleSquare is where entry e's board is drawn: its slot, shrunk for a
// small board so cells stay at most maxCell (a 4x4 grid alone on a page
// is not a poster); it returns the square and the label's baseline.
func (l *bookLayout) puzzleSquare(pp puzzlePage, k int) (x, y, side, labelY float64) {
	e := pp.entries[k]
	x, y, side, labelY = l.sectionSlot(pp.sec, e.page, pp.per, k, len(pp.entries))
	b, _ := boardFor(e.r.Kind)
	if s := float64(b.Cells(e.r)) * l.maxCell(); s < side {
		x, y, labelY = x+(side-s)/2, y+(side-s)/2, labelY-(side-s)/2
		side = s
	}
	return x, y, side, labelY
}

// sectionSlot is slotOf for a page of section sec: a section with a rule
// (Board.Section) gives a line at the top of the page to it, so its
// slots are that much lower and may be smaller.
func (l *bookLayout) sectionSlot(sec, p, per, k, n int) (x, y, side, labelY float64) {
	if l.sections[sec].Rule == "" {
		return l.slotOf(p, per, k, n)
	}
	full, rh := l.contentH, l.sectionRuleH(sec)
	l.contentH -= rh
	x, y, side, labelY = l.slotOf(p, per, k, n)
	l.contentH = full
	return x, y + rh, side, labelY + rh
}

// sectionPer is how many puzzles a page of section sec holds: the
// book's per page, or the section's cap if lower (a Samurai's 1).
func (l *bookLayout) sectionPer(sec int) int {
	if c := l.sections[sec].PerPage; c > 0 {
		return min(l.o.PerPage, c)
	}
	return l.o.PerPage
}

// maxCell is the largest cell side a puzzle gets, in points: 0.75 in
// (1 in in large print).
func (l *bookLayout) maxCell() float64 {
	if l.o.LargePrint {
		return 72
	}
	return 54
}

// The smallest cell a sudoku is printed with: a digit pencilled into a
// cell needs about 5 mm; under 4 mm a book is refused (unless Force).
const (
	minCellMM  = 4.0
	warnCellMM = 5.0
)

// eachBoard calls fn with every puzzle of the book that has cells and the
// side of one of its cells as drawn, in points: its section's slot at
// the section's puzzles per page (a Samurai's own page), less the rule
// line under a variant's or killer's running head (sectionSlot), over
// its board's cells (Board.Cells: a sliding board counts two a tile), at
// most maxCell; b is r's board, per the section's puzzles per page.
func (l *bookLayout) eachBoard(fn func(r *Record, b Board, cell float64, per int)) {
	for si, s := range l.sections {
		sp := l.sectionPer(si)
		_, _, side, _ := l.sectionSlot(si, l.firstPuzzlePage(), sp, 0, sp)
		for _, r := range s.Records {
			b, ok := boardFor(r.Kind)
			if !ok || b.Cells == nil {
				continue
			}
			if n := b.Cells(r); n > 0 {
				fn(r, b, math.Min(side/float64(n), l.maxCell()), sp)
			}
		}
	}
}

// smallestCell returns the smallest cell a digit is written in, in mm,
// as drawn (eachBoard). It returns a record that gets it and the puzzles
// per page of its section (nil for a book without such cells: sliding
// puzzles have tiles, not cells to pencil in).
func (l *bookLayout) smallestCell() (mm float64, rec *Record, per int) {
	mm = math.Inf(1)
	l.eachBoard(func(r *Record, _ Board, cell float64, sp int) {
		if isTiles(r.Kind) {
			return
		}
		if cell := cell / 72 * 25.4; cell < mm {
			mm, rec, per = cell, r, sp
		}
	})
	return mm, rec, per
}

// cellProblem says why the book's smallest cell is too small to write
// in, and what fits; "" if it is not.
func (l *bookLayout) cellProblem(limit float64) string {
	mm, rec, per := l.smallestCell()
	if rec == nil || mm >= limit {
		return ""
	}
	var fits []string
	for _, p := range []int{1, 2, 4} {
		alt := *l
		alt.o.PerPage = p
		if m, _, _ := alt.smallestCell(); p < l.o.PerPage && m >= limit {
			fits = append(fits, fmt.Sprint(p))
		}
	}
	hint := "use a bigger --page"
	if len(fits) > 0 {
		hint = "use --per-page " + strings.Join(fits, " or ") + " or a bigger --page"
	}
	b, _ := boardFor(rec.Kind)
	n := b.Cells(rec)
	return fmt.Sprintf("a %dx%d grid at %d per page on %s gets %.1f mm cells, under the %g mm a pencilled digit needs: %s",
		n, n, per, l.trim.Name, mm, limit, hint)
}

// kinds lists the kinds of the book's records, in book order.
func (l *bookLayout) kinds() []string {
	var kinds []string
	for _, s := range l.sections {
		if len(kinds) == 0 || kinds[len(kinds)-1] != s.Kind {
			kinds = append(kinds, s.Kind)
		}
	}
	return kinds
}

// ofKind returns the book's records of one kind, in book order.
func (l *bookLayout) ofKind(kind string) []*Record {
	var recs []*Record
	for _, s := range l.sections {
		if s.Kind == kind {
			recs = append(recs, s.Records...)
		}
	}
	return recs
}

// tierName is a tier's name in the book's language: the table's word for
// a built-in tier, else the name as given, capitalised.
func (l *bookLayout) tierName(tier string) string {
	switch {
	case tier == "":
		return l.tr.Text("book.tier.none")
	case l.tr.Has("book.tier." + tier):
		return l.tr.Text("book.tier." + tier)
	}
	return tierTitle(tier)
}

// kindTitle is a kind's name in the book's language ("Sudoku").
func (l *bookLayout) kindTitle(kind string) string {
	if k := "book." + kind + ".title"; l.tr.Has(k) {
		return l.tr.Text(k)
	}
	if b, _ := boardFor(kind); b.Title != "" {
		return b.Title
	}
	return l.tr.Text("book.title_default")
}

// sectionName is what the book calls section i in heads, the contents
// and the key: its tier ("Hard"), with its kind when the book holds
// several ("Sudoku: Hard"); an untiered section alone is named by its
// kind.
func (l *bookLayout) sectionName(i int) string {
	s := l.sections[i]
	mixed := l.groups() > 1
	title := l.groupTitle(s)
	switch {
	case s.Tier == "" && (mixed || len(l.sections) == 1):
		return title
	case mixed:
		return l.tr.Text("book.section", "kind", title, "tier", l.tierName(s.Tier))
	}
	return l.tierName(s.Tier)
}

// groupTitle names section s's kind of puzzle: its own title (a
// variant's section), else its kind's.
func (l *bookLayout) groupTitle(s bookSection) string {
	if s.Title != "" {
		return s.Title
	}
	return l.kindTitle(s.Kind)
}

// groups counts the book's kinds of puzzle: its kinds, a kind's sections
// with titles of their own (Board.Section) each counted apart.
func (l *bookLayout) groups() int {
	seen := map[[2]string]bool{}
	for _, s := range l.sections {
		seen[[2]string{s.Kind, s.Title}] = true
	}
	return len(seen)
}

// countOf is "120 puzzles" for n records of the book's kinds (or of one
// kind when kind is set), in the book's language.
func (l *bookLayout) countOf(kind string, n int) string {
	if kind == "" {
		if ks := l.kinds(); len(ks) == 1 {
			kind = ks[0]
		} else {
			kind = "mixed"
		}
	}
	if k := "book.count." + kind; l.tr.Has(k) {
		return l.tr.Plural(k, n)
	}
	return l.tr.Plural("book.count.mixed", n)
}
