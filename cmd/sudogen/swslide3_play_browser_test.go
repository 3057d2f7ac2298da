package main

// The swslide3 sweep's browser tests of the play page: every puzzle of a
// page has a name of its own, and a sliding puzzle at the goal reads as
// solved. One browser for all of them (TestPlayPageMore).

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// swslide3PlayPage runs the sweep's play page tests in b (each subtest a
// tab of its own).
func swslide3PlayPage(t *testing.T, b *playBrowser) {
	corpus := filepath.Join("testdata", "swslide3", "names.jsonl")
	page := filepath.Join(t.TempDir(), "names.html")
	if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", "en", "-q", "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	t.Run("names distinct", func(t *testing.T) { t.Parallel(); swslide3Names(t, b, page) })
	t.Run("names in Japanese", func(t *testing.T) { t.Parallel(); swslide3NamesJa(t, b, corpus) })
	t.Run("goal start solved", func(t *testing.T) { t.Parallel(); swslide3GoalStart(t, b, page) })
	t.Run("solved board says so", func(t *testing.T) { t.Parallel(); swslide3SolvedBoard(t, b, corpus, page) })
	t.Run("print without focus ring", func(t *testing.T) { t.Parallel(); swslide3PrintRing(t, b, page) })
}

// swslide3Names: 8- and 15-puzzles, and Sudoku 9×9 and 6×6, are each
// numbered in their own kind and tier, so "Hard 1", "Medium 1" and
// "Easy 1" fell to several puzzles of one page (the list showed "Hard 1"
// twice). A shared name says its kind; a name no other puzzle has (the
// 15-puzzles' "Hard 2") stays as it was. The puzzle's heading and the
// tab's title give the same name; the board's label, which names the
// kind already, keeps the short one.
func swslide3Names(t *testing.T, b *playBrowser, page string) {
	want := map[string]string{
		"slide3-0000000": "Medium 1 (8\u2011puzzle)", // a non-breaking hyphen: "(8-" never ends a line (swplay3)
		"slide3-0000001": "Hard 1 (8\u2011puzzle)",
		"goal3":          "Easy 1 (8\u2011puzzle)",
		"slide4-0000000": "Hard 1 (15\u2011puzzle)",
		"slide4-0000002": "Medium 1 (15\u2011puzzle)",
		"slide4-0000003": "Hard 2",
		"s9-0000000":     "Easy 1 (Sudoku\u00a09×9)", // the kind's words kept together
		"s6-0000000":     "Easy 1 (Sudoku\u00a06×6)",
	}
	p := b.tab(t)
	p.open(page, "")
	got := eval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#rows tr')].map(r => [r.dataset.id, r.querySelector('a').textContent]))`)
	seen := map[string]string{}
	for id, name := range got {
		if other, ok := seen[name]; ok {
			t.Errorf("%s and %s are both named %q in the list", other, id, name)
		}
		seen[name] = id
		if name != want[id] {
			t.Errorf("%s named %q in the list, want %q", id, name, want[id])
		}
	}
	if len(got) != len(want) {
		t.Errorf("the list shows %d puzzles, want %d: %v", len(got), len(want), got)
	}
	swplay3SearchHyphen(p)
	// on a phone the kind goes under the name: once, not again under a
	// name that says it
	subs := eval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#rows tr')].map(r => [r.dataset.id, (r.querySelector('.sub') || {}).textContent || '']))`)
	for id, name := range want {
		if wantSub := map[bool]string{true: "", false: "15-puzzle"}[strings.Contains(name, "(")]; subs[id] != wantSub {
			t.Errorf("%s (%q) has %q under its name for a phone, want %q", id, name, subs[id], wantSub)
		}
	}
	p.play("s6-0000000")
	if h, title := p.text("#play-h"), eval[string](p, `document.title`); h != want["s6-0000000"] || !strings.HasPrefix(title, h+" · ") {
		t.Errorf("s6-0000000's heading %q, tab title %q, want %q", h, title, want["s6-0000000"])
	}
	if l := eval[string](p, `document.getElementById('board').getAttribute('aria-label')`); l != "Sudoku 6 by 6: Easy 1" {
		t.Errorf("s6-0000000's board labelled %q", l)
	}
}

// swslide3NamesJa: a Japanese name says its kind in full-width brackets,
// without a space, as Japanese writes them: "上級 第1問（8パズル）", not
// "上級 第1問 (8パズル)".
func swslide3NamesJa(t *testing.T, b *playBrowser, corpus string) {
	page := filepath.Join(t.TempDir(), "ja.html")
	if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", "ja", "-q", "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	p := b.tab(t)
	p.open(page, "")
	for id, want := range map[string]string{"slide3-0000001": "上級 第1問（8パズル）", "slide4-0000003": "上級 第2問"} {
		if got := p.text(`#rows tr[data-id="` + id + `"] a`); got != want {
			t.Errorf("%s named %q in Japanese, want %q", id, got, want)
		}
	}
}

