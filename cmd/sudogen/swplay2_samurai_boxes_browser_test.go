package main

// A hint names a Samurai's box so that the player can find it. Its
// boxes are numbered 1 to 41 grid by grid, as `sudogen explain` numbers
// them, but the board shows no numbers: "Look at box 16" left the player
// to count boxes across five grids. The page now adds the box's corners
// in its cell words, as explain adds its range ("box 16 r7c13-r9c15").

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// swplay2SamuraiBoxes leaves one cell of a box empty (the full house the
// page's hint then finds first: boxes are scanned first) and checks the
// hint's first level: the box it names is explain's by number and range,
// and the one it shades.
func swplay2SamuraiBoxes(t *testing.T, b *playBrowser, corpus string) {
	r := swplayRecord(t, corpus, "samurai-9-0000000")
	src, err := os.ReadFile(corpus)
	if err != nil {
		t.Fatal(err)
	}
	line := ""
	for _, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, `"id":"samurai-9-0000000"`) {
			line = l
		}
	}
	code, out, errOut := runCLI(t, line+"\n", "explain", "-")
	if code != 0 {
		t.Fatalf("explain: %s", errOut)
	}
	// explain's boxes: number -> "r7c13-r9c15"
	explained := map[int]string{}
	for _, m := range regexp.MustCompile(`box (\d+) (r\d+c\d+-r\d+c\d+)`).FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		explained[n] = m[2]
	}
	page := swplayPage(t, corpus, "en")
	const w = 21
	named := regexp.MustCompile(`box (\d+) \(row (\d+), column (\d+) – row (\d+), column (\d+)\)`)
	// the top-left grid's last box, the top-right grid's first shared
	// one, the middle's bottom-right (shared), the bottom-right grid's last
	for _, at := range []int{8*w + 8, 6*w + 14, 14*w + 14, 20*w + 20} {
		t.Run(fmt.Sprintf("r%dc%d", at/w+1, at%w+1), func(t *testing.T) {
			v := []byte(r.Solution)
			for i := range v {
				if r.Puzzle[i] != '.' || i == at {
					v[i] = '.'
				}
			}
			p := b.tab(t)
			p.open(page, "")
			p.setProgress(r.ID, fmt.Sprintf(`{"v":%q}`, v))
			h := p.hint(1)
			m := named.FindStringSubmatch(h.Text)
			if m == nil {
				t.Fatalf("hint %q names no box by its corners (box N (row R, column C – row R, column C))", h.Text)
			}
			n, _ := strconv.Atoi(m[1])
			span := fmt.Sprintf("r%sc%s-r%sc%s", m[2], m[3], m[4], m[5])
			if want, ok := explained[n]; ok && want != span {
				t.Errorf("hint %q: box %d is %s, explain's box %d is %s", h.Text, n, span, n, want)
			}
			shaded := eval[[]int](p, `[...document.querySelectorAll('#board .c.hu')].map(c => +c.dataset.i)`)
			if len(shaded) != 9 {
				t.Fatalf("hint %q shades %d cells, want a box of 9", h.Text, len(shaded))
			}
			first, last := shaded[0], shaded[len(shaded)-1]
			if got := fmt.Sprintf("r%dc%d-r%dc%d", first/w+1, first%w+1, last/w+1, last%w+1); got != span {
				t.Errorf("hint %q shades %s: not the box it names", h.Text, got)
			}
		})
	}
}
