package main

// The swplay3 sweep's checks of the play page, made inside scenarios
// TestPlayPage and TestPlayPageMore already play (no page of their own):
// a solved board stays solved until Restart, and the daily puzzle's line
// wraps between its items, never inside one.

import (
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"

	"github.com/sudogen/sudogen/export"
)

// swplay3SudokuLocked: Sudoku r, just solved in tab p (its dialog open),
// stays solved. Undo took the last digit out and left the board
// "solved" (the clock stopped, every entry refused with "Solved
// already"), and the page saved it so. Undo and Redo are off; Ctrl+Z
// says the board is solved and changes nothing. Progress saved solved
// by a page before this one, with a cell empty, opens as unsolved and
// can be finished. Restart plays the puzzle again from its givens.
func swplay3SudokuLocked(p *playTab, r export.Record) {
	t := p.t
	t.Helper()
	p.click(`#dlg-buttons button[data-v=close]`)
	p.waitFor(`!document.getElementById('dlg').open`)
	if off := eval[string](p, `document.getElementById('undo').disabled + ' ' + document.getElementById('redo').disabled`); off != "true true" {
		t.Errorf("on the solved board Undo and Redo disabled: %s, want true true", off)
	}
	p.watchStatus()
	p.keys("z", chromedp.ModifierCtrl)
	if got := strings.Join(p.cells(), ""); got != r.Solution {
		t.Errorf("Ctrl+Z on the solved board left %s, want %s", got, r.Solution)
	}
	if !p.statusShown("Solved already: Restart to play again.") {
		t.Errorf("Ctrl+Z on the solved board did not say it is solved")
	}
	empties := emptyCells(r.Puzzle)
	last := empties[len(empties)-1]
	p.setProgress(r.ID, fmt.Sprintf(`{"v": %q, "s": 1}`, entries(r.Puzzle, []byte(r.Solution[:last]+"."+r.Solution[last+1:]))))
	p.click(fmt.Sprintf("#c%d", last))
	p.click(fmt.Sprintf(`#keypad button[data-d="%d"]`, symbolOf(r.Solution[last])))
	if got := p.cells()[last]; got != r.Solution[last:last+1] {
		t.Fatalf("a board saved solved with cell %d empty took no digit there: %q, want %c", last, got, r.Solution[last])
	}
	p.waitSolved()
	p.click(`#dlg-buttons button[data-v=close]`)
	p.restart()
	if got := strings.Join(p.cells(), ""); got != strings.ReplaceAll(r.Puzzle, ".", "") {
		t.Errorf("after Restart the board is %s, want the givens %s", got, r.Puzzle)
	}
	p.click(fmt.Sprintf("#c%d", last))
	p.keys(keyFor(symbolOf(r.Solution[last])))
	if got := p.cells()[last]; got != r.Solution[last:last+1] || eval[bool](p, `document.getElementById('undo').disabled`) {
		t.Errorf("after Restart an entry gave %q and Undo disabled %v, want %c and Undo on", got, eval[bool](p, `document.getElementById('undo').disabled`), r.Solution[last])
	}
}

// swplay3SlideLocked: a sliding puzzle at the goal, its counter want,
// stays there. Undo slid a tile off the goal and the board still said
// "solved" (the clock stopped, every click refused); opened again, it
// was not solved. Undo and Redo are off; Ctrl+Z says the board is solved
// and moves nothing.
func swplay3SlideLocked(p *playTab, want string) {
	t := p.t
	t.Helper()
	if off := eval[string](p, `document.getElementById('undo').disabled + ' ' + document.getElementById('redo').disabled`); off != "true true" {
		t.Errorf("on the solved board Undo and Redo disabled: %s, want true true", off)
	}
	p.watchStatus()
	p.keys("z", chromedp.ModifierCtrl)
	if m := p.text("#mistakes"); m != want {
		t.Errorf("after Ctrl+Z the solved board's counter %q, want %q", m, want)
	}
	if !p.statusShown("Solved already: Restart to play again.") {
		t.Errorf("Ctrl+Z on the solved board did not say it is solved")
	}
}

