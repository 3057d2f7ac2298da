package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/slide"
)

func init() {
	RegisterBoard("slide", Board{
		Check: checkSlide,
		// The answer key prints a slide solution as text (the tiles to
		// slide, then the blank's moves), which needs more room than a
		// board: report three cells per tile column so the key's slots are
		// sized for it. Puzzle boards are drawn with one cell per tile, so
		// their numbers are larger than the book's large-print check
		// assumes.
		Cells: func(r *Record) int { return 3 * r.Size },
		Draw:  drawSlide,
		Rules: "Sliding puzzle: slide tiles into the empty square, one at a time, until the numbers read " +
			"1, 2, 3, ... row by row with the empty square last (the small goal picture beside the first " +
			"puzzle of each section). The number under each puzzle is the fewest moves that solve it; " +
			"the solutions list the tiles to slide, in order.",
	})
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

func checkSlide(r *Record, answer bool) error {
	b, err := slideBoard(r)
	if err != nil {
		return err
	}
	if r.Moves != "" && r.Moves != slide.MovesName {
		return fmt.Errorf("moves %q: only %q (letters name the blank's direction) is supported", r.Moves, slide.MovesName)
	}
	if answer || r.Solution != "" {
		if r.Solution == "" {
			return fmt.Errorf("no solution for the answer key (use --solutions none to print without one)")
		}
		end, err := b.Apply(r.Solution)
		if err != nil {
			return fmt.Errorf("solution: %v", err)
		}
		if !end.IsGoal() {
			return fmt.Errorf("solution does not reach the goal")
		}
	}
	return nil
}

// slideSections remembers, per book, the tier and size of the last slide
// puzzle drawn, so the first puzzle of each section (and the first of each
// size within it) gets the goal picture.
var (
	slideSecMu sync.Mutex
	slideSec   = map[*Canvas]string{}
)

func firstOfSection(c *Canvas, r *Record) bool {
	slideSecMu.Lock()
	defer slideSecMu.Unlock()
	key := fmt.Sprintf("%s/%d", r.Tier, r.Size)
	last, seen := slideSec[c]
	slideSec[c] = key
	return !seen || last != key
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
	capH := side * 0.12
	bs := side - capH
	bx := x + (side-bs)/2
	if firstOfSection(c, r) {
		bs = side * 0.70
		bx = x
		gs := side * 0.26
		gx := x + side - gs
		drawTiles(c, slide.Goal(b.W), gx, y, gs)
		c.CenteredText(gx+gs/2, y+gs+gs*0.12, "Goal", FontRegular, math.Max(6, gs*0.09))
	}
	drawTiles(c, b, bx, y, bs)
	var what string
	switch {
	case r.Optimal != nil:
		what = fmt.Sprintf("%d moves (fewest possible)", *r.Optimal)
	case r.Length != nil:
		what = fmt.Sprintf("solvable in %d moves", *r.Length)
	}
	if what != "" {
		c.CenteredText(bx+bs/2, y+bs+capH*0.5, what, FontRegular, math.Max(7, capH*0.42))
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
	size := c.DigitSize(cell) * 0.8
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

// drawSlideAnswer writes the solution inside the square: the tiles to
// slide, in order, then the blank's moves, at the largest font that fits.
func drawSlideAnswer(c *Canvas, r *Record, b slide.Board, x, y, side float64) {
	pdf := c.pdf
	seq, err := b.TileSequence(r.Solution)
	if err != nil {
		return
	}
	nums := make([]string, len(seq))
	for i, t := range seq {
		nums[i] = strconv.Itoa(t)
	}
	head := fmt.Sprintf("%d moves. Slide:", len(seq))
	if r.Optimal == nil && r.Length != nil {
		head = fmt.Sprintf("%d moves (not proven fewest). Slide:", len(seq))
	}
	tiles := strings.Join(nums, " ")
	letters := "Blank moves: " + r.Solution
	for size := math.Min(9, side/8); size >= 3; size -= 0.5 {
		pdf.SetFont(FontRegular, "", size)
		var lines []string
		for _, p := range []string{head, tiles, letters} {
			lines = append(lines, pdf.SplitText(p, side)...)
		}
		lh := size * 1.2
		if float64(len(lines))*lh > side && size > 3 {
			continue
		}
		for i, ln := range lines {
			pdf.Text(x, y+size+float64(i)*lh, ln)
		}
		return
	}
}
