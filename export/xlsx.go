package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// XLSXOptions say what goes into a workbook beyond the Puzzles, per-tier
// and Summary sheets.
type XLSXOptions struct {
	// Grids adds a Grids sheet drawing the first Grids puzzles as
	// formatted grids, one per printed page; 0 leaves it out. Boards
	// wider than 9x9 go on a Large grids sheet when there are boards of
	// both widths, each sheet's columns sized for its boards. It draws
	// classic sudoku and sliding boards, and the boards of kinds that
	// give the play page one (RecordKind.Play: variants with their
	// shading and regions, killers with their cages) as the PDF book
	// draws them: a record of a kind with neither, met before the sheet
	// is full, is passed over, and Note says how many were.
	Grids int
	// Note, if set, is told each note for the user when the workbook is
	// written: one line, no newline, e.g. "grids: 24 puzzle records not
	// drawn: the Grids sheet draws sudoku, slide, killer and variant
	// boards".
	Note func(msg string)
	// Lang is the language of the words the workbook shows people (a
	// BCP 47 tag, as BookOptions.Lang; "" for English): sheet names, the
	// tier and Cages sheets' headers, the Summary, tier names and the
	// Grids sheet's lines (see sheetWords). The Puzzles sheet's headers
	// and every cell's value stay the record's.
	Lang string
}

// xlsxColumn is one record field as a workbook column.
type xlsxColumn struct {
	name  string
	width float64
	value func(r *Record) any // nil or "" leaves the cell empty
}

// tierColumns are the columns of the per-tier sheets: what a reader picks
// puzzles by (id, size, puzzle, givens, ratings, hardest technique). The
// full record, solution included, is in Puzzles. excelize keeps a
// streamed sheet under 16 MB in memory until the workbook is written, so
// the tier sheets' width is what bounds a big workbook's memory.
var tierColumns = func() []xlsxColumn {
	var out []xlsxColumn
	for _, c := range xlsxColumns {
		switch c.name {
		case "tier", "solution", "techniques", "canonical", "box", "minimal", "symmetry", "goal", "move_piece", "seed", "index", "fields":
			continue
		}
		out = append(out, c)
	}
	return out
}()

// XLSXTierColumns lists the column headers of the per-tier sheets.
var XLSXTierColumns = func() []string {
	out := make([]string, len(tierColumns))
	for i, c := range tierColumns {
		out[i] = c.name
	}
	return out
}()

// XLSXColumns lists the column headers of the Puzzles and tier sheets, in
// order: every record field. Lists and maps are written as JSON text
// (techniques, tiles), the box as "RxC", minimal and exact as TRUE/FALSE;
// optimal, length and lower_bound as numbers (empty when absent); seeds and
// indexes beyond 2^53 as text so they survive a spreadsheet's floats.
var XLSXColumns = func() []string {
	out := make([]string, len(xlsxColumns))
	for i, c := range xlsxColumns {
		out[i] = c.name
	}
	return out
}()

var xlsxColumns = []xlsxColumn{
	{"id", 18, func(r *Record) any { return r.ID }},
	{"kind", 7, func(r *Record) any { return r.Kind }},
	{"size", 5, func(r *Record) any { return r.Size }},
	{"box", 5, func(r *Record) any {
		if len(r.Box) == 2 {
			return fmt.Sprintf("%dx%d", r.Box[0], r.Box[1])
		}
		return nil
	}},
	{"puzzle", 30, func(r *Record) any {
		// csv's column, the txt line of a kind that has one
		// (RecordKind.Line): a killer's cage map and sums, a jigsaw's
		// cells and regions, a slide's tiles separated by spaces (the
		// tiles are in their own column too, as JSON)
		if k := kindOf(r.Kind); k.Line != nil {
			b, err := k.Line(nil, r)
			if err != nil {
				return nil
			}
			return string(b)
		}
		return r.Puzzle
	}},
	{"solution", 30, func(r *Record) any { return r.Solution }},
	{"givens", 7, func(r *Record) any { return zeroNil(r.Givens) }},
	{"minimal", 8, func(r *Record) any {
		if r.Minimal == nil {
			return nil
		}
		return *r.Minimal
	}},
	{"symmetry", 10, func(r *Record) any { return r.Symmetry }},
	{"rating", 7, func(r *Record) any { return zeroNilF(r.Rating) }},
	{"rating_at_least", 8, func(r *Record) any { return zeroNilF(r.RatingAtLeast) }},
	{"ep", 6, func(r *Record) any { return zeroNilF(r.EP) }},
	{"ed", 6, func(r *Record) any { return zeroNilF(r.ED) }},
	{"tier", 10, func(r *Record) any { return r.Tier }},
	{"hardest", 18, func(r *Record) any { return r.Hardest }},
	{"techniques", 40, func(r *Record) any { return jsonOrNil(len(r.Techniques) > 0, r.Techniques) }},
	{"level", 8, func(r *Record) any { return r.Level }},
	{"score", 7, func(r *Record) any { return zeroNil(r.Score) }},
	{"tiles", 20, func(r *Record) any { return jsonOrNil(len(r.Tiles) > 0, r.Tiles) }},
	{"goal", 10, func(r *Record) any { return r.Goal }},
	{"optimal", 8, func(r *Record) any {
		if r.Optimal == nil {
			return nil
		}
		return *r.Optimal
	}},
	{"length", 7, func(r *Record) any { return intPtr(r.Length) }},
	{"lower_bound", 11, func(r *Record) any { return intPtr(r.LowerBound) }},
	{"exact", 7, func(r *Record) any {
		if r.Exact == nil {
			return nil
		}
		return *r.Exact
	}},
	{"move_piece", 10, func(r *Record) any { return r.MovePiece }},
	{"canonical", 30, func(r *Record) any { return r.Canonical }},
	{"seed", 12, func(r *Record) any {
		if r.Unseeded {
			return nil // made by no run (a plain line): no seed, as in JSONL and csv
		}
		if r.Seed > 1<<53 {
			return strconv.FormatUint(r.Seed, 10)
		}
		return r.Seed
	}},
	{"index", 9, func(r *Record) any {
		if r.Unseeded {
			return nil
		}
		if r.Index > 1<<53 || r.Index < -(1<<53) {
			return strconv.FormatInt(r.Index, 10)
		}
		return r.Index
	}},
	{"fields", 30, func(r *Record) any { return kindFieldsJSON(r) }},
}

