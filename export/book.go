package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// PageSize is a trim size in PDF points (1/72 in).
type PageSize struct {
	Name          string
	Width, Height float64
}

// pageSizes are the supported trim sizes, by the name --page takes.
var pageSizes = []PageSize{
	{"a4", 595.28, 841.89},
	{"letter", 612, 792},
	{"a5", 419.53, 595.28},
	{"6x9", 432, 648},
	{"8.5x11", 612, 792},
}

// PageNames lists the trim sizes BookOptions.Page takes, e.g. "letter".
func PageNames() []string {
	names := make([]string, len(pageSizes))
	for i, p := range pageSizes {
		names[i] = p.Name
	}
	return names
}

// pageSizeByName looks up a trim size ("a4", "letter", "a5", "6x9",
// "8.5x11"; case-insensitive, "in" suffix allowed).
func pageSizeByName(name string) (PageSize, error) {
	n := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), "in")
	for _, p := range pageSizes {
		if p.Name == n {
			return p, nil
		}
	}
	return PageSize{}, fmt.Errorf("page size %q: expected one of a4, letter, a5, 6x9, 8.5x11", name)
}

// defaultDate is the creation and modification date written into a PDF
// when none is given, so the same corpus and flags give the same bytes.
var defaultDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// BookOptions say how a PDF book is laid out. The zero value is not
// usable: start from DefaultBookOptions, apply a preset, then flags.
type BookOptions struct {
	Page       string  // trim size name, see PageNames
	PerPage    int     // puzzles per page: one of PerPageChoices
	Margin     float64 // top, bottom and outer margin from the trim edge, inches
	Gutter     float64 // inner margin, inches; ignored when GutterAuto
	GutterAuto bool    // inner margin by page count, as KDP asks
	Bleed      float64 // bleed beyond the trim on the top, bottom and outer edges, inches: 0 or KDP's 0.125
	LargePrint bool    // digits at least 16 pt
	Solutions  string  // "back" or "none"
	Title      string  // "" names the book by its kinds: "Sudoku", "Sliding Puzzles"
	Subtitle   string
	Author     string
	Copyright  string    // the copyright notice on page 2, as given, e.g. "Copyright © 2026 Ann Lee. All rights reserved."
	ISBN       string    // printed on page 2 when set; checked (ISBN-10 or ISBN-13); a book split into volumes takes one per volume, comma-separated, all different
	Date       time.Time // creation and modification date in the metadata
	MaxPages   int       // split into volumes of at most this many pages; 0: KDP's limit, 828
	// KeepOrder prints the puzzles of a section in the order given instead
	// of easiest to hardest (sudogen export sets it with --sort id).
	KeepOrder bool
	// HardestFirst orders the sections and the puzzles in each from the
	// hardest to the easiest (sudogen export sets it with --sort -rating).
	HardestFirst bool
	// TierOrder lists tier names from the easiest to the hardest (a tier
	// table's order, e.g. from --tiers); nil uses the built-in tier
	// names, or, for other names, the sections' ratings (see
	// bookSections).
	TierOrder []string
	// Force prints a book whose margins, bleed, page count or cell size
	// break KDP's rules or the minimums; the problems are reported as
	// warnings (see Preflight) instead of refused.
	Force bool

	// Lang is the book's language, a BCP 47 tag ("fr", "zh-Hans",
	// "pt-BR"): every word the book prints comes from its table in
	// internal/i18n. "" is English.
	Lang string
	// Font and FontBold, if set, are the fonts of the book's text (front
	// matter, labels, answer key, cover); FontBold, for titles and
	// headings, defaults to Font. Puzzle digits keep the built-in face.
	Font, FontBold *Font
	// IDs prints each puzzle's corpus id at the right of its label (for
	// proofs); books leave it out.
	IDs bool
	// NoCageTable leaves out the cage-sum reference table a book with
	// killers prints on its how-to-play page (see Canvas.CageTable).
	NoCageTable bool
	// Imprint is the publisher's line on the copyright page ("Published
	// by Acme Puzzles, Berlin"); Edition the edition line ("First edition,
	// 2026").
	Imprint, Edition string
	// CopyrightHolder, with CopyrightYear, prints the copyright notice in
	// the book's language ("Copyright © 2026 Ann Lee. All rights
	// reserved."); Copyright, if set, is printed as given instead.
	CopyrightHolder string
	CopyrightYear   int
	// Paper is KDP's paper, for the spine width: "white" (default),
	// "cream" or "color" (premium color).
	Paper string
	// Cover writes a KDP full-wrap cover beside each book file (book.pdf's
	// is book-cover.pdf); Blurb is the back cover's text; CoverColor the cover's
	// background, "#RRGGBB" (default a dark teal).
	Cover      bool
	Blurb      string
	CoverColor string
}

