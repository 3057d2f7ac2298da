package killer

import (
	"math"
	"slices"
	"strconv"

	"github.com/sudogen/sudogen/export"
)

// The cage-sum reference table a killer book prints under its how-to-play
// text, as published killer books do: for each cage size, each sum and
// every set of distinct digits that makes it, computed from Combos for
// the digits of the book's killers (1-9, 1-8, 1-6). A sum with a single
// set is bold. When the whole table does not fit the room left on the
// page, the larger cages list only their single-set sums (the note under
// the title says from which size on), and when even that does not fit a
// book of several sizes, the smaller digit ranges are left out: the table
// is laid out at the most detail that fits, then in the largest type (9
// to 7 pt; 14 to 11 pt in large print), in columns each as wide as its
// widest line, none wrapped.

// tableRow is one sum of a cage size and its digit sets.
type tableRow struct {
	sum    int
	combos []string // each set's digits in increasing order, e.g. "1259"
}

// tableGroup is the rows of one cage size for digits 1..n; only says it
// lists just the sums with a single set.
type tableGroup struct {
	n, size int
	only    bool
	rows    []tableRow
}

// cageTableRows lists, for digits 1..n and cages of size cells, every sum
// a cage can have with its digit sets (only: just the sums with a single
// set), in increasing sum.
func cageTableRows(n, size int, only bool) []tableRow {
	lo, hi, err := SumRange(n, size)
	if err != nil {
		return nil // no cage of that size: no rows
	}
	var rows []tableRow
	for s := lo; s <= hi; s++ {
		cs := Combos(n, size, s)
		if len(cs) == 0 || only && len(cs) != 1 {
			continue
		}
		row := tableRow{sum: s}
		for _, m := range cs {
			row.combos = append(row.combos, digitsString(m))
		}
		slices.Sort(row.combos)
		rows = append(rows, row)
	}
	return rows
}

// tableSizes are the digit counts of the killers in recs that have a
// table (n up to MaxN and at least 3: a cage is smaller than a house),
// largest first.
func tableSizes(recs []*export.Record) []int {
	var ns []int
	for _, r := range recs {
		if r.Size >= 3 && r.Size <= MaxN && !slices.Contains(ns, r.Size) {
			ns = append(ns, r.Size)
		}
	}
	slices.Sort(ns)
	slices.Reverse(ns)
	return ns
}

// tableGroups is the table at one level of detail: cages of up to full
// cells list every sum, larger ones only the sums with a single set.
func tableGroups(ns []int, full int) []tableGroup {
	var gs []tableGroup
	for _, n := range ns {
		for size := 2; size < n; size++ {
			only := size > full
			gs = append(gs, tableGroup{n: n, size: size, only: only, rows: cageTableRows(n, size, only)})
		}
	}
	return gs
}

// tableLine is one line of the laid-out table: a heading (text set) or
// a row.
type tableLine struct {
	text  string // a heading; "" for a row
	row   tableRow
	width float64 // at 1 pt
	gap   bool    // a heading: space above it unless at a column's top
}

// tablePlace is where a line goes: its column and its top from the top
// of the columns.
type tablePlace struct {
	col int
	top float64
}

// tableLayout is a table set at one size: its lines, where each goes,
// the columns' widths and the height of the tallest.
type tableLayout struct {
	size   float64
	lines  []tableLine
	places []tablePlace
	widths []float64
	height float64
}