// fill sets dst to r's cells in cols: nil for an empty one, a rating
// with one decimal shown (2.0, not 2; the cell a number).
func (x *XLSXWriter) fill(dst []any, cols []xlsxColumn, r *Record) {
	for i, c := range cols {
		v := c.value(r)
		if s, ok := v.(string); ok && s == "" {
			v = nil
		}
		if v != nil && ratingColumn(c.name) {
			v = excelize.Cell{StyleID: x.rating, Value: v}
		}
		dst[i] = v
	}
}

// ratingColumn reports whether the column holds a rating (one decimal).
func ratingColumn(name string) bool {
	switch name {
	case "rating", "rating_at_least", "ep", "ed":
		return true
	}
	return false
}

// noDimension leaves out sheet's used range (its <dimension>, which a
// reader may take as the sheet's size): excelize writes "A1" whatever
// the sheet holds, and a stream writer writes it before the rows, so
// openpyxl's read-only mode read the Puzzles sheet as one cell, its
// header "id". Without it, readers find the rows themselves (the
// element is optional).
func noDimension(f *excelize.File, sheet string) error {
	return f.SetSheetDimension(sheet, "")
}

// headerRoom is the width, in characters, a table's header takes
// beyond its name: the filter button Excel and LibreOffice draw at the
// cell's right, and the bold face's wider letters.
const headerRoom = 3

// shownWidth is the column's width under header: its values' width, or
// its header's and filter button's when wider ("rating_at_least" was cut
// to "rating_a" in 8 characters, "size" hid under its button in 5).
func (c xlsxColumn) shownWidth(header string) float64 {
	return max(c.width, float64(cellWidth(header)+headerRoom))
}

// kindFieldsJSON is a record's kind fields (RecordKind.Fields: a
// variant's "variants" and "regions", a killer's "variant" and "cages")
// as one JSON object, or nil when it has none.
func kindFieldsJSON(r *Record) any {
	if r.Fields == nil {
		return nil
	}
	b := r.Fields.AppendJSON(nil)
	if len(b) < 2 || b[0] != ',' {
		return nil
	}
	return "{" + string(b[1:]) + "}"
}

// xlsxCage is a killer cage as its record writes it.
type xlsxCage struct {
	Sum   int   `json:"sum"`
	Cells []int `json:"cells"`
}

// recordCages reads the "cages" among a record's kind fields (nil when
// it has none).
func recordCages(r *Record) ([]xlsxCage, error) {
	js, _ := kindFieldsJSON(r).(string)
	if !strings.Contains(js, `"cages"`) {
		return nil, nil
	}
	var v struct {
		Cages []xlsxCage `json:"cages"`
	}
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		return nil, err
	}
	return v.Cages, nil
}

// cageCells names a cage's cells r1c1 style (row, then column, from 1)
// on a board of side n.
func cageCells(cells []int, n int) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "r%dc%d", c/n+1, c%n+1)
	}
	return b.String()
}

// cageColumns are the Cages sheet's columns: one row per killer cage,
// puzzles_row the row of the cage's record in the Puzzles sheet (ids of
// different runs can be the same; the row never is).
var cageColumns = []xlsxColumn{{"id", 18, nil}, {"cage", 6, nil}, {"sum", 5, nil}, {"cells", 40, nil}, {"count", 6, nil}, {"puzzles_row", 11, nil}}