// DefaultBookOptions are the settings used when neither a preset nor a flag
// says otherwise: Letter, 4 per page, answer key at the back.
func DefaultBookOptions() BookOptions {
	return BookOptions{
		Page:       "letter",
		PerPage:    4,
		Margin:     0.5,
		GutterAuto: true,
		Solutions:  "back",
		Date:       defaultDate,
		Paper:      "white",
	}
}

// SetGutter sets the inner margin from a --gutter value: "auto" (by page
// count, GutterAuto) or a width in inches, "0.5" or "0.5in".
func (o *BookOptions) SetGutter(s string) error {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "auto" {
		o.GutterAuto, o.Gutter = true, 0
		return nil
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "in"), 64)
	if err != nil || !(v >= 0 && v <= 2) { // also refuses NaN
		return fmt.Errorf("gutter %q: expected auto or inches between 0 and 2, e.g. 0.5", s)
	}
	o.GutterAuto, o.Gutter = false, v
	return nil
}

// kdpBleed is the bleed KDP asks for, in inches, on the top, bottom and
// outer edges of a page with bleed.
const kdpBleed = 0.125

// kdpMinOutside is KDP's minimum top, bottom and outer margin, in inches:
// 0.25 in, or 0.375 in with bleed.
func kdpMinOutside(bleed bool) float64 {
	if bleed {
		return 0.375
	}
	return 0.25
}

// autoGutter is KDP's minimum inside margin (gutter included) for a book
// of this many pages: 0.375 in up to 150 pages, 0.5 in up to 300, 0.625
// in up to 500, 0.75 in up to 700, 0.875 in above.
func autoGutter(pages int) float64 {
	switch {
	case pages <= 150:
		return 0.375
	case pages <= 300:
		return 0.5
	case pages <= 500:
		return 0.625
	case pages <= 700:
		return 0.75
	default:
		return 0.875
	}
}

// KDPError is a book refused because its margins or bleed break KDP's
// rules for its page count (see Preflight), which BookOptions.Force
// prints with warnings instead, or because its volumes do not have an
// ISBN each, which Force does not print.
type KDPError struct{ Msg string }

func (e *KDPError) Error() string { return e.Msg }

// LayoutError is a book whose options ask for a layout that cannot be
// drawn as they say (large print's 16 pt digits at more puzzles a page
// than fit): a choice of the options, as a KDPError is.
type LayoutError struct{ Msg string }

func (e *LayoutError) Error() string { return e.Msg }

// Check validates the options for a PDF book, returning one line naming
// the bad field: CheckLayout's checks, then that the book's fonts draw
// its text (title, subtitle, author, notices, blurb, ISBN and the
// language's words).
func (o *BookOptions) Check() error {
	if err := o.CheckLayout(); err != nil {
		return err
	}
	return o.checkFonts()
}

// PerPageChoices are the puzzles a book page takes (BookOptions.PerPage).
var PerPageChoices = []int{1, 2, 4, 6}