// swplay3DailyWhole: the daily puzzle's line (in the list on tab p, in
// each language of "every language") wraps between its items, never
// inside one: at every width of the box from the widest item's up, each
// item's text (the date, the puzzle's name, its kind, its rating) is on
// one line, and each dot between two on the line of the item before it;
// at every width from 150 px, no line ends in an opening bracket.
// "Taquin 24" came out as "Taquin" at a line's end and "24" on the next
// on a phone, and Chinese "今日谜题（" at a line's end, the date on the
// next.
func swplay3DailyWhole(p *playTab) {
	t := p.t
	t.Helper()
	split := eval[[]string](p, `(() => {
  const box = document.getElementById('daily'), line = box.querySelector('p'), text = line.textContent;
  // the items, as spans of the line's text: the date (from the space
  // before it, with what is written against it, up to the name:
  // "Tuesday, December 8:", "今日谜题（12月8日星期二）："), the name (the
  // link), the kind and the rating (between the dots)
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date());
  const name = document.getElementById('daily-link').textContent, at0 = text.indexOf(date), nameAt = text.indexOf(' ' + name, at0) + 1;
  if (at0 < 0 || nameAt < 1) return ['no date ' + date + ' or name ' + name + ' in ' + text];
  const items = [[text.lastIndexOf(' ', at0) + 1, nameAt - 1], [nameAt, nameAt + name.length]];
  // and each dot with the character before it: a line ends in a dot,
  // the next does not start with one
  const dots = [];
  for (let at = nameAt + name.length; (at = text.indexOf(' · ', at)) >= 0; at += 3) {
    const end = text.indexOf(' · ', at + 3);
    items.push([at + 3, end < 0 ? text.length : end]);
    dots.push([at - 1, at + 2]);
  }
  // a character offset of the line's text as a (node, offset) pair
  const walker = () => document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const point = off => {
    const w = walker();
    for (let n; (n = w.nextNode());) { if (off <= n.length) return [n, off]; off -= n.length; }
  };
  const range = ([a, b]) => { const r = document.createRange(); r.setStart(...point(a)); r.setEnd(...point(b)); return r; };
  const lines = it => new Set([...range(it).getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top + q.height / 2))).size;
  // each item's width on one line, from a box wide enough for all
  box.style.width = '4000px';
  const widths = items.map(it => range(it).getBoundingClientRect().width);
  const pad = box.getBoundingClientRect().width - box.clientWidth + parseFloat(getComputedStyle(box).paddingLeft) + parseFloat(getComputedStyle(box).paddingRight);
  // and, at every width from 150 px, even one too narrow for an item,
  // each opening bracket with the character after it: no line ends in
  // one ("今日谜题（" did, the date on the next)
  const opens = [...text.matchAll(/[(（[«“„「]/g)].map(m => [m.index, m.index + 2]);
  const out = [], from = Math.ceil(Math.max(...widths) + pad + 2);
  for (let w = 150; w <= 700; w += 3) {
    box.style.width = w + 'px';
    for (const it of (w < from ? [] : items.concat(dots)).concat(opens)) if (lines(it) > 1) out.push(w + 'px: ' + JSON.stringify(text.slice(it[0], it[1])));
  }
  box.style.width = '';
  return out;
})()`)
	if len(split) > 0 {
		t.Errorf("the daily puzzle's line broke inside an item or after an opening bracket (%d widths), e.g. %s", len(split), split[0])
	}
}

