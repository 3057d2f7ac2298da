package export

import (
	"fmt"
	"github.com/sudogen/sudogen/internal/numfmt"
	"strings"
)

// KDP's paper: each page adds this much to the spine, inches (white and
// cream paper with black ink, premium color), and the page counts it
// prints a paperback of (KDP Help, "Paperback Submission Guidelines" and
// "Create a Paperback Cover").
const (
	spinePerPageWhite = 0.002252
	spinePerPageCream = 0.0025
	spinePerPageColor = 0.002347
	kdpMinPages       = 24
	kdpMaxPages       = 828
	kdpSpineTextPages = 79 // fewer pages: no text on the spine
)

// paperThickness is the spine per page of each --paper, inches.
var paperThickness = map[string]float64{"white": spinePerPageWhite, "cream": spinePerPageCream, "color": spinePerPageColor}

// Preflight is what a publisher checks before uploading a book: its trim
// and page size, page count, spine width, and margins against KDP's
// minimums. Problems are breaks of KDP's rules, which refuse the book
// unless BookOptions.Force is set; Notes are worth knowing but print.
type Preflight struct {
	Path       string   // the file written (set by the writer)
	CoverPath  string   // its cover, when one was written
	Trim       PageSize // trim size, points
	Page       PageSize // page as written (trim plus bleed), points
	Bleed      float64  // inches
	Pages      int
	SpineWhite float64 // inches, white paper
	SpineCream float64 // inches, cream paper
	Inside     float64 // inside margin (gutter), inches
	MinInside  float64 // KDP's minimum for the page count
	Outside    float64 // top, bottom and outer margin, inches
	MinOutside float64 // KDP's minimum (with or without bleed)
	Problems   []string
	Notes      []string
	Forced     bool // Problems were let through with Force
	// Paper is the paper the spine and cover are sized for (white,
	// cream, color); Cover the full-wrap cover's size and spine.
	Paper string
	Cover CoverSize
}

// preflight checks the laid-out volume against KDP's rules.
func (l *bookLayout) preflight() Preflight {
	p := Preflight{
		Trim: l.trim, Page: l.size, Bleed: l.o.Bleed, Pages: l.pages,
		SpineWhite: float64(l.pages) * spinePerPageWhite,
		SpineCream: float64(l.pages) * spinePerPageCream,
		Inside:     l.gutter / 72, MinInside: autoGutter(l.pages),
		Outside: l.o.Margin, MinOutside: kdpMinOutside(l.o.Bleed > 0),
		Forced: l.o.Force, Paper: l.o.Paper, Cover: l.coverSize(),
	}
	const eps = 1e-9
	if p.Inside+eps < p.MinInside {
		p.Problems = append(p.Problems, fmt.Sprintf("inside margin (gutter) %.3g in is under KDP's minimum of %.3g in for a %d-page book: "+
			"use --gutter auto or at least %.3g", p.Inside, p.MinInside, p.Pages, p.MinInside))
	}
	if p.Outside+eps < p.MinOutside {
		with := "without bleed"
		if l.o.Bleed > 0 {
			with = "with bleed"
		}
		p.Problems = append(p.Problems, fmt.Sprintf("margin %.3g in is under KDP's minimum top, bottom and outside margin of %.3g in %s: use --margin %.3g or more",
			p.Outside, p.MinOutside, with, p.MinOutside))
	}
	if l.o.Bleed != 0 && l.o.Bleed != kdpBleed {
		p.Problems = append(p.Problems, fmt.Sprintf("bleed %.3g in does not match KDP's %.3g in: the page (%s) is not the trim plus KDP's bleed",
			l.o.Bleed, kdpBleed, inches(l.size)))
	}
	if p.Pages > kdpMaxPages {
		p.Problems = append(p.Problems, fmt.Sprintf("%d pages: KDP prints paperbacks of at most %d pages: leave --max-pages at 0 (or at most %d) to split the book into volumes",
			p.Pages, kdpMaxPages, kdpMaxPages))
	}
	if msg := l.cellProblem(minCellMM); msg != "" {
		p.Problems = append(p.Problems, msg)
	} else if msg := l.cellProblem(warnCellMM); msg != "" {
		p.Notes = append(p.Notes, "small cells: "+msg)
	}
	if problem, note := l.labelProblems(); problem != "" {
		p.Problems = append(p.Problems, problem)
	} else if note != "" {
		p.Notes = append(p.Notes, note)
	}
	if note := l.repeatNote(); note != "" {
		p.Notes = append(p.Notes, note)
	}
	switch {
	case p.Pages < kdpMinPages:
		p.Notes = append(p.Notes, fmt.Sprintf("%d pages: KDP prints paperbacks of %d to %d pages", p.Pages, kdpMinPages, kdpMaxPages))
	case p.Pages < kdpSpineTextPages:
		p.Notes = append(p.Notes, fmt.Sprintf("%d pages: KDP allows no text on the spine under %d pages", p.Pages, kdpSpineTextPages))
	}
	return p
}

