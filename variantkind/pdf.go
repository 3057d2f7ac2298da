package variantkind

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/variant"
)

// The PDF board of variant records, drawn the way published variant books
// draw them: the extra houses shaded (X's diagonals, Windoku's windows,
// the asterisk, girandola and center-dot cells), thick lines around boxes
// or jigsaw regions, Samurai's five grids on one frame with its unused
// corners left blank; constraint variants (anti-knight, anti-king,
// non-consecutive, disjoint groups) carry no marks and are explained on
// the how-to page.
//
// This file's init runs after kind.go's (files initialise in name order),
// so RegisterBoard adds the board to the kind registered there.
func init() {
	export.RegisterBoard(Name, export.Board{
		Check:        checkBoard,
		Cells:        func(r *export.Record) int { return boardSide(r) },
		Draw:         drawVariant,
		Rules:        variantRules,
		Section:      variantSection,
		SectionKey:   sectionKey,
		Title:        "Sudoku Variants",
		Keywords:     "sudoku variants, logic puzzles",
		MoreKeywords: variantKeywords,
	})
}

// variantKeywords are the book's variants as search terms
// (book.variant.keyword), in the order of its sections.
func variantKeywords(tr *export.Language, recs []*export.Record) []string {
	var kw []string
	for _, v := range heldVariants(recs) {
		kw = append(kw, tr.Text("book.variant.keyword."+ruleKey(v)))
	}
	return kw
}

