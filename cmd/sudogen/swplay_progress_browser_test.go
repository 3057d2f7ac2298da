package main

// The play page keeps each puzzle's progress apart: two killers with the
// same id and the same solution but other cages (one seed, two tiers:
// `batch --seed 5 --kind killer` and the same with `--tier easy`) are two
// puzzles, and a digit entered in one is not in the other.

import (
	"fmt"
	"path/filepath"
	"testing"
)

// swplayProgressApart plays the first of two such killers on one page
// and checks that the second is still not started, in the list and on
// its board.
func swplayProgressApart(t *testing.T, b *playBrowser) {
	page := swplayPage(t, filepath.Join("testdata", "swplay", "killer-twins.jsonl"), "en")
	p := b.tab(t)
	p.open(page, "#play=k9-0000000")
	// the first puzzle's first cell, its solution's digit: 5
	p.click("#c0")
	p.keys("5")
	p.waitFor(`document.getElementById('c0').textContent === '5'`)
	eval[bool](p, `location.hash = ''; true`)
	p.waitFor(`document.body.dataset.ready === 'list'`)
	badges := eval[[]string](p, `[...document.querySelectorAll('#rows tr .badge')].map(b => b.textContent)`)
	if fmt.Sprint(badges) != "[in progress not started]" {
		t.Errorf("after playing the first killer the list says %q, want [in progress not started]", badges)
	}
	eval[bool](p, `location.hash = '#play=@1'; true`)
	p.waitFor(`document.body.dataset.ready === 'board' && document.getElementById('board').dataset.key !== ''`)
	p.waitFor(`document.querySelectorAll('#board svg.cages .csum').length === 34`)
	if got := p.text("#c0"); got != "" {
		t.Errorf("the second killer (other cages) opens with %q in row 1, column 1: the first one's progress", got)
	}
}

// swplayPage writes the play page of corpus in language lang (no solve
// paths: the tests that use it take no hint) into the test's folder and
// returns its path.
func swplayPage(t *testing.T, corpus, lang string) string {
	t.Helper()
	page := filepath.Join(t.TempDir(), lang+".html")
	if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", lang, "--no-hints", "-q", "-o", page); code != 0 {
		t.Fatalf("export %s --lang %s: %s", corpus, lang, errOut)
	}
	return page
}
