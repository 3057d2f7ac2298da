package export

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// checkRecords checks every record before any layout (see CheckRecord:
// one solution, the right one) and that a board can draw it, naming a bad
// one by its position in the corpus (1-based) and its id. It returns
// copies, completed where CheckRecord fills fields in (a missing sudoku
// solution), so the caller's records are left as they were.
func checkRecords(recs []*Record, o BookOptions) ([]*Record, error) {
	out := make([]*Record, len(recs))
	for i, r := range recs {
		c := *r
		if err := checkOnce(&c); err != nil {
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
		_, _, side, _ := lay.slot(frontPages+1, lay.o.PerPage, 0)
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

// prepareBook checks the options and records and lays out the volumes:
// one, or as many as MaxPages asks (split is false for WritePDF, which
// writes one stream).
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
	recs = orderRecords(recs, o.KeepOrder)
	vols := [][]*Record{recs}
	if split {
		if vols, err = splitVolumes(recs, o); err != nil {
			return nil, err
		}
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
		if !split && o.MaxPages > 0 && l.pages > o.MaxPages {
			return nil, fmt.Errorf("book has %d pages, over max-pages %d: write it to a file to split it into volumes", l.pages, o.MaxPages)
		}
		if p := l.preflight(); len(p.Problems) > 0 && !o.Force {
			return nil, &KDPError{Msg: p.Problems[0] + " (--force prints it anyway)"}
		}
		layouts = append(layouts, l)
	}
	return layouts, nil
}

// WritePDF writes recs as one book to w. It refuses an empty corpus, a
// record it cannot print (see CheckRecord), margins or bleed that break
// KDP's rules (unless o.Force), and (with MaxPages set) a book longer than
// MaxPages: use WritePDFFiles to split into volumes.
func WritePDF(w io.Writer, recs []*Record, o BookOptions) error {
	layouts, err := prepareBook(recs, o, false)
	if err != nil {
		return err
	}
	return layouts[0].draw(w, 0, 0)
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
	paths, _, err := writeBook(path, recs, o)
	return paths, err
}

// writeBook is WritePDFFiles, also returning each volume's preflight.
func writeBook(path string, recs []*Record, o BookOptions) ([]string, []Preflight, error) {
	layouts, err := prepareBook(recs, o, true)
	if err != nil {
		return nil, nil, err
	}
	var paths []string
	if len(layouts) == 1 {
		paths = []string{path}
	} else {
		for i := range layouts {
			paths = append(paths, VolumePath(path, i+1))
		}
	}
	var temps []*AtomicFile
	defer func() {
		for _, t := range temps {
			t.Abort()
		}
	}()
	var pre []Preflight
	for i, l := range layouts {
		f, err := CreateAtomic(paths[i])
		if err != nil {
			return nil, nil, err
		}
		temps = append(temps, f)
		vol, nvol := 0, 0
		if len(layouts) > 1 {
			vol, nvol = i+1, len(layouts)
		}
		if err := l.draw(f, vol, nvol); err != nil {
			return nil, nil, err
		}
		p := l.preflight()
		p.Path = paths[i]
		pre = append(pre, p)
	}
	for _, t := range temps {
		if err := t.Commit(); err != nil {
			return nil, nil, err
		}
	}
	temps = nil
	return paths, pre, nil
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
	pdf.SetDisplayMode("fullpage", "TwoPageRight")
	addFonts(pdf)
	c := &Canvas{pdf: pdf, pageH: l.size.Height, LargePrint: o.LargePrint}

	l.drawTitle(c, vol, nvol)
	l.drawCopyright(c, vol, nvol)
	l.drawContents(c)
	l.drawRules(c)
	for _, pp := range l.puzzles {
		page := pp.entries[0].page
		l.newPage(c, page, TierTitle(l.sections[pp.sec].Tier))
		if page == l.secStart[pp.sec] {
			pdf.Bookmark(fmt.Sprintf("%s (%d)", TierTitle(l.sections[pp.sec].Tier), len(l.entries[pp.sec])), 0, 0)
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
	if err := c.Err(); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return fmt.Errorf("pdf: %v", err)
	}
	if _, err := w.Write(tagSubsetFonts(buf.Bytes())); err != nil {
		return fmt.Errorf("pdf: %v", err)
	}
	return nil
}

// fullTitle is the book's title, with its volume when split.
func (l *bookLayout) fullTitle(vol, nvol int) string {
	if nvol > 0 {
		return fmt.Sprintf("%s, volume %d of %d", l.o.Title, vol, nvol)
	}
	return l.o.Title
}

// smallText is the size of running heads and page numbers.
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
		pdf.SetFont(FontRegular, "", small)
		pdf.SetTextColor(90, 90, 90)
		head = fitText(pdf, head, l.contentW)
		w := pdf.GetStringWidth(head)
		if p%2 == 1 { // recto: the outer edge is the right
			pdf.Text(x+l.contentW-w, top, head)
		} else {
			pdf.Text(x, top, head)
		}
	}
	if p > 1 {
		s := strconv.Itoa(p)
		pdf.SetFont(FontRegular, "", small)
		pdf.SetTextColor(0, 0, 0)
		w := pdf.GetStringWidth(s)
		pdf.Text(x+(l.contentW-w)/2, l.size.Height-l.top()-footerH*0.3, s)
	}
	pdf.SetTextColor(0, 0, 0)
}

// fitText cuts s, with an ellipsis, to at most width in the current font.
func fitText(pdf *fpdf.Fpdf, s string, width float64) string {
	if pdf.GetStringWidth(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && pdf.GetStringWidth(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// realRating reports whether r's rating is one a reader can use: a
// sudoku rating the grader arrived at. The grader gives puzzles it
// cannot finish ER 20.0 (grade.Beyond) and the tier "beyond": that is
// not a rating.
func realRating(r *Record) bool {
	return r.Kind == "sudoku" && r.Rating > 0 && r.Rating < beyondER && r.Tier != "beyond"
}

// beyondER is the rating the grader gives a puzzle it cannot finish
// (grade.Beyond; export does not import grade).
const beyondER = 20.0

// puzzleInfo is the middle of a puzzle's label: its tier, and its rating
// where it has a real one, or the least it rates where grading was cut
// off.
func puzzleInfo(r *Record) string {
	var parts []string
	if r.Tier != "" {
		parts = append(parts, TierTitle(r.Tier))
	}
	switch {
	case realRating(r):
		parts = append(parts, "rating "+strconv.FormatFloat(r.Rating, 'f', 1, 64))
	case r.Kind == "sudoku" && r.RatingAtLeast > 0:
		parts = append(parts, "rating ≥ "+strconv.FormatFloat(r.RatingAtLeast, 'f', 1, 64))
	}
	return strings.Join(parts, " · ")
}

// puzzleLabel writes the line under a puzzle, across x0..x1: its number
// in bold at the left, then its tier and rating, and its id small and
// grey at the right (for the publisher). The info and id shrink, down to
// 5 pt, rather than run into each other.
func (l *bookLayout) puzzleLabel(c *Canvas, e *bookEntry, x0, x1, baseline float64) {
	pdf := c.pdf
	num := strconv.Itoa(e.num)
	info := puzzleInfo(e.r)
	pdf.SetFont(FontBold, "", l.numSize)
	nw := pdf.GetStringWidth(num)
	infoSize, idSize := l.puzzleLbl, l.idSize
	width := func() (iw, dw float64) {
		pdf.SetFont(FontRegular, "", infoSize)
		iw = pdf.GetStringWidth(info)
		pdf.SetFont(FontMono, "", idSize)
		dw = pdf.GetStringWidth(e.r.ID)
		return iw, dw
	}
	gap := l.numSize * 0.45
	iw, dw := width()
	for nw+gap+iw+gap+dw > x1-x0 && (infoSize > 5 || idSize > 5) {
		infoSize, idSize = math.Max(5, infoSize*0.92), math.Max(5, idSize*0.92)
		iw, dw = width()
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont(FontBold, "", l.numSize)
	pdf.Text(x0, baseline, num)
	if info != "" {
		pdf.SetFont(FontRegular, "", infoSize)
		pdf.Text(x0+nw+gap, baseline, info)
	}
	pdf.SetFont(FontMono, "", idSize)
	pdf.SetTextColor(110, 110, 110)
	pdf.Text(x1-dw, baseline, e.r.ID)
	pdf.SetTextColor(0, 0, 0)
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
// its kinds: "Sudoku", "Sliding Puzzles", "Sliding Puzzles and Sudoku".
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
