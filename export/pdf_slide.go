package export

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/slide"
)

func init() {
	RegisterBoard("slide", Board{
		Check: checkSlide,
		// Cells is what the book's large-print check and slot sizing see:
		// a board is drawn at 72% of its square with tile numbers of at
		// least 0.35 * square / width (the widest number, "24", must fit
		// its tile), which is what DigitSize gives for 2 * width cells.
		// The answer key prints a solution as text, which needs more
		// room: KeyCells sizes its slots as three cells per tile column.
		Cells:      func(r *Record) int { return 2 * r.Size },
		KeyCells:   func(r *Record) int { return 3 * r.Size },
		Draw:       drawSlide,
		Rules:      slideRules,
		Figure:     slideGoals,
		PrepareKey: slideKeyPrepare,
		Title:      "Sliding Puzzles",
		Keywords:   "sliding puzzles",
	})
}

// slideGrade says what a slide record knows about its fewest moves:
// exact is true when n is the proven optimum; otherwise n is the length
// of the solution found (0 if unknown) and lb the proven lower bound on
// the optimum (0 if unknown).
func slideGrade(r *Record) (exact bool, n, lb int) {
	if r.LowerBound != nil {
		lb = *r.LowerBound
	}
	if r.Optimal != nil && (r.Exact == nil || *r.Exact) {
		return true, *r.Optimal, *r.Optimal
	}
	switch {
	case r.Length != nil:
		n = *r.Length
	case r.Optimal != nil: // "optimal" with exact:false: only a length
		n = *r.Optimal
	}
	return false, n, lb
}

// slideCaption is the line under a slide board.
func slideCaption(r *Record) string {
	exact, n, lb := slideGrade(r)
	switch {
	case exact:
		return fmt.Sprintf("%d moves (fewest possible)", n)
	case n > 0 && lb > 0 && lb < n:
		return fmt.Sprintf("at most %d moves (at least %d)", n, lb)
	case n > 0:
		return fmt.Sprintf("at most %d moves", n)
	}
	return ""
}

// slideRules is the how-to-play text of a book's slide records.
func slideRules(recs []*Record, key bool) []string {
	paras := []string{"Sliding puzzle: the board holds numbered tiles and one empty square. Slide a tile " +
		"that is next to the empty square into it, one tile at a time (tiles are never lifted), until the " +
		"board matches the goal picture (printed below and beside the first board of each section): the numbers " +
		"1, 2, 3, ... in order, row by row, with the empty square in the bottom-right corner. Every board " +
		"can be solved."}
	exact, bounded, tiered := false, false, false
	for _, r := range recs {
		e, _, _ := slideGrade(r)
		exact = exact || e
		bounded = bounded || !e
		tiered = tiered || r.Tier != ""
	}
	if exact {
		paras = append(paras, "The number under a board, \"N moves (fewest possible)\", is the fewest moves "+
			"that solve it, found by a complete computer search: no solution is shorter. Solve it in that many "+
			"moves for a perfect score.")
	}
	if bounded {
		who := "Some boards are"
		if !exact {
			who = "These boards are"
		}
		paras = append(paras, who+" too hard to search completely; they were graded by a bounded "+
			"search and say \"at most N moves (at least B)\": a solution of N moves exists, and no solution "+
			"can be shorter than B moves. The shortest solution lies somewhere in between, so you may beat N.")
	}
	if tiered {
		paras = append(paras, "Sliding-puzzle tiers go by the number of moves.")
	}
	if key {
		p := "Each sliding-puzzle solution gives its number of moves, the numbers of the tiles to slide, in " +
			"order, and the same moves as the direction the empty square travels (U up, D down, L left, R right)."
		if bounded {
			p += " For the boards graded by a bounded search, the solution shown is the one found, which may " +
				"not be the shortest."
		}
		paras = append(paras, p)
	}
	return paras
}

// minLabel is the smallest size of a slide page's text: 7 pt, 12 pt in
// large print.
func minLabel(c *Canvas) float64 {
	if c.LargePrint {
		return 12
	}
	return 7
}

