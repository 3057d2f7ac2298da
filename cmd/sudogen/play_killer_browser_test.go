package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
)

// cageCombos lists, by brute force over the subsets of 1..n, the digit
// sets of k distinct digits adding up to sum, each written in increasing
// order, the sets in lexicographic order.
func cageCombos(n, k, sum int) []string {
	var out []string
	for m := 1; m < 1<<n; m++ {
		s, c, w := 0, 0, ""
		for d := 1; d <= n; d++ {
			if m>>(d-1)&1 == 1 {
				s, c, w = s+d, c+1, w+fmt.Sprint(d)
			}
		}
		if c == k && s == sum {
			out = append(out, w)
		}
	}
	// lexicographic order of the digit strings (all of length k)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// playKillerTests: a 6x6 killer on the page shows every cage (a dashed
// outline, its sum), flags a digit twice in a cage and a full cage off
// its sum, and lists the digit sets of the selected cell's cage.
func playKillerTests(t *testing.T, b *playBrowser) {
	t.Run("killer cages", func(t *testing.T) {
		t.Parallel()
		pz, sol, _, err := killer.Generate(rand.New(rand.NewPCG(6, 1)), killer.Options{Shape: sudoku.Shape6})
		if err != nil {
			t.Fatal(err)
		}
		kr := killer.NewRecord(pz, sol, nil)
		kr.ID = "killer-6"
		line, err := json.Marshal(kr)
		if err != nil {
			t.Fatal(err)
		}
		var r export.Record
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		page := filepath.Join(t.TempDir(), "killer.html")
		fh, err := os.Create(page)
		if err != nil {
			t.Fatal(err)
		}
		if err := export.WriteHTML(fh, []*export.Record{&r}, export.HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		fh.Close()
		p := b.tab(t)
		p.open(page, "#play="+r.ID)
		if n := eval[int](p, `document.querySelectorAll('#board svg.cages .csum').length`); n != len(kr.Cages) {
			t.Errorf("%d cage sums drawn, want %d", n, len(kr.Cages))
		}
		sums := eval[[]string](p, `[...document.querySelectorAll('#board svg.cages .csum')].map(e => e.textContent)`)
		for k, cg := range kr.Cages {
			if k < len(sums) && sums[k] != fmt.Sprint(cg.Sum) {
				t.Errorf("cage %d: sum %q drawn, want %d", k, sums[k], cg.Sum)
			}
		}
		if d := eval[string](p, `document.querySelector('#board svg.cages .cage').getAttribute('d')`); strings.Count(d, "M") < len(kr.Cages)*3 {
			t.Errorf("cage outline has %d segments for %d cages", strings.Count(d, "M"), len(kr.Cages))
		}
		// a cage of two or more cells
		var cg killer.Cage
		ck := -1
		for k, c := range kr.Cages {
			if len(c.Cells) >= 2 {
				cg, ck = c, k
				break
			}
		}
		if ck < 0 {
			t.Fatal("no cage of two cells")
		}
		a, z := cg.Cells[0], cg.Cells[1]
		conflict := func(i int) bool {
			return eval[bool](p, fmt.Sprintf(`document.getElementById('c%d').classList.contains('conflict')`, i))
		}
		sumBad := func() bool {
			return eval[bool](p, fmt.Sprintf(`document.querySelectorAll('#board svg.cages .csum')[%d].classList.contains('bad')`, ck))
		}
		// the selected cell's cage: every digit set that fits an empty cage
		p.click(fmt.Sprintf("#c%d", a))
		p.click("#cage-btn")
		want := fmt.Sprintf("Cage %d: left to place %d, empty cells: %d, combinations: %s", cg.Sum, cg.Sum, len(cg.Cells), strings.Join(cageCombos(6, len(cg.Cells), cg.Sum), " "))
		if got := p.text("#cage-info"); got != want {
			t.Errorf("cage info %q, want %q", got, want)
		}
		// a digit twice in the cage
		p.keys("1")
		p.click(fmt.Sprintf("#c%d", z))
		p.keys("1")
		if !conflict(a) || !conflict(z) || !sumBad() {
			t.Errorf("1 twice in cage %v: conflicts %v %v, sum flagged %v", cg.Cells, conflict(a), conflict(z), sumBad())
		}
		p.shot("repeat")
		p.keys(kb.Delete)
		if conflict(a) || sumBad() {
			t.Error("the conflict outlives the repeated digit")
		}
		if len(cg.Cells) == 2 {
			// a full cage off its sum
			x, y := 1, 2
			if cg.Sum == 3 {
				y = 3
			}
			p.keys(fmt.Sprint(y))
			if !conflict(a) || !conflict(z) || !sumBad() {
				t.Errorf("%d+%d in a cage of %d: conflicts %v %v, sum flagged %v", x, y, cg.Sum, conflict(a), conflict(z), sumBad())
			}
		}
		p.shot("cage")
	})
}