// intPtr is *p, or nil (an empty cell) when p is nil.
func intPtr(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func zeroNil(v int) any {
	if v == 0 {
		return nil
	}
	return v
}

func zeroNilF(v float64) any {
	if v == 0 {
		return nil
	}
	return v
}

func jsonOrNil(ok bool, v any) any {
	if !ok {
		return nil
	}
	b, err := json.Marshal(v) // map keys come out sorted
	if err != nil {
		return nil
	}
	return string(b)
}

// tierSheet is the sheet name of a tier as Excel allows it: its name in
// the workbook's language, the characters sheet names forbid ([]:*?/\)
// and a leading or trailing apostrophe replaced by '_', cut to 31 UTF-16
// units on a character boundary, and a name the workbook's own sheets use
// ("Puzzles"), or Excel's reserved "History", suffixed (" tier").
func (w sheetWords) tierSheet(tier string) string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return '_'
		}
		return r
	}, w.tier(tier))
	if strings.HasPrefix(name, "'") {
		name = "_" + name[1:]
	}
	name = cutUTF16(name, maxSheetName)
	if strings.HasSuffix(name, "'") {
		name = name[:len(name)-1] + "_"
	}
	suffix := w.tr.Text("workbook.sheet.tier_suffix")
	for _, own := range w.ownSheets() {
		if strings.EqualFold(name, own) {
			name = cutUTF16(name, maxSheetName-utf16Len(suffix)) + suffix
		}
	}
	return name
}

// maxSheetName is the longest sheet name Excel takes, in UTF-16 units.
const maxSheetName = 31

// cutUTF16 cuts s to at most n UTF-16 units without splitting a character.
func cutUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > n {
			return s[:i]
		}
		units += w
	}
	return s
}

// tierSheets names the sheets of tiers (in workbook order): tierSheet's
// name, made unique the way Excel compares names (ignoring case) by a
// " (2)", " (3)" suffix, so two tiers never share a sheet.
func (w sheetWords) tierSheets(tiers []string) []string {
	used := map[string]bool{}
	out := make([]string, len(tiers))
	for i, t := range tiers {
		base := w.tierSheet(t)
		name := base
		for k := 2; used[strings.ToLower(name)]; k++ {
			suffix := fmt.Sprintf(" (%d)", k)
			name = cutUTF16(base, maxSheetName-len(suffix)) + suffix
		}
		used[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

// XLSXWriter builds a workbook from a stream of records: rows go to the
// Puzzles sheet and to their tier's sheet as they come (excelize's stream
// writer spills to temporary files, so memory stays flat); the Summary
// and Grids sheets are written at the end from running counts and the
// first few puzzles.
type XLSXWriter struct {
	o       XLSXOptions
	f       *excelize.File
	puzzles *excelize.StreamWriter
	tiers   map[string]*tierSpool
	rows    int
	grids   []*Record
	// passed counts by kind the records Grids passed over (kinds the
	// sheet does not draw) before it was full.
	passed map[string]int
	hdr    int // header style
	rating int // a rating's style: one decimal
	row    []any
	// Running statistics for the Summary sheet.
	tierCount  map[string]int
	tierRating map[string]*ratingStats
	allRating  *ratingStats // every real rating, for the Total row
	allMoves   *ratingStats // every slide record's moves
	bins       map[int]int  // rating histogram, 0.5-wide bins by index
	unrated    int
	// Slide records: moves (optimal, else the length found) per tier and
	// their histogram.
	tierMoves map[string]*ratingStats
	moves     map[int]int
	// own holds, by kind, the statistics of the kinds rated on a scale
	// of their own (a killer's: see ownScaleKind), kept beside SE's.
	own      map[string]*ownScale
	finished bool
	// words are the workbook's words in its language (XLSXOptions.Lang).
	words sheetWords
	// scratch holds excelize's spool files (removed by Close).
	scratch *outfile.Scratch
	// cages spools the Cages sheet's rows (killer records' cages) as
	// JSON lines until the workbook is finished; nil until one comes.
	cages *tierSpool
}

// tierSpool holds one tier's records, as JSON lines in a temporary file,
// until the workbook is finished: sheets are written in tier order (easy
// to hard) and the order records arrive in is not that. (excelize's
// MoveSheet would re-read every streamed sheet into memory.)
type tierSpool struct {
	f    *os.File
	w    *bufio.Writer
	rows int
}

type ratingStats struct {
	n             int
	min, max, sum float64
}

// add counts v, starting the statistics if st is nil.
func (st *ratingStats) add(v float64) *ratingStats {
	if st == nil {
		st = &ratingStats{min: v, max: v}
	}
	st.n++
	st.sum += v
	st.min = math.Min(st.min, v)
	st.max = math.Max(st.max, v)
	return st
}

// slideMoves is a slide record's move count: the optimum, else the length
// of the solution a bounded search found.
func slideMoves(r *Record) (int, bool) {
	switch {
	case r.Optimal != nil:
		return *r.Optimal, true
	case r.Length != nil:
		return *r.Length, true
	}
	return 0, false
}

// NewXLSXWriter starts a workbook.
func NewXLSXWriter(o XLSXOptions) (*XLSXWriter, error) {
	if o.Grids < 0 {
		return nil, fmt.Errorf("grids %d: expected 0 or more", o.Grids)
	}
	words, err := newSheetWords(o.Lang)
	if err != nil {
		return nil, err
	}
	// excelize spools streamed sheets to files in its TmpDir: a scratch
	// folder of our own is removed on every way out, a forced exit on
	// Ctrl-C included (outfile.RemovePending), not only by Close.
	scratch, err := outfile.NewScratch("sudogen-xlsx")
	if err != nil {
		return nil, fmt.Errorf("xlsx: temporary folder in %s: %s", os.TempDir(), outfile.Reason(err))
	}
	f := excelize.NewFile(excelize.Options{TmpDir: scratch.Path()})
	// The zip's entries go out in a fixed order, at deflate's fastest
	// level (see sortedZip), so the same records give the same bytes.
	f.SetZipWriter(func(w io.Writer) excelize.ZipWriter { return newSortedZip(w) })
	x := &XLSXWriter{o: o, f: f, scratch: scratch, tiers: map[string]*tierSpool{},
		tierCount: map[string]int{}, tierRating: map[string]*ratingStats{}, bins: map[int]int{},
		tierMoves: map[string]*ratingStats{}, moves: map[int]int{}, words: words}
	if err := f.SetSheetName("Sheet1", words.sheet("puzzles")); err != nil {
		return nil, x.fail(err)
	}
	x.hdr, err = f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDE4EE"}},
		Alignment: &excelize.Alignment{Horizontal: "center"},
		Border:    []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}},
	})
	if err != nil {
		return nil, x.fail(err)
	}
	oneDecimal := "0.0"
	if x.rating, err = f.NewStyle(&excelize.Style{CustomNumFmt: &oneDecimal}); err != nil {
		return nil, x.fail(err)
	}
	// The Puzzles sheet's headers are the record's field names.
	if x.puzzles, err = x.startTable(words.sheet("puzzles"), xlsxColumns, func(name string) string { return name }); err != nil {
		return nil, x.fail(err)
	}
	x.row = make([]any, len(xlsxColumns))
	return x, nil
}