// swplay3OutOfLives: Sudoku r in tab p, played on with no limit after
// running out of lives (3 mistakes), runs out again under a limit of 3;
// the player goes to the list and opens it again. The board is locked
// (Undo off, Ctrl+Z says so and takes nothing back: it took the wrong
// digit out of a board that took no digit in); raising the limit to 5
// in Settings, as the board's message says to, lets the game go on (it
// stayed locked: only Restart or "Keep playing" freed it), and so does a
// limit raised from the list before the board is opened again.
func swplay3OutOfLives(p *playTab, r export.Record) {
	t := p.t
	t.Helper()
	empties := emptyCells(r.Puzzle)
	wrong := func(i int) string { return keyFor(symbolOf(r.Solution[i])%9 + 1) }
	setLives := func(n int) {
		p.click("#settings-btn")
		eval[bool](p, fmt.Sprintf(`(s => { s.value = '%d'; return s.dispatchEvent(new Event('change')); })(document.getElementById('set-lives'))`, n))
		p.click(`#dlg-buttons button`)
		p.waitFor(`!document.getElementById('dlg').open`)
	}
	setLives(3)
	p.click(fmt.Sprintf("#c%d", empties[2]))
	p.keys(wrong(empties[2]))
	p.waitFor(`document.getElementById('dlg').open && document.getElementById('dlg-h').textContent === 'Out of lives'`)
	p.click(`#dlg-buttons button[data-v=list]`)
	p.waitFor(`document.body.dataset.ready === 'list'`)
	p.watchStatus()
	p.play(r.ID)
	if !p.statusShown("Out of lives: restart, or raise the limit in Settings.") {
		t.Errorf("opened again, the board out of lives did not say so")
	}
	if eval[bool](p, `!document.getElementById('undo').disabled`) {
		t.Errorf("Undo is on on the board out of lives")
	}
	p.keys("z", chromedp.ModifierCtrl)
	if got := p.cells()[empties[2]]; got != wrong(empties[2]) {
		t.Errorf("Ctrl+Z on the board out of lives left %q in cell %d, want %s", got, empties[2], wrong(empties[2]))
	}
	setLives(5)
	p.click(fmt.Sprintf("#c%d", empties[3]))
	p.keys(keyFor(symbolOf(r.Solution[empties[3]])))
	if got := p.cells()[empties[3]]; got != r.Solution[empties[3]:empties[3]+1] {
		t.Errorf("with the limit raised to 5 (4 mistakes) an entry gave %q, want %c", got, r.Solution[empties[3]])
	}
	// out of lives again (5 of 5), the limit raised from the list: the
	// board opens free, and says nothing of lives
	p.click(fmt.Sprintf("#c%d", empties[4]))
	p.keys(wrong(empties[4]))
	p.waitFor(`document.getElementById('dlg').open && document.getElementById('dlg-h').textContent === 'Out of lives'`)
	p.click(`#dlg-buttons button[data-v=list]`)
	p.waitFor(`document.body.dataset.ready === 'list'`)
	setLives(10)
	p.watchStatus()
	p.play(r.ID)
	p.click(fmt.Sprintf("#c%d", empties[5]))
	p.keys(keyFor(symbolOf(r.Solution[empties[5]])))
	if got := p.cells()[empties[5]]; got != r.Solution[empties[5]:empties[5]+1] {
		t.Errorf("with the limit raised to 10 from the list (5 mistakes) an entry gave %q, want %c; the status said %q", got, r.Solution[empties[5]], eval[[]string](p, `window.sgStatus`))
	}
}

// swplay3SlideRedoSolves: sliding puzzle r in tab p, saved one move
// from the goal with that move to redo (as a page before the board
// locked saved a solved board undone): Redo brings it to the goal, and
// the board is solved, its dialog shown. It was left at the goal
// unsolved, its clock running and its tiles sliding on.
func swplay3SlideRedoSolves(p *playTab, r export.Record) {
	t := p.t
	t.Helper()
	n := len(r.Solution)
	p.setProgress(r.ID, fmt.Sprintf(`{"m": %q, "f": %q}`, r.Solution[:n-1], r.Solution[n-1:]))
	if m, want := p.text("#mistakes"), fmt.Sprintf("Moves %d · fewest possible %d", n-1, n); m != want {
		t.Fatalf("saved a move from the goal, the counter reads %q, want %q", m, want)
	}
	p.keys("y", chromedp.ModifierCtrl)
	if !eval[bool](p, `document.getElementById('dlg').open`) {
		t.Fatalf("Redo to the goal opened no dialog; the counter reads %q", p.text("#mistakes"))
	}
	p.waitSolved()
	if m, want := p.text("#mistakes"), fmt.Sprintf("Moves %d · fewest possible %d · solved", n, n); m != want {
		t.Errorf("after Redo to the goal the counter reads %q, want %q", m, want)
	}
}

// swplay3SearchHyphen: the list's search finds a name by its kind as the
// name shows it, hyphen and all ("8-puzzle"), though the name joins the
// kind's hyphen with U+2011 so that it never ends a line (tab p shows
// the list of the swslide3 names page).
func swplay3SearchHyphen(p *playTab) {
	t := p.t
	t.Helper()
	got := eval[[]string](p, `(s => {
  s.value = '8-puzzle'; s.dispatchEvent(new Event('input'));
  const ids = [...document.querySelectorAll('#rows tr')].map(r => r.dataset.id).sort();
  s.value = ''; s.dispatchEvent(new Event('input'));
  return ids;
})(document.getElementById('f-id'))`)
	if want := []string{"goal3", "slide3-0000000", "slide3-0000001"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("searching 8-puzzle found %q, want %q", got, want)
	}
}
