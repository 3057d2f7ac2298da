package main

// Browser tests of the play page's layout: square cells of one size on
// every box shape whatever they hold (empty rows, candidates, print),
// phones from 320 px wide, dark scheme, print, zoom, touch.

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sudogen/sudogen/export"
)

// cellBoxes measures the board's cells in the rendered page: the
// smallest and largest width and height of a cell, and the largest
// difference between a cell's width and height (CSS px).
type cellBoxes struct {
	MinW, MaxW, MinH, MaxH, Skew float64
	N                            int
}

func (p *playTab) cellBoxes() cellBoxes {
	p.t.Helper()
	return eval[cellBoxes](p, `(() => {
  const o = {MinW: 1e9, MaxW: 0, MinH: 1e9, MaxH: 0, Skew: 0, N: 0};
  for (const c of document.querySelectorAll('#board .c')) {
    const r = c.getBoundingClientRect();
    o.MinW = Math.min(o.MinW, r.width); o.MaxW = Math.max(o.MaxW, r.width);
    o.MinH = Math.min(o.MinH, r.height); o.MaxH = Math.max(o.MaxH, r.height);
    o.Skew = Math.max(o.Skew, Math.abs(r.width - r.height)); o.N++;
  }
  return o;
})()`)
}

// square says what is wrong with the cells, or "".
func (c cellBoxes) square() string {
	switch {
	case c.N == 0:
		return "no cells"
	case c.MaxW-c.MinW > 0.6 || c.MaxH-c.MinH > 0.6:
		return fmt.Sprintf("cells %.1f-%.1f wide, %.1f-%.1f tall", c.MinW, c.MaxW, c.MinH, c.MaxH)
	case c.Skew > 0.6:
		return fmt.Sprintf("cells not square: width and height differ by %.1f px", c.Skew)
	}
	return ""
}

func (p *playTab) media(typ string, dark bool) {
	p.t.Helper()
	var feats []*emulation.MediaFeature
	if dark {
		feats = append(feats, &emulation.MediaFeature{Name: "prefers-color-scheme", Value: "dark"})
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: typ, Features: feats})
		return err
	}))
}

// noSideways says how the page spills over the viewport's width, or "".
func (p *playTab) noSideways() string {
	p.t.Helper()
	return eval[string](p, `(() => {
  const w = innerWidth, out = [];
  if (document.documentElement.scrollWidth > w + 1) out.push('page ' + document.documentElement.scrollWidth + ' px wide');
  for (const id of ['board', 'keypad', 'rows']) {
    const e = document.getElementById(id);
    if (!e || !e.offsetParent) continue;
    const r = e.getBoundingClientRect();
    if (r.right > w + 1 || r.left < -1) out.push(id + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  return out.join(', ');
})()`)
}

// focusLineGap says where the lines above and left of the focused cell
// are missing on screen (a screenshot's pixels), or "".
func (p *playTab) focusLineGap() string {
	p.t.Helper()
	r := eval[[]float64](p, `(() => { const c = document.querySelector('#board .c.kfocus') || document.activeElement; const b = c.getBoundingClientRect(); return [b.left, b.top, b.width, b.height, devicePixelRatio]; })()`)
	ctx, cancel := context.WithTimeout(p.ctx, playDeadline)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		p.t.Fatal(err)
	}
	dark := func(x, y int) bool {
		c := color.GrayModel.Convert(img.At(x, y)).(color.Gray)
		return c.Y < 170
	}
	s := r[4]
	x0, y0, w, h := int(r[0]*s), int(r[1]*s), int(r[2]*s), int(r[3]*s)
	// a line: some row (column) near the edge dark over the middle half
	line := func(horizontal bool) bool {
		for d := -2; d <= 2; d++ {
			n, all := 0, 0
			for k := w / 4; k < 3*w/4 && horizontal || k < 3*h/4 && !horizontal; k++ {
				x, y := x0+k, y0+d
				if !horizontal {
					x, y = x0+d, y0+k
				}
				all++
				if dark(x, y) {
					n++
				}
			}
			if n*10 >= all*9 {
				return true
			}
		}
		return false
	}
	var out []string
	if !line(true) {
		out = append(out, "no line above the focused cell")
	}
	if !line(false) {
		out = append(out, "no line left of the focused cell")
	}
	return strings.Join(out, ", ")
}

