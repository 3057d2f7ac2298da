package export

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// PageSize is a trim size in PDF points (1/72 in).
type PageSize struct {
	Name          string
	Width, Height float64
}

// PageSizes are the supported trim sizes, by the name --page takes.
var PageSizes = []PageSize{
	{"a4", 595.28, 841.89},
	{"letter", 612, 792},
	{"a5", 419.53, 595.28},
	{"6x9", 432, 648},
	{"8.5x11", 612, 792},
}

// PageSizeByName looks up a trim size ("a4", "letter", "a5", "6x9",
// "8.5x11"; case-insensitive, "in" suffix allowed).
func PageSizeByName(name string) (PageSize, error) {
	n := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), "in")
	for _, p := range PageSizes {
		if p.Name == n {
			return p, nil
		}
	}
	return PageSize{}, fmt.Errorf("page size %q: expected one of a4, letter, a5, 6x9, 8.5x11", name)
}

// DefaultDate is the creation and modification date written into a PDF
// when none is given, so the same corpus and flags give the same bytes.
var DefaultDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// BookOptions say how a PDF book is laid out. The zero value is not
// usable: start from DefaultBookOptions, apply a preset, then flags.
type BookOptions struct {
	Page       string  // trim size name, see PageSizes
	PerPage    int     // puzzles per page: 1, 2, 4 or 6
	Margin     float64 // top, bottom and outer margin, inches
	Gutter     float64 // inner margin, inches; ignored when GutterAuto
	GutterAuto bool    // inner margin by page count, as KDP asks
	LargePrint bool    // digits at least 16 pt
	Solutions  string  // "back" or "none"
	Title      string  // "" names the book by its kinds: "Sudoku", "Sliding Puzzles"
	Subtitle   string
	Author     string
	Date       time.Time // creation and modification date in the metadata
	MaxPages   int       // split into volumes of at most this many pages; 0 = one file
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
		Date:       DefaultDate,
	}
}

// ParseGutter reads a --gutter value: "auto" or a width in inches.
func ParseGutter(s string) (auto bool, inches float64, err error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "auto" {
		return true, 0, nil
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "in"), 64)
	if err != nil || !(v >= 0 && v <= 2) { // also refuses NaN
		return false, 0, fmt.Errorf("gutter %q: expected auto or inches between 0 and 2, e.g. 0.5", s)
	}
	return false, v, nil
}

// AutoGutter is KDP's minimum inside margin for a book of this many pages:
// 0.375 in up to 150 pages, 0.5 in up to 300, 0.625 in above (up to 500;
// KDP asks 0.75 in above 500 and 0.875 in above 700, which we follow too).
func AutoGutter(pages int) float64 {
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

// Check validates the options, returning one line naming the bad field.
func (o *BookOptions) Check() error {
	if _, err := PageSizeByName(o.Page); err != nil {
		return err
	}
	switch o.PerPage {
	case 1, 2, 4, 6:
	default:
		return fmt.Errorf("per-page %d: expected 1, 2, 4 or 6", o.PerPage)
	}
	// Written as !(in range) so NaN, which compares false, is refused.
	if !(o.Margin >= 0.125 && o.Margin <= 2) {
		return fmt.Errorf("margin %g in: expected between 0.125 and 2 inches", o.Margin)
	}
	if !o.GutterAuto && !(o.Gutter >= 0 && o.Gutter <= 2) {
		return fmt.Errorf("gutter %g in: expected auto or between 0 and 2 inches", o.Gutter)
	}
	for _, t := range []struct{ what, text string }{{"title", o.Title}, {"subtitle", o.Subtitle}, {"author", o.Author}} {
		if err := checkText(t.what, t.text); err != nil {
			return err
		}
	}
	switch o.Solutions {
	case "back", "none":
	default:
		return fmt.Errorf("solutions %q: expected back or none", o.Solutions)
	}
	if o.MaxPages < 0 || (o.MaxPages > 0 && o.MaxPages < 8) {
		return fmt.Errorf("max-pages %d: expected 0 (no split) or at least 8", o.MaxPages)
	}
	return nil
}