func (x *XLSXWriter) fail(err error) error {
	x.f.Close()
	x.scratch.Release()
	return fmt.Errorf("xlsx: %v", err)
}

// startTable opens a stream writer on sheet with the frozen header row,
// each column's header head(its name), and the column widths.
func (x *XLSXWriter) startTable(sheet string, cols []xlsxColumn, head func(name string) string) (*excelize.StreamWriter, error) {
	if err := noDimension(x.f, sheet); err != nil {
		return nil, err
	}
	sw, err := x.f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return nil, err
	}
	// excelize's stream writer puts each column set before those set
	// earlier; Excel wants <col> elements in ascending order, so set them
	// last to first (TestXLSXReproducible checks the order).
	for i := len(cols) - 1; i >= 0; i-- {
		if err := sw.SetColWidth(i+1, i+1, cols[i].shownWidth(head(cols[i].name))); err != nil {
			return nil, err
		}
	}
	hdr := make([]any, len(cols))
	for i, c := range cols {
		hdr[i] = excelize.Cell{StyleID: x.hdr, Value: head(c.name)}
	}
	return sw, sw.SetRow("A1", hdr)
}

// Write adds one record.
func (x *XLSXWriter) Write(r *Record) error {
	if x.finished {
		return fmt.Errorf("xlsx: write after the workbook was finished")
	}
	// Check a copy: CheckRecord fills in a missing sudoku solution.
	c := *r
	if err := checkOnce(&c); err != nil {
		return fmt.Errorf("record %d (id %q): %v", x.rows+1, r.ID, err)
	}
	r = &c
	x.fill(x.row, xlsxColumns, r)
	x.rows++
	cell, _ := excelize.CoordinatesToCellName(1, x.rows+1)
	if err := x.puzzles.SetRow(cell, x.row); err != nil {
		return fmt.Errorf("xlsx: %v", err)
	}
	ts := x.tiers[r.Tier]
	if ts == nil {
		f, err := os.CreateTemp(x.scratch.Path(), "tier-*.jsonl")
		if err != nil {
			return fmt.Errorf("xlsx: %v", x.spoolError(err))
		}
		os.Remove(f.Name()) // unlinked: gone when closed, even after a crash
		ts = &tierSpool{f: f, w: bufio.NewWriterSize(f, 256<<10)}
		x.tiers[r.Tier] = ts
	}
	line, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("xlsx: %v", err)
	}
	ts.w.Write(line)
	if err := ts.w.WriteByte('\n'); err != nil {
		return fmt.Errorf("xlsx: %v", x.spoolError(err))
	}
	ts.rows++
	x.tierCount[r.Tier]++
	// Only real ratings count (a puzzle the grader cannot finish has
	// ER 20.0, which is not one: see realRating).
	if realRating(r) {
		x.tierRating[r.Tier] = x.tierRating[r.Tier].add(r.Rating)
		x.allRating = x.allRating.add(r.Rating)
		x.bins[int(math.Floor(r.Rating*2+1e-9))]++
	} else if isRated(r.Kind) {
		x.unrated++
	}
	if ownScaleKind(r.Kind) {
		x.addOwnScale(r)
	}
	if kindOf(r.Kind).Moves != nil {
		if n, ok := recordMoves(r); ok {
			x.tierMoves[r.Tier] = x.tierMoves[r.Tier].add(float64(n))
			x.allMoves = x.allMoves.add(float64(n))
			x.moves[n]++
		}
	}
	if len(x.grids) < x.o.Grids {
		if gridDrawn(r.Kind) {
			x.grids = append(x.grids, r)
		} else {
			if x.passed == nil {
				x.passed = map[string]int{}
			}
			x.passed[r.Kind]++
		}
	}
	return x.spoolCages(r)
}

