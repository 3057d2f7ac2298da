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
	RegisterBoard(KindSlide, Board{
		Check: checkSlide,
		// Cells is what the book's large-print check and slot sizing see:
		// a board is drawn at 72% of its square with tile numbers of at
		// least 0.35 * square / width (the widest number, "24", must fit
		// its tile), which is what DigitSize gives for 2 * width cells.
		// The answer key prints a solution as text (slideKeyCells).
		Cells:     func(r *Record) int { return 2 * r.Size },
		KeyCells:  slideKeyCells,
		KeyHeight: slideKeyHeight,
		Draw:      drawSlide,
		Rules:     slideRules,
		Figure:    slideGoals,
		Title:     "Sliding Puzzles",
		Keywords:  "sliding puzzles",
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

// slideCaptionIn is the line under a slide board in the book's language.
func slideCaptionIn(tr *Language, r *Record) string {
	exact, n, lb := slideGrade(r)
	switch {
	case exact:
		return tr.Plural("book.slide.fewest", n)
	case n > 0 && lb > 0 && lb < n:
		return tr.Plural("book.slide.at_most_bound", n, "lb", tr.Number(lb))
	case n > 0:
		return tr.Plural("book.slide.at_most", n)
	}
	return ""
}

// slideRules is the how-to-play text of a book's slide records.
func slideRules(tr *Language, recs []*Record, key bool) []string {
	paras := []string{tr.Text("book.slide.rules")}
	exact, bounded, tiered := false, false, false
	for _, r := range recs {
		e, _, _ := slideGrade(r)
		exact = exact || e
		bounded = bounded || !e
		tiered = tiered || r.Tier != ""
	}
	if exact {
		paras = append(paras, tr.Text("book.slide.exact"))
	}
	if bounded {
		if exact {
			paras = append(paras, tr.Text("book.slide.bounded_some"))
		} else {
			paras = append(paras, tr.Text("book.slide.bounded_all"))
		}
	}
	if tiered {
		paras = append(paras, tr.Text("book.slide.tiers"))
	}
	if key {
		p := tr.Text("book.slide.key")
		if bounded {
			p = Sentences(p, tr.Text("book.slide.key_bounded"))
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
// goal beside a section's first board can be small): 110 pt wide, or in
// large print as wide as 16 pt numbers need, where the page has room.
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
	if len(sizes) == 0 {
		return 0
	}
	most := 110.0
	if c.LargePrint { // as big as 16 pt numbers need on the widest board (a 5x5 got 12.3 pt)
		most = math.Max(most, math.Ceil(largePrintDigits*100/tileNumberSize(c, sizes[len(sizes)-1], 100)))
	}
	side := math.Min(most, math.Min((w-gap*(n-1))/n, h-label*2.5))
	across, rows := len(sizes), 1 // goals a row, rows
	if c.LargePrint {
		// on a narrow page, rows of fewer goals where that makes them
		// bigger (three goals across a 6x9 page had 10 pt numbers)
		for k := len(sizes) - 1; k >= 1; k-- {
			r := (len(sizes) + k - 1) / k
			if s := math.Min(most, math.Min((w-gap*float64(k-1))/float64(k), h/float64(r)-label*2.5)); s > side+0.5 {
				side, across, rows = s, k, r
			}
		}
	}
	if side < 45 {
		return 0
	}
	cx, cy := x, y
	for i, s := range sizes {
		if i > 0 && i%across == 0 {
			cx, cy = x, cy+side+label*2.5
		}
		drawTiles(c, slide.Goal(s), cx, cy, side)
		c.CenteredLabel(cx+side/2, cy+side+label, c.Lang().Text("book.slide.goal_size", "side", fmt.Sprintf("%d×%d", s, s)), false, label)
		cx += side + gap
	}
	return float64(rows) * (side + label*2.5)
}

// slideBoard returns the board of a slide record, checked as every
// reader checks it (slide.FromRecord) and able to reach the goal.
func slideBoard(r *Record) (slide.Board, error) {
	b, err := slide.FromRecord(r.Size, r.Tiles, r.Goal, r.MovePiece)
	if err != nil {
		return b, err
	}
	return b, b.Solvable()
}

// SlideWidth is a slide record's board width: its "size", or for a record
// without one the square root of its tile count (rounded up), the width
// slide.FromRecord reads a checked record at.
func SlideWidth(r *Record) int {
	if r.Size != 0 {
		return r.Size
	}
	w := 0
	for w*w < len(r.Tiles) {
		w++
	}
	return w
}

// checkSlide refuses what a book cannot print. CheckRecord has already
// checked the board and any solution it carries.
func checkSlide(r *Record, answer bool) error {
	// A board already at the goal has no moves, so no "solution" (docs/
	// records.md): its key is "0 moves.", not a refusal.
	if answer && r.Solution == "" && !slideSolved(r) {
		return fmt.Errorf("no solution for the answer key (use --solutions none to print without one)")
	}
	return nil
}

// slideSolved reports whether r's board is the goal already.
func slideSolved(r *Record) bool {
	b, err := slideBoard(r)
	return err == nil && b.IsGoal()
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
	bs, gs := side*0.72, side*0.25
	first := firstOfSection(c, r)
	if first && c.LargePrint {
		bs, gs = largeGoal(c, b.W, side)
	}
	bx := x + (side-bs)/2
	y += side - bs - capH // the caption sits just above the book's label
	if first {
		bx = x
		gx := x + side - gs
		drawTiles(c, slide.Goal(b.W), gx, y, gs)
		c.CenteredLabel(gx+gs/2, y+gs+gs*0.12, c.Lang().Text("book.slide.goal"), false, math.Max(minLabel(c), gs*0.1))
	}
	drawTiles(c, b, bx, y, bs)
	c.LabelSpan(bx, bx+bs) // the label under the caption
	if what := slideCaptionIn(c.Lang(), r); what != "" {
		size := math.Max(minLabel(c), capH*0.42)
		what = c.fit(what, false, size, math.Max(bs, side*0.9))
		// centered under the board, but within the square: under a first
		// board, at its left, a caption wider than the board stuck out
		// of the square into the margin
		half := c.plainWidth(false, size, what) / 2
		c.CenteredLabel(clamp(bx+bs/2, x+half, x+side-half), y+bs+capH*0.5, what, false, size)
	}
}

// largeGoal sizes, in large print, the board beside which a section's
// goal picture is drawn (bs) and the picture (gs), in a square of side:
// the picture's numbers get the large-print size (largePrintDigits) as
// far as the room the board can give allows, the board, smaller than
// the section's others, keeping numbers of that size too. At a quarter
// of the square, as in a book of ordinary print, a 4x4 goal's numbers
// were 8.7 pt, a 3x3's 11.6 pt (letter, 4 a page).
func largeGoal(c *Canvas, w int, side float64) (bs, gs float64) {
	gap := side * 0.03
	unit := tileNumberSize(c, w, side) / side // a number's size per point of board side
	want := largePrintDigits / unit
	floor := math.Ceil(largePrintDigits/unit*100) / 100
	gs = math.Max(side*0.25, math.Min(want, side-gap-floor))
	return math.Min(side*0.72, side-gap-gs), gs
}

// tileNumberSize is the size of the tile numbers of a board w tiles wide
// drawn in a square of side: the widest number must fit its tile with a
// margin (two-digit numbers set at the one-digit size touch the tile's
// edges).
func tileNumberSize(c *Canvas, w int, side float64) float64 {
	cell := side / float64(w)
	size := c.DigitSize(cell) * 0.8
	c.pdf.SetFont(FontBold, "", 100)
	if tw := c.pdf.GetStringWidth(strconv.Itoa(w*w-1)) / 100; tw > 0 {
		size = math.Min(size, cell*(1-2*0.06)*0.72/tw)
	}
	return size
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
	size := tileNumberSize(c, w, side)
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

// The answer key sets a slide solution as text, in units of its font
// size (em): a head of up to two lines ("50 moves (fewest possible)."),
// "Slide:" and the tiles to slide, ten to a row in right-aligned columns
// after the number of the row's first move, then "Empty square:" and the
// same moves as arrows (the way the empty square travels), twenty to a
// row in groups of five.
const (
	slideKeyWidth   = 19.5 // em
	slideKeyLead    = 1.25 // em, baseline to baseline
	slideKeyPerRow  = 10   // tiles a row
	slideKeyArrows  = 20   // arrows a row
	slideKeyIndexW  = 2.2  // em, the move-number column
	slideKeyColumnW = 1.73 // em, a tile column
)

// slideKeyLines is the number of lines of a solution of n moves: a board
// already at the goal (n 0) has the head alone.
func slideKeyLines(n int) int {
	if n == 0 {
		return 2
	}
	return 2 + 1 + (n+slideKeyPerRow-1)/slideKeyPerRow + 1 + (n+slideKeyArrows-1)/slideKeyArrows
}

// slideKeyCells is the side, in key cells, of the square a slide
// solution needs: its text at the key's digit size (at most 0.7 of a
// cell, in large print) fits in it.
func slideKeyCells(r *Record) int {
	em := math.Max(slideKeyWidth, float64(slideKeyLines(len(r.Solution)))*slideKeyLead)
	return int(math.Ceil(em * 0.7))
}

// slideKeyHeight is the height of a slide solution set in a key square
// of side side: its lines, the head's two lines counted.
func slideKeyHeight(c *Canvas, r *Record, side float64) float64 {
	s := c.DigitSize(side / float64(slideKeyCells(r)))
	return (float64(slideKeyLines(len(r.Solution))-1)*slideKeyLead + 1.25) * s
}

// slideKeyHead is the first line of a slide solution.
func slideKeyHead(tr *Language, r *Record, n int) string {
	// No moves (a board at the goal) is the fewest possible, proven or not.
	if exact, _, lb := slideGrade(r); !exact && n > 0 {
		if lb > 0 && lb < n {
			return tr.Plural("book.slide.key_bound", n, "lb", tr.Number(lb))
		}
		return tr.Plural("book.slide.key_found", n)
	}
	return tr.Plural("book.slide.key_exact", n)
}

// arrow is the arrow for a move of the empty square.
func arrow(m byte) string {
	switch m {
	case 'U', 'u':
		return "↑"
	case 'D', 'd':
		return "↓"
	case 'L', 'l':
		return "←"
	case 'R', 'r':
		return "→"
	}
	return "?"
}

// drawSlideAnswer writes the solution at the top of its square at the
// key's digit size (slideKeyHeight tall).
func drawSlideAnswer(c *Canvas, r *Record, b slide.Board, x, y, side float64) {
	pdf := c.pdf
	seq, err := b.TileSequence(r.Solution)
	if err != nil {
		return
	}
	tr := c.Lang()
	s := c.DigitSize(side / float64(slideKeyCells(r)))
	lead := s * slideKeyLead
	head := c.wrap(slideKeyHead(tr, r, len(seq)), true, s, slideKeyWidth*s)
	rows := (len(seq) + slideKeyPerRow - 1) / slideKeyPerRow
	arrows := (len(seq) + slideKeyArrows - 1) / slideKeyArrows
	base := y + s
	if len(head) < 2 { // the head's second line is kept: answers of a row align
		base += lead
	}
	pdf.SetTextColor(0, 0, 0)
	for _, ln := range head {
		c.Text(true, s, x, base, ln)
		base += lead
	}
	if len(seq) == 0 {
		return // "0 moves.": no tiles to slide, no arrows
	}
	c.Text(false, s, x, base, tr.Text("book.slide.key_tiles"))
	base += lead
	for row := 0; row < rows; row++ {
		// The row's index in grey, then its tiles, each flush right
		// in its column.
		nums := []string{strconv.Itoa(row*slideKeyPerRow + 1)}
		for _, t := range seq[row*slideKeyPerRow : min(len(seq), (row+1)*slideKeyPerRow)] {
			nums = append(nums, strconv.Itoa(t))
		}
		c.textsAt(false, s, nums, func(i int, w float64) (float64, float64) {
			if i == 0 {
				pdf.SetTextColor(120, 120, 120)
				return x + slideKeyIndexW*s*0.8 - w, base
			}
			pdf.SetTextColor(0, 0, 0)
			right := x + (slideKeyIndexW+float64(i)*slideKeyColumnW)*s
			return right - w - 0.35*s, base
		})
		base += lead
	}
	c.Text(false, s, x, base, tr.Text("book.slide.key_blank"))
	base += lead
	c.SetMono(s)
	for row := 0; row < arrows; row++ {
		var line strings.Builder
		for k := row * slideKeyArrows; k < min(len(r.Solution), (row+1)*slideKeyArrows); k++ {
			if k%5 == 0 && k%slideKeyArrows != 0 {
				line.WriteByte(' ')
			}
			line.WriteString(arrow(r.Solution[k]))
		}
		pdf.Text(x+slideKeyIndexW*s, base, line.String())
		base += lead
	}
}