// slideGoals draws, on the how-to-play page, the goal of each board size
// in the book, large enough to read whatever the book's per-page (the
// goal beside a section's first board can be small).
func slideGoals(c *Canvas, recs []*Record, x, y, w, h float64) float64 {
	var sizes []int
	seen := map[int]bool{}
	for _, r := range recs {
		if !seen[r.Size] {
			seen[r.Size] = true
			sizes = append(sizes, r.Size)
		}
	}
	sort.Ints(sizes)
	n := float64(len(sizes))
	gap := 24.0
	label := 10.0
	if c.LargePrint {
		label = 14
	}
	side := math.Min(110, math.Min((w-gap*(n-1))/n, h-label*2.5))
	if side < 45 || len(sizes) == 0 {
		return 0
	}
	cx := x
	for _, s := range sizes {
		drawTiles(c, slide.Goal(s), cx, y, side)
		c.CenteredText(cx+side/2, y+side+label, fmt.Sprintf("Goal, %dx%d", s, s), FontRegular, label)
		cx += side + gap
	}
	return side + label*2.5
}

// slideBoard returns the board of a slide record, checked.
func slideBoard(r *Record) (slide.Board, error) {
	b, err := slide.New(r.Size, r.Tiles)
	if err != nil {
		return b, err
	}
	if r.Goal != "" && r.Goal != slide.GoalName {
		return b, fmt.Errorf("goal %q: only %q is supported", r.Goal, slide.GoalName)
	}
	return b, b.Solvable()
}

// checkSlide refuses what a book cannot print. CheckRecord has already
// checked the board and any solution it carries.
func checkSlide(r *Record, answer bool) error {
	if answer && r.Solution == "" {
		return fmt.Errorf("no solution for the answer key (use --solutions none to print without one)")
	}
	return nil
}

// firstOfSection reports whether r is the first slide puzzle of its
// section (and of its size within it) in the book c draws, so it gets the
// goal picture. The last tier and size drawn live on the Canvas, which
// dies with its book.
func firstOfSection(c *Canvas, r *Record) bool {
	key := fmt.Sprintf("%s/%d", r.Tier, r.Size)
	first := !c.slideSeen || c.slideLast != key
	c.slideSeen, c.slideLast = true, key
	return first
}

// drawSlide draws a puzzle as tiles with its move count underneath (and
// the goal beside the first puzzle of a section), or the answer as the
// tile numbers to slide followed by the blank's moves.
func drawSlide(c *Canvas, r *Record, answer bool, x, y, side float64) {
	b, err := slideBoard(r)
	if err != nil {
		return // Check refused it before drawing
	}
	if answer {
		drawSlideAnswer(c, r, b, x, y, side)
		return
	}
	// Every board has the same size, so a page's boards line up; the
	// first of a section sits left with the goal picture at its right,
	// the others are centered.
	capH := side * 0.12
	bs := side * 0.72
	bx := x + (side-bs)/2
	y += side - bs - capH // the caption sits just above the book's label
	if firstOfSection(c, r) {
		bx = x
		gs := side * 0.25
		gx := x + side - gs
		drawTiles(c, slide.Goal(b.W), gx, y, gs)
		c.CenteredText(gx+gs/2, y+gs+gs*0.12, "Goal", FontRegular, math.Max(minLabel(c), gs*0.1))
	}
	drawTiles(c, b, bx, y, bs)
	c.LabelSpan(bx, bx+bs) // the label under the caption
	if what := slideCaption(r); what != "" {
		c.CenteredText(bx+bs/2, y+bs+capH*0.5, what, FontRegular, math.Max(minLabel(c), capH*0.42))
	}
}

