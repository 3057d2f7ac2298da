package export

import (
	"fmt"
	"math"
	"sort"

	"github.com/xuri/excelize/v2"
)

// ownScale is the Summary sheet's statistics of the records of one kind
// rated on a scale of its own (a killer's), kept apart from Sudoku
// Explainer's: its records per tier, their ratings per tier and in all,
// the 0.5-wide rating histogram and the records without a rating.
type ownScale struct {
	tierCount  map[string]int
	tierRating map[string]*ratingStats
	count      int
	all        *ratingStats
	bins       map[int]int
	unrated    int
}

// ownScaleKind reports whether kind's records are rated on a scale of
// its own: not SE's (Rated), not measured in moves, and with grading
// rules of its own that are not SE's (a killer's, 1.0 to 20.0 on the
// killer ladder).
func ownScaleKind(kind string) bool {
	k := kindOf(kind)
	return !k.Rated && k.Moves == nil && k.Grading != nil && !k.Grading.SE
}

// addOwnScale counts r, a record of a kind rated on its own scale.
func (x *XLSXWriter) addOwnScale(r *Record) {
	if x.own == nil {
		x.own = map[string]*ownScale{}
	}
	o := x.own[r.Kind]
	if o == nil {
		o = &ownScale{tierCount: map[string]int{}, tierRating: map[string]*ratingStats{}, bins: map[int]int{}}
		x.own[r.Kind] = o
	}
	o.count++
	o.tierCount[r.Tier]++
	if r.Rating > 0 && r.Rating < beyondER && r.Tier != "beyond" {
		o.tierRating[r.Tier] = o.tierRating[r.Tier].add(r.Rating)
		o.all = o.all.add(r.Rating)
		o.bins[int(math.Floor(r.Rating*2+1e-9))]++
	} else {
		o.unrated++
	}
}

// ownKinds are the kinds rated on their own scale the workbook holds,
// by name.
func (x *XLSXWriter) ownKinds() []string {
	kinds := make([]string, 0, len(x.own))
	for k := range x.own {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return kinds
}

// ownScaleHeads are the Summary's column heads of kind's statistics:
// its puzzles per tier and their ratings on its scale ("Killer puzzles",
// "Rating min (killer scale)", ...).
func (w sheetWords) ownScaleHeads(kind string) []string {
	return []string{w.scale(kind, "puzzles"), w.own(kind, "rating_min"), w.own(kind, "rating_max"), w.own(kind, "rating_mean")}
}

// ownScaleRow writes, from column col of row, the puzzles of o in the
// tier (every tier for the Total row: tier "", total true) and their
// ratings' minimum, maximum and mean.
func (x *XLSXWriter) ownScaleRow(sheet string, col, row int, o *ownScale, tier string, total bool) {
	n, st := o.tierCount[tier], o.tierRating[tier]
	if total {
		n, st = o.count, o.all
	}
	set := func(c int, v any) { x.f.SetCellValue(sheet, cellName(c, row), v) }
	set(col, n)
	if st != nil {
		set(col+1, st.min)
		set(col+2, st.max)
		set(col+3, st.sum/float64(st.n))
	}
}

// ownScaleStyles styles kind's columns from col, rows first to last:
// counts with thousands separators (bold on the Total row, last), min
// and max with one decimal, the mean with two; each column as wide as
// its head.
func (x *XLSXWriter) ownScaleStyles(sheet, kind string, col, first, last, count, boldCount, num1 int) {
	x.f.SetCellStyle(sheet, cellName(col, first), cellName(col, last), count)
	x.f.SetCellStyle(sheet, cellName(col, last), cellName(col, last), boldCount)
	x.f.SetCellStyle(sheet, cellName(col+1, first), cellName(col+2, last), x.rating)
	x.f.SetCellStyle(sheet, cellName(col+3, first), cellName(col+3, last), num1)
	for i, h := range x.words.ownScaleHeads(kind) {
		name, _ := excelize.ColumnNumberToName(col + i)
		x.f.SetColWidth(sheet, name, name, float64(cellWidth(h)+2))
	}
}

// ratingHistogram writes a 0.5-wide rating histogram in columns col and
// col+1 from row hist: the heads head and "Puzzles" (countHead), a row a
// bin from the lowest rating to the highest, then a "no rating" row for
// unrated records. first and last are the rows of the bins (last <
// first for none); the "no rating" row is not among them.
func (x *XLSXWriter) ratingHistogram(sheet string, col, hist int, head, countHead string, bins map[int]int, unrated, bold, count int) (first, last int) {
	x.f.SetCellValue(sheet, cellName(col, hist), head)
	x.f.SetCellValue(sheet, cellName(col+1, hist), countHead)
	x.f.SetCellStyle(sheet, cellName(col, hist), cellName(col+1, hist), bold)
	row := hist + 1
	first = row
	if len(bins) > 0 {
		lo, hi := math.MaxInt, math.MinInt
		for b := range bins {
			lo, hi = min(lo, b), max(hi, b)
		}
		for b := lo; b <= hi; b++ {
			x.f.SetCellValue(sheet, cellName(col, row), x.words.decimal(float64(b)/2)+"–"+x.words.decimal(float64(b)/2+0.4))
			x.f.SetCellValue(sheet, cellName(col+1, row), bins[b])
			row++
		}
	}
	last = row - 1
	lastCount := last
	if unrated > 0 {
		x.f.SetCellValue(sheet, cellName(col, row), x.words.summary("no_rating"))
		x.f.SetCellValue(sheet, cellName(col+1, row), unrated)
		lastCount = row
	}
	if lastCount >= first {
		x.f.SetCellStyle(sheet, cellName(col+1, first), cellName(col+1, lastCount), count)
	}
	return first, last
}

// histogramChart charts a histogram (ratingHistogram's, the moves') in columns
// col and col+1 (heads at row hist, bins first to last) at cell at.
func (x *XLSXWriter) histogramChart(sheet, at string, col, hist, first, last int, title, axis string) error {
	c, _ := excelize.ColumnNumberToName(col)
	v, _ := excelize.ColumnNumberToName(col + 1)
	ref := sheetRef(sheet)
	return x.f.AddChart(sheet, at, &excelize.Chart{
		Type: excelize.Col,
		Series: []excelize.ChartSeries{{
			Name:       fmt.Sprintf("%s!$%s$%d", ref, v, hist),
			Categories: fmt.Sprintf("%s!$%s$%d:$%s$%d", ref, c, first, c, last),
			Values:     fmt.Sprintf("%s!$%s$%d:$%s$%d", ref, v, first, v, last),
		}},
		Title:  excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: title}}},
		Legend: excelize.ChartLegend{Position: "none"},
		XAxis:  excelize.ChartAxis{Title: excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: axis}}}},
		YAxis:  excelize.ChartAxis{Title: excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: x.words.summary("axis_puzzles")}}}},
		Format: excelize.GraphicOptions{ScaleX: 1.3, ScaleY: 1.2},
	})
}

// cellName names the cell of column c and row r (both from 1): "B4".
func cellName(c, r int) string {
	s, _ := excelize.CoordinatesToCellName(c, r)
	return s
}
