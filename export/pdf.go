package export

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/sudogen/sudogen/configs"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// checkRecords checks every record before any layout (see CheckRecord:
// one solution, the right one) and that a board can draw it, naming a bad
// one by its position in the corpus (1-based) and its id. It returns
// copies, completed where CheckRecord fills fields in (a missing sudoku
// solution), so the caller's records are left as they were.
func checkRecords(recs []*Record, o BookOptions) ([]*Record, error) {
	out := make([]*Record, len(recs))
	text := o.textChains()
	for i, r := range recs {
		c := *r
		if err := checkOnce(&c); err != nil {
			return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		if err := o.checkID(r); err != nil {
			return nil, fmt.Errorf("record %d: %v", i+1, err)
		}
		if err := checkText("tier", r.Tier, text); err != nil {
			return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		if err := o.checkBoard(&c); err != nil {
			return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		out[i] = &c
	}
	return out, nil
}

// checkID checks that a proof (IDs) can print r's id: ids are drawn in Go
// Mono only, whatever the text fonts.
func (o BookOptions) checkID(r *Record) error {
	if !o.IDs {
		return nil
	}
	_, _, mono := BuiltinFonts()
	return checkText("id", r.ID, fontChains{{mono}})
}

// CheckSize checks, cheaply, that the book can print a board of r's size
// (Board.CheckSize), before r is checked: a caller refuses a 25x25 sudoku
// this way before CheckRecord spends seconds proving it unique. A kind
// whose board sets no limit passes; CheckPrintable refuses the rest.
func (p *PDFFile) CheckSize(r *Record) error {
	b, ok := boardFor(r.Kind)
	if !ok || b.CheckSize == nil {
		return nil
	}
	return b.CheckSize(r)
}

// CheckPrintable checks, as Close will, that the book can print r: its text
// (its id with IDs, its tier) and its board (a kind a book draws, a
// solution for the answer key), so a reader can refuse a bad record by
// its file and line before the whole corpus is read. The error names the
// field ("id: ...", "tier: ...") or what the board lacks. r has passed
// CheckRecord (a missing sudoku solution is filled in).
func (p *PDFFile) CheckPrintable(r *Record) error {
	if err := p.o.checkID(r); err != nil {
		return err
	}
	if err := checkText("tier", r.Tier, p.o.textChains()); err != nil {
		return err
	}
	c := *r
	return p.o.checkBoard(&c)
}

// checkBoard checks that a board of the book can draw r, with the
// solution the answer key needs (Board.Check, which may complete r).
func (o BookOptions) checkBoard(r *Record) error {
	b, ok := boardFor(r.Kind)
	if !ok {
		return fmt.Errorf("kind %q cannot be drawn in a PDF book", r.Kind)
	}
	return b.Check(r, o.Solutions == "back")
}

// largePrintDigits is the smallest puzzle digit of a large-print book,
// in points.
const largePrintDigits = 16.0

// checkLargePrint refuses a large-print book whose puzzle digits would be
// under 16 pt (largePrintDigits), measured as drawn (smallestDigits).
func (l *bookLayout) checkLargePrint() error {
	if !l.o.LargePrint {
		return nil
	}
	d, rec, per := l.smallestDigits()
	if rec == nil || d >= largePrintDigits {
		return nil
	}
	var fits []string
	for _, p := range []int{1, 2, 4} {
		alt := *l
		alt.o.PerPage = p
		if a, _, _ := alt.smallestDigits(); p < l.o.PerPage && a >= largePrintDigits {
			fits = append(fits, strconv.Itoa(p))
		}
	}
	hint := "use a bigger page"
	if len(fits) > 0 {
		hint = "use --per-page " + numfmt.OrList(fits)
	}
	what := fmt.Sprintf("%dx%d grid", rec.Size, rec.Size)
	if !isGrid(rec.Kind) {
		what = fmt.Sprintf("%dx%d %s board", rec.Size, rec.Size, rec.Kind)
		b, _ := boardFor(rec.Kind)
		if n := b.Cells(rec); !isTiles(rec.Kind) && n != rec.Size {
			// a board of several grids: a Samurai's 21x21 frame
			what = fmt.Sprintf("%s board of %dx%d cells", rec.Kind, n, n)
		}
	}
	return &LayoutError{Msg: fmt.Sprintf("large print needs digits of 16 pt, but a %s at %d per page on %s gets %.1f pt: %s",
		what, per, l.size.Name, d, hint)}
}

// smallestDigits returns the smallest puzzle digit of the book in large
// print, in points, as drawn: each section's cells (eachBoard) at the
// board's DigitScale, so a variant's or killer's grid, under its rule
// line, gets smaller digits than a classic one on the same page (a
// killer's smaller still, beside its sums), and a Samurai has a page of
// its own. It returns a record that gets them and its section's puzzles per
// page (nil for a book without boards).
func (l *bookLayout) smallestDigits() (pt float64, rec *Record, per int) {
	c := Canvas{LargePrint: true}
	pt = math.Inf(1)
	l.eachBoard(func(r *Record, b Board, cell float64, sp int) {
		d := c.DigitSize(cell)
		if b.DigitScale > 0 {
			d *= b.DigitScale
		}
		if d < pt {
			pt, rec, per = d, r, sp
		}
	})
	return pt, rec, per
}

// maxPages is the most pages a volume may have: MaxPages, or KDP's
// limit.
func (o BookOptions) maxPages() int {
	if o.MaxPages > 0 {
		return o.MaxPages
	}
	return kdpMaxPages
}

// prepareBook checks the options and records and lays out the volumes:
// one, or as many as the page limit asks (split is false for WritePDF,
// which writes one stream and refuses a book over the limit).
func prepareBook(recs []*Record, o BookOptions, split bool) ([]*bookLayout, error) {
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
	recs = orderRecords(recs, o)
	pl := &planner{o: o}
	all, err := pl.plan(recs)
	if err != nil {
		return nil, err
	}
	vols := [][]*Record{recs}
	if all.pages > o.maxPages() && !(o.Force && o.MaxPages > kdpMaxPages) {
		if !split {
			return nil, fmt.Errorf("book has %s pages, over %s: %s", all.tr.Number(all.pages), limitName(o), pl.volumeHint(recs))
		}
		// The volumes of one book share its title: without one given,
		// the kinds of the whole book name every volume ("Sudoku and
		// Sudoku Variants, volume 2 of 2"), not each volume's own kinds.
		pl.o.Title = all.o.Title
		if vols, err = pl.splitVolumes(recs); err != nil {
			return nil, err
		}
	}
	if err := o.checkVolumeISBNs(len(vols)); err != nil {
		return nil, &KDPError{Msg: err.Error()}
	}
	var layouts []*bookLayout
	for _, v := range vols {
		l := all
		if len(vols) > 1 {
			if l, err = pl.plan(v); err != nil {
				return nil, err
			}
		}
		if err := l.checkLargePrint(); err != nil {
			return nil, err
		}
		if p := l.preflight(); len(p.Problems) > 0 && !o.Force {
			return nil, &KDPError{Msg: p.Problems[0] + " (--force prints it anyway)"}
		}
		layouts = append(layouts, l)
	}
	return layouts, nil
}

// limitName says which page limit a book is held to.
func limitName(o BookOptions) string {
	if o.MaxPages > 0 {
		return "max-pages " + strconv.Itoa(o.MaxPages)
	}
	return fmt.Sprintf("KDP's limit of %d pages", kdpMaxPages)
}

// volumeHint gives the arithmetic of a book over its page limit: how
// many volumes it splits into, or how many puzzles one volume holds.
func (pl *planner) volumeHint(recs []*Record) string {
	o := pl.o
	vols, err := pl.splitVolumes(recs)
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("write it to a file to split it into %d volumes of at most %d pages (%d puzzles in the first), or print at most %d puzzles",
		len(vols), o.maxPages(), len(vols[0]), len(vols[0]))
}

// WritePDF writes recs as one book to w. It refuses an empty corpus, a
// record it cannot print (see CheckRecord), margins or bleed that break
// KDP's rules (unless o.Force), and a book longer than its page limit
// (MaxPages, else KDP's 828), giving the arithmetic: use WritePDFFiles to
// split into volumes.
func WritePDF(w io.Writer, recs []*Record, o BookOptions) error {
	layouts, err := prepareBook(recs, o, false)
	if err != nil {
		return err
	}
	return layouts[0].draw(w, 0, 0)
}

// splitVolumes cuts ordered recs into as few volumes of at most the page
// limit as it can, then evens them out: volumes of about the same number
// of puzzles, none over the limit.
func (pl *planner) splitVolumes(recs []*Record) ([][]*Record, error) {
	o := pl.o
	limit := o.maxPages()
	fits := func(start, end int) (bool, error) {
		l, err := pl.plan(recs[start:end])
		if err != nil {
			return false, err
		}
		return l.pages <= limit, nil
	}
	// Greedy: the largest first volume that fits, and so on; pages grow
	// with the count, so a binary search finds each end.
	var greedy []int
	for start := 0; start < len(recs); {
		if ok, err := fits(start, start+1); err != nil {
			return nil, err
		} else if !ok {
			l, _ := pl.plan(recs[start : start+1])
			return nil, fmt.Errorf("%s is too small: one puzzle with its front matter and answer key takes %d pages", limitName(o), l.pages)
		}
		lo, hi := start+1, len(recs)
		for lo < hi {
			mid := (lo + hi + 1) / 2
			ok, err := fits(start, mid)
			if err != nil {
				return nil, err
			}
			if ok {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		greedy = append(greedy, lo)
		start = lo
	}
	cut := func(ends []int) [][]*Record {
		var vols [][]*Record
		start := 0
		for _, e := range ends {
			vols = append(vols, recs[start:e])
			start = e
		}
		return vols
	}
	// Even: v volumes of n/v puzzles each (the first ones one more).
	v, n := len(greedy), len(recs)
	even := make([]int, v)
	for i, end := 0, 0; i < v; i++ {
		end += n / v
		if i < n%v {
			end++
		}
		even[i] = end
	}
	start := 0
	for _, end := range even {
		ok, err := fits(start, end)
		if err != nil {
			return nil, err
		}
		if !ok {
			return cut(greedy), nil
		}
		start = end
	}
	return cut(even), nil
}

// volumePath names volume v (1-based) of a book written to path:
// book.pdf becomes book-1.pdf, book-2.pdf, ...
func volumePath(path string, v int) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-" + strconv.Itoa(v) + ext
}

// coverPath names the cover of a book file: book.pdf's is
// book-cover.pdf, book-2.pdf's book-2-cover.pdf.
func coverPath(path string) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-cover" + ext
}

// WritePDFFiles writes recs as a book to path, or, when the book is longer
// than its page limit (MaxPages, else KDP's 828), as volumes book-1.pdf,
// book-2.pdf, ... (each with its own front matter, numbering and answer
// key); with o.Cover, each with its cover (coverPath). Every file is
// written under a temporary name in the same folder and renamed once all
// are complete. It returns the paths written.
func WritePDFFiles(path string, recs []*Record, o BookOptions) ([]string, error) {
	paths, _, err := writeBook(path, recs, o)
	return paths, err
}

// writeBook is WritePDFFiles, also returning each volume's preflight.
func writeBook(path string, recs []*Record, o BookOptions) ([]string, []Preflight, error) {
	layouts, err := prepareBook(recs, o, true)
	if err != nil {
		return nil, nil, err
	}
	var books []string
	if len(layouts) == 1 {
		books = []string{path}
	} else {
		for i := range layouts {
			books = append(books, volumePath(path, i+1))
		}
	}
	var temps []*atomicFile
	defer func() {
		for _, t := range temps {
			t.Abort()
		}
	}()
	var paths []string
	write := func(p string, draw func(io.Writer) error) error {
		f, err := createAtomic(p)
		if err != nil {
			return err
		}
		temps = append(temps, f)
		paths = append(paths, p)
		return draw(f)
	}
	var pre []Preflight
	for i, l := range layouts {
		vol, nvol := 0, 0
		if len(layouts) > 1 {
			vol, nvol = i+1, len(layouts)
		}
		if err := write(books[i], func(w io.Writer) error { return l.draw(w, vol, nvol) }); err != nil {
			return nil, nil, err
		}
		p := l.preflight()
		p.Path = books[i]
		if o.Cover {
			if err := write(coverPath(books[i]), func(w io.Writer) (err error) {
				p.Cover, err = l.drawCover(w, vol, nvol)
				return err
			}); err != nil {
				return nil, nil, err
			}
			p.CoverPath = coverPath(books[i])
		}
		pre = append(pre, p)
	}
	for _, t := range temps {
		if err := t.Commit(); err != nil {
			return nil, nil, err
		}
	}
	temps = nil
	if stale := staleFiles(path, paths, len(layouts)); len(stale) > 0 {
		last := &pre[len(pre)-1]
		last.Notes = append(last.Notes, strings.Join(stale, ", ")+
			": left from an earlier run, not part of this book (leave them out of the upload, or delete them)")
	}
	return paths, pre, nil
}

// staleFiles lists the files of a book's names that exist beside the
// nvol volumes just written to path (written) but are not among them: an
// earlier run's volumes past the last, the unsplit book beside volumes
// (or volumes beside it), and covers this run did not draw. Uploaded with
// the book, they would be another split's pages and another spine.
func staleFiles(path string, written []string, nvol int) []string {
	var stale []string
	check := func(p string) bool {
		if slices.Contains(written, p) {
			return false
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			stale = append(stale, p)
			return true
		}
		return false
	}
	books := []string{path}
	if nvol > 1 {
		books = books[:0]
		for v := 1; v <= nvol; v++ {
			books = append(books, volumePath(path, v))
		}
		check(path)
		check(coverPath(path))
	}
	for _, b := range books {
		check(coverPath(b))
	}
	first := 1 // volumes past this run's
	if nvol > 1 {
		first = nvol + 1
	}
	for v := first; ; v++ {
		book, cover := check(volumePath(path, v)), check(coverPath(volumePath(path, v)))
		if !book && !cover {
			break
		}
	}
	return stale
}

// newDocument starts a PDF of one page size with the book's metadata and
// fonts, and a canvas to draw on.
func (l *bookLayout) newDocument(size PageSize, vol, nvol int) (*Canvas, error) {
	o := l.o
	pdf := fpdf.NewCustom(&fpdf.InitType{
		UnitStr: "pt",
		Size:    fpdf.SizeType{Wd: size.Width, Ht: size.Height},
	})
	pdf.SetCompression(false) // the pages are compressed in finish (compressStreams)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(o.Date)
	pdf.SetModificationDate(o.Date)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetTitle(oneLine(l.fullTitle(vol, nvol)), true)
	if o.Subtitle != "" {
		pdf.SetSubject(oneLine(o.Subtitle), true)
	}
	if o.Author != "" {
		pdf.SetAuthor(o.Author, true)
	}
	pdf.SetCreator("sudogen", true)
	pdf.SetProducer("sudogen (go-pdf/fpdf)", true)
	pdf.SetKeywords(l.keywords(), true)
	pdf.SetLang(l.tr.Lang())
	return l.fontCanvas(pdf, size.Height)
}

// fontCanvas registers the book's fonts with pdf and returns a canvas
// drawing on it, whose pages are pageH high.
func (l *bookLayout) fontCanvas(pdf *fpdf.Fpdf, pageH float64) (*Canvas, error) {
	faces := l.faces()
	if err := addFonts(pdf, faces); err != nil {
		return nil, err
	}
	c := &Canvas{pdf: pdf, pageH: pageH, LargePrint: l.o.LargePrint, lang: l.tr}
	regular, _ := l.o.textFaces()
	c.faces[0], c.faces[1] = faces[:len(regular)], faces[len(regular):]
	return c, nil
}

// faces lists the document's text faces: the regular chain, then the
// bold chain (see BookOptions.textFaces), each with its family name.
func (l *bookLayout) faces() []fontFace {
	regular, bold := l.o.textFaces()
	r, b, _ := BuiltinFonts()
	var out []fontFace
	for _, f := range append(append([]*Font(nil), regular...), bold...) {
		switch {
		case f == r:
			out = append(out, fontFace{FontRegular, f})
		case f == b:
			out = append(out, fontFace{FontBold, f})
		case f == l.o.Font:
			out = append(out, fontFace{userFamily('t', f.Name), f}) // one embedded copy for both roles
		default:
			out = append(out, fontFace{userFamily('b', f.Name), f})
		}
	}
	return out
}

// finish writes the document to w with its subset fonts named.
func (l *bookLayout) finish(c *Canvas, w io.Writer) (err error) {
	if err := c.Err(); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pdf: the PDF library failed writing the fonts (%v)", r)
		}
	}()
	var buf bytes.Buffer
	if err := c.pdf.Output(&buf); err != nil {
		return fmt.Errorf("pdf: %v", err)
	}
	sortPageBoxes(buf.Bytes())
	doc, err := compressStreams(buf.Bytes())
	if err != nil {
		return err
	}
	if _, err := w.Write(tagSubsetFonts(doc, l.faces())); err != nil {
		return fmt.Errorf("pdf: %v", err)
	}
	return nil
}

// draw renders the planned volume vol of nvol (0, 0 for a single book).
func (l *bookLayout) draw(w io.Writer, vol, nvol int) error {
	c, err := l.newDocument(l.size, vol, nvol)
	if err != nil {
		return err
	}
	c.pdf.SetDisplayMode("fullpage", "TwoPageRight")
	l.drawTitle(c, vol, nvol)
	l.drawCopyright(c, vol, nvol)
	l.drawContents(c)
	l.drawRules(c)
	for _, pp := range l.puzzles {
		page := pp.entries[0].page
		name := l.sectionName(pp.sec)
		l.newPage(c, page, name)
		l.drawRule(c, page, l.sections[pp.sec].Rule)
		if page == l.secStart[pp.sec] {
			c.pdf.Bookmark(l.tr.Text("book.contents.section", "name", name, "count", l.countOf(l.sections[pp.sec].Kind, len(l.entries[pp.sec]))), 0, 0)
		}
		for k, e := range pp.entries {
			b, _ := boardFor(e.r.Kind)
			x, y, side, ly := l.puzzleSquare(pp, k)
			c.labelX0, c.labelX1 = x, x+side
			b.Draw(c, e.r, false, x, y, side)
			l.puzzleLabel(c, e, c.labelX0, c.labelX1, ly)
		}
	}
	if l.keyStart > 0 {
		l.drawKey(c)
	}
	if l.blankEnd {
		l.newPage(c, l.pages, "")
	}
	return l.finish(c, w)
}

// fullTitle is the book's title, with its volume when split.
func (l *bookLayout) fullTitle(vol, nvol int) string {
	if nvol > 0 {
		return l.tr.Text("book.volume_title", "title", l.o.Title, "vol", vol, "total", nvol)
	}
	return l.o.Title
}

// smallText is the size of running heads and page numbers.
// ruleText is the size of a section's rule; ruleH is the height its two
// lines take at the top of its pages (sectionRuleH: more for a longer
// rule).
func (l *bookLayout) ruleText() float64 { return l.smallText() * 0.92 }
func (l *bookLayout) ruleH() float64    { return l.ruleText() * 2.8 }

// ruleFloor is the smallest a section's rule line is set to fit its two
// lines: KDP's recommended minimum for text, 7 pt.
const ruleFloor = 7.0

func (l *bookLayout) smallText() float64 {
	if l.o.LargePrint {
		return 14
	}
	return 9
}

// newPage starts page p with its running head and page number; it sets
// the trim and bleed boxes when the book has bleed.
func (l *bookLayout) newPage(c *Canvas, p int, head string) {
	pdf := c.pdf
	pdf.AddPage()
	if l.bleed > 0 {
		tx, ty, tw, th := l.trimBox(p)
		pdf.SetPageBox("trim", tx, l.size.Height-ty-th, tw, th)
		pdf.SetPageBox("bleed", 0, 0, l.size.Width, l.size.Height)
	}
	small := l.smallText()
	x, _ := l.pageBox(p)
	top := l.top() + headerH*0.55
	if head != "" {
		pdf.SetTextColor(90, 90, 90)
		head = c.fit(head, false, small, l.contentW)
		w := c.TextWidth(false, small, head)
		if p%2 == 1 { // recto: the outer edge is the right
			c.Text(false, small, x+l.contentW-w, top, head)
		} else {
			c.Text(false, small, x, top, head)
		}
	}
	if p > 1 && !(l.blankEnd && p == l.pages) { // no folio on the title page and the closing blank
		s := strconv.Itoa(p)
		pdf.SetTextColor(0, 0, 0)
		c.textAt(false, small, s, func(w float64) (float64, float64) {
			return x + (l.contentW-w)/2, l.size.Height - l.top() - footerH*0.3
		})
	}
	pdf.SetTextColor(0, 0, 0)
}

// drawRule writes a section's rule (Board.Section) at the top of page
// p's content, under the running head, at the same outer edge, in two
// lines (a block aligned left within itself), or more for a rule too
// long for them (ruleLines; the puzzles are laid out under them, see
// sectionSlot).
func (l *bookLayout) drawRule(c *Canvas, p int, rule string) {
	if rule == "" {
		return
	}
	size, lines := l.ruleLines(c, rule)
	x, y := l.pageBox(p)
	// The lines are one block, ragged right: on a recto the block (its
	// widest line) ends at the outer edge, as a one-line rule does, and
	// every line starts where the first does (each line set flush right
	// made a ragged left edge that read as two unrelated lines).
	wide := 0.0
	for _, line := range lines {
		wide = math.Max(wide, c.plainWidth(false, size, line))
	}
	c.pdf.SetTextColor(60, 60, 60)
	for i, line := range lines {
		lx := x
		if w := c.TextWidth(false, size, line); p%2 == 1 && len(lines) == 1 {
			lx += l.contentW - w
		} else if p%2 == 1 {
			lx += l.contentW - wide
		}
		c.Text(false, size, lx, y+size*0.9+float64(i)*size*1.25, line)
	}
	c.pdf.SetTextColor(0, 0, 0)
}

// ruleLines sets a section's rule: in at most two lines, set smaller,
// down to 7 pt, rather than cut with an ellipsis (a killer section's rule
// with its hidden sums on a 6 x 9 page); a rule two lines at 7 pt cannot
// hold (a Killer-X section's in German, French, Spanish, Portuguese or
// Russian on a 6 x 9 page) takes the lines it needs at 7 pt, whole. A
// large-print book never sets its rules smaller: a long one takes more
// lines at the rule's size (a Killer-X rule in German was set at 8.8 pt
// under 16 pt digits).
func (l *bookLayout) ruleLines(c *Canvas, rule string) (size float64, lines []string) {
	size = l.ruleText()
	floor := ruleFloor
	if l.o.LargePrint {
		floor = size
	}
	cut := func() bool { return strings.HasSuffix(lines[len(lines)-1], "…") && !strings.HasSuffix(rule, "…") }
	lines = c.wrap2(rule, size, l.contentW)
	for size > floor && cut() {
		size = math.Max(floor, size-0.25)
		lines = c.wrap2(rule, size, l.contentW)
	}
	if cut() {
		lines = c.wrap(rule, false, size, l.contentW)
	}
	return size, lines
}

// sectionRuleH is the height section sec's rule takes at the top of its
// pages: ruleH, or more for a rule of more than two lines (ruleLines).
func (l *bookLayout) sectionRuleH(sec int) float64 {
	if len(l.ruleHs) != len(l.sections) {
		l.ruleHs = make([]float64, len(l.sections))
	}
	if h := l.ruleHs[sec]; h > 0 {
		return h
	}
	h := l.ruleH()
	if c, err := l.scratchCanvas(); err == nil {
		if size, lines := l.ruleLines(c, l.sections[sec].Rule); len(lines) > 2 {
			h = math.Max(h, size*(1.55+1.25*float64(len(lines)-1)))
		}
	}
	l.ruleHs[sec] = h
	return h
}

// wrap2 breaks s into at most two lines of at most width: the first as
// many whole words (or, in a script without spaces, characters) as fit,
// the second the rest, cut with an ellipsis if it is still too long.
func (c *Canvas) wrap2(s string, size, width float64) []string {
	if c.TextWidth(false, size, s) <= width {
		return []string{s}
	}
	rs := []rune(s)
	cut := 0 // runes of the longest prefix that fits
	for cut < len(rs) && c.TextWidth(false, size, string(rs[:cut+1])) <= width {
		cut++
	}
	if sp := strings.LastIndex(string(rs[:cut]), " "); sp > 0 && cut < len(rs) && rs[cut] != ' ' {
		cut = len([]rune(string(rs[:cut])[:sp]))
	}
	first := strings.TrimSpace(string(rs[:cut]))
	rest := strings.TrimSpace(string(rs[cut:]))
	return []string{first, c.fit(rest, false, size, width)}
}

// fit cuts s, with an ellipsis, to at most width in the text face.
func (c *Canvas) fit(s string, bold bool, size, width float64) string {
	if c.TextWidth(bold, size, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && c.TextWidth(bold, size, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// realRating reports whether r's rating is one a reader can use: a
// sudoku rating the grader arrived at. The grader gives puzzles it
// cannot finish ER 20.0 (grade.Beyond) and the tier "beyond": that is
// not a rating.
func realRating(r *Record) bool {
	return isRated(r.Kind) && r.Rating > 0 && r.Rating < beyondER && r.Tier != "beyond"
}

// beyondER is the rating the grader gives a puzzle it cannot finish
// (grade.Beyond; export does not import grade, both read configs).
const beyondER = configs.BeyondRating

// puzzleInfo is puzzleInfo of an English book (the workbook's Grids
// sheet labels its grids so).
func puzzleInfo(r *Record) string { return (&bookLayout{tr: i18n.Get("en")}).puzzleInfo(r) }

// puzzleInfo is the middle of a puzzle's label: its tier, and its rating
// where it has a real one, or the least it rates where grading was cut
// off.
func (l *bookLayout) puzzleInfo(r *Record) string {
	var parts []string
	if r.Tier != "" {
		parts = append(parts, l.tierName(r.Tier))
	}
	switch {
	case realRating(r):
		parts = append(parts, l.tr.Text("book.label.rating", "r", l.tr.Decimal(r.Rating, 1)))
	case isRated(r.Kind) && r.RatingAtLeast > 0:
		parts = append(parts, l.tr.Text("book.label.rating_at_least", "r", l.tr.Decimal(r.RatingAtLeast, 1)))
	}
	return strings.Join(parts, " · ")
}

// puzzleLabel writes the line under a puzzle, across x0..x1: its number
// in bold at the left, then its tier and rating, and, in a proof, its id
// small and grey at the right (for the publisher). The info and id
// shrink, down to 5 pt, rather than run into each other.
func (l *bookLayout) puzzleLabel(c *Canvas, e *bookEntry, x0, x1, baseline float64) {
	pdf := c.pdf
	num := strconv.Itoa(e.num)
	info := l.puzzleInfo(e.r)
	id := ""
	if l.o.IDs {
		id = e.r.ID
	}
	nw := c.TextWidth(true, l.numSize, num)
	infoSize, idSize := l.puzzleLbl, l.idSize
	width := func() (iw, dw float64) {
		iw = c.TextWidth(false, infoSize, info)
		if id != "" {
			c.SetMono(idSize)
			dw = pdf.GetStringWidth(id)
		}
		return iw, dw
	}
	gap := l.numSize * 0.45
	iw, dw := width()
	for nw+gap+iw+gap+dw > x1-x0 && (infoSize > minLabelSize || idSize > minLabelSize) {
		infoSize, idSize = math.Max(minLabelSize, infoSize*0.92), math.Max(minLabelSize, idSize*0.92)
		iw, dw = width()
	}
	// Still too wide (preflight refused it, or --force printed it with a
	// warning): cut the id, then the info, with an ellipsis, rather than
	// print one over the other.
	for id != "" && nw+gap+iw+gap+dw > x1-x0 {
		id = cutEnd(id)
		iw, dw = width()
	}
	for info != "" && nw+gap+iw+gap+dw > x1-x0 {
		info = cutEnd(info)
		iw, dw = width()
	}
	pdf.SetTextColor(0, 0, 0)
	c.Text(true, l.numSize, x0, baseline, num)
	if info != "" {
		c.Text(false, infoSize, x0+nw+gap, baseline, info)
	}
	if id != "" {
		c.SetMono(idSize)
		pdf.SetTextColor(110, 110, 110)
		pdf.Text(x1-dw, baseline, id)
		pdf.SetTextColor(0, 0, 0)
	}
}

// minLabelSize is the smallest type a puzzle's label shrinks to, in points.
const minLabelSize = 5.0

// cutEnd shortens s by one character, ending it with an ellipsis ("" once
// nothing but the ellipsis would be left).
func cutEnd(s string) string {
	rs := []rune(strings.TrimSuffix(s, "…"))
	if len(rs) <= 1 {
		return ""
	}
	return string(rs[:len(rs)-1]) + "…"
}

// labelMinWidth is the least width the label under e takes: its number
// and info, and with its id, at the smallest type puzzleLabel shrinks
// them to.
func (l *bookLayout) labelMinWidth(e *bookEntry, withID bool) float64 {
	regular, bold := l.o.textFaces()
	_, _, mono := BuiltinFonts()
	w := chainWidth(bold, strconv.Itoa(e.num))*l.numSize + l.numSize*0.45
	w += chainWidth(regular, l.puzzleInfo(e.r)) * minLabelSize
	if withID && e.r.ID != "" {
		w += l.numSize*0.45 + mono.Width(e.r.ID)*minLabelSize
	}
	return w
}

// chainWidth is the width of s at 1 pt, each character from the first
// font of chain that has it.
func chainWidth(chain []*Font, s string) float64 {
	w := 0.0
	for _, r := range s {
		f := chain[len(chain)-1]
		for _, c := range chain {
			if c.Has(r) {
				f = c
				break
			}
		}
		w += f.Width(string(r))
	}
	return w
}

// labelProblems says which puzzle's label does not fit under its board
// even at the smallest type, and what would make room: problem when its
// number, tier and rating would overprint (the page is too cramped),
// note when only its id (a proof's, --ids) is cut with an ellipsis; ""
// when every label fits.
func (l *bookLayout) labelProblems() (problem, note string) {
	for _, pp := range l.puzzles {
		for k, e := range pp.entries {
			_, _, side, _ := l.puzzleSquare(pp, k)
			where := fmt.Sprintf("the label under %s %d (id %q)", l.sectionName(e.sec), e.num, e.r.ID)
			if need := l.labelMinWidth(e, false); need > side+0.01 && problem == "" {
				problem = fmt.Sprintf("%s needs %.0f mm for its number, tier and rating at %g pt, and its puzzle is %.0f mm wide on %s at %d per page: "+
					"use a smaller --per-page, --margin or --gutter, or a bigger --page",
					where, need/72*25.4, minLabelSize, side/72*25.4, l.trim.Name, pp.per)
			} else if need := l.labelMinWidth(e, l.o.IDs); need > side+0.01 && note == "" {
				note = fmt.Sprintf("ids cut: %s needs %.0f mm at %g pt, and its puzzle is %.0f mm wide: the id is printed cut short, ending in …",
					where, need/72*25.4, minLabelSize, side/72*25.4)
			}
		}
	}
	return problem, note
}

// keywords is the PDF keywords entry: each kind's keywords, then the
// ones for what its records hold (Board.MoreKeywords), each term once
// (case aside: "puzzles" of sudoku and of sliding puzzles is one term).
func (l *bookLayout) keywords() string {
	var kw []string
	seen := map[string]bool{}
	add := func(terms ...string) {
		for _, t := range terms {
			t = strings.TrimSpace(t)
			if k := strings.ToLower(t); t != "" && !seen[k] {
				seen[k] = true
				kw = append(kw, t)
			}
		}
	}
	for _, kind := range l.kinds() {
		b, _ := boardFor(kind)
		if k := "book." + kind + ".keywords"; l.tr.Has(k) {
			add(strings.Split(l.tr.Text(k), ",")...)
		} else {
			add(strings.Split(b.Keywords, ",")...)
		}
		if b.MoreKeywords != nil {
			add(b.MoreKeywords(l.tr, l.ofKind(kind))...)
		}
	}
	return strings.Join(kw, ", ")
}

// defaultTitle names a book whose options give no title by the titles of
// its kinds: "Sudoku", "Sliding Puzzles", "Sudoku and Sliding Puzzles".
func (l *bookLayout) defaultTitle() string {
	var t []string
	for _, kind := range l.kinds() {
		t = append(t, l.kindTitle(kind))
	}
	if len(t) == 0 {
		return l.tr.Text("book.title_default")
	}
	return l.tr.TitleList(t)
}