// heldVariants lists the variants of recs (in book order) in the order
// of the book's sections: each record's variants in the catalogue's
// order (variant.Names), each variant where it first appears.
func heldVariants(recs []*export.Record) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range recs {
		for _, v := range catalogueOrder(r) {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// catalogueOrder lists r's variants in the catalogue's order
// (variant.Names), whatever the record's.
func catalogueOrder(r *export.Record) []string {
	f := FieldsOf(r)
	if f == nil {
		return nil
	}
	var out []string
	for _, v := range variant.Names {
		if slices.Contains(f.Variants, v) {
			out = append(out, v)
		}
	}
	return out
}

// sectionKey orders variant sections by the catalogue, the same in every
// language: each variant's place in variant.Names, two digits each, so
// X ("00") comes before X with anti-knight ("00 06") and Windoku ("01").
func sectionKey(r *export.Record) string {
	var parts []string
	for _, v := range catalogueOrder(r) {
		parts = append(parts, fmt.Sprintf("%02d", slices.Index(variant.Names, v)))
	}
	return strings.Join(parts, " ")
}

// shadedKinds are the house kinds a book shades.
var shadedKinds = map[string]bool{"diagonal": true, "window": true, "asterisk": true, "girandola": true, "center-dot": true}

// boardSide is the number of cells along the side of r's frame.
func boardSide(r *export.Record) int {
	if f := FieldsOf(r); f != nil && IsSamurai(f.Variants) {
		return samurai().Rows()
	}
	return r.Size
}

// checkBoard refuses what a book cannot print (check has already checked
// the record).
func checkBoard(r *export.Record, answer bool) error {
	f := FieldsOf(r)
	if f == nil {
		return errors.New(`variant record has no "variants"`)
	}
	g, err := Geometry(f.Variants, r.Size, f.Regions)
	if err != nil {
		return err
	}
	if g.Rows() != g.Cols() {
		return fmt.Errorf("%s: the board is not square", g.Name)
	}
	if answer && len(r.Solution) != g.Cells() {
		return errors.New("no solution for the answer key (use --solutions none to print without one)")
	}
	return nil
}

// variantRules is the how-to-play text: the rules every variant keeps,
// then a sentence for each variant the book holds, what the rating is,
// what Beyond means when a puzzle is beyond, and how the key reads.
func variantRules(tr *export.Language, recs []*export.Record, key bool) []string {
	beyond := false
	for _, r := range recs {
		beyond = beyond || r.Tier == "beyond"
	}
	paras := []string{export.Sentences(tr.Text("book.variant.rules"), variantSizes(tr, recs))}
	for _, v := range heldVariants(recs) {
		paras = append(paras, tr.Text("book.variant.rule."+ruleKey(v)))
	}
	paras = append(paras, tr.Text("book.variant.rating"))
	if beyond {
		// the same paragraph as a sudoku book's: the book prints it once
		paras = append(paras, tr.Text("book.sudoku.beyond"))
	}
	if key {
		paras = append(paras, tr.Text("book.variant.key"))
	}
	return paras
}

// variantSizes names the sizes of the book's variant grids and their
// symbols, as a sudoku book does ("This book's grids are 9×9 (digits 1 to
// 9) and 12×12 (boxes of 3 rows by 4 columns; 1 to 9, then A to C for 10
// to 12)."): the rule speaks of digits, and a 12x12 grid's letters need
// saying. A jigsaw's regions are not boxes; a Samurai's grids are 9×9.
func variantSizes(tr *export.Language, recs []*export.Record) string {
	type size struct{ n, br, bc int }
	var all []size
	for _, r := range recs {
		f := FieldsOf(r)
		if f == nil || r.Size < 1 {
			continue
		}
		s := size{n: r.Size}
		if len(r.Box) == 2 && !slices.Contains(f.Variants, "jigsaw") {
			s.br, s.bc = r.Box[0], r.Box[1]
		}
		if !slices.Contains(all, s) {
			all = append(all, s)
		}
	}
	if len(all) == 0 {
		return ""
	}
	// Smallest first, whatever order the sections put them in (as the
	// classic how-to page names them).
	slices.SortFunc(all, func(a, b size) int { return cmp.Or(cmp.Compare(a.n, b.n), cmp.Compare(a.br, b.br)) })
	var sizes []string
	seen := map[string]bool{}
	for _, s := range all {
		if d := export.SizeDescription(tr, s.n, s.br, s.bc); !seen[d] {
			seen[d] = true
			sizes = append(sizes, d)
		}
	}
	return export.SizesSentence(tr, sizes)
}

// variantSection puts each variant (or combination) in sections of its
// own: titled by the variant's name as the book's language writes it at
// the head of its rule ("X-Sudoku", "Sudoku X"), with that rule under
// the running head, a Samurai alone on its page.
func variantSection(tr *export.Language, r *export.Record) (title, rule string, perPage int) {
	f := FieldsOf(r)
	if f == nil {
		return "", "", 0
	}
	var names, rules []string
	for _, v := range catalogueOrder(r) {
		text := tr.Text("book.variant.rule." + ruleKey(v))
		names = append(names, export.RuleName(text))
		rules = append(rules, text)
	}
	if IsSamurai(f.Variants) {
		perPage = 1
	}
	return strings.Join(names, " + "), export.Sentences(rules...), perPage
}

// ruleKey is a variant's key under book.variant.rule ("anti-knight" is
// anti_knight).
func ruleKey(v string) string {
	b := []byte(v)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// drawVariant draws r's board: shading, cell lines, region lines, then
// the givens (answer false) or the whole solution (answer true).
func drawVariant(c *export.Canvas, r *export.Record, answer bool, x, y, side float64) {
	f := FieldsOf(r)
	if f == nil {
		return
	}
	g, err := Geometry(f.Variants, r.Size, f.Regions)
	if err != nil || g.Rows() != g.Cols() {
		return // checkBoard refused it before drawing
	}
	d := g.Data()
	n := g.Rows()
	cell := side / float64(n)
	used := func(row, col int) bool {
		return row >= 0 && row < n && col >= 0 && col < n && g.Used(row*n+col)
	}
	region := make([]int, n*n)
	shaded := make([]bool, n*n)
	for i := range region {
		region[i] = -1
	}
	for h, cells := range d.Houses {
		switch k := d.HouseKinds[h]; {
		case k == "box" || k == "region":
			for _, i := range cells {
				if region[i] < 0 {
					region[i] = h
				}
			}
		case shadedKinds[k]:
			for _, i := range cells {
				shaded[i] = true
			}
		}
	}
	pdf := c.PDF()
	pdf.SetFillColor(222, 222, 222)
	for i, s := range shaded {
		if s {
			pdf.Rect(x+float64(i%n)*cell, y+float64(i/n)*cell, cell, cell, "F")
		}
	}
	thin := math.Max(0.35, math.Min(0.75, cell*0.025))
	thick := math.Max(1.1, math.Min(2.2, cell*0.07))
	pdf.SetLineCapStyle("square")
	for pass := 0; pass < 2; pass++ {
		if pass == 0 {
			pdf.SetDrawColor(110, 110, 110)
			pdf.SetLineWidth(thin)
		} else {
			pdf.SetDrawColor(0, 0, 0)
			pdf.SetLineWidth(thick)
		}
		for row := 0; row <= n; row++ {
			for col := 0; col <= n; col++ {
				// The line left of (row, col) and the line above it.
				for _, e := range [2][2]int{{0, -1}, {-1, 0}} {
					a, b := used(row, col), used(row+e[0], col+e[1])
					if !a && !b {
						continue
					}
					heavy := a != b || region[row*n+col] != region[(row+e[0])*n+col+e[1]]
					if heavy != (pass == 1) {
						continue
					}
					x0, y0 := x+float64(col)*cell, y+float64(row)*cell
					if e[1] == -1 {
						pdf.Line(x0, y0, x0, y0+cell)
					} else {
						pdf.Line(x0, y0, x0+cell, y0)
					}
				}
			}
		}
	}
	size := c.DigitSize(cell)
	given := func(i int) bool {
		return i < len(r.Puzzle) && g.Used(i) && r.Puzzle[i] != '.' && r.Puzzle[i] != '0'
	}
	if !answer {
		c.CellSymbols(x, y, cell, n, r.Puzzle, export.FontRegular, size, 0, given)
		return
	}
	c.CellSymbols(x, y, cell, n, r.Solution, export.FontBold, size, 0.45, given)
	c.CellSymbols(x, y, cell, n, r.Solution, export.FontRegular, size, 0, func(i int) bool { return g.Used(i) && !given(i) })
}