// spoolCages adds r's killer cages, if it has any, to the Cages sheet's
// spool: id, cage number (from 1), sum (empty for a cage whose sum is
// hidden: the record has no "sum"), cells r1c1 style, cell count, and the
// record's row in Puzzles (x.rows is its data row; the header is row 1).
func (x *XLSXWriter) spoolCages(r *Record) error {
	cages, err := recordCages(r)
	if err != nil {
		return fmt.Errorf("record %d (id %q): cages: %v", x.rows, r.ID, err)
	}
	if len(cages) == 0 {
		return nil
	}
	if x.cages == nil {
		f, err := os.CreateTemp(x.scratch.Path(), "cages-*.jsonl")
		if err != nil {
			return fmt.Errorf("xlsx: %v", x.spoolError(err))
		}
		os.Remove(f.Name())
		x.cages = &tierSpool{f: f, w: bufio.NewWriterSize(f, 256<<10)}
	}
	for k, cg := range cages {
		line, err := json.Marshal([]any{r.ID, k + 1, zeroNil(cg.Sum), cageCells(cg.Cells, r.Size), len(cg.Cells), x.rows + 1})
		if err != nil {
			return fmt.Errorf("xlsx: %v", err)
		}
		x.cages.w.Write(line)
		if err := x.cages.w.WriteByte('\n'); err != nil {
			return fmt.Errorf("xlsx: %v", x.spoolError(err))
		}
		x.cages.rows++
	}
	return nil
}

// spoolError is an error of a spool file (a tier's records, the cages):
// the spool files are unlinked, so it names the scratch folder they are in
// (a full disk, a folder removed under the run).
func (x *XLSXWriter) spoolError(err error) error {
	return fmt.Errorf("temporary file in %s: %s", x.scratch.Path(), outfile.Reason(err))
}

// cageSheet writes the Cages sheet from its spool.
func (x *XLSXWriter) cageSheet() error {
	sheet := x.words.sheet("cages")
	if _, err := x.f.NewSheet(sheet); err != nil {
		return err
	}
	sw, err := x.startTable(sheet, cageColumns, x.words.header)
	if err != nil {
		return err
	}
	if err := x.cages.w.Flush(); err != nil {
		return x.spoolError(err)
	}
	if _, err := x.cages.f.Seek(0, io.SeekStart); err != nil {
		return x.spoolError(err)
	}
	sc := bufio.NewScanner(x.cages.f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	row := 1
	for sc.Scan() {
		var v []any
		d := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			return x.spoolError(err)
		}
		if len(v) != len(cageColumns) {
			return x.spoolError(fmt.Errorf("a cage row of %d fields, expected %d", len(v), len(cageColumns)))
		}
		for i := range v {
			if n, ok := v[i].(json.Number); ok {
				v[i], _ = n.Int64()
			}
		}
		row++
		cell, _ := excelize.CoordinatesToCellName(1, row)
		if err := sw.SetRow(cell, v); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return x.spoolError(err)
	}
	last, _ := excelize.ColumnNumberToName(len(cageColumns))
	if err := sw.AddTable(&excelize.Table{Range: fmt.Sprintf("A1:%s%d", last, row), Name: "Cages", StyleName: "TableStyleLight1"}); err != nil {
		return err
	}
	return sw.Flush()
}

// WriteTo finishes the workbook (tables, Summary, Grids, sheet order) and
// writes it to w. The writer cannot be used afterwards; call Close.
func (x *XLSXWriter) WriteTo(w io.Writer) (int64, error) {
	if x.finished {
		return 0, fmt.Errorf("xlsx: workbook already written")
	}
	x.finished = true
	if x.rows == 0 {
		return 0, fmt.Errorf("empty corpus: no records for the workbook")
	}
	if err := x.finish(); err != nil {
		return 0, fmt.Errorf("xlsx: %v", err)
	}
	n, err := x.f.WriteTo(w)
	if err != nil {
		return n, fmt.Errorf("xlsx: %v", err)
	}
	if msg := x.gridsNote(); msg != "" && x.o.Note != nil {
		x.o.Note(msg)
	}
	return n, nil
}