// swslide3GoalStart: a record whose board is the goal (length 0; `solve
// --kind slide --format jsonl` writes one for "1 2 3 4 5 6 7 8 0") is
// solved: the list says so, and its screen stops the clock and says it
// under the board and in the move counter. It read "not started", the
// clock ran and the only way to "solve" it was to slide away and back.
func swslide3GoalStart(t *testing.T, b *playBrowser, page string) {
	p := b.tab(t)
	p.open(page, "")
	if st := p.text(`#rows tr[data-id="goal3"] .badge`); st != "solved" {
		t.Errorf("the goal board's status in the list %q, want solved", st)
	}
	if st := p.text(`#rows tr[data-id="slide3-0000000"] .badge`); st != "not started" {
		t.Errorf("another board's status in the list %q, want not started", st)
	}
	p.watchStatus()
	p.play("goal3")
	if m := p.text("#mistakes"); m != "Moves 0 · fewest possible 0 · solved" {
		t.Errorf("the goal board's counter %q", m)
	}
	if !p.statusShown("Solved in 0 moves, 0:00.") {
		t.Errorf("the goal board's status line never said it is solved")
	}
	// a tile slides no more, and the clock stays at 0:00
	p.click(`#board .tile[data-i="7"]`)
	if m := p.text("#mistakes"); !strings.HasPrefix(m, "Moves 0") {
		t.Errorf("a click on the solved board moved a tile: %q", m)
	}
	if !p.statusShown("Solved already: Restart to play again.") {
		t.Errorf("a click on the solved board did not say it is solved")
	}
	eval[bool](p, `new Promise(r => setTimeout(() => r(true), 1100))`)
	if c := p.text("#timer"); c != "0:00" {
		t.Errorf("the goal board's clock reads %s", c)
	}
}

// swslide3SolvedBoard: a board brought to the goal keeps saying it is
// solved once its dialog is closed (the counter: "· solved"), and so
// when it is opened again.
func swslide3SolvedBoard(t *testing.T, b *playBrowser, corpus, page string) {
	src, err := os.ReadFile(corpus)
	if err != nil {
		t.Fatal(err)
	}
	var r export.Record
	if err := json.Unmarshal([]byte(strings.SplitN(string(src), "\n", 2)[0]), &r); err != nil {
		t.Fatal(err)
	}
	p := b.tab(t)
	p.open(page, "#play="+r.ID)
	if m := p.text("#mistakes"); strings.Contains(m, "solved") {
		t.Errorf("the counter says %q before a move", m)
	}
	// the record's solution as clicks: each move's tile is the one the
	// blank moves onto
	blank := slices.Index(r.Tiles, 0)
	var clicks []int
	for _, c := range r.Solution {
		blank += map[rune]int{'U': -r.Size, 'D': r.Size, 'L': -1, 'R': 1}[c]
		clicks = append(clicks, blank)
	}
	js, _ := json.Marshal(clicks)
	eval[bool](p, fmt.Sprintf(`%s.forEach(i => document.querySelector('#board .tile[data-i="' + i + '"]').click()); true`, js))
	p.waitSolved()
	p.click(`#dlg-buttons button[data-v=close]`)
	want := fmt.Sprintf("Moves %d · fewest possible %d · solved", len(r.Solution), len(r.Solution))
	if !p.until(fmt.Sprintf(`document.getElementById('mistakes').textContent === %q`, want)) {
		t.Errorf("the solved board's counter %q, want %q", p.text("#mistakes"), want)
	}
	swplay3SlideLocked(p, want)
	p.play("s9-0000000")
	p.play(r.ID)
	if m := p.text("#mistakes"); m != want {
		t.Errorf("opened again, the solved board's counter %q, want %q", m, want)
	}
	// Restart plays it again: back at the start, not solved
	p.restart()
	if m, start := p.text("#mistakes"), fmt.Sprintf("Moves 0 · fewest possible %d", len(r.Solution)); m != start {
		t.Errorf("after Restart the counter %q, want %q", m, start)
	}
	swplay3SlideRedoSolves(p, r)
}

// swslide3PrintRing: Print prints a sliding puzzle's board without the
// focus ring the screen draws round it (the board has the focus when a
// puzzle opens): a thick orange frame came out on paper round the 12 cm
// board.
func swslide3PrintRing(t *testing.T, b *playBrowser, page string) {
	p := b.tab(t)
	p.open(page, "#play=slide4-0000000")
	if o := eval[string](p, `document.activeElement.id + ' ' + getComputedStyle(document.getElementById('board')).outlineStyle`); o != "board solid" {
		t.Fatalf("on screen the board's focus and outline: %q, want a ring round the focused board", o)
	}
	p.media("print", false)
	if o := eval[string](p, `getComputedStyle(document.getElementById('board')).outlineStyle`); o != "none" {
		t.Errorf("printed, the board's outline is %s, want none", o)
	}
}
