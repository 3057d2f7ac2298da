package main

// The swplay3 sweep's checks of the play page, made inside scenarios
// TestPlayPage and TestPlayPageMore already play (no page of their own):
// a solved board stays solved until Restart.

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