func playLayoutTests(t *testing.T, b *playBrowser, f *playFixture) {
	shapes := []export.Record{f.byN[4], f.byN[6], f.byN[8], f.emptyRow, f.byN[12], f.byN[16], f.byN[25]}
	for _, r := range shapes {
		if r.ID == "" {
			t.Fatalf("the fixture lacks a shape: %v", f.byN)
		}
	}

	t.Run("square cells on every shape", func(t *testing.T) {
		t.Parallel()
		// every cell the same square, whatever its row holds (rows with
		// no givens, candidates written in, a digit entered), on screen
		// and in print (audit 2026-12-02 #1)
		p := b.tab(t)
		p.open(f.page, "")
		for _, r := range shapes {
			p.play(r.ID)
			base := p.cellBoxes()
			if msg := base.square(); msg != "" || base.N != r.Size*r.Size {
				t.Errorf("%s (%dx%d, empty rows %v): %s (%d cells)", r.ID, r.Size, r.Size, emptyRows(r), msg, base.N)
			}
			p.click("#fill")
			empty := emptyCells(r.Puzzle)
			if rows := emptyRows(r); len(rows) > 0 {
				empty = []int{rows[0] * r.Size}
			}
			p.click(fmt.Sprintf("#c%d", empty[0]))
			p.keys(keyFor(symbolOf(r.Solution[empty[0]])))
			after := p.cellBoxes()
			if msg := after.square(); msg != "" || after.MaxW-base.MaxW > 0.6 || after.MaxH-base.MaxH > 0.6 {
				t.Errorf("%s with candidates and a digit: %s; cells %.1fx%.1f, were %.1fx%.1f", r.ID, msg, after.MaxW, after.MaxH, base.MaxW, base.MaxH)
			}
			if r.ID == f.emptyRow.ID || r.Size == 6 {
				p.shot(fmt.Sprintf("%dx%d-filled", r.Size, r.Size))
			}
			p.media("print", false)
			pr := p.cellBoxes()
			if msg := pr.square(); msg != "" {
				t.Errorf("%s in print: %s", r.ID, msg)
			}
			p.media("", false)
			p.restart()
		}
	})

	t.Run("phones and tablets", func(t *testing.T) {
		t.Parallel()
		// 4x4 to 16x16 fit widths from 320 px with the keypad on screen;
		// the list fits; 25x25 fits and zooms on request, panning inside
		// its frame (audit 2026-12-02 #2, #3)
		p := b.tab(t)
		p.open(f.page, "")
		for _, vp := range [][2]int64{{320, 640}, {390, 844}, {768, 1024}} {
			p.do(chromedp.EmulateViewport(vp[0], vp[1], chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
			eval[bool](p, `location.hash = ''; true`)
			p.waitFor(`document.body.dataset.ready === 'list'`)
			if msg := p.noSideways(); msg != "" {
				t.Errorf("list at %dx%d: %s", vp[0], vp[1], msg)
			}
			if vp[0] == 320 {
				p.shot("list-320")
			}
			for _, r := range shapes[:6] {
				p.play(r.ID)
				if msg := p.noSideways(); msg != "" {
					t.Errorf("%dx%d at %dx%d: %s", r.Size, r.Size, vp[0], vp[1], msg)
				}
				if kb := eval[float64](p, `document.getElementById('keypad').getBoundingClientRect().bottom`); kb > float64(vp[1]) {
					t.Errorf("%dx%d at %dx%d: the keypad ends at %.0f px, below the screen", r.Size, r.Size, vp[0], vp[1], kb)
				}
				if msg := p.cellBoxes().square(); msg != "" {
					t.Errorf("%dx%d at %dx%d: %s", r.Size, r.Size, vp[0], vp[1], msg)
				}
				if vp[0] < 768 && (r.Size == 16 || r.ID == f.emptyRow.ID) {
					p.shot(fmt.Sprintf("%dx%d-%d", r.Size, r.Size, vp[0]))
				}
			}
			r := f.byN[25]
			p.play(r.ID)
			if msg := p.noSideways(); msg != "" {
				t.Errorf("25x25 at %dx%d: %s", vp[0], vp[1], msg)
			}
			if vp[0] < 768 {
				if eval[bool](p, `document.getElementById('zoom').hidden`) {
					t.Errorf("25x25 at %d px: no zoom offered", vp[0])
					continue
				}
				p.click("#zoom")
				cell := eval[float64](p, `document.querySelector('#board .c').getBoundingClientRect().width`)
				pans := eval[bool](p, `(w => w.scrollWidth > w.clientWidth + 10)(document.getElementById('boardwrap'))`)
				if cell < 40 || !pans {
					t.Errorf("25x25 zoomed at %d px: cells %.0f px, frame pans %v", vp[0], cell, pans)
				}
				if msg := p.noSideways(); strings.Contains(msg, "page") {
					t.Errorf("25x25 zoomed at %d px: %s", vp[0], msg)
				}
				if kb := eval[float64](p, `document.getElementById('keypad').getBoundingClientRect().bottom`); kb > float64(vp[1]) {
					t.Errorf("25x25 zoomed at %dx%d: the keypad ends at %.0f px, below the screen", vp[0], vp[1], kb)
				}
				// the selection keeps in view as it moves
				p.click("#board .c[data-i='0']")
				p.keys(strings.Repeat(kb.ArrowRight, 24))
				if vis := eval[bool](p, `(() => { const c = document.querySelector('#board .c[aria-selected=true]').getBoundingClientRect(), w = document.getElementById('boardwrap').getBoundingClientRect(); return c.right <= w.right + 1 && c.left >= w.left - 1; })()`); !vis {
					t.Errorf("25x25 zoomed at %d px: the selected cell is out of the frame", vp[0])
				}
				p.shot(fmt.Sprintf("25x25-zoom-%d", vp[0]))
				p.click("#zoom")
			}
		}
		p.do(chromedp.ResetViewport())
	})

	t.Run("6x6 16x16 25x25 input", func(t *testing.T) {
		t.Parallel()
		p := b.tab(t)
		p.open(f.page, "")
		for _, n := range []int{6, 16, 25} {
			r := f.byN[n]
			p.play(r.ID)
			if c := eval[int](p, `document.querySelectorAll('#board .c').length`); c != n*n {
				t.Errorf("%dx%d board has %d cells", n, n, c)
			}
			if k := eval[int](p, `document.querySelectorAll('#keypad button').length`); k != n {
				t.Errorf("%dx%d keypad has %d keys", n, n, k)
			}
			empties := emptyCells(r.Puzzle)
			// keyboard into one cell (a letter when the digit is 10 or more)
			big := empties[0]
			for _, i := range empties {
				if symbolOf(r.Solution[i]) > 9 {
					big = i
					break
				}
			}
			p.click(fmt.Sprintf("#c%d", big))
			p.keys(strings.ToLower(keyFor(symbolOf(r.Solution[big]))))
			// the keypad into another
			other := empties[len(empties)-1]
			p.click(fmt.Sprintf("#c%d", other))
			p.click(fmt.Sprintf(`#keypad button[data-d="%d"]`, symbolOf(r.Solution[other])))
			cells := p.cells()
			if cells[big] != string(r.Solution[big]) || cells[other] != string(r.Solution[other]) {
				t.Errorf("%dx%d: entered %q and %q, want %c and %c", n, n, cells[big], cells[other], r.Solution[big], r.Solution[other])
			}
			if m := p.text("#mistakes"); m != "Mistakes 0" {
				t.Errorf("%dx%d: %s after right entries", n, n, m)
			}
			p.shot(fmt.Sprintf("%dx%d", n, n))
		}
	})

	t.Run("looks", func(t *testing.T) {
		t.Parallel()
		p := b.tab(t)
		r := f.s9[2]
		p.open(f.page, "#play="+r.ID)
		// dark colour scheme, as the system asks
		p.media("", true)
		p.waitFor(`document.documentElement.dataset.theme === 'dark'`)
		if bg := eval[string](p, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(17, 19, 21)" {
			t.Errorf("dark background %s", bg)
		}
		p.shot("dark")
		// print this puzzle: the board alone, with its name
		p.media("print", false)
		if d := eval[string](p, `getComputedStyle(document.querySelector('.side')).display`); d != "none" {
			t.Errorf("print shows the controls (display %s)", d)
		}
		if d := eval[string](p, `getComputedStyle(document.getElementById('play-h')).display`); d == "none" {
			t.Error("print leaves out the puzzle's name")
		}
		p.shot("print")
		// the cell with the keyboard's focus keeps the lines around it in
		// print (its focus layer sat over them, white in print: the
		// board printed with a gap in its lines there)
		p.media("", false)
		p.click(fmt.Sprintf("#c%d", emptyCells(r.Puzzle)[0]))
		p.keys(kb.ArrowDown)
		p.media("print", false)
		if gap := p.focusLineGap(); gap != "" {
			p.shot("print-focus")
			t.Errorf("print: %s", gap)
		}
		pdf, err := chromedp.Run(p.ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
		if err != nil {
			t.Fatal(err)
		}
		if b.shots != "" {
			os.WriteFile(filepath.Join(b.shots, p.name+"-print.pdf"), pdf, 0o644)
		}
		p.media("", false)
		// 200% zoom: a 1200x900 window at twice the size is 600x450 CSS px
		p.do(chromedp.EmulateViewport(600, 450, chromedp.EmulateScale(2)))
		if msg := p.noSideways(); msg != "" {
			t.Errorf("at 200%% zoom: %s", msg)
		}
		if fs := eval[float64](p, `parseFloat(getComputedStyle(document.querySelector('#board .c.g')).fontSize)`); fs < 14 {
			t.Errorf("at 200%% zoom givens are %.1f CSS px", fs)
		}
		p.shot("zoom200")
		// a phone: touch, long press for a mark
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
		empty := strings.IndexByte(r.Puzzle, '.')
		p.tap(fmt.Sprintf("#c%d", empty))
		if s := p.selected(); s != empty {
			t.Errorf("tap selected %d, want %d", s, empty)
		}
		longPress(t, p, `#keypad button[data-d="4"]`)
		// (the browser plays the gesture after the command returns)
		if !p.until(fmt.Sprintf(`!!document.querySelector('#c%d .m')`, empty)) || p.cells()[empty] != "{4}" {
			t.Errorf("long press on 4: cell %q, want the mark {4}", p.cells()[empty])
		}
		for try := 1; ; try++ {
			held := p.tap(`#keypad button[data-d="7"]`)
			if held < 450 || try == 5 {
				break
			}
			// a long press to the page: it marked 7; take the mark back
			t.Logf("tap %d on 7 reached the page as a %.0f ms press: undone, tapped again", try, held)
			p.click("#undo")
		}
		if got := p.cells()[empty]; got != "7" {
			t.Errorf("tap on 7: cell %q", got)
		}
		p.shot("phone")
		p.do(chromedp.ResetViewport())
	})
}

// withGeometry rewrites a play page so the puzzle id carries a board
// geometry (the ninth field of its row, as a variant's record will give
// it), and writes the page to a new file.
func withGeometry(t *testing.T, page, id string, geo map[string]any) string {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(<script type="text/plain" id="sg-data">)([^<]*)(</script>)`)
	m := re.FindSubmatch(b)
	if m == nil {
		t.Fatal("no puzzle data in the page")
	}
	z, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(m[2])))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	found := false
	for i, r := range rows {
		var rid string
		json.Unmarshal(r[1], &rid)
		if rid == id {
			g, _ := json.Marshal(geo)
			rows[i] = append(r[:8:8], g)
			found = true
		}
	}
	if !found {
		t.Fatalf("no puzzle %s in the page", id)
	}
	raw, _ = json.Marshal(rows)
	var zb bytes.Buffer
	w, _ := flate.NewWriter(&zb, flate.BestCompression)
	w.Write(raw)
	w.Close()
	out := filepath.Join(t.TempDir(), "variant.html")
	b = re.ReplaceAllLiteral(b, append(append(append([]byte{}, m[1]...), base64.StdEncoding.EncodeToString(zb.Bytes())...), m[3]...))
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// classicHouses are the rows, columns and boxes of an n x n board with
// boxes br x bc, and each cell's box as a house index.
func classicHouses(n, br, bc int) (houses [][]int, kinds []string, region []int) {
	region = make([]int, n*n)
	for r := 0; r < n; r++ {
		var row []int
		for c := 0; c < n; c++ {
			row = append(row, r*n+c)
		}
		houses, kinds = append(houses, row), append(kinds, "row")
	}
	for c := 0; c < n; c++ {
		var col []int
		for r := 0; r < n; r++ {
			col = append(col, r*n+c)
		}
		houses, kinds = append(houses, col), append(kinds, "column")
	}
	for b := 0; b < n; b++ {
		var box []int
		r0, c0 := b/(n/bc)*br, b%(n/bc)*bc
		for r := r0; r < r0+br; r++ {
			for c := c0; c < c0+bc; c++ {
				box = append(box, r*n+c)
				region[r*n+c] = 2*n + b
			}
		}
		houses, kinds = append(houses, box), append(kinds, "box")
	}
	return
}

func playVariantTests(t *testing.T, b *playBrowser, f *playFixture) {
	t.Run("a variant's geometry from data", func(t *testing.T) {
		t.Parallel()
		// X-Sudoku: the two diagonals are houses, shaded; peers and
		// conflicts follow them.
		r := f.s9[0]
		houses, kinds, region := classicHouses(9, 3, 3)
		var d1, d2 []int
		for i := 0; i < 9; i++ {
			d1, d2 = append(d1, i*9+i), append(d2, i*9+8-i)
		}
		houses, kinds = append(houses, d1, d2), append(kinds, "diagonal", "diagonal")
		page := withGeometry(t, f.page, r.ID, map[string]any{"w": 9, "h": 9, "n": 9, "houses": houses, "kinds": kinds, "region": region, "shade": []int{27, 28}, "mr": 3, "mc": 3})
		p := b.tab(t)
		p.open(page, "#play="+r.ID)
		if n := eval[int](p, `document.querySelectorAll('#board .c.xh').length`); n != 17 {
			t.Errorf("%d shaded cells, want the 17 of the two diagonals", n)
		}
		// two equal digits on a diagonal, in no common row, column or box
		a, z := -1, -1
		for _, i := range d1 {
			for _, j := range d1 {
				if i < j && r.Puzzle[i] == '.' && r.Puzzle[j] == '.' && i/27 != j/27 && a < 0 {
					a, z = i, j
				}
			}
		}
		if a < 0 {
			t.Skip("no two empty diagonal cells in different bands")
		}
		p.click(fmt.Sprintf("#c%d", a))
		if peer := eval[bool](p, fmt.Sprintf(`document.getElementById('c%d').classList.contains('peer')`, z)); !peer {
			t.Errorf("cell %d on the diagonal is not shaded as a peer of %d", z, a)
		}
		p.keys("1")
		p.click(fmt.Sprintf("#c%d", z))
		p.keys("1")
		if conf := eval[bool](p, fmt.Sprintf(`document.getElementById('c%d').classList.contains('conflict')`, a)); !conf {
			t.Error("two 1s on a diagonal are not a conflict")
		}
		p.shot("x-sudoku")

		// a jigsaw 4x4: thick lines follow the regions, not 2x2 boxes
		r4 := f.byN[4]
		pieces := [][]int{{0, 1, 2, 4}, {3, 7, 11, 15}, {5, 6, 8, 9}, {10, 12, 13, 14}}
		houses, kinds, _ = classicHouses(4, 2, 2)
		houses, kinds = houses[:8], kinds[:8]
		region = make([]int, 16)
		for k, cells := range pieces {
			houses, kinds = append(houses, cells), append(kinds, "region")
			for _, c := range cells {
				region[c] = 8 + k
			}
		}
		want := 16 // the frame
		for i := 0; i < 16; i++ {
			if i%4 < 3 && region[i] != region[i+1] {
				want++
			}
			if i < 12 && region[i] != region[i+4] {
				want++
			}
		}
		page = withGeometry(t, f.page, r4.ID, map[string]any{"w": 4, "h": 4, "n": 4, "houses": houses, "kinds": kinds, "region": region, "shade": []int{}, "mr": 2, "mc": 2})
		p.open(page, "#play="+r4.ID)
		got := eval[int](p, `(document.querySelector('#board .lines .thick').getAttribute('d').match(/[vh]1/g) || []).length`)
		if got != want {
			t.Errorf("jigsaw: %d thick segments, the regions make %d", got, want)
		}
		if msg := p.cellBoxes().square(); msg != "" {
			t.Errorf("jigsaw: %s", msg)
		}
		p.shot("jigsaw")
	})

	t.Run("a samurai board has the big board's room", func(t *testing.T) {
		t.Parallel()
		// 21 cells across of 9 digits: as wide as a 12x12 board, not
		// squeezed into a 9x9's room (27 px cells at 1200x900)
		data, err := os.ReadFile(filepath.Join("..", "..", "internal", "testdata", "mit", "variant", "published.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		var sam export.Record
		for _, l := range strings.Split(string(data), "\n") {
			if strings.Contains(l, `"samurai"`) {
				if err := json.Unmarshal([]byte(l), &sam); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if sam.ID == "" {
			t.Fatal("no samurai record in published.jsonl")
		}
		r12 := f.byN[12]
		page := writePlayPage(t, "samurai.html", []*export.Record{&sam, &r12}, export.HTMLOptions{})
		p := b.tab(t)
		p.open(page, "#play="+sam.ID)
		width := func() float64 {
			return eval[float64](p, `document.getElementById('board').getBoundingClientRect().width`)
		}
		cells := p.cellBoxes()
		if msg := cells.square(); msg != "" || cells.N != 21*21 {
			t.Errorf("samurai: %s (%d cells)", msg, cells.N)
		}
		ws := width()
		p.shot("samurai")
		p.play(r12.ID)
		if w12 := width(); ws < w12-1 {
			t.Errorf("the samurai board is %.0f px wide, a 12x12 board %.0f: its %.1f px cells are cramped", ws, w12, ws/21)
		}
	})

	t.Run("sees and non-consecutive conflicts", func(t *testing.T) {
		t.Parallel()
		// two empty cells side by side, and two a knight's move apart
		houses, kinds, region := classicHouses(9, 3, 3)
		// pick: in r, two empty cells side by side, two a knight's move
		// apart, and digits a, a+1 and c (far from a) for the first pair
		// and k for the second that no given rules out
		pick := func(r export.Record) (side, knight [2]int, a, c, k int, ok bool) {
			side, knight = [2]int{-1, -1}, [2]int{-1, -1}
			for i := 0; i < 81; i++ {
				if r.Puzzle[i] != '.' {
					continue
				}
				if i%9 < 8 && r.Puzzle[i+1] == '.' && side[0] < 0 {
					side = [2]int{i, i + 1}
				}
				if j := i + 2*9 + 1; i%9 < 8 && j < 81 && r.Puzzle[j] == '.' && knight[0] < 0 && i/27 != j/27 {
					knight = [2]int{i, j}
				}
			}
			if side[0] < 0 || knight[0] < 0 || knight[0] == side[0] || knight[0] == side[1] || knight[1] == side[0] || knight[1] == side[1] {
				return
			}
			// free: no given of i's row, column or box is d, and no given
			// beside i is d±1 (a conflict seen is then the pair's own)
			free := func(i, d int) bool {
				for j := 0; j < 81; j++ {
					same := j/9 == i/9 || j%9 == i%9 || (j/27 == i/27 && j%9/3 == i%9/3)
					if same && r.Puzzle[j] == byte('0'+d) {
						return false
					}
					beside := (j/9 == i/9 && (j%9 == i%9+1 || j%9+1 == i%9)) || (j%9 == i%9 && (j/9 == i/9+1 || j/9+1 == i/9))
					if beside && (r.Puzzle[j] == byte('0'+d+1) || r.Puzzle[j] == byte('0'+d-1)) {
						return false
					}
				}
				return true
			}
			a, c = 0, 0 // a, a+1 free in both side cells; c far from a
			for d := 1; d < 9 && a == 0; d++ {
				if free(side[0], d) && free(side[1], d+1) {
					a = d
				}
			}
			for d := 1; d <= 9 && a > 0 && c == 0; d++ {
				if (d < a-1 || d > a+1) && free(side[1], d) {
					c = d
				}
			}
			k = 0
			for d := 1; d <= 9 && k == 0; d++ {
				if free(knight[0], d) && free(knight[1], d) {
					k = d
				}
			}
			ok = a > 0 && c > 0 && k > 0
			return
		}
		var r export.Record
		var side, knight [2]int
		var a, c, k int
		found := false
		for _, cand := range f.s9 {
			if side, knight, a, c, k, found = pick(cand); found {
				r = cand
				break
			}
		}
		if !found {
			t.Skip("no puzzle of the fixture has the cells and digits the test needs")
		}
		sees := make([][]int, 81)
		for i := range sees {
			sees[i] = []int{}
		}
		sees[knight[0]], sees[knight[1]] = []int{knight[1]}, []int{knight[0]}
		page := withGeometry(t, f.page, r.ID, map[string]any{"w": 9, "h": 9, "n": 9, "houses": houses, "kinds": kinds, "region": region,
			"shade": []int{}, "sees": sees, "nc": true, "mr": 3, "mc": 3})
		p := b.tab(t)
		p.open(page, "#play="+r.ID)
		conflict := func(i int) bool {
			return eval[bool](p, fmt.Sprintf(`document.getElementById('c%d').classList.contains('conflict')`, i))
		}
		enter := func(i int, k string) {
			p.click(fmt.Sprintf("#c%d", i))
			p.keys(k)
		}
		// a 1 beside empty cells is no conflict (an empty cell is not a 0)
		one := -1
		for i := 0; i < 81 && one < 0; i++ {
			if r.Puzzle[i] != '.' || i == side[0] || i == side[1] || i == knight[0] || i == knight[1] {
				continue
			}
			ok := false
			for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
				rr, cc := i/9+d[0], i%9+d[1]
				if rr >= 0 && rr < 9 && cc >= 0 && cc < 9 && r.Puzzle[rr*9+cc] == '.' {
					ok = true
				}
			}
			for j := 0; j < 81 && ok; j++ {
				same := j/9 == i/9 || j%9 == i%9 || (j/27 == i/27 && j%9/3 == i%9/3)
				beside := (j/9 == i/9 && (j%9 == i%9+1 || j%9+1 == i%9)) || (j%9 == i%9 && (j/9 == i/9+1 || j/9+1 == i/9))
				if (same && r.Puzzle[j] == '1') || (beside && r.Puzzle[j] == '2') {
					ok = false
				}
			}
			if ok {
				one = i
			}
		}
		if one >= 0 {
			enter(one, "1")
			if conflict(one) {
				p.shot("a-1-beside-empty-cells")
				t.Errorf("a 1 in r%dc%d, beside an empty cell and no 2, is marked as a conflict", one/9+1, one%9+1)
			}
			enter(one, kb.Delete)
		}
		enter(side[0], keyFor(a))
		enter(side[1], keyFor(a+1))
		if !conflict(side[0]) || !conflict(side[1]) {
			t.Errorf("%d beside %d on a non-consecutive board is not a conflict", a, a+1)
		}
		enter(side[1], keyFor(c))
		if conflict(side[0]) {
			t.Errorf("%d beside %d is marked as a conflict", a, c)
		}
		enter(knight[0], keyFor(k))
		enter(knight[1], keyFor(k))
		if !conflict(knight[0]) || !conflict(knight[1]) {
			t.Errorf("two %ds a knight's move apart (sees) are not a conflict", k)
		}
		p.shot("non-consecutive")
		// with candidates filled in, a digit entered takes d-1 and d+1
		// from its side neighbours' candidates, as Fill candidates leaves
		// them out there
		p.click("#fill")
		before := p.cells()
		near := func(i int) []int {
			var out []int
			for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
				if rr, cc := i/9+d[0], i%9+d[1]; rr >= 0 && rr < 9 && cc >= 0 && cc < 9 && strings.HasPrefix(before[rr*9+cc], "{") {
					out = append(out, rr*9+cc)
				}
			}
			return out
		}
		at, v := -1, 0
		for i := 0; i < 81 && at < 0; i++ {
			for d := 1; d <= 9 && at < 0 && strings.HasPrefix(before[i], "{"); d++ {
				if !strings.Contains(before[i], keyFor(d)) {
					continue
				}
				for _, j := range near(i) {
					if (d > 1 && strings.Contains(before[j], keyFor(d-1))) || (d < 9 && strings.Contains(before[j], keyFor(d+1))) {
						at, v = i, d
					}
				}
			}
		}
		if at < 0 {
			t.Fatal("no candidate beside a candidate one apart after Fill candidates")
		}
		enter(at, keyFor(v))
		after := p.cells()
		for _, j := range near(at) {
			for _, w := range []int{v - 1, v + 1} {
				if w >= 1 && w <= 9 && strings.Contains(after[j], keyFor(w)) {
					p.shot("non-consecutive-candidates")
					t.Errorf("%d entered in r%dc%d: its neighbour r%dc%d keeps the candidate %d: %q", v, at/9+1, at%9+1, j/9+1, j%9+1, w, after[j])
				}
			}
		}
	})
}
