package main

// The swslide3 sweep's browser tests of the play page: every puzzle of a
// page has a name of its own. One browser for all of them
// (TestPlayPageMore).

import (
	"path/filepath"
	"strings"
	"testing"
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
		"slide3-0000000": "Medium 1 (8-puzzle)",
		"slide3-0000001": "Hard 1 (8-puzzle)",
		"goal3":          "Easy 1 (8-puzzle)",
		"slide4-0000000": "Hard 1 (15-puzzle)",
		"slide4-0000002": "Medium 1 (15-puzzle)",
		"slide4-0000003": "Hard 2",
		"s9-0000000":     "Easy 1 (Sudoku 9×9)",
		"s6-0000000":     "Easy 1 (Sudoku 6×6)",
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
	p.play("s6-0000000")
	if h, title := p.text("#play-h"), eval[string](p, `document.title`); h != want["s6-0000000"] || !strings.HasPrefix(title, h+" · ") {
		t.Errorf("s6-0000000's heading %q, tab title %q, want %q", h, title, want["s6-0000000"])
	}
	if l := eval[string](p, `document.getElementById('board').getAttribute('aria-label')`); l != "Sudoku 6 by 6: Easy 1" {
		t.Errorf("s6-0000000's board labelled %q", l)
	}
}
