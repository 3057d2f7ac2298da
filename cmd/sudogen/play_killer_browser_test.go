package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
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

// killerRecord is a generated killer as a record, its id id, read back
// as export reads it; kr is the killer package's record.
func killerRecord(t *testing.T, pz *killer.Puzzle, sol []int8, id string) (r *export.Record, kr killer.Record) {
	t.Helper()
	kr = killer.NewRecord(pz, sol, nil)
	kr.ID = id
	line, err := json.Marshal(kr)
	if err != nil {
		t.Fatal(err)
	}
	r = new(export.Record)
	if err := json.Unmarshal(line, r); err != nil {
		t.Fatal(err)
	}
	return r, kr
}

// writePlayPage writes recs as a play page named name in the test's
// folder and returns its path.
func writePlayPage(t *testing.T, name string, recs []*export.Record, o export.HTMLOptions) string {
	t.Helper()
	page := filepath.Join(t.TempDir(), name)
	fh, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := export.WriteHTML(fh, recs, o); err != nil {
		t.Fatal(err)
	}
	return page
}

// playKillerTests: a 6x6 killer on the page shows every cage (a dashed
// outline, its sum), flags a digit twice in a cage and a full cage off
// its sum, lists the digit sets of the selected cell's cage, and gives
// the killer grader's steps as hints (its cage shaded and named).
func playKillerTests(t *testing.T, b *playBrowser) {
	t.Run("numbered and named by kind", func(t *testing.T) {
		t.Parallel()
		// a killer and a Killer-X, a jigsaw and a samurai, all untiered:
		// each is Puzzle 1 of its kind, as the list names the kinds (they
		// were numbered together by size), and a Killer-X is named so;
		// the name they share says the kind (swslide3).
		// The killer hides one cage's sum.
		var recs []*export.Record
		for _, x := range []bool{false, true} {
			hide := 1
			if x {
				hide = 0
			}
			pz, sol, _, err := killer.Generate(rand.New(rand.NewPCG(6, 1)), killer.Options{Shape: sudoku.Shape6, X: x, HideSums: hide})
			if err != nil {
				t.Fatal(err)
			}
			r, _ := killerRecord(t, pz, sol, fmt.Sprintf("killer-x%v", x))
			recs = append(recs, r)
		}
		data, err := os.ReadFile(filepath.Join("..", "..", "internal", "testdata", "mit", "variant", "published.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r export.Record
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			recs = append(recs, &r)
		}
		page := writePlayPage(t, "kinds.html", recs, export.HTMLOptions{})
		p := b.tab(t)
		p.open(page, "")
		got := eval[[]string](p, `[...document.querySelectorAll('#rows tr')].map(r => r.querySelector('a').textContent + ' / ' + r.querySelector('.kcol').textContent)`)
		want := []string{"Puzzle 1 (Killer\u00a06×6) / Killer 6×6", "Puzzle 1 (Killer\u2011X\u00a06×6) / Killer-X 6×6", "Puzzle 1 (Jigsaw\u00a09×9) / Jigsaw 9×9", "Puzzle 1 (Samurai) / Samurai"}
		if !slices.Equal(got, want) {
			t.Errorf("the list reads %q, want %q", got, want)
		}
		// Each puzzle's screen tells its rules beyond the classic ones,
		// the sentences the book prints under its section's head: a
		// killer's cages (a hidden sum's rule when it has one), Killer-X's
		// diagonals, a variant's rule. Help tells them too while the
		// puzzle is open, and not from the list.
		en := i18n.Get("en")
		cages, hidden, kx := en.Text("book.killer.cages"), en.Text("book.killer.hidden"), en.Text("book.killer.x")
		for i, want := range [][]string{{cages, hidden}, {cages, kx}, {en.Text("book.variant.rule.jigsaw")}, {en.Text("book.variant.rule.samurai")}} {
			p.play(recs[i].ID)
			if got := eval[[]string](p, `[...document.querySelectorAll('#play-rules:not([hidden]) p')].map(e => e.textContent)`); !slices.Equal(got, want) {
				t.Errorf("%s: the puzzle's rules read %q, want %q", recs[i].ID, got, want)
			}
			if i != 1 {
				continue
			}
			help := eval[[]string](p, `(() => {
  document.getElementById('help-btn').click();
  const out = [...document.querySelectorAll('#dlg-body #help-puzzle p, #dlg-body #help-puzzle li')].map(e => e.textContent);
  document.querySelector('#dlg-buttons button').click();
  return out;
})()`)
			if want := append([]string{en.Text("play.help_puzzle")}, want...); !slices.Equal(help, want) {
				t.Errorf("%s: Help tells %q, want %q", recs[i].ID, help, want)
			}
		}
		p.click("#back")
		p.waitFor(`!document.getElementById('list').hidden`)
		if n := eval[int](p, `(() => {
  document.getElementById('help-btn').click();
  const n = document.querySelectorAll('#dlg-body #help-puzzle').length;
  document.querySelector('#dlg-buttons button').click();
  return n;
})()`); n != 0 {
			t.Errorf("Help from the list tells a puzzle's rules (%d blocks)", n)
		}
	})

	t.Run("killer cages", func(t *testing.T) {
		t.Parallel()
		pz, sol, _, err := killer.Generate(rand.New(rand.NewPCG(6, 1)), killer.Options{Shape: sudoku.Shape6})
		if err != nil {
			t.Fatal(err)
		}
		rp, kr := killerRecord(t, pz, sol, "killer-6")
		r := *rp
		page := writePlayPage(t, "killer.html", []*export.Record{&r}, export.HTMLOptions{Hints: playHints})
		p := b.tab(t)
		p.open(page, "#play="+r.ID)
		if sub := p.text("#play-sub"); !strings.HasPrefix(sub, "Killer 6×6") {
			t.Errorf("the puzzle's line reads %q, want it named Killer 6×6", sub)
		}
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
		// pencil marks stay inside the cages' dashed outlines (inset 0.09
		// of a cell), clear of the dashes (they ran through the top and
		// bottom rows of candidates)
		p.click("#fill")
		if out := eval[string](p, `(() => {
  for (const c of document.querySelectorAll('#board .c')) {
    const m = c.querySelector('.m');
    if (!m) return 'c' + c.dataset.i + ' has no candidates';
    const a = c.getBoundingClientRect(), b = m.getBoundingClientRect(), dx = a.width * 0.09 + 1, dy = a.height * 0.09 + 1;
    if (b.left < a.left + dx || b.top < a.top + dy || b.right > a.right - dx || b.bottom > a.bottom - dy)
      return 'c' + c.dataset.i + ': candidates ' + [b.left - a.left, b.top - a.top, a.right - b.right, a.bottom - b.bottom].map(v => v.toFixed(1)).join(' ') + ' px in from the cell, the outline ' + dx.toFixed(1);
  }
  return '';
})()`); out != "" {
			p.shot("candidates-in-cages")
			t.Errorf("candidates over a cage's outline: %s", out)
		}
		p.restart()
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

		// Hints, the entries erased: the killer grader's first step, its
		// cage shaded and named at level 1, the technique and its idea at
		// level 2, the move at level 3, true to the solution; applied,
		// the next hint is another step.
		for _, i := range []int{a, z} {
			p.click(fmt.Sprintf("#c%d", i))
			p.keys(kb.Delete)
		}
		q := p
		first := killer.Grade(pz).Steps[0]
		h := q.hint(1)
		if h.Kind != "step" || h.Tech != first.Technique {
			t.Fatalf("first hint %+v, the grader's first step is %s", h, first.Technique)
		}
		if len(first.Cages) > 0 {
			fc := kr.Cages[first.Cages[0]]
			if h.Cells != len(fc.Cells) || !strings.Contains(h.Text, fmt.Sprint(fc.Sum)) {
				t.Errorf("hint level 1 %+v: want the cage of %d (%d cells) shaded and named", h, fc.Sum, len(fc.Cells))
			}
		}
		h = q.hint(2)
		name := ""
		for _, tc := range killer.Techniques {
			if tc.ID == first.Technique {
				name = tc.Name
			}
		}
		if h.Title != name || h.Text == "" || len(first.Cages) > 0 && h.Cells < len(kr.Cages[first.Cages[0]].Cells) {
			t.Errorf("hint level 2 %+v: wantElims %q, its idea and its cage shaded", h, name)
		}
		q.shot("hint")
		h = q.hint(3)
		checkHintTrue(t, h, r)
		var wantElims []int
		for _, e := range first.Eliminations {
			for d := 1; d <= 9; d++ {
				if e.Digits>>(d-1)&1 == 1 {
					wantElims = append(wantElims, e.Cell*32+d)
				}
			}
		}
		slices.Sort(wantElims)
		got := slices.Clone(h.Elims)
		slices.Sort(got)
		if len(first.Placements) > 0 && (h.Cell != first.Placements[0].Cell || h.Digit != first.Placements[0].Digit) ||
			len(first.Placements) == 0 && !slices.Equal(got, wantElims) {
			t.Errorf("hint level 3 %+v: want the grader's move %+v", h, first)
		}
		q.click("#hint-apply")
		if next := q.hint(1); next.Kind != "step" || next.Tech == h.Tech && slices.Equal(next.Elims, h.Elims) && next.Cell == h.Cell {
			t.Errorf("after the hint was applied, the next hint %+v repeats it", next)
		}
		// with candidates filled in, no candidate of a cage's first cell
		// lies under the cage's sum
		q.click("#hint-close")
		q.click("#fill")
		if hit := eval[string](q, `(() => {
  for (const e of document.querySelectorAll('#board svg.cages .csum')) {
    const a = e.getBoundingClientRect();
    const under = [...document.querySelectorAll('#board .c')].find(c => { const b = c.getBoundingClientRect(); return a.left >= b.left && a.left < b.right && a.top >= b.top && a.top < b.bottom; });
    for (const sp of under ? under.querySelectorAll('.m span') : []) {
      if (!sp.textContent) continue;
      const b = sp.getBoundingClientRect(), r = document.createRange();
      r.selectNodeContents(sp);
      const g = r.getBoundingClientRect();
      if (g.left < a.right && g.right > a.left && g.top < a.bottom && g.bottom > a.top) return e.textContent + ' over ' + sp.textContent;
    }
  }
  return '';
})()`); hit != "" {
			t.Errorf("a cage sum covers a candidate: %s", hit)
		}
	})
}