// drawTiles draws the board as shaded tiles with their numbers, the
// blank left white.
func drawTiles(c *Canvas, b slide.Board, x, y, side float64) {
	pdf := c.pdf
	w := b.W
	cell := side / float64(w)
	gap := cell * 0.06
	pdf.SetLineWidth(clamp(cell*0.02, 0.3, 1))
	pdf.SetDrawColor(0, 0, 0)
	pdf.Rect(x, y, side, side, "D")
	// The widest number must fit its tile with a margin: two-digit
	// numbers set at the one-digit size touch the tile's edges.
	size := c.DigitSize(cell) * 0.8
	widest := strconv.Itoa(w*w - 1)
	pdf.SetFont(FontBold, "", 100)
	if tw := pdf.GetStringWidth(widest) / 100; tw > 0 {
		size = math.Min(size, (cell-2*gap)*0.72/tw)
	}
	for i := 0; i < w*w; i++ {
		t := b.Tiles[i]
		if t == 0 {
			continue
		}
		cx := x + float64(i%w)*cell
		cy := y + float64(i/w)*cell
		pdf.SetFillColor(225, 225, 225)
		pdf.RoundedRect(cx+gap, cy+gap, cell-2*gap, cell-2*gap, cell*0.12, "1234", "FD")
		c.CenteredText(cx+cell/2, cy+cell/2, strconv.Itoa(int(t)), FontBold, size)
	}
	pdf.SetFillColor(255, 255, 255)
}

// slideAnswerLines sets a solution as lines of at most width at size:
// the head (bold: lines before bold), the tiles to slide, in order, then
// the blank's moves (Go Mono: lines from mono on).
func slideAnswerLines(c *Canvas, r *Record, b slide.Board, width, size float64) (lines []string, bold, mono int) {
	pdf := c.pdf
	seq, err := b.TileSequence(r.Solution)
	if err != nil {
		return nil, 0, 0
	}
	nums := make([]string, len(seq))
	for i, t := range seq {
		nums[i] = strconv.Itoa(t)
	}
	head := fmt.Sprintf("%d moves. Slide:", len(seq))
	if exact, _, lb := slideGrade(r); !exact {
		head = fmt.Sprintf("Found in %d moves (fewest not proven). Slide:", len(seq))
		if lb > 0 && lb < len(seq) {
			head = fmt.Sprintf("Found in %d moves, at least %d. Slide:", len(seq), lb)
		}
	}
	pdf.SetFont(FontBold, "", size)
	lines = pdf.SplitText(head, width)
	bold = len(lines)
	pdf.SetFont(FontRegular, "", size)
	lines = append(lines, pdf.SplitText(strings.Join(nums, " ")+". Blank moves:", width)...)
	mono = len(lines)
	pdf.SetFont(FontMono, "", size)
	return append(lines, pdf.SplitText(r.Solution, width)...), bold, mono
}

// slideKeyPrepare picks one font size for every slide solution of the
// book: the largest, from 9 pt (11 in large print) down, at which each
// fits its square, so the key's entries read alike.
func slideKeyPrepare(c *Canvas, recs []*Record, side float64) {
	size := 9.0
	if c.LargePrint {
		size = 11
	}
	for ; size > 3; size -= 0.5 {
		fits := true
		for _, r := range recs {
			b, err := slideBoard(r)
			if err != nil || r.Solution == "" {
				continue
			}
			lines, _, _ := slideAnswerLines(c, r, b, side, size)
			if float64(len(lines))*size*1.2 > side {
				fits = false
				break
			}
		}
		if fits {
			break
		}
	}
	c.slideKeySize = size
}

// drawSlideAnswer writes the solution inside the square at the book's
// slide-key size, bottom-aligned so it sits just above its label.
func drawSlideAnswer(c *Canvas, r *Record, b slide.Board, x, y, side float64) {
	pdf := c.pdf
	size := c.slideKeySize
	if size == 0 {
		slideKeyPrepare(c, []*Record{r}, side)
		size = c.slideKeySize
	}
	lines, bold, mono := slideAnswerLines(c, r, b, side, size)
	lh := size * 1.2
	top := y + math.Max(0, side-float64(len(lines))*lh)
	pdf.SetTextColor(0, 0, 0)
	for i, ln := range lines {
		switch i {
		case 0:
			pdf.SetFont(FontBold, "", size)
		case bold:
			pdf.SetFont(FontRegular, "", size)
		}
		if i == mono {
			pdf.SetFont(FontMono, "", size)
		}
		pdf.Text(x, top+size+float64(i)*lh, ln)
	}
}
