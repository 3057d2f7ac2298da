package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
)

// leadBatchRecord is the first record of a batch run with args, as
// export reads it.
func leadBatchRecord(t *testing.T, args ...string) *export.Record {
	t.Helper()
	out := filepath.Join(t.TempDir(), "b.jsonl")
	if code, _, errOut := runCLI(t, "", append([]string{"batch", "-q", "--progress", "never", "-o", out}, args...)...); code != 0 {
		t.Fatalf("batch %v: %s", args, errOut)
	}
	r := swplay2Record(t, out) // its first record
	return &r
}

// playWindokuImpliedHelp: a Windoku's hints name the five windows
// the four shaded ones imply (windows 5 to 9) and shade their cells, so
// Help tells where they come from, in the page's language; the puzzle's
// screen keeps its one rule line, and a board without implied windows
// (X, a jigsaw Windoku, whose regions imply nothing) gets no such
// sentence (until 2026-12-07 nothing the player read explained them;
// found by the swplay2 sweep).
func playWindokuImpliedHelp(t *testing.T, b *playBrowser) {
	var recs []*export.Record
	for _, v := range []string{"windoku", "x", "jigsaw,windoku"} {
		recs = append(recs, leadBatchRecord(t, "--variant", v, "--count", "1", "--seed", "4", "--no-grade"))
	}
	for _, lang := range []string{"en", "de"} {
		tr := i18n.Get(lang)
		implied := tr.Text("play.implied_windows")
		page := writePlayPage(t, "w-"+lang+".html", recs, export.HTMLOptions{Lang: lang})
		p := b.tab(t)
		for i, r := range recs {
			p.open(page, "#play="+r.ID)
			screen := p.text("#play")
			help := eval[[]string](p, `(() => {
  document.getElementById('help-btn').click();
  const out = [...document.querySelectorAll('#dlg-body #help-puzzle li')].map(e => e.textContent);
  document.querySelector('#dlg-buttons button').click();
  return out;
})()`)
			has := slices.Contains(help, implied)
			if want := i == 0; has != want {
				t.Errorf("%s %s: Help lists %q; the implied windows' sentence wanted: %v", lang, r.ID, help, want)
			}
			if strings.Contains(screen, implied) {
				t.Errorf("%s %s: the puzzle's screen tells the implied windows", lang, r.ID)
			}
		}
		if t.Failed() {
			p.shot(fmt.Sprintf("windoku-help-%s", lang))
		}
	}
}