// CheckLayout validates every option but whether the book's fonts draw
// its text: what a workbook or a play page, which use no PDF font, needs
// of the options they share with the book (a play page shows a Chinese
// --title with the browser's fonts).
func (o *BookOptions) CheckLayout() error {
	if _, err := pageSizeByName(o.Page); err != nil {
		return err
	}
	if !slices.Contains(PerPageChoices, o.PerPage) {
		var ns []string
		for _, n := range PerPageChoices {
			ns = append(ns, strconv.Itoa(n))
		}
		return fmt.Errorf("per-page %d: expected %s", o.PerPage, numfmt.OrList(ns))
	}
	// Written as !(in range) so NaN, which compares false, is refused.
	if !(o.Margin >= 0.125 && o.Margin <= 2) {
		return fmt.Errorf("margin %g in: expected between 0.125 and 2 inches", o.Margin)
	}
	if !o.GutterAuto && !(o.Gutter >= 0 && o.Gutter <= 2) {
		return fmt.Errorf("gutter %g in: expected auto or between 0 and 2 inches", o.Gutter)
	}
	if !(o.Bleed == 0 || o.Bleed == kdpBleed || (o.Force && o.Bleed > 0 && o.Bleed <= 0.5)) {
		return fmt.Errorf("bleed %g in: expected 0 (no bleed) or %g (KDP's bleed on the top, bottom and outer edges); --force allows up to 0.5", o.Bleed, kdpBleed)
	}
	// KDP's minimums that do not depend on the page count are checked
	// here, before a batch spends time on puzzles; the inside margin a
	// long book needs is checked once its pages are counted (Preflight).
	if !o.Force {
		if min := kdpMinOutside(o.Bleed > 0); o.Margin < min {
			with := ""
			if o.Bleed > 0 {
				with = " with bleed"
			}
			return fmt.Errorf("margin %g in: under KDP's minimum top, bottom and outside margin of %g in%s (--force prints it anyway)",
				o.Margin, min, with)
		}
		if !o.GutterAuto && o.Gutter < autoGutter(0) {
			return fmt.Errorf("gutter %g in: under KDP's minimum inside margin of %g in (more above 150 pages; --gutter auto follows the page count; --force prints it anyway)",
				o.Gutter, autoGutter(0))
		}
	}
	for _, isbn := range o.isbns() {
		if err := checkISBN(isbn); err != nil {
			return err
		}
	}
	if err := checkLang(o.Lang); err != nil {
		return err
	}
	if o.Copyright != "" && o.CopyrightHolder != "" {
		return fmt.Errorf("copyright-holder %q: give either --copyright (a notice printed as given) or --copyright-holder (a notice in the book's language), not both", o.CopyrightHolder)
	}
	if o.CopyrightHolder != "" && !(o.CopyrightYear >= 1000 && o.CopyrightYear <= 9999) {
		return fmt.Errorf("copyright-year %d: expected a year such as 2026", o.CopyrightYear)
	}
	if _, ok := paperThickness[o.Paper]; !ok {
		return fmt.Errorf("paper %q: expected white, cream or color (KDP's paper, for the spine width)", o.Paper)
	}
	if _, err := parseColor(o.CoverColor); err != nil {
		return err
	}
	switch o.Solutions {
	case "back", "none":
	default:
		return fmt.Errorf("solutions %q: expected back or none", o.Solutions)
	}
	if o.MaxPages < 0 || (o.MaxPages > 0 && o.MaxPages < 8) {
		return fmt.Errorf("max-pages %d: expected 0 (KDP's limit, %d pages) or at least 8", o.MaxPages, kdpMaxPages)
	}
	return nil
}

// checkFonts reports text of the book its fonts cannot draw.
func (o *BookOptions) checkFonts() error {
	// The title, subtitle, copyright notice and blurb may break lines with "\n".
	tc := o.textChains()
	for _, t := range []struct{ what, text string }{{"title", oneLine(o.Title)}, {"subtitle", oneLine(o.Subtitle)},
		{"author", o.Author}, {"copyright", oneLine(o.Copyright)}, {"copyright-holder", o.CopyrightHolder},
		{"imprint", oneLine(o.Imprint)}, {"edition", oneLine(o.Edition)}, {"blurb", oneLine(o.Blurb)}} {
		if err := checkText(t.what, t.text, tc); err != nil {
			return err
		}
	}
	if err := checkText("isbn", o.ISBN, fontChains{tc[0]}); err != nil {
		return err
	}
	return o.checkLanguageText()
}

// checkISBN checks an ISBN-10 or ISBN-13 (hyphens and spaces allowed) by
// its length and check digit.
func checkISBN(s string) error {
	var d []int
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			d = append(d, int(r-'0'))
		case (r == 'X' || r == 'x') && len(d) == 9 && strings.TrimRight(s[i+1:], " -") == "":
			d = append(d, 10)
		case r == '-' || r == ' ':
		default:
			return fmt.Errorf("isbn %q: expected 10 or 13 digits (hyphens allowed), e.g. 978-0-306-40615-7", s)
		}
	}
	sum := 0
	switch len(d) {
	case 10:
		for i, v := range d {
			sum += (10 - i) * v
		}
		if sum%11 != 0 {
			return fmt.Errorf("isbn %q: check digit is wrong (ISBN-10)", s)
		}
	case 13:
		for i, v := range d {
			if v == 10 {
				return fmt.Errorf("isbn %q: X is only an ISBN-10 check digit", s)
			}
			sum += v * (1 + 2*(i%2))
		}
		if sum%10 != 0 {
			return fmt.Errorf("isbn %q: check digit is wrong (ISBN-13)", s)
		}
	default:
		return fmt.Errorf("isbn %q: expected 10 or 13 digits, got %d", s, len(d))
	}
	return nil
}

// oneLine is s with its line breaks as spaces: how text that may break
// lines is checked and how it goes into the PDF's metadata.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