// gridsNote says how many records of which kinds the Grids sheet passed
// over, or "" when it passed over none.
func (x *XLSXWriter) gridsNote() string {
	if len(x.passed) == 0 {
		return ""
	}
	kinds := make([]string, 0, len(x.passed))
	n := 0
	for k, c := range x.passed {
		kinds = append(kinds, k)
		n += c
	}
	sort.Slice(kinds, func(i, j int) bool {
		return kindRank(kinds[i]) < kindRank(kinds[j]) || kindRank(kinds[i]) == kindRank(kinds[j]) && kinds[i] < kinds[j]
	})
	records := "records"
	if n == 1 {
		records = "record"
	}
	var drawn []string
	for _, k := range Kinds() {
		if gridDrawn(k) {
			drawn = append(drawn, k)
		}
	}
	return fmt.Sprintf("grids: %d %s %s not drawn: the Grids sheet draws %s boards", n, numfmt.AndList(kinds), records, numfmt.AndList(drawn))
}

// gridDrawn reports whether the Grids sheet draws records of kind: a
// classic grid, tiles, or the board the kind gives the play page.
func gridDrawn(kind string) bool {
	k := kindOf(kind)
	return k.Cells != NoCells || k.Play != nil
}

// Close releases the workbook's temporary files.
func (x *XLSXWriter) Close() error {
	for _, ts := range x.tiers {
		ts.f.Close()
	}
	x.tiers = map[string]*tierSpool{}
	if x.cages != nil {
		x.cages.f.Close()
		x.cages = nil
	}
	err := x.f.Close()
	x.scratch.Release()
	return err
}

func (x *XLSXWriter) lastCol() string {
	name, _ := excelize.ColumnNumberToName(len(xlsxColumns))
	return name
}

func (x *XLSXWriter) finish() error {
	last := x.lastCol()
	// An Excel table gives each data sheet its autofilter.
	if err := x.puzzles.AddTable(&excelize.Table{Range: fmt.Sprintf("A1:%s%d", last, x.rows+1), Name: "Puzzles", StyleName: "TableStyleLight1"}); err != nil {
		return err
	}
	if err := x.puzzles.Flush(); err != nil {
		return err
	}
	tiers := make([]string, 0, len(x.tiers))
	for t := range x.tiers {
		tiers = append(tiers, t)
	}
	sort.Slice(tiers, func(i, j int) bool { return tierLess(tiers[i], tiers[j]) })
	for i, name := range x.words.tierSheets(tiers) {
		if err := x.tierSheet(tiers[i], name, "Tier_"+strconv.Itoa(i+1)); err != nil {
			return err
		}
	}
	if err := x.summary(tiers); err != nil {
		return err
	}
	if len(x.grids) > 0 {
		if err := x.gridSheet(); err != nil {
			return err
		}
	}
	if x.cages != nil {
		if err := x.cageSheet(); err != nil {
			return err
		}
	}
	return x.f.SetDocProps(&excelize.DocProperties{Creator: "sudogen", Title: "sudogen corpus", Created: "2000-01-01T00:00:00Z", Modified: "2000-01-01T00:00:00Z"})
}

// tierSheet writes the sheet of tier t, named name, from its spool.
func (x *XLSXWriter) tierSheet(t, name, table string) error {
	ts := x.tiers[t]
	if _, err := x.f.NewSheet(name); err != nil {
		return err
	}
	sw, err := x.startTable(name, tierColumns, x.words.header)
	if err != nil {
		return err
	}
	if err := ts.w.Flush(); err != nil {
		return x.spoolError(err)
	}
	if _, err := ts.f.Seek(0, io.SeekStart); err != nil {
		return x.spoolError(err)
	}
	sc := bufio.NewScanner(ts.f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	row := 1
	for sc.Scan() {
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return x.spoolError(err)
		}
		vals := x.row[:len(tierColumns)]
		x.fill(vals, tierColumns, &r)
		row++
		cell, _ := excelize.CoordinatesToCellName(1, row)
		if err := sw.SetRow(cell, vals); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return x.spoolError(err)
	}
	last, _ := excelize.ColumnNumberToName(len(tierColumns))
	if err := sw.AddTable(&excelize.Table{Range: fmt.Sprintf("A1:%s%d", last, row), Name: table, StyleName: "TableStyleLight1"}); err != nil {
		return err
	}
	return sw.Flush()
}