// cageTable is the killers' Figure: the reference table under the
// how-to-play text in the box at (x, y), w wide and h high; it returns
// the height drawn, 0 when even the single-set sums do not fit (or the
// book leaves the table out).
func cageTable(c *export.Canvas, recs []*export.Record, x, y, w, h float64) float64 {
	if !c.CageTable {
		return 0
	}
	ns := tableSizes(recs)
	if len(ns) == 0 {
		return 0
	}
	tr := c.Lang()
	big, small := 9.0, 7.0
	if c.LargePrint {
		big, small = 14, 11
	}
	title := tr.Text("book.killer.table_title")
	a, d := c.Extents(true)
	ar, _ := c.Extents(false)
	// The digit ranges of the book, all of them, else the largest ones
	// that fit.
	for k := len(ns); k >= 1; k-- {
		for _, full := range tableLevels(ns[0]) {
			note := tableNote(tr, full, ns[0])
			lines := tableLines(c, tr, tableGroups(ns[:k], full), k > 1)
			for size := big; size >= small; size -= 0.5 {
				titleSize := size * 1.25
				noteLines := c.Wrap(note, false, size, w)
				headH := titleSize*(a+d) + size*0.4 + float64(len(noteLines))*size*lineLead + size*0.6
				lay, ok := layoutTable(lines, size, w, h-headH-size*0.5) // clear of the page number
				if !ok {
					continue
				}
				c.PDF().SetTextColor(0, 0, 0)
				c.Text(true, titleSize, x, y+titleSize*a, title)
				ty := y + titleSize*(a+d) + size*0.4
				for i, ln := range noteLines {
					c.Text(false, size, x, ty+size*ar+float64(i)*size*lineLead, ln)
				}
				drawTable(c, lay, x, y+headH)
				return headH + lay.height
			}
		}
	}
	return 0
}

// tableLevels are the levels of detail tried, most first: every sum of
// every cage size (cells 2..n-1), then every sum of cages up to 4, 3, 2
// cells and the single-set sums of the larger ones, then single-set sums
// alone.
func tableLevels(n int) []int {
	levels := []int{n - 1}
	for _, l := range []int{4, 3, 2, 1} {
		if l < n-1 {
			levels = append(levels, l)
		}
	}
	return levels
}

// tableLines are the table's lines, headings and rows, with their widths
// at 1 pt.
func tableLines(c *export.Canvas, tr *export.Language, groups []tableGroup, blocks bool) []tableLine {
	var lines []tableLine
	last := 0
	for _, g := range groups {
		gap := true
		if blocks && g.n != last {
			t := tr.Text("book.killer.table_digits", "n", g.n)
			lines = append(lines, tableLine{text: t, gap: last != 0, width: c.TextWidth(true, 1, t)})
			last, gap = g.n, false
		}
		t := tr.Plural("book.killer.table_cells", g.size)
		lines = append(lines, tableLine{text: t, gap: gap, width: c.TextWidth(true, 1, t)})
		for _, r := range g.rows {
			lines = append(lines, tableLine{row: r, width: rowWidth(c, r)})
		}
	}
	return lines
}

// Row geometry, in ems: the sum right-aligned in a gutter as wide as two
// digits, then the sets, sumGap after the gutter and comboGap apart.
const (
	sumGap   = 0.7
	comboGap = 0.9
	colGap   = 2.2
	lineLead = 1.3
)

// digitWidth is the width of s in the puzzles' digit face (Go Regular,
// or Go Bold) at size: the table's sums and sets are set in it, as the
// grids' digits are, so a sum is bold whatever font the book's text uses
// (a --font without a bold face would lose it).
func digitWidth(c *export.Canvas, bold bool, size float64, s string) float64 {
	pdf := c.PDF()
	pdf.SetFont(digitFace(bold), "", size)
	return pdf.GetStringWidth(s)
}

func digitFace(bold bool) string {
	if bold {
		return export.FontBold
	}
	return export.FontRegular
}

// rowWidth is the width of row at 1 pt.
func rowWidth(c *export.Canvas, r tableRow) float64 {
	w := digitWidth(c, true, 1, "88") + sumGap
	for i, s := range r.combos {
		if i > 0 {
			w += comboGap
		}
		w += digitWidth(c, false, 1, s)
	}
	return w
}

// lineHeight is the height of line at size when it does not start a
// column.
func (ln tableLine) height(size float64, top bool) float64 {
	h := size * lineLead
	if ln.gap && !top {
		h += size * 0.5
	}
	return h
}

