package main

// On a 320 px phone the puzzle list wraps its names and kinds between
// words, never inside one, and does not spill sideways. The page's
// overflow-wrap:anywhere (which keeps a long title from widening a
// phone's page) let the table squeeze the name column under its longest
// word: "Cauchem|ar 1" in French, "Кошмарны|й" in Russian.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// swplay2ListWords writes the list of every tier and kind in each
// language whose words are written with spaces between them and checks,
// on a 320 px phone and in a 320 px desktop window (whose scrollbar
// takes 15 px a phone's overlays), that no word of the list's rows is
// broken and nothing spills over the width.
func swplay2ListWords(t *testing.T, b *playBrowser, kinds string) {
	src, err := os.ReadFile(kinds)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	// the classic puzzle once more in each tier the file lacks, and with
	// no tier: every tier name the list can show
	for _, tier := range []string{"medium", "hard", "expert", "extreme", "fiendish", "nightmare", "beyond", ""} {
		l := strings.Replace(lines[0], `"id":"s9-0000000"`, `"id":"s9-`+tier+`"`, 1)
		if tier == "" {
			l = strings.Replace(l, `"tier":"easy",`, "", 1)
		} else {
			l = strings.Replace(l, `"tier":"easy"`, `"tier":"`+tier+`"`, 1)
		}
		lines = append(lines, l)
	}
	corpus := filepath.Join(t.TempDir(), "tiers.jsonl")
	if err := os.WriteFile(corpus, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "de", "es", "fr", "pt", "ru"} {
		t.Run(lang, func(t *testing.T) {
			page := swplayPage(t, corpus, lang)
			p := b.tab(t)
			for _, vp := range []struct {
				name string
				emu  chromedp.Action[chromedp.Void]
			}{
				{"phone", chromedp.EmulateViewport(320, 800, chromedp.EmulateMobile, chromedp.EmulateScale(2))},
				// a desktop window 320 px wide, less its scrollbar
				{"window", chromedp.EmulateViewport(305, 800)},
			} {
				p.do(vp.emu)
				p.open(page, "")
				split := eval[[]string](p, swplay2BrokenWords)
				if len(split) > 0 {
					t.Errorf("%s, 320 px %s: the list breaks inside %q", lang, vp.name, split)
				}
				if msg := p.noSideways(); msg != "" {
					t.Errorf("%s, 320 px %s: %s", lang, vp.name, msg)
				}
				// a phone's viewport widens to what spills (innerWidth,
				// noSideways's measure): the layout width is the page's
				if right := eval[float64](p, `document.querySelector('.plist').getBoundingClientRect().right - document.documentElement.clientWidth`); right > 1 {
					t.Errorf("%s, 320 px %s: the list spills %.0f px over the page's width", lang, vp.name, right)
				}
				p.shot("list-words-" + lang + "-" + vp.name)
			}
			p.do(noEmulation())
		})
	}
}

// swplay2BrokenWords lists the words of the list's rows (names, kinds)
// that the page draws on more than one line: the page's language's word
// segmenter finds the words, and a word's glyphs on two lines give its
// range client boxes of two tops.
const swplay2BrokenWords = `(() => {
  const seg = new Intl.Segmenter(document.documentElement.lang, {granularity: 'word'}), out = [];
  for (const e of document.querySelectorAll('#rows a, #rows .sub, #rows .kcol')) {
    if (!e.offsetParent || !e.firstChild) continue;
    const n = e.firstChild;
    for (const w of seg.segment(n.data)) {
      if (!w.isWordLike) continue;
      const r = document.createRange();
      r.setStart(n, w.index);
      r.setEnd(n, w.index + w.segment.length);
      const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
      if (tops.size > 1) out.push(w.segment);
    }
  }
  return out;
})()`