// summary writes counts per tier, the rating histogram and its chart.
func (x *XLSXWriter) summary(tiers []string) error {
	w := x.words
	s := w.sheet("summary")
	if _, err := x.f.NewSheet(s); err != nil {
		return err
	}
	if err := noDimension(x.f, s); err != nil {
		return err
	}
	set := func(cell string, v any) error { return x.f.SetCellValue(s, cell, v) }
	bold, err := x.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	title, err := x.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 14}})
	if err != nil {
		return err
	}
	num1, err := x.f.NewStyle(&excelize.Style{NumFmt: 2}) // 0.00
	if err != nil {
		return err
	}
	// Counts show thousands separators (10,000), as stats prints them,
	// and stay numbers; a rating shows its one decimal (2.0, not 2).
	count, err := x.f.NewStyle(&excelize.Style{NumFmt: 3}) // #,##0
	if err != nil {
		return err
	}
	boldCount, err := x.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, NumFmt: 3})
	if err != nil {
		return err
	}
	if err := set("A1", s); err != nil {
		return err
	}
	x.f.SetCellStyle(s, "A1", "A1", title)
	set("A2", w.summary("puzzles"))
	set("B2", x.rows)
	x.f.SetCellStyle(s, "B2", "B2", count)
	heads := []string{w.summary("tier"), w.summary("count"), w.summary("rating_min"), w.summary("rating_max"), w.summary("rating_mean")}
	own := x.ownKinds()
	if len(own) > 0 {
		// Sudoku Explainer's ratings, named so beside a kind's own scale.
		heads = []string{w.summary("tier"), w.summary("count"), w.summary("se_rating_min"), w.summary("se_rating_max"), w.summary("se_rating_mean")}
	}
	if len(x.tierMoves) > 0 {
		heads = append(heads, w.summary("moves_min"), w.summary("moves_max"), w.summary("moves_mean"))
	}
	// The columns of each kind rated on its own scale (a killer's), from
	// ownCol[i] on: its puzzles per tier and their ratings on its scale.
	ownCol := make([]int, len(own))
	for i, k := range own {
		ownCol[i] = len(heads) + 1
		heads = append(heads, w.ownScaleHeads(k)...)
	}
	for i, h := range heads {
		cell, _ := excelize.CoordinatesToCellName(i+1, 4)
		set(cell, h)
	}
	lastHead, _ := excelize.CoordinatesToCellName(len(heads), 4)
	x.f.SetCellStyle(s, "A4", lastHead, bold)
	row := 5
	// A row per tier, then the Total row with the same statistics over
	// every record.
	statsRow := func(row int, name string, count int, rating, moves *ratingStats) {
		set(fmt.Sprintf("A%d", row), name)
		set(fmt.Sprintf("B%d", row), count)
		if rating != nil {
			set(fmt.Sprintf("C%d", row), rating.min)
			set(fmt.Sprintf("D%d", row), rating.max)
			set(fmt.Sprintf("E%d", row), rating.sum/float64(rating.n))
		}
		if moves != nil {
			set(fmt.Sprintf("F%d", row), moves.min)
			set(fmt.Sprintf("G%d", row), moves.max)
			set(fmt.Sprintf("H%d", row), moves.sum/float64(moves.n))
		}
	}
	for _, t := range tiers {
		statsRow(row, w.tier(t), x.tierCount[t], x.tierRating[t], x.tierMoves[t])
		for i, k := range own {
			x.ownScaleRow(s, ownCol[i], row, x.own[k], t, false)
		}
		row++
	}
	statsRow(row, w.summary("total"), x.rows, x.allRating, x.allMoves)
	for i, k := range own {
		x.ownScaleRow(s, ownCol[i], row, x.own[k], "", true)
	}
	x.f.SetCellStyle(s, "B5", fmt.Sprintf("B%d", row), count)
	x.f.SetCellStyle(s, "C5", fmt.Sprintf("D%d", row), x.rating)
	x.f.SetCellStyle(s, "E5", fmt.Sprintf("E%d", row), num1)
	x.f.SetCellStyle(s, "F5", fmt.Sprintf("G%d", row), count)
	x.f.SetCellStyle(s, "H5", fmt.Sprintf("H%d", row), num1)
	x.f.SetCellStyle(s, fmt.Sprintf("A%d", row), fmt.Sprintf("A%d", row), bold)
	x.f.SetCellStyle(s, fmt.Sprintf("B%d", row), fmt.Sprintf("B%d", row), boldCount)
	x.f.SetColWidth(s, "A", "A", 14)
	x.f.SetColWidth(s, "B", "H", 12)
	x.widenSummary(s, tiers, heads, len(heads)-4*len(own))
	for i, k := range own {
		x.ownScaleStyles(s, k, ownCol[i], 5, row, count, boldCount, num1)
	}
	row += 2

	// The histogram: 0.5-wide bins from the lowest rating to the highest.
	hist := row
	seHead, seTitle := w.summary("rating"), w.summary("by_rating")
	if len(own) > 0 {
		seHead, seTitle = w.summary("se_rating"), w.summary("by_se_rating")
	}
	// A workbook of kinds rated on their own scale only (killers) has no
	// SE histogram: theirs starts in column A.
	seHist := len(own) == 0 || len(x.bins) > 0 || x.unrated > 0
	first, last := 0, -1
	if seHist {
		first, last = x.ratingHistogram(s, 1, hist, seHead, w.summary("puzzles"), x.bins, x.unrated, bold, count)
	}
	// The charts stack in column J, or right of the last histogram.
	ownHist := 4 // the first own-scale histogram's column: D, or G beside moves'
	switch {
	case len(x.moves) > 0:
		ownHist = 7
	case !seHist:
		ownHist = 1
	}
	chartCol, _ := excelize.ColumnNumberToName(max(10, ownHist+3*len(own)+1))
	chartRow := 4
	nextChart := func() string {
		at := fmt.Sprintf("%s%d", chartCol, chartRow)
		chartRow += 22
		return at
	}
	if len(x.moves) > 0 {
		// The moves histogram of the slide records, in D:E beside the
		// rating's, at most about 30 bins.
		set(fmt.Sprintf("D%d", hist), w.summary("moves"))
		set(fmt.Sprintf("E%d", hist), w.summary("puzzles"))
		x.f.SetCellStyle(s, fmt.Sprintf("D%d", hist), fmt.Sprintf("E%d", hist), bold)
		lo, hi := math.MaxInt, math.MinInt
		for n := range x.moves {
			lo, hi = min(lo, n), max(hi, n)
		}
		bin := max(1, (hi-lo+30)/30)
		lo -= lo % bin
		mrow := hist + 1
		for b := lo; b <= hi; b += bin {
			label := strconv.Itoa(b)
			if bin > 1 {
				label = fmt.Sprintf("%d–%d", b, b+bin-1)
			}
			k := 0
			for n := b; n < b+bin; n++ {
				k += x.moves[n]
			}
			set(fmt.Sprintf("D%d", mrow), label)
			set(fmt.Sprintf("E%d", mrow), k)
			mrow++
		}
		x.f.SetCellStyle(s, fmt.Sprintf("E%d", hist+1), fmt.Sprintf("E%d", mrow-1), count)
		err := x.histogramChart(s, nextChart(), 4, hist, hist+1, mrow-1, w.summary("by_moves"), w.summary("axis_moves"))
		if err != nil {
			return err
		}
	}
	if last >= first {
		if err := x.histogramChart(s, nextChart(), 1, hist, first, last, seTitle, w.summary("axis_rating")); err != nil {
			return err
		}
	}
	// Each kind rated on its own scale: its histogram beside the others,
	// and its chart.
	for i, k := range own {
		o, col := x.own[k], ownHist+3*i
		head := w.own(k, "rating")
		if col == 1 {
			x.f.SetColWidth(s, "A", "A", float64(cellWidth(head)+2))
		}
		first, last := x.ratingHistogram(s, col, hist, head, w.scale(k, "puzzles"), o.bins, o.unrated, bold, count)
		if last >= first {
			if err := x.histogramChart(s, nextChart(), col, hist, first, last, w.scale(k, "chart"), w.own(k, "axis")); err != nil {
				return err
			}
		}
	}
	return nil
}

