package main

// The list's puzzle names ("Extrême 1", "Hors échelle 1") wrap between
// words on a phone, never inside one: the page's overflow-wrap:anywhere
// let the table shrink the name column under its longest word, and a
// 320 px phone showed "Extrêm" above "e 1" in French.

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSwplayListNamesWhole shows the list of every kind in several
// languages at 320 px and looks for a word of a name, or of the kind
// under it, that the browser laid out on two lines.
func TestSwplayListNamesWhole(t *testing.T) {
	b := startPlayBrowser(t)
	corpus := filepath.Join("testdata", "swbook", "kinds.jsonl")
	dir := t.TempDir()
	for _, l := range []string{"en", "fr", "de", "es", "pt", "ru"} {
		t.Run(l, func(t *testing.T) {
			page := filepath.Join(dir, l+".html")
			if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", l, "--no-hints", "-q", "-o", page); code != 0 {
				t.Fatalf("export --lang %s: %s", l, errOut)
			}
			p := b.tab(t)
			p.do(chromedp.EmulateViewport(320, 700, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
			p.open(page, "")
			split := eval[[]string](p, swplaySplitWordsJS(".plist td a, .plist td .sub"))
			if len(split) > 0 {
				t.Errorf("%s at 320 px: the list breaks inside %q", l, split)
			}
			if msg := p.noSideways(); msg != "" {
				t.Errorf("%s list at 320 px: %s", l, msg)
			}
			p.do(noEmulation())
		})
	}
}

// swplaySplitWordsJS is a script that lists the words (of the scripts
// written with spaces) of the visible elements sel matches that are laid
// out on more than one line.
func swplaySplitWordsJS(sel string) string {
	return fmt.Sprintf(`(() => {
  const out = [];
  for (const e of document.querySelectorAll(%q)) {
    if (!e.offsetParent) continue;
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      for (const m of n.data.matchAll(/[\p{Script=Latin}\p{Script=Cyrillic}\p{N}]+/gu)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top))).size > 1) out.push(m[0]);
      }
    }
  }
  return out;
})()`, sel)
}