// inches writes a page size as "6 x 9 in".
func inches(s PageSize) string {
	return fmt.Sprintf("%s x %s in", trimZeros(s.Width/72), trimZeros(s.Height/72))
}

// trimZeros4 writes v in inches to four places, trailing zeros cut.
func trimZeros4(v float64) string {
	s := strings.TrimRight(fmt.Sprintf("%.4f", v), "0")
	return strings.TrimSuffix(s, ".")
}

func trimZeros(v float64) string {
	s := fmt.Sprintf("%.3f", v)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// Warnings are the problems Force let through, a line each, or "".
func (p Preflight) Warnings() string {
	var b strings.Builder
	for _, pr := range p.Problems {
		fmt.Fprintf(&b, "WARNING: %s (printed anyway: --force)\n", pr)
	}
	return b.String()
}

// String is the preflight summary, a few lines, after the warnings.
func (p Preflight) String() string {
	var b strings.Builder
	b.WriteString(p.Warnings())
	name := ""
	if p.Path != "" {
		name = " " + p.Path
	}
	bleed := "no bleed"
	if p.Bleed > 0 {
		bleed = fmt.Sprintf("bleed %s in, page %s", trimZeros(p.Bleed), inches(p.Page))
	}
	fmt.Fprintf(&b, "preflight%s: trim %s (%s), %d pages\n", name, inches(p.Trim), bleed, p.Pages)
	fmt.Fprintf(&b, "  spine: %.3f in on white paper, %.3f in on cream (KDP: %.6g and %.4g in a page)\n",
		p.SpineWhite, p.SpineCream, spinePerPageWhite, spinePerPageCream)
	fmt.Fprintf(&b, "  margins: inside %s in (KDP minimum %s for %d pages), outside, top and bottom %s in (minimum %s)\n",
		trimZeros(p.Inside), trimZeros(p.MinInside), p.Pages, trimZeros(p.Outside), trimZeros(p.MinOutside))
	if p.CoverPath != "" {
		c := p.Cover
		spine := fmt.Sprintf("title on the spine at %.1f pt", c.SpineSize)
		if c.SpineSize == 0 {
			spine = "no spine text (" + c.SpineWhy + ")"
		}
		fmt.Fprintf(&b, "  cover %s: %s x %s in = bleed %s + back %s + spine %.4f (%d pages x %g in, %s paper) + front %s + bleed %s; %s\n",
			p.CoverPath, trimZeros4(c.Width), trimZeros4(c.Height), trimZeros(c.Bleed), trimZeros(c.TrimW), c.Spine, p.Pages,
			paperThickness[p.Paper], p.Paper, trimZeros(c.TrimW), trimZeros(c.Bleed), spine)
	}
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	return b.String()
}

// repeatNote names puzzles the volume prints more than once (the same
// kind, board and kind fields: a corpus merged without `sudogen merge`,
// which drops repeats, or one record given twice), "" when there are
// none: the first repeat by its two labels and ids, and how many there
// are.
func (l *bookLayout) repeatNote() string {
	seen := map[string]*bookEntry{}
	var first [2]*bookEntry
	n := 0
	var key []byte
	for _, pp := range l.puzzles {
		for _, e := range pp.entries {
			key = append(append(key[:0], e.r.Kind...), 0)
			if k := kindOf(e.r.Kind); k.Line != nil {
				if b, err := k.Line(key, e.r); err == nil {
					key = b
				}
			} else {
				key = append(key, e.r.Puzzle...)
			}
			key = appendKindFields(append(key, 0), e.r)
			if was, ok := seen[string(key)]; ok {
				if n == 0 {
					first = [2]*bookEntry{was, e}
				}
				n++
				continue
			}
			seen[string(key)] = e
		}
	}
	if n == 0 {
		return ""
	}
	name := func(e *bookEntry) string { return fmt.Sprintf("%s %d (id %q)", l.sectionName(e.sec), e.num, e.r.ID) }
	more := ""
	if n > 1 {
		more = ", and " + numfmt.Count(n-1, "other repeat")
	}
	return fmt.Sprintf("repeated puzzle: %s is %s again%s; sudogen merge drops repeats", name(first[1]), name(first[0]), more)
}