// widenSummary widens a column of the Summary's table (A for the tier
// names, then the first n heads' columns) whose widest text is more
// than two characters wider than it: a translated head ("Difficulté SE
// moyenne") or a long tier name ("Jenseits der Skala") was cut short by
// the next cell. English's words fit the widths as they are (within the
// two characters a column shows of text wider than it).
func (x *XLSXWriter) widenSummary(s string, tiers, heads []string, n int) {
	w := x.words
	widest := make([]int, n)
	labels := []string{heads[0], w.summary("puzzles"), w.summary("total")}
	for _, t := range tiers {
		labels = append(labels, w.tier(t))
	}
	for _, l := range labels {
		widest[0] = max(widest[0], cellWidth(l))
	}
	for i := 1; i < n; i++ {
		widest[i] = cellWidth(heads[i])
	}
	for i, text := range widest {
		width := 12
		if i == 0 {
			width = 14
		}
		if text > width+2 {
			name, _ := excelize.ColumnNumberToName(i + 1)
			x.f.SetColWidth(s, name, name, float64(text+1))
		}
	}
}

// XLSXFile is a workbook sink writing to a file: records stream in with
// Write, Close writes the workbook under a temporary name and renames it.
type XLSXFile struct {
	x    *XLSXWriter
	path string
	done bool
}

// CreateXLSX starts a workbook that Close writes to path. It checks the
// folder first so a run does not discover an unwritable output at the end.
func CreateXLSX(path string, o XLSXOptions) (*XLSXFile, error) {
	if err := checkOutputPath(path); err != nil {
		return nil, err
	}
	x, err := NewXLSXWriter(o)
	if err != nil {
		return nil, err
	}
	return &XLSXFile{x: x, path: path}, nil
}

// Write adds one record.
func (xf *XLSXFile) Write(r *Record) error { return xf.x.Write(r) }

// Close finishes the workbook and writes it to its path.
func (xf *XLSXFile) Close() error {
	if xf.done {
		return nil
	}
	xf.done = true
	defer xf.x.Close()
	out, err := createAtomic(xf.path)
	if err != nil {
		return err
	}
	if _, err := xf.x.WriteTo(out); err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
}

// Abort drops the workbook without writing it.
func (xf *XLSXFile) Abort() error {
	if xf.done {
		return nil
	}
	xf.done = true
	return xf.x.Close()
}

// WriteXLSX writes recs as a workbook to w.
func WriteXLSX(w io.Writer, recs []*Record, o XLSXOptions) error {
	x, err := NewXLSXWriter(o)
	if err != nil {
		return err
	}
	defer x.Close()
	for _, r := range recs {
		if err := x.Write(r); err != nil {
			return err
		}
	}
	_, err = x.WriteTo(w)
	return err
}