// layoutTable sets lines at size in columns of at most h high whose
// widths, each its widest line, and the gaps between them add up to at
// most w: a column for each cage size when they fit, else the shortest
// columns that do, every heading in the column of the line under it. ok
// is false when no height does.
func layoutTable(lines []tableLine, size, w, h float64) (tableLayout, bool) {
	lead := size * lineLead
	if h < lead*2 {
		return tableLayout{}, false
	}
	steps := int(h / lead)
	for _, split := range []bool{true, false} {
		for k := 2; k <= steps; k++ {
			lay, ok := flowTable(lines, size, float64(k)*lead, split)
			if !ok {
				continue
			}
			total := float64(len(lay.widths)-1) * colGap * size
			for _, cw := range lay.widths {
				total += cw
			}
			if total <= w {
				return lay, true
			}
			if split {
				break // taller columns do not make a column per size narrower
			}
		}
	}
	return tableLayout{}, false
}

// flowTable fills columns of height colH top to bottom, left to right;
// with split, each cage size starts a column. A heading moves to the
// next column with the line under it; ok is false when a heading and its
// first row (with split, a cage size's lines) do not fit one column.
func flowTable(lines []tableLine, size, colH float64, split bool) (tableLayout, bool) {
	lay := tableLayout{size: size, lines: lines, places: make([]tablePlace, len(lines)), widths: []float64{0}}
	col, y := 0, 0.0
	for i := 0; i < len(lines); {
		// A unit: the headings from i and the row under them.
		j := i
		for j < len(lines) && lines[j].text != "" {
			j++
		}
		if j < len(lines) {
			j++
		}
		unitH := func(top bool) float64 {
			s := 0.0
			for k := i; k < j; k++ {
				s += lines[k].height(size, top && k == i)
			}
			return s
		}
		if y > 0 && (y+unitH(false) > colH+1e-9 || split && lines[i].text != "") {
			if split && lines[i].text == "" {
				return lay, false // a cage size longer than a column
			}
			col, y = col+1, 0
			lay.widths = append(lay.widths, 0)
		}
		if unitH(y == 0) > colH+1e-9 {
			return lay, false
		}
		for k := i; k < j; k++ {
			if lines[k].gap && y > 0 {
				y += size * 0.5
			}
			lay.places[k] = tablePlace{col: col, top: y}
			y += size * lineLead
			lay.widths[col] = math.Max(lay.widths[col], lines[k].width*size)
			lay.height = math.Max(lay.height, y)
		}
		i = j
	}
	return lay, true
}

// drawTable draws a laid-out table with its columns' tops at y.
func drawTable(c *export.Canvas, lay tableLayout, x, y float64) {
	size := lay.size
	a, _ := c.Extents(false)
	xs := make([]float64, len(lay.widths))
	for i := 1; i < len(xs); i++ {
		xs[i] = xs[i-1] + lay.widths[i-1] + colGap*size
	}
	gutter := digitWidth(c, true, size, "88")
	pdf := c.PDF()
	for i, ln := range lay.lines {
		p := lay.places[i]
		lx := x + xs[p.col]
		base := y + p.top + size*a
		if ln.text != "" {
			c.Text(true, size, lx, base, ln.text)
			continue
		}
		s := strconv.Itoa(ln.row.sum)
		one := len(ln.row.combos) == 1
		w := digitWidth(c, one, size, s) // sets the face too
		pdf.Text(lx+gutter-w, base, s)
		cx := lx + gutter + sumGap*size
		pdf.SetFont(digitFace(false), "", size)
		for _, cs := range ln.row.combos {
			pdf.Text(cx, base, cs)
			cx += pdf.GetStringWidth(cs) + comboGap*size
		}
	}
}

// tableNote is the note under the cage table's title when cages of full
// cells or fewer list every set and larger ones only the sums with one,
// for digits 1 to n: what a line gives, then which sums are left out (its
// sentences joined as the language joins them, see export.Sentences).
func tableNote(tr *export.Language, full, n int) string {
	note := tr.Text("book.killer.table_note")
	switch {
	case full == 1:
		note = export.Sentences(note, tr.Text("book.killer.table_note_all"))
	case full < n-1:
		note = export.Sentences(note, tr.Text("book.killer.table_note_one", "n", full+1))
	}
	return note
}
