package main

// The play page's board label, what a screen reader announces for the
// board, names the board's kind and size: a Samurai is a 21 by 21 frame,
// a killer or a variant is not a plain "Sudoku 9 by 9". The page's title
// names its kinds as the language writes a title (Russian: the first
// word capitalized only).

import (
	"path/filepath"
	"testing"
)

// playBoardLabel is TestPlayPage's "board label" subtest, on its browser.
func playBoardLabel(t *testing.T, b *playBrowser) {
	corpus := filepath.Join("testdata", "swbook", "kinds.jsonl")
	dir := t.TempDir()
	for _, c := range []struct {
		lang, title string
		labels      map[string]string
	}{
		{"en", "Sudoku, Killer Sudoku 6×6, Killer-X and Sudoku Variants", map[string]string{
			"s9-0000000":              "Sudoku 9 by 9: Easy 1",
			"samurai-9-0000000":       "Samurai 21 by 21: Nightmare 1",
			"x-k9-0000000":            "Killer-X 9 by 9: Hard 1",
			"k6-0000000":              "Killer Sudoku 6 by 6: Medium 1",
			"jigsaw-9-0000000":        "Jigsaw 9 by 9: Nightmare 1",
			"anti-knight+x-9-0000000": "X-Sudoku + Anti-knight 9 by 9: Beyond 1",
		}},
		{"ru", "Судоку, киллер-судоку 6×6, киллер-X и варианты судоку", map[string]string{
			"s9-0000000":        "Судоку 9 на 9: № 1 · Лёгкий",
			"samurai-9-0000000": "Самурай 21 на 21: № 1 · Кошмарный",
			"k6-0000000":        "Киллер-судоку 6 на 6: № 1 · Средний",
		}},
	} {
		page := filepath.Join(dir, c.lang+".html")
		if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", c.lang, "-q", "-o", page); code != 0 {
			t.Fatalf("export --lang %s: %s", c.lang, errOut)
		}
		p := b.tab(t)
		for id, want := range c.labels {
			p.open(page, "#play="+id)
			if got := eval[string](p, `document.getElementById('board').getAttribute('aria-label')`); got != want {
				t.Errorf("%s %s: board labelled %q, want %q", c.lang, id, got, want)
			}
		}
		p.open(page, "")
		if got := eval[string](p, `document.title + " | " + document.getElementById('title').textContent`); got != c.title+" | "+c.title {
			t.Errorf("%s: page titled %q, want %q", c.lang, got, c.title)
		}
		// the tab is handed on when the subtest ends (b.tab)
	}
}
